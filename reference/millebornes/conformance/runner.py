"""``millebornes conformance run``: drive any engine through the suite.

The runner starts the engine as a subprocess, shakes hands (PROTO-HELLO), then
runs the selected cases one by one within a time limit each. A case the engine
cannot take (an edition it does not support, a capability it lacks) is skipped
with the reason; an engine that cannot load a state gets every case that can be
replayed from a deck and actions (PROTO-REPLAY). When the engine crashes, hangs,
prints garbage or answers out of order, the case is *errored*, the engine is
killed and a fresh one serves the next case. The time limit of a case also bounds
the handshake that precedes it, and an optional budget bounds the whole run: once
it is spent, the cases not yet run are errored with that reason. Whatever the engine
does, the run ends with its report and its closing line.
"""

from __future__ import annotations

import fnmatch
import json
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from millebornes.conformance.canon import CASE_FORMAT, INDEX_FORMAT, PROTOCOL_VERSION, JsonDict
from millebornes.conformance.checks import (
    ERRORED,
    FAIL,
    OUTCOMES,
    PASS,
    SKIPPED,
    WRONG_REASON,
    Context,
    run_case,
)
from millebornes.conformance.engine_process import EngineError, EngineProcess
from millebornes.conformance.families import CLASSIC, FAMILIES, for_edition, start_extras
from millebornes.core.jsonio import canonical

REPORT_FORMAT = "millebornes-conformance-report/1"
HANDSHAKE_ATTEMPTS = 3


class SuiteFiles:
    """A generated suite on disk: its index and its case files, and with ``families`` the
    suites of the rule families beside it (``families/<name>/index.json``, whose paths
    are relative to the same folder)."""

    def __init__(self, root: Path, *, families: bool = False) -> None:
        self.root = root
        self.index: JsonDict = _index(root / "index.json")
        self.entries: list[JsonDict] = list(self.index["cases"])
        self.families: list[str] = []
        """The family suites read, by folder name."""
        for path in sorted(root.glob("families/*/index.json")) if families else ():
            self.families.append(path.parent.name)
            self.entries += _index(path)["cases"]
        self._paths = {entry["id"]: entry["path"] for entry in self.entries}
        if len(self._paths) != len(self.entries):
            raise ValueError(f"{root}: two cases have the same id")

    def case(self, case_id: str) -> JsonDict:
        case: JsonDict = json.loads((self.root / self._paths[case_id]).read_text(encoding="utf-8"))
        if case.get("format") != CASE_FORMAT:
            raise ValueError(f"{case_id}: not a {CASE_FORMAT} case")
        return case


def _index(path: Path) -> JsonDict:
    index: JsonDict = json.loads(path.read_text(encoding="utf-8"))
    if index.get("format") != INDEX_FORMAT:
        raise ValueError(f"{path} is not a {INDEX_FORMAT} index")
    return index


@dataclass(frozen=True, slots=True)
class Filters:
    """Which cases to run; each list is a choice (any of), and all lists must hold."""

    editions: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    features: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    cases: tuple[str, ...] = ()
    """Shell-style patterns on case IDs."""

    def admits(self, entry: JsonDict) -> bool:
        return (
            (not self.editions or entry["edition"] in self.editions)
            and (not self.rules or bool(set(self.rules) & set(entry["rules"])))
            and (not self.features or bool(set(self.features) & set(entry["features"])))
            and (not self.kinds or entry["kind"] in self.kinds)
            and (not self.cases or any(fnmatch.fnmatchcase(entry["id"], p) for p in self.cases))
        )

    def as_json(self) -> JsonDict:
        return {
            "editions": list(self.editions),
            "rules": list(self.rules),
            "features": list(self.features),
            "kinds": list(self.kinds),
            "cases": list(self.cases),
        }


@dataclass(frozen=True, slots=True)
class Result:
    id: str
    kind: str
    edition: str
    outcome: str
    reason: str
    seconds: float


