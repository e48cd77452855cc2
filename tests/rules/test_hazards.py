"""Hazard rules: battle hazards need a rolling target; Speed Limit anytime, but once."""

from __future__ import annotations

import pytest
from rulecheck import ROLLING, assert_legal, assert_rejected

from millebornes.families.classic import Card, Phase, Play, Tableau, legal_actions
from millebornes.families.classic.position import position

BATTLE_HAZARDS = (Card.STOP, Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.ACCIDENT)

# --- HAZ-ROLLING-TARGET ------------------------------------------------------------


@pytest.mark.rules("HAZ-ROLLING-TARGET")
@pytest.mark.parametrize("hazard", BATTLE_HAZARDS)
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.ROLL, Card.STOP),
        (Card.ROLL, Card.ACCIDENT),
        (Card.ROLL, Card.OUT_OF_GAS, Card.GASOLINE),
        (Card.ROLL, Card.FLAT_TIRE, Card.SPARE_TIRE),
    ],
)
def test_haz_rolling_target_rejects_team_not_rolling(
    hazard: Card, battle: tuple[Card, ...]
) -> None:
    state = position(hands={0: [hazard]}, tableaus={1: Tableau(battle=battle)})
    assert_rejected(state, Play(0, hazard, 1), "HAZ-ROLLING-TARGET")


@pytest.mark.rules("HAZ-ROLLING-TARGET", "PILE-BATTLE")
@pytest.mark.parametrize("hazard", BATTLE_HAZARDS)
def test_haz_rolling_target_allows_rolling_team(hazard: Card) -> None:
    state = position(hands={0: [hazard]}, tableaus={1: ROLLING})
    after = assert_legal(state, Play(0, hazard, 1))
    assert after.tableaus[1].battle == (Card.ROLL, hazard)
    assert (after.actor, after.phase) == (1, Phase.DRAW)


@pytest.mark.rules("HAZ-ROLLING-TARGET", "SAFE-RIGHT-OF-WAY", "PILE-ROLLING")
@pytest.mark.parametrize("hazard", (Card.OUT_OF_GAS, Card.FLAT_TIRE, Card.ACCIDENT))
def test_haz_rolling_target_right_of_way_team_hit_on_its_last_remedy(hazard: Card) -> None:
    tableau = Tableau(battle=(Card.ACCIDENT, Card.REPAIRS), safeties=(Card.RIGHT_OF_WAY,))
    state = position(hands={0: [hazard]}, tableaus={1: tableau})
    after = assert_legal(state, Play(0, hazard, 1))
    assert after.tableaus[1].battle == (Card.ACCIDENT, Card.REPAIRS, hazard)


@pytest.mark.rules("HAZ-ROLLING-TARGET", "SAFE-RIGHT-OF-WAY")
def test_haz_rolling_target_right_of_way_team_hit_on_empty_battle_pile() -> None:
    tableau = Tableau(safeties=(Card.RIGHT_OF_WAY,))
    state = position(hands={0: [Card.FLAT_TIRE]}, tableaus={1: tableau})
    after = assert_legal(state, Play(0, Card.FLAT_TIRE, 1))
    assert after.tableaus[1].battle == (Card.FLAT_TIRE,)


@pytest.mark.rules("HAZ-ROLLING-TARGET")
def test_haz_rolling_target_right_of_way_team_with_hazard_on_top_rejected() -> None:
    tableau = Tableau(battle=(Card.ACCIDENT,), safeties=(Card.RIGHT_OF_WAY,))
    state = position(hands={0: [Card.OUT_OF_GAS]}, tableaus={1: tableau})
    assert_rejected(state, Play(0, Card.OUT_OF_GAS, 1), "HAZ-ROLLING-TARGET")


@pytest.mark.rules("HAZ-ROLLING-TARGET", "TARGET-OPPONENT")
def test_haz_rolling_target_several_opponents_only_rolling_ones_listed() -> None:
    state = position(
        players=3,
        hands={0: [Card.STOP]},
        tableaus={1: Tableau(), 2: ROLLING},
    )
    plays = [a for a in legal_actions(state) if isinstance(a, Play)]
    assert plays == [Play(0, Card.STOP, 2)]
    assert_rejected(state, Play(0, Card.STOP, 1), "HAZ-ROLLING-TARGET")
    assert_rejected(state, Play(0, Card.STOP, 0), "TARGET-OPPONENT", "HAZ-ROLLING-TARGET")


# --- HAZ-SPEED-LIMIT-ANYTIME -------------------------------------------------------


@pytest.mark.rules("HAZ-SPEED-LIMIT-ANYTIME")
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.STOP,),
        (Card.ROLL,),
        (Card.ROLL, Card.ACCIDENT),
        (Card.ROLL, Card.OUT_OF_GAS, Card.GASOLINE),
    ],
)
def test_haz_speed_limit_anytime_whatever_the_battle_pile(battle: tuple[Card, ...]) -> None:
    state = position(hands={0: [Card.SPEED_LIMIT]}, tableaus={1: Tableau(battle=battle)})
    after = assert_legal(state, Play(0, Card.SPEED_LIMIT, 1))
    assert after.tableaus[1].speed == (Card.SPEED_LIMIT,)
    assert after.tableaus[1].battle == battle


# --- HAZ-SPEED-LIMIT-ONCE ----------------------------------------------------------


@pytest.mark.rules("HAZ-SPEED-LIMIT-ONCE", "RUL-SPEED-LIMIT-ONCE")
def test_haz_speed_limit_once_not_on_a_standing_limit() -> None:
    limited = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))
    state = position(hands={0: [Card.SPEED_LIMIT]}, tableaus={1: limited})
    assert_rejected(state, Play(0, Card.SPEED_LIMIT, 1), "HAZ-SPEED-LIMIT-ONCE")


@pytest.mark.rules("HAZ-SPEED-LIMIT-ONCE")
def test_haz_speed_limit_once_legal_again_after_end_of_limit() -> None:
    ended = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT, Card.END_OF_LIMIT))
    state = position(hands={0: [Card.SPEED_LIMIT]}, tableaus={1: ended})
    after = assert_legal(state, Play(0, Card.SPEED_LIMIT, 1))
    assert after.tableaus[1].speed == (Card.SPEED_LIMIT, Card.END_OF_LIMIT, Card.SPEED_LIMIT)


@pytest.mark.rules("HAZ-SPEED-LIMIT-ONCE", "TARGET-OPPONENT")
def test_haz_speed_limit_once_reported_with_target_opponent() -> None:
    limited = Tableau(speed=(Card.SPEED_LIMIT,))
    state = position(hands={0: [Card.SPEED_LIMIT]}, tableaus={0: limited, 1: limited})
    assert_rejected(state, Play(0, Card.SPEED_LIMIT, 0), "TARGET-OPPONENT", "HAZ-SPEED-LIMIT-ONCE")
    assert_rejected(state, Play(0, Card.SPEED_LIMIT, 1), "HAZ-SPEED-LIMIT-ONCE")
