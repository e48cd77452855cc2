"""Run a family's conformance suite against the reference engine in this process.

    python tools/suite_in_process.py [--family NAME] [--all] [--suite DIR] [--case ID]...

The test command of the mechanical mutation run (tools/mechanical_mutants.py): the
same cases and the same judging as ``millebornes conformance run --engine
"millebornes serve"``, but each request goes straight to a :class:`Session` playing the
family object (:func:`millebornes_dev.judging.protocol_outcomes`: as a canonical JSON
line and back, so an answer that is not JSON still fails), with no process to start.
One family's suite only, since the mutated modules are that family's: ``--family
classic`` (the default) runs the classic suite (``families/`` is not read), another
family its folder ``families/<name>/``. Cases run cheapest kind first, and the run stops
at the first case that does not pass (exit 1, naming it) unless ``--all`` is given;
exit 0 when every case passes. ``--case ID`` (repeated) runs only those cases.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.conformance.canon import default_suite_dir
from millebornes.conformance.checks import PASS
from millebornes.conformance.families import FAMILIES
from millebornes.conformance.runner import SuiteFiles
from millebornes.registry import BY_NAME
from millebornes_dev.judging import protocol_outcomes

CLASSIC = "classic"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--family", choices=sorted(BY_NAME), default=CLASSIC, help="whose suite")
    parser.add_argument("--all", action="store_true", help="run every case, count failures")
    parser.add_argument("--suite", type=Path, default=default_suite_dir(), help="suite folder")
    parser.add_argument("--case", action="append", default=[], help="run only this case (repeat)")
    args = parser.parse_args(argv)
    if not (args.suite / "index.json").is_file():
        parser.error(f"--suite: {args.suite} holds no index.json")
    suite = SuiteFiles(args.suite, families=args.family != CLASSIC)
    editions = FAMILIES[args.family].editions
    chosen = [
        e
        for e in suite.entries
        if e["edition"] in editions and (not args.case or e["id"] in args.case)
    ]
    if not args.case and not chosen:
        parser.error(f"--suite: {args.suite} holds no {args.family} cases")
    unknown = set(args.case) - {e["id"] for e in chosen}
    if unknown:
        parser.error(f"--case: no {args.family} case {sorted(unknown)[0]!r}")
    family = BY_NAME[args.family]
    found = protocol_outcomes(family, suite, chosen, stop_at_first=not args.all)
    failed = [(case_id, verdict) for case_id, verdict in found.items() if verdict[0] != PASS]
    for case_id, (outcome, reason) in failed:
        print(f"{outcome.upper()} {case_id}: {reason}"[:300])
    if failed and not args.all:
        return 1
    print(f"{len(chosen) - len(failed)} of {len(chosen)} cases pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
