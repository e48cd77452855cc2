"""Run one case against an engine and judge its answers.

Each kind of case is a short exchange of requests (spec/conformance/protocol.md).
A case ends with a verdict: pass; fail (a valid answer that is wrong); wrong
reason (a rejection naming other rules); errored (the engine broke the protocol
or answered with an internal error); skipped (decided by the runner before the
case starts). Every failing verdict says what was expected and what came back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from millebornes.conformance.canon import JsonDict, digest
from millebornes.conformance.families import START_FIELDS
from millebornes.core.jsonio import canonical
from millebornes.families.classic.serialize import STATE_FORMAT

# PROTO-VERDICTS: the five outcomes of a case.
PASS, FAIL, WRONG_REASON, SKIPPED, ERRORED = "pass", "fail", "wrong-reason", "skipped", "errored"
OUTCOMES = (PASS, FAIL, WRONG_REASON, SKIPPED, ERRORED)
REASON_MODES = ("exact", "subset", "any")

Ask = Callable[[JsonDict], JsonDict]


class Verdict(Exception):
    """Ends a case early with an outcome and the reason for it."""

    def __init__(self, outcome: str, reason: str) -> None:
        super().__init__(reason)
        self.outcome = outcome
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Context:
    """What running a case needs besides the case itself."""

    ask: Ask
    load_state: bool
    trace: Callable[[str], JsonDict]
    """Loads a trace case by its ID (for replays)."""
    reasons: str = "exact"
    expected_state: Callable[[JsonDict, int], JsonDict | None] = lambda trace, steps: None
    """The reference state after ``steps`` actions of a trace, to show a difference."""
    state_key: tuple[str, str] = ("format", STATE_FORMAT)
    """The field and value that mark a state of the case's rule family (PROTO-FAMILIES)."""


# --- reading responses -----------------------------------------------------------


def ok(response: JsonDict, what: str) -> JsonDict:
    """The response if it is a success; else the verdict its error deserves (PROTO-ERRORS)."""
    if response.get("ok") is True:
        return response
    error = response.get("error")
    if response.get("ok") is not False or not isinstance(error, dict):
        raise Verdict(ERRORED, f"{what}: the response has neither ok true nor an error object")
    kind, message = error.get("kind"), error.get("message")
    if kind == "malformed":
        raise Verdict(FAIL, f"{what}: the engine called valid input malformed: {message}")
    raise Verdict(ERRORED, f"{what}: the engine answered a {kind!r} error: {message}")


def field(response: JsonDict, name: str, kind: type | tuple[type, ...], what: str) -> Any:
    value = response.get(name)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise Verdict(ERRORED, f"{what}: the response's {name!r} is missing or malformed")
    return value


def state_of(response: JsonDict, what: str, ctx: Context) -> JsonDict:
    """The state of a response, in the form of the case's family (PROTO-FORMATS)."""
    state = field(response, "state", dict, what)
    key, value = ctx.state_key
    if state.get(key) != value:
        raise Verdict(ERRORED, f"{what}: the state returned is not a state with {key} {value!r}")
    return state  # type: ignore[no-any-return]


def first_difference(expected: Any, actual: Any, path: str = "state") -> str | None:
    """Where two JSON values first differ, in words; None if they are equal."""
    if isinstance(expected, dict) and isinstance(actual, dict):
        for key in sorted(expected.keys() | actual.keys()):
            if key not in actual:
                return f"{path}.{key} is missing"
            if key not in expected:
                return f"{path}.{key} is unexpected"
            found = first_difference(expected[key], actual[key], f"{path}.{key}")
            if found:
                return found
        return None
    if canonical(expected) == canonical(actual):
        return None
    return f"{path}: expected {canonical(expected)}, got {canonical(actual)}"


def same_state(expected: JsonDict, actual: JsonDict, what: str) -> None:
    difference = first_difference(expected, actual)
    if difference:
        raise Verdict(FAIL, f"{what}: {difference}")


