"""Remedy rules: each remedy on its own hazard; the Roll only when it starts the team."""

from __future__ import annotations

import pytest
from rulecheck import ROLLING, assert_legal, assert_rejected

from millebornes.families.classic import Card, Discard, Phase, Play, Tableau, legal_actions
from millebornes.families.classic.position import position

CURES = [
    (Card.OUT_OF_GAS, Card.GASOLINE),
    (Card.FLAT_TIRE, Card.SPARE_TIRE),
    (Card.ACCIDENT, Card.REPAIRS),
]

# --- REM-MATCH ---------------------------------------------------------------------


@pytest.mark.rules("REM-MATCH", "PILE-BATTLE")
@pytest.mark.parametrize(("hazard", "remedy"), CURES)
def test_rem_match_remedy_cures_its_hazard_on_top(hazard: Card, remedy: Card) -> None:
    state = position(hands={0: [remedy]}, tableaus={0: Tableau(battle=(Card.ROLL, hazard))})
    after = assert_legal(state, Play(0, remedy, 0))
    assert after.tableaus[0].battle == (Card.ROLL, hazard, remedy)
    assert after.hands[0] == ()
    assert (after.actor, after.phase) == (1, Phase.DRAW)


@pytest.mark.rules("REM-MATCH", "DIST-ROLLING", "REM-ROLL")
@pytest.mark.parametrize(("hazard", "remedy"), CURES)
def test_rem_match_after_remedy_a_roll_is_still_needed(hazard: Card, remedy: Card) -> None:
    cured = Tableau(battle=(Card.ROLL, hazard, remedy))
    state = position(hands={0: [Card.D25, Card.ROLL]}, tableaus={0: cured})
    assert_rejected(state, Play(0, Card.D25, 0), "DIST-ROLLING")
    after = assert_legal(state, Play(0, Card.ROLL, 0))
    assert after.tableaus[0].battle_top is Card.ROLL


@pytest.mark.rules("REM-MATCH")
@pytest.mark.parametrize("remedy", (Card.GASOLINE, Card.SPARE_TIRE, Card.REPAIRS))
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.ROLL,),
        (Card.ROLL, Card.STOP),
    ],
)
def test_rem_match_remedy_without_its_hazard_rejected(
    remedy: Card, battle: tuple[Card, ...]
) -> None:
    state = position(hands={0: [remedy]}, tableaus={0: Tableau(battle=battle)})
    assert_rejected(state, Play(0, remedy, 0), "REM-MATCH")


@pytest.mark.rules("REM-MATCH")
@pytest.mark.parametrize(
    ("hazard", "remedy"),
    [
        (hazard, remedy)
        for hazard, _ in CURES
        for _, remedy in CURES
        if (hazard, remedy) not in CURES
    ],
)
def test_rem_match_wrong_remedy_rejected(hazard: Card, remedy: Card) -> None:
    state = position(hands={0: [remedy]}, tableaus={0: Tableau(battle=(Card.ROLL, hazard))})
    assert_rejected(state, Play(0, remedy, 0), "REM-MATCH")


@pytest.mark.rules("REM-MATCH")
@pytest.mark.parametrize(("hazard", "remedy"), CURES)
def test_rem_match_hazard_already_cured_rejected(hazard: Card, remedy: Card) -> None:
    cured = Tableau(battle=(Card.ROLL, hazard, remedy))
    state = position(hands={0: [remedy]}, tableaus={0: cured})
    assert_rejected(state, Play(0, remedy, 0), "REM-MATCH")


@pytest.mark.rules("REM-MATCH", "PILE-SPEED")
def test_rem_match_end_of_limit_on_speed_limit() -> None:
    limited = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))
    state = position(hands={0: [Card.END_OF_LIMIT]}, tableaus={0: limited})
    after = assert_legal(state, Play(0, Card.END_OF_LIMIT, 0))
    assert after.tableaus[0].speed == (Card.SPEED_LIMIT, Card.END_OF_LIMIT)


@pytest.mark.rules("REM-MATCH")
@pytest.mark.parametrize(
    "own",
    [
        Tableau(),
        ROLLING,
        Tableau(battle=(Card.ROLL, Card.STOP)),
        Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT, Card.END_OF_LIMIT)),
    ],
)
def test_rem_match_end_of_limit_without_speed_limit_rejected(own: Tableau) -> None:
    state = position(hands={0: [Card.END_OF_LIMIT]}, tableaus={0: own})
    assert_rejected(state, Play(0, Card.END_OF_LIMIT, 0), "REM-MATCH")


