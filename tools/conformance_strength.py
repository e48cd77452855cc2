"""Measure the strength of the conformance suite: run it whole against every mutant.

    python tools/conformance_strength.py [--family NAME ...] [--jobs 2] [--only NAME ...]
                                         [--out FILE]

Each mutant (devtools/millebornes_dev: a family object with a table row or a transition
replaced) is *killed* when at least one case does not pass. The classic mutants are
served by tools/serve_mutant.py and driven by the runner, ``--jobs`` at a time; a rule
family's mutants are judged in this process, one after the other, by its own cases
(conformance/families/<edition>/). ``--family`` picks what is measured: ``classic`` or a
family's edition (default: all). Prints the kill table (with, in column "claim", how
many of the failing cases list a rule the mutant breaks: a check that the cases' rule
IDs are honest) and the kill rate, and writes conformance/strength.json (the killers of
each mutant, which tests/conformance/test_conformance_strength.py replays); what was not
measured keeps its record from the file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.apps.stopping import run_command
from millebornes.conformance.canon import default_suite_dir, dumps, spec_version
from millebornes.conformance.runner import SuiteFiles
from millebornes_dev.judging import load_cases
from millebornes_dev.strength import (
    CLASSIC,
    CLASSIC_MUTANTS,
    FAMILIES,
    STRENGTH_FORMAT,
    measure,
    measure_family,
    print_table,
)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Classic mutants run through serve, --jobs at a time; a family's mutants run "
        "in this process, one after the other, against conformance/families/<edition>/.",
    )
    every_name = sorted(
        [
            *(m.name for m in CLASSIC_MUTANTS),
            *(m.name for f in FAMILIES.values() for m in f.mutants),
        ]
    )
    parser.add_argument(
        "--family",
        action="append",
        choices=[CLASSIC, *FAMILIES],
        help="measure only this suite: classic or a family's edition; repeatable (default: all)",
    )
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--only", nargs="*", default=None, choices=every_name, metavar="NAME")
    parser.add_argument("--suite", type=Path, default=None)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--out", type=Path, default=None, help="default: <suite>/strength.json")
    args = parser.parse_args()
    suite_dir = args.suite or default_suite_dir()
    chosen = args.family or [CLASSIC, *FAMILIES]
    only = set(args.only or every_name)
    out = args.out or suite_dir / "strength.json"
    document: dict[str, Any] = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {}
    document |= {"format": STRENGTH_FORMAT, "spec_version": spec_version()}
    rates: list[str] = []
    started = time.monotonic()
    mutants = [m for m in CLASSIC_MUTANTS if m.name in only]
    if CLASSIC in chosen and mutants:
        suite = SuiteFiles(suite_dir)
        print(f"classic: {len(suite.entries)} cases, {len(mutants)} mutants, {args.jobs} at a time")
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda m: measure(m, suite, args.timeout), mutants))
        rates.append(print_table(CLASSIC, results))
        rows = [row for row, _ in results]
        document |= {"cases": len(suite.entries), "kill_rate": rates[-1], "mutants": rows}
        document["seconds"] = round(time.monotonic() - started)
    for edition in (e for e in FAMILIES if e in chosen):
        family = FAMILIES[edition]
        cases = load_cases(family.suite, suite_dir)
        measured = [m for m in family.mutants if m.name in only]
        if not measured:
            continue
        began = time.monotonic()
        print(f"{edition}: {len(cases)} cases, {len(measured)} mutants, in this process")
        found = [measure_family(family, m, cases) for m in measured]
        rates.append(print_table(edition, found))
        families = document.setdefault("families", {})
        families[edition] = {
            "cases": len(cases),
            "kill_rate": rates[-1],
            "seconds": round(time.monotonic() - began),
            "mutants": [row for row, _ in found],
        }
    killed, total = (sum(int(r.split("/")[i]) for r in rates) for i in (0, 1))
    print(f"kill rate {killed}/{total} in {time.monotonic() - started:.0f} s")
    if args.only is None:
        out.write_text(dumps(document), encoding="utf-8")
        print(f"wrote {out}")
    return 0 if killed == total else 1


if __name__ == "__main__":
    sys.exit(run_command("conformance_strength.py", main))
