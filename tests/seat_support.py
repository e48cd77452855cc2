"""What a seat cannot see, dealt anew: shared by the seat-view, determinization and
search-bot tests (a bot that reads hidden information behaves differently on it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from millebornes.core.shuffle import shuffled


def hidden_permuted(state: Any, seat: int, seed: int) -> Any:
    """``state`` with what ``seat`` cannot see changed: the other hands and the draw pile
    dealt anew from their cards (each hand keeps its size), and the race families' seed
    of the reshuffles to come moved."""
    others = [s for s in range(len(state.hands)) if s != seat]
    pool = [card for s in others for card in state.hands[s]] + list(state.draw_pile)
    mixed = list(shuffled(tuple(pool), seed))
    hands = list(state.hands)
    for s in others:
        hands[s], mixed = tuple(sorted(mixed[: len(hands[s])])), mixed[len(hands[s]) :]
    changed = replace(state, hands=tuple(hands), draw_pile=tuple(mixed))
    return replace(changed, seed=state.seed + 1) if hasattr(state, "seed") else changed
