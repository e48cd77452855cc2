"""Measure the strength of the conformance suite: run it whole against every mutant.

    python tools/conformance_strength.py [--jobs 2] [--only NAME ...] [--out FILE]

Each mutant (tools/serve_mutant.py: the invariants package's and the extra ones)
is a deliberately broken copy of the reference engine. The runner drives it
through the whole suite; the mutant is *killed* when at least one case does not
pass. Prints the kill table (with, in column "claim", how many of the failing cases
list a rule the mutant breaks: a check that the cases' rule IDs are honest) and the
kill rate, and writes conformance/strength.json (the killers of each mutant, which
tests/conformance/test_conformance_strength.py replays).
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.conformance.canon import default_suite_dir, dumps, spec_version
from millebornes.conformance.checks import PASS, SKIPPED
from millebornes.conformance.runner import Report, Runner, SuiteFiles
from serve_mutant import ALL_MUTANTS, BY_NAME

HERE = Path(__file__).resolve().parent
KILLERS_KEPT = 3
STRENGTH_FORMAT = "millebornes-conformance-strength/1"


def mutant_command(name: str) -> list[str]:
    return [sys.executable, str(HERE / "serve_mutant.py"), name]


def killers(report: Report) -> list[str]:
    """The failing cases, one of each kind first, so the replay in the tests is varied."""
    failing = [r for r in report.results if r.outcome not in (PASS, SKIPPED)]
    first_of_kind: dict[str, str] = {}
    for result in failing:
        first_of_kind.setdefault(result.kind, result.id)
    chosen = list(first_of_kind.values())
    chosen += [r.id for r in failing if r.id not in chosen]
    return sorted(chosen[:KILLERS_KEPT])


def measure(name: str, suite: SuiteFiles, timeout: float) -> tuple[dict[str, Any], float]:
    start = time.monotonic()
    report = Runner(mutant_command(name), suite, timeout=timeout, echo=lambda line: None).run(
        suite.entries
    )
    counts = report.counts()
    failing = len(report.results) - counts[PASS] - counts[SKIPPED]
    mutant = BY_NAME[name]
    rules = {entry["id"]: set(entry["rules"]) for entry in suite.entries}
    claimed = sum(
        1
        for r in report.results
        if r.outcome not in (PASS, SKIPPED) and rules[r.id] & set(mutant.breaks)
    )
    row = {
        "name": name,
        "description": mutant.description,
        "breaks": list(mutant.breaks),
        "killed": failing > 0,
        "failing_cases": failing,
        "failing_cases_covering_the_rule": claimed,
        "outcomes": counts,
        "killers": killers(report),
    }
    return row, time.monotonic() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="mutants run at once (default 2)")
    parser.add_argument("--only", nargs="*", default=None, choices=sorted(BY_NAME))
    parser.add_argument("--suite", type=Path, default=None)
    parser.add_argument("--timeout", type=float, default=10.0)
    parser.add_argument("--out", type=Path, default=None, help="default: <suite>/strength.json")
    args = parser.parse_args()
    suite_dir = args.suite or default_suite_dir()
    suite = SuiteFiles(suite_dir)
    names = args.only or [m.name for m in ALL_MUTANTS]
    print(f"{len(suite.entries)} cases, {len(names)} mutants, {args.jobs} at a time")
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda n: measure(n, suite, args.timeout), names))
    rows = [row for row, _ in results]
    print(f"{'mutant':<28} {'breaks':<30} {'killed':<7} {'failing':>7} {'claim':>5}  killed by")
    for (row, seconds), name in zip(results, names, strict=True):
        print(
            f"{name:<28} {', '.join(row['breaks']):<30} {'yes' if row['killed'] else 'NO':<7} "
            f"{row['failing_cases']:>7} {row['failing_cases_covering_the_rule']:>5}  "
            f"{', '.join(row['killers'][:2])}  ({seconds:.0f} s)"
        )
    killed = sum(row["killed"] for row in rows)
    rate = f"{killed}/{len(rows)}"
    print(
        f"kill rate {rate} ({100 * killed / len(rows):.0f} %) in {time.monotonic() - started:.0f} s"
    )
    if args.only is None:
        out = args.out or suite_dir / "strength.json"
        document = {
            "format": STRENGTH_FORMAT,
            "spec_version": spec_version(),
            "cases": len(suite.entries),
            "kill_rate": rate,
            "mutants": rows,
        }
        out.write_text(dumps(document), encoding="utf-8")
        print(f"wrote {out}")
    return 0 if killed == len(rows) else 1


if __name__ == "__main__":
    sys.exit(main())
