"""The mechanical mutation run: every survivor is accounted for, and the ones that
showed a missing case are killed now.

tools/mechanical_mutants.py (millebornes_dev.mechanical) ran cosmic-ray over the classic
engine's modules with the classic suite as the test; conformance/mechanical.json records
the counts and
classifies each mutant that survived (``VERDICTS`` there). Here the record is checked
for completeness, and each survivor whose verdict is a missing case (or a function
outside the protocol) is made again and run against the cases (or tests) said to
kill it, so the record cannot claim a kill that does not happen.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conformance_support import ROOT

from millebornes.core.jsonio import load_json
from millebornes_dev import mechanical

RECORD: dict[str, Any] = load_json(mechanical.RECORD.read_text(encoding="utf-8"))
SURVIVORS: list[dict[str, Any]] = RECORD["survivors"]


def _label(survivor: dict[str, Any]) -> str:
    return f"{Path(survivor['module']).stem}:{survivor['line']}:{survivor['operator']}"


def test_the_record_accounts_for_every_mutant() -> None:
    assert RECORD["format"] == mechanical.RECORD_FORMAT
    assert RECORD["modules"] == list(mechanical.MODULES)
    counts = RECORD["counts"]
    assert "not run" not in counts, "the run did not finish: run it again"
    assert counts["survived"] == len(SURVIVORS)
    assert counts["killed"] > 0 and counts["skipped (annotation)"] > 0
    for survivor in SURVIVORS:
        verdict = survivor.get("verdict")
        assert verdict in mechanical.VERDICTS, f"{_label(survivor)}: not classified"
        if verdict == "equivalent":
            assert survivor.get("reason") in RECORD["reasons"], _label(survivor)
        if verdict == "missing case":
            assert survivor.get("cases"), f"{_label(survivor)}: which cases kill it now?"
        if verdict == "outside the protocol":
            assert survivor.get("tests"), f"{_label(survivor)}: which tests kill it?"


def _run(into: Path, command: list[str]) -> subprocess.CompletedProcess[str]:
    """Run ``command`` from the repository with the copy in ``into`` as the engine."""
    paths = os.pathsep.join(str(into / package) for package in ("reference", "invariants"))
    env = {**os.environ, "PYTHONPATH": paths, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        command, check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def _suite(cases: list[str]) -> list[str]:
    named = [arg for case in cases for arg in ("--case", case)]
    return [sys.executable, str(ROOT / "tools" / "suite_in_process.py"), *named]


KILLABLE = [s for s in SURVIVORS if s.get("verdict") in ("missing case", "outside the protocol")]
ADDED_CASES = sorted({case for s in SURVIVORS for case in s.get("cases", [])})


@pytest.mark.slow
@pytest.mark.parametrize("survivor", KILLABLE, ids=[_label(s) for s in KILLABLE])
def test_each_survivor_that_mattered_is_killed_now(
    survivor: dict[str, Any], tmp_path: Path
) -> None:
    mechanical.mutate(survivor, tmp_path)
    if survivor["verdict"] == "missing case":
        done = _run(tmp_path, _suite(survivor["cases"]))
        # Killed by a case failing, not by the copy failing to run at all.
        assert done.returncode == 1, f"{_label(survivor)} survives: {done.stdout}{done.stderr}"
        assert done.stdout.split(" ")[1].rstrip(":") in survivor["cases"], done.stdout
    else:
        command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"]
        done = _run(tmp_path, command + survivor["tests"])
        assert done.returncode == 1, f"{_label(survivor)} survives: {done.stdout[-2000:]}"
        # A test that fails, or one whose set-up the mutant breaks (a bot refusing a
        # state the mutated engine misjudges); never a copy that cannot even import.
        broken_copy = "ImportError" in done.stdout or "ModuleNotFoundError" in done.stdout
        assert " failed" in done.stdout or (" error" in done.stdout and not broken_copy), (
            done.stdout[-2000:]
        )


@pytest.mark.slow
def test_the_copy_without_a_mutation_passes_the_added_cases(tmp_path: Path) -> None:
    """The control: the replay's copy of the engine, unmutated, passes those cases."""
    module = SURVIVORS[0]["module"]
    first = (ROOT / module).read_text(encoding="utf-8").splitlines()[0]
    mechanical.mutate({"module": module, "line": 1, "diff": [f"-{first}", f"+{first}"]}, tmp_path)
    done = _run(tmp_path, _suite(ADDED_CASES))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(ADDED_CASES)} of {len(ADDED_CASES)} cases pass" in done.stdout


def test_the_mutation_is_made_where_the_record_says(tmp_path: Path) -> None:
    """The replay changes exactly the recorded line (and refuses a line that is gone)."""
    survivor = next(s for s in SURVIVORS if s["verdict"] == "missing case")
    mechanical.mutate(survivor, tmp_path)
    before = (ROOT / survivor["module"]).read_text(encoding="utf-8").splitlines()
    after = (tmp_path / survivor["module"]).read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [(survivor["diff"][0][1:], survivor["diff"][1][1:])]
    gone = {**survivor, "diff": ["-    no such line", "+    pass"]}
    with pytest.raises(ValueError, match="no longer there"):
        mechanical.mutate(gone, tmp_path / "again")
