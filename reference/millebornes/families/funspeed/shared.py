"""Shared instances of the Fun & Speed actions ``legal_actions`` proposes.

Actions are immutable values, so the candidates are built once here and handed out by
every call instead of being built again for every state (the hot path of random
playouts and of search), as the classic family's engine does. Each table is indexed by
seat, then by the action's fields in order (cards by their integer value); a pair at the
end holds the two values of the action's flag, False first, the canonical order.
"""

from __future__ import annotations

from millebornes.families.funspeed.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    FalseHoldUp,
    Helicopter,
    HoldUp,
    Killer,
    LayBorne,
    Mirror,
    Pass,
    Remedy,
    Safety,
    Trash,
    UTurn,
)
from millebornes.families.funspeed.cards import DATA, KIND, FsCard, Kind

SEATS = range(max(DATA.seats))
INDEXES = range(DATA.box_total)
"""Every index a Hold Up may name: no zone holds more cards than the box (FS-BOX)."""
FLAGS = (False, True)

DRAW_PILE = tuple(DrawPile(s) for s in SEATS)
DRAW_DISCARD = tuple(DrawDiscard(s) for s in SEATS)
HELICOPTER = tuple(tuple(Helicopter(s, t) for t in SEATS) for s in SEATS)
TRASH = tuple(Trash(s) for s in SEATS)
MIRROR = tuple(Mirror(s) for s in SEATS)
UTURN = tuple(UTurn(s) for s in SEATS)
KILLER = tuple(Killer(s) for s in SEATS)
PASS = tuple(Pass(s) for s in SEATS)
DISCARD = tuple(tuple(Discard(s, c) for c in FsCard) for s in SEATS)


def _of_kind(kind: Kind) -> list[FsCard | None]:
    """The cards of ``kind`` at their own index, None elsewhere (tables indexed by card)."""
    return [c if KIND[c] is kind else None for c in FsCard]


LAY_BORNE = tuple(
    tuple(
        tuple(
            tuple(LayBorne(s, c, n, said) for said in FLAGS)
            for n in range(DATA.max_accelerators + 1)
        )
        if c is not None
        else ()
        for c in _of_kind(Kind.DISTANCE)
    )
    for s in SEATS
)
"""``LAY_BORNE[seat][card][accelerators]``: the Borne unannounced, then announced."""
ATTACK = tuple(
    tuple(
        tuple(tuple(Attack(s, c, t, said) for said in FLAGS) for t in SEATS)
        if c is not None
        else ()
        for c in _of_kind(Kind.ATTACK)
    )
    for s in SEATS
)
"""``ATTACK[seat][card][target]``: the attack without its sound, then with it."""
REMEDY = tuple(
    tuple(
        tuple(tuple(Remedy(s, c, a, top) for top in FLAGS) for a in FsCard) if c is not None else ()
        for c in _of_kind(Kind.REMEDY)
    )
    for s in SEATS
)
"""``REMEDY[seat][card][attack]``: the attack on top, then the remedy on top."""
ON_TOP = 1
"""``REMEDY[seat][card][attack][ON_TOP]``: the remedy on top of the attack it cures."""
SAFETY = tuple(tuple(Safety(s, c) for c in FsCard) for s in SEATS)
COUP_FOURRE = tuple(tuple(CoupFourre(s, c) for c in FsCard) for s in SEATS)
HOLDUP = tuple(tuple(tuple(HoldUp(s, v, i) for i in INDEXES) for v in SEATS) for s in SEATS)
FALSE_HOLDUP = tuple(tuple(FalseHoldUp(s, i) for i in INDEXES) for s in SEATS)
FALSE_HOLDUP_NONE = tuple(FalseHoldUp(s, None) for s in SEATS)
"""The wrong Hold Up of a caller whose zone holds nothing to lose."""