@pytest.mark.rules("REM-MATCH")
def test_rem_match_end_of_limit_does_not_cure_a_battle_hazard() -> None:
    stopped = Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,))
    state = position(hands={0: [Card.END_OF_LIMIT, Card.GASOLINE]}, tableaus={0: stopped})
    assert_rejected(state, Play(0, Card.GASOLINE, 0), "REM-MATCH")
    after = assert_legal(state, Play(0, Card.END_OF_LIMIT, 0))
    assert after.tableaus[0].battle_top is Card.STOP


@pytest.mark.rules("REM-MATCH", "TARGET-OWN-TEAM")
def test_rem_match_remedy_on_opponent_hazard_rejected() -> None:
    state = position(
        hands={0: [Card.REPAIRS]}, tableaus={1: Tableau(battle=(Card.ROLL, Card.ACCIDENT))}
    )
    assert_rejected(state, Play(0, Card.REPAIRS, 1), "TARGET-OWN-TEAM", "REM-MATCH")
    assert legal_actions(state) == (Discard(0, Card.REPAIRS),)


# --- REM-ROLL ----------------------------------------------------------------------


@pytest.mark.rules("REM-ROLL")
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.STOP,),
        (Card.ROLL, Card.STOP),
        (Card.ROLL, Card.OUT_OF_GAS, Card.GASOLINE),
        (Card.ROLL, Card.FLAT_TIRE, Card.SPARE_TIRE),
        (Card.ROLL, Card.ACCIDENT, Card.REPAIRS),
    ],
)
def test_rem_roll_starts_the_team(battle: tuple[Card, ...]) -> None:
    state = position(hands={0: [Card.ROLL]}, tableaus={0: Tableau(battle=battle)})
    after = assert_legal(state, Play(0, Card.ROLL, 0))
    assert after.tableaus[0].battle == (*battle, Card.ROLL)
    assert after.tableaus[0].is_rolling()


@pytest.mark.rules("REM-ROLL", "RUL-ROLL-ONLY-TO-MOVE")
@pytest.mark.parametrize(
    "battle",
    [
        (Card.ROLL,),
        (Card.ROLL, Card.OUT_OF_GAS),
        (Card.ROLL, Card.FLAT_TIRE),
        (Card.ROLL, Card.ACCIDENT),
        (Card.OUT_OF_GAS,),
    ],
)
def test_rem_roll_rejected_on_roll_or_uncured_hazard(battle: tuple[Card, ...]) -> None:
    state = position(hands={0: [Card.ROLL]}, tableaus={0: Tableau(battle=battle)})
    assert_rejected(state, Play(0, Card.ROLL, 0), "REM-ROLL")


@pytest.mark.rules("REM-ROLL", "SAFE-RIGHT-OF-WAY", "RUL-ROLL-ONLY-TO-MOVE")
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.ROLL,),
        (Card.ACCIDENT, Card.REPAIRS),
        (Card.ROLL, Card.OUT_OF_GAS, Card.GASOLINE),
    ],
)
def test_rem_roll_rejected_with_right_of_way_while_rolling(battle: tuple[Card, ...]) -> None:
    tableau = Tableau(battle=battle, safeties=(Card.RIGHT_OF_WAY,))
    assert tableau.is_rolling()
    state = position(hands={0: [Card.ROLL]}, tableaus={0: tableau})
    assert_rejected(state, Play(0, Card.ROLL, 0), "REM-ROLL")


@pytest.mark.rules("REM-ROLL", "SAFE-RIGHT-OF-WAY")
def test_rem_roll_rejected_with_right_of_way_on_uncured_hazard() -> None:
    tableau = Tableau(battle=(Card.ACCIDENT,), safeties=(Card.RIGHT_OF_WAY,))
    state = position(hands={0: [Card.ROLL, Card.REPAIRS]}, tableaus={0: tableau})
    assert_rejected(state, Play(0, Card.ROLL, 0), "REM-ROLL")
    assert Play(0, Card.REPAIRS, 0) in legal_actions(state)


@pytest.mark.rules("REM-ROLL", "TARGET-OWN-TEAM")
def test_rem_roll_on_opponent_rejected() -> None:
    state = position(hands={0: [Card.ROLL]}, tableaus={0: Tableau(), 1: Tableau()})
    assert_rejected(state, Play(0, Card.ROLL, 1), "TARGET-OWN-TEAM")
