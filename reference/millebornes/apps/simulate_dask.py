"""Running a simulation on Dask: each chunk of games is one task.

Give the address of a running ``dask.distributed`` scheduler (``dask scheduler`` and
``dask worker ADDRESS`` on the machines, each with this package installed) or a
number of local workers, and the chunks go out as tasks; their results come back
in any order and :func:`millebornes.apps.simulate.merge` puts them in game order. Every
game is seeded by its number alone, so the result is the same as :func:`run_local`'s.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from millebornes.apps.simulate import Chunk, Config, merge, run_chunk
from millebornes.apps.stopping import check, children_ignore_ctrl_c


@contextmanager
def local_client(workers: int, *, processes: bool = True) -> Iterator[Any]:
    """A client on a new local cluster of ``workers`` workers of one thread each:
    processes by default (the engine is pure Python, threads would share one core).

    The client closes before the cluster, and the cluster closes its workers before
    its scheduler; :class:`~millebornes.apps.dask_close.LastHeartbeat` lets each worker's
    last heartbeat come back before the worker closes its connections, so that the
    shutdown prints nothing. The workers log nothing below CRITICAL: a task that raises
    (an author's bot that fails) reaches the client as its exception, which the command
    says in one line; the worker's own log of it would add a traceback."""
    from distributed import Client, LocalCluster  # noqa: PLC0415 - an optional dependency

    from millebornes.apps.dask_close import LastHeartbeat  # noqa: PLC0415 - imports distributed

    with children_ignore_ctrl_c():
        cluster = LocalCluster(  # type: ignore[no-untyped-call]
            n_workers=workers,
            threads_per_worker=1,
            processes=processes,
            dashboard_address=":0",  # any free port: another cluster may hold 8787
            silence_logs=logging.CRITICAL,
        )
    logged = logging.root.manager.disable
    try:
        with cluster, Client(cluster) as client:  # type: ignore[no-untyped-call]
            client.register_plugin(LastHeartbeat())
            try:
                yield client
            except BaseException:
                # Stopped with tasks running (Ctrl-C, SIGTERM, a bot that fails): as the
                # cluster closes, its scheduler logs at CRITICAL, with a traceback, each
                # result it can no longer send; the command's own line says what happened.
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


def run_dask(config: Config, client: Any, progress: Callable[[int], None] | None = None) -> Chunk:
    """Every chunk as a task on ``client``'s cluster; ``progress`` hears of each chunk done."""
    from distributed import as_completed  # noqa: PLC0415

    sizes = {
        client.submit(run_chunk, config, start, stop): stop - start
        for start, stop in config.chunks()
    }
    check()  # a stop dropped while the tasks went out
    chunks: list[Chunk] = []
    for future in as_completed(list(sizes)):  # type: ignore[no-untyped-call]
        check()
        chunks.append(future.result())
        if progress is not None:
            progress(sizes[future])
    return merge(chunks)
