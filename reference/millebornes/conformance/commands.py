"""The command line of the suite: ``millebornes serve`` and ``millebornes conformance ...``.

- ``serve [--no-load-state]``: the reference engine behind the protocol, on stdin/stdout;
- ``conformance generate [--out DIR] [--check]``: write (or compare) the suite;
- ``conformance run --engine "CMD" [filters] [--timeout S] [--report FILE]``: test an engine;
- ``conformance coverage [--suite DIR]``: cases per rule ID; fails when a rule has none.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys
import time
from pathlib import Path
from typing import Any

from millebornes.conformance.canon import KINDS, default_suite_dir, dumps
from millebornes.conformance.checks import OUTCOMES, REASON_MODES
from millebornes.conformance.coverage import problems, render_report

Subparsers = Any  # argparse's _SubParsersAction is private


def add_commands(commands: Subparsers) -> None:
    serve = commands.add_parser("serve", help="serve the reference engine over the protocol")
    serve.add_argument(
        "--no-load-state",
        action="store_true",
        help="declare no load_state capability (cases are then replayed from decks)",
    )
    conformance = commands.add_parser("conformance", help="generate, run and measure the suite")
    sub = conformance.add_subparsers(dest="conformance_command", required=True)
    generate = sub.add_parser("generate", help="write the suite (default: conformance/)")
    generate.add_argument("--out", type=Path, default=None)
    generate.add_argument("--check", action="store_true", help="compare with disk, write nothing")
    run = sub.add_parser("run", help="run the suite against an engine")
    run.add_argument("--engine", required=True, help='the engine command, e.g. "millebornes serve"')
    run.add_argument("--suite", type=Path, default=None)
    run.add_argument("--edition", action="append", default=[], help="only this edition")
    run.add_argument("--rule", action="append", default=[], help="only cases covering this ID")
    run.add_argument("--feature", action="append", default=[], help="only cases with this tag")
    run.add_argument("--kind", action="append", default=[], choices=KINDS)
    run.add_argument("--case", action="append", default=[], help="case ID pattern (e.g. '*-8p-*')")
    run.add_argument("--timeout", type=float, default=10.0, help="seconds per case (default 10)")
    run.add_argument(
        "--reasons",
        choices=REASON_MODES,
        default="exact",
        help="how rejection reasons must match: the same rule IDs (exact, the default), "
        "some of them (subset), or any rejection (any)",
    )
    run.add_argument("--report", type=Path, default=None, help="write a JSON report here")
    run.add_argument("-v", "--verbose", action="store_true", help="print every case")
    coverage = sub.add_parser("coverage", help="cases per rule ID; exit 1 if a rule has none")
    coverage.add_argument("--suite", type=Path, default=None)


def dispatch(args: argparse.Namespace) -> int:
    """Run the command ``args`` names; a reader closing the output early is not an error."""
    try:
        return _dispatch(args)
    except BrokenPipeError:  # e.g. `millebornes conformance coverage | head`
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


def _dispatch(args: argparse.Namespace) -> int:
    if args.command == "serve":
        from millebornes.conformance.server import serve  # noqa: PLC0415 - fast start

        return serve(load_state=not args.no_load_state)
    command = args.conformance_command
    if command == "generate":
        return _generate(args.out or default_suite_dir(), check=args.check)
    if command == "run":
        return _run(args)
    return _coverage(args.suite or default_suite_dir())


def _generate(out: Path, *, check: bool) -> int:
    from millebornes.conformance.generate import build_suite, differences, write  # noqa: PLC0415

    suite = build_suite()
    files = suite.files()
    report = json.loads(files["coverage.json"])
    counts = report["totals"]["by_kind"]
    print(
        f"generated {len(suite.cases)} cases in {suite.seconds:.1f} s: "
        + ", ".join(f"{kind} {counts.get(kind, 0)}" for kind in KINDS)
    )
    print(
        "by edition: "
        + ", ".join(f"{e} {n}" for e, n in sorted(report["totals"]["by_edition"].items()))
    )
    status = 0
    if check:
        found = differences(out, files)
        for line in found[:20]:
            print(line)
        if found:
            print(f"{out} differs from the generated suite in {len(found)} files: regenerate it")
            status = 1
        else:
            print(f"{out} is up to date")
    else:
        write(out, files)
        print(f"wrote {out}")
    for problem in problems(report):
        print(f"COVERAGE: {problem}")
        status = 1
    return status


def _run(args: argparse.Namespace) -> int:
    from millebornes.conformance.runner import (  # noqa: PLC0415
        Filters,
        Runner,
        SuiteFiles,
        skip_summary,
    )

    where = args.suite or default_suite_dir()
    if not (where / "index.json").is_file():
        print(f"no suite at {where}: give --suite DIR or run `millebornes conformance generate`")
        return 2
    suite = SuiteFiles(where)
    filters = Filters(
        tuple(args.edition),
        tuple(args.rule),
        tuple(args.feature),
        tuple(args.kind),
        tuple(args.case),
    )
    entries = [entry for entry in suite.entries if filters.admits(entry)]
    if not entries:
        print("no case matches the filters", file=sys.stderr)
        return 2
    runner = Runner(
        shlex.split(args.engine),
        suite,
        timeout=args.timeout,
        reasons=args.reasons,
        echo=lambda line: print(line, flush=True),
        verbose=args.verbose,
    )
    print(f"running {len(entries)} cases against: {args.engine}", flush=True)
    started = time.monotonic()
    report = runner.run(entries)
    engine = report.engine
    if engine:
        print(f"engine: {engine.get('name')} {engine.get('version', '')}".rstrip())
    for line in skip_summary(report):
        print(line)
    counts = report.counts()
    print(
        " · ".join(f"{outcome} {counts[outcome]}" for outcome in OUTCOMES)
        + f" · {time.monotonic() - started:.1f} s"
    )
    if args.report is not None:
        args.report.write_text(dumps(report.as_json(filters, suite)), encoding="utf-8")
    print(report.closing_line())
    failed = counts["fail"] + counts["wrong-reason"] + counts["errored"]
    return 1 if failed else 0


def _coverage(suite: Path) -> int:
    if not (suite / "coverage.json").is_file():
        print(f"no suite at {suite}: give --suite DIR or run `millebornes conformance generate`")
        return 2
    report = json.loads((suite / "coverage.json").read_text(encoding="utf-8"))
    print(render_report(report))
    return 1 if problems(report) else 0
