"""Does the invariant net catch the fish? Apply each deliberate rule bug and report.

    python tools/catch_mutants.py                    # every mutant, shrunk counterexamples
    python tools/catch_mutants.py third-200 ...      # only these mutants
    python tools/catch_mutants.py --transcripts      # also print each shrunk run

Each mutant of ``millebornes_invariants.mutants`` is applied to the engine in turn,
and the hypothesis state machine plays against it (derandomized, so the report is
reproducible) — first with the invariant catalogue alone, then with the z3 link
alone, then with every net. For each it prints the nets that failed at the last
step of the shrunk counterexample and the counterexample's length in actions, and
at the end the catch rate of each.
"""

from __future__ import annotations

import argparse
import sys
import time

from millebornes_invariants.catching import Catch, catch
from millebornes_invariants.configurations import CONFIGURATIONS
from millebornes_invariants.machine import Depth
from millebornes_invariants.mutants import MUTANTS
from millebornes_invariants.nets import ALL_NETS, CATALOGUE, Z3_LINK

PASSES = (("invariant catalogue", (CATALOGUE,)), ("z3 link", (Z3_LINK,)), ("every net", ALL_NETS))

# Coups-fourrés that skip a seat need three seats or more: try those configurations first.
ORDER = sorted(CONFIGURATIONS, key=lambda c: (c[1] < 3, c[1]))


def cell(result: Catch) -> str:
    if not result.caught:
        return "NOT CAUGHT"
    return f"{', '.join(result.nets)} — {result.steps} steps ({result.configuration})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("mutants", nargs="*", help="mutant names (default: all)")
    parser.add_argument("--examples", type=int, default=10, help="examples per configuration")
    parser.add_argument("--steps", type=int, default=220, help="steps per example")
    parser.add_argument("--no-shrink", action="store_true", help="report the first failure found")
    parser.add_argument("--transcripts", action="store_true", help="print each shrunk run")
    args = parser.parse_args(argv)
    chosen = [m for m in MUTANTS if not args.mutants or m.name in args.mutants]
    caught = {name: 0 for name, _ in PASSES}
    began = time.perf_counter()
    for m in chosen:
        print(f"{m.name}: {m.description} (breaks {', '.join(m.breaks)})", flush=True)
        for name, nets in PASSES:
            depth = Depth(examples=args.examples, steps=args.steps, z3_every=0, nets=nets)
            result = catch(m.name, ORDER, depth, shrink=not args.no_shrink)
            caught[name] += result.caught
            print(f"    {name:<20} {cell(result)}  [{result.seconds:.1f} s]", flush=True)
            if args.transcripts and result.caught:
                for line in (*result.transcript, *result.problems):
                    print(f"        {line[:300]}")
    print(f"\n{len(chosen)} mutants, {time.perf_counter() - began:.0f} s")
    for name, _ in PASSES:
        print(f"  caught by the {name}: {caught[name]}/{len(chosen)}")
    return 0 if caught["every net"] == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
