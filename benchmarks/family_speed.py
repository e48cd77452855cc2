"""Actions and games per CPU-second of every rule family's reference, side by side.

Each family plays whole games of uniformly random legal actions through the same path:
the family object of :mod:`millebornes.registry` (``new_game`` dealt from a seed, then
``legal_actions`` and ``apply``, which re-checks every precondition), so the families
pay alike for the dispatch and differ only in their engines. The classic family's
"game" is one round (from its deal to the next chance node): that is the unit the
classic figures have always been given in (``benchmarks/playouts.py``); Fun & Speed
and As du Volant play a whole game. Time is ``time.process_time`` of this process, so
other processes on the machine count only through the caches; the load average is
printed beside the table. Not a test: the figures go into issue notes.

    python benchmarks/family_speed.py [--seconds 5] [--players 2 4]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "reference"))  # this checkout's engines, not an installed copy
import project_python  # noqa: F401,E402  (re-executes under .venv/bin/python if needed)
from millebornes.registry import Family, family_of_edition  # noqa: E402

EDITIONS = ("classic", "fun-speed", "as-du-volant")
"""One edition per family, the classic reference first."""


@dataclass(frozen=True)
class Measure:
    games: int
    actions: int
    cpu: float

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.cpu

    @property
    def games_per_second(self) -> float:
        return self.games / self.cpu


def play_game(family: Family, edition: str, players: int, seed: int, rng: random.Random) -> int:
    """One game (a classic round) of random legal actions; the number of actions taken."""
    state = family.new_game(edition, players, (), seed=seed, deck=None, board=None)
    legal, apply, rnd = family.legal_actions, family.apply, rng.random
    actions = 0
    while family.actor(state) is not None and not family.is_chance(state):
        choices = legal(state)
        state = apply(state, choices[int(rnd() * len(choices))])
        actions += 1
    return actions


def measure(edition: str, players: int, seconds: float) -> Measure:
    """Games of ``edition`` at ``players`` seats for ``seconds`` of CPU time (at least one)."""
    family = family_of_edition(edition)
    rng = random.Random(players)
    games = actions = 0
    start = time.process_time()
    while games == 0 or time.process_time() - start < seconds:
        actions += play_game(family, edition, players, games, rng)
        games += 1
    return Measure(games, actions, time.process_time() - start)


def seats(edition: str) -> tuple[int, ...]:
    """The seat counts ``edition`` is played at (its registry entry)."""
    info = next(i for i in family_of_edition(edition).edition_info() if i.id == edition)
    return tuple(s.players for s in info.seats)


def load() -> str:
    one, five, fifteen = os.getloadavg()
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds per cell")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--editions", nargs="+", default=list(EDITIONS), choices=EDITIONS)
    options = parser.parse_args()
    if options.seconds <= 0:
        parser.error("--seconds must be positive")
    print(f"python {platform.python_version()} on {platform.machine()}; {load()}")
    print()
    print("| engine | players | actions/CPU-s | games/CPU-s | actions/game |")
    print("|---|---:|---:|---:|---:|")
    for players in options.players:
        for edition in options.editions:
            if players not in seats(edition):
                continue
            m = measure(edition, players, options.seconds)
            unit = "rounds" if edition == "classic" else "games"
            print(
                f"| {edition} reference | {players} | {m.actions_per_second:,.0f} |"
                f" {m.games_per_second:,.1f} {unit} | {m.actions / m.games:,.1f} |",
                flush=True,
            )
    print()
    print(f"after: {load()}")


if __name__ == "__main__":
    main()
