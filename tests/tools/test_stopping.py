"""A stop (Ctrl-C, SIGTERM) while the command waits on Dask is raised only where the
command checks for one: raised inside the client's own waits, it could leave a lock of the
client held and the cluster unable to close (a tournament then hung after a Ctrl-C)."""

from __future__ import annotations

import os
import signal
import threading
import time

import pytest

from millebornes.apps.stopping import check, stops_deferred, stops_raise


def _slow_chunk(config: object, start: int, stop: int) -> int:
    time.sleep(5)
    return stop - start


class _Config:
    def chunks(self) -> list[tuple[int, int]]:
        return [(0, 1), (1, 2)]


def test_a_stop_in_a_deferred_block_is_raised_where_it_is_checked() -> None:
    reached = []
    with pytest.raises(KeyboardInterrupt), stops_raise(), stops_deferred():
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.2)  # the handler has run by now, and raised nothing
        reached.append("after the signal")
        check()
        reached.append("after the check")
    assert reached == ["after the signal"]


def test_a_stop_not_checked_is_raised_at_the_end_of_the_deferred_block() -> None:
    reached = []
    with pytest.raises(KeyboardInterrupt), stops_raise():
        with stops_deferred():
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.2)
            reached.append("in the block")
        reached.append("after the block")
    assert reached == ["in the block"]


def test_a_stop_while_chunks_run_on_dask_is_raised_and_the_cluster_closes() -> None:
    pytest.importorskip("distributed")
    from millebornes.apps.simulate_dask import chunk_results, local_client  # noqa: PLC0415

    timer = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    results: list[int] = []
    with (
        pytest.raises(KeyboardInterrupt) as stopped,
        stops_raise(),
        local_client(1, processes=False) as client,
    ):
        timer.start()
        results += chunk_results(client, _slow_chunk, _Config())
    timer.join()
    assert results == []  # heard between two waits, before the first chunk was done
    # raised by the check between two waits, not by the signal's handler wherever the
    # main thread was (inside the client's code, say)
    raised_in = [entry.name for entry in stopped.traceback]
    assert raised_in[-3:] == ["chunk_results", "check", "_raise"], raised_in


def test_a_command_started_ignoring_ctrl_c_keeps_ignoring_it() -> None:
    before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with stops_raise():
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
            assert signal.getsignal(signal.SIGTERM) is not signal.SIG_DFL  # heard
            os.kill(os.getpid(), signal.SIGINT)
            time.sleep(0.2)
            check()  # nothing was recorded
    finally:
        signal.signal(signal.SIGINT, before)
