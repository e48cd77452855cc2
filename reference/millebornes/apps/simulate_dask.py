"""Running a simulation on Dask: each chunk of games is one task.

Give the address of a running ``dask.distributed`` scheduler (``dask scheduler`` and
``dask worker ADDRESS`` on the machines, each with this package installed) or a
number of local workers, and the chunks go out as tasks; their results come back
in any order and :func:`millebornes.apps.simulate.merge` puts them in game order. Every
game is seeded by its number alone, so the result is the same as :func:`run_local`'s.
"""

from __future__ import annotations

import logging
import queue
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from typing import Any, Protocol, TypeVar

from millebornes.apps.simulate import Chunk, Config, merge, run_chunk
from millebornes.apps.stopping import check, children_ignore_ctrl_c, stops_deferred

C = TypeVar("C", bound="Chunked")
R = TypeVar("R")


@contextmanager
def local_client(workers: int, *, processes: bool = True) -> Iterator[Any]:
    """A client on a new local cluster of ``workers`` workers of one thread each:
    processes by default (the engine is pure Python, threads would share one core).

    The client closes before the cluster, and the cluster closes its workers before
    its scheduler; :class:`~millebornes.apps.dask_close.LastHeartbeat` lets each worker's
    last heartbeat come back before the worker closes its connections, so that the
    shutdown prints nothing. From the cluster's start to its close, a stop is raised only
    where the caller checks for one (:func:`~millebornes.apps.stopping.check`), or after
    the close: one raised inside Dask's own code can leave its event loop blocked and the
    close hung, or a cluster half started and never closed (:mod:`millebornes.apps.stopping`).

    The workers log nothing below CRITICAL: a task that raises (an author's bot that
    fails) reaches the client as its exception, which the command says in one line; the
    worker's own log of it would add a traceback."""
    logged = logging.root.manager.disable
    try:
        with stops_deferred():
            try:
                # Imported here: the threads the import starts (numpy's) hold Ctrl-C back too
                with children_ignore_ctrl_c():
                    from distributed import Client, LocalCluster  # noqa: PLC0415 - optional

                    from millebornes.apps.dask_close import LastHeartbeat  # noqa: PLC0415

                    cluster = LocalCluster(  # type: ignore[no-untyped-call]
                        n_workers=workers,
                        threads_per_worker=1,
                        processes=processes,
                        dashboard_address=":0",  # any free port: another may hold 8787
                        silence_logs=logging.CRITICAL,
                    )
            except Exception:
                check()  # a SIGTERM to the group stops the workers starting: the start fails
                raise
            with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
                client.register_plugin(LastHeartbeat())
                try:
                    yield client
                except BaseException:
                    # Stopped with tasks running (Ctrl-C, SIGTERM, a bot that fails): as
                    # the cluster closes, its scheduler logs at CRITICAL, with a traceback,
                    # each result it can no longer send; the command's own line says what
                    # happened.
                    logging.disable(logging.CRITICAL)
                    raise
    finally:
        logging.disable(logged)


@contextmanager
def remote_client(address: str) -> Iterator[Any]:
    """A client of the scheduler at ``address`` (e.g. ``tcp://10.0.0.5:8786``)."""
    from distributed import Client  # noqa: PLC0415

    with Client(address, timeout="10s") as client:  # type: ignore[no-untyped-call]
        yield client


class Chunked(Protocol):
    """A run cut into chunks of games: (start, stop) ranges."""

    def chunks(self) -> list[tuple[int, int]]: ...


def chunk_results(
    client: Any,
    run: Callable[[C, int, int], R],
    config: C,
    progress: Callable[[int], None] | None = None,
) -> Iterator[R]:
    """``run(config, start, stop)`` for every chunk of ``config``, each a task on
    ``client``'s cluster; the results in the order they finish, ``progress`` told the
    size of each. A stop (Ctrl-C, SIGTERM) is raised between two submissions or two
    waits of a tenth of a second, never inside the client's own waits
    (:mod:`millebornes.apps.stopping`)."""
    done: queue.SimpleQueue[Any] = queue.SimpleQueue()
    sizes: dict[Any, int] = {}
    with stops_deferred():
        for start, stop in config.chunks():
            check()
            future = client.submit(run, config, start, stop, pure=False)
            future.add_done_callback(done.put)  # called on a thread of the client's
            sizes[future] = stop - start
        for _ in sizes:
            while True:
                check()
                with suppress(queue.Empty):
                    future = done.get(timeout=0.1)
                    break
            yield future.result()
            if progress is not None:
                progress(sizes[future])


def run_dask(config: Config, client: Any, progress: Callable[[int], None] | None = None) -> Chunk:
    """Every chunk as a task on ``client``'s cluster; ``progress`` hears of each chunk done."""
    return merge(list(chunk_results(client, run_chunk, config, progress)))
