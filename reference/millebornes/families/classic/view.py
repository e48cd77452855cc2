"""What one seat may see of a classic-family match: the seat's view, for bots.

A seat sees its own hand, every team's tableau, the discard pile (face up), the
number of cards in each hand and in the draw pile, and the match's public facts
(phase, turn, goal, scores, the hazard a coup-fourré window is about). It never sees
another seat's hand or the draw pile's order: two states that differ only there give
the seat the same :class:`ClassicView`.
"""

from __future__ import annotations

from dataclasses import dataclass

from millebornes.families.classic.cards import Card
from millebornes.families.classic.edition import Edition
from millebornes.families.classic.state import Phase, State, Tableau


@dataclass(frozen=True, slots=True)
class ClassicView:
    """One seat's view of a classic-family match (every field is public but ``hand``)."""

    seat: int
    edition: str
    options: tuple[str, ...]
    players: int
    phase: Phase
    actor: int | None
    turn: int
    dealer: int
    round_number: int
    hand: tuple[Card, ...]
    """The seat's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    """How many cards each seat holds."""
    draw_count: int
    """How many cards the draw pile holds (never their order)."""
    discard_pile: tuple[Card, ...]
    """Face up, top card last."""
    tableaus: tuple[Tableau, ...]
    pending_hazard: Card | None
    extended_by: int | None
    scores: tuple[int, ...]
    goal: int
    """The goal in force (GOAL-DISTANCE, EXT-GOAL)."""
    rules: Edition
    """The edition's rules with the match's options in force."""

    @property
    def teams(self) -> int:
        return len(self.tableaus)

    def team_of(self, seat: int) -> int:
        return seat % len(self.tableaus)


def seat_view(state: State, seat: int) -> ClassicView:
    """What ``seat`` may see of ``state``."""
    return ClassicView(
        seat=seat,
        edition=state.edition,
        options=state.options,
        players=state.players,
        phase=state.phase,
        actor=state.actor,
        turn=state.turn,
        dealer=state.dealer,
        round_number=state.round_number,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        draw_count=len(state.draw_pile),
        discard_pile=state.discard_pile,
        tableaus=state.tableaus,
        pending_hazard=state.pending_hazard,
        extended_by=state.extended_by,
        scores=state.scores,
        goal=state.goal,
        rules=state.rules,
    )
