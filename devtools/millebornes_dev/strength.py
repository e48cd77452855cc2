"""The strength of the conformance suites: every mutant run against its family's cases.

A mutant is *killed* when at least one case does not pass. The classic mutants are
served by ``tools/serve_mutant.py`` and driven by the conformance runner, as any engine
is; a rule family's mutants are judged in this process by
:func:`millebornes.conformance.family_suite.check_case`, the mutant passed in.
``tools/conformance_strength.py`` writes what is found to ``conformance/strength.json``,
which tests/conformance/test_conformance_strength.py replays.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from millebornes.conformance.checks import PASS, SKIPPED
from millebornes.conformance.runner import Runner, SuiteFiles
from millebornes_dev import asduvolant, classic, funspeed
from millebornes_dev.harness import Mutant
from millebornes_dev.judging import ERRORED, FAILED, PASSED, Case, FamilySuite, judge

KILLERS_KEPT = 3
STRENGTH_FORMAT = "millebornes-conformance-strength/2"
CLASSIC = "classic"
SERVE_MUTANT = Path(__file__).resolve().parents[2] / "tools" / "serve_mutant.py"
Row = dict[str, Any]


@dataclass(frozen=True, slots=True)
class MeasuredFamily:
    """A rule family measured in this process: its cases and its mutants."""

    suite: FamilySuite
    mutants: tuple[Mutant, ...]

    @property
    def edition(self) -> str:
        return self.suite.edition


FAMILIES: dict[str, MeasuredFamily] = {
    measured.edition: measured
    for measured in (
        MeasuredFamily(FamilySuite("fun-speed", "fun-speed"), funspeed.MUTANTS),
        MeasuredFamily(FamilySuite("as-du-volant", "as-du-volant"), asduvolant.MUTANTS),
    )
}
"""The rule families measured in-process, by edition; a new family adds its entry here."""

CLASSIC_MUTANTS = classic.MUTANTS


def mutant_command(name: str) -> list[str]:
    return [sys.executable, str(SERVE_MUTANT), name]


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


def measure(mutant: Mutant, suite: SuiteFiles, timeout: float) -> tuple[Row, float]:
    """A classic mutant, served by tools/serve_mutant.py and driven by the runner."""
    start = time.monotonic()
    report = Runner(
        mutant_command(mutant.name), suite, timeout=timeout, echo=lambda line: None
    ).run(suite.entries)
    rules = {entry["id"]: set(entry["rules"]) for entry in suite.entries}
    failed = [r for r in report.results if r.outcome not in (PASS, SKIPPED)]
    claimed = sum(1 for r in failed if rules[r.id] & set(mutant.breaks))
    row = kill_row(mutant, report.counts(), [(r.kind, r.id) for r in failed], claimed)
    return row, time.monotonic() - start


def measure_family(family: MeasuredFamily, mutant: Mutant, cases: list[Case]) -> tuple[Row, float]:
    """A family's mutant, judged in this process by the family's cases."""
    start = time.monotonic()
    verdicts = judge(mutant.of(family.suite.reference), cases)
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
