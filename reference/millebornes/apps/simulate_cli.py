"""``millebornes simulate``: its arguments, its progress bar and its outputs."""

from __future__ import annotations

import argparse
import json
import sys
import time
from contextlib import ExitStack
from importlib.util import find_spec
from pathlib import Path
from typing import Any, TextIO

from millebornes.apps.arguments import add_game_arguments, game_from_args, positive_value
from millebornes.apps.bots import BOTS
from millebornes.apps.simulate import Chunk, Config, Unit, run_local

DESCRIPTION = """\
Play many rounds (or whole matches) between bots and report win rates by seat and
by bot, round length, how rounds end, coup-fourré and extension rates.

Results depend only on --seed and the settings: the same with or without Dask and
with any number of workers. --workers N starts a local Dask cluster of N processes;
--scheduler ADDRESS uses a running dask.distributed scheduler.
"""


def bots_value(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(
                f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}"
            )
    return names


def add_simulate(commands: Any) -> None:
    sim = commands.add_parser(
        "simulate",
        help="play many rounds between bots and report the figures",
        description=DESCRIPTION,
    )
    add_game_arguments(sim, seed=1)
    sim.add_argument(
        "--bots",
        type=bots_value,
        default="greedy,random",
        metavar="LIST",
        help=f"bots by seat, comma-separated, repeated round the table ({', '.join(sorted(BOTS))})",
    )
    size = sim.add_mutually_exclusive_group()
    size.add_argument(
        "--rounds",
        type=positive_value,
        default=None,
        metavar="N",
        help="play N single rounds (default 200)",
    )
    size.add_argument(
        "--matches", type=positive_value, default=None, metavar="N", help="play N whole matches"
    )
    sim.add_argument(
        "--fixed-seats",
        action="store_true",
        help="keep each bot at its seat (by default the bots move one seat each game)",
    )
    sim.add_argument(
        "--chunk",
        type=positive_value,
        default=25,
        metavar="N",
        help="games per task (the unit of work)",
    )
    where = sim.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=positive_value,
        default=None,
        metavar="N",
        help="start a local Dask cluster of N worker processes (default: no Dask, this process)",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", default=None, help="a dask.distributed scheduler"
    )
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    sim.add_argument("--csv", type=Path, metavar="FILE", help="write one row per round here")
    sim.add_argument(
        "--plot", type=Path, metavar="DIR", help="write round-length and distance plots here"
    )
    sim.add_argument("--quiet", action="store_true", help="no progress bar")


class Progress:
    """A one-line progress bar on ``stream``, drawn only when it is a terminal."""

    def __init__(self, total: int, unit: str, stream: TextIO, enabled: bool) -> None:
        self.total, self.unit, self.stream = total, unit, stream
        self.enabled = enabled and stream.isatty()
        self.done = 0
        self.started = time.monotonic()

    def __call__(self, games: int) -> None:
        self.done += games
        if not self.enabled:
            return
        width = 30
        filled = width * self.done // max(1, self.total)
        rate = self.done / max(1e-9, time.monotonic() - self.started)
        self.stream.write(
            f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total}"
            f" {self.unit}, {rate:.1f}/s"
        )
        self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\n")
            self.stream.flush()


def run_simulate(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    game = game_from_args(parser, args)
    if len(args.bots) > game.players:
        parser.error(
            f"argument --bots: {len(args.bots)} bots for {game.players} seats; give at most"
            f" {game.players}"
        )
    if args.plot is not None and find_spec("matplotlib") is None:
        parser.error("argument --plot: needs matplotlib: pip install 'millebornes[sim]'")
    unit: Unit = "matches" if args.matches is not None else "rounds"
    count = args.matches if args.matches is not None else (args.rounds or 200)
    config = Config(game, args.bots, unit, count, args.seed, args.fixed_seats, args.chunk)
    progress = Progress(count, unit, sys.stderr, enabled=not args.quiet)
    started = time.monotonic()
    try:
        result = _run(parser, config, args, progress)
    finally:
        progress.close()
    seconds = time.monotonic() - started
    return _report(config, result, args, seconds)


def _run(
    parser: argparse.ArgumentParser, config: Config, args: argparse.Namespace, progress: Progress
) -> Chunk:
    if args.workers is None and args.scheduler is None:
        return run_local(config, progress)
    argument = "--scheduler" if args.scheduler else "--workers"
    try:
        from millebornes.apps.simulate_dask import local_client, remote_client, run_dask  # noqa: PLC0415

        connect = remote_client(args.scheduler) if args.scheduler else local_client(args.workers)
    except ImportError:
        parser.error(f"argument {argument}: needs Dask: pip install 'millebornes[sim]'")
    with ExitStack() as stack:
        try:
            client = stack.enter_context(connect)
        except (OSError, ValueError) as error:  # no scheduler there, or not an address
            where = repr(args.scheduler) if args.scheduler else "a local cluster"
            parser.error(f"argument {argument}: cannot use {where}: {error}")
        return run_dask(config, client, progress)


def _report(config: Config, result: Chunk, args: argparse.Namespace, seconds: float) -> int:
    from millebornes.apps.simulate_report import render, summary, write_csv, write_plots  # noqa: PLC0415

    data = summary(config, result)
    if args.csv is not None:
        write_csv(args.csv, result)
    written = write_plots(args.plot, config, result) if args.plot is not None else []
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for line in render(data):
        print(line)
    rate = len(result.rounds) / seconds if seconds > 0 else 0.0
    print(
        f"\n{len(result.rounds)} rounds in {seconds:.1f} s ({rate:.1f} rounds/s, start-up included)"
    )
    if args.csv is not None:
        print(f"wrote {args.csv}")
    for path in written:
        print(f"wrote {path}")
    return 0
