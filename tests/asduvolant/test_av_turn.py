"""Box, deal and turn; attacks, remedies, safeties, coup-fourré; Turbo; the discard pile."""

from __future__ import annotations

from collections import Counter

import pytest
from av_support import C, assert_legal, assert_rejected, car, play, position

from millebornes._spec import load_json
from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant import DATA, AvPhase, legal_actions, new_game
from millebornes.families.asduvolant.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    EndTurn,
    Move,
    Pass,
    Remedy,
    Safety,
    Turbo,
)
from millebornes.families.asduvolant.cards import ATTACKS, TOKENS
from millebornes.families.asduvolant.state import Car


@pytest.mark.rules("AV-BOX", "ASM-AV-COUNTS", "AV-TOKENS")
def test_the_box_adds_up_and_no_attack_has_more_cards_than_tokens() -> None:
    data = load_json("families/as-du-volant/edition.json")
    assert sum(data["box"].values()) == data["box_total"] == DATA.box_total == 108
    assert data["box"]["U_TURN"] == 2  # the one count the booklet states
    assert [DATA.tokens[k] for k in ATTACKS] == [6, 6, 5, 5, 5]
    assert all(DATA.tokens[k] == 1 for k in TOKENS if k not in ATTACKS)
    assert all(dict(DATA.box)[k] <= DATA.tokens[k] for k in ATTACKS)


@pytest.mark.rules("AV-SEATS", "AV-DEAL", "RUL-AV-FIRST-PLAYER", "RUL-AV-SMALL-DECK")
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_the_deal_gives_six_cards_each_from_the_whole_box(players: int) -> None:
    state = new_game(players, seed=11)
    assert all(len(hand) == DATA.hand_size for hand in state.hands)
    assert state.actor == state.turn == 0 and state.phase is AvPhase.DRAW
    assert all(c.square == state.board.start for c in state.cars)
    assert len(state.all_cards()) == 108  # the small deck is an option, never imposed
    with pytest.raises(MalformedInput, match="players"):
        new_game(7, seed=1)


@pytest.mark.rules("AV-SMALL-DECK", "RUL-AV-SMALL-DECK")
@pytest.mark.parametrize("players", [2, 3])
def test_the_small_deck_option_drops_one_of_each_attack_at_two_or_three(players: int) -> None:
    state = new_game(players, seed=11, options=["small_deck"])
    counts = Counter(state.all_cards())
    assert all(counts[k] == dict(DATA.box)[k] - 1 for k in ATTACKS)
    assert len(state.all_cards()) == 108 - 5
    with pytest.raises(MalformedInput, match="small_deck"):
        new_game(4, seed=1, options=["small_deck"])


@pytest.mark.rules("AV-GOAL", "RUL-AV-700")
def test_the_700_goal_is_an_option_of_two_and_three_players_only() -> None:
    assert new_game(3, seed=1, options=["goal_700"]).goal == 700
    assert new_game(4, seed=1).goal == 1000
    with pytest.raises(MalformedInput, match="goal_700"):
        new_game(4, seed=1, options=["goal_700"])
    with pytest.raises(MalformedInput, match="unknown option"):
        new_game(4, seed=1, options=["turbo"])


@pytest.mark.rules("AV-ACTOR", "AV-DRAW", "AV-CARD-IN-HAND")
def test_only_the_actor_acts_and_a_turn_starts_with_the_draw() -> None:
    state = position(phase=AvPhase.DRAW, hands={0: [C.D25] * 6})
    assert_rejected(state, DrawPile(1), "AV-ACTOR")
    assert_rejected(state, Move(0, C.D25, False, False), "AV-PLAY-ONE")
    after = assert_legal(state, DrawPile(0))
    assert len(after.hands[0]) == 7 and after.phase is AvPhase.PLAY
    assert_rejected(after, Move(0, C.D200, False, False), "AV-CARD-IN-HAND")


@pytest.mark.rules("AV-DISCARD-TAKE", "AV-DISCARD-PLAY", "RUL-AV-DISCARD")
def test_a_card_taken_from_the_discard_pile_is_played_at_once() -> None:
    state = position(phase=AvPhase.DRAW, discard=[C.D100, C.ACCIDENT])
    after = assert_legal(state, DrawDiscard(0))
    assert after.taken is C.ACCIDENT
    assert_rejected(after, Discard(0, C.ACCIDENT), "AV-DISCARD-PLAY", "RUL-AV-DISCARD")
    assert_rejected(after, Remedy(0, C.ROLL, C.STOP), "AV-DISCARD-PLAY", "AV-STACK")
    after = assert_legal(after, Attack(0, C.ACCIDENT, 1))
    assert after.cars[1].attack is C.ACCIDENT
    for card in (C.D100, C.TOW_TRUCK, C.U_TURN):
        assert_rejected(position(phase=AvPhase.DRAW, discard=[card]), DrawDiscard(0), *(
            "AV-DISCARD-TAKE", "RUL-AV-DISCARD-PLAYABLE"))  # fmt: skip


