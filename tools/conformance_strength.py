"""Measure the strength of the conformance suite: run it whole against every mutant.

    python tools/conformance_strength.py [--family NAME ...] [--jobs 2] [--only NAME ...]
                                         [--out FILE]

Each mutant is a deliberately broken copy of the reference engine; it is *killed*
when at least one case does not pass. The classic suite's mutants
(tools/serve_mutant.py: the invariants package's and the extra ones) are driven by
the runner through ``serve``, ``--jobs`` at a time. A rule family's mutants (Fun &
Speed: tools/funspeed_mutants.py) patch the family's modules in this process and
are judged, one after the other, by the family's ``check_case`` on its own cases
(conformance/families/<edition>/). ``--family`` picks what is measured: ``classic``
or a family's edition (default: all). Prints the kill table (with, in column
"claim", how many of the failing cases list a rule the mutant breaks: a check that
the cases' rule IDs are honest) and the kill rate, and writes
conformance/strength.json (the killers of each mutant, which
tests/conformance/test_conformance_strength.py replays); what was not measured
keeps its record from the file.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from av_mutants import FAMILY as AS_DU_VOLANT
from family_mutants import ERRORED, FAILED, PASSED, Case, Family, judge, load_cases
from funspeed_mutants import FAMILY as FUN_SPEED
from millebornes.conformance.canon import default_suite_dir, dumps, spec_version
from millebornes.conformance.checks import PASS, SKIPPED
from millebornes.conformance.runner import Runner, SuiteFiles
from millebornes_invariants.mutants import Mutant
from serve_mutant import ALL_MUTANTS, BY_NAME

HERE = Path(__file__).resolve().parent
KILLERS_KEPT = 3
STRENGTH_FORMAT = "millebornes-conformance-strength/2"
CLASSIC = "classic"
FAMILIES: dict[str, Family] = {family.edition: family for family in (FUN_SPEED, AS_DU_VOLANT)}
"""The rule families measured in-process; a new family adds its :class:`Family` here."""
Row = dict[str, Any]


def mutant_command(name: str) -> list[str]:
    return [sys.executable, str(HERE / "serve_mutant.py"), name]


def killers(failing: list[tuple[str, str]]) -> list[str]:
    """Of the failing cases (kind, ID), one of each kind first, so the replay in the tests
    is varied."""
    first_of_kind: dict[str, str] = {}
    for kind, case_id in failing:
        first_of_kind.setdefault(kind, case_id)
    chosen = list(first_of_kind.values())
    chosen += [case_id for _, case_id in failing if case_id not in chosen]
    return sorted(chosen[:KILLERS_KEPT])


def kill_row(
    mutant: Mutant, outcomes: dict[str, int], failing: list[tuple[str, str]], claimed: int
) -> Row:
    """A mutant's line of strength.json."""
    return {
        "name": mutant.name,
        "description": mutant.description,
        "breaks": list(mutant.breaks),
        "killed": bool(failing),
        "failing_cases": len(failing),
        "failing_cases_covering_the_rule": claimed,
        "outcomes": outcomes,
        "killers": killers(failing),
    }


def measure(name: str, suite: SuiteFiles, timeout: float) -> tuple[Row, float]:
    """A classic mutant, served by tools/serve_mutant.py and driven by the runner."""
    start = time.monotonic()
    report = Runner(mutant_command(name), suite, timeout=timeout, echo=lambda line: None).run(
        suite.entries
    )
    mutant = BY_NAME[name]
    rules = {entry["id"]: set(entry["rules"]) for entry in suite.entries}
    failed = [r for r in report.results if r.outcome not in (PASS, SKIPPED)]
    claimed = sum(1 for r in failed if rules[r.id] & set(mutant.breaks))
    row = kill_row(mutant, report.counts(), [(r.kind, r.id) for r in failed], claimed)
    return row, time.monotonic() - start


def measure_family(family: Family, mutant: Mutant, cases: list[Case]) -> tuple[Row, float]:
    """A family's mutant, applied in this process and judged by the family's check_case."""
    start = time.monotonic()
    verdicts = judge(family, mutant, cases)
    counts = Counter(verdicts.values())
    # Cases the mutant fails outright before those it crashes on: the clearer killers.
    failed = sorted(
        (c for c in cases if verdicts[c["id"]] != PASSED), key=lambda c: verdicts[c["id"]] != FAILED
    )
    claimed = sum(1 for c in failed if set(c["rules"]) & set(mutant.breaks))
    outcomes = {name: counts[name] for name in (ERRORED, FAILED, PASSED)}
    row = kill_row(mutant, outcomes, [(c["kind"], c["id"]) for c in failed], claimed)
    return row, time.monotonic() - start


def print_table(title: str, results: list[tuple[Row, float]]) -> str:
    """Print one kill table; its kill rate, as "killed/mutants"."""
    rows = [row for row, _ in results]
    print(f"{title}: {len(rows)} mutants")
    print(f"{'mutant':<32} {'breaks':<30} {'killed':<7} {'failing':>7} {'claim':>5}  killed by")
    for row, seconds in results:
        print(
            f"{row['name']:<32} {', '.join(row['breaks']):<30} "
            f"{'yes' if row['killed'] else 'NO':<7} "
            f"{row['failing_cases']:>7} {row['failing_cases_covering_the_rule']:>5}  "
            f"{', '.join(row['killers'][:2])}  ({seconds:.0f} s)"
        )
    killed = sum(row["killed"] for row in rows)
    print(f"{title}: kill rate {killed}/{len(rows)} ({100 * killed / max(len(rows), 1):.0f} %)")
    return f"{killed}/{len(rows)}"


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Classic mutants run through serve, --jobs at a time; a family's mutants run "
        "in this process, one after the other, against conformance/families/<edition>/.",
    )
    every_name = sorted([*BY_NAME, *(m.name for f in FAMILIES.values() for m in f.mutants)])
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
    names = [m.name for m in ALL_MUTANTS if m.name in only]
    if CLASSIC in chosen and names:
        suite = SuiteFiles(suite_dir)
        print(f"classic: {len(suite.entries)} cases, {len(names)} mutants, {args.jobs} at a time")
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(lambda n: measure(n, suite, args.timeout), names))
        rates.append(print_table(CLASSIC, results))
        rows = [row for row, _ in results]
        document |= {"cases": len(suite.entries), "kill_rate": rates[-1], "mutants": rows}
    for edition in (e for e in FAMILIES if e in chosen):
        family = FAMILIES[edition]
        cases = load_cases(family, suite_dir)
        mutants = [m for m in family.mutants if m.name in only]
        if not mutants:
            continue
        print(f"{edition}: {len(cases)} cases, {len(mutants)} mutants, in this process")
        found = [measure_family(family, m, cases) for m in mutants]
        rates.append(print_table(edition, found))
        families = document.setdefault("families", {})
        families[edition] = {
            "cases": len(cases),
            "kill_rate": rates[-1],
            "mutants": [row for row, _ in found],
        }
    killed, total = (sum(int(r.split("/")[i]) for r in rates) for i in (0, 1))
    print(f"kill rate {killed}/{total} in {time.monotonic() - started:.0f} s")
    if args.only is None:
        out.write_text(dumps(document), encoding="utf-8")
        print(f"wrote {out}")
    return 0 if killed == total else 1


if __name__ == "__main__":
    sys.exit(main())
