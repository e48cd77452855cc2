"""The portable shuffle (spec/shuffle.md) and its published test vectors."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from millebornes.families.classic import (
    SplitMix64,
    load_edition,
    new_match,
    new_round,
    round_seed,
    shuffled,
)
from millebornes.families.classic.cards import Card
from millebornes.families.classic.deal import deal_from_seed

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.rules("SHUFFLE-PRNG")
def test_splitmix64_matches_the_published_reference_outputs() -> None:
    # Rosetta Code, "Pseudo-random numbers/Splitmix64", seed 1234567.
    rng = SplitMix64(1234567)
    assert [rng.next_u64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


@pytest.mark.rules("SHUFFLE-BOUNDED")
def test_bounded_draw_rejects_the_biased_tail() -> None:
    # With bound 2**63 + 1, outputs at or above 2**64 - (2**63 - 1) are rejected: the
    # draw must equal the first accepted output modulo the bound.
    bound = 2**63 + 1
    limit = 2**64 - 2**64 % bound
    raw = SplitMix64(42)
    outputs = [raw.next_u64() for _ in range(8)]
    first_accepted = next(x for x in outputs if x < limit)
    assert SplitMix64(42).below(bound) == first_accepted % bound
    assert all(0 <= SplitMix64(s).below(6) < 6 for s in range(50))


@pytest.mark.rules("SHUFFLE-ALGORITHM")
def test_fisher_yates_swaps_from_the_last_position() -> None:
    # Recompute the shuffle of 0..9 by hand from the generator's bounded draws.
    rng = SplitMix64(7)
    items = list(range(10))
    for i in range(9, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]
    assert shuffled(range(10), 7) == tuple(items)
    assert sorted(shuffled(range(10), 7)) == list(range(10))


@pytest.mark.rules("SHUFFLE-DECK-ORDER", "SETUP-SHUFFLE")
def test_deck_is_the_box_order_shuffled() -> None:
    rules = load_edition("classic")
    box_order = rules.playing_cards(2)
    assert list(box_order) == sorted(box_order)  # kinds in cards.json order
    assert Card.MEMO not in box_order
    assert len(box_order) == 106
    deal = deal_from_seed(new_match(), 99)
    assert deal.deck == shuffled(box_order, 99)
    assert Counter(deal.deck) == Counter(box_order)
    assert deal_from_seed(new_match(), 100).deck != deal.deck


@pytest.mark.rules("SHUFFLE-MATCH-SEEDS")
def test_round_seeds_advance_and_wrap() -> None:
    assert round_seed(10, 1) == 10
    assert round_seed(10, 3) == 12
    assert round_seed(2**64 - 1, 2) == 0
    box = load_edition("classic").playing_cards(2)
    assert new_round(seed=5) == new_round(deck=shuffled(box, 5))


@pytest.mark.rules("SHUFFLE-PRNG", "SHUFFLE-ALGORITHM", "SHUFFLE-DECK-ORDER")
def test_published_vectors_match_the_engine() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "shuffle_vectors.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    vectors = json.loads((ROOT / "spec" / "vectors" / "shuffle.json").read_text(encoding="utf-8"))
    seeds = [case["seed"] for case in vectors["cases"]]
    assert 1234567 in seeds and 2**64 - 1 in seeds
