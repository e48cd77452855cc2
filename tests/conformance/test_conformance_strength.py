"""The suite's strength: every mutant of the reference engine fails some case.

tools/conformance_strength.py runs the whole suite against every mutant (a family object
with a table row or a transition replaced, devtools/millebornes_dev) and records, in
conformance/strength.json, the cases that killed each one: the classic suite's mutants at
the top level, each rule family's under ``families``. Here each mutant is run again on
those cases only, so the record cannot go stale unnoticed; a family's killers must also
pass on the family's own object.
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from conformance_support import ROOT, SUITE, on_disk, run

from millebornes.conformance.runner import Filters
from millebornes_dev.classic import MUTANTS as CLASSIC_MUTANTS
from millebornes_dev.harness import rule_ids
from millebornes_dev.judging import judge, load_cases, outcome
from millebornes_dev.strength import FAMILIES, STRENGTH_FORMAT, MeasuredFamily


def _record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((SUITE / "strength.json").read_text(encoding="utf-8"))
    assert data["format"] == STRENGTH_FORMAT
    return data


@pytest.fixture(scope="module")
def strength() -> dict[str, dict[str, object]]:
    return {row["name"]: row for row in _record()["mutants"]}


def test_every_mutant_is_measured_and_killed(
    strength: dict[str, dict[str, object]],
) -> None:
    names = [mutant.name for mutant in CLASSIC_MUTANTS]
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


def test_every_family_mutant_is_measured_and_killed() -> None:
    recorded = _record()["families"]
    assert sorted(recorded) == sorted(FAMILIES), "rerun tools/conformance_strength.py"
    for edition, family in FAMILIES.items():
        rows = {row["name"]: row for row in recorded[edition]["mutants"]}
        assert sorted(rows) == sorted(m.name for m in family.mutants), edition
        assert len(rows) >= 30, edition
        known = {case["id"] for case in load_cases(family.suite, SUITE)}
        for name, row in rows.items():
            assert row["killed"] is True, name
            assert row["failing_cases_covering_the_rule"] > 0, name
            assert row["killers"] and set(row["killers"]) <= known, name


@pytest.mark.parametrize("edition", sorted(FAMILIES))
def test_every_family_mutant_fails_its_killers_which_pass_unmutated(edition: str) -> None:
    family: MeasuredFamily = FAMILIES[edition]
    reference = family.suite.reference
    by_id = {case["id"]: case for case in load_cases(family.suite, SUITE)}
    rows = {row["name"]: row for row in _record()["families"][edition]["mutants"]}
    for mutant in family.mutants:
        cases = [by_id[case_id] for case_id in rows[mutant.name]["killers"]]
        assert [outcome(reference, c) for c in cases] == ["pass"] * len(cases)
        verdicts = judge(mutant.of(reference), cases)
        assert "pass" not in verdicts.values(), f"{mutant.name} survives its killers"


@pytest.mark.parametrize("edition", sorted(FAMILIES))
def test_every_table_row_of_a_family_is_broken_by_a_mutant(edition: str) -> None:
    family = FAMILIES[edition]
    rows = set(rule_ids(family.suite.reference))
    broken = {rule for mutant in family.mutants for rule in mutant.breaks}
    assert sorted(rows - broken) == []
