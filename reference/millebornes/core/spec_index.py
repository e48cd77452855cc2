"""The catalogue of rule, ruling and assumption IDs, read from the spec's Markdown.

Every normative statement of ``spec/`` is a MyST directive block::

    ```{rule} DIST-MAX-200
    :source: 000 §EXPLICATION DE CHAQUE CARTE ...
    A team may lay at most two 200 km cards in one round.
    ```

This module finds those blocks so that tests, the conformance coverage report
and the docs can all ask which IDs exist, what kind each is and where it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from millebornes._spec import spec_dir

KINDS = ("rule", "ruling", "assumption", "invariant", "fact")
_OPENING = re.compile(r"^```\{(" + "|".join(KINDS) + r")\}\s+([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+)\s*$")
_OPTION = re.compile(r"^:([a-z_]+):\s*(.*)$")
ID_PATTERN = re.compile(r"\b[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)+\b")
"""What a rule ID looks like: upper case words joined by hyphens, no dots."""


@dataclass(frozen=True, slots=True)
class SpecEntry:
    id: str
    kind: str
    file: str
    line: int
    options: tuple[tuple[str, str], ...]
    text: str

    def option(self, name: str) -> str | None:
        return dict(self.options).get(name)


def _entries_in(relative: str, lines: list[str]) -> list[SpecEntry]:
    entries = []
    i = 0
    while i < len(lines):
        opening = _OPENING.match(lines[i])
        if not opening:
            i += 1
            continue
        start = i
        i += 1
        options = []
        while i < len(lines) and (option := _OPTION.match(lines[i])):
            options.append((option.group(1), option.group(2).strip()))
            i += 1
        body = []
        while i < len(lines) and lines[i].strip() != "```":
            body.append(lines[i])
            i += 1
        entries.append(
            SpecEntry(
                id=opening.group(2),
                kind=opening.group(1),
                file=relative,
                line=start + 1,
                options=tuple(options),
                text="\n".join(body).strip(),
            )
        )
        i += 1
    return entries


@cache
def spec_entries() -> tuple[SpecEntry, ...]:
    """Every directive block of every Markdown file under spec/, in file then line order."""
    root = spec_dir()
    entries: list[SpecEntry] = []
    for path in sorted(root.rglob("*.md")):
        relative = path.relative_to(root).as_posix()
        entries += _entries_in(relative, path.read_text(encoding="utf-8").splitlines())
    return tuple(entries)


def spec_ids() -> frozenset[str]:
    return frozenset(entry.id for entry in spec_entries())


def id_prefixes() -> frozenset[str]:
    """The first words of the known IDs: a citation starting with one must be a known ID."""
    return frozenset(entry.id.split("-", 1)[0] for entry in spec_entries())
