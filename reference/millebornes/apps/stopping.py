"""Ctrl-C and SIGTERM: the command stops in one line, with what it opened closed.

Ctrl-C raises KeyboardInterrupt and SIGTERM raises :class:`Terminated` in the main thread
(:func:`stops_raise`), so that the ``with`` blocks on the way out close what they hold
(a local Dask cluster, its worker processes and their semaphores) before the command
says ``millebornes: interrupted`` or ``terminated`` (:func:`run_command`, which ends the
``millebornes`` command and the scripts of ``benchmarks/`` and ``tools/`` alike).

Python runs a signal's handler in the main thread between two steps of whatever code is
running there, a finalizer that the garbage collector calls included; an exception raised
in a finalizer (or a callback of the garbage collector) is reported and dropped, and the
stop with it. So the handler also records the stop, and a long run (the Dask loops) calls
:func:`check` between its steps: a stop that was dropped is raised again there; and from
the stop on, nothing dropped is reported.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import InvalidStateError, ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import resource_tracker
from types import FrameType
from typing import Any

from millebornes.apps.arguments import fail
from millebornes.core.errors import MilleBornesError

_asked: list[int] = []
"""The signals received since :func:`stops_raise` began (a list: no ``global``)."""

_deferring: list[None] = []
"""One entry for each :func:`stops_deferred` block the main thread is in."""


class Terminated(BaseException):
    """SIGTERM, as KeyboardInterrupt is Ctrl-C: a BaseException, so that no ``except
    Exception`` on the way out takes it for an error of its own."""


def _raise(signum: int) -> None:
    if signum == signal.SIGINT:
        raise KeyboardInterrupt
    raise Terminated


def _on_signal(signum: int, frame: FrameType | None) -> None:
    _asked.append(signum)
    # From now on an exception dropped in a finalizer or a callback is this stop, or an
    # object it caught half-built failing as it goes: Python would print each as
    # "Exception ignored in ..." with a traceback, and the command's one line says it all.
    sys.unraisablehook = _unraisable_ignored
    if not _deferring:
        _raise(signum)


def _unraisable_ignored(unraisable: sys.UnraisableHookArgs) -> None:
    """Nothing said: the command is stopping."""


def check() -> None:
    """Raise the stop that a signal asked for, if one did (it may have been dropped)."""
    if _asked:
        _raise(_asked[0])


_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


@contextmanager
def _handling(handlers: dict[signal.Signals, _Handler]) -> Iterator[None]:
    """``handlers`` set while the block runs, and the ones before restored after it. In
    the main thread only, where Python lets a handler be set; elsewhere, nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {sent: signal.signal(sent, handler) for sent, handler in handlers.items()}
    try:
        yield
    finally:
        for sent, handler in before.items():
            # None: the handler before was not set from Python; the default is the nearest
            signal.signal(sent, signal.SIG_DFL if handler is None else handler)


@contextmanager
def stops_raise() -> Iterator[None]:
    """Ctrl-C and SIGTERM raise (and are recorded) while the block runs; the handlers
    before come back after it."""
    handlers: dict[signal.Signals, _Handler] = {signal.SIGTERM: _on_signal}
    # A command started with Ctrl-C ignored (a script's job run with &) keeps ignoring it,
    # as Python itself does
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        handlers[signal.SIGINT] = _on_signal
    try:
        with _handling(handlers):
            yield
    finally:
        _asked.clear()


@contextmanager
def stops_deferred() -> Iterator[None]:
    """Ctrl-C and SIGTERM only recorded while the block runs: :func:`check` raises them,
    at a point the block chooses, and so does the block's end if nothing else is raised.
    For a block that waits in a library's locks (see the module's note)."""
    _deferring.append(None)
    try:
        yield
    finally:
        _deferring.pop()
    check()


