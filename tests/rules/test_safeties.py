"""Safety rules: laying a safety, immunity, Right of Way, clearing hazards, extra turn."""

from __future__ import annotations

from collections import Counter

import pytest
from rulecheck import ROLLING, assert_legal, assert_rejected

from millebornes.families.classic import Card, Discard, Draw, Phase, Play, Tableau, legal_actions
from millebornes.families.classic.position import position

SAFETIES = (Card.RIGHT_OF_WAY, Card.EXTRA_TANK, Card.PUNCTURE_PROOF, Card.DRIVING_ACE)
IMMUNITY = [
    (Card.RIGHT_OF_WAY, Card.STOP),
    (Card.RIGHT_OF_WAY, Card.SPEED_LIMIT),
    (Card.EXTRA_TANK, Card.OUT_OF_GAS),
    (Card.PUNCTURE_PROOF, Card.FLAT_TIRE),
    (Card.DRIVING_ACE, Card.ACCIDENT),
]
CLEARING = [
    (Card.EXTRA_TANK, Card.OUT_OF_GAS, Card.GASOLINE),
    (Card.PUNCTURE_PROOF, Card.FLAT_TIRE, Card.SPARE_TIRE),
    (Card.DRIVING_ACE, Card.ACCIDENT, Card.REPAIRS),
]

# --- SAFE-ON-TURN ------------------------------------------------------------------


@pytest.mark.rules("SAFE-ON-TURN")
@pytest.mark.parametrize("safety", SAFETIES)
def test_safe_on_turn_playable_with_empty_piles(safety: Card) -> None:
    state = position(hands={0: [safety, Card.D25]})
    after = assert_legal(state, Play(0, safety, 0))
    assert after.tableaus[0].safeties == (safety,)
    assert after.tableaus[0].coups_fourres == ()
    assert after.tableaus[0].battle == ()
    assert after.hands[0] == (Card.D25,)


@pytest.mark.rules("SAFE-ON-TURN")
@pytest.mark.parametrize(
    "own",
    [ROLLING, Tableau(battle=(Card.ROLL, Card.ACCIDENT)), Tableau(speed=(Card.SPEED_LIMIT,))],
)
def test_safe_on_turn_playable_whatever_the_piles(own: Tableau) -> None:
    state = position(hands={0: [Card.PUNCTURE_PROOF]}, tableaus={0: own})
    after = assert_legal(state, Play(0, Card.PUNCTURE_PROOF, 0))
    assert after.tableaus[0].safeties == (Card.PUNCTURE_PROOF,)
    assert after.tableaus[0].battle == own.battle


@pytest.mark.rules("SAFE-ON-TURN", "TURN-PLAY-OR-DISCARD", "TURN-ACTOR")
def test_safe_on_turn_only_after_the_draw_and_on_own_turn() -> None:
    drawing = position(hands={0: [Card.EXTRA_TANK]}, phase=Phase.DRAW)
    assert_rejected(drawing, Play(0, Card.EXTRA_TANK, 0), "TURN-PLAY-OR-DISCARD")
    other = position(hands={0: [Card.D25], 1: [Card.EXTRA_TANK]}, phase=Phase.PLAY, actor=0)
    assert_rejected(other, Play(1, Card.EXTRA_TANK, 1), "TURN-ACTOR")


@pytest.mark.rules("SAFE-ON-TURN", "TARGET-OWN-TEAM")
def test_safe_on_turn_not_on_opponent() -> None:
    state = position(hands={0: [Card.DRIVING_ACE]})
    assert_rejected(state, Play(0, Card.DRIVING_ACE, 1), "TARGET-OWN-TEAM")


# --- SAFE-IMMUNITY -----------------------------------------------------------------


