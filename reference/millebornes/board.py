"""The table as a person sees it: each team's piles, distance and safeties, and a hand.

Shared by ``millebornes play`` (before each of the human's moves) and ``millebornes
explain`` (the state a legal action leads to).
"""

from __future__ import annotations

from millebornes.actions import Action, Draw
from millebornes.state import Phase, State
from millebornes.transcript import describe, tableau_line

WAITING_FOR = {
    Phase.DEAL: "to deal",
    Phase.DRAW: "to draw",
    Phase.PLAY: "to play or discard a card",
    Phase.COUP_FOURRE: "to call coup-fourré or decline",
    Phase.EXTENSION: "to stop at the goal or call the extension",
    Phase.ROUND_OVER: "to deal the next round",
}
"""What the actor must do in each phase (TURN-ACTOR)."""


def whose_move(state: State) -> str:
    if state.phase is Phase.MATCH_OVER or state.actor is None:
        return "the match is over"
    return f"seat {state.actor} {WAITING_FOR[state.phase]}"


def table_lines(state: State, seat: int | None = None) -> list[str]:
    """Round, goal, draw pile, every team's tableau and match score; ``seat``'s hand if given."""
    lines = [
        f"round {state.round_number}, goal {state.goal} km, draw pile {len(state.draw_pile)}"
        f" cards; next: {whose_move(state)}"
    ]
    for team in range(state.teams):
        seats = ", ".join(str(s) for s in state.members(team))
        mark = "  <- you" if seat is not None and state.team_of(seat) == team else ""
        lines.append(
            f"  {tableau_line(state, team)}; match {state.scores[team]} (seats {seats}){mark}"
        )
    if seat is not None:
        cards = state.hands[seat]
        hand = ", ".join(
            card.name + (f" x{cards.count(card)}" if cards.count(card) > 1 else "")
            for card in sorted(set(cards))
        )
        lines.append(f"  your hand (seat {seat}): {hand or '-'}")
    return lines


def move_text(state: State, action: Action, *, hide_draw: bool = False) -> str:
    """What ``action`` does in ``state``, in words; ``hide_draw`` keeps a drawn card secret
    (another player's draw), and a draw from an empty pile is named as such."""
    if isinstance(action, Draw) and (hide_draw or not state.draw_pile):
        pile = "a card" if state.draw_pile else "from the empty draw pile"
        return f"seat {action.seat} draws {pile}"
    return describe(state, action)
