"""The fast engines' shuffle deals exactly what the reference's shuffle deals."""

from __future__ import annotations

import pytest

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import SplitMix64
from millebornes.core.shuffle import shuffled as reference_shuffled
from millebornes.fast import shuffle


@pytest.mark.rules("SHUFFLE-PRNG", "SHUFFLE-BOUNDED", "SHUFFLE-ALGORITHM")
@pytest.mark.parametrize("n", [0, 1, 2, 66, 108, 256, 257, 300])
def test_the_fast_shuffle_deals_as_the_reference(n: int) -> None:
    # The outputs are worked out all at once, in lanes of one integer: past the table of
    # bounds (256 cards) too, and for seeds at both ends of their range.
    for seed in (0, 1, 99, 2**63, 2**64 - 1):
        assert shuffle.shuffled(range(n), seed) == reference_shuffled(range(n), seed)


def _made_rare(bound: int) -> int:
    """The limits of the bounded draw, but bound 50's made 2**63: about every other draw for
    position 49 is rejected."""
    return 2**63 if bound == 50 else (1 << 64) - (1 << 64) % bound


def _below_made_rare(rng: SplitMix64, bound: int) -> int:
    """SplitMix64.below with the limits of :func:`_made_rare`."""
    while True:
        value = rng.next_u64()
        if value < _made_rare(bound):
            return value % bound


@pytest.mark.rules("SHUFFLE-BOUNDED", "SHUFFLE-ALGORITHM")
def test_a_rejected_draw_shifts_the_later_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    # A real rejection comes about once in 10**17 shuffles. With bound 50's limit made
    # 2**63 in both shuffles, the fast shuffle must see a rejection and deal as the
    # reference does, not go on with the draws worked out ahead.
    plain = [shuffle.shuffled(range(108), seed) for seed in range(20)]
    monkeypatch.setattr(shuffle, "_limit", _made_rare)
    monkeypatch.setattr(shuffle, "_LIMITS", tuple(_made_rare(b) for b in range(1, 257)))
    monkeypatch.setattr(SplitMix64, "below", _below_made_rare)
    dealt = [shuffle.shuffled(range(108), seed) for seed in range(20)]
    assert dealt == [reference_shuffled(range(108), seed) for seed in range(20)]
    assert dealt != plain  # some draws were rejected


def test_a_seed_out_of_range_is_refused() -> None:
    with pytest.raises(MalformedInput, match="seed"):
        shuffle.shuffled(range(5), -1)
