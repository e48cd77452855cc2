"""Is a state well formed? The checks that a state read from outside must pass.

These are structural: the right number of seats, teams and scores, every card of
the box in exactly one zone (BOX-CONTENTS), cards only in zones that can hold
them, and a phase that agrees with who acts. The deeper invariants of play
(named, with the rules they protect) live in the invariants package.
"""

from __future__ import annotations

from collections import Counter

from millebornes.cards import CATEGORY, PILE, Card, Category, Pile
from millebornes.edition import load_edition
from millebornes.errors import MalformedInput
from millebornes.state import Phase, State


def state_problems(state: State) -> list[str]:
    """Everything wrong with ``state``, in words; empty when it is well formed."""
    try:
        rules = load_edition(state.edition)
    except MalformedInput as error:
        return [str(error)]
    problems: list[str] = []
    if state.players not in rules.teams_by_seats:
        return [f"{state.edition} is not played by {state.players} players (SEAT-COUNTS)"]
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
    problems += _seat_problems(state)
    problems += _zone_problems(state)
    counts = Counter(state.all_cards())
    box = dict(rules.box_for(state.players))
    if counts != Counter(box):
        diff = {
            card.name: counts.get(card, 0) - n
            for card, n in (box | {c: 0 for c in counts if c not in box}).items()
            if counts.get(card, 0) != n
        }
        problems.append(f"the cards are not the box's (extra or missing per kind: {diff})")
    return problems


def _seat_problems(state: State) -> list[str]:
    problems = []
    n = state.players
    if (state.actor is None) != (state.phase is Phase.MATCH_OVER):
        problems.append("nobody acts exactly when the match is over")
    if state.actor is not None and not 0 <= state.actor < n:
        problems.append(f"actor {state.actor} is not a seat")
    if not 0 <= state.turn < n or not 0 <= state.dealer < n:
        problems.append("turn and dealer must be seats")
    if state.round_number < 0 or (state.phase is Phase.DEAL) != (state.round_number == 0):
        problems.append("round 0 is exactly the phase before the first deal")
    if (state.pending_hazard is not None) != (state.phase is Phase.COUP_FOURRE):
        problems.append("a pending hazard exists exactly in the coup-fourré window")
    if state.pending_hazard is not None and CATEGORY[state.pending_hazard] is not Category.HAZARD:
        problems.append("the pending card is not a hazard")
    if state.extended_by is not None and (
        not state.rules.switch("SW-EXTENSION") or not 0 <= state.extended_by < len(state.tableaus)
    ):
        problems.append(
            f"extended_by {state.extended_by} is not a team of an edition with SW-EXTENSION"
        )
    return problems


def _zone_problems(state: State) -> list[str]:
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
    for team, t in enumerate(state.tableaus):
        where = f"tableau {team}"
        if any(PILE[c] is not Pile.BATTLE for c in t.battle):
            problems.append(f"{where}: battle pile holds a card of another pile (PILE-BATTLE)")
        if any(PILE[c] is not Pile.SPEED for c in t.speed):
            problems.append(f"{where}: speed pile holds a card of another pile (PILE-SPEED)")
        if any(CATEGORY[c] is not Category.DISTANCE for c in t.distance):
            problems.append(f"{where}: a non-distance card among the distance cards")
        if any(CATEGORY[c] is not Category.SAFETY for c in t.safeties):
            problems.append(f"{where}: a non-safety card among the safeties")
        if len(set(t.safeties)) != len(t.safeties):
            problems.append(f"{where}: a safety laid twice")
        if not set(t.coups_fourres) <= set(t.safeties) or len(set(t.coups_fourres)) != len(
            t.coups_fourres
        ):
            problems.append(f"{where}: a coup-fourré mark on a safety not laid")
    return problems
