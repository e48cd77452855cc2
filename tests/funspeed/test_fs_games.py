"""Whole random games of Fun & Speed at every seat count, with invariants at every step.

After every action: card conservation over every zone, removed-from-play included
(FS-BOX); exactly one actor until the game is over, and every legal action is
that actor's (FS-ACTOR, RUL-FS-WINDOWS); four cards in every hand between turns
(FS-REFILL); nobody at or past the goal while the game goes on, except the layer
of a Borne whose window is still open (FS-END-GOAL, FS-END-AFTER-UTURN); the
winners are the seats at or past the goal, or the greatest totals after an
exhausted draw pile (RUL-FS-EMPTY-PILE); at most one attack and one Radar per
zone (FS-ATTACK-ONE); canonical JSON reads back to the same state.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millebornes.families.funspeed import (
    DATA,
    FsAction,
    FsPhase,
    FsState,
    apply,
    legal_actions,
    new_game,
)
from millebornes.families.funspeed.cards import IS_RADAR, KIND, Kind
from millebornes.families.funspeed.serialize import from_json, to_json

MAX_STEPS = 5000
"""A bound no game reached in measurement (the longest of 200 random games took 505 steps)."""


def check_state(state: FsState, before: FsState | None) -> tuple[FsAction, ...]:
    """Check the invariants of ``state`` (reached from ``before``); its legal actions."""
    assert sorted(state.all_cards()) == list(DATA.deck())  # FS-BOX
    over = state.phase is FsPhase.OVER
    assert (state.actor is None) == over  # FS-ACTOR
    actions = legal_actions(state)
    assert bool(actions) != over
    assert {action.seat for action in actions} <= {state.actor}
    new_turn = before is None or before.turn != state.turn or state.phase is FsPhase.DRAW
    if new_turn and not over:
        assert [len(hand) for hand in state.hands] == [DATA.hand_size] * state.players
    for zone in state.zones:  # FS-ATTACK-ONE
        assert zone.attack is None or (
            KIND[zone.attack] is Kind.ATTACK and not IS_RADAR[zone.attack]
        )
        assert zone.radar is None or IS_RADAR[zone.radar]
    past = tuple(seat for seat, zone in enumerate(state.zones) if zone.km >= state.goal)
    if over:
        if past:
            assert state.winners == past  # FS-END-GOAL
        else:  # RUL-FS-EMPTY-PILE: the greatest totals share the win
            best = max(zone.km for zone in state.zones)
            assert state.winners == tuple(
                seat for seat, zone in enumerate(state.zones) if zone.km == best
            )
    elif state.phase is FsPhase.BORNE:
        assert set(past) <= {state.layer}  # FS-END-AFTER-UTURN
    else:
        assert past == ()
    assert from_json(to_json(state)) == state
    return actions


def play_out(players: int, seed: int, rng: random.Random) -> tuple[FsState, int]:
    state = new_game(players, seed=seed)
    actions = check_state(state, None)
    steps = 0
    while actions and steps < MAX_STEPS:
        after = apply(state, rng.choice(actions))
        actions = check_state(after, state)
        state, steps = after, steps + 1
    return state, steps


@pytest.mark.rules(
    "FS-BOX", "FS-ACTOR", "RUL-FS-WINDOWS", "FS-REFILL", "FS-END-GOAL", "FS-END-AFTER-UTURN",
    "RUL-FS-EMPTY-PILE", "FS-ATTACK-ONE", "RUL-FS-SEATS",
)  # fmt: skip
@pytest.mark.parametrize("players", DATA.seats)
@given(seed=st.integers(0, 2**64 - 1), rng=st.randoms(use_true_random=False))
def test_random_whole_games_keep_every_invariant(
    players: int, seed: int, rng: random.Random
) -> None:
    state, steps = play_out(players, seed, rng)
    assert state.phase is FsPhase.OVER, f"no end after {steps} steps"
