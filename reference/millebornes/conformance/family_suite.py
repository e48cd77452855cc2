"""The case writing that every rule family's conformance suite shares.

A family (Fun & Speed, As du Volant) writes its cases in the classic case
format (spec/conformance/format.md) with its own state and action JSON, into
its own folder ``conformance/families/<edition>/`` with an index: this module
builds the common case fields, the trace and rejection cases, the index and the
files, so that each family's ``suite`` module says only how to play its games.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from millebornes.conformance.canon import CASE_FORMAT, INDEX_FORMAT, digest, dumps, spec_version
from millebornes.conformance.families import entry, start_extras
from millebornes.core.errors import MalformedInput
from millebornes.core.family import RuleFamily

JsonDict = dict[str, Any]

INDEX_KEYS = ("id", "kind", "edition", "players", "options", "rules", "features", "description")

MALFORMED_ACTION = "malformed-action"
"""The feature of a step case whose state is sound and whose action is malformed input."""

NEEDS = {"trace": [], "setup": [], "shuffle": ["shuffle"]}
"""The capabilities a case of each kind needs (PROTO-HELLO); the kinds not named give
their state directly and need ``load_state``."""


@dataclass(frozen=True, slots=True)
class Family:
    """What a family's cases say about where they come from."""

    edition: str
    generator: str

    @property
    def folder(self) -> Path:
        return Path("families") / self.edition

    def case(
        self,
        kind: str,
        slug: str,
        players: int,
        ids: Iterable[str],
        text: str,
        *,
        options: Sequence[str] = (),
        seed: int | None = None,
        method: str = "playout",
    ) -> JsonDict:
        """The fields every case has; ``seed`` defaults to the seat count (the playouts')."""
        prefix = f"{self.edition}-{players}p" + "".join(f"-{o}" for o in options)
        return {
            "format": CASE_FORMAT,
            "spec_version": spec_version(),
            "id": f"{prefix}-{kind}-{slug}",
            "kind": kind,
            "edition": self.edition,
            "players": players,
            "options": list(options),
            "rules": sorted(set(ids)),
            "features": [self.edition],
            "description": text,
            "provenance": {
                "generator": self.generator,
                "method": method,
                "seed": players if seed is None else seed,
            },
        }


def with_trace(
    case: JsonDict, given: JsonDict, states: Sequence[Any], to_dict: Callable[[Any], JsonDict]
) -> JsonDict:
    """``case`` made a trace: ``given`` (the deck, actions and the rest) in; the digest of
    every state, the final state and its winners out."""
    case["input"] = given
    case["expected"] = {
        "digests": [digest(to_dict(s)) for s in states],
        "final_state": to_dict(states[-1]),
        "winners": list(states[-1].winners),
    }
    return case


def rejection(case: JsonDict, state: JsonDict, action: JsonDict, rules: Sequence[str]) -> JsonDict:
    """``case`` made a rejection step: ``action`` in ``state`` breaks ``rules``."""
    case["input"] = {"state": state, "action": action}
    case["expected"] = {"outcome": "rejected", "rules": list(rules)}
    case["rejects"] = list(rules)
    return case


def malformed_action(
    case: JsonDict, judge: RuleFamily[Any, Any], state: Any, action: JsonDict
) -> JsonDict:
    """``case`` made a step whose ``action`` the ``state`` cannot judge: malformed input,
    not an illegal move (PROTO-ERRORS). The generator stops if the reference judges it."""
    try:
        judge.violations(state, judge.action_from_dict(action))
    except MalformedInput:
        pass
    else:
        raise RuntimeError(f"{case['id']}: the reference judges the action")
    case["features"] = [*case["features"], "malformed", MALFORMED_ACTION]
    case["input"] = {"state": judge.state_to_dict(state), "action": action}
    case["expected"] = {"outcome": "malformed"}
    return case


def alone(broken: Sequence[str], only_with_another: frozenset[str]) -> str | None:
    """The rule an action breaks alone (or with one other, for the rules no action can break
    by itself), else None: what a rejection case should isolate."""
    rule = broken[-1] if broken else ""
    if len(broken) == 1 or (len(broken) == 2 and rule in only_with_another):
        return rule
    return None


def files(family: Family, cases: Iterable[JsonDict]) -> dict[str, str]:
    """The suite's files, relative to ``conformance/``: one per case and an index."""
    out: dict[str, str] = {}
    index = []
    for case in cases:
        path = (family.folder / "cases" / case["kind"] / f"{case['id']}.json").as_posix()
        out[path] = dumps(case)
        entry = {k: case[k] for k in INDEX_KEYS}
        entry["path"] = path
        entry["needs"] = NEEDS.get(case["kind"], ["load_state"])
        if "rejects" in case:
            entry["rejects"] = case["rejects"]
        index.append(entry)
    out[(family.folder / "index.json").as_posix()] = dumps({"format": INDEX_FORMAT, "cases": index})
    return out


