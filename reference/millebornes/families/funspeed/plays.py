"""The cards a Fun & Speed player could lay at the play step, as candidate actions.

Both ``legal_actions`` (the play step's candidates) and the discard's precondition
(FS-DISCARD-FORCED: a discard only when no card of the hand can be played) read this
one list, so the two cannot disagree on what "a card that can be played" is.
"""

from __future__ import annotations

from millebornes.families.funspeed.actions import FsAction, Police
from millebornes.families.funspeed.cards import DATA, KIND, FsCard, Kind
from millebornes.families.funspeed.shared import (
    ATTACK,
    HELICOPTER,
    LAY_BORNE,
    REMEDY,
    SAFETY,
    TRASH,
)
from millebornes.families.funspeed.state import FsState


def plays(state: FsState, seat: int) -> list[FsAction]:
    """Every way ``seat`` might lay a card of its hand at the play step, discards aside, in
    canonical order (kind, then card, target and the other fields); the precondition tables
    decide which of them are legal. Only cards the hand holds are proposed."""
    held = state.hands[seat]
    hand = sorted(set(held))
    others = [t for t in range(state.players) if t != seat]
    zone = state.zones[seat]
    standing = sorted(a for a in (zone.attack, zone.radar) if a is not None)
    boosts = LAY_BORNE[seat]
    most = min(DATA.max_accelerators, held.count(FsCard.ACCELERATOR))
    found: list[FsAction] = [
        laid
        for c in hand
        if KIND[c] is Kind.DISTANCE
        for pair in boosts[c][: most + 1]
        for laid in pair
    ]
    found += [
        attack
        for c in hand
        if KIND[c] is Kind.ATTACK
        for t in others
        for attack in ATTACK[seat][c][t]
    ]
    found += [
        remedy
        for c in hand
        if KIND[c] is Kind.REMEDY
        for a in standing
        for remedy in REMEDY[seat][c][a]
    ]
    found += [SAFETY[seat][c] for c in hand if KIND[c] is Kind.SAFETY]
    # The specials only when held: a special not in the hand is never legal (FS-CARD-IN-HAND),
    # and the Police alone would otherwise be a score of candidates at every play step.
    if FsCard.HELICOPTER in held:
        found += [HELICOPTER[seat][t] for t in others]
    if FsCard.POLICE in held:
        found += [
            Police(seat, t, take, give)
            for t in others
            for take in sorted(set(state.hands[t]))
            for give in sorted({*hand, take})
        ]
    if FsCard.TRASH in held:
        found += [TRASH[seat]]
    return found
