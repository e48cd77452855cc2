"""The table as a person sees it: each team's piles, distance and safeties, and a hand.

Shared by ``millebornes play`` (before each of the human's moves) and ``millebornes
explain`` (the state a legal action leads to).
"""

from __future__ import annotations

from millebornes.families.classic.actions import Action, Draw
from millebornes.families.classic.state import State
from millebornes.families.classic.transcript import describe, status_line, tableau_line


def table_lines(state: State, seat: int | None = None) -> list[str]:
    """Round, goal, draw pile, every team's tableau and match score; ``seat``'s hand if given."""
    lines = [status_line(state)]
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