def write(suite_dir: Path, family: Family, written: dict[str, str]) -> int:
    """Write a family's files under ``suite_dir`` (the repository's ``conformance/``),
    replacing the old ones; the number of files written."""
    for old in sorted((suite_dir / family.folder).rglob("*.json"), reverse=True):
        old.unlink()
    for relative, text in written.items():
        path = suite_dir / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8", newline="\n")
    return len(written)


def rejections(
    candidates: Iterable[Any],
    broken: Callable[[Any], Sequence[str]],
    only_with_another: frozenset[str],
    done: set[str],
    make: Callable[[str, Any, Sequence[str]], JsonDict],
) -> list[JsonDict]:
    """For each rule not in ``done`` yet, a case (``make(rule, action, broken)``) for the
    first candidate action that breaks it alone; the rules covered join ``done``."""
    found = []
    for action in candidates:
        rules = broken(action)
        rule = alone(rules, only_with_another)
        if rule is not None and rule not in done:
            done.add(rule)
            found.append(make(rule, action, rules))
    return found


def check_case(case: JsonDict, family: RuleFamily[Any, Any]) -> list[str]:
    """What ``family`` gets wrong on ``case``: [] when it passes. The family object is passed
    in, so a mutant of it is judged the same way."""
    if case["kind"] in ("setup", "shuffle"):
        return check_start(case, family)
    if case["kind"] != "trace":
        return check_position(case, family)
    given = case["input"]
    start = family.new_game(
        case["edition"],
        case["players"],
        case["options"],
        seed=given.get("seed"),
        deck=given["deck"],
        board=given.get("board"),
    )
    problems, state = check_trace(case, start, family)
    if "points" in case["expected"] and family.score(state)["points"] != case["expected"]["points"]:
        problems.append("points differ")
    return problems


def check_trace(case: JsonDict, start: Any, judge: RuleFamily[Any, Any]) -> tuple[list[str], Any]:
    """Replay a trace case's actions from ``start``: what differs (digests, final state),
    and the final state."""
    state = start
    digests = [digest(judge.state_to_dict(state))]
    for data in case["input"]["actions"]:
        state = judge.apply(state, judge.action_from_dict(data))
        digests.append(digest(judge.state_to_dict(state)))
    problems = [] if digests == case["expected"]["digests"] else ["digests differ"]
    if judge.state_to_dict(state) != case["expected"]["final_state"]:
        problems.append("final state differs")
    return problems, state


def check_start(case: JsonDict, judge: RuleFamily[Any, Any]) -> list[str]:
    """What differs on a setup or shuffle case, asked as the protocol asks (PROTO-START,
    PROTO-FAMILY-KINDS): [] when the engine passes it."""
    view, given, expected = entry(judge), case["input"], case["expected"]
    players, edition = case["players"], case["edition"]
    if case["kind"] == "shuffle":
        if view.shuffle is None:
            return ["no shuffle"]
        deck = view.shuffle(edition, players, given["seed"], given["round"])
        return [] if deck == expected["deck"] else ["deck differs"]
    try:
        extras = start_extras(view, given)
        state = view.start(edition, players, tuple(case["options"]), given["deck"], extras)
    except MalformedInput:
        return [] if expected["outcome"] == "malformed" else ["valid start called malformed"]
    if expected["outcome"] == "malformed":
        return ["malformed start accepted"]
    return [] if view.state_to_dict(state) == expected["state"] else ["dealt state differs"]


def check_position(case: JsonDict, judge: RuleFamily[Any, Any]) -> list[str]:
    """What differs on a legal, score or step case: [] when the engine passes it."""
    expected = case["expected"]
    try:
        state = judge.state_from_dict(case["input"]["state"])
    except MalformedInput:
        return [] if expected.get("outcome") == "malformed" else ["valid state called malformed"]
    if expected.get("outcome") == "malformed" and MALFORMED_ACTION not in case["features"]:
        return ["malformed state loaded"]
    if case["kind"] == "score":
        return [] if judge.score(state) == expected else ["score differs"]
    if case["kind"] == "legal":
        got = [judge.action_to_dict(a) for a in judge.legal_actions(state)]
        return [] if got == expected["actions"] else ["legal actions differ"]
    try:
        action = judge.action_from_dict(case["input"]["action"])
        broken = judge.violations(state, action)
    except MalformedInput:  # an action the state cannot judge (PROTO-ERRORS)
        return [] if expected["outcome"] == "malformed" else ["valid action called malformed"]
    if expected["outcome"] == "malformed":
        return ["malformed action judged"]
    if expected["outcome"] == "rejected":
        return [] if sorted(broken) == sorted(expected["rules"]) else ["rejection differs"]
    after = judge.state_to_dict(judge.apply(state, action))
    return [] if after == expected["state"] else ["next state differs"]
