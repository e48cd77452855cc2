"""The classic family at the terminal (classic, Cars, Astérix, Allonge): each team's piles,
distance and safeties, moves in words, and moves typed by name."""

from __future__ import annotations

from typing import Any

from millebornes.apps.moves import Choice, whole_number
from millebornes.core.errors import MalformedInput
from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import CATEGORY, KM, SAFETY_OF, Card, Category
from millebornes.families.classic.scoring import match_winners
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.transcript import describe, status_line, tableau_line

HELP = (
    "moves: a number from the list, or by name: play CARD [TEAM] (play D100, play STOP 1),"
    " discard CARD, cf, decline, extend, stop; help lists them; q quits"
)

_DISTANCE_BY_KM = {str(KM[card]): card for card in Card if CATEGORY[card] is Category.DISTANCE}


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


def end_lines(state: State) -> list[str]:
    if state.phase is not Phase.MATCH_OVER:
        return []
    return [f"match over; winning teams: {', '.join(map(str, match_winners(state)))}"]


def auto(state: State, legal: tuple[Any, ...]) -> Any | None:
    """The draw is the only move at the start of a turn (TURN-DRAW): made for the human."""
    return legal[0] if len(legal) == 1 and isinstance(legal[0], Draw) else None


def menu(state: State, legal: tuple[Any, ...], seat: int) -> list[Choice]:
    return [Choice(move_text(state, action), (action,)) for action in legal]


def parse_card(word: str) -> Card:
    """A card by its spec id, any case (``d100``, ``speed_limit``), or a distance by km."""
    name = word.upper().replace("-", "_")
    if name in Card.__members__:
        return Card[name]
    if name in _DISTANCE_BY_KM:
        return _DISTANCE_BY_KM[name]
    shown = word if len(word) <= 20 else word[:20] + "…"
    raise MalformedInput(f"unknown card {shown!r}; cards: {', '.join(Card.__members__)}")


def _target(state: State, seat: int, card: Card, words: list[str]) -> int:
    if words:
        team = whole_number(words[0])
        if team is None or team >= state.teams:
            shown = words[0] if len(words[0]) <= 12 else words[0][:12] + "…"
            raise MalformedInput(f"no team {shown!r}: teams are 0 to {state.teams - 1}")
        return team
    own = state.team_of(seat)
    if CATEGORY[card] is not Category.HAZARD:
        return own
    opponents = [team for team in range(state.teams) if team != own]
    if len(opponents) > 1:
        raise MalformedInput(f"say which team: play {card.name} {opponents[0]}")
    return opponents[0]


def parse_move(text: str, state: State, seat: int) -> Action:
    """The action ``seat`` names by ``text``; MalformedInput (one line) if it names none."""
    words = text.split()
    if not words:
        raise MalformedInput(f"not a move: {text!r} ({HELP})")
    verb, words = words[0].lower(), words[1:]
    if verb == "draw":
        return Draw(seat)
    if verb in ("play", "discard") and words:
        card = parse_card(words[0])
        if verb == "discard":
            return Discard(seat, card)
        return Play(seat, card, _target(state, seat, card, words[1:]))
    if verb in ("cf", "coup-fourre", "coup-fourré"):
        if words:
            return CoupFourre(seat, parse_card(words[0]))
        safety = SAFETY_OF[state.pending_hazard] if state.pending_hazard is not None else None
        if safety is None:
            raise MalformedInput("no hazard to answer: say which safety, e.g. cf DRIVING_ACE")
        return CoupFourre(seat, safety)
    if verb == "decline":
        return Decline(seat)
    if verb in ("extend", "stop"):
        return Extension(seat, verb == "extend")
    shown = text if len(text) <= 40 else text[:40] + "…"
    raise MalformedInput(f"not a move: {shown!r} ({HELP})")
