"""The Fun & Speed conformance cases: current on disk, passed by the reference, complete."""

from __future__ import annotations

import json
from functools import cache

import pytest

from millebornes.conformance.canon import default_suite_dir
from millebornes.conformance.family_suites import files
from millebornes.conformance.funspeed_suite import EDITION, FOLDER, TABLES, check_case
from millebornes.core.spec_index import spec_entries

SUITE = default_suite_dir()


@cache
def generated() -> dict[str, str]:
    return files(EDITION)


def cases() -> list[dict[str, object]]:
    return [json.loads(text) for path, text in generated().items() if "/cases/" in path]


def test_the_family_suite_on_disk_is_a_regeneration() -> None:
    on_disk = {
        p.relative_to(SUITE).as_posix(): p.read_text(encoding="utf-8")
        for p in (SUITE / FOLDER).rglob("*.json")
    }
    assert on_disk == generated(), "run: python -m millebornes.conformance.family_suites"


@pytest.mark.rules("RUL-FS-WINDOWS", "FS-ACTOR")
def test_the_reference_passes_every_case_and_a_broken_case_fails() -> None:
    found = cases()
    kinds = {"setup", "shuffle", "step", "legal", "trace"}  # all but score (family_kinds)
    assert {case["kind"] for case in found} == kinds
    assert [case["id"] for case in found if check_case(case)] == []
    step = next(c for c in found if c["kind"] == "step" and "rejects" not in c)
    wrong = json.loads(json.dumps(step))
    wrong["expected"]["state"]["turn"] = 1 - wrong["expected"]["state"]["turn"] % 2
    assert check_case(wrong) == ["next state differs"]


def test_every_family_statement_has_a_case_and_every_table_row_a_rejection() -> None:
    found = cases()
    covered = {rule for case in found for rule in case["rules"]}  # type: ignore[attr-defined]
    rejected = {rule for case in found for rule in case.get("rejects", [])}  # type: ignore[attr-defined]
    family = [e.id for e in spec_entries() if e.file.startswith("families/fun-speed/")]
    assert [rule for rule in family if rule not in covered] == []
    rows = {rule for _, table in TABLES for rule, _ in table}
    assert sorted(rows - rejected) == []