@pytest.mark.rules("RUL-AV-DISCARD-PLAYABLE")
def test_a_card_that_could_not_be_played_may_not_be_taken() -> None:
    # Seat 1 is immune to the Accident: taking it would leave nothing to do with it.
    state = position(
        phase=AvPhase.DRAW, discard=[C.ACCIDENT], cars={1: car(0, 1, safeties=(C.DRIVING_ACE,))}
    )
    assert_rejected(state, DrawDiscard(0), "RUL-AV-DISCARD-PLAYABLE")


@pytest.mark.rules("RUL-AV-DISCARD", "AV-TURN-ORDER", "AV-HAND-SIX")
def test_a_discard_ends_the_turn_and_the_next_seat_on_the_left_draws() -> None:
    # Nothing to cure and no distance card: no card of the hand can be played.
    state = position(3, hands={0: [C.ROLL, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.REPAIRS,
                                   C.SPARE_TIRE]})  # fmt: skip
    after = assert_legal(state, Discard(0, C.ROLL))
    assert after.turn == after.actor == 1 and len(after.hands[0]) == 6


@pytest.mark.rules("RUL-AV-DISCARD")
@pytest.mark.parametrize(
    ("hand", "cars"),
    [
        ([C.D25, C.ROLL, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.REPAIRS], {}),  # a move
        ([C.ACCIDENT, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.REPAIRS, C.ROLL], {}),  # attack
        (
            [C.REPAIRS, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.ROLL, C.ROLL],
            {0: car(0, attack=C.ACCIDENT)},
        ),  # a cure
        ([C.TURBO, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.ROLL, C.ROLL], {}),  # a Turbo
    ],
)
def test_no_card_may_be_discarded_while_a_card_can_be_played(
    hand: list[C], cars: dict[int, Car]
) -> None:
    # 003 "S'il n'a aucune de ces cartes, il doit rejeter": the classic "ne peut ou ne
    # veut" is gone, so a discard by choice is refused, whichever card it is.
    state = position(3, hands={0: hand}, cars=cars)
    for card in set(hand):
        assert_rejected(state, Discard(0, card), "RUL-AV-DISCARD")
    assert not any(isinstance(a, Discard) for a in legal_actions(state))


@pytest.mark.rules("AV-ATTACK", "AV-IMMUNITY", "RUL-AV-ONE-ATTACK", "AV-STACK")
def test_attacks_go_on_an_opponent_once_and_mix_with_a_limit() -> None:
    hand = [C.ACCIDENT, C.OUT_OF_GAS, C.SPEED_LIMIT, C.STOP, C.D25, C.D50]
    assert_rejected(position(hands={0: hand}), Attack(0, C.ACCIDENT, 0), "AV-ATTACK")
    immune = position(hands={0: hand}, cars={1: car(0, 1, safeties=(C.RIGHT_OF_WAY,))})
    assert_rejected(immune, Attack(0, C.STOP, 1), "AV-IMMUNITY")
    assert_rejected(immune, Attack(0, C.SPEED_LIMIT, 1), "AV-IMMUNITY")
    stopped = position(hands={0: hand}, cars={1: car(0, 1, attack=C.OUT_OF_GAS)})
    assert_rejected(stopped, Attack(0, C.ACCIDENT, 1), "RUL-AV-ONE-ATTACK")
    after = assert_legal(stopped, Attack(0, C.SPEED_LIMIT, 1))
    assert after.cars[1].limit and after.cars[1].attack is C.OUT_OF_GAS
    limited = position(hands={0: hand}, cars={1: car(0, 1, limit=True)})
    assert_rejected(limited, Attack(0, C.SPEED_LIMIT, 1), "RUL-AV-ONE-ATTACK")
    assert assert_legal(limited, Attack(0, C.STOP, 1)).cars[1].attack is C.STOP


@pytest.mark.rules("RUL-AV-TOKEN-SUPPLY", "AV-TOKENS")
def test_an_attack_needs_a_token_in_the_supply() -> None:
    # Five Accident tokens: on seats 0 to 4 (the attacker's own car included).
    hand = {0: [C.ACCIDENT, *[C.D25] * 5]}
    cars = {seat: car(seat + 1, 0, attack=C.ACCIDENT) for seat in range(5)}
    empty = position(6, hands=hand, cars=cars)
    assert empty.supply[TOKENS.index(C.ACCIDENT)] == 0
    assert_rejected(empty, Attack(0, C.ACCIDENT, 5), "RUL-AV-TOKEN-SUPPLY")
    one_left = position(6, hands=hand, cars={**cars, 4: car(5, 0)})
    after = assert_legal(one_left, Attack(0, C.ACCIDENT, 5))
    assert after.supply[TOKENS.index(C.ACCIDENT)] == 0 and after.token_counts() == (
        one_left.token_counts())  # fmt: skip