@pytest.mark.rules("SAFE-IMMUNITY")
@pytest.mark.parametrize(("safety", "hazard"), IMMUNITY)
def test_safe_immunity_hazard_rejected_on_protected_team(safety: Card, hazard: Card) -> None:
    protected = Tableau(battle=(Card.ROLL,), safeties=(safety,))
    state = position(hands={0: [hazard]}, tableaus={1: protected})
    assert_rejected(state, Play(0, hazard, 1), "SAFE-IMMUNITY")


@pytest.mark.rules("SAFE-IMMUNITY")
@pytest.mark.parametrize(("safety", "hazard"), IMMUNITY)
def test_safe_immunity_other_hazards_still_hit(safety: Card, hazard: Card) -> None:
    others = [h for s, h in IMMUNITY if s is not safety]
    protected = Tableau(battle=(Card.ROLL,), safeties=(safety,))
    state = position(hands={0: others}, tableaus={1: protected})
    for other in others:
        assert Play(0, other, 1) in legal_actions(state)
    assert Play(0, hazard, 1) not in legal_actions(state)


@pytest.mark.rules("SAFE-IMMUNITY", "HAZ-ROLLING-TARGET", "TARGET-OPPONENT")
def test_safe_immunity_reported_with_other_rules() -> None:
    protected = Tableau(safeties=(Card.EXTRA_TANK,))
    state = position(hands={0: [Card.OUT_OF_GAS]}, tableaus={1: protected})
    assert_rejected(state, Play(0, Card.OUT_OF_GAS, 1), "SAFE-IMMUNITY", "HAZ-ROLLING-TARGET")
    own = position(hands={0: [Card.OUT_OF_GAS]}, tableaus={0: protected})
    assert_rejected(
        own,
        Play(0, Card.OUT_OF_GAS, 0),
        "TARGET-OPPONENT",
        "SAFE-IMMUNITY",
        "HAZ-ROLLING-TARGET",
    )


# --- SAFE-RIGHT-OF-WAY -------------------------------------------------------------


@pytest.mark.rules("SAFE-RIGHT-OF-WAY", "PILE-ROLLING")
def test_safe_right_of_way_distance_after_repairs_without_roll() -> None:
    tableau = Tableau(battle=(Card.ACCIDENT,), safeties=(Card.RIGHT_OF_WAY,))
    state = position(
        hands={0: [Card.REPAIRS, Card.ROLL, Card.D100], 1: [Card.D25]},
        tableaus={0: tableau},
        draw_top=[Card.D50, Card.D75],
    )
    assert_rejected(state, Play(0, Card.D100, 0), "DIST-ROLLING")
    state = assert_legal(state, Play(0, Card.REPAIRS, 0))
    state = assert_legal(state, Draw(1))
    state = assert_legal(state, Discard(1, Card.D25))
    state = assert_legal(state, Draw(0))
    assert state.hands[0] == (Card.D75, Card.D100, Card.ROLL)
    assert_rejected(state, Play(0, Card.ROLL, 0), "REM-ROLL")
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.tableaus[0].distance == (Card.D100,)
    assert after.tableaus[0].battle == (Card.ACCIDENT, Card.REPAIRS)


@pytest.mark.rules("SAFE-RIGHT-OF-WAY")
def test_safe_right_of_way_first_card_then_distance() -> None:
    state = position(hands={0: [Card.RIGHT_OF_WAY, Card.D200]}, draw_top=[Card.D25])
    state = assert_legal(state, Play(0, Card.RIGHT_OF_WAY, 0))
    state = assert_legal(state, Draw(0))
    after = assert_legal(state, Play(0, Card.D200, 0))
    assert after.tableaus[0].battle == ()
    assert after.tableaus[0].km == 200


# --- RUL-SAFETY-CLEARS-HAZARD ------------------------------------------------------


