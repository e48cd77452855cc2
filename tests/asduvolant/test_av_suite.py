"""The As du Volant conformance cases: current on disk, passed by the reference, complete."""

from __future__ import annotations

import json
from functools import cache

import pytest

from millebornes.conformance.asduvolant_suite import (
    FAMILY,
    FOLDER,
    TABLES,
    VIEW_RULES,
    check_case,
)
from millebornes.conformance.canon import default_suite_dir
from millebornes.conformance.family_suites import files
from millebornes.core.spec_index import spec_entries

SUITE = default_suite_dir()


@cache
def generated() -> dict[str, str]:
    return files(FAMILY.edition)


def cases() -> list[dict[str, object]]:
    return [json.loads(text) for path, text in generated().items() if "/cases/" in path]


def test_the_family_suite_on_disk_is_a_regeneration() -> None:
    on_disk = {
        p.relative_to(SUITE).as_posix(): p.read_text(encoding="utf-8")
        for p in (SUITE / FOLDER).rglob("*.json")
    }
    assert on_disk == generated(), "run: python -m millebornes.conformance.family_suites"


@pytest.mark.rules("AV-ACTOR", "BOARD-FILE")
def test_the_reference_passes_every_case_and_a_broken_case_fails() -> None:
    found = cases()
    kinds = {"setup", "shuffle", "step", "legal", "score", "trace"}  # every kind (family_kinds)
    assert {case["kind"] for case in found} == kinds
    assert [case["id"] for case in found if check_case(case)] == []
    boards = {json.dumps(c["input"]["board"]) for c in found if c["kind"] == "trace"}  # type: ignore[index]
    assert len(boards) == 2  # the default board and one read from a file
    trace = next(c for c in found if c["kind"] == "trace")
    wrong = json.loads(json.dumps(trace))
    wrong["expected"]["points"] = [1, 2, 3]
    wrong["expected"]["final_state"]["stuck"] = 99
    assert check_case(wrong) == ["final state differs", "points differ"]


def test_every_family_statement_has_a_case_and_every_table_row_a_rejection() -> None:
    found = cases()
    covered = {rule for case in found for rule in case["rules"]}  # type: ignore[attr-defined]
    rejected = {rule for case in found for rule in case.get("rejects", [])}  # type: ignore[attr-defined]
    family = [e.id for e in spec_entries() if e.file.startswith("families/as-du-volant/")]
    assert [rule for rule in family if rule not in covered | VIEW_RULES] == []
    assert set(family) >= VIEW_RULES  # each exemption names a statement of the family
    rows = {rule for _, table in TABLES for rule, _ in table}
    assert sorted(rows - rejected) == []
