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

import pytest

TOOLS = Path(__file__).resolve().parent
CASES = [
    # Ctrl-C in a terminal reaches the whole foreground group, the workers too.
    pytest.param(signal.SIGINT, True, "millebornes: interrupted", 130, id="ctrl-c-to-the-group"),
    # `kill PID` reaches the command alone; its workers must go with it.
    pytest.param(signal.SIGTERM, False, "millebornes: terminated", 143, id="kill-the-command"),
    pytest.param(signal.SIGTERM, True, "millebornes: terminated", 143, id="kill-the-group"),
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
    process: subprocess.Popen[str],
    ready: Callable[[], bool],
    *,
    never: str,
    sent: signal.Signals,
    to_group: bool,
    said: str,
    status: int,
) -> None:
    """Send ``sent`` to the command (or its whole group) once ``ready()``; it must exit
    with ``status``, say ``said`` alone and leave no process of its group."""
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
@pytest.mark.parametrize(("sent", "to_group", "line", "status"), CASES)
def test_a_stopped_tournament_on_workers_says_one_line_and_leaves_nothing(
    sent: signal.Signals, to_group: bool, line: str, status: int, tmp_path: Path
) -> None:
    mark = tmp_path / "playing"
    path = os.pathsep.join(p for p in (str(TOOLS), os.environ.get("PYTHONPATH")) if p)
    env = {**os.environ, "PYTHONPATH": path, "MILLEBORNES_TEST_PLAYING": str(mark)}
    bots = "greedy,entrant_example:playing"
    command = [sys.executable, "-m", "millebornes.apps.cli", "tournament", "--quiet"]
    command += ["--games", "100000", "--bots", bots, "--workers", "2"]
    process = _started(command, env)
    # a worker plays: the cluster is up, the client waits
    _stop_when(
        process,
        mark.exists,
        never="no game began",
        sent=sent,
        to_group=to_group,
        said=line + "\n",
        status=status,
    )


STARTING = [
    # held back while the workers start (they must start ignoring it), heard after
    pytest.param(signal.SIGINT, True, "millebornes: interrupted", 130, id="ctrl-c-to-the-group"),
    pytest.param(signal.SIGTERM, False, "millebornes: terminated", 143, id="kill-the-command"),
    # the workers starting stop on it, and their cluster fails to start: still one line
    pytest.param(signal.SIGTERM, True, "millebornes: terminated", 143, id="kill-the-group"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("sent", "to_group", "line", "status"), STARTING)
def test_simulate_on_workers_stopped_while_its_cluster_starts_says_one_line(
    sent: signal.Signals, to_group: bool, line: str, status: int
) -> None:
    command = [sys.executable, "-m", "millebornes.apps.cli", "simulate", "--quiet"]
    process = _started([*command, "--rounds", "1000000", "--workers", "2"], dict(os.environ))
    # the first process of the cluster is starting
    starting = lambda: bool(_children(process.pid))  # noqa: E731
    _stop_when(
        process,
        starting,
        never="no worker process",
        sent=sent,
        to_group=to_group,
        said=line + "\n",
        status=status,
    )


SCRIPT = [
    pytest.param(signal.SIGINT, True, "headroom.py: interrupted", 130, id="ctrl-c-to-the-group"),
    pytest.param(signal.SIGTERM, False, "headroom.py: terminated", 143, id="kill-the-command"),
    pytest.param(signal.SIGTERM, True, "headroom.py: terminated", 143, id="kill-the-group"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("sent", "to_group", "line", "status"), SCRIPT)
def test_a_benchmark_stopped_on_its_workers_says_one_line_and_leaves_nothing(
    sent: signal.Signals, to_group: bool, line: str, status: int
) -> None:
    """A benchmark script's pool of workers (``stopping.worker_pool``) stops with it."""
    script = TOOLS.parents[1] / "benchmarks" / "headroom.py"
    command = [sys.executable, str(script), "--edition", "as-du-volant", "--matches", "1000"]
    process = _started([*command, "--playouts", "200", "--workers", "2"], dict(os.environ))
    # the resource tracker and the two workers have started, and the workers work
    working = lambda: len(_children(process.pid)) >= 3  # noqa: E731
    _stop_when(
        process,
        working,
        never="no worker process",
        sent=sent,
        to_group=to_group,
        said=line + "\n",
        status=status,
    )
