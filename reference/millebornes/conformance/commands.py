"""The command line of the suite: ``millebornes serve`` and ``millebornes conformance ...``.

- ``serve [--no-load-state]``: the reference engine behind the protocol, on stdin/stdout;
- ``conformance generate [--out DIR] [--check]``: write (or compare) the suite;
- ``conformance run --engine "CMD" [filters] [--timeout S] [--budget S] [--report FILE]``:
  test an engine on the suite and the rule families' suites beside it (``--no-families``
  leaves those out); whatever it does, the run ends with its closing line (and report);
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
    run.add_argument(
        "--no-families",
        action="store_true",
        help="leave out the rule families' suites (conformance/families/*/): classic family only",
    )
    run.add_argument("--edition", action="append", default=[], help="only this edition")
    run.add_argument("--rule", action="append", default=[], help="only cases covering this ID")
    run.add_argument("--feature", action="append", default=[], help="only cases with this tag")
    run.add_argument("--kind", action="append", default=[], choices=KINDS)
    run.add_argument("--case", action="append", default=[], help="case ID pattern (e.g. '*-8p-*')")
    run.add_argument(
        "--timeout",
        type=_seconds,
        default=10.0,
        help="seconds per case, the handshake before it included (default 10)",
    )
    run.add_argument(
        "--budget",
        type=_seconds,
        default=None,
        help="seconds for the whole run; the cases not run by then are errored",
    )
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


def _seconds(text: str) -> float:
    """A positive, finite number of seconds (argparse turns the error into one line)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds: {text!r}")
    return value


def _engine_command(text: str) -> list[str] | None:
    """The engine command split as a shell would, or None after saying what is wrong."""
    try:
        command = shlex.split(text)
    except ValueError as error:
        print(f"--engine {text!r}: {error}", file=sys.stderr)
        return None
    if not command:
        print("--engine: the engine command is empty", file=sys.stderr)
        return None
    return command


def _say(line: str) -> None:
    """Print a line of the run, whatever an engine put in it and whatever the locale."""
    encoding = sys.stdout.encoding or "utf-8"
    print(line.encode(encoding, errors="replace").decode(encoding), flush=True)


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
    # One count: every case written, the families' folders included (what `run` runs).
    total = report["totals"]["cases"]
    print(
        f"generated {total} cases in {suite.seconds:.1f} s: "
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

    command = _engine_command(args.engine)
    if command is None:
        return 2
    where = args.suite or default_suite_dir()
    if not (where / "index.json").is_file():
        print(f"no suite at {where}: give --suite DIR or run `millebornes conformance generate`")
        return 2
    try:
        suite = SuiteFiles(where, families=not args.no_families)
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"{where} is not a readable suite: {error}", file=sys.stderr)
        return 2
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
        command,
        suite,
        timeout=args.timeout,
        budget=args.budget,
        reasons=args.reasons,
        echo=_say,
        verbose=args.verbose,
    )
    _say(f"running {len(entries)} cases against: {args.engine}")
    started = time.monotonic()
    report = runner.run(entries)
    engine = report.engine
    if engine:
        _say(f"engine: {engine.get('name')} {engine.get('version', '')}".rstrip())
    for line in skip_summary(report):
        _say(line)
    counts = report.counts()
    _say(
        " · ".join(f"{outcome} {counts[outcome]}" for outcome in OUTCOMES)
        + f" · {time.monotonic() - started:.1f} s"
    )
    status = 0
    if args.report is not None:
        try:
            args.report.write_text(dumps(report.as_json(filters, suite)), encoding="utf-8")
        except OSError as error:
            print(f"--report {args.report}: cannot write it: {error}", file=sys.stderr)
            status = 2
    print(report.closing_line())
    failed = counts["fail"] + counts["wrong-reason"] + counts["errored"]
    return 1 if failed else status


def _coverage(suite: Path) -> int:
    if not (suite / "coverage.json").is_file():
        print(f"no suite at {suite}: give --suite DIR or run `millebornes conformance generate`")
        return 2
    report = json.loads((suite / "coverage.json").read_text(encoding="utf-8"))
    print(render_report(report))
    return 1 if problems(report) else 0
