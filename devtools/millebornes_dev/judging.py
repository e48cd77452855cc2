"""The conformance suites judged against a mutant family object.

The classic suite is the protocol's: its cases are judged by the runner's checks
(:func:`millebornes.conformance.checks.run_case`), asking a
:class:`~millebornes.conformance.server.Session` that plays the mutant in the classic
family's place, either in this process (:func:`protocol_outcomes`) or through a ``serve``
process (:func:`serve_main`, what ``tools/serve_mutant.py`` runs, for the runner). A rule
family's cases (``conformance/families/<edition>/``) are judged by
:func:`millebornes.conformance.family_suite.check_case` with the mutant passed in, or,
for the mechanical run, over the protocol like the classic ones (:func:`protocol_outcomes`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from millebornes.conformance import family_suite
from millebornes.conformance.canon import JsonDict
from millebornes.conformance.checks import Context, run_case
from millebornes.conformance.families import FAMILIES, Family, entry
from millebornes.conformance.runner import SuiteFiles
from millebornes.conformance.server import Session, serve
from millebornes.core.jsonio import canonical
from millebornes.registry import BY_NAME as REGISTRY

Case = dict[str, Any]
PASSED, FAILED, ERRORED = "pass", "fail", "errored"


def protocol_families(family: Any) -> Mapping[str, Family]:
    """The protocol's families with ``family`` (a mutant) in the place of its namesake."""
    return {**FAMILIES, family.name: entry(family)}


def session(family: Any, *, load_state: bool = True) -> Session:
    """A protocol session that plays ``family`` in its namesake's place."""
    return Session(load_state=load_state, families=protocol_families(family))


def serve_family(family: Any, *, load_state: bool = True) -> int:
    """``millebornes serve`` on stdin and stdout, playing ``family`` in its namesake's place."""
    return serve(load_state=load_state, families=protocol_families(family))


KIND_ORDER = {"step": 0, "legal": 1, "score": 2, "trace": 3}
"""Cheap cases first, so that a mutant most cases kill is dismissed in a moment."""


def protocol_outcomes(
    family: Any, suite: SuiteFiles, entries: Iterable[JsonDict], *, stop_at_first: bool = False
) -> dict[str, tuple[str, str]]:
    """Each case's (outcome, reason) by ID, judged as the runner judges it against a
    session playing ``family``; requests and answers go through canonical JSON, as over
    the protocol. The cases are ``family``'s (the classic suite's, or a rule family's
    from ``conformance/families/``)."""
    playing = session(family)
    counter = 0

    def ask(request: JsonDict) -> JsonDict:
        nonlocal counter
        counter += 1
        answer: JsonDict = json.loads(canonical(playing.handle({**request, "id": counter})))
        return answer

    traces: dict[str, JsonDict] = {}

    def trace(case_id: str) -> JsonDict:
        if case_id not in traces:
            traces[case_id] = suite.case(case_id)
        return traces[case_id]

    # the states the answers carry are checked for the family's mark, as the runner does
    ctx = Context(ask=ask, load_state=True, trace=trace, state_key=entry(family).state_key)
    found: dict[str, tuple[str, str]] = {}
    for entry_ in sorted(entries, key=lambda e: KIND_ORDER.get(e["kind"], 9)):
        try:
            outcome, reason = run_case(suite.case(entry_["id"]), ctx)
        except Exception as error:  # a mutant may break the judging itself: that kills it
            outcome, reason = ERRORED, repr(error)
        found[entry_["id"]] = (outcome, reason)
        if stop_at_first and outcome != PASSED:
            break
    return found


# --- a rule family's own cases ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FamilySuite:
    """A rule family's conformance cases: its edition and its folder of the suite."""

    edition: str
    family: str
    """The family's name in the registry."""

    @property
    def folder(self) -> Path:
        return Path("families") / self.edition

    @property
    def reference(self) -> Any:
        """The family's own object."""
        return REGISTRY[self.family]


def load_cases(suite: FamilySuite, suite_dir: Path) -> list[Case]:
    """The family's cases, in the order of its index."""
    index = json.loads((suite_dir / suite.folder / "index.json").read_text(encoding="utf-8"))
    return [
        json.loads((suite_dir / item["path"]).read_text(encoding="utf-8"))
        for item in index["cases"]
    ]


def outcome(family: Any, case: Case) -> str:
    """How ``family`` (the reference or a mutant) does on ``case``. An exception is an
    engine that broke on a valid case: the case does not pass."""
    try:
        problems = family_suite.check_case(case, family)
    except Exception:  # any crash of a mutated engine fails the case
        return ERRORED
    return FAILED if problems else PASSED


def judge(family: Any, cases: Iterable[Case]) -> dict[str, str]:
    """Each case's outcome (by case ID) against ``family``."""
    return {case["id"]: outcome(family, case) for case in cases}
