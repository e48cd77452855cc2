"""tools/test.sh: `--quick` is a smaller subset, and CI still runs the whole suite;
tools/simulate_throughput.py runs and checks its Dask runs against the local one."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TEST_SH = (ROOT / "tools" / "test.sh").read_text(encoding="utf-8")


def test_ci_runs_the_whole_suite() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "tools/test.sh" in ci and "--quick" not in ci


def test_the_quick_subset_leaves_out_only_paths_that_exist() -> None:
    left_out = re.findall(r"--ignore=(\S+)", TEST_SH)
    assert left_out, "tools/test.sh --quick ignores nothing"
    for path in left_out:
        assert (ROOT / path).exists(), f"tools/test.sh --quick ignores {path}, which is gone"


@pytest.mark.slow
def test_quick_collects_the_rule_tests_and_not_the_site() -> None:
    done = subprocess.run(
        ["bash", "tools/test.sh", "--quick", "--collect-only", "-q"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    collected = [line for line in done.stdout.splitlines() if "::" in line]
    assert any(line.startswith("tests/rules/") for line in collected)
    assert not any(line.startswith(("tests/docs/", "tests/conformance/")) for line in collected)
    assert not any("test_dask_gives_the_local_result" in line for line in collected)


@pytest.mark.slow
def test_the_throughput_script_runs() -> None:
    done = subprocess.run(
        [sys.executable, "tools/simulate_throughput.py", "--rounds", "4", "--workers", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("no Dask: 4 rounds in ")
    assert lines[1].startswith("1 worker process(es): 4 rounds in ") and "worker CPU" in lines[1]
