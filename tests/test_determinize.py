"""Seat views and determinizations in every family.

A seat's view holds what the seat may see and nothing else: permuting the cards it
cannot see (the other hands' contents, the hidden draw pile's order, As du Volant's
reshuffle seed) leaves its view unchanged. A determinization is a full state consistent
with that view: it passes the family's loader (every invariant) and gives the seat the
very same view back; it is built from the view alone, so the hidden cards of the real
state cannot change it.
"""

from __future__ import annotations

from typing import Any

import pytest

import millebornes as mb
from millebornes.apps.bots import seat_view
from millebornes.apps.roster import make_bot
from millebornes.apps.search import determinize
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import SplitMix64
from seat_support import hidden_permuted

GAMES = [("classic", 2), ("classic", 4), ("allonge", 3), ("fun-speed", 3), ("as-du-volant", 4)]


def _states(edition: str, players: int, seed: int) -> list[Any]:
    """Every 9th state of a seeded game between random and greedy bots (the first round
    of a classic match), only where a seat acts."""
    state = mb.new_game(edition, players, seed=seed)
    bots = [make_bot("greedy" if s % 2 else "random", seed + s) for s in range(players)]
    states = []
    for step in range(2000):
        seat = mb.actor(state)
        if seat is None or mb.is_chance(state):
            break
        if step % 9 == 0:
            states.append(state)
        state = mb.apply(state, bots[seat].choose(state))
    return states


@pytest.mark.parametrize(("edition", "players"), GAMES)
@pytest.mark.parametrize("seed", [3, 17])
def test_a_view_does_not_change_with_what_the_seat_cannot_see(
    edition: str, players: int, seed: int
) -> None:
    changed_somewhere = False
    for number, state in enumerate(_states(edition, players, seed)):
        for seat in range(players):
            other = hidden_permuted(state, seat, seed * 100 + number)
            changed_somewhere |= other != state
            assert seat_view(other, seat) == seat_view(state, seat)
    assert changed_somewhere  # the permutation did move hidden cards


@pytest.mark.parametrize(("edition", "players"), GAMES)
def test_a_determinization_passes_the_loader_and_keeps_the_view(edition: str, players: int) -> None:
    rng = SplitMix64(5)
    differs = False
    for state in _states(edition, players, 11):
        for seat in range(players):
            view = seat_view(state, seat)
            sample = determinize(view, seat, rng)
            assert mb.state_from_dict(mb.state_to_dict(sample)) == sample
            assert seat_view(sample, seat) == view
            assert mb.legal_actions(sample) or mb.actor(sample) is None
            differs |= sample != state
    assert differs  # the hidden cards were dealt anew, not copied


@pytest.mark.parametrize(("edition", "players"), GAMES)
def test_a_determinization_depends_on_the_view_and_the_seed_alone(
    edition: str, players: int
) -> None:
    state = _states(edition, players, 23)[3]
    seat = mb.actor(state)
    assert seat is not None
    other = hidden_permuted(state, seat, 77)
    assert other != state
    for seed in range(3):
        assert determinize(state, seat, SplitMix64(seed)) == determinize(
            other, seat, SplitMix64(seed)
        )
    assert determinize(state, seat, SplitMix64(1)) != determinize(state, seat, SplitMix64(2))


def test_a_view_of_another_seat_is_refused_naming_the_seat() -> None:
    state = mb.new_game("classic", 2, seed=1)
    state = mb.apply(state, mb.chance_action(state, 1)) if mb.is_chance(state) else state
    with pytest.raises(MalformedInput, match="seat"):
        determinize(seat_view(state, 0), 1, SplitMix64(0))
