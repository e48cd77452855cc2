"""End-of-round rules: reaching the goal, the blocked round, the round's winner."""

from __future__ import annotations

import pytest
from rulecheck import ROLLING, assert_legal, assert_rejected

from millebornes.families.classic import (
    Card,
    Discard,
    Draw,
    Phase,
    Play,
    Tableau,
    legal_actions,
    round_winner,
    score_round,
)
from millebornes.families.classic.position import position

AT_900 = (Card.D200, Card.D200, Card.D100, Card.D100, Card.D100, Card.D100, Card.D100)


# --- END-GOAL ----------------------------------------------------------------------


@pytest.mark.rules("END-GOAL", "MATCH-DEALER-ROTATION")
def test_end_goal_reaching_the_goal_ends_the_round() -> None:
    at_900 = Tableau(battle=(Card.ROLL,), distance=AT_900)
    state = position(
        players=3,
        hands={0: [Card.D100, Card.D25], 1: [Card.STOP], 2: [Card.D50]},
        tableaus={0: at_900, 2: Tableau(battle=(Card.ROLL,), distance=(Card.D75,))},
        actor=0,
        dealer=1,
    )
    draw_pile = state.draw_pile
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.tableaus[0].km == 1000
    assert after.phase is Phase.ROUND_OVER
    assert after.actor == 2
    assert after.dealer == 1
    assert after.draw_pile == draw_pile
    assert after.hands[1] == (Card.STOP,)
    assert after.pending_hazard is None
    sheet = score_round(after)
    assert after.scores == tuple(line.total for line in sheet.teams)
    assert after.scores == (1000 + 400 + 500, 0, 75 + 500)
    assert legal_actions(after) == ()


@pytest.mark.rules("END-GOAL")
def test_end_goal_no_further_card_drawn_or_played() -> None:
    at_900 = Tableau(battle=(Card.ROLL,), distance=AT_900)
    state = position(hands={0: [Card.D100, Card.D25], 1: [Card.STOP]}, tableaus={0: at_900})
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.phase is Phase.ROUND_OVER
    next_dealer = after.actor
    assert next_dealer == 0
    assert_rejected(after, Draw(0), "TURN-DRAW")
    assert_rejected(after, Discard(0, Card.D25), "TURN-PLAY-OR-DISCARD")
    assert_rejected(after, Play(1, Card.STOP, 0), "TURN-ACTOR", "TURN-PLAY-OR-DISCARD")


@pytest.mark.rules("END-GOAL", "MATCH-TARGET")
def test_end_goal_match_over_when_a_team_reaches_5000() -> None:
    at_900 = Tableau(battle=(Card.ROLL,), distance=AT_900)
    state = position(hands={0: [Card.D100]}, tableaus={0: at_900}, scores=(4000, 0))
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.phase is Phase.MATCH_OVER
    assert after.actor is None
    assert after.scores == (4000 + 1000 + 400 + 500, 0)


@pytest.mark.rules("END-GOAL")
def test_end_goal_not_before_the_goal() -> None:
    at_900 = Tableau(battle=(Card.ROLL,), distance=AT_900)
    state = position(hands={0: [Card.D75]}, tableaus={0: at_900})
    after = assert_legal(state, Play(0, Card.D75, 0))
    assert after.tableaus[0].km == 975
    assert (after.phase, after.actor, after.scores) == (Phase.DRAW, 1, (0, 0))


# --- RUL-ROUND-BLOCKED -------------------------------------------------------------


@pytest.mark.rules("RUL-ROUND-BLOCKED")
def test_rul_round_blocked_last_card_discarded_ends_the_round() -> None:
    state = position(
        hands={0: [Card.D25]},
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=(Card.D100,))},
        draw_pile=(),
        dealer=1,
    )
    after = assert_legal(state, Discard(0, Card.D25))
    assert after.phase is Phase.ROUND_OVER
    assert after.actor == 0
    assert after.hands == ((), ())
    assert after.scores == (100 + 400 + 200 + 500, 0)


