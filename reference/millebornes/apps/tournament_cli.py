"""``millebornes tournament``: its arguments and its outputs (table, JSON, CSV, plot)."""

from __future__ import annotations

import argparse
import csv
import json
import sys
import time
from importlib.util import find_spec
from pathlib import Path
from typing import Any

from millebornes.apps.arguments import add_game_arguments, game_from_args, positive_value
from millebornes.apps.search import Budget, parse_budget
from millebornes.apps.simulate_cli import Progress, _unwritable_file, run_on_dask
from millebornes.apps.tournament import (
    TableGame,
    TournamentConfig,
    check_entrants,
    run_dask,
    run_local,
    standings,
)
from millebornes.core.errors import MalformedInput

DESCRIPTION = """\
Bots against each other at every seat arrangement: every ordered choice of the bots
for the seats (repeated round the table when there are fewer bots than seats), each
deal played at every table, so that the luck of the deal cancels out. A game is a whole
match in the classic family (match points over whole rounds) and a whole game in
fun-speed and as-du-volant. Reports each bot's wins, points per game and a rating with
its 95%% interval (Bradley-Terry on the Elo scale, bootstrap over the deals), and every
pair's head-to-head score with its 95%% interval.

Bots: random, greedy, search, search-easy, search-medium, search-hard, or any Python
callable as module:function (a function of the seat's view, or of the view and the
legal actions; see docs/bots.md). Results depend only on --seed and the settings (and,
with a budget in seconds, the machine): the same with any number of workers.
"""


def budget_value(text: str) -> Budget:
    try:
        return parse_budget(text)
    except MalformedInput as error:
        raise argparse.ArgumentTypeError(str(error).removeprefix("budget: ")) from None


def bot_list(text: str) -> tuple[str, ...]:
    names = tuple(name.strip() for name in text.split(","))
    if any(not name for name in names):
        raise argparse.ArgumentTypeError(f"{text!r} has an empty bot name")
    return names


