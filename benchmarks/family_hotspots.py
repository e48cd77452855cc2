"""Where the time of a random game of one family goes, per action.

Plays ``--games`` games of uniformly random legal actions (the path of
``benchmarks/family_speed.py``: the registry's family object) under cProfile and prints,
per action taken, the microseconds spent inside the family's ``legal_actions`` and
``apply``, then the functions with the most time of their own. cProfile slows every
call by a similar factor: read the shares, not the absolute figures. The summaries are
kept in benchmarks/PROFILE.md.

    python benchmarks/family_hotspots.py --family fun-speed|as-du-volant [--games 20]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys

from family_speed import ROOT, play_game  # first: puts this checkout's engines on the path
from millebornes.apps.stopping import run_command
from millebornes.registry import family_of_edition

ENGINES = {"fun-speed": "funspeed/engine.py", "as-du-volant": "asduvolant/engine.py"}
"""Each family's engine module, where ``legal_actions`` and ``apply`` are defined."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--family", choices=sorted(ENGINES), required=True)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    family = family_of_edition(args.family)
    rng = random.Random(0)
    profile = cProfile.Profile()
    actions = 0
    profile.enable()
    for seed in range(args.games):
        actions += play_game(family, args.family, args.players, seed, rng)
    profile.disable()
    raw = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in raw.values())
    print(f"{args.family}: {args.games} games, {actions} actions, {args.players} players")
    for (path, _, function), (_, _, _, cumulative, _) in raw.items():
        if path.endswith(ENGINES[args.family]) and function in ("legal_actions", "apply"):
            print(f"  {function:14} {cumulative / actions * 1e6:7.2f} µs per action (profiled)")
    print(f"  {'all':14} {total / actions * 1e6:7.2f} µs per action (profiled, own time)")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(args.top)
    table = out.getvalue()
    print(table[table.index("   ncalls") :].replace(str(ROOT / "reference") + "/", "").rstrip())


if __name__ == "__main__":
    sys.exit(run_command("family_hotspots.py", main))
