"""Throughput of `millebornes simulate` without Dask and on local Dask clusters.

    .venv/bin/python tools/simulate_throughput.py [--rounds 600] [--workers 1 2]

For each setting: the wall time of the rounds once the cluster is up (a warm-up task
has run), the rounds per second, the CPU seconds each worker spent, and the load
average, since on a shared machine the wall time says as much about the neighbours as
about the code. Every run must give the same result as the run without Dask; the
script stops if one does not.
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from millebornes.apps.arguments import Game
from millebornes.apps.simulate import Config, run_local
from millebornes.apps.simulate_dask import local_client, run_dask
from millebornes.apps.stopping import run_command


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=600)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--chunk", type=int, default=20)
    args = parser.parse_args()
    config = Config(
        Game("classic", 2, ()), ("greedy", "random"), "rounds", args.rounds, 3, chunk=args.chunk
    )
    warm_up = Config(config.game, config.bots, "rounds", 2, 99, chunk=1)
    started, cpu = time.monotonic(), time.process_time()
    reference = run_local(config)
    wall = time.monotonic() - started
    print(
        f"no Dask: {args.rounds} rounds in {wall:.1f} s = {args.rounds / wall:.1f} rounds/s;"
        f" CPU {time.process_time() - cpu:.1f} s; load average {_load()}",
        flush=True,
    )
    for workers in args.workers:
        with local_client(workers) as client:
            run_dask(warm_up, client)
            before = client.run(time.process_time)
            started = time.monotonic()
            result = run_dask(config, client)
            wall = time.monotonic() - started
            after = client.run(time.process_time)
        if result != reference:
            raise SystemExit(f"{workers} workers gave another result than the run without Dask")
        spent = ", ".join(f"{after[w] - before[w]:.1f}" for w in sorted(before))
        print(
            f"{workers} worker process(es): {args.rounds} rounds in {wall:.1f} s"
            f" = {args.rounds / wall:.1f} rounds/s; worker CPU {spent} s;"
            f" load average {_load()}",
            flush=True,
        )


def _load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


if __name__ == "__main__":
    sys.exit(run_command("simulate_throughput.py", main))
