"""Every well-formed Fun & Speed action of every seat, for oracles and rejection search.

A brute-force superset of ``legal_actions``: each action kind with every seat,
every card of the right kind, and small indexes. The tests compare it, filtered
by ``violations``, with ``legal_actions`` (FS-ACTOR: both read the same tables);
the conformance generator searches it for actions that break one rule alone.
"""

from __future__ import annotations

from itertools import product

from millebornes.families.funspeed.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    FalseHoldUp,
    FsAction,
    Helicopter,
    HoldUp,
    Killer,
    LayBorne,
    Mirror,
    Pass,
    Police,
    Remedy,
    Safety,
    Trash,
    UTurn,
)
from millebornes.families.funspeed.cards import ATTACKS, KIND, FsCard, Kind
from millebornes.families.funspeed.state import FsState


def every_action(state: FsState) -> list[FsAction]:
    """Every well-formed action with indexes up to the longest zone, accelerators up to 3."""
    seats = range(state.players)
    cards = list(FsCard)
    flags = (False, True)
    longest = max(zone.forfeitable() for zone in state.zones) + 1
    held = sorted({c for hand in state.hands for c in hand})
    found: list[FsAction] = []
    for seat in seats:
        found += [DrawPile(seat), DrawDiscard(seat), Trash(seat), Mirror(seat), UTurn(seat)]
        found += [Killer(seat), Pass(seat), FalseHoldUp(seat, None)]
        found += [FalseHoldUp(seat, i) for i in range(longest)]
        found += [HoldUp(seat, v, i) for v in seats for i in range(longest)]
        found += [Helicopter(seat, t) for t in seats]
        found += [Discard(seat, c) for c in cards]
        for card in cards:
            kind = KIND[card]
            if kind is Kind.DISTANCE:
                found += [LayBorne(seat, card, n, f) for n in range(4) for f in flags]
            elif kind is Kind.ATTACK:
                found += [Attack(seat, card, t, f) for t in seats for f in flags]
            elif kind is Kind.REMEDY:
                found += [Remedy(seat, card, a, f) for a in ATTACKS for f in flags]
            elif kind is Kind.SAFETY:
                found += [Safety(seat, card), CoupFourre(seat, card)]
        found += [Police(seat, t, a, b) for t in seats for a, b in product(held, held)]
    return found