def _rules(response: JsonDict, what: str) -> list[str]:
    rules = field(response, "rules", list, what)
    if not all(isinstance(rule, str) for rule in rules):
        raise Verdict(ERRORED, f"{what}: 'rules' is not a list of rule IDs")
    return [str(rule) for rule in rules]


def judge_reasons(expected: list[str], got: list[str], mode: str, what: str) -> None:
    """A rejection for the wrong reason is its own outcome (the order of IDs is free)."""
    right = {
        "exact": set(got) == set(expected),
        "subset": bool(got) and set(got) <= set(expected),
        "any": True,
    }[mode]
    if not right:
        raise Verdict(WRONG_REASON, f"{what}: rejected for {got}, expected {expected}")


# --- the kinds of case -----------------------------------------------------------


def run_case(case: JsonDict, ctx: Context) -> tuple[str, str]:
    """Play the case against the engine: (outcome, reason)."""
    try:
        RUNNERS[case["kind"]](case, ctx)
    except Verdict as verdict:
        return verdict.outcome, verdict.reason
    return PASS, ""


def _config(case: JsonDict) -> JsonDict:
    return {"edition": case["edition"], "players": case["players"], "options": case["options"]}


def _shuffle(case: JsonDict, ctx: Context) -> None:
    question = {"op": "shuffle", "edition": case["edition"], "players": case["players"]}
    answer = ok(ctx.ask(question | case["input"]), "shuffle")
    deck = field(answer, "deck", list, "shuffle")
    expected = case["expected"]["deck"]
    if deck != expected:
        at = next((i for i, (a, b) in enumerate(zip(expected, deck, strict=False)) if a != b), None)
        where = f"first difference at position {at}" if at is not None else "lengths differ"
        raise Verdict(FAIL, f"shuffle: the deck differs ({where}: {len(deck)} cards returned)")


def _start(case: JsonDict, ctx: Context) -> JsonDict:
    given = case["input"]
    # PROTO-START: a family's optional start fields (a board, a reshuffle seed) go as given
    extras = {name: given[name] for name in sorted(START_FIELDS) if name in given}
    return ctx.ask({"op": "start", **_config(case), "deck": given["deck"], **extras})


def _setup(case: JsonDict, ctx: Context) -> None:
    response = _start(case, ctx)
    _judge(case["expected"], response, case["input"].get("state"), ctx, "start")


def _judge(
    expected: JsonDict, response: JsonDict, before: JsonDict | None, ctx: Context, what: str
) -> None:
    """Judge the answer to ``start`` or ``apply`` against the expected outcome."""
    outcome = expected["outcome"]
    if outcome == "malformed":
        error = response.get("error")
        if response.get("ok") is False and isinstance(error, dict):
            if error.get("kind") == "malformed":
                return
            raise Verdict(ERRORED, f"{what}: expected a malformed-input error, got {error}")
        got = response.get("outcome")
        raise Verdict(FAIL, f"{what}: malformed input was judged as a move ({got})")
    answer = ok(response, what)
    got = answer.get("outcome")
    if got not in ("applied", "rejected"):
        raise Verdict(ERRORED, f"{what}: the outcome is neither applied nor rejected")
    if outcome == "rejected":
        if got == "applied":
            raise Verdict(
                FAIL, f"{what}: an illegal action was applied (expected {expected['rules']})"
            )
        judge_reasons(expected["rules"], _rules(answer, what), ctx.reasons, what)
        if before is not None:
            same_state(
                before, state_of(answer, what, ctx), f"{what}: the state changed on a rejection"
            )
        return
    if got == "rejected":
        raise Verdict(FAIL, f"{what}: a legal action was rejected for {_rules(answer, what)}")
    same_state(expected["state"], state_of(answer, what, ctx), f"{what}: the state after differs")


