"""Is a state well formed, and may it be loaded? The checks a state from outside must pass.

spec/conformance/malformed.md names every check; each problem found starts with the
ID of the check it breaks. Two levels:

* :func:`state_problems`, *well formed*: the edition and seat count (LOAD-EDITION),
  the options (LOAD-OPTIONS), seats and teams that exist (LOAD-SEATS), the round
  counter (LOAD-ROUND), hands in card order (LOAD-HAND-ORDER) and within the hand size
  plus one (LOAD-HAND-LIMIT), memo cards only set aside (LOAD-MEMO), a pending card
  that is a hazard (LOAD-PENDING-HAZARD), and the extension only where the edition has
  it and an extension decision only where EXT-DECISION opens one (LOAD-EXTENSION).
  Every other check, and every rule, may assume these;
  :func:`millebornes.families.classic.position.position` builds test positions that satisfy them and
  nothing more.
* :func:`load_problems`, *loadable*: well formed, and every state invariant of
  spec/invariants.md holds (:data:`millebornes.families.classic.state_checks.STATE_CHECKS`). This is
  what :func:`millebornes.families.classic.serialize.state_from_dict` and ``millebornes serve``
  require, so that no state the engine accepts can make a rule fail.
"""

from __future__ import annotations

from millebornes.core.errors import MalformedInput
from millebornes.families.classic.cards import CATEGORY, Card, Category
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import (
    _may_extend as may_extend,  # EXT-DECISION, stated once
)
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.state_checks import STATE_CHECKS


def state_problems(state: State) -> list[str]:
    """Everything that makes ``state`` not well formed, in words; empty when it is."""
    try:
        rules = load_edition(state.edition)
    except MalformedInput as error:
        return [f"LOAD-EDITION: {error}"]
    if state.players not in rules.teams_by_seats:
        return [f"LOAD-EDITION: {state.edition} is not played by {state.players} (SEAT-COUNTS)"]
    problems: list[str] = []
    teams = rules.teams_by_seats[state.players]
    if list(state.options) != sorted(set(state.options)):
        problems.append("LOAD-OPTIONS: options must be sorted and distinct")
    for name in state.options:
        if name not in rules.options or state.players not in rules.options[name].seats:
            problems.append(f"LOAD-OPTIONS: {name!r} is not offered at {state.players} players")
    if len(state.hands) != state.players:
        problems.append(f"LOAD-SEATS: {len(state.hands)} hands for {state.players} players")
    if len(state.tableaus) != teams or len(state.scores) != teams:
        problems.append(f"LOAD-SEATS: {teams} teams need {teams} tableaus and {teams} scores")
    if problems:
        return problems
    return _seat_problems(state) + _card_problems(state)


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
        problems.append(f"LOAD-SEATS: actor {state.actor} is not a seat")
    if not 0 <= state.turn < n or not 0 <= state.dealer < n:
        problems.append("LOAD-SEATS: turn and dealer must be seats")
    if state.round_number < 0 or (state.phase is Phase.DEAL) != (state.round_number == 0):
        problems.append("LOAD-ROUND: round 0 is exactly the phase before the first deal")
    rules = state.rules
    if state.extended_by is not None and (
        not rules.switch("SW-EXTENSION") or not 0 <= state.extended_by < len(state.tableaus)
    ):
        problems.append(
            f"LOAD-EXTENSION: extended_by {state.extended_by} is not a team of an edition "
            "with SW-EXTENSION"
        )
    elif state.phase is Phase.EXTENSION and not may_extend(state):
        problems.append("LOAD-EXTENSION: an extension decision where EXT-DECISION offers none")
    return problems


def _card_problems(state: State) -> list[str]:
    # The kinds of card each pile of a tableau holds are judged by the invariants
    # (INV-PILES-WELL-FORMED, INV-DISTANCE-BOUND, INV-SAFETY-ONCE); here, only what no
    # invariant reads: the order of hands, their limit in every phase, the memo cards.
    problems = []
    limit = state.rules.hand_size + 1
    for seat, hand in enumerate(state.hands):
        if list(hand) != sorted(hand):
            problems.append(f"LOAD-HAND-ORDER: hand {seat} is not in card order")
        if len(hand) > limit:
            problems.append(f"LOAD-HAND-LIMIT: hand {seat} holds {len(hand)} cards, over {limit}")
        if Card.MEMO in hand:
            problems.append(f"LOAD-MEMO: hand {seat} holds a memo card (SETUP-MEMO)")
    if any(card is not Card.MEMO for card in state.set_aside):
        problems.append("LOAD-MEMO: only memo cards are set aside")
    if state.pending_hazard is not None and CATEGORY[state.pending_hazard] is not Category.HAZARD:
        problems.append("LOAD-PENDING-HAZARD: the pending card is not a hazard")
    return problems
