"""The closed union of As du Volant actions. Each names the seat that takes it.

The canonical order of kinds in ``legal_actions`` is the order of ``ACTIONS``.
"""

from __future__ import annotations

from dataclasses import dataclass

from millebornes.families.asduvolant.cards import DATA, AvCard


@dataclass(frozen=True, slots=True)
class DrawPile:
    """Draw the top card of the draw pile (AV-DRAW)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take the top card of the discard pile, to play it at once (AV-DRAW, AV-DISCARD-PLAY)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Move:
    """Show a distance card and move the car (AV-MOVE-EXACT), with an Accélération
    (AV-ACCEL) or not, into the shortcut from its entry square (AV-SHORTCUT) or not."""

    seat: int
    card: AvCard
    accelerated: bool
    shortcut: bool


@dataclass(frozen=True, slots=True)
class Attack:
    """Put ``card``'s token in front of ``target``'s car (AV-ATTACK)."""

    seat: int
    card: AvCard
    target: int


@dataclass(frozen=True, slots=True)
class Remedy:
    """Take the ``attack`` token off one's own car with ``card`` (AV-REMEDY, AV-TOW-TRUCK)."""

    seat: int
    card: AvCard
    attack: AvCard


@dataclass(frozen=True, slots=True)
class Safety:
    """Clip a safety's token on one's car, on one's turn (AV-SAFETY)."""

    seat: int
    card: AvCard


@dataclass(frozen=True, slots=True)
class Turbo:
    """Discard the Turbo, draw two cards, make two plays (AV-TURBO)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` on the discard pile without playing it: only when no card can be played
    (RUL-AV-DISCARD), or to trim a hand to six (RUL-AV-TURBO)."""

    seat: int
    card: AvCard


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End a turn of the jeu accéléré (AV-ACCELERATED, RUL-AV-ACCELERATED)."""

    seat: int


@dataclass(frozen=True, slots=True)
class CoupFourre:
    """Answer the pending attack with its safety, out of turn (AV-CF)."""

    seat: int
    card: AvCard


@dataclass(frozen=True, slots=True)
class UTurn:
    """Cancel the move just made with a Demi-tour (AV-UTURN)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the attack land or the move stand (AV-PASS)."""

    seat: int


AvAction = (
    DrawPile | DrawDiscard | Move | Attack | Remedy | Safety | Turbo | Discard | EndTurn
    | CoupFourre | UTurn | Pass
)  # fmt: skip

ACTIONS: tuple[type, ...] = (
    DrawPile, DrawDiscard, Move, Attack, Remedy, Safety, Turbo, Discard, EndTurn, CoupFourre,
    UTurn, Pass,
)  # fmt: skip
"""Canonical order of action kinds in ``legal_actions``."""

PLAYS: tuple[type, ...] = (Move, Attack, Remedy, Safety, Turbo)
"""The plays that lay a card with an effect; a Discard is not one (RUL-AV-DECLARE)."""


# --- shared instances ----------------------------------------------------------------------
# Actions are immutable values, so legal_actions hands out these shared instances instead of
# building new ones for every state (as the classic engine does), indexed by seat, then card.

_SEATS = range(max(DATA.seats))
_FLAGS = (False, True)

SHARED_MOVES: tuple[tuple[tuple[Move, ...], ...], ...] = tuple(
    tuple(tuple(Move(s, c, boost, cut) for boost in _FLAGS for cut in _FLAGS) for c in AvCard)
    for s in _SEATS
)
"""Each card's four moves in canonical order: plain, shortcut, accelerated, both."""
SHARED_ATTACKS: tuple[tuple[tuple[Attack, ...], ...], ...] = tuple(
    tuple(tuple(Attack(s, c, t) for t in _SEATS) for c in AvCard) for s in _SEATS
)
SHARED_ATTACKS_ON_OPPONENTS: tuple[tuple[tuple[tuple[Attack, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(tuple(a for a in SHARED_ATTACKS[s][c][:n] if a.target != s) for c in AvCard)
        for s in _SEATS
    )
    for n in range(max(DATA.seats) + 1)
)
"""By seat count, then seat, then card: the attacks on each opponent (AV-ATTACK), the
only ones ever legal."""
SHARED_REMEDIES: tuple[tuple[tuple[Remedy, ...], ...], ...] = tuple(
    tuple(tuple(Remedy(s, c, a) for a in AvCard) for c in AvCard) for s in _SEATS
)
SHARED_SAFETIES: tuple[tuple[Safety, ...], ...] = tuple(
    tuple(Safety(s, c) for c in AvCard) for s in _SEATS
)
SHARED_DISCARDS: tuple[tuple[Discard, ...], ...] = tuple(
    tuple(Discard(s, c) for c in AvCard) for s in _SEATS
)
SHARED_TURBOS = tuple(Turbo(s) for s in _SEATS)
SHARED_END_TURNS = tuple(EndTurn(s) for s in _SEATS)
SHARED_DRAW_PILES = tuple(DrawPile(s) for s in _SEATS)
SHARED_DRAW_DISCARDS = tuple(DrawDiscard(s) for s in _SEATS)
