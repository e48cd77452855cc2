"""The cards a Fun & Speed player could lay at the play step, as candidate actions.

Both ``legal_actions`` (the play step's candidates) and the discard's precondition
(FS-DISCARD-FORCED: a discard only when no card of the hand can be played) read this
one list, so the two cannot disagree on what "a card that can be played" is.
"""

from __future__ import annotations

from millebornes.families.funspeed.actions import FsAction, Police
from millebornes.families.funspeed.cards import (
    DATA,
    IS_ATTACK,
    IS_DISTANCE,
    IS_REMEDY,
    IS_SAFETY,
    FsCard,
    cures,
)
from millebornes.families.funspeed.shared import (
    ATTACK,
    HELICOPTER,
    LAY_BORNE,
    ON_TOP,
    REMEDY,
    SAFETY,
    TRASH,
)
from millebornes.families.funspeed.state import FsState

# Read once: on Python 3.11 an enum member read as an attribute (``FsCard.POLICE``) costs
# several times a global, and these are asked at every play step.
_ACCELERATOR, _HELICOPTER, _POLICE, _TRASH = (
    FsCard.ACCELERATOR,
    FsCard.HELICOPTER,
    FsCard.POLICE,
    FsCard.TRASH,
)


def distinct(hand: tuple[FsCard, ...]) -> list[FsCard]:
    """The kinds of a hand, once each, in card order: ``sorted(set(hand))`` for a hand kept in
    card order, as every hand of a state is (``FsState.hands``), without hashing each card
    through the enum's Python-level ``__hash__``."""
    return [card for i, card in enumerate(hand) if i == 0 or hand[i - 1] != card]


OTHERS = tuple(
    tuple(tuple(t for t in range(players) if t != seat) for seat in range(players))
    for players in range(max(DATA.seats) + 1)
)
"""``OTHERS[players][seat]``: the opponents of ``seat``, in seat order."""


def plays(state: FsState, seat: int, *, lean: bool = False) -> list[FsAction]:
    """Every way ``seat`` might lay a card of its hand at the play step, discards aside, in
    canonical order (kind, then card, target and the other fields); the precondition tables
    decide which of them are legal. Only cards the hand holds are proposed.

    ``lean`` is for the family's own tables (``rules.LEAN``): the candidates known to break
    one of their rows are then left out as well: every Borne while an attack stands
    (FS-BORNE-FREE), a remedy of an attack it does not cure (FS-REMEDY) or under it
    (FS-REMEDY-TOP: on one's turn the remedy lies on top)."""
    held = state.hands[seat]
    hand = distinct(held)
    others = OTHERS[state.players][seat]
    zone = state.zones[seat]
    standing = sorted(a for a in (zone.attack, zone.radar) if a is not None)
    found: list[FsAction] = []
    if not (lean and zone.attack is not None):
        boosts = LAY_BORNE[seat]
        most = min(DATA.max_accelerators, held.count(_ACCELERATOR))
        found += [
            laid for c in hand if IS_DISTANCE[c] for pair in boosts[c][: most + 1] for laid in pair
        ]
    found += [attack for c in hand if IS_ATTACK[c] for t in others for attack in ATTACK[seat][c][t]]
    if lean:
        found += [
            REMEDY[seat][c][a][ON_TOP]
            for c in hand
            if IS_REMEDY[c]
            for a in standing
            if cures(c, a)
        ]
    else:
        found += [
            remedy for c in hand if IS_REMEDY[c] for a in standing for remedy in REMEDY[seat][c][a]
        ]
    found += [SAFETY[seat][c] for c in hand if IS_SAFETY[c]]
    # The specials only when held: a special not in the hand is never legal (FS-CARD-IN-HAND),
    # and the Police alone would otherwise be a score of candidates at every play step.
    if _HELICOPTER in held:
        found += [HELICOPTER[seat][t] for t in others]
    if _POLICE in held:
        found += [
            Police(seat, t, take, give)
            for t in others
            for take in distinct(state.hands[t])
            for give in sorted({*hand, take})
        ]
    if _TRASH in held:
        found += [TRASH[seat]]
    return found
