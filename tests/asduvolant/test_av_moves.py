"""Movement on the track: exact moves, no passing, limits, bonuses, shortcut, Accélération."""

from __future__ import annotations

import pytest
from av_support import C, assert_legal, assert_rejected, at, car, play, position

from millebornes.families.asduvolant import AvPhase
from millebornes.families.asduvolant.actions import (
    Attack,
    Discard,
    DrawPile,
    Move,
    Pass,
    Remedy,
    Turbo,
    UTurn,
)

MOVER = [C.D25, C.D50, C.D75, C.D100, C.D200, C.ACCELERATION]


@pytest.mark.rules("AV-MOVE-EXACT", "BOARD-SQUARES", "AV-NO-ROLL", "AV-PLAY-ONE")
def test_a_distance_card_moves_exactly_its_squares_with_no_green_light() -> None:
    state = position(hands={0: MOVER})
    after = assert_legal(state, Move(0, C.D75, False, False))
    assert at(after, 0) == 75 and after.cars[0].square == 3
    assert after.discard_pile[-1] is C.D75  # shown, then discarded
    assert after.turn == 1 and after.phase is AvPhase.DRAW  # one play, then the next turn


@pytest.mark.rules("AV-MOVE-EXACT", "AV-END-FINISH", "AV-WINNER")
def test_the_finish_is_reached_exactly_and_wins() -> None:
    state = position(hands={0: MOVER}, cars={0: car(38)})
    assert_rejected(state, Move(0, C.D75, False, False), "AV-MOVE-EXACT")
    after = assert_legal(state, Move(0, C.D50, False, False))
    assert after.phase is AvPhase.OVER and after.winners == (0,) and at(after, 0) == 1000


@pytest.mark.rules("AV-NO-PASSING", "BOARD-LANES", "RUL-AV-LANE")
def test_a_full_square_blocks_and_the_lowest_free_lane_is_taken() -> None:
    # With two cars, a single-lane square (200 km) is the one that fills.
    state = position(hands={0: MOVER}, cars={0: car(6), 1: car(8)})
    assert_rejected(state, Move(0, C.D75, False, False), "AV-NO-PASSING")  # passes 200
    assert_rejected(state, Move(0, C.D50, False, False), "AV-NO-PASSING")  # stops on it
    after = assert_legal(state, Move(0, C.D25, False, False))
    assert after.cars[0].square == 7 and after.cars[0].lane == 0
    state = position(hands={0: MOVER}, cars={0: car(3), 1: car(4)})
    after = assert_legal(state, Move(0, C.D25, False, False))
    assert (after.cars[0].square, after.cars[0].lane) == (4, 1)  # lane 0 is taken


@pytest.mark.rules("BOARD-DARK-LANE", "BOARD-LANES")
def test_the_dark_lane_is_used_from_four_players() -> None:
    cars = {1: car(4, 0), 2: car(4, 1)}
    three = position(3, hands={0: MOVER}, cars=cars)
    assert_rejected(three, Move(0, C.D100, False, False), "AV-NO-PASSING")
    four = position(4, hands={0: MOVER}, cars=cars)
    after = assert_legal(four, Move(0, C.D100, False, False))
    assert (after.cars[0].square, after.cars[0].lane) == (4, 2)


@pytest.mark.rules("AV-MOVE-FREE", "AV-STACK", "AV-REMEDY")
def test_a_stopped_car_cannot_move_until_cured() -> None:
    state = position(hands={0: [*MOVER[:5], C.GASOLINE]}, cars={0: car(2, attack=C.OUT_OF_GAS)})
    assert_rejected(state, Move(0, C.D25, False, False), "AV-MOVE-FREE")
    after = assert_legal(state, Remedy(0, C.GASOLINE, C.OUT_OF_GAS))
    assert after.cars[0].attack is None and after.discard_pile[-1] is C.GASOLINE


@pytest.mark.rules("AV-LIMIT-TOKEN", "RUL-AV-ACCEL-TOKEN", "AV-ACCEL")
def test_the_limit_token_caps_the_card_and_its_doubled_value() -> None:
    state = position(hands={0: MOVER}, cars={0: car(2, limit=True)})
    assert_rejected(state, Move(0, C.D75, False, False), "AV-LIMIT-TOKEN")
    assert_rejected(state, Move(0, C.D50, True, False), "RUL-AV-ACCEL-TOKEN")
    after = assert_legal(state, Move(0, C.D25, True, False))  # 25 doubled is 50
    assert after.cars[0].square == 4
    assert after.discard_pile[-2:] == (C.D25, C.ACCELERATION)


