"""Behaviours that no single case may pin alone: the suite counts the cases showing each.

An alternative reading of one of these points fails only the cases that show it; with
one such case, a regenerated suite that happens to lose it leaves the point open. Each
behaviour is recognised from what a case holds (a step's states before and after, a
score case's state, every step of a replayed trace), never from its name or tags, so the
count says what the cases really exercise. The test of the suite keeps each count at
:data:`FLOOR` or more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from millebornes.conformance.canon import JsonDict
from millebornes.conformance.runner import SuiteFiles
from millebornes.conformance.tags import step_tags
from millebornes.families.classic.actions import Action, CoupFourre, Deal, Extension
from millebornes.families.classic.engine import apply, new_match
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.serialize import action_from_dict, state_from_dict
from millebornes.families.classic.state import Phase, State

FLOOR = 3
"""The fewest cases that must show each behaviour."""

BEHAVIOURS: dict[str, str] = {
    "extended-by-team": "the extension called by a seat whose number is not its team's: "
    "`extended_by` names the team (STATE-EXTENDED-BY)",
    "coup-fourre-discard-order": "a coup-fourré that clears two hazards, which go to the "
    "discard pile in a stated order (STATE-PILE-ORDER, RUL-RIGHT-OF-WAY-CLEARS)",
    "extension-points-shut-out": "a lost extension whose points go to a team with no "
    "distance (SCORE-EXTENSION, RUL-SHUTOUT-TEAM)",
    "passed-over": "a seat with no card passed over once the draw pile is empty "
    "(RUL-EMPTY-DRAW-PILE)",
}
"""Each behaviour, by name, with what a case must show to count for it."""


def step_behaviours(before: State, action: Action, after: State) -> set[str]:
    """The behaviours one applied action shows (and the round it may end)."""
    shown: set[str] = set()
    if (
        isinstance(action, Extension)
        and after.extended_by is not None
        and after.extended_by != action.seat
    ):
        shown.add("extended-by-team")
    cleared = len(after.discard_pile) - len(before.discard_pile)
    if isinstance(action, CoupFourre) and cleared >= 2:  # one safety, two hazards
        shown.add("coup-fourre-discard-order")
    if "passed-over" in step_tags(before, action, after).features:
        shown.add("passed-over")
    if after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER) and before.phase is not after.phase:
        shown |= scored_behaviours(after)
    return shown


def scored_behaviours(state: State) -> set[str]:
    """The behaviours the score sheet of a finished round shows."""
    sheet = score_round(state)
    shut_out_paid = any(
        line.extension > 0 and not state.tableaus[line.team].distance for line in sheet.teams
    )
    return {"extension-points-shut-out"} if shut_out_paid else set()


def _trace_steps(case: JsonDict) -> Iterator[tuple[State, Action, State]]:
    """Every applied action of a trace, replayed by the reference engine."""
    state = new_match(case["edition"], case["players"], tuple(case["options"]))
    deal = action_from_dict({"type": "deal", "seat": 0, "deck": case["input"]["deck"]})
    assert isinstance(deal, Deal)
    state = apply(state, deal)
    for data in case["input"]["actions"]:
        action = action_from_dict(data)
        after = apply(state, action)
        yield state, action, after
        state = after


def case_behaviours(case: JsonDict) -> set[str]:
    """The behaviours one case shows."""
    kind, given, expected = case["kind"], case["input"], case["expected"]
    if kind == "score":
        return scored_behaviours(state_from_dict(given["state"]))
    if kind == "step" and expected.get("outcome") == "applied":
        before = state_from_dict(given["state"])
        after = state_from_dict(expected["state"])
        return step_behaviours(before, action_from_dict(given["action"]), after)
    if kind == "trace":
        shown: set[str] = set()
        for before, action, after in _trace_steps(case):
            shown |= step_behaviours(before, action, after)
        return shown
    return set()


def count(suite: SuiteFiles) -> dict[str, int]:
    """How many cases of ``suite`` show each behaviour (every behaviour listed, 0 included)."""
    counts: Counter[str] = Counter(dict.fromkeys(BEHAVIOURS, 0))
    for entry in suite.entries:
        if entry["kind"] in ("step", "score", "trace"):
            counts.update(case_behaviours(suite.case(entry["id"])))
    return dict(counts)
