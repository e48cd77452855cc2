"""The suite's strength: every mutant of the reference engine fails some case.

tools/conformance_strength.py runs the whole suite against every mutant and
records, in conformance/strength.json, the cases that killed each one: the classic
suite's mutants at the top level, each rule family's (Fun & Speed) under
``families``. Here each mutant is run again on those cases only, so the record
cannot go stale unnoticed; a family's killers must also pass unmutated.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType
from typing import Any

import pytest
from conformance_support import ROOT, SUITE, on_disk, run

from millebornes.conformance.funspeed_suite import TABLES
from millebornes.conformance.runner import Filters


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SUITE / "strength.json").read_text(encoding="utf-8"))
    assert data["format"] == "millebornes-conformance-strength/2"
    return data


@pytest.fixture(scope="module")
def strength() -> dict[str, dict[str, object]]:
    return {row["name"]: row for row in _record()["mutants"]}


@pytest.fixture(scope="module")
def families() -> dict[str, Any]:
    """The measurable families (tools/conformance_strength.py's FAMILIES), by edition."""
    return dict(_tool("conformance_strength").FAMILIES)


def test_every_mutant_is_measured_and_killed(
    strength: dict[str, dict[str, object]],
) -> None:
    names = [mutant.name for mutant in _tool("serve_mutant").ALL_MUTANTS]
    assert len(names) >= 12
    assert sorted(strength) == sorted(names), "rerun tools/conformance_strength.py"
    known = {entry["id"] for entry in on_disk().entries}
    for name, row in strength.items():
        assert row["killed"] is True, name
        # Some failing case claims a rule the mutant breaks: the cases' rule IDs are honest.
        assert isinstance(row["failing_cases_covering_the_rule"], int), name
        assert row["failing_cases_covering_the_rule"] > 0, name
        killers = row["killers"]
        assert isinstance(killers, list) and killers, name
        assert set(killers) <= known, f"{name}: rerun tools/conformance_strength.py"


def test_every_mutant_fails_the_cases_that_killed_it(
    strength: dict[str, dict[str, object]],
) -> None:
    serve_mutant = ROOT / "tools" / "serve_mutant.py"

    def verdicts(name: str) -> tuple[str, set[str]]:
        killers = strength[name]["killers"]
        assert isinstance(killers, list)
        command = [sys.executable, str(serve_mutant), name]
        report = run(command, on_disk(), Filters(cases=tuple(killers)))
        return name, {result.outcome for result in report.results}

    with ThreadPoolExecutor(max_workers=2) as pool:
        found = dict(pool.map(verdicts, sorted(strength)))
    survivors = [name for name, seen in found.items() if seen <= {"pass", "skipped"}]
    assert survivors == []
    errored = [name for name, seen in found.items() if seen == {"errored"}]
    assert errored == [], "these mutants did not even start: is the mutant still valid?"


def test_every_family_mutant_is_measured_and_killed(families: dict[str, Any]) -> None:
    recorded = _record()["families"]
    assert sorted(recorded) == sorted(families), "rerun tools/conformance_strength.py"
    for edition, family in families.items():
        rows = {row["name"]: row for row in recorded[edition]["mutants"]}
        assert sorted(rows) == sorted(m.name for m in family.mutants), edition
        assert len(rows) >= 30, edition
        known = {case["id"] for case in _tool("family_mutants").load_cases(family, SUITE)}
        for name, row in rows.items():
            assert row["killed"] is True, name
            assert row["failing_cases_covering_the_rule"] > 0, name
            assert row["killers"] and set(row["killers"]) <= known, name


def test_every_family_mutant_fails_its_killers_which_pass_unmutated(
    families: dict[str, Any],
) -> None:
    family_mutants = _tool("family_mutants")
    recorded = _record()["families"]
    for edition, family in families.items():
        by_id = {case["id"]: case for case in family_mutants.load_cases(family, SUITE)}
        rows = {row["name"]: row for row in recorded[edition]["mutants"]}
        for mutant in family.mutants:
            cases = [by_id[case_id] for case_id in rows[mutant.name]["killers"]]
            assert [family_mutants.outcome(family, c) for c in cases] == ["pass"] * len(cases)
            verdicts = family_mutants.judge(family, mutant, cases)
            assert "pass" not in verdicts.values(), f"{mutant.name} survives its killers"
        # the mutants were undone: every case passes again
        assert {family_mutants.outcome(family, c) for c in by_id.values()} == {"pass"}


def test_every_fun_speed_table_row_is_broken_by_a_mutant(families: dict[str, Any]) -> None:
    rows = {rule for _, table in TABLES for rule, _ in table}
    broken = {rule for mutant in families["fun-speed"].mutants for rule in mutant.breaks}
    assert sorted(rows - broken) == []