@pytest.mark.rules("AV-LIMIT-SQUARE", "AV-ACCEL", "BOARD-LIMIT")
def test_a_limited_square_binds_the_next_move_and_the_doubled_value() -> None:
    state = position(hands={0: MOVER}, cars={0: car(6)})  # 150 km: limit 75
    assert_rejected(state, Move(0, C.D100, False, False), "AV-LIMIT-SQUARE")
    assert_rejected(state, Move(0, C.D50, True, False), "AV-ACCEL")
    assert_legal(state, Move(0, C.D75, False, False))
    assert_legal(state, Move(0, C.D25, True, False))
    # Arriving on it does not limit the move that brings the car there.
    arriving = position(hands={0: MOVER}, cars={0: car(2)})
    assert assert_legal(arriving, Move(0, C.D100, False, False)).cars[0].square == 6


@pytest.mark.rules("AV-LIMIT-SQUARE", "AV-SAFETY")
def test_right_of_way_does_not_lift_a_square_limit() -> None:
    state = position(hands={0: MOVER}, cars={0: car(10, safeties=(C.RIGHT_OF_WAY,))})
    assert_rejected(state, Move(0, C.D75, False, False), "AV-LIMIT-SQUARE")


@pytest.mark.rules("AV-ACCEL", "AV-HAND-SIX")
def test_acceleration_doubles_and_the_hand_is_refilled_to_six() -> None:
    state = position(hands={0: [*MOVER, C.D25]})
    after = assert_legal(state, Move(0, C.D75, True, False))
    assert after.cars[0].square == 6  # 150 km
    assert len(after.hands[0]) == 6


@pytest.mark.rules("AV-MAX-200")
def test_at_most_two_200s_a_game() -> None:
    state = position(hands={0: MOVER}, cars={0: car(2, laid_200=2)})
    assert_rejected(state, Move(0, C.D200, False, False), "AV-MAX-200")
    state = position(hands={0: MOVER}, cars={0: car(2, laid_200=1)})
    assert assert_legal(state, Move(0, C.D200, False, False)).cars[0].laid_200 == 2


@pytest.mark.rules("AV-BONUS", "BOARD-BONUS")
def test_a_bonus_square_moves_the_car_on_at_once() -> None:
    state = position(hands={0: MOVER}, cars={0: car(3)})
    after = assert_legal(state, Move(0, C.D50, False, False))  # 125 km: +50
    assert at(after, 0) == 175


@pytest.mark.rules("AV-BONUS", "RUL-AV-BONUS")
def test_no_bonus_under_a_limit_token_nor_when_blocked_and_no_chains() -> None:
    limited = position(hands={0: MOVER}, cars={0: car(3, limit=True)})
    assert at(assert_legal(limited, Move(0, C.D50, False, False)), 0) == 125
    # The bonus of square 5 (+50) ends on square 7: fill its two lanes.
    blocked = position(3, hands={0: MOVER}, cars={0: car(3), 1: car(7, 0), 2: car(7, 1)})
    assert at(assert_legal(blocked, Move(0, C.D50, False, False)), 0) == 125
    # 350 km (+25) leads to 375 km, no bonus there; 600 (+75) leads to 675: one bonus each.
    chained = position(hands={0: MOVER}, cars={0: car(21)})
    assert at(assert_legal(chained, Move(0, C.D75, False, False)), 0) == 675
    twice = position(hands={0: MOVER}, cars={0: car(12)})
    assert at(assert_legal(twice, Move(0, C.D50, False, False)), 0) == 375


@pytest.mark.rules("RUL-AV-700", "AV-GOAL")
def test_the_700_goal_is_square_28_and_the_track_ends_there() -> None:
    near = position(hands={0: MOVER}, cars={0: car(26)}, options=frozenset({"goal_700"}))
    assert_rejected(near, Move(0, C.D75, False, False), "AV-MOVE-EXACT")
    won = assert_legal(near, Move(0, C.D50, False, False))
    assert won.phase is AvPhase.OVER and won.winners == (0,) and at(won, 0) == 700


@pytest.mark.rules("AV-SHORTCUT", "BOARD-SHORTCUT")
def test_the_shortcut_is_taken_only_from_its_entry_square() -> None:
    state = position(hands={0: MOVER}, cars={0: car(12)})
    assert_rejected(
        position(hands={0: MOVER}, cars={0: car(11)}), Move(0, C.D25, False, True), "AV-SHORTCUT"
    )
    after = assert_legal(state, Move(0, C.D50, False, True))
    assert after.cars[0].square == 42 and at(after, 0) == 400
    through = assert_legal(state, Move(0, C.D75, False, True))
    assert through.cars[0].square == 18  # three steps instead of six
    on_road = assert_legal(state, Move(0, C.D75, False, False))
    assert on_road.cars[0].square == 15


