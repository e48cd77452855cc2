"""Whole random games of As du Volant at every seat count and option, with the invariants
checked at every step.

After every action: card conservation (AV-BOX) and token conservation
(AV-TOKENS); one car per lane per square, on a lane the square has (BOARD-LANES,
BOARD-DARK-LANE); exactly one actor until the game is over, and every legal
action is that actor's (AV-ACTOR); six cards in every hand when a turn starts
(AV-HAND-SIX); a move changes only the mover's car, by exactly the card's squares
plus at most one bonus (AV-MOVE-EXACT, AV-BONUS); a finished game was won on
the finish or by the farthest cars (AV-END-FINISH, AV-END-STUCK); canonical
JSON reads back to the same state.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millebornes.families.asduvolant import (
    DATA,
    AvAction,
    AvPhase,
    AvState,
    apply,
    legal_actions,
    new_game,
)
from millebornes.families.asduvolant.actions import Move, UTurn
from millebornes.families.asduvolant.engine import farthest
from millebornes.families.asduvolant.rules import route
from millebornes.families.asduvolant.serialize import from_json, to_json
from millebornes.families.asduvolant.state import box_tokens

MAX_STEPS = 20000
"""A bound no game reached in measurement (the longest of 132 random games took 8524 steps)."""
JSON_EVERY = 25
"""Reading a state back (its board included) is the slow check: done at the start, the end,
and whenever the discard pile holds a multiple of 25 cards."""

OPTION_SETS = ((), ("accelerated",), ("points_5000",), ("bonus", "accelerated"))


def check_state(state: AvState, before: AvState | None) -> tuple[AvAction, ...]:
    """Check the invariants of ``state`` (reached from ``before``); its legal actions."""
    assert sorted(state.all_cards()) == list(DATA.deck(state.players, state.options))  # AV-BOX
    assert state.token_counts() == box_tokens()  # AV-TOKENS
    assert min(state.supply) >= 0
    places = [(car.square, car.lane) for car in state.cars]  # BOARD-LANES
    assert len(set(places)) == len(places)
    assert all(lane < state.lanes(square) for square, lane in places)  # BOARD-DARK-LANE
    over = state.phase is AvPhase.OVER
    assert (state.actor is None) == over  # AV-ACTOR
    actions = legal_actions(state)
    assert bool(actions) != over
    assert {action.seat for action in actions} <= {state.actor}
    starting = before is not None and before.turn != state.turn and not over
    if starting:  # AV-HAND-SIX
        assert [len(hand) for hand in state.hands] == [DATA.hand_size] * state.players
    goal = state.board.goal_square(state.goal)
    if over:  # AV-END-FINISH, AV-END-STUCK
        on_goal = tuple(s for s, car in enumerate(state.cars) if car.square == goal)
        assert state.winners == (on_goal or farthest(state))
    elif state.phase is not AvPhase.U_TURN:
        assert all(car.square != goal for car in state.cars)
    if over or before is None or len(before.discard_pile) % JSON_EVERY == 0:
        assert from_json(to_json(state)) == state
    return actions


def check_step(before: AvState, action: AvAction, after: AvState) -> None:
    """AV-MOVE-EXACT, AV-BONUS: a move takes the car exactly its card's squares (then at most
    one bonus move); nothing else moves any car but a Demi-tour (AV-UTURN)."""
    moved = [s for s in range(before.players) if before.cars[s].square != after.cars[s].square]
    if isinstance(action, Move):
        path = route(before, action)
        assert path is not None and moved == [action.seat]
        square = after.cars[action.seat].square
        bonus = before.board.squares[path[-1]].bonus
        assert square == path[-1] or (bonus and not before.cars[action.seat].limit)
    elif isinstance(action, UTurn):
        assert moved == [before.mover] and after.cars[before.mover].square == before.origin[0]  # type: ignore[index]
    else:
        assert moved == []


def play_out(
    players: int, seed: int, rng: random.Random, options: tuple[str, ...] = ()
) -> tuple[AvState, int]:
    state = new_game(players, seed=seed, options=options)
    actions = check_state(state, None)
    steps = 0
    while actions and steps < MAX_STEPS:
        action = rng.choice(actions)
        after = apply(state, action)
        check_step(state, action, after)
        actions = check_state(after, state)
        state, steps = after, steps + 1
    return state, steps


@pytest.mark.rules(
    "AV-BOX", "AV-TOKENS", "BOARD-LANES", "BOARD-DARK-LANE", "AV-ACTOR", "AV-HAND-SIX",
    "AV-MOVE-EXACT", "AV-BONUS", "AV-END-FINISH", "AV-END-STUCK", "AV-SEATS", "AV-RESHUFFLE",
)  # fmt: skip
@pytest.mark.parametrize("players", DATA.seats)
@given(
    seed=st.integers(0, 2**64 - 1),
    rng=st.randoms(use_true_random=False),
    options=st.sampled_from(OPTION_SETS),
)
def test_random_whole_games_keep_every_invariant(
    players: int, seed: int, rng: random.Random, options: tuple[str, ...]
) -> None:
    state, steps = play_out(players, seed, rng, options)
    assert state.phase is AvPhase.OVER, f"no end after {steps} steps"


@pytest.mark.rules("AV-GOAL", "RUL-AV-700")
@given(seed=st.integers(0, 2**64 - 1), rng=st.randoms(use_true_random=False))
def test_random_700_km_games_end_on_square_28(seed: int, rng: random.Random) -> None:
    state, _ = play_out(2, seed, rng, ("goal_700",))
    assert state.phase is AvPhase.OVER
    assert all(state.board.squares[car.square].km <= 700 for car in state.cars)
