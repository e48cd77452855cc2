"""A worker plugin that lets a Dask worker close without a traceback.

A worker heartbeats the scheduler every half second or so. When it closes, it stops
the heartbeat's timer and then closes its connections; a heartbeat already waiting
for the scheduler's answer at that moment has its connection closed under it, and
the worker logs ``CommClosedError`` with a traceback on standard error although
nothing went wrong. Plugins are torn down early in the close, before the
connections go, so :class:`LastHeartbeat` stops the timer there and waits for the
heartbeat in flight, if any, to come back.

Only :mod:`millebornes.apps.simulate_dask` imports this module (``distributed`` is an
optional dependency); the workers import it to unpickle the plugin, so they need the
package installed, as they do to run the games.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import cast

from distributed import Worker, WorkerPlugin


class LastHeartbeat(WorkerPlugin):
    """Track each worker's heartbeats; at its teardown, stop them and wait for the last."""

    name = "millebornes-last-heartbeat"

    def __init__(self) -> None:
        # By worker: in a cluster of threads the workers share one plugin object.
        self._idle: dict[str, asyncio.Event] = {}

    def setup(self, worker: Worker) -> None:
        idle = self._idle[worker.id] = asyncio.Event()  # on the worker's event loop
        idle.set()
        timer = worker.periodic_callbacks["heartbeat"]
        beat = cast(Callable[[], Awaitable[None]], timer.callback)

        async def tracked() -> None:
            idle.clear()  # the timer never runs a beat while the last one is pending
            try:
                await beat()
            finally:
                idle.set()

        timer.callback = tracked

    async def teardown(self, worker: Worker) -> None:
        worker.periodic_callbacks["heartbeat"].stop()
        idle = self._idle.pop(worker.id, None)
        if idle is not None:
            await idle.wait()
