"""Distance rules: rolling, the speed limit, two 200s at most, the goal exactly."""

from __future__ import annotations

import pytest
from rulecheck import ROLLING, assert_legal, assert_rejected

from millebornes.families.classic import Card, Phase, Play, Tableau, legal_actions
from millebornes.families.classic.position import position

AT_950 = (Card.D200, Card.D200, Card.D100, Card.D100, Card.D100, Card.D100, Card.D100, Card.D50)
LIMITED = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,))

# --- DIST-ROLLING ------------------------------------------------------------------


@pytest.mark.rules("DIST-ROLLING", "SCORE-DISTANCE")
@pytest.mark.parametrize("card", (Card.D25, Card.D50, Card.D75, Card.D100, Card.D200))
def test_dist_rolling_adds_the_kilometres(card: Card) -> None:
    start = Tableau(battle=(Card.ROLL,), distance=(Card.D75,))
    state = position(hands={0: [card]}, tableaus={0: start})
    after = assert_legal(state, Play(0, card, 0))
    assert after.tableaus[0].distance == (Card.D75, card)
    assert after.tableaus[0].km == 75 + int(card.name[1:])
    assert (after.actor, after.phase) == (1, Phase.DRAW)


@pytest.mark.rules("DIST-ROLLING")
@pytest.mark.parametrize(
    "battle",
    [
        (),
        (Card.ROLL, Card.STOP),
        (Card.ROLL, Card.ACCIDENT),
        (Card.ROLL, Card.ACCIDENT, Card.REPAIRS),
    ],
)
def test_dist_rolling_rejects_team_not_rolling(battle: tuple[Card, ...]) -> None:
    state = position(hands={0: [Card.D25, Card.D100]}, tableaus={0: Tableau(battle=battle)})
    assert_rejected(state, Play(0, Card.D25, 0), "DIST-ROLLING")
    assert_rejected(state, Play(0, Card.D100, 0), "DIST-ROLLING")
    assert not [a for a in legal_actions(state) if isinstance(a, Play)]


@pytest.mark.rules("DIST-ROLLING", "TARGET-OWN-TEAM")
def test_dist_rolling_is_about_own_team_not_the_target() -> None:
    state = position(hands={0: [Card.D25]}, tableaus={0: Tableau(), 1: ROLLING})
    assert_rejected(state, Play(0, Card.D25, 1), "TARGET-OWN-TEAM", "DIST-ROLLING")


# --- DIST-SPEED-LIMIT --------------------------------------------------------------


@pytest.mark.rules("DIST-SPEED-LIMIT")
@pytest.mark.parametrize("card", (Card.D25, Card.D50))
def test_dist_speed_limit_allows_25_and_50(card: Card) -> None:
    state = position(hands={0: [card]}, tableaus={0: LIMITED})
    after = assert_legal(state, Play(0, card, 0))
    assert after.tableaus[0].distance == (card,)


@pytest.mark.rules("DIST-SPEED-LIMIT")
@pytest.mark.parametrize("card", (Card.D75, Card.D100, Card.D200))
def test_dist_speed_limit_rejects_75_100_200(card: Card) -> None:
    state = position(hands={0: [card]}, tableaus={0: LIMITED})
    assert_rejected(state, Play(0, card, 0), "DIST-SPEED-LIMIT")


@pytest.mark.rules("DIST-SPEED-LIMIT", "REM-MATCH")
def test_dist_speed_limit_lifted_by_end_of_limit() -> None:
    ended = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT, Card.END_OF_LIMIT))
    state = position(hands={0: [Card.D100]}, tableaus={0: ended})
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.tableaus[0].km == 100


@pytest.mark.rules("DIST-SPEED-LIMIT", "DIST-ROLLING")
def test_dist_speed_limit_reported_with_dist_rolling() -> None:
    stopped = Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,))
    state = position(hands={0: [Card.D100, Card.D50]}, tableaus={0: stopped})
    assert_rejected(state, Play(0, Card.D100, 0), "DIST-ROLLING", "DIST-SPEED-LIMIT")
    assert_rejected(state, Play(0, Card.D50, 0), "DIST-ROLLING")


# --- DIST-MAX-200 ------------------------------------------------------------------


@pytest.mark.rules("DIST-MAX-200")
def test_dist_max_200_rejects_third_200() -> None:
    two = Tableau(battle=(Card.ROLL,), distance=(Card.D200, Card.D200))
    state = position(hands={0: [Card.D200, Card.D100]}, tableaus={0: two})
    assert_rejected(state, Play(0, Card.D200, 0), "DIST-MAX-200")
    assert Play(0, Card.D100, 0) in legal_actions(state)


@pytest.mark.rules("DIST-MAX-200")
def test_dist_max_200_second_200_allowed() -> None:
    one = Tableau(battle=(Card.ROLL,), distance=(Card.D25, Card.D200))
    state = position(hands={0: [Card.D200]}, tableaus={0: one})
    after = assert_legal(state, Play(0, Card.D200, 0))
    assert after.tableaus[0].count_200() == 2
    assert after.tableaus[0].km == 425


