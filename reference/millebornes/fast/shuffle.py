"""The portable shuffle (``millebornes.core.shuffle``, spec/shuffle.md) for the fast
engines: the same deal from the same seed, several times faster.

A short game spends much of its time dealing (As du Volant at two seats plays about 55
actions, and drawing one SplitMix64 output at a time took a third of the fast engine's
time). Here the outputs a shuffle needs are worked out together: the k-th state of
``SplitMix64(seed)`` is seed + k * GOLDEN_GAMMA (mod 2**64), so all of them fit in one
integer of 128-bit lanes, and the mixing's fourteen big-integer operations per output
become fourteen in all. The reference keeps the few plain lines the spec gives;
tests/fast/test_fast_shuffle.py holds this one to them.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from struct import Struct
from typing import TypeVar

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import GOLDEN_GAMMA, MASK64
from millebornes.core.shuffle import shuffled as reference_shuffled

T = TypeVar("T")


def _mix(z: int, mask: int) -> int:
    """SHUFFLE-PRNG's output for every state of ``z``, each in a 128-bit lane; ``mask``
    keeps the low 64 bits of every lane. A 64-bit value times a 64-bit constant fills its
    lane without spilling into the next, and what a right shift brings down from the next
    lane is masked off."""
    z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    return z ^ (z >> 31)


def _limit(bound: int) -> int:
    """SHUFFLE-BOUNDED: the draws below this many map evenly onto [0, bound); the others are
    drawn again."""
    return (1 << 64) - (1 << 64) % bound


_LIMITS = tuple(_limit(bound) for bound in range(1, 257))
"""``_LIMITS[i]``: :func:`_limit` of ``i + 1``, for every deck of up to 256 cards."""


@lru_cache(maxsize=512)
def _lanes(n: int) -> tuple[int, int, Struct]:
    """For :func:`_draws` of ``n`` outputs: 1 in every 128-bit lane, k * GOLDEN_GAMMA in
    lane k - 1, and the layout that reads the low 64 bits of each lane."""
    ones = sum(1 << (128 * k) for k in range(n))
    gammas = sum((((k + 1) * GOLDEN_GAMMA) & MASK64) << (128 * k) for k in range(n))
    return ones, gammas, Struct("<" + "Q8x" * n)


def _draws(seed: int, n: int) -> tuple[int, ...]:
    """The first ``n`` outputs of ``SplitMix64(seed)``, worked out together."""
    ones, gammas, layout = _lanes(n)
    mask = MASK64 * ones
    outputs: tuple[int, ...] = layout.unpack(
        _mix((seed * ones + gammas) & mask, mask).to_bytes(16 * n, "little")
    )
    return outputs


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """``millebornes.core.shuffle.shuffled(items, seed)``, with the draws worked out
    together. A draw the bounded draw would reject (about one shuffle in 10**17) shifts
    every later one: then the reference's shuffle deals."""
    if not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise MalformedInput(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")
    cards = list(items)
    last = len(cards) - 1
    if last < 1:
        return tuple(cards)
    limits = _LIMITS if last < len(_LIMITS) else [_limit(b + 1) for b in range(last + 1)]
    for value, i in zip(_draws(seed, last), range(last, 0, -1), strict=True):
        if value >= limits[i]:  # the bound is i + 1
            return reference_shuffled(items, seed)
        j = value % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)
