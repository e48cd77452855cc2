"""The suite's strength: every mutant of the reference engine fails some case.

tools/conformance_strength.py runs the whole suite against every mutant and
records, in conformance/strength.json, the cases that killed each one. Here each
mutant is run again on those cases only, so the record cannot go stale unnoticed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from types import ModuleType

import pytest
from conformance_support import ROOT, SUITE, on_disk, run

from millebornes.conformance.runner import Filters


def _tool(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, ROOT / "tools" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def strength() -> dict[str, dict[str, object]]:
    data = json.loads((SUITE / "strength.json").read_text(encoding="utf-8"))
    return {row["name"]: row for row in data["mutants"]}


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
