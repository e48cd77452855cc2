"""Pile rules: the battle pile, the speed pile, and when a team is rolling."""

from __future__ import annotations

import pytest
from rulecheck import ROLLING, assert_legal, assert_rejected

from millebornes.families.classic import Card, Phase, Play, Tableau, legal_actions
from millebornes.families.classic.position import position

# --- PILE-BATTLE -------------------------------------------------------------------


@pytest.mark.rules("PILE-BATTLE")
@pytest.mark.parametrize("hazard", (Card.STOP, Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.ACCIDENT))
def test_pile_battle_hazard_goes_on_top_of_the_battle_pile(hazard: Card) -> None:
    state = position(hands={0: [hazard, Card.D25]}, tableaus={1: ROLLING})
    after = assert_legal(state, Play(0, hazard, 1))
    assert after.tableaus[1].battle == (Card.ROLL, hazard)
    assert after.tableaus[1].battle_top is hazard
    assert after.tableaus[1].speed == ()
    assert after.hands[0] == (Card.D25,)


@pytest.mark.rules("PILE-BATTLE")
@pytest.mark.parametrize(
    ("hazard", "remedy"),
    [
        (Card.STOP, Card.ROLL),
        (Card.OUT_OF_GAS, Card.GASOLINE),
        (Card.FLAT_TIRE, Card.SPARE_TIRE),
        (Card.ACCIDENT, Card.REPAIRS),
    ],
)
def test_pile_battle_remedy_goes_on_top_of_the_battle_pile(hazard: Card, remedy: Card) -> None:
    state = position(hands={0: [remedy]}, tableaus={0: Tableau(battle=(Card.ROLL, hazard))})
    after = assert_legal(state, Play(0, remedy, 0))
    assert after.tableaus[0].battle == (Card.ROLL, hazard, remedy)
    assert after.tableaus[0].speed == ()


@pytest.mark.rules("PILE-BATTLE")
def test_pile_battle_only_the_top_card_counts() -> None:
    # An Accident buried under its Repairs and a Roll does not stop the team.
    buried = Tableau(battle=(Card.ROLL, Card.ACCIDENT, Card.REPAIRS, Card.ROLL))
    state = position(hands={0: [Card.D100, Card.REPAIRS]}, tableaus={0: buried})
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.tableaus[0].distance == (Card.D100,)
    assert_rejected(state, Play(0, Card.REPAIRS, 0), "REM-MATCH")


# --- PILE-SPEED --------------------------------------------------------------------


@pytest.mark.rules("PILE-SPEED")
def test_pile_speed_speed_limit_goes_on_the_speed_pile() -> None:
    state = position(hands={0: [Card.SPEED_LIMIT]}, tableaus={1: ROLLING})
    after = assert_legal(state, Play(0, Card.SPEED_LIMIT, 1))
    assert after.tableaus[1].speed == (Card.SPEED_LIMIT,)
    assert after.tableaus[1].battle == (Card.ROLL,)


@pytest.mark.rules("PILE-SPEED")
def test_pile_speed_end_of_limit_goes_on_the_speed_pile() -> None:
    state = position(
        hands={0: [Card.END_OF_LIMIT]},
        tableaus={0: Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))},
    )
    after = assert_legal(state, Play(0, Card.END_OF_LIMIT, 0))
    assert after.tableaus[0].speed == (Card.SPEED_LIMIT, Card.END_OF_LIMIT)
    assert after.tableaus[0].battle == (Card.ROLL,)


@pytest.mark.rules("PILE-SPEED", "PILE-BATTLE", "HAZ-SPEED-LIMIT-ANYTIME")
def test_pile_speed_speed_limit_coexists_with_a_battle_hazard() -> None:
    stopped = Tableau(battle=(Card.ROLL, Card.STOP))
    state = position(hands={0: [Card.SPEED_LIMIT]}, tableaus={1: stopped})
    after = assert_legal(state, Play(0, Card.SPEED_LIMIT, 1))
    assert after.tableaus[1].battle_top is Card.STOP
    assert after.tableaus[1].speed_top is Card.SPEED_LIMIT


@pytest.mark.rules("PILE-SPEED", "PILE-BATTLE")
def test_pile_speed_battle_hazard_on_a_limited_team() -> None:
    limited = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))
    state = position(hands={0: [Card.ACCIDENT]}, tableaus={1: limited})
    after = assert_legal(state, Play(0, Card.ACCIDENT, 1))
    assert after.tableaus[1].battle == (Card.ROLL, Card.ACCIDENT)
    assert after.tableaus[1].speed == (Card.SPEED_LIMIT,)


# --- ROLLING -----------------------------------------------------------------------


@pytest.mark.rules("PILE-ROLLING")
def test_rolling_roll_on_top_lets_the_team_lay_distance() -> None:
    assert ROLLING.is_rolling()
    state = position(hands={0: [Card.D100]}, tableaus={0: ROLLING})
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.tableaus[0].km == 100


@pytest.mark.rules("PILE-ROLLING", "DIST-ROLLING")
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.STOP,),
        (Card.ROLL, Card.STOP),
        (Card.ROLL, Card.OUT_OF_GAS),
        (Card.ROLL, Card.OUT_OF_GAS, Card.GASOLINE),
        (Card.ROLL, Card.FLAT_TIRE, Card.SPARE_TIRE),
    ],
)
def test_rolling_not_rolling_without_roll_on_top(battle: tuple[Card, ...]) -> None:
    tableau = Tableau(battle=battle)
    assert not tableau.is_rolling()
    state = position(hands={0: [Card.D25]}, tableaus={0: tableau})
    assert_rejected(state, Play(0, Card.D25, 0), "DIST-ROLLING")


@pytest.mark.rules("PILE-ROLLING", "SAFE-RIGHT-OF-WAY")
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.ROLL,),
        (Card.OUT_OF_GAS, Card.GASOLINE),
        (Card.ROLL, Card.FLAT_TIRE, Card.SPARE_TIRE),
        (Card.ACCIDENT, Card.REPAIRS),
    ],
)
def test_rolling_right_of_way_and_no_hazard_on_top(battle: tuple[Card, ...]) -> None:
    tableau = Tableau(battle=battle, safeties=(Card.RIGHT_OF_WAY,))
    assert tableau.is_rolling()
    state = position(hands={0: [Card.D200]}, tableaus={0: tableau})
    after = assert_legal(state, Play(0, Card.D200, 0))
    assert after.tableaus[0].distance == (Card.D200,)


@pytest.mark.rules("PILE-ROLLING", "DIST-ROLLING")
@pytest.mark.parametrize("hazard", (Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.ACCIDENT))
def test_rolling_right_of_way_with_hazard_on_top_is_stopped(hazard: Card) -> None:
    tableau = Tableau(battle=(hazard,), safeties=(Card.RIGHT_OF_WAY,))
    assert not tableau.is_rolling()
    state = position(hands={0: [Card.D25]}, tableaus={0: tableau})
    assert_rejected(state, Play(0, Card.D25, 0), "DIST-ROLLING")


@pytest.mark.rules("PILE-ROLLING", "DIST-SPEED-LIMIT")
def test_rolling_speed_pile_has_no_bearing_on_rolling() -> None:
    limited = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))
    assert limited.is_rolling()
    not_started = Tableau(speed=(Card.SPEED_LIMIT, Card.END_OF_LIMIT))
    assert not not_started.is_rolling()
    state = position(hands={0: [Card.D50]}, tableaus={0: limited}, phase=Phase.PLAY)
    assert Play(0, Card.D50, 0) in legal_actions(state)