def add_tournament(commands: Any) -> None:
    parser = commands.add_parser(
        "tournament",
        help="rank bots against each other at every seat arrangement",
        description=DESCRIPTION,
    )
    add_game_arguments(parser, seed=1)
    parser.add_argument(
        "--bots",
        type=bot_list,
        default="random,greedy,search",
        metavar="LIST",
        help="the bots entered, comma-separated: roster names or module:function",
    )
    parser.add_argument(
        "--games",
        type=positive_value,
        default=10,
        metavar="G",
        help="deals, each played at every table",
    )
    parser.add_argument(
        "--budget",
        type=budget_value,
        default=None,
        metavar="B",
        help="every search bot's budget per move: playouts (200, 200p) or CPU seconds (0.2s);"
        " default: each its level's",
    )
    parser.add_argument(
        "--chunk", type=positive_value, default=1, metavar="N", help="deals per task"
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument(
        "--workers",
        type=positive_value,
        default=None,
        metavar="W",
        help="start a local Dask cluster of W worker processes (default: this process)",
    )
    where.add_argument(
        "--scheduler", metavar="ADDRESS", default=None, help="a dask.distributed scheduler"
    )
    parser.add_argument("--json", action="store_true", help="print the standings as JSON")
    parser.add_argument("--csv", type=Path, metavar="FILE", help="write one row per game here")
    parser.add_argument(
        "--plot",
        type=Path,
        metavar="FILE",
        help="plot the ratings with their intervals (.png, .svg)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")


def run_tournament(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    game = game_from_args(parser, args)
    config = TournamentConfig(game, args.bots, args.games, args.seed, args.budget, args.chunk)
    try:
        check_entrants(config)
    except MalformedInput as error:
        parser.error(f"argument --bots: {str(error).removeprefix('bots: ')}")
    for option, path in (("--csv", args.csv), ("--plot", args.plot)):
        if path is not None and (problem := _unwritable_file(path)):
            parser.error(f"argument {option}: cannot write {str(path)!r}: {problem}")
    if args.plot is not None:
        if args.plot.suffix.lower() not in (".png", ".svg"):
            parser.error(f"argument --plot: {str(args.plot)!r} is neither .png nor .svg")
        if find_spec("matplotlib") is None:
            parser.error("argument --plot: needs matplotlib: pip install 'millebornes[sim]'")
    progress = Progress(config.deals, "deals", sys.stderr, enabled=not args.quiet)
    started = time.monotonic()
    try:
        games = _run(parser, config, args, progress)
    finally:
        progress.close()
    seconds = time.monotonic() - started
    data = standings(config, games)
    if args.csv is not None:
        write_csv(args.csv, config, games)
    if args.plot is not None:
        write_plot(args.plot, data)
    if args.json:
        print(json.dumps(data, ensure_ascii=False, indent=1))
        return 0
    for line in render(data):
        print(line)
    print(f"\n{len(games)} games in {seconds:.1f} s")
    for path in (args.csv, args.plot):
        if path is not None:
            print(f"wrote {path}")
    return 0


def _run(
    parser: argparse.ArgumentParser,
    config: TournamentConfig,
    args: argparse.Namespace,
    progress: Progress,
) -> list[TableGame]:
    if args.workers is None and args.scheduler is None:
        return run_local(config, progress)
    return run_on_dask(parser, args, lambda client: run_dask(config, client, progress))


def render(data: dict[str, Any]) -> list[str]:
    """The standings as a table for people."""
    options = f", options {', '.join(data['options'])}" if data["options"] else ""
    budget = data["budget"] or "each search bot's level"
    lines = [
        f"{data['edition']}, {data['players']} players{options}: {data['deals']} deals x"
        f" {data['tables']} tables = {data['games']} games ({data['game']} each),"
        f" seed {data['seed']}, budget {budget}",
        "",
        f"{'bot':<24} {'games':>6} {'wins':>8} {'win %':>6} {'points/game':>12}"
        f" {'rating':>7}  95% interval",
    ]
    for row in sorted(data["bots"], key=lambda r: -r["rating"]):
        low, high = row["rating_95"]
        lines.append(
            f"{row['bot']:<24} {row['games']:>6} {row['wins']:>8.1f}"
            f" {100 * row['win_rate']:>5.1f}% {row['points_per_game']:>12.1f}"
            f" {row['rating']:>7.0f}  [{low:.0f}, {high:.0f}]"
        )
    lines += ["", "head to head (score: wins + half the equal outcomes, 95% Wilson interval)"]
    for pair in data["pairs"]:
        low, high = pair["score_95"]
        lines.append(
            f"  {pair['bot']} vs {pair['opponent']}: {100 * pair['score']:.1f}%"
            f" [{100 * low:.1f}, {100 * high:.1f}] over {pair['games']} games"
        )
    lines += ["", f"points: {data['points']}", f"rating: {data['rating_method']}"]
    return lines


def write_csv(path: Path, config: TournamentConfig, games: list[TableGame]) -> None:
    """One row per game and seat: deal, table, seat, bot, share of the win, points."""
    with path.open("w", newline="", encoding="utf-8") as handle:
        out = csv.writer(handle)
        out.writerow(["deal", "table", "seat", "bot", "win_share", "points", "rounds", "actions"])
        for game in games:
            for seat, bot in enumerate(game.seating):
                out.writerow(
                    [
                        game.deal,
                        game.table,
                        seat,
                        config.bots[bot],
                        round(game.shares[seat], 4),
                        game.points[seat],
                        game.rounds,
                        game.actions,
                    ]
                )


def write_plot(path: Path, data: dict[str, Any]) -> None:
    """Each bot's rating with its 95% interval, as a horizontal bar chart."""
    import matplotlib  # noqa: PLC0415 - only --plot needs it

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt  # noqa: PLC0415

    rows = sorted(data["bots"], key=lambda r: r["rating"])
    figure, axes = plt.subplots(figsize=(7, 1 + 0.5 * len(rows)))
    ratings = [r["rating"] for r in rows]
    errors = [
        [r["rating"] - r["rating_95"][0] for r in rows],
        [r["rating_95"][1] - r["rating"] for r in rows],
    ]
    axes.barh([r["bot"] for r in rows], ratings, xerr=errors, color="#4477aa", capsize=4)
    axes.set_xlabel("rating (Bradley-Terry, Elo scale, mean 0) with its 95% interval")
    axes.set_title(f"{data['edition']}, {data['players']} players, {data['games']} games")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
