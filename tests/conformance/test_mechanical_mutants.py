"""The mechanical mutation runs: every survivor is accounted for, and the ones that
showed a missing case are killed now.

tools/mechanical_mutants.py (millebornes_dev.mechanical) ran cosmic-ray over each
family's engine modules with that family's suite as the test; conformance/mechanical.json
(the classic family) and conformance/mechanical-<family>.json record the counts and
classify each mutant that survived (``VERDICTS`` there). Here each record is checked
for completeness, and each survivor whose verdict is a missing case (or a function
outside the protocol) is made again and run against the cases (or tests) said to
kill it, so a record cannot claim a kill that does not happen.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conformance_support import ROOT

from millebornes.core.jsonio import load_json
from millebornes_dev import mechanical

RECORDS: dict[str, dict[str, Any]] = {
    family: load_json(mechanical.record_path(family).read_text(encoding="utf-8"))
    for family in mechanical.MODULES
    if mechanical.record_path(family).is_file()
}
"""Each family's record, by family (a family whose run has not been made has none)."""
SURVIVORS: list[tuple[str, dict[str, Any]]] = [
    (family, survivor) for family, record in RECORDS.items() for survivor in record["survivors"]
]


def _label(family: str, survivor: dict[str, Any]) -> str:
    place = f"{Path(survivor['module']).stem}:{survivor['line']}:{survivor['operator']}"
    return f"{family}:{place}"


def test_every_family_s_run_is_recorded() -> None:
    assert set(RECORDS) == set(mechanical.MODULES)


@pytest.mark.parametrize("family", sorted(RECORDS))
def test_the_record_accounts_for_every_mutant(family: str) -> None:
    record = RECORDS[family]
    assert record["format"] == mechanical.RECORD_FORMAT
    assert record["modules"] == list(mechanical.MODULES[family])
    counts = record["counts"]
    assert "not run" not in counts, "the run did not finish: run it again"
    assert counts["survived"] == len(record["survivors"])
    assert counts["killed"] > 0 and counts["skipped (annotation)"] > 0
    for survivor in record["survivors"]:
        label = _label(family, survivor)
        verdict = survivor.get("verdict")
        assert verdict in mechanical.VERDICTS, f"{label}: not classified"
        if verdict == "equivalent":
            assert survivor.get("reason") in record["reasons"], label
        if verdict == "missing case":
            assert survivor.get("cases"), f"{label}: which cases kill it now?"
        if verdict == "outside the protocol":
            assert survivor.get("tests"), f"{label}: which tests kill it?"


REPLAY_SECONDS = 10.0
"""Time for a replay of the few cases that kill a survivor: they run in under 2 s (1.5 to
1.8 s with a process start, on a busy 2-core machine), so a mutant still running after
this loops on them (killed, as by the run's own time limit). Two survivors do loop, and
each spends all of it."""


