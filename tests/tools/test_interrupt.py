"""Ctrl-C and SIGTERM stop a tournament on local Dask workers in one line, leaving no
process behind: the workers ignore Ctrl-C (else each would print a traceback of its own),
and SIGTERM closes the cluster as Ctrl-C does (else its semaphores leak, with a warning).
Both are heard while the cluster starts too, once it has started."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

TOOLS = Path(__file__).resolve().parent


Stop = tuple[signal.Signals, bool, str, int]
"""A stop a test sends: the signal, whether to the command's whole group, the line the
command must say and its exit status."""


def _stops(name: str) -> list[Any]:
    """The stops each test sends to the command ``name``: Ctrl-C, which a terminal sends
    to the whole foreground group, the workers too; SIGTERM to the command alone (``kill
    PID``: its workers must go with it), and to the whole group."""
    interrupted, terminated = f"{name}: interrupted", f"{name}: terminated"
    return [
        pytest.param((signal.SIGINT, True, interrupted, 130), id="ctrl-c-to-the-group"),
        pytest.param((signal.SIGTERM, False, terminated, 143), id="kill-the-command"),
        pytest.param((signal.SIGTERM, True, terminated, 143), id="kill-the-group"),
    ]


def _group_gone(group: int, seconds: float) -> bool:
    """Whether every process of ``group`` has exited within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.1)
    return False


def _children(pid: int) -> list[str]:
    """The processes ``pid`` has started, from any of its threads (Linux lists them by
    the thread that started each; a thread may end while they are read)."""
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(FileNotFoundError, ProcessLookupError):
            found += (task / "children").read_text().split()
    return found


def _started(command: list[str], env: dict[str, str]) -> subprocess.Popen[str]:
    """``command`` in a process group of its own, so that the test can signal all of it."""
    return subprocess.Popen(
        command,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _stop_when(
    process: subprocess.Popen[str], ready: Callable[[], bool], never: str, stop: Stop
) -> None:
    """Send the stop's signal to the command (or its whole group) once ``ready()``; it
    must exit with the stop's status, say its line alone and leave no process of its
    group (``never``: what did not happen if ``ready()`` never comes)."""
    sent, to_group, line, status = stop
    said = line + "\n"
    try:
        deadline = time.monotonic() + 120
        while not ready():
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, f"{never} in 120 s"
            time.sleep(0.05)
        if to_group:
            os.killpg(process.pid, sent)
        else:
            process.send_signal(sent)
        out, err = process.communicate(timeout=120)
        assert (process.returncode, err, out) == (status, said, "")
        assert _group_gone(process.pid, 30), "a worker outlived the command"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


@pytest.mark.slow
@pytest.mark.parametrize("stop", _stops("millebornes"))
def test_a_stopped_tournament_on_workers_says_one_line_and_leaves_nothing(
    stop: Stop, tmp_path: Path
) -> None:
    mark = tmp_path / "playing"
    path = os.pathsep.join(p for p in (str(TOOLS), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, "MILLEBORNES_TEST_PLAYING": str(mark)}
    bots = "greedy,entrant_example:playing"
    command = [sys.executable, "-m", "millebornes.apps.cli", "tournament", "--quiet"]
    command += ["--games", "100000", "--bots", bots, "--workers", "2"]
    process = _started(command, env)
    # a worker plays: the cluster is up, the client waits
    _stop_when(process, mark.exists, "no game began", stop)


@pytest.mark.slow
@pytest.mark.parametrize("stop", _stops("millebornes"))
def test_simulate_on_workers_stopped_while_its_cluster_starts_says_one_line(stop: Stop) -> None:
    """Ctrl-C is held back while the workers start (they must start ignoring it) and
    heard after; SIGTERM to the group stops the workers starting, and their cluster
    fails to start: still one line."""
    command = [sys.executable, "-m", "millebornes.apps.cli", "simulate", "--quiet"]
    process = _started([*command, "--rounds", "1000000", "--workers", "2"], dict(os.environ))
    # the first process of the cluster is starting
    starting = lambda: bool(_children(process.pid))  # noqa: E731
    _stop_when(process, starting, "no worker process", stop)


@pytest.mark.slow
@pytest.mark.parametrize("after", [0.0, 1.5], ids=["workers-starting", "workers-working"])
@pytest.mark.parametrize("stop", _stops("headroom.py"))
def test_a_benchmark_stopped_on_its_workers_says_one_line_and_leaves_nothing(
    stop: Stop, after: float
) -> None:
    """A benchmark script's pool of workers (``stopping.worker_pool``) stops with it,
    whether they are starting (forked, they hold the command's handlers until they set
    their own) or at work."""
    script = TOOLS.parents[1] / "benchmarks" / "headroom.py"
    command = [sys.executable, str(script), "--edition", "as-du-volant", "--matches", "1000"]
    process = _started([*command, "--playouts", "200", "--workers", "2"], dict(os.environ))
    started: list[float] = []

    def ready() -> bool:
        """The resource tracker and the two workers forked, ``after`` seconds ago."""
        if not started and len(_children(process.pid)) >= 3:
            started.append(time.monotonic())
        return bool(started) and time.monotonic() >= started[0] + after

    _stop_when(process, ready, "no worker process", stop)
