"""The runner survives engines that crash, hang, print garbage or answer out of order.

Each test runs a handful of cases against fake_engine.py misbehaving once, and
checks that exactly the case it misbehaved in is *errored*, with the reason, and
that a fresh engine passes the cases after it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conformance_support import fake_engine, on_disk, outcomes, run

from millebornes.conformance.runner import Filters


@pytest.fixture(scope="module")
def few() -> Filters:
    """Five quick step cases of the classic edition at two players."""
    ids = [
        e["id"]
        for e in on_disk().entries
        if e["id"].startswith("classic-2p-step-") and not e["needs"]
    ][:5]
    return Filters(cases=tuple(ids))


def _once(tmp_path: Path, mode: str, at: int = 3) -> list[str]:
    """The engine misbehaves at its third request: the second case's first request."""
    return fake_engine("--mode", mode, "--at", str(at), "--once", str(tmp_path / "done"))


@pytest.mark.rules("PROTO-VERDICTS", "PROTO-FRAMING")
@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("crash", "exited with status 3"),
        ("garbage", "garbage"),
        ("out-of-order", "out of order"),
        ("internal", "'internal' error"),
        ("bad-shape", "neither applied nor rejected"),
    ],
)
def test_one_misbehaviour_errors_one_case_and_the_run_goes_on(
    tmp_path: Path, few: Filters, mode: str, reason: str
) -> None:
    report = run(_once(tmp_path, mode), on_disk(), few)
    results = report.results
    assert [r.outcome for r in results] == ["pass", "errored", "pass", "pass", "pass"]
    assert reason in results[1].reason
    if mode == "crash":
        assert "crashing on purpose" in results[1].reason  # the end of its stderr
    assert report.closing_line() == "4 passed, 1 failed, 0 skipped"


@pytest.mark.rules("PROTO-ID")
def test_an_engine_answering_twice_is_caught_at_the_next_request(
    tmp_path: Path, few: Filters
) -> None:
    report = run(_once(tmp_path, "double"), on_disk(), few)
    assert [r.outcome for r in report.results] == ["pass", "pass", "errored", "pass", "pass"]
    assert "out of order" in report.results[2].reason


@pytest.mark.rules("PROTO-STOP")
def test_a_hung_engine_is_killed_at_the_time_limit(tmp_path: Path, few: Filters) -> None:
    pids = tmp_path / "pids"
    command = [*_once(tmp_path, "hang"), "--pids", str(pids)]
    started = time.monotonic()
    report = run(command, on_disk(), few, timeout=1.5)
    assert time.monotonic() - started < 30
    assert [r.outcome for r in report.results] == ["pass", "errored", "pass", "pass", "pass"]
    assert "time limit" in report.results[1].reason
    first = int(pids.read_text(encoding="utf-8").split()[0])
    with pytest.raises(ProcessLookupError):
        os.kill(first, 0)  # the hung engine is gone


@pytest.mark.rules("PROTO-HELLO")
@pytest.mark.parametrize("mode", ["die", "bad-hello"])
def test_an_engine_that_never_starts_properly_is_given_up(few: Filters, mode: str) -> None:
    report = run(fake_engine("--mode", mode), on_disk(), few)
    assert [r.outcome for r in report.results] == ["errored"] * 5
    assert "engine unavailable" in report.results[-1].reason
    assert report.closing_line() == "0 passed, 5 failed, 0 skipped"


def test_a_command_that_does_not_exist_is_reported(few: Filters) -> None:
    report = run(["/nonexistent/engine"], on_disk(), few)
    assert all(r.outcome == "errored" for r in report.results)
    assert "could not start" in report.results[0].reason


@pytest.mark.rules("PROTO-VERDICTS")
def test_a_rejection_for_other_rules_is_its_own_outcome() -> None:
    rejections = Filters(cases=("classic-3p-step-reject-*",))
    report = run(fake_engine("--mode", "wrong-reason"), on_disk(), rejections)
    assert set(outcomes(report).values()) == {"wrong-reason"}
    assert "expected" in report.results[0].reason
    lenient = run(fake_engine("--mode", "wrong-reason"), on_disk(), rejections, reasons="any")
    assert set(outcomes(lenient).values()) == {"pass"}


