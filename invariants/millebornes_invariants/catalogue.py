"""The catalogue: each invariant is a pure predicate over a state, with a stable ID
(spec/invariants.md) and the rule IDs it protects.

A predicate returns a list of problems in words (empty when the state satisfies
it), so that a failing property test says what is wrong, not just that something is.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from millebornes import Card, Category, Phase, State
from millebornes.cards import CATEGORY, SAFETY_OF

IN_ROUND = (Phase.DRAW, Phase.PLAY, Phase.COUP_FOURRE)


@dataclass(frozen=True, slots=True)
class Invariant:
    id: str
    protects: tuple[str, ...]
    check: Callable[[State], list[str]]

    @property
    def doc(self) -> str:
        return (self.check.__doc__ or "").strip()


def card_conservation(state: State) -> list[str]:
    """Every card of the edition's box is in exactly one zone (110 for the classic box)."""
    counts = Counter(state.all_cards())
    box = Counter(dict(state.rules.box_for(state.players)))
    if counts == box:
        return []
    return [f"cards gained {dict(counts - box)} and lost {dict(box - counts)}"]


def hand_sizes(state: State) -> list[str]:
    """While the draw pile lasts, every hand holds the hand size, the player who has drawn
    one more; once it is empty, hands only shrink and nobody but that player holds more."""
    if state.phase not in IN_ROUND:
        return []
    size = state.rules.hand_size
    problems = []
    for seat, hand in enumerate(state.hands):
        holding_draw = seat == state.actor and state.phase is Phase.PLAY
        limit = size + 1 if holding_draw else size
        if len(hand) > limit or (state.draw_pile and len(hand) != limit):
            problems.append(f"seat {seat} holds {len(hand)} cards in phase {state.phase}")
    return problems


def distance_bounds(state: State) -> list[str]:
    """A team's distance is the sum of its distance cards and never passes the goal; during
    a round it is below the goal (reaching it ends the round)."""
    problems = []
    for team, tableau in enumerate(state.tableaus):
        if tableau.km > state.goal:
            problems.append(f"team {team} is at {tableau.km} km, past the goal {state.goal}")
        if state.phase in IN_ROUND and tableau.km == state.goal:
            problems.append(f"team {team} reached the goal but the round goes on")
    return problems


def at_most_two_200s(state: State) -> list[str]:
    """No team has laid more 200 km cards in a round than the edition allows (two)."""
    allowed = state.rules.max_200_per_round
    return [
        f"team {team} laid {tableau.count_200()} cards of 200 km"
        for team, tableau in enumerate(state.tableaus)
        if tableau.count_200() > allowed
    ]


def safeties_once(state: State) -> list[str]:
    """Each safety is in play at most once, and coup-fourré marks lie only on safeties laid."""
    laid = Counter(card for tableau in state.tableaus for card in tableau.safeties)
    problems = [f"{card.name} laid {n} times" for card, n in laid.items() if n > 1]
    for team, tableau in enumerate(state.tableaus):
        if not set(tableau.coups_fourres) <= set(tableau.safeties):
            problems.append(f"team {team} has a coup-fourré mark on a safety it did not lay")
        if any(CATEGORY[card] is not Category.SAFETY for card in tableau.safeties):
            problems.append(f"team {team} has a non-safety among its safeties")
    return problems


def one_actor(state: State) -> list[str]:
    """Exactly one seat is expected to act unless the match is over."""
    over = state.phase is Phase.MATCH_OVER
    if over != (state.actor is None):
        return [f"actor {state.actor} in phase {state.phase}"]
    return []


def pending_window(state: State) -> list[str]:
    """A coup-fourré window is open exactly when the actor holds the safety matching a
    hazard that lies on top of its team's pile."""
    if state.phase is not Phase.COUP_FOURRE:
        return [] if state.pending_hazard is None else ["a pending hazard outside the window"]
    hazard, actor = state.pending_hazard, state.actor
    if hazard is None or actor is None:
        return ["a window without a hazard or an actor"]
    tableau = state.tableaus[state.team_of(actor)]
    on_top = (tableau.speed_top if hazard is Card.SPEED_LIMIT else tableau.battle_top) is hazard
    if not on_top or SAFETY_OF[hazard] not in state.hands[actor]:
        return [f"window for {hazard.name} but seat {actor} cannot answer it"]
    return []


CATALOGUE: tuple[Invariant, ...] = (
    Invariant("INV-CARD-CONSERVATION", ("BOX-CONTENTS", "SETUP-MEMO"), card_conservation),
    Invariant("INV-HAND-SIZE", ("TURN-HAND-SIZE", "TURN-DRAW", "CF-REPLACEMENT"), hand_sizes),
    Invariant("INV-DISTANCE-BOUND", ("DIST-EXACT-GOAL", "END-GOAL"), distance_bounds),
    Invariant("INV-MAX-TWO-200", ("DIST-MAX-200",), at_most_two_200s),
    Invariant("INV-SAFETY-ONCE", ("BOX-CONTENTS", "CF-EFFECT"), safeties_once),
    Invariant("INV-ONE-ACTOR", ("TURN-ACTOR", "MATCH-TARGET"), one_actor),
    Invariant("INV-COUP-FOURRE-WINDOW", ("CF-WINDOW", "RUL-CF-WHO"), pending_window),
)


def broken_invariants(state: State) -> list[str]:
    """``ID: problem`` for every problem of every invariant; empty when all hold."""
    return [f"{inv.id}: {problem}" for inv in CATALOGUE for problem in inv.check(state)]