@pytest.mark.rules("AV-UTURN", "RUL-AV-UTURN-WINDOW", "RUL-AV-UTURN-COUNTS", "AV-PASS")
def test_a_demi_tour_sends_the_car_back_and_play_resumes_left_of_the_mover() -> None:
    hands = {0: MOVER, 1: [C.U_TURN, C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE]}
    state = position(3, hands=hands, cars={0: car(2, laid_200=1, laid_distance=1)})
    state = assert_legal(state, Move(0, C.D200, False, False))
    assert state.phase is AvPhase.U_TURN and state.actor == 1 and state.cars[0].square == 10
    after = assert_legal(state, UTurn(1))
    assert after.cars[0].square == 2 and after.cars[0].lane == 0
    assert after.cars[0].laid_200 == 1 and after.cars[0].laid_distance == 1
    assert after.turn == 1 and len(after.hands[1]) == 6
    # Passing lets the move stand.
    stands = assert_legal(state, Pass(1))
    assert stands.cars[0].square == 10 and stands.turn == 1


@pytest.mark.rules("AV-UTURN", "RUL-AV-UTURN-COUNTS", "RUL-AV-TURBO", "AV-TURN-ORDER")
def test_a_demi_tour_after_a_turbo_move_ends_the_movers_turn() -> None:
    # 003: "c'est au joueur situé à gauche de la personne ayant posé la carte 200 de jouer".
    # Seat 0 plays a Turbo and moves with its first play; seat 2 (not the mover's left)
    # cancels the move. Seat 0 loses the Turbo's second play, discards down to six and
    # seat 1, on the mover's left, plays next.
    hands = {0: [C.TURBO, *MOVER], 2: [C.U_TURN, C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE]}
    state = position(3, hands=hands)
    state = play(state, Turbo(0), Move(0, C.D50, False, False))
    assert state.phase is AvPhase.U_TURN and state.actor == 2 and state.plays == 2
    after = assert_legal(state, UTurn(2))
    assert after.cars[0].square == 0 and len(after.hands[0]) == 7
    assert after.phase is AvPhase.TRIM and after.actor == 0 and after.resume == 1
    assert_rejected(after, Move(0, C.D25, False, False), "AV-PLAY-ONE")
    trimmed = assert_legal(after, Discard(0, C.D200))
    assert trimmed.turn == trimmed.actor == 1 and trimmed.phase is AvPhase.DRAW
    assert len(trimmed.hands[0]) == 6 and len(trimmed.hands[2]) == 6


@pytest.mark.rules("AV-UTURN", "RUL-AV-UTURN-COUNTS", "AV-ACCELERATED")
def test_a_demi_tour_ends_a_turn_of_the_accelerated_game() -> None:
    hands = {0: MOVER, 1: [C.U_TURN, C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE]}
    state = position(3, hands=hands, options=frozenset({"accelerated"}))
    state = assert_legal(state, Move(0, C.D25, False, False))
    after = assert_legal(state, UTurn(1))
    assert after.turn == after.actor == 1 and after.phase is AvPhase.PLAY
    assert after.cars[0].square == 0 and len(after.hands[0]) == 6


@pytest.mark.rules("AV-UTURN", "AV-END-FINISH")
def test_a_winning_move_waits_for_the_demi_tour_window() -> None:
    hands = {0: MOVER, 1: [C.U_TURN, C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE]}
    state = position(hands=hands, cars={0: car(37)})
    state = assert_legal(state, Move(0, C.D75, False, False))
    assert state.phase is AvPhase.U_TURN and state.winners == ()
    assert assert_legal(state, Pass(1)).winners == (0,)
    assert assert_legal(state, UTurn(1)).cars[0].square == 37


@pytest.mark.rules("AV-NO-PASSING", "AV-ATTACK")
def test_an_attacked_car_on_a_single_lane_blocks_those_behind() -> None:
    state = position(hands={0: [C.ACCIDENT, *MOVER[:5]]}, cars={0: car(6), 1: car(8)})
    state = play(state, Attack(0, C.ACCIDENT, 1), DrawPile(1))
    assert state.cars[1].attack is C.ACCIDENT and state.cars[0].square == 6
