"""The cards a seat cannot see, and a random deal of them: what every family's
determinization shares (``families/<family>/determinize.py``).

A determinization is a full state a seat could be in, given its view: the cards it has
not seen (the box less its hand and every card face up) dealt at random into the other
hands, each keeping its size, and the draw pile. Search bots sample one per iteration.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import MASK64, SplitMix64, shuffled


def unseen(box: Iterable[Any], seen: Iterable[Any]) -> list[Any]:
    """The cards of ``box`` (a multiset) that are not in ``seen``, sorted; a card seen
    more often than the box holds it means the view is not of this game."""
    left = Counter(box)
    left.subtract(seen)
    extra = sorted(card for card, n in left.items() if n < 0)
    if extra:
        raise MalformedInput(f"view: more {extra[0]!r} cards seen than the box holds")
    return sorted(left.elements())


def deal_unseen(
    pool: Sequence[Any],
    sizes: Sequence[int | None],
    draw_count: int,
    rng: SplitMix64,
    holds: Mapping[int, Any] | None = None,
) -> tuple[tuple[tuple[Any, ...] | None, ...], tuple[Any, ...]]:
    """``pool`` shuffled (the portable shuffle, seeded from ``rng``) and dealt: a sorted
    hand of ``sizes[s]`` cards for each seat whose size is given (None: the seat's own
    hand, kept), then the draw pile of ``draw_count`` cards, top first.

    ``holds`` maps a seat to a card the table knows it holds (an open window asks only a
    seat that can answer it): that card goes to that hand first, the rest at random."""
    wanted = sum(size for size in sizes if size is not None) + draw_count
    if wanted != len(pool):
        raise MalformedInput(
            f"view: {len(pool)} unseen cards, but the hidden hands and the draw pile hold {wanted}"
        )
    rest = list(pool)
    known: dict[int, Any] = {}
    for seat, card in sorted((holds or {}).items()):
        if card not in rest or not sizes[seat]:
            raise MalformedInput(f"view: seat {seat} must hold {card!r}, but it cannot")
        rest.remove(card)
        known[seat] = card
    cards = shuffled(tuple(rest), rng.next_u64() & MASK64)
    hands: list[tuple[Any, ...] | None] = []
    start = 0
    for seat, size in enumerate(sizes):
        if size is None:
            hands.append(None)
            continue
        count = size - (seat in known)
        dealt = cards[start : start + count] + ((known[seat],) if seat in known else ())
        hands.append(tuple(sorted(dealt)))
        start += count
    return tuple(hands), cards[start:]