@pytest.mark.rules("DIST-MAX-200")
def test_dist_max_200_counts_per_team() -> None:
    state = position(
        hands={0: [Card.D200]},
        tableaus={
            0: Tableau(battle=(Card.ROLL,), distance=(Card.D200,)),
            1: Tableau(battle=(Card.ROLL,), distance=(Card.D200, Card.D200)),
        },
    )
    after = assert_legal(state, Play(0, Card.D200, 0))
    assert after.tableaus[0].distance == (Card.D200, Card.D200)


@pytest.mark.rules("DIST-MAX-200", "SEAT-TEAMS")
def test_dist_max_200_applies_to_the_shared_tableau() -> None:
    shared = Tableau(battle=(Card.ROLL,), distance=(Card.D200, Card.D200))
    state = position(players=6, hands={3: [Card.D200]}, tableaus={0: shared}, actor=3)
    assert_rejected(state, Play(3, Card.D200, 0), "DIST-MAX-200")


@pytest.mark.rules("DIST-MAX-200", "DIST-SPEED-LIMIT")
def test_dist_max_200_reported_with_speed_limit() -> None:
    two = Tableau(battle=(Card.ROLL,), speed=(Card.SPEED_LIMIT,), distance=(Card.D200, Card.D200))
    state = position(hands={0: [Card.D200]}, tableaus={0: two})
    assert_rejected(state, Play(0, Card.D200, 0), "DIST-SPEED-LIMIT", "DIST-MAX-200")


# --- DIST-EXACT-GOAL ---------------------------------------------------------------


@pytest.mark.rules("DIST-EXACT-GOAL")
@pytest.mark.parametrize("card", (Card.D75, Card.D100))
def test_dist_exact_goal_rejects_passing_the_goal(card: Card) -> None:
    at_950 = Tableau(battle=(Card.ROLL,), distance=AT_950)
    assert at_950.km == 950
    state = position(hands={0: [card, Card.D50, Card.D25]}, tableaus={0: at_950})
    assert_rejected(state, Play(0, card, 0), "DIST-EXACT-GOAL")
    plays = [a for a in legal_actions(state) if isinstance(a, Play)]
    assert plays == [Play(0, Card.D25, 0), Play(0, Card.D50, 0)]


@pytest.mark.rules("DIST-EXACT-GOAL", "END-GOAL")
def test_dist_exact_goal_50_at_950_ends_the_round() -> None:
    at_950 = Tableau(battle=(Card.ROLL,), distance=AT_950)
    state = position(hands={0: [Card.D50, Card.D25]}, tableaus={0: at_950})
    after = assert_legal(state, Play(0, Card.D50, 0))
    assert after.tableaus[0].km == 1000
    assert after.phase is Phase.ROUND_OVER


@pytest.mark.rules("DIST-EXACT-GOAL")
def test_dist_exact_goal_25_at_950_goes_on() -> None:
    at_950 = Tableau(battle=(Card.ROLL,), distance=AT_950)
    state = position(hands={0: [Card.D25]}, tableaus={0: at_950})
    after = assert_legal(state, Play(0, Card.D25, 0))
    assert after.tableaus[0].km == 975
    assert (after.phase, after.actor) == (Phase.DRAW, 1)


@pytest.mark.rules("DIST-EXACT-GOAL", "GOAL-DISTANCE")
@pytest.mark.parametrize("players", (4, 8))
def test_dist_exact_goal_700_option(players: int) -> None:
    at_600 = Tableau(battle=(Card.ROLL,), distance=(Card.D200, Card.D200, Card.D100, Card.D100))
    state = position(
        players=players,
        options=("goal_700",),
        hands={0: [Card.D200, Card.D100, Card.D75]},
        tableaus={0: at_600},
    )
    assert_rejected(state, Play(0, Card.D200, 0), "DIST-MAX-200", "DIST-EXACT-GOAL")
    assert Play(0, Card.D75, 0) in legal_actions(state)
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.tableaus[0].km == 700
    assert after.phase is Phase.ROUND_OVER


@pytest.mark.rules(
    "TURN-ACTOR",
    "TURN-PLAY-OR-DISCARD",
    "CARD-IN-HAND",
    "TARGET-OWN-TEAM",
    "DIST-ROLLING",
    "DIST-SPEED-LIMIT",
    "DIST-MAX-200",
    "DIST-EXACT-GOAL",
)
def test_dist_exact_goal_every_broken_rule_named_in_table_order() -> None:
    stuck = Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,), distance=AT_950)
    state = position(
        hands={0: [Card.D200], 1: [Card.D25]},
        tableaus={1: stuck},
        phase=Phase.DRAW,
        actor=0,
    )
    assert_rejected(
        state,
        Play(1, Card.D200, 0),
        "TURN-ACTOR",
        "TURN-PLAY-OR-DISCARD",
        "CARD-IN-HAND",
        "TARGET-OWN-TEAM",
        "DIST-ROLLING",
        "DIST-SPEED-LIMIT",
        "DIST-MAX-200",
        "DIST-EXACT-GOAL",
    )
