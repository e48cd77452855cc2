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
        if not isinstance(seed, int) or not 0 <= seed <= MASK64:
            raise MalformedInput(f"a seed is an integer from 0 to 2**64 - 1, not {seed!r}")
        self.state = seed

    def next_u64(self) -> int:
        self.state = (self.state + GOLDEN_GAMMA) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """SHUFFLE-BOUNDED: a uniform integer in [0, bound), by rejection (no modulo bias)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next_u64()
            if value < limit:
                return value % bound


def shuffled(items: Sequence[T], seed: int) -> tuple[T, ...]:
    """SHUFFLE-ALGORITHM: Durstenfeld's Fisher-Yates, last position first."""
    rng = SplitMix64(seed)
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j = rng.below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def round_seed(match_seed: int, round_number: int) -> int:
    """SHUFFLE-MATCH-SEEDS: round r of a match seeded with s is shuffled with s + r - 1."""
    return (match_seed + round_number - 1) & MASK64
