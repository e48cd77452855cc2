"""The cards a Fun & Speed player could lay at the play step, as candidate actions.

Both ``legal_actions`` (the play step's candidates) and the discard's precondition
(FS-DISCARD-FORCED: a discard only when no card of the hand can be played) read this
one list, so the two cannot disagree on what "a card that can be played" is.
"""

from __future__ import annotations

from millebornes.families.funspeed.actions import (
    Attack,
    FsAction,
    Helicopter,
    LayBorne,
    Police,
    Remedy,
    Safety,
    Trash,
)
from millebornes.families.funspeed.cards import DATA, KIND, FsCard, Kind
from millebornes.families.funspeed.state import FsState


def plays(state: FsState, seat: int) -> list[FsAction]:
    """Every way ``seat`` might lay a card of its hand at the play step, discards aside, in
    canonical order (kind, then card, target and the other fields); the precondition tables
    decide which of them are legal. Only cards the hand holds are proposed."""
    hand = sorted(set(state.hands[seat]))
    others = [t for t in range(state.players) if t != seat]
    flags = (False, True)
    zone = state.zones[seat]
    standing = sorted(a for a in (zone.attack, zone.radar) if a is not None)
    boosts = range(min(DATA.max_accelerators, state.hands[seat].count(FsCard.ACCELERATOR)) + 1)
    found: list[FsAction] = [
        LayBorne(seat, c, n, said)
        for c in hand
        if KIND[c] is Kind.DISTANCE
        for n in boosts
        for said in flags
    ]
    found += [
        Attack(seat, c, t, said) for c in hand if KIND[c] is Kind.ATTACK for t in others
        for said in flags
    ]  # fmt: skip
    found += [
        Remedy(seat, c, a, top)
        for c in hand
        if KIND[c] is Kind.REMEDY
        for a in standing
        for top in flags
    ]
    found += [Safety(seat, c) for c in hand if KIND[c] is Kind.SAFETY]
    # The specials only when held: a special not in the hand is never legal (FS-CARD-IN-HAND),
    # and the Police alone would otherwise be a score of candidates at every play step.
    if FsCard.HELICOPTER in hand:
        found += [Helicopter(seat, t) for t in others]
    if FsCard.POLICE in hand:
        found += [
            Police(seat, t, take, give)
            for t in others
            for take in sorted(set(state.hands[t]))
            for give in sorted({*hand, take})
        ]
    if FsCard.TRASH in hand:
        found += [Trash(seat)]
    return found
