"""Does the invariant net catch the fish? Play each classic mutant and report.

    python tools/catch_mutants.py                    # the invariant mutants, shrunk
    python tools/catch_mutants.py third-200 ...      # only these mutants (any classic one)
    python tools/catch_mutants.py --transcripts      # also print each shrunk run

Each mutant's family object (devtools/millebornes_dev/classic.py) is played in turn by
the hypothesis state machine (derandomized, so the report is reproducible) — first with
the invariant catalogue alone, then with the z3 link alone, then with every net. For
each it prints the nets that failed at the last step of the shrunk counterexample and
the counterexample's length in actions, and at the end the catch rate of each.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.apps.stopping import run_command
from millebornes_dev.catching import Catch, catch, catching_order
from millebornes_dev.classic import BY_NAME, INVARIANT_MUTANTS
from millebornes_invariants.configurations import CONFIGURATIONS
from millebornes_invariants.machine import Depth
from millebornes_invariants.nets import ALL_NETS, CATALOGUE, Z3_LINK

PASSES = (("invariant catalogue", (CATALOGUE,)), ("z3 link", (Z3_LINK,)), ("every net", ALL_NETS))

# Coups-fourrés that skip a seat need three seats or more: try those configurations first.
ORDER = catching_order(CONFIGURATIONS)


def cell(result: Catch) -> str:
    if not result.caught:
        return "NOT CAUGHT"
    return f"{', '.join(result.nets)} — {result.steps} steps ({result.configuration})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("mutants", nargs="*", metavar="NAME", help="default: the invariant ones")
    parser.add_argument("--examples", type=int, default=10, help="examples per configuration")
    parser.add_argument("--steps", type=int, default=220, help="steps per example")
    parser.add_argument("--no-shrink", action="store_true", help="report the first failure found")
    parser.add_argument("--transcripts", action="store_true", help="print each shrunk run")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.mutants) - set(BY_NAME))
    if unknown:
        parser.error(f"no such classic mutant: {unknown[0]}")
    chosen = [BY_NAME[name] for name in (args.mutants or INVARIANT_MUTANTS)]
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
    sys.exit(run_command("catch_mutants.py", main))