def _reach(case: JsonDict, ctx: Context) -> JsonDict:
    """The fields that give the engine the case's state: the state itself (load_state), or
    nothing once a replay of the case's trace has brought the engine there (PROTO-REPLAY)."""
    if ctx.load_state:
        return {"state": case["input"]["state"]}
    replay = case["replay"]
    trace = ctx.trace(replay["trace"])
    state = _replay(trace, ctx, replay["steps"], f"replaying {trace['id']}")
    same_state(case["input"]["state"], state, "the replay reached another state")
    return {}


def _replay(trace: JsonDict, ctx: Context, steps: int, what: str) -> JsonDict:
    """Start the trace's round and apply its first ``steps`` actions, checking each state's
    digest; returns the engine's last state."""
    answer = ok(_start(trace, ctx), f"{what}: start")
    if answer.get("outcome") != "applied":
        raise Verdict(FAIL, f"{what}: the deal was refused: {answer.get('rules')}")
    state = state_of(answer, f"{what}: start", ctx)
    _same_digest(trace, ctx, 0, state, what)
    for k, action in enumerate(trace["input"]["actions"][:steps], start=1):
        request: JsonDict = {"op": "apply", "action": action}
        if ctx.load_state:
            request["state"] = state
        step = f"{what}: action {k} {canonical(action)}"
        answer = ok(ctx.ask(request), step)
        if answer.get("outcome") != "applied":
            raise Verdict(FAIL, f"{step} was rejected for {answer.get('rules')}")
        state = state_of(answer, step, ctx)
        _same_digest(trace, ctx, k, state, step)
    return state


def _same_digest(trace: JsonDict, ctx: Context, k: int, state: JsonDict, what: str) -> None:
    """The engine's state after ``k`` actions of ``trace`` must have the recorded digest."""
    want = trace["expected"]["digests"][k]
    if digest(state) == want:
        return
    expected = ctx.expected_state(trace, k)
    detail = first_difference(expected, state) if expected is not None else None
    raise Verdict(
        FAIL, f"{what}: the state differs ({detail or f'digest {digest(state)}, expected {want}'})"
    )


def _step(case: JsonDict, ctx: Context) -> None:
    extra = _reach(case, ctx)
    response = ctx.ask({"op": "apply", "action": case["input"]["action"], **extra})
    _judge(case["expected"], response, case["input"]["state"], ctx, "apply")


def _legal(case: JsonDict, ctx: Context) -> None:
    answer = ok(ctx.ask({"op": "legal", **_reach(case, ctx)}), "legal")
    actions = field(answer, "actions", list, "legal")
    got = [canonical(action) for action in actions]
    want = {canonical(action) for action in case["expected"]["actions"]}
    if len(set(got)) != len(got):
        raise Verdict(FAIL, "legal: an action is listed twice")
    missing, extra = sorted(want - set(got)), sorted(set(got) - want)
    if missing or extra:
        parts = [
            f"{name} {_few(items)}"
            for name, items in (("missing", missing), ("unexpected", extra))
            if items
        ]
        raise Verdict(FAIL, "legal: " + "; ".join(parts))


def _few(items: list[str]) -> str:
    return "[" + ", ".join(items[:3]) + (", …" if len(items) > 3 else "") + "]"


def _score(case: JsonDict, ctx: Context) -> None:
    answer = ok(ctx.ask({"op": "score", **_reach(case, ctx)}), "score")
    if "sheet" not in case["expected"]:  # a rule family's own result (PROTO-FAMILY-KINDS)
        judge_result(case["expected"], answer, "score")
        return
    judge_score(case["expected"], answer, "score")


def judge_result(expected: JsonDict, answer: JsonDict, what: str) -> None:
    """A rule family's ``score``: its winners (in any order), then each seat's points."""
    winners = field(answer, "winners", list, what)
    if not all(isinstance(seat, int) and not isinstance(seat, bool) for seat in winners):
        raise Verdict(ERRORED, f"{what}: winners is not a list of seats")
    if sorted(winners) != sorted(expected["winners"]):
        raise Verdict(FAIL, f"{what}: winners {winners}, expected {expected['winners']}")
    points = answer.get("points", "missing")
    if points != expected["points"]:
        raise Verdict(FAIL, f"{what}: points {points}, expected {expected['points']}")