@dataclass(slots=True)
class Report:
    engine: JsonDict = field(default_factory=dict)
    results: list[Result] = field(default_factory=list)
    seconds: float = 0.0

    def counts(self) -> dict[str, int]:
        found = Counter(result.outcome for result in self.results)
        return {outcome: found[outcome] for outcome in OUTCOMES}

    def closing_line(self) -> str:
        """``N passed, N failed, N skipped``: failed counts wrong reasons and errors too."""
        c = self.counts()
        failed = c[FAIL] + c[WRONG_REASON] + c[ERRORED]
        return f"{c[PASS]} passed, {failed} failed, {c[SKIPPED]} skipped"

    def as_json(self, filters: Filters, suite: SuiteFiles) -> JsonDict:
        return {
            "format": REPORT_FORMAT,
            "engine": self.engine,
            "suite": {
                "path": str(suite.root),
                "spec_version": suite.index["spec_version"],
                "families": suite.families,
            },
            "filters": filters.as_json(),
            "counts": self.counts(),
            "summary": self.closing_line(),
            "seconds": round(self.seconds, 3),
            "cases": [
                {
                    "id": r.id,
                    "kind": r.kind,
                    "edition": r.edition,
                    "outcome": r.outcome,
                    "reason": r.reason,
                    "seconds": round(r.seconds, 4),
                }
                for r in self.results
            ],
        }


def reference_state(trace: JsonDict, steps: int) -> JsonDict | None:
    """The reference engine's state after ``steps`` actions of ``trace`` (for diagnostics)."""
    try:
        family = for_edition(trace["edition"])
        if family is None:
            return None
        given = trace["input"]
        state = family.start(
            trace["edition"],
            trace["players"],
            tuple(trace["options"]),
            given["deck"],
            start_extras(family, given),
        )
        for action in trace["input"]["actions"][:steps]:
            state = family.apply(state, family.action_from_dict(action))
        return family.state_to_dict(state)
    except Exception:  # a diagnostic only: the verdict stands without it
        return None


class Runner:
    """Runs cases against one engine command, restarting it after each protocol failure."""

    def __init__(
        self,
        command: Sequence[str],
        suite: SuiteFiles,
        *,
        timeout: float = 10.0,
        budget: float | None = None,
        reasons: str = "exact",
        echo: Callable[[str], None] = print,
        verbose: bool = False,
    ) -> None:
        self.command = list(command)
        self.suite = suite
        self.timeout = timeout
        self.budget = budget
        self._end = float("inf")
        """When the budget runs out (monotonic clock)."""
        self.reasons = reasons
        self.echo = echo
        self.verbose = verbose
        self.process: EngineProcess | None = None
        self.hello: JsonDict = {}
        self._traces: dict[str, JsonDict] = {}

    def _trace(self, case_id: str) -> JsonDict:
        if case_id not in self._traces:
            self._traces[case_id] = self.suite.case(case_id)
        return self._traces[case_id]

    def _engine(self) -> EngineProcess:
        """The running engine, started and greeted if need be (PROTO-HELLO)."""
        if self.process is not None and self.process.running:
            return self.process
        self._drop()
        process = EngineProcess(self.command)
        process.start()
        self.process = process
        try:
            hello = process.request(
                {"op": "hello", "protocol": PROTOCOL_VERSION, "suite": CASE_FORMAT},
                self._deadline(time.monotonic()),
            )
            self.hello = _check_hello(hello)
        except EngineError:
            self._drop()
            raise
        return process

    def _drop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process = None

    def _skip_reason(self, entry: JsonDict) -> str | None:
        capabilities = self.hello.get("capabilities", [])
        family = for_edition(entry["edition"])
        if family is not None and family.capability is not None:
            # PROTO-FAMILIES: the capability stands for the family's editions.
            if family.capability not in capabilities:
                return (
                    f"needs capability {family.capability}: "
                    f"the engine does not play the {family.name} rule family"
                )
        elif entry["edition"] not in self.hello.get("editions", []):
            return f"edition {entry['edition']!r} is not among the engine's editions"
        for need in entry.get("needs", []):
            if need not in capabilities:
                why = {
                    "load_state": "its state is given directly, no deck and actions reach it",
                    "shuffle": "the engine does not offer the portable shuffle",
                }.get(need, "")
                return f"needs capability {need}: {why}"
        return None

    def _deadline(self, start: float) -> float:
        return min(start + self.timeout, self._end)

    def run(self, entries: Iterable[JsonDict]) -> Report:
        report = Report()
        started = time.monotonic()
        if self.budget is not None:
            self._end = started + self.budget
        pending = list(entries)
        try:
            self._run_all(pending, report)
        finally:  # whatever happened, no engine is left behind
            if self.process is not None:
                self.process.stop(grace=min(2.0, self.timeout))
                self.process = None
        report.seconds = time.monotonic() - started
        return report

    def _run_all(self, pending: list[JsonDict], report: Report) -> None:
        failures = 0
        last_error = ""
        for position, entry in enumerate(pending):
            if time.monotonic() >= self._end:
                reason = f"not run: the run's budget of {self.budget:g} s is spent"
                report.results += [_result(e, ERRORED, reason, 0.0) for e in pending[position:]]
                self.echo(f"giving up: {reason}")
                break
            if failures >= HANDSHAKE_ATTEMPTS:
                reason = f"engine unavailable: {last_error}"
                report.results += [_result(e, ERRORED, reason, 0.0) for e in pending[position:]]
                self.echo(f"giving up: {reason}")
                break
            try:
                process = self._engine()
            except EngineError as error:
                failures += 1
                last_error = str(error)
                report.results.append(_result(entry, ERRORED, f"engine start: {error}", 0.0))
                self._show(report.results[-1])
                continue
            failures = 0
            report.engine = _printable(self.hello.get("engine", {}))
            report.results.append(self._one(entry, process))
            self._show(report.results[-1])

    def _one(self, entry: JsonDict, process: EngineProcess) -> Result:
        start = time.monotonic()
        skip = self._skip_reason(entry)
        if skip:
            return _result(entry, SKIPPED, skip, 0.0)
        deadline = self._deadline(start)
        ctx = Context(
            ask=lambda request: process.request(request, deadline),
            load_state="load_state" in self.hello.get("capabilities", []),
            trace=self._trace,
            reasons=self.reasons,
            expected_state=reference_state,
            state_key=_state_key(entry["edition"]),
        )
        try:
            outcome, reason = run_case(self.suite.case(entry["id"]), ctx)
        except EngineError as error:
            self._drop()
            outcome, reason = ERRORED, str(error)
        except Exception as error:  # an answer so odd that judging it failed: say so, go on
            outcome, reason = ERRORED, f"the answer could not be judged: {error!r}"
        return _result(entry, outcome, reason, time.monotonic() - start)

    def _show(self, result: Result) -> None:
        if result.outcome != PASS or self.verbose:
            if result.outcome == SKIPPED and not self.verbose:
                return
            line = f"{result.outcome.upper():<13} {result.id}"
            self.echo(line + (f": {result.reason}" if result.reason else ""))


