"""``millebornes simulate``: its arguments, its progress bar and its outputs."""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from importlib.util import find_spec
from pathlib import Path
from typing import Any, TextIO, TypeVar

from millebornes.apps.arguments import add_game_arguments, game_from_args, positive_value
from millebornes.apps.roster import BOTS
from millebornes.apps.simulate import Chunk, Config, Unit, run_local
from millebornes.registry import family_of_edition

R = TypeVar("R")

DEFAULT_COUNT = 200

DESCRIPTION = """\
Play many rounds (or whole matches) between bots and report win rates by seat and
by bot, round length, how rounds end, coup-fourré and extension rates. Fun & Speed and
As du Volant are played in whole games (--games): wins by seat and by bot, game length,
and what matters in each game (specials, Hold Ups and Demi-tours; turns without a move,
bonus squares, shortcuts and points).

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
        help=f"play N single rounds of a classic-family edition (default {DEFAULT_COUNT})",
    )
    size.add_argument(
        "--matches",
        type=positive_value,
        default=None,
        metavar="N",
        help="play N whole matches of a classic-family edition",
    )
    size.add_argument(
        "--games",
        type=positive_value,
        default=None,
        metavar="N",
        help=f"play N games: whole games of fun-speed and as-du-volant, single rounds of"
        f" the classic family (default {DEFAULT_COUNT})",
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
    unit, count = _unit(parser, game.edition, args)
    _check_outputs(parser, args)
    config = Config(game, args.bots, unit, count, args.seed, args.fixed_seats, args.chunk)
    progress = Progress(count, unit, sys.stderr, enabled=not args.quiet)
    started = time.monotonic()
    try:
        result = _run(parser, config, args, progress)
    finally:
        progress.close()
    seconds = time.monotonic() - started
    return _report(config, result, args, seconds)


def _unit(
    parser: argparse.ArgumentParser, edition: str, args: argparse.Namespace
) -> tuple[Unit, int]:
    """What a game is and how many: rounds or matches of the classic family, whole games
    of the others (which have no rounds)."""
    if family_of_edition(edition).name != "classic":
        for name in ("rounds", "matches"):
            if getattr(args, name) is not None:
                parser.error(
                    f"argument --{name}: {edition} is played in whole games, without rounds"
                    f" or matches; give --games N"
                )
        return "games", args.games or DEFAULT_COUNT
    if args.matches is not None:
        return "matches", args.matches
    return "rounds", args.rounds or args.games or DEFAULT_COUNT


def _check_outputs(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse an output path that cannot be written before any game is played."""
    if args.csv is not None:
        problem = _unwritable_file(args.csv)
        if problem:
            parser.error(f"argument --csv: cannot write {str(args.csv)!r}: {problem}")
    if args.plot is not None:
        problem = _unwritable_directory(args.plot)
        if problem:
            parser.error(f"argument --plot: cannot write in {str(args.plot)!r}: {problem}")


def _unwritable_file(path: Path) -> str | None:
    if path.is_dir():
        return "it is a directory"
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir():
        return f"no directory {str(parent)!r}"
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is read-only"
    if not path.exists() and not os.access(parent, os.W_OK | os.X_OK):
        return f"the directory {str(parent)!r} is read-only"
    return None


def _unwritable_directory(path: Path) -> str | None:
    if path.exists() and not path.is_dir():
        return "it is not a directory"
    try:
        path.mkdir(parents=True, exist_ok=True)  # the plots go there anyway
    except OSError as error:
        return error.strerror or str(error)
    if not os.access(path, os.W_OK | os.X_OK):
        return "the directory is read-only"
    return None


def _run(
    parser: argparse.ArgumentParser, config: Config, args: argparse.Namespace, progress: Progress
) -> Chunk:
    if args.workers is None and args.scheduler is None:
        return run_local(config, progress)

    def on_dask(client: Any) -> Chunk:
        from millebornes.apps.simulate_dask import run_dask  # noqa: PLC0415

        return run_dask(config, client, progress)

    return run_on_dask(parser, args, on_dask)


def run_on_dask(
    parser: argparse.ArgumentParser, args: argparse.Namespace, run: Callable[[Any], R]
) -> R:
    """``run(client)`` with a client of the cluster ``--scheduler`` or ``--workers`` asks
    for; a cluster that cannot be reached or started is a usage error naming the option."""
    argument = "--scheduler" if args.scheduler else "--workers"
    try:
        from millebornes.apps.simulate_dask import local_client, remote_client  # noqa: PLC0415

        connect = remote_client(args.scheduler) if args.scheduler else local_client(args.workers)
    except ImportError:
        parser.error(f"argument {argument}: needs Dask: pip install 'millebornes[sim]'")
    with ExitStack() as stack:
        try:
            client = stack.enter_context(connect)
        # no scheduler there, or not an address; or workers that failed to start
        except (OSError, ValueError, RuntimeError) as error:
            where = repr(args.scheduler) if args.scheduler else "a local cluster"
            parser.error(f"argument {argument}: cannot use {where}: {error}")
        return run(client)


def _report(config: Config, result: Chunk, args: argparse.Namespace, seconds: float) -> int:
    from millebornes.apps.simulate_report import render, summary, write_csv, write_plots  # noqa: PLC0415

    data = summary(config, result)
    if args.csv is not None:
        write_csv(args.csv, result, config)
    written = write_plots(args.plot, config, result) if args.plot is not None else []
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for line in render(data):
        print(line)
    played, what = (
        (len(result.games), "games") if config.unit == "games" else (len(result.rounds), "rounds")
    )
    rate = played / seconds if seconds > 0 else 0.0
    print(f"\n{played} {what} in {seconds:.1f} s ({rate:.1f} {what}/s, start-up included)")
    if args.csv is not None:
        print(f"wrote {args.csv}")
    for path in written:
        print(f"wrote {path}")
    return 0
