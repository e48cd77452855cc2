"""Playouts per second per core of the search bot, for each rule family.

Plays greedy games of each rule set and, at every decision of seat 0 with more than
one choice, runs the search bot with a budget in seconds; reports the playouts it ran
per CPU second of search, on this one process (one core). The budget and the figure are
both in CPU seconds of the process (``time.process_time``), so other work on a shared
machine does not change them. The classic family's playouts
run on the fast engine, the others' on the reference through the API (see
``millebornes.apps.search``). Not a test: figures go into issue notes and docs/bots.md.

    python benchmarks/search_playouts.py [--seconds 10] [--budget 0.2]
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


def measure(edition: str, players: int, seconds: float, budget: float) -> tuple[int, float, int]:
    """Playouts run, seconds spent searching, decisions searched."""
    searched = spent = decisions = 0.0
    game = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        state = mb.new_game(edition, players, seed=game)
        others = [make_bot("greedy", game + seat) for seat in range(players)]
        bot = SearchBot(game, Budget(seconds=budget))
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
            if time.perf_counter() - started >= seconds:
                break
        game += 1
    return int(searched), spent, int(decisions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0, help="per rule set (wall)")
    parser.add_argument("--budget", type=float, default=0.2, help="CPU seconds a move")
    parser.add_argument("--editions", nargs="+", default=["classic", "fun-speed", "as-du-volant"])
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores seen"
    )
    for edition in args.editions:
        playouts, spent, decisions = measure(edition, args.players, args.seconds, args.budget)
        rate = playouts / spent if spent else 0.0
        print(
            f"{edition}, {args.players} players: {rate:8.0f} playouts/s per core,"
            f" {playouts / max(1, decisions):6.1f} playouts a move at {args.budget} CPU s"
            f" ({decisions} decisions)"
        )


if __name__ == "__main__":
    main()
