"""Is a state well formed, and may it be loaded? The checks a state from outside must pass.

Two levels:

* :func:`state_problems`, *well formed*: the right number of seats, teams and scores,
  seats and teams that exist, options the edition offers, hands in card order, memo
  cards only set aside, the round counter and the phase agreeing, and an extension
  decision only where the edition opens one (EXT-DECISION). Every other check, and
  every rule, may assume these; :func:`millebornes.position.position` builds test
  positions that satisfy them and nothing more.
* :func:`load_problems`, *loadable*: well formed, and every state invariant of
  spec/invariants.md holds (:data:`millebornes.state_checks.STATE_CHECKS`: the box
  conserved, hand sizes, distance within the goal, at most two 200s, one actor, the
  coup-fourré window, lawful piles, an actor who can act, scores and the match end).
  This is what :func:`millebornes.serialize.state_from_dict` and ``millebornes
  serve`` require, so that no state the engine accepts is one play cannot reach in
  shape, and none can make a rule fail. spec/conformance/malformed.md lists them.
"""

from __future__ import annotations

from millebornes.cards import CATEGORY, Card, Category
from millebornes.edition import load_edition
from millebornes.engine import _may_extend as may_extend  # EXT-DECISION, stated once
from millebornes.errors import MalformedInput
from millebornes.state import Phase, State
from millebornes.state_checks import STATE_CHECKS


def state_problems(state: State) -> list[str]:
    """Everything that makes ``state`` not well formed, in words; empty when it is."""
    try:
        rules = load_edition(state.edition)
    except MalformedInput as error:
        return [str(error)]
    if state.players not in rules.teams_by_seats:
        return [f"{state.edition} is not played by {state.players} players (SEAT-COUNTS)"]
    problems: list[str] = []
    teams = rules.teams_by_seats[state.players]
    if list(state.options) != sorted(set(state.options)):
        problems.append("options must be sorted and distinct")
    for name in state.options:
        if name not in rules.options or state.players not in rules.options[name].seats:
            problems.append(f"option {name!r} is not offered at {state.players} players")
    if len(state.hands) != state.players:
        problems.append(f"{len(state.hands)} hands for {state.players} players")
    if len(state.tableaus) != teams or len(state.scores) != teams:
        problems.append(f"{teams} teams need {teams} tableaus and {teams} scores")
    if problems:
        return problems
    return _seat_problems(state) + _zone_problems(state)


def load_problems(state: State) -> list[str]:
    """Everything that keeps ``state`` from being loaded: its shape first (the invariants
    read seats and teams that must exist), then ``ID: problem`` for every broken state
    invariant. Empty when the engine may take it."""
    problems = state_problems(state)
    if problems:
        return problems
    return [
        f"{invariant}: {problem}"
        for invariant, check in STATE_CHECKS.items()
        for problem in check(state)
    ]


def _seat_problems(state: State) -> list[str]:
    problems = []
    n = state.players
    if state.actor is not None and not 0 <= state.actor < n:
        problems.append(f"actor {state.actor} is not a seat")
    if not 0 <= state.turn < n or not 0 <= state.dealer < n:
        problems.append("turn and dealer must be seats")
    if state.round_number < 0 or (state.phase is Phase.DEAL) != (state.round_number == 0):
        problems.append("round 0 is exactly the phase before the first deal")
    if state.pending_hazard is not None and CATEGORY[state.pending_hazard] is not Category.HAZARD:
        problems.append("the pending card is not a hazard")
    rules = state.rules
    if state.extended_by is not None and (
        not rules.switch("SW-EXTENSION") or not 0 <= state.extended_by < len(state.tableaus)
    ):
        problems.append(
            f"extended_by {state.extended_by} is not a team of an edition with SW-EXTENSION"
        )
    elif state.phase is Phase.EXTENSION and not may_extend(state):
        problems.append("an extension decision where EXT-DECISION offers none")
    return problems


def _zone_problems(state: State) -> list[str]:
    # The kinds of card each pile of a tableau holds are judged by the invariants
    # (INV-PILES-WELL-FORMED, INV-DISTANCE-BOUND, INV-SAFETY-ONCE); here, only what
    # no invariant reads: the order of hands and where memo cards are.
    problems = []
    limit = state.rules.hand_size + 1
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            problems.append(f"hand {seat} is not in card order")
        if len(hand) > limit:
            problems.append(f"hand {seat} holds {len(hand)} cards, more than {limit}")
        if Card.MEMO in hand:
            problems.append(f"hand {seat} holds a memo card (SETUP-MEMO)")
    if any(card is not Card.MEMO for card in state.set_aside):
        problems.append("only memo cards are set aside")
    return problems
