"""Playouts per second per core of the search bot, for each rule family.

Plays greedy games of each rule set and, at every decision of seat 0 with more than
one choice, runs the search bot with a budget in seconds; reports the playouts it ran
per CPU second of search, on this one process (one core). The budget and the figure are
both in CPU seconds of the process (``time.process_time``), and so is ``--seconds``, so
other work on a shared machine changes neither the positions searched nor the figure.
Playouts run on each family's fast engine; ``--reference`` runs them on the reference
with the greedy bot asked through a seat's view at every step (``SearchBot(fast=False)``:
the same playouts, as the search ran them before), for a before/after on the same
positions (see ``millebornes.apps.search``). Not a test: figures go into issue notes
and docs/bots.md.

    python benchmarks/search_playouts.py [--seconds 10] [--budget 0.2] [--reference]
        [--editions classic fun-speed as-du-volant] [--players 2]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import millebornes as mb
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.apps.roster import make_bot
from millebornes.apps.search import Budget, SearchBot
from millebornes.apps.stopping import run_command


def measure(
    edition: str, players: int, seconds: float, budget: float, fast: bool
) -> tuple[int, float, int]:
    """Playouts run, seconds spent searching, decisions searched."""
    searched = spent = decisions = 0.0
    game = 0
    started = time.process_time()
    while time.process_time() - started < seconds:
        state = mb.new_game(edition, players, seed=game)
        others = [make_bot("greedy", game + seat) for seat in range(players)]
        bot = SearchBot(game, Budget(seconds=budget), fast=fast)
        while (seat := mb.actor(state)) is not None and not mb.is_chance(state):
            if seat == 0 and len(mb.legal_actions(state)) > 1:
                before, clock = bot.playouts, time.process_time()
                action = bot.choose(state)
                spent += time.process_time() - clock
                searched += bot.playouts - before
                decisions += 1
            else:
                action = others[seat].choose(state)
            state = mb.apply(state, action)
            if time.process_time() - started >= seconds:
                break
        game += 1
    return int(searched), spent, int(decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="per rule set (CPU)")
    parser.add_argument("--budget", type=float, default=0.2, help="CPU seconds a move")
    parser.add_argument("--editions", nargs="+", default=["classic", "fun-speed", "as-du-volant"])
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument(
        "--reference", action="store_true", help="playouts on the reference (the search before)"
    )
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores seen"
    )
    for edition in args.editions:
        playouts, spent, decisions = measure(
            edition, args.players, args.seconds, args.budget, not args.reference
        )
        rate = playouts / spent if spent else 0.0
        print(
            f"{edition}, {args.players} players{' (reference)' if args.reference else ''}:"
            f" {rate:8.0f} playouts/s per core,"
            f" {playouts / max(1, decisions):6.1f} playouts a move at {args.budget} CPU s"
            f" ({decisions} decisions)"
        )


if __name__ == "__main__":
    sys.exit(run_command("search_playouts.py", main))
