"""Read the language-neutral data of ``spec/`` for the docs, tolerating fields not yet known.

The site's tables are generated from these files and never typed by hand. The
engine's loader (:mod:`millebornes.families.classic.edition`) validates the fields it models;
this module reads the raw JSON instead, so that a field added to an edition file
today shows up on the site before any code knows what it means.
"""

from __future__ import annotations

import inspect
import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from millebornes.families import classic

ROOT = Path(__file__).resolve().parents[3]
"""The repository: docs/_ext/millebornes_docs/ is three folders below it."""
SPEC = ROOT / "spec"

META_FIELDS = ("$comment", "id", "title", "source")
"""Edition fields that describe the file rather than the game."""


def read_json(path: Path) -> Any:
    with path.open(encoding="utf-8") as handle:
        return json.load(handle)


def card_kinds() -> list[dict[str, Any]]:
    """The kinds of ``spec/cards.json``, in their canonical order."""
    kinds: list[dict[str, Any]] = read_json(SPEC / "cards.json")["kinds"]
    return kinds


@dataclass(frozen=True)
class EditionData:
    """One edition file, raw: ``data`` holds every field, known to the docs or not."""

    id: str
    path: Path
    data: dict[str, Any]

    @property
    def title(self) -> str:
        return str(self.data.get("title", self.id))


def default_edition() -> str:
    """The edition the engine plays when none is named (``new_match``'s default)."""
    default = inspect.signature(classic.new_match).parameters["edition"].default
    return str(default)


def editions() -> list[EditionData]:
    """Every edition file the engine lists, the engine's default edition first.

    Nothing here names an edition: a new file in ``spec/editions/`` appears in
    every table on the next build.
    """
    first = default_edition()
    ids = sorted(classic.edition_ids(), key=lambda e: (e != first, e))
    return [
        EditionData(e, SPEC / "editions" / f"{e}.json", read_json(SPEC / "editions" / f"{e}.json"))
        for e in ids
    ]


def edition_files() -> list[Path]:
    return [edition.path for edition in editions()]


@dataclass(frozen=True)
class Switch:
    """A named rule switch of ``spec/switches.json``."""

    id: str
    description: str
    rules: tuple[str, ...]
    default: Any


def switches() -> list[Switch]:
    """The rule switches the specification defines, in file order ([] before any exists)."""
    path = SPEC / "switches.json"
    if not path.is_file():
        return []
    raw = read_json(path)
    items = raw.get("switches", []) if isinstance(raw, dict) else raw
    return [
        Switch(
            id=str(item["id"]),
            description=str(item.get("description", "")),
            rules=tuple(str(rule) for rule in item.get("rules", ())),
            default=item.get("default"),
        )
        for item in items
    ]


def data_files() -> list[Path]:
    """Every file a generated table may read: a page that shows one depends on all of them."""
    files = [SPEC / "cards.json", SPEC / "cards.md", *edition_files()]
    if (SPEC / "switches.json").is_file():
        files.append(SPEC / "switches.json")
    return files


# --- field documentation, read from spec/cards.md ---------------------------------

_ROW = re.compile(r"^\|(.+)\|\s*$")
_FIELD = re.compile(r"^`([^`]+)`$")
_TICKED = re.compile(r"`([^`]+)`")


@dataclass(frozen=True)
class FieldDoc:
    """One row of a field table in ``spec/cards.md``: what a data field means."""

    meaning: str
    rules: tuple[str, ...]


def field_docs() -> dict[str, dict[str, FieldDoc]]:
    """The field tables of ``spec/cards.md``, by the heading above each table.

    ``cards.md`` is where the meaning of each data field is written once; the
    generated tables quote it rather than restate it. The heading key is the
    heading text without backticks (``"scoring"``, ``"options"``,
    ``"editions/classic.json"``). A table whose first column is not a
    backticked field name is skipped, and a field with no row gets no
    explanation: the docs never fail because this prose moved.
    """
    tables: dict[str, dict[str, FieldDoc]] = {}
    heading = ""
    header: list[str] | None = None
    for line in (SPEC / "cards.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip().replace("`", "")
            header = None
            continue
        row = _ROW.match(line)
        if not row:
            header = None
            continue
        cells = [cell.strip() for cell in row.group(1).split("|")]
        if header is None:
            header = [cell.lower() for cell in cells]
            continue
        field = _FIELD.match(cells[0])
        if not field:
            continue  # the |---| separator, or a row that documents no field
        named = dict(zip(header, cells, strict=False))
        rule_cell = named.get("rules", named.get("rule", ""))
        tables.setdefault(heading, {})[field.group(1)] = FieldDoc(
            meaning=named.get("meaning", ""),
            rules=tuple(_TICKED.findall(rule_cell)),
        )
    return tables


def field_doc(table_hint: str, field: str) -> FieldDoc | None:
    """The documentation of ``field`` from the first ``cards.md`` table whose heading
    contains ``table_hint`` (``"scoring"``, ``"editions/"``)."""
    for heading, fields in field_docs().items():
        if table_hint in heading and field in fields:
            return fields[field]
    return None
