"""The verdict tables of spec/facts.md: computed, read back, and written.

A fact's table has one row per edition and group of seat counts with the same
figures. :func:`computed_rows` asks z3; :func:`stated_rows` reads the table in the
spec; the tests require them to be equal, and ``tools/prove.py --update-spec``
writes the computed rows into the spec.
"""

from __future__ import annotations

import re
from pathlib import Path

from millebornes._spec import spec_dir
from millebornes.core.spec_index import spec_entries
from millebornes_invariants.configurations import CONFIGURATIONS
from millebornes_invariants.z3model.facts import FACTS, FactResult, compute
from millebornes_invariants.z3model.setting import setting

Row = tuple[str, ...]
FACTS_FILE = "facts.md"


def results(fact_id: str) -> list[FactResult]:
    """The fact for every configuration, in configuration order."""
    return [compute(fact_id, setting(*configuration)) for configuration in CONFIGURATIONS]


def computed_rows(fact_id: str) -> list[Row]:
    """(edition, seat counts, figures...) with the seat counts of equal figures grouped."""
    groups: dict[tuple[str, tuple[str, ...]], list[int]] = {}
    for result in results(fact_id):
        figures = tuple(str(value) for _, value in result.figures)
        seats = groups.setdefault((result.setting.edition, figures), [])
        if result.setting.players not in seats:
            seats.append(result.setting.players)
    return [
        (edition, ", ".join(str(n) for n in sorted(seats)), *figures)
        for (edition, figures), seats in groups.items()
    ]


def header(fact_id: str) -> Row:
    first = results(fact_id)[0]
    return ("edition", "seats", *(name for name, _ in first.figures))


def render(fact_id: str) -> list[str]:
    rows = [header(fact_id), tuple("---" for _ in header(fact_id)), *computed_rows(fact_id)]
    return ["| " + " | ".join(row) + " |" for row in rows]


def _table_lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("|")]


def _cells(line: str) -> Row:
    return tuple(cell.strip() for cell in line.strip().strip("|").split("|"))


def stated_rows(fact_id: str) -> list[Row]:
    """The rows of the fact's verdict table in spec/facts.md (header and rule excluded)."""
    entry = next(e for e in spec_entries() if e.id == fact_id)
    lines = _table_lines(entry.text)
    return [_cells(line) for line in lines[2:]]


def stated_header(fact_id: str) -> Row:
    entry = next(e for e in spec_entries() if e.id == fact_id)
    lines = _table_lines(entry.text)
    return _cells(lines[0]) if lines else ()


def update_spec() -> Path:
    """Write every fact's computed table into spec/facts.md, in place of the stated one."""
    path = spec_dir() / FACTS_FILE
    text = path.read_text(encoding="utf-8")
    for fact in FACTS:
        pattern = re.compile(
            r"(```\{fact\} " + re.escape(fact.id) + r"\n(?:(?!```).*\n)*?)((?:\|.*\|\n)+)",
        )
        table = "\n".join(render(fact.id)) + "\n"

        def with_table(match: re.Match[str], table: str = table) -> str:
            return match.group(1) + table

        text, found = pattern.subn(with_table, text)
        if not found:
            raise ValueError(f"{FACTS_FILE} has no table for {fact.id}")
    path.write_text(text, encoding="utf-8")
    return path