@pytest.mark.rules("RUL-SAFETY-CLEARS-HAZARD", "SAFE-EXTRA-TURN")
@pytest.mark.parametrize(("safety", "hazard", "_remedy"), CLEARING)
def test_rul_safety_clears_hazard_on_top(safety: Card, hazard: Card, _remedy: Card) -> None:
    hit = Tableau(battle=(Card.ROLL, hazard))
    state = position(
        hands={0: [safety, Card.D25]},
        tableaus={0: hit},
        discard_pile=[Card.D75],
        draw_top=[Card.D50],
    )
    assert_rejected(state, Play(0, Card.D25, 0), "DIST-ROLLING")
    after = assert_legal(state, Play(0, safety, 0))
    assert after.tableaus[0].battle == (Card.ROLL,)
    assert after.tableaus[0].safeties == (safety,)
    assert after.discard_pile == (Card.D75, hazard)
    after = assert_legal(after, Draw(0))
    moved = assert_legal(after, Play(0, Card.D25, 0))
    assert moved.tableaus[0].km == 25


@pytest.mark.rules("RUL-SAFETY-CLEARS-HAZARD", "REM-ROLL")
@pytest.mark.parametrize(("safety", "hazard", "remedy"), CLEARING)
def test_rul_safety_clears_hazard_leaves_a_cured_one(
    safety: Card, hazard: Card, remedy: Card
) -> None:
    cured = Tableau(battle=(Card.ROLL, hazard, remedy))
    state = position(
        hands={0: [safety, Card.D25, Card.ROLL]},
        tableaus={0: cured},
        discard_pile=[Card.D75],
        draw_top=[Card.D50],
    )
    after = assert_legal(state, Play(0, safety, 0))
    assert after.tableaus[0].battle == (Card.ROLL, hazard, remedy)
    assert after.discard_pile == (Card.D75,)
    after = assert_legal(after, Draw(0))
    assert_rejected(after, Play(0, Card.D25, 0), "DIST-ROLLING")
    rolled = assert_legal(after, Play(0, Card.ROLL, 0))
    assert rolled.tableaus[0].battle_top is Card.ROLL


@pytest.mark.rules("RUL-SAFETY-CLEARS-HAZARD")
def test_rul_safety_clears_hazard_with_nothing_beneath() -> None:
    state = position(hands={0: [Card.DRIVING_ACE]}, tableaus={0: Tableau(battle=(Card.ACCIDENT,))})
    after = assert_legal(state, Play(0, Card.DRIVING_ACE, 0))
    assert after.tableaus[0].battle == ()
    assert after.discard_pile == (Card.ACCIDENT,)
    assert not after.tableaus[0].is_rolling()


@pytest.mark.rules("RUL-SAFETY-CLEARS-HAZARD")
def test_rul_safety_clears_hazard_only_its_own() -> None:
    hit = Tableau(battle=(Card.ROLL, Card.FLAT_TIRE), speed=(Card.SPEED_LIMIT,))
    state = position(hands={0: [Card.EXTRA_TANK]}, tableaus={0: hit})
    after = assert_legal(state, Play(0, Card.EXTRA_TANK, 0))
    assert after.tableaus[0].battle == hit.battle
    assert after.tableaus[0].speed == hit.speed
    assert after.discard_pile == ()


# --- RUL-RIGHT-OF-WAY-CLEARS -------------------------------------------------------


@pytest.mark.rules("RUL-RIGHT-OF-WAY-CLEARS", "RUL-SAFETY-CLEARS-HAZARD")
def test_rul_right_of_way_clears_stop_and_speed_limit() -> None:
    hit = Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,))
    state = position(
        hands={0: [Card.RIGHT_OF_WAY, Card.D100]},
        tableaus={0: hit},
        discard_pile=[Card.D75],
        draw_top=[Card.D25],
    )
    after = assert_legal(state, Play(0, Card.RIGHT_OF_WAY, 0))
    assert after.tableaus[0].battle == (Card.ROLL,)
    assert after.tableaus[0].speed == ()
    assert after.discard_pile[0] is Card.D75
    assert Counter(after.discard_pile[1:]) == Counter([Card.STOP, Card.SPEED_LIMIT])
    after = assert_legal(after, Draw(0))
    moved = assert_legal(after, Play(0, Card.D100, 0))
    assert moved.tableaus[0].km == 100


