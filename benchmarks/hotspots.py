"""Where the time of a random playout goes, per action: reference or fast engine.

Plays ``--rounds`` classic rounds with uniformly random legal actions under cProfile
and prints, per action taken, the microseconds spent inside ``legal_actions`` and
inside ``apply`` (reference) or ``step`` (fast), then the functions with the most
time of their own. cProfile slows everything by a similar factor, so read the
shares, not the absolute figures. The summary is kept in benchmarks/PROFILE.md.

    python benchmarks/hotspots.py [--engine reference|fast] [--rounds 200] [--players 2]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import random
import sys

import millebornes
from millebornes.apps.stopping import run_command
from millebornes.fast import FastState
from peers import _fast_rounds, _reference_round

ENTRY_POINTS = {
    "reference": ("engine.py", ("legal_actions", "apply")),
    "fast": ("fast/engine.py", ("legal_actions", "step")),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--engine", choices=sorted(ENTRY_POINTS), default="reference")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    play_round = _reference_round if args.engine == "reference" else _fast_rounds(FastState)
    rng = random.Random(0)
    profile = cProfile.Profile()
    actions = 0
    profile.enable()
    for _ in range(args.rounds):
        actions += play_round(args.players, rng)
    profile.disable()
    stats = pstats.Stats(profile)
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(entry[2] for entry in raw.values())
    filename, names = ENTRY_POINTS[args.engine]
    print(f"{args.engine}: {args.rounds} rounds, {actions} actions, {args.players} players")
    for (path, _, function), (_, _, _, cumulative, _) in raw.items():
        if path.endswith(filename) and function in names:
            print(f"  {function:14} {cumulative / actions * 1e6:6.2f} µs per action (profiled)")
    print(f"  {'all':14} {total / actions * 1e6:6.2f} µs per action (profiled, own time)")
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(args.top)
    table = out.getvalue()
    print(table[table.index("   ncalls") :].replace(str(_root()), "").rstrip())


def _root() -> str:
    return str(millebornes.__file__).removesuffix("millebornes/__init__.py")


if __name__ == "__main__":
    sys.exit(run_command("hotspots.py", main))
