"""Print every z3 proof and fact of spec/facts.md with its verdict and the time it took.

    python tools/prove.py                 # everything, checked against spec/facts.md
    python tools/prove.py --jobs 2        # the proofs on two processes
    python tools/prove.py --update-spec   # write the computed fact tables into spec/facts.md

Proofs (PROOF-…) are inductive: initiation and consecution of each property of the
count abstraction, for every move, in every edition, seat count and option. Facts
(FACT-…) are optimisation and bounded-model-checking results over the edition
data; each is compared with the table spec/facts.md states. The exit status is 1
if a proof fails or a stated figure differs from the computed one.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections import defaultdict

import z3

from millebornes.apps.stopping import run_command
from millebornes_invariants.configurations import CONFIGURATIONS
from millebornes_invariants.z3model.facts import FACTS
from millebornes_invariants.z3model.proofs import PROOF_IDS, Verdict, prove_all
from millebornes_invariants.z3model.report import (
    computed_rows,
    header,
    render,
    results,
    stated_header,
    stated_rows,
    update_spec,
)
from millebornes_invariants.z3model.setting import setting


def print_proofs(jobs: int) -> bool:
    settings = [setting(*configuration) for configuration in CONFIGURATIONS]
    began = time.perf_counter()
    by_setting = prove_all(settings, jobs=jobs)
    wall = time.perf_counter() - began
    by_proof: dict[str, list[Verdict]] = defaultdict(list)
    for verdicts in by_setting.values():
        for verdict in verdicts:
            by_proof[verdict.proof].append(verdict)
    ok = True
    print(f"Inductive proofs: {len(settings)} configurations, {wall:.1f} s wall clock")
    for proof in PROOF_IDS:
        verdicts = by_proof[proof]
        failed = [v for v in verdicts if not v.proved]
        ok = ok and not failed
        moves = len({v.step for v in verdicts if v.step != "initiation"})
        initiation = any(v.step == "initiation" for v in verdicts)
        what = ("initiation + " if initiation else "") + f"consecution over {moves} moves"
        seconds = sum(v.seconds for v in verdicts)
        outcome = "PROVED" if not failed else f"FAILED in {len(failed)} checks"
        print(f"  {proof:<26} {outcome:<8} {what}, {len(verdicts)} checks, z3 {seconds:6.1f} s")
        for bad in failed[:3]:
            print(f"      counterexample ({bad.setting}, {bad.step}): {bad.counterexample[:400]}")
    return ok


def print_facts() -> bool:
    ok = True
    print("Facts")
    for fact in FACTS:
        began = time.perf_counter()
        rows = computed_rows(fact.id)
        seconds = time.perf_counter() - began
        agrees = stated_header(fact.id) == header(fact.id) and stated_rows(fact.id) == rows
        ok = ok and agrees
        verdict = "as stated in spec/facts.md" if agrees else "DIFFERS from spec/facts.md"
        print(f"  {fact.id:<26} {verdict}, {seconds:.1f} s")
        for line in render(fact.id):
            print(f"      {line}")
        shown: set[tuple[str, ...]] = set()
        for result in results(fact.id):
            figures = (result.setting.edition, *(str(v) for _, v in result.figures))
            if figures not in shown:
                shown.add(figures)
                print(f"      e.g. {result.setting.label}: {result.witness}")
    return ok


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="processes for the proofs"
    )
    parser.add_argument(
        "--update-spec", action="store_true", help="write the fact tables into spec/facts.md"
    )
    parser.add_argument("--facts-only", action="store_true", help="skip the inductive proofs")
    args = parser.parse_args(argv)
    print(f"z3 {z3.get_version_string()}, Python {platform.python_version()}, {platform.machine()}")
    if args.update_spec:
        print(f"wrote {update_spec()}")
    ok = True
    if not args.facts_only:
        ok = print_proofs(args.jobs) and ok
    ok = print_facts() and ok
    print("all proofs and facts hold" if ok else "SOMETHING FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(run_command("prove.py", main))
