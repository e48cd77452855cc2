"""The portable shuffle of spec/shuffle.md: SplitMix64 and a Fisher-Yates shuffle.

Any language with 64-bit unsigned arithmetic reproduces a deal from a seed with
these few lines; spec/vectors/shuffle.json holds the test vectors.
"""

from __future__ import annotations

from collections.abc import Sequence
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


def _mix(z: int) -> int:
    """SHUFFLE-PRNG: SplitMix64's output for the state ``z``."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def _limit(bound: int) -> int:
    """SHUFFLE-BOUNDED: the draws below this many map evenly onto [0, bound); the others are
    drawn again."""
    return (1 << 64) - (1 << 64) % bound


_LIMITS = tuple(_limit(bound) for bound in range(1, 257))
"""``_LIMITS[i]``: :func:`_limit` of ``i + 1``, for every deck of up to 256 cards."""


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """SHUFFLE-ALGORITHM: Durstenfeld's Fisher-Yates, last position first, drawing from
    :class:`SplitMix64` seeded with ``seed``.

    Its state and bounded draw are kept in local variables here (the same :func:`_mix`
    and :func:`_limit`): every deal and reshuffle of every family shuffles, and a short
    game (As du Volant at two seats plays about 55 actions) spent a third of its time in
    the generator's two method calls per card and their big-integer bookkeeping.
    tests/test_shuffle.py holds it to the vectors and to :class:`SplitMix64`'s draws."""
    _check_seed(seed)
    cards = list(items)
    limits = _LIMITS if len(cards) <= len(_LIMITS) else [_limit(b + 1) for b in range(len(cards))]
    state = seed
    for i in range(len(cards) - 1, 0, -1):
        limit = limits[i]  # the bound is i + 1
        while True:
            state = (state + GOLDEN_GAMMA) & MASK64
            value = _mix(state)
            if value < limit:
                break
        j = value % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def round_seed(match_seed: int, round_number: int) -> int:
    """SHUFFLE-MATCH-SEEDS: round r of a match seeded with s is shuffled with s + r - 1."""
    return (match_seed + round_number - 1) & MASK64
