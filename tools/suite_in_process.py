"""Run the classic conformance suite against the reference engine in this process.

    python tools/suite_in_process.py [--all] [--suite DIR] [--case ID]...

The test command of the mechanical mutation run (tools/mechanical_mutants.py): the
same cases and the same judging as ``millebornes conformance run --engine
"millebornes serve"``, but each request goes straight to a :class:`Session` (as a
canonical JSON line and back, so an answer that is not JSON still fails), with no
process to start. The classic suite only (``families/`` is not read): the mutated
modules are the classic engine's. Cases run cheapest kind first, and the run stops
at the first case that does not pass (exit 1, naming it) unless ``--all`` is given;
exit 0 when every case passes. ``--case ID`` (repeated) runs only those cases.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from millebornes.conformance.canon import JsonDict, default_suite_dir
from millebornes.conformance.checks import PASS, Context, run_case
from millebornes.conformance.runner import SuiteFiles
from millebornes.conformance.server import Session
from millebornes.core.jsonio import canonical

KIND_ORDER = {"step": 0, "legal": 1, "score": 2, "trace": 3}
"""Cheap cases first, so that a mutant most cases kill is dismissed in a moment."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--all", action="store_true", help="run every case, count failures")
    parser.add_argument("--suite", type=Path, default=default_suite_dir(), help="suite folder")
    parser.add_argument("--case", action="append", default=[], help="run only this case (repeat)")
    args = parser.parse_args(argv)
    if not (args.suite / "index.json").is_file():
        parser.error(f"--suite: {args.suite} holds no index.json")
    suite = SuiteFiles(args.suite)
    session = Session()
    counter = 0

    def ask(request: JsonDict) -> JsonDict:
        nonlocal counter
        counter += 1
        answer: JsonDict = json.loads(canonical(session.handle({**request, "id": counter})))
        return answer

    traces: dict[str, JsonDict] = {}

    def trace(case_id: str) -> JsonDict:
        if case_id not in traces:
            traces[case_id] = suite.case(case_id)
        return traces[case_id]

    ctx = Context(ask=ask, load_state=True, trace=trace)
    chosen = [e for e in suite.entries if not args.case or e["id"] in args.case]
    unknown = set(args.case) - {e["id"] for e in chosen}
    if unknown:
        parser.error(f"--case: no such case {sorted(unknown)[0]!r}")
    entries = sorted(chosen, key=lambda e: KIND_ORDER.get(e["kind"], 9))
    failed = 0
    for entry in entries:
        try:
            outcome, reason = run_case(suite.case(entry["id"]), ctx)
        except Exception as error:  # a mutant may break the judging itself: that kills it
            outcome, reason = "errored", repr(error)
        if outcome != PASS:
            failed += 1
            print(f"{outcome.upper()} {entry['id']}: {reason}"[:300])
            if not args.all:
                return 1
    print(f"{len(entries) - failed} of {len(entries)} cases pass")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
