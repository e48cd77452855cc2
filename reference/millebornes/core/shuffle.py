"""The portable shuffle of spec/shuffle.md: SplitMix64 and a Fisher-Yates shuffle.

Any language with 64-bit unsigned arithmetic reproduces a deal from a seed with
these few lines; spec/vectors/shuffle.json holds the test vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from struct import Struct
from typing import TypeVar

from millebornes.core.errors import MalformedInput

MASK64 = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


class SplitMix64:
    """SHUFFLE-PRNG: Steele, Lea and Flood's SplitMix64 (the seeding generator of xoshiro)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        _check_seed(seed)
        self.state = seed

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        return _mix(self.state)

    def below(self, bound: int) -> int:
        """SHUFFLE-BOUNDED: a uniform integer in [0, bound), by rejection (no modulo bias)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = _limit(bound)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound


def _check_seed(seed: int) -> None:
    if not isinstance(seed, int) or not 0 <= seed <= MASK64:
        raise MalformedInput(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")


def _mix(z: int, mask: int = MASK64) -> int:
    """SHUFFLE-PRNG: SplitMix64's output for the state ``z``. Also for many states at once
    (:func:`_draws`): each in a 128-bit lane of ``z``, ``mask`` then keeping the low 64 bits
    of every lane; a 64-bit value times a 64-bit constant fills its lane without spilling
    into the next, and what a right shift brings down from the next lane is masked off."""
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
    """The first ``n`` outputs of ``SplitMix64(seed)``, worked out together: the k-th state
    is seed + k * GOLDEN_GAMMA (mod 2**64), so all of them are one integer of 128-bit lanes,
    and the fourteen big-integer operations per output become fourteen in all."""
    ones, gammas, layout = _lanes(n)
    mask = MASK64 * ones
    outputs: tuple[int, ...] = layout.unpack(
        _mix((seed * ones + gammas) & mask, mask).to_bytes(16 * n, "little")
    )
    return outputs


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """SHUFFLE-ALGORITHM: Durstenfeld's Fisher-Yates, last position first, drawing from
    :class:`SplitMix64` seeded with ``seed`` (SHUFFLE-BOUNDED).

    Every deal and reshuffle of every family shuffles, and a short game (As du Volant at
    two seats plays about 55 actions) spent a third of its time here, drawing one output
    at a time. The outputs a shuffle needs are worked out together (:func:`_draws`); a
    draw the bounded draw would reject (about one shuffle in 10**17) would shift every
    later one, and then the shuffle is made one draw at a time. tests/test_shuffle.py
    holds it to the vectors and to :class:`SplitMix64`'s own draws."""
    _check_seed(seed)
    cards = list(items)
    last = len(cards) - 1
    if last < 1:
        return tuple(cards)
    limits = _LIMITS if last < len(_LIMITS) else [_limit(b + 1) for b in range(last + 1)]
    for value, i in zip(_draws(seed, last), range(last, 0, -1), strict=True):
        if value >= limits[i]:  # the bound is i + 1
            return _one_draw_at_a_time(items, seed)
        j = value % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def _one_draw_at_a_time(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """SHUFFLE-ALGORITHM as spec/shuffle.md writes it, each position's draw from the
    generator's bounded draw."""
    rng = SplitMix64(seed)
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def round_seed(match_seed: int, round_number: int) -> int:
    """SHUFFLE-MATCH-SEEDS: round r of a match seeded with s is shuffled with s + r - 1."""
    return (match_seed + round_number - 1) & MASK64
