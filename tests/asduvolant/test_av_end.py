"""The end of a game, the reshuffle, the winner and the points of the variants."""

from __future__ import annotations

from dataclasses import replace

import pytest
from av_support import C, assert_legal, assert_rejected, car, play, position

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import shuffled
from millebornes.families.asduvolant import (
    AvPhase,
    AvState,
    apply,
    game_points,
    legal_actions,
    new_game,
    points_match_winners,
)
from millebornes.families.asduvolant.actions import Discard, DrawPile, Move
from millebornes.families.asduvolant.engine import farthest

JUNK = [C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE, C.SPARE_TIRE, C.SPARE_TIRE, C.REPAIRS]


@pytest.mark.rules("AV-RESHUFFLE", "RUL-AV-RESHUFFLE-SEED")
def test_an_empty_pile_is_replaced_by_the_discard_pile_shuffled_with_seed_plus_k() -> None:
    state = new_game(2, seed=40)
    state = replace(
        state,
        discard_pile=state.discard_pile + state.draw_pile,
        draw_pile=(),
        seed=40,
        reshuffles=2,
    )
    after = assert_legal(state, DrawPile(0))
    expected = shuffled(state.discard_pile, 43)  # the third reshuffle: seed + 3
    assert after.reshuffles == 3 and after.discard_pile == ()
    assert after.draw_pile == expected[1:] and expected[0] in after.hands[0]


@pytest.mark.rules("AV-END-STUCK", "RUL-AV-DECLARE", "AV-WINNER")
def test_a_full_round_of_blocked_turns_ends_the_game_before_any_reshuffle() -> None:
    # Both cars are stopped and hold nothing that cures them: only discards are legal. The
    # draw pile never ran out (reshuffles 0): the declared end counts from the deal on.
    cars = {0: car(5, attack=C.ACCIDENT), 1: car(3, 0, attack=C.STOP)}
    hands = {0: [*JUNK[:6], C.END_OF_LIMIT], 1: [*JUNK[2:6], C.END_OF_LIMIT, C.END_OF_LIMIT]}
    state = position(hands=hands, cars=cars, draw_top=[C.REPAIRS])
    assert state.reshuffles == 0
    state = assert_legal(state, Discard(0, C.ROLL))
    assert state.stuck == 1 and state.phase is AvPhase.DRAW
    state = play(state, DrawPile(1), Discard(1, C.REPAIRS))
    assert state.phase is AvPhase.OVER and state.winners == (0,) == farthest(state)
    assert state.reshuffles == 0


@pytest.mark.rules("AV-END-STUCK", "RUL-AV-DECLARE", "RUL-AV-FARTHEST-TIE")
def test_cars_equally_far_share_a_blocked_end() -> None:
    cars = {0: car(5, attack=C.ACCIDENT), 1: car(5, 1, attack=C.STOP)}
    hands = {0: [*JUNK[:6], C.END_OF_LIMIT]}
    state = position(hands=hands, cars=cars, stuck=1)
    after = assert_legal(state, Discard(0, C.ROLL))
    assert after.phase is AvPhase.OVER and after.winners == (0, 1)


@pytest.mark.rules("RUL-AV-DECLARE", "RUL-AV-DISCARD")
def test_a_turn_that_plays_a_card_is_not_blocked() -> None:
    state = position(hands={0: [C.D25, *JUNK[:6]]}, stuck=1)
    assert_rejected(state, Discard(0, C.ROLL), "RUL-AV-DISCARD")  # a card can be played
    assert assert_legal(state, Move(0, C.D25, False, False)).stuck == 0


def _finished(**fields: object) -> AvState:
    return replace(position(), phase=AvPhase.OVER, actor=None, **fields)  # type: ignore[arg-type]


@pytest.mark.rules("AV-POINTS", "RUL-AV-KM-SCORE")
def test_the_5000_point_count() -> None:
    cars = (
        car(40, laid_distance=8, laid_100=3, safeties=(C.DRIVING_ACE, C.EXTRA_TANK),
            coups_fourres=(C.DRIVING_ACE,)),
        car(19, 0, laid_distance=0),
    )  # fmt: skip
    state = _finished(cars=cars, winners=(0,), options=frozenset({"points_5000"}))
    # Seat 0: 1000 km + 2 safeties + 1 coup-fourré + win + win without 200 + 500 (seat 1
    # laid no distance card); seat 1: 475 km (its square) and nothing else.
    assert game_points(state) == (1000 + 200 + 300 + 400 + 200 + 500, 475)
    assert game_points(replace(state, options=frozenset())) == (0, 0)


@pytest.mark.rules("AV-POINTS")
@pytest.mark.parametrize("phase", [p for p in AvPhase if p is not AvPhase.OVER])
def test_points_are_counted_only_once_the_game_is_over(phase: AvPhase) -> None:
    state = replace(_finished(winners=(0,), options=frozenset({"points_5000"})), phase=phase)
    with pytest.raises(MalformedInput, match="once the game is over"):
        game_points(state)


@pytest.mark.rules("AV-BONUS-GAME", "RUL-AV-BONUS-STACK")
def test_the_bonus_game_adds_a_plain_win_and_an_early_finish() -> None:
    cars = (car(40, laid_distance=12), car(10, 0, laid_distance=3, laid_100=1))
    state = _finished(cars=cars, winners=(0,), options=frozenset({"bonus"}))
    assert game_points(state) == (1000 + 400 + 200 + 500 + 300, 250)
    late = replace(state, reshuffles=1)
    assert game_points(late) == (1000 + 400 + 200 + 500, 250)


@pytest.mark.rules("AV-POINTS")
def test_a_match_ends_when_a_total_reaches_5000() -> None:
    assert points_match_winners([4900, 3000]) == ()
    assert points_match_winners([5100, 5300, 10]) == (1,)
    assert points_match_winners([5000, 10]) == (0,)  # reaching 5000 is enough
    # equal totals share the win, whether or not they are the same int object
    assert points_match_winners([int("5300"), 5300, 10]) == (0, 1)


@pytest.mark.rules("AV-WINNER", "AV-END-FINISH")
def test_a_seeded_game_is_won_on_the_finish_or_by_the_farthest() -> None:
    state = new_game(2, seed=3)
    while state.actor is not None:
        moves = [a for a in legal_actions(state) if isinstance(a, Move)]
        state = apply(state, max(moves, key=lambda m: m.card) if moves else legal_actions(state)[0])
    goal = state.board.goal_square(state.goal)
    on_goal = tuple(s for s, c in enumerate(state.cars) if c.square == goal)
    assert state.winners == (on_goal or farthest(state))