@pytest.mark.rules("AV-REMEDY", "AV-TOW-TRUCK", "AV-STACK")
def test_a_tow_truck_cures_any_one_attack_and_attacks_are_cured_in_any_order() -> None:
    hand = [C.TOW_TRUCK, C.END_OF_LIMIT, C.ROLL, C.D25, C.D50, C.D75]
    state = position(hands={0: hand}, cars={0: car(2, attack=C.STOP, limit=True)})
    assert_rejected(state, Remedy(0, C.ROLL, C.ACCIDENT), "AV-REMEDY", "AV-STACK")
    one = assert_legal(state, Remedy(0, C.TOW_TRUCK, C.STOP))
    assert one.cars[0].attack is None and one.cars[0].limit
    other = assert_legal(state, Remedy(0, C.END_OF_LIMIT, C.SPEED_LIMIT))
    assert other.cars[0].attack is C.STOP and not other.cars[0].limit
    assert other.supply[TOKENS.index(C.SPEED_LIMIT)] == DATA.tokens[C.SPEED_LIMIT]


@pytest.mark.rules("AV-SAFETY", "RUL-AV-SAFETY-CURES")
def test_a_safety_gives_immunity_cures_its_attacks_and_no_extra_play() -> None:
    hand = [C.RIGHT_OF_WAY, C.D25, C.D50, C.D75, C.ROLL, C.ROLL, C.GASOLINE]
    state = position(hands={0: hand}, cars={0: car(2, attack=C.STOP, limit=True)})
    after = assert_legal(state, Safety(0, C.RIGHT_OF_WAY))
    assert after.cars[0].attack is None and not after.cars[0].limit
    assert after.cars[0].safeties == (C.RIGHT_OF_WAY,) and after.turn == 1
    assert C.RIGHT_OF_WAY not in after.discard_pile  # laid beside the board


@pytest.mark.rules("AV-CF", "RUL-AV-CF-WINDOW", "AV-CF-TURN", "AV-PASS")
def test_a_coup_fourre_cancels_the_attack_and_takes_the_turn() -> None:
    hands = {
        0: [C.ACCIDENT, C.STOP, C.D25, C.D50, C.D75, C.ROLL, C.ROLL],
        2: [C.DRIVING_ACE, C.D25, C.D50, C.D75, C.D100, C.ROLL],
    }
    state = position(4, hands=hands)
    window = assert_legal(state, Attack(0, C.ACCIDENT, 2))
    assert window.phase is AvPhase.COUP_FOURRE and window.actor == 2
    assert_rejected(window, CoupFourre(2, C.EXTRA_TANK), "AV-CARD-IN-HAND", "AV-CF")
    after = assert_legal(window, CoupFourre(2, C.DRIVING_ACE))
    assert after.cars[2].attack is None and after.cars[2].coups_fourres == (C.DRIVING_ACE,)
    assert after.turn == after.actor == 2 and after.phase is AvPhase.DRAW  # seat 1 lost it
    assert len(after.hands[2]) == 6 and len(after.hands[0]) == 6
    landed = assert_legal(window, Pass(2))
    assert landed.cars[2].attack is C.ACCIDENT and landed.turn == 1
    # No window when the target does not hold the safety.
    assert assert_legal(state, Attack(0, C.STOP, 1)).phase is AvPhase.DRAW


@pytest.mark.rules("AV-TURBO", "RUL-AV-TURBO", "AV-HAND-SIX")
def test_turbo_draws_two_and_gives_two_plays_even_twice() -> None:
    hand = [C.TURBO, C.TURBO, C.D25, C.D50, C.D75, C.ROLL, C.ROLL]
    state = position(hands={0: hand})
    after = assert_legal(state, Turbo(0))
    assert len(after.hands[0]) == 8 and after.plays == 2 and after.turn == 0
    after = assert_legal(after, Turbo(0))
    assert after.plays == 3 and len(after.hands[0]) == 9
    after = play(after, Move(0, C.D25, False, False), Move(0, C.D50, False, False))
    assert after.turn == 0 and after.cars[0].square == 3
    after = assert_legal(after, Move(0, C.D75, False, False))
    assert after.turn == 1 and len(after.hands[0]) == 6


@pytest.mark.rules("AV-ACCELERATED", "RUL-AV-ACCELERATED")
def test_the_accelerated_game_plays_many_cards_without_a_draw() -> None:
    state = new_game(3, seed=5, options=["accelerated"])
    assert state.phase is AvPhase.PLAY
    assert_rejected(state, DrawPile(0), "AV-DRAW")
    assert_rejected(state, DrawDiscard(0), "AV-DRAW", "AV-DISCARD-TAKE", *(
        "RUL-AV-DISCARD-PLAYABLE",))  # fmt: skip
    assert_rejected(state, EndTurn(0), "RUL-AV-ACCELERATED")
    junk = [C.ROLL, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.REPAIRS]
    state = position(3, hands={0: junk}, options=frozenset({"accelerated"}))
    state = assert_legal(state, Discard(0, C.ROLL))
    state = assert_legal(state, Discard(0, C.ROLL))
    assert state.turn == 0 and len(state.hands[0]) == 4
    after = assert_legal(state, EndTurn(0))
    assert after.turn == 1 and len(after.hands[0]) == 6 and after.phase is AvPhase.PLAY
    assert_rejected(position(), EndTurn(0), "AV-ACCELERATED", "RUL-AV-ACCELERATED")