@pytest.mark.rules("RUL-ROUND-BLOCKED")
def test_rul_round_blocked_last_card_played_ends_the_round() -> None:
    state = position(
        players=3,
        hands={2: [Card.D50]},
        tableaus={1: Tableau(battle=(Card.ROLL,), distance=(Card.D200,)), 2: ROLLING},
        draw_pile=(),
        actor=2,
        dealer=0,
    )
    after = assert_legal(state, Play(2, Card.D50, 2))
    assert after.phase is Phase.ROUND_OVER
    assert after.actor == 1
    assert score_round(after).winner == 1
    assert after.scores == (0, 200 + 400 + 500, 50 + 500)


@pytest.mark.rules("RUL-ROUND-BLOCKED", "RUL-EMPTY-DRAW-PILE")
def test_rul_round_blocked_not_while_a_hand_holds_cards() -> None:
    state = position(hands={0: [Card.D25], 1: [Card.D50]}, draw_pile=())
    after = assert_legal(state, Discard(0, Card.D25))
    assert (after.phase, after.actor) == (Phase.PLAY, 1)
    end = assert_legal(after, Discard(1, Card.D50))
    assert end.phase is Phase.ROUND_OVER


@pytest.mark.rules("RUL-ROUND-BLOCKED")
def test_rul_round_blocked_not_while_the_draw_pile_holds_cards() -> None:
    state = position(hands={0: [Card.D25]}, draw_pile=(Card.D75,))
    after = assert_legal(state, Discard(0, Card.D25))
    assert (after.phase, after.actor) == (Phase.DRAW, 1)


# --- END-WINNER --------------------------------------------------------------------


@pytest.mark.rules("END-WINNER")
def test_end_winner_team_at_the_goal() -> None:
    at_900 = Tableau(battle=(Card.ROLL,), distance=AT_900)
    state = position(
        players=3,
        hands={0: [Card.D100]},
        tableaus={0: at_900, 1: Tableau(distance=(Card.D25,))},
    )
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert round_winner(after) == 0
    assert score_round(after).winner == 0


@pytest.mark.rules("END-WINNER")
def test_end_winner_farthest_team_when_nobody_reached_the_goal() -> None:
    state = position(
        players=3,
        hands={1: [Card.D25]},
        tableaus={
            0: Tableau(distance=(Card.D100, Card.D50)),
            1: Tableau(distance=(Card.D200,)),
            2: Tableau(distance=(Card.D75,)),
        },
        draw_pile=(),
        actor=1,
    )
    after = assert_legal(state, Discard(1, Card.D25))
    assert after.phase is Phase.ROUND_OVER
    assert round_winner(after) == 1
    sheet = score_round(after)
    assert sheet.winner == 1
    assert [line.round_win for line in sheet.teams] == [0, 400, 0]


# --- RUL-FARTHEST-TIE --------------------------------------------------------------


@pytest.mark.rules("RUL-FARTHEST-TIE")
def test_rul_farthest_tie_nobody_wins() -> None:
    state = position(
        players=3,
        hands={0: [Card.D25]},
        tableaus={
            0: Tableau(distance=(Card.D100, Card.D50)),
            1: Tableau(distance=(Card.D75, Card.D75)),
            2: Tableau(distance=(Card.D50,)),
        },
        draw_pile=(),
    )
    after = assert_legal(state, Discard(0, Card.D25))
    assert after.phase is Phase.ROUND_OVER
    assert round_winner(after) is None
    sheet = score_round(after)
    assert sheet.winner is None
    assert [line.round_win for line in sheet.teams] == [0, 0, 0]
    assert [line.win_without_200 for line in sheet.teams] == [0, 0, 0]
    assert after.scores == (150, 150, 50)


@pytest.mark.rules("RUL-FARTHEST-TIE")
def test_rul_farthest_tie_nobody_moved() -> None:
    state = position(
        hands={0: [Card.D25]},
        tableaus={0: Tableau(safeties=(Card.EXTRA_TANK,))},
        draw_pile=(),
    )
    after = assert_legal(state, Discard(0, Card.D25))
    assert round_winner(after) is None
    sheet = score_round(after)
    assert sheet.winner is None
    assert [line.total for line in sheet.teams] == [100, 0]
    assert after.scores == (100, 0)