@pytest.mark.rules("PROTO-HELLO")
def test_editions_and_capabilities_not_declared_are_skipped_with_the_reason() -> None:
    filters = Filters(kinds=("shuffle",), editions=("classic", "cars"))
    command = fake_engine("--editions", "classic", "--no-shuffle")
    report = run(command, on_disk(), filters)
    assert {r.outcome for r in report.results} == {"skipped"}
    reasons = {r.edition: r.reason for r in report.results}
    assert "'cars' is not among the engine's editions" in reasons["cars"]
    assert "needs capability shuffle" in reasons["classic"]
    assert report.closing_line() == f"0 passed, 0 failed, {len(report.results)} skipped"


# --- hostile engines: each run ends within its budget, with a verdict per case ------


@pytest.mark.rules("PROTO-ID", "PROTO-FRAMING", "PROTO-VERDICTS")
@pytest.mark.parametrize(
    ("mode", "reason"),
    [
        ("nested", "levels deep"),
        ("id-true", "got 'true'"),
        ("id-float", "got '3.0'"),
        ("flood", "garbage"),
        ("long-line", "longer than"),
    ],
)
def test_hostile_answers_error_one_case_without_a_traceback(
    tmp_path: Path, few: Filters, mode: str, reason: str
) -> None:
    started = time.monotonic()
    report = run(_once(tmp_path, mode), on_disk(), few, timeout=5, budget=60)
    assert time.monotonic() - started < 60
    assert [r.outcome for r in report.results] == ["pass", "errored", "pass", "pass", "pass"]
    assert reason in report.results[1].reason
    assert report.closing_line() == "4 passed, 1 failed, 0 skipped"


@pytest.mark.rules("PROTO-STOP")
def test_a_child_holding_the_output_of_an_exited_engine_is_killed(
    tmp_path: Path, few: Filters
) -> None:
    pids = tmp_path / "pids"
    command = [*_once(tmp_path, "orphan"), "--pids", str(pids)]
    started = time.monotonic()
    report = run(command, on_disk(), few, timeout=1.5, budget=60)
    assert time.monotonic() - started < 30
    assert [r.outcome for r in report.results] == ["pass", "errored", "pass", "pass", "pass"]
    child = int(pids.read_text(encoding="utf-8").split()[1])  # the engine's, then its child's
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"the child {child} of the exited engine is still alive")


@pytest.mark.rules("PROTO-HELLO", "PROTO-VERDICTS")
def test_the_time_limit_bounds_the_handshake(few: Filters) -> None:
    started = time.monotonic()
    report = run(fake_engine("--mode", "hang", "--at", "1"), on_disk(), few, timeout=0.5)
    assert time.monotonic() - started < 8  # three handshakes of half a second, then give up
    assert [r.outcome for r in report.results] == ["errored"] * 5
    assert "time limit" in report.results[0].reason


@pytest.mark.rules("PROTO-VERDICTS")
def test_the_budget_ends_a_run_against_an_engine_that_hangs_after_hello(few: Filters) -> None:
    started = time.monotonic()
    report = run(fake_engine("--mode", "hang", "--at", "2"), on_disk(), few, timeout=1, budget=2)
    assert time.monotonic() - started < 8
    assert {r.outcome for r in report.results} == {"errored"}
    assert "budget of 2 s is spent" in report.results[-1].reason
    assert report.closing_line() == "0 passed, 5 failed, 0 skipped"


def _cli(*args: str, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "millebornes.apps.cli", "conformance", "run", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


@pytest.mark.rules("PROTO-VERDICTS")
def test_every_run_ends_with_its_closing_line_and_report(tmp_path: Path, few: Filters) -> None:
    report = tmp_path / "report.json"
    engine = " ".join(fake_engine("--mode", "crash", "--at", "2"))
    done = _cli("--engine", engine, *(f"--case={c}" for c in few.cases), "--timeout", "2",
                "--budget", "30", "--report", str(report))  # fmt: skip
    assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr
    assert done.stdout.splitlines()[-1] == "0 passed, 5 failed, 0 skipped"
    assert json.loads(report.read_text(encoding="utf-8"))["summary"] == done.stdout.splitlines()[-1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--engine", ""], "--engine: the engine command is empty"),
        (["--engine", "'unclosed"], "No closing quotation"),
        (["--engine", "x", "--timeout", "0"], "must be a positive number of seconds"),
        (["--engine", "x", "--budget", "nan"], "must be a positive number of seconds"),
    ],
)
def test_bad_run_options_get_one_clear_line(args: list[str], message: str) -> None:
    done = _cli(*args)
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and message in done.stderr
