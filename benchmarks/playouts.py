"""Random-playout throughput of the reference engine, full legality checking on.

Plays whole rounds with uniformly random legal actions (``legal_actions`` then
``apply``, which re-checks every precondition) and reports rounds per second on
this one process, i.e. one core. Not a test: figures go into issue notes.

    python benchmarks/playouts.py [--seconds 10] [--players 2 4]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.apps.stopping import run_command
from millebornes.families.classic import (
    Phase,
    State,
    apply,
    deal_from_seed,
    legal_actions,
    new_match,
)


def play_round(players: int, seed: int, rng: random.Random) -> int:
    """Deal one round from ``seed`` and play it out; return the number of actions."""
    state: State = new_match("classic", players)
    state = apply(state, deal_from_seed(state, seed))
    steps = 0
    while state.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        choices = legal_actions(state)
        state = apply(state, choices[rng.randrange(len(choices))])
        steps += 1
    return steps


def measure(players: int, seconds: float) -> tuple[int, int, float]:
    rng = random.Random(players)
    rounds = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += play_round(players, rounds, rng)
        rounds += 1
    return rounds, steps, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    args = parser.parse_args()
    print(
        f"python {platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores seen"
    )
    for players in args.players:
        rounds, steps, elapsed = measure(players, args.seconds)
        print(
            f"{players} players: {rounds / elapsed:8.1f} rounds/s per core,"
            f" {steps / elapsed:9.0f} actions/s, {steps / rounds:5.1f} actions per round"
        )


if __name__ == "__main__":
    sys.exit(run_command("playouts.py", main))
