"""Building Fun & Speed positions for the per-rule tests, and checking refusals.

``position`` lays out a state from the cards a test cares about and puts every
other card of the box in the draw pile, so conservation (FS-BOX) holds in every
position a test builds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence

import pytest

from millebornes.core.errors import IllegalAction
from millebornes.families.funspeed import (
    DATA,
    FsAction,
    FsCard,
    FsPhase,
    FsState,
    Zone,
    apply,
    is_legal,
    legal_actions,
    violations,
)
from millebornes.families.funspeed.serialize import to_json

C = FsCard
FILLER = (C.D75, C.D100, C.D50, C.D25)
"""Cards given to hands a test leaves unspecified: plain Bornes, which open no reaction."""


def position(
    players: int = 2,
    *,
    hands: Mapping[int, Sequence[FsCard]] = {},
    zones: Mapping[int, Zone] = {},
    phase: FsPhase = FsPhase.PLAY,
    actor: int = 0,
    turn: int | None = None,
    discard: Sequence[FsCard] = (),
    removed: Sequence[FsCard] = (),
    draw_top: Sequence[FsCard] = (),
    draw_size: int | None = None,
    **window: object,
) -> FsState:
    """A state with the given hands, zones and piles; other cards fill the draw pile (its
    top is ``draw_top``), unspecified hands get four plain Bornes, and ``draw_size`` cards
    are kept in the draw pile, the rest going to the discard pile under ``discard``."""
    pool = Counter(DATA.deck())
    used: list[FsCard] = [*discard, *removed, *draw_top]
    for hand in hands.values():
        used += hand
    for zone in zones.values():
        used += zone.cards()
    pending = window.get("pending")
    if isinstance(pending, FsCard):
        used.append(pending)
    pool.subtract(used)
    if min(pool.values(), default=0) < 0:
        raise ValueError(f"more cards than the box holds: {-pool}")
    full: list[tuple[FsCard, ...]] = []
    for seat in range(players):
        if seat in hands:
            full.append(tuple(sorted(hands[seat])))
            continue
        filler: list[FsCard] = []
        for card in FILLER:
            while len(filler) < DATA.hand_size and pool[card] > 0:
                pool[card] -= 1
                filler.append(card)
        full.append(tuple(sorted(filler)))
    rest = [card for card in FsCard for _ in range(pool[card])]
    pile = (*draw_top, *rest)
    extra_discard: tuple[FsCard, ...] = ()
    if draw_size is not None:
        pile, extra_discard = pile[:draw_size], pile[draw_size:]
    return FsState(
        players=players,
        phase=phase,
        actor=actor,
        turn=actor if turn is None else turn,
        draw_pile=tuple(pile),
        discard_pile=(*extra_discard, *discard),
        removed=tuple(removed),
        hands=tuple(full),
        zones=tuple(zones.get(seat, Zone()) for seat in range(players)),
        **window,  # type: ignore[arg-type]
    )


def assert_rejected(state: FsState, action: FsAction, *rule_ids: str) -> None:
    """``action`` breaks exactly ``rule_ids``; ``apply`` raises and leaves no trace."""
    before = to_json(state)
    assert violations(state, action) == rule_ids
    with pytest.raises(IllegalAction) as refused:
        apply(state, action)
    assert refused.value.rule_ids == rule_ids
    assert to_json(state) == before
    assert action not in legal_actions(state)
    assert not is_legal(state, action)  # the yes-or-no form agrees


def assert_legal(state: FsState, action: FsAction) -> FsState:
    """``action`` is legal and listed; returns the state after it (conservation checked)."""
    assert violations(state, action) == ()
    assert action in legal_actions(state)
    assert is_legal(state, action)
    after = apply(state, action)
    assert sorted(after.all_cards()) == list(DATA.deck())
    return after


def play(state: FsState, *actions: FsAction) -> FsState:
    for action in actions:
        state = assert_legal(state, action)
    return state
