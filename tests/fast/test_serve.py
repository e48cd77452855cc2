"""The whole conformance suite through the fast engine's protocol server.

``python -m millebornes.fast.serve`` answers ``legal`` and ``apply`` with the fast
engine, stepping one state in place along each case, so the suite's cases (rulings
and corner positions that random walks seldom reach, such as a coup-fourré called on
an empty draw pile) are a differential test of it against the reference's expected
states. ``tests/fast/test_compiled.py`` runs the same suite through the compiled build.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "conformance"


def suite_through(engine: str) -> None:
    """Run the whole classic suite against ``engine`` (a shell command); every case must
    pass. The fast engine plays the classic family only (its server does not advertise
    ``family:*``), so the rule families' suites are left out rather than counted skipped."""
    command = [sys.executable, "-m", "millebornes.apps.cli", "conformance", "run"]
    command += ["--engine", engine, "--suite", str(SUITE), "--no-families"]
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, check=False)
    verdicts = ("FAIL", "ERROR", "WRONG")
    failures = [line for line in done.stdout.splitlines() if line.startswith(verdicts)]
    assert done.returncode == 0, "\n".join(failures[:20]) or done.stdout[-2000:] + done.stderr
    assert done.stdout.rstrip().endswith(" passed, 0 failed, 0 skipped"), done.stdout[-500:]


@pytest.mark.slow
def test_the_fast_engine_passes_the_whole_suite_through_serve() -> None:
    suite_through(f"{sys.executable} -m millebornes.fast.serve")