def _run(into: Path, command: list[str], timeout: float = 600) -> subprocess.CompletedProcess[str]:
    """Run ``command`` from the repository with the copy in ``into`` as the engine."""
    packages = [into / "reference", into / "invariants", ROOT / "devtools"]  # devtools unmutated
    paths = os.pathsep.join(str(package) for package in packages)
    env = {**os.environ, "PYTHONPATH": paths, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run(
        command, check=False, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout
    )


def _suite(family: str, cases: list[str]) -> list[str]:
    named = [arg for case in cases for arg in ("--case", case)]
    command = [sys.executable, str(ROOT / "tools" / "suite_in_process.py")]
    return [*command, "--family", family, *named]


KILLABLE = [
    (family, survivor)
    for family, survivor in SURVIVORS
    if survivor.get("verdict") in ("missing case", "outside the protocol")
]
ADDED_CASES = {
    family: sorted({case for s in record["survivors"] for case in s.get("cases", [])})
    for family, record in RECORDS.items()
}
"""Each family's cases added for its missing-case survivors."""


@pytest.mark.slow
@pytest.mark.parametrize(("family", "survivor"), KILLABLE, ids=[_label(*s) for s in KILLABLE])
def test_each_survivor_that_mattered_is_killed_now(
    family: str, survivor: dict[str, Any], tmp_path: Path
) -> None:
    label = _label(family, survivor)
    # A record is a run at one commit: once the engine's code has moved on (a line gone or
    # moved), its survivors say nothing about today's code, and the run must be made again.
    removed = next(line[1:] for line in survivor["diff"] if line.startswith("-"))
    lines = (ROOT / survivor["module"]).read_text(encoding="utf-8").split("\n")
    if survivor["line"] > len(lines) or lines[survivor["line"] - 1].rstrip() != removed:
        pytest.skip(
            f"{label}: the module changed since the recorded run at"
            f" {RECORDS[family]['commit'][:10]}; run it again:"
            f" python tools/mechanical_mutants.py run --family {family}"
        )
    mechanical.mutate(survivor, tmp_path)
    if survivor["verdict"] == "missing case":
        try:
            done = _run(tmp_path, _suite(family, survivor["cases"]), REPLAY_SECONDS)
        except subprocess.TimeoutExpired:
            # A mutant that loops on the cases is killed, as in the run itself (a case that
            # runs past its time limit fails, PROTO-VERDICTS); the control test below runs
            # the same cases on the copy without a mutation, which must pass them.
            return
        # Killed by a case failing, not by the copy failing to run at all.
        assert done.returncode == 1, f"{label} survives: {done.stdout}{done.stderr}"
        assert done.stdout.split(" ")[1].rstrip(":") in survivor["cases"], done.stdout
    else:
        command = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider"]
        done = _run(tmp_path, command + survivor["tests"])
        assert done.returncode == 1, f"{label} survives: {done.stdout[-2000:]}"
        # A test that fails, or one whose set-up the mutant breaks (a bot refusing a
        # state the mutated engine misjudges); never a copy that cannot even import.
        broken_copy = "ImportError" in done.stdout or "ModuleNotFoundError" in done.stdout
        assert " failed" in done.stdout or (" error" in done.stdout and not broken_copy), (
            done.stdout[-2000:]
        )


@pytest.mark.slow
@pytest.mark.parametrize("family", sorted(f for f, cases in ADDED_CASES.items() if cases))
def test_the_copy_without_a_mutation_passes_the_added_cases(family: str, tmp_path: Path) -> None:
    """The control: the replay's copy of the engine, unmutated, passes those cases."""
    module = mechanical.MODULES[family][0]
    first = (ROOT / module).read_text(encoding="utf-8").splitlines()[0]
    mechanical.mutate({"module": module, "line": 1, "diff": [f"-{first}", f"+{first}"]}, tmp_path)
    added = ADDED_CASES[family]
    done = _run(tmp_path, _suite(family, added))
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"{len(added)} of {len(added)} cases pass" in done.stdout


def test_the_mutation_is_made_where_the_record_says(tmp_path: Path) -> None:
    """The replay changes exactly the recorded line (and refuses a line that is gone)."""
    survivor = next(s for _, s in SURVIVORS if s["verdict"] == "missing case")
    mechanical.mutate(survivor, tmp_path)
    before = (ROOT / survivor["module"]).read_text(encoding="utf-8").splitlines()
    after = (tmp_path / survivor["module"]).read_text(encoding="utf-8").splitlines()
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert changed == [(survivor["diff"][0][1:], survivor["diff"][1][1:])]
    gone = {**survivor, "diff": ["-    no such line", "+    pass"]}
    with pytest.raises(ValueError, match="no longer there"):
        mechanical.mutate(gone, tmp_path / "again")


def test_relocate_follows_a_moved_line_and_leaves_a_rewritten_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``relocate`` gives a survivor the number of its unchanged line, only inside the
    function the record names, and leaves a rewritten line's survivor to a new run."""
    module = "engine.py"
    (tmp_path / module).write_text(
        "def other():\n    x = a + b\n\n\ndef f():\n    pass\n    x = a + b\n    y = c\n",
        encoding="utf-8",
    )
    (tmp_path / "conformance").mkdir()
    survivors = [
        {
            "module": module,
            "line": 2,
            "function": "f",
            "diff": ["-    x = a + b", "+    x = a - b"],
        },
        {"module": module, "line": 3, "function": "f", "diff": ["-    y = d", "+    y = -d"]},
    ]
    record = {"format": mechanical.RECORD_FORMAT, "survivors": survivors}
    path = tmp_path / "conformance" / "mechanical.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    subprocess.run(["git", "init", "-q"], cwd=tmp_path, check=True)
    subprocess.run(
        [
            "git",
            "-c",
            "user.name=t",
            "-c",
            "user.email=t@t",
            "commit",
            "-q",
            "--allow-empty",
            "-m",
            "t",
        ],
        cwd=tmp_path,
        check=True,
    )
    monkeypatch.setattr(mechanical, "ROOT", tmp_path)
    assert mechanical.relocate(mechanical.CLASSIC) == 0
    after = json.loads(path.read_text(encoding="utf-8"))
    # line 2 holds the same text, but in other(): the survivor's is line 7, in f()
    assert [s["line"] for s in after["survivors"]] == [7, 3]
    assert after["relocated"]["moved"] == 1 and after["relocated"]["gone"] == 1