@contextmanager
def children_ignore_ctrl_c() -> Iterator[None]:
    """Ctrl-C ignored while the block starts processes, which keep ignoring it (an ignored
    signal stays ignored in a process started from this one), and held back meanwhile: a
    Ctrl-C in the block is heard when it ends. Ctrl-C reaches every process of the
    terminal's foreground group: a Dask worker would stop on it with a traceback of its
    own, while the command, told too, closes the cluster and its workers in order.

    Held back, as Linux keeps a signal pending, even an ignored one, for a thread that
    blocks it: the main thread blocks Ctrl-C in the block, and so do the threads started
    in it, which inherit its mask (the Dask event loop's, which starts the workers). When
    the block ends, its handler is back and then the signal is unblocked, so the Ctrl-C
    pending reaches that handler. Multiprocessing's resource tracker is started first: its
    start unblocks Ctrl-C in the thread that starts it."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    resource_tracker.ensure_running()
    with _held({signal.SIGINT: signal.SIG_IGN}):
        yield


@contextmanager
def _held(handlers: dict[signal.Signals, _Handler]) -> Iterator[None]:
    """``handlers`` set while the block runs, their signals held back meanwhile (blocked
    in the main thread and in the threads it starts): when the block ends, the handlers
    before are back and then a signal held back reaches them."""
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, set(handlers))
    try:
        with _handling(handlers):
            yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def reader_gone() -> int:
    """What a command does when the reader of its output goes away (``| head``): the
    rest of its output goes nowhere, with no error said (the reader has had enough),
    and it exits 1."""
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 1


def run_command(name: str, main: Callable[[], int | None]) -> int:
    """``main()``'s exit status, or one line on stderr that says how it ended, never a
    traceback: an engine error or an OSError (a file that cannot be read or written)
    exits 1, Ctrl-C 130 and SIGTERM 143 (heard while ``main`` runs, after what it opened
    has closed); a reader that went away, quietly (:func:`reader_gone`)."""
    try:
        with stops_raise():
            status = main() or 0
            sys.stdout.flush()  # a reader gone is heard here, not as Python exits
            return status
    except MilleBornesError as error:
        fail(f"{name}: error: {error}", status=1)
    except BrokenPipeError:
        return reader_gone()
    except OSError as error:
        fail(f"{name}: error: {error}", status=1)
    except KeyboardInterrupt:
        fail(f"{name}: interrupted", status=130)
    except Terminated:
        fail(f"{name}: terminated", status=143)


def _worker_started() -> None:
    """A pool's worker, ready (:func:`worker_pool`): a SIGTERM held back while it started
    ends it now, and one to come will (Ctrl-C stays ignored: the command hears it and
    stops the worker)."""
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})


@contextmanager
def worker_pool(workers: int) -> Iterator[ProcessPoolExecutor]:
    """``workers`` processes for a script's work, which ignore Ctrl-C (the command hears
    it). Stopped when the block ends, whatever ends it: waited for when it ends as it
    should, killed when it is stopped or fails, so that a stop is one line and leaves
    no process behind rather than waiting for the work queued. Killed, not asked: a
    pool's own way to stop its workers (``multiprocessing.Pool.terminate``) hangs when a
    worker died holding its queue's lock, as a SIGTERM to the whole group makes it do."""
    before = set(multiprocessing.active_children())
    pool = ProcessPoolExecutor(workers, initializer=_worker_started)
    said = threading.excepthook

    def complaint(failed: threading.ExceptHookArgs) -> None:
        # The pool's thread fails when it finds its workers gone after a task was
        # cancelled (Python 3.11 sets the cancelled task's error, which raises): the work
        # is dropped on purpose, by a stop, and that is not said. Anything else is.
        if not isinstance(failed.exc_value, InvalidStateError):
            said(failed)

    threading.excepthook = complaint
    try:
        # Forked, the workers all start on the first task, in the main thread, and the
        # pool's own thread with them: Ctrl-C ignored, and SIGTERM held back with its
        # default action meanwhile (a worker holds the command's handler until it is
        # ready, and with it a SIGTERM to the whole group would have the worker raise and
        # print a traceback). A worker ready lets it through: it ends, as by default.
        try:
            with children_ignore_ctrl_c(), _held({signal.SIGTERM: signal.SIG_DFL}):
                pool.submit(int).result()
            yield pool
        except BaseException:
            for worker in set(multiprocessing.active_children()) - before:
                worker.kill()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        pool.shutdown(wait=True)
    finally:
        threading.excepthook = said