@pytest.mark.rules("RUL-RIGHT-OF-WAY-CLEARS")
def test_rul_right_of_way_clears_a_lone_stop() -> None:
    state = position(
        hands={0: [Card.RIGHT_OF_WAY, Card.D200]},
        tableaus={0: Tableau(battle=(Card.STOP,))},
        draw_top=[Card.D25],
    )
    after = assert_legal(state, Play(0, Card.RIGHT_OF_WAY, 0))
    assert after.tableaus[0].battle == ()
    assert after.discard_pile == (Card.STOP,)
    assert after.tableaus[0].is_rolling()


@pytest.mark.rules("RUL-RIGHT-OF-WAY-CLEARS")
def test_rul_right_of_way_leaves_ended_limit_and_other_hazards() -> None:
    hit = Tableau(battle=(Card.ROLL, Card.ACCIDENT), speed=(Card.SPEED_LIMIT, Card.END_OF_LIMIT))
    state = position(hands={0: [Card.RIGHT_OF_WAY]}, tableaus={0: hit})
    after = assert_legal(state, Play(0, Card.RIGHT_OF_WAY, 0))
    assert after.tableaus[0].battle == hit.battle
    assert after.tableaus[0].speed == hit.speed
    assert after.discard_pile == ()
    assert not after.tableaus[0].is_rolling()


# --- SAFE-EXTRA-TURN ---------------------------------------------------------------


@pytest.mark.rules("SAFE-EXTRA-TURN")
def test_safe_extra_turn_same_player_draws_again() -> None:
    state = position(
        players=3,
        hands={0: [Card.RIGHT_OF_WAY, Card.EXTRA_TANK, Card.D25], 1: [Card.D50]},
        draw_top=[Card.D75, Card.D100, Card.D200],
    )
    state = assert_legal(state, Play(0, Card.RIGHT_OF_WAY, 0))
    assert (state.actor, state.turn, state.phase) == (0, 0, Phase.DRAW)
    assert legal_actions(state) == (Draw(0),)
    assert_rejected(state, Draw(1), "TURN-ACTOR")
    state = assert_legal(state, Draw(0))
    assert Card.D75 in state.hands[0]
    state = assert_legal(state, Play(0, Card.EXTRA_TANK, 0))
    assert (state.actor, state.phase) == (0, Phase.DRAW)
    state = assert_legal(state, Draw(0))
    assert Card.D100 in state.hands[0]
    state = assert_legal(state, Discard(0, Card.D25))
    assert (state.actor, state.phase) == (1, Phase.DRAW)
    assert state.tableaus[0].safeties == (Card.RIGHT_OF_WAY, Card.EXTRA_TANK)


# --- RUL-EXTRA-TURN-EMPTY-PILE -----------------------------------------------------


@pytest.mark.rules("RUL-EXTRA-TURN-EMPTY-PILE")
def test_rul_extra_turn_empty_pile_turn_passes_on() -> None:
    state = position(hands={0: [Card.EXTRA_TANK, Card.D25], 1: [Card.D50]}, draw_pile=())
    after = assert_legal(state, Play(0, Card.EXTRA_TANK, 0))
    assert after.tableaus[0].safeties == (Card.EXTRA_TANK,)
    assert (after.actor, after.phase) == (1, Phase.PLAY)


@pytest.mark.rules("RUL-EXTRA-TURN-EMPTY-PILE", "RUL-EMPTY-DRAW-PILE")
def test_rul_extra_turn_empty_pile_skips_empty_hands() -> None:
    state = position(
        players=3,
        hands={0: [Card.EXTRA_TANK, Card.D25], 1: [], 2: [Card.D50]},
        draw_pile=(),
    )
    after = assert_legal(state, Play(0, Card.EXTRA_TANK, 0))
    assert (after.actor, after.phase) == (2, Phase.PLAY)