def _state_key(edition: str) -> tuple[str, str]:
    """How a state of ``edition``'s family is marked (the classic one's for an unknown
    edition, whose cases are skipped anyway)."""
    family = for_edition(edition) or FAMILIES[CLASSIC.name]
    return family.state_key


def _result(entry: JsonDict, outcome: str, reason: str, seconds: float) -> Result:
    reason = reason.encode("utf-8", errors="replace").decode("utf-8")  # see _printable
    return Result(entry["id"], entry["kind"], entry["edition"], outcome, reason, seconds)


def _printable(value: object) -> JsonDict:
    """An engine's self-description fit for the report: JSON lets an engine send lone
    surrogates (``"\\ud800"``) that no UTF-8 output can carry; they become ``?``."""
    text = canonical(value).encode("utf-8", errors="replace").decode("utf-8")
    found = json.loads(text)
    return found if isinstance(found, dict) else {}


def _check_hello(response: JsonDict) -> JsonDict:
    """The handshake must name the engine, its editions and capabilities (PROTO-HELLO)."""
    problems = []
    if response.get("ok") is not True:
        problems.append(f"not a success: {response.get('error')}")
    if response.get("protocol") != PROTOCOL_VERSION:
        problems.append(f"protocol {response.get('protocol')!r}, expected {PROTOCOL_VERSION}")
    engine = response.get("engine")
    if not isinstance(engine, dict) or not isinstance(engine.get("name"), str):
        problems.append("no engine name")
    for key in ("editions", "capabilities"):
        value = response.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            problems.append(f"{key!r} is not a list of strings")
    if problems:
        raise EngineError("bad handshake: " + "; ".join(problems))
    return response


def skip_summary(report: Report) -> list[str]:
    """One line per reason cases were skipped, with how many and the first few."""
    by_reason: dict[str, list[str]] = {}
    for result in report.results:
        if result.outcome == SKIPPED:
            by_reason.setdefault(result.reason, []).append(result.id)
    return [
        f"skipped {len(ids)}: {reason} (e.g. {', '.join(ids[:3])})"
        for reason, ids in sorted(by_reason.items())
    ]