def judge_score(expected: JsonDict, answer: JsonDict, what: str) -> None:
    """The sheet item by item (an item the engine leaves out counts 0), then the winners."""
    sheet = field(answer, "sheet", dict, what)
    if sheet.get("winner") != expected["sheet"]["winner"]:
        raise Verdict(
            FAIL, f"{what}: winner {sheet.get('winner')}, expected {expected['sheet']['winner']}"
        )
    lines = sheet.get("teams")
    want_lines = expected["sheet"]["teams"]
    if not isinstance(lines, list) or len(lines) != len(want_lines):
        raise Verdict(FAIL, f"{what}: expected {len(want_lines)} team lines")
    for want, line in zip(want_lines, lines, strict=True):
        if not isinstance(line, dict) or not isinstance(line.get("items"), dict):
            raise Verdict(ERRORED, f"{what}: a team line is not {{team, items, total}}")
        team = want["team"]
        items = line["items"]
        for item in sorted(want["items"].keys() | items.keys()):
            points, got = want["items"].get(item, 0), items.get(item, 0)
            if got != points:
                raise Verdict(FAIL, f"{what}: team {team} {item}: expected {points}, got {got}")
        if line.get("team") != team or line.get("total") != want["total"]:
            total = line.get("total")
            raise Verdict(FAIL, f"{what}: team {team} total: expected {want['total']}, got {total}")
    winners = field(answer, "match_winners", list, what)
    if not all(isinstance(team, int) for team in winners):
        raise Verdict(ERRORED, f"{what}: match_winners is not a list of teams")
    if sorted(winners) != expected["match_winners"]:
        raise Verdict(
            FAIL, f"{what}: match winners {winners}, expected {expected['match_winners']}"
        )


def _trace(case: JsonDict, ctx: Context) -> None:
    actions = case["input"]["actions"]
    state = _replay(case, ctx, len(actions), "trace")
    same_state(case["expected"]["final_state"], state, "trace: the final state differs")
    if "score" not in case["expected"]:  # a family without score sheets: its winners are
        return  # in the final state (PROTO-FAMILIES)
    request: JsonDict = {"op": "score", "state": state} if ctx.load_state else {"op": "score"}
    judge_score(case["expected"]["score"], ok(ctx.ask(request), "trace: score"), "trace: score")


def _protocol(case: JsonDict, ctx: Context) -> None:
    """One request as the case writes it: the answer's ``ok``, its error kind, and where the
    case gives them its outcome and state (protocol.md's decided points)."""
    response = ctx.ask(case["input"]["request"])
    expected = case["expected"]
    if not expected["ok"]:
        error = response.get("error")
        if response.get("ok") is False and isinstance(error, dict):
            if error.get("kind") == expected["error"]:
                return
            raise Verdict(FAIL, f"request: expected a {expected['error']!r} error, got {error}")
        raise Verdict(FAIL, f"request: expected a {expected['error']!r} error, got a success")
    answer = ok(response, "request")
    if "outcome" in expected and answer.get("outcome") != expected["outcome"]:
        raise Verdict(
            FAIL, f"request: outcome {answer.get('outcome')!r}, expected {expected['outcome']!r}"
        )
    if "state" in expected:
        same_state(
            expected["state"], state_of(answer, "request", ctx), "request: the state differs"
        )


RUNNERS: dict[str, Callable[[JsonDict, Context], None]] = {
    "shuffle": _shuffle,
    "setup": _setup,
    "step": _step,
    "legal": _legal,
    "score": _score,
    "trace": _trace,
    "protocol": _protocol,
}
