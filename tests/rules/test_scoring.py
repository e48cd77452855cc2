"""Scoring rules: the items of the score sheet and their order."""

from __future__ import annotations

from dataclasses import fields

import pytest
from rulecheck import assert_legal

from millebornes.families.classic import Card, Phase, Play, State, Tableau, TeamScore, score_round
from millebornes.families.classic.position import position


def _over(players: int = 2, **tableaus: Tableau) -> State:
    """A finished round (phase ROUND_OVER) with the given tableaus (keys t0, t1, ...)."""
    table = {int(key[1:]): tableau for key, tableau in tableaus.items()}
    return position(players=players, tableaus=table, phase=Phase.ROUND_OVER, actor=1, dealer=0)


# --- SCORE-DISTANCE ----------------------------------------------------------------


@pytest.mark.rules("SCORE-DISTANCE")
def test_score_distance_one_point_per_km_winner_or_not() -> None:
    state = _over(
        t0=Tableau(distance=(Card.D200, Card.D100, Card.D75, Card.D25)),
        t1=Tableau(distance=(Card.D50,)),
    )
    sheet = score_round(state)
    assert [line.distance for line in sheet.teams] == [400, 50]
    assert sheet.winner == 0


# --- SCORE-SAFETY ------------------------------------------------------------------


@pytest.mark.rules("SCORE-SAFETY")
def test_score_safety_100_per_safety_laid_none_in_hand() -> None:
    state = position(
        tableaus={
            0: Tableau(safeties=(Card.RIGHT_OF_WAY, Card.EXTRA_TANK), distance=(Card.D25,)),
            1: Tableau(distance=(Card.D25,)),
        },
        hands={1: [Card.DRIVING_ACE, Card.PUNCTURE_PROOF]},
        phase=Phase.ROUND_OVER,
        actor=1,
    )
    sheet = score_round(state)
    assert [line.safeties for line in sheet.teams] == [200, 0]
    assert [line.coups_fourres for line in sheet.teams] == [0, 0]


@pytest.mark.rules("SCORE-SAFETY")
def test_score_safety_all_four() -> None:
    four = (Card.RIGHT_OF_WAY, Card.EXTRA_TANK, Card.PUNCTURE_PROOF, Card.DRIVING_ACE)
    state = _over(t1=Tableau(safeties=four))
    assert score_round(state).teams[1].safeties == 400


# --- SCORE-COUP-FOURRE -------------------------------------------------------------


@pytest.mark.rules("SCORE-COUP-FOURRE", "SCORE-SAFETY")
def test_score_coup_fourre_300_more_each() -> None:
    state = _over(
        t0=Tableau(
            safeties=(Card.RIGHT_OF_WAY, Card.EXTRA_TANK, Card.DRIVING_ACE),
            coups_fourres=(Card.EXTRA_TANK, Card.DRIVING_ACE),
        )
    )
    line = score_round(state).teams[0]
    assert line.safeties == 300
    assert line.coups_fourres == 600
    assert line.total == 900


# --- SCORE-ROUND-WIN ---------------------------------------------------------------


@pytest.mark.rules("SCORE-ROUND-WIN")
def test_score_round_win_400_to_the_farthest() -> None:
    state = _over(
        players=3,
        t0=Tableau(distance=(Card.D100,)),
        t1=Tableau(distance=(Card.D200, Card.D100)),
        t2=Tableau(distance=(Card.D25,)),
    )
    sheet = score_round(state)
    assert sheet.winner == 1
    assert [line.round_win for line in sheet.teams] == [0, 400, 0]


@pytest.mark.rules("SCORE-ROUND-WIN")
def test_score_round_win_400_at_the_goal() -> None:
    at_1000 = tuple([Card.D200] * 2 + [Card.D100] * 6)
    state = _over(t0=Tableau(distance=(Card.D25,)), t1=Tableau(distance=at_1000))
    assert [line.round_win for line in score_round(state).teams] == [0, 400]


# --- SCORE-NO-200 ------------------------------------------------------------------


@pytest.mark.rules("SCORE-NO-200")
def test_score_no_200_winner_without_200_gets_200() -> None:
    state = _over(
        t0=Tableau(distance=(Card.D100, Card.D100, Card.D75)),
        t1=Tableau(distance=(Card.D50,)),
    )
    assert [line.win_without_200 for line in score_round(state).teams] == [200, 0]


@pytest.mark.rules("SCORE-NO-200")
def test_score_no_200_winner_with_a_200_gets_none() -> None:
    state = _over(
        t0=Tableau(distance=(Card.D200, Card.D75)),
        t1=Tableau(distance=(Card.D50,)),
    )
    assert [line.win_without_200 for line in score_round(state).teams] == [0, 0]


@pytest.mark.rules("SCORE-NO-200")
def test_score_no_200_loser_without_200_gets_none() -> None:
    state = _over(
        players=3,
        t0=Tableau(distance=(Card.D200, Card.D75)),
        t1=Tableau(distance=(Card.D50,)),
        t2=Tableau(distance=(Card.D100,)),
    )
    sheet = score_round(state)
    assert sheet.winner == 0
    assert [line.win_without_200 for line in sheet.teams] == [0, 0, 0]


# --- SCORE-SHUTOUT, RUL-SHUTOUT-TEAM -------------------------------------------------


@pytest.mark.rules("SCORE-SHUTOUT")
def test_score_shutout_500_against_a_team_without_distance() -> None:
    state = _over(t0=Tableau(distance=(Card.D25,)), t1=Tableau(safeties=(Card.EXTRA_TANK,)))
    sheet = score_round(state)
    assert [line.shutout for line in sheet.teams] == [500, 0]


@pytest.mark.rules("SCORE-SHUTOUT")
def test_score_shutout_none_when_every_team_moved_or_none_did() -> None:
    moved = _over(t0=Tableau(distance=(Card.D25,)), t1=Tableau(distance=(Card.D50,)))
    assert [line.shutout for line in score_round(moved).teams] == [0, 0]
    still = _over()
    assert [line.shutout for line in score_round(still).teams] == [0, 0]
    assert [line.total for line in score_round(still).teams] == [0, 0]


@pytest.mark.rules("RUL-SHUTOUT-TEAM", "SCORE-SHUTOUT")
def test_rul_shutout_team_three_players_two_shut_out() -> None:
    state = _over(
        players=3, t0=Tableau(distance=(Card.D75,)), t2=Tableau(speed=(Card.SPEED_LIMIT,))
    )
    sheet = score_round(state)
    assert [line.shutout for line in sheet.teams] == [1000, 0, 0]


@pytest.mark.rules("RUL-SHUTOUT-TEAM", "SCORE-SHUTOUT")
def test_rul_shutout_team_three_players_one_shut_out() -> None:
    state = _over(players=3, t0=Tableau(distance=(Card.D75,)), t2=Tableau(distance=(Card.D25,)))
    sheet = score_round(state)
    assert [line.shutout for line in sheet.teams] == [500, 0, 500]


@pytest.mark.rules("RUL-SHUTOUT-TEAM", "SEAT-TEAMS")
def test_rul_shutout_team_six_players_partnership() -> None:
    state = _over(
        players=6,
        t0=Tableau(distance=(Card.D100,)),
        t2=Tableau(distance=(Card.D25,)),
    )
    sheet = score_round(state)
    assert len(sheet.teams) == 3
    assert [line.shutout for line in sheet.teams] == [500, 0, 500]


# --- SCORE-SHEET -------------------------------------------------------------------


@pytest.mark.rules("SCORE-SHEET")
def test_score_sheet_items_in_order_and_total() -> None:
    assert [f.name for f in fields(TeamScore)] == [
        "team",
        "distance",
        "safeties",
        "all_safeties",
        "coups_fourres",
        "round_win",
        "delayed_action",
        "win_without_200",
        "extension",
        "shutout",
    ]
    line = TeamScore(
        team=0,
        distance=1,
        safeties=20,
        all_safeties=3000000,
        coups_fourres=300,
        round_win=4000,
        delayed_action=70000000,
        win_without_200=50000,
        extension=800000000,
        shutout=600000,
    )
    assert line.total == 873654321


@pytest.mark.rules(
    "SCORE-SHEET",
    "SCORE-DISTANCE",
    "SCORE-SAFETY",
    "SCORE-COUP-FOURRE",
    "SCORE-ROUND-WIN",
    "SCORE-NO-200",
    "SCORE-SHUTOUT",
    "END-GOAL",
)
def test_score_sheet_round_totals_added_to_the_match_totals() -> None:
    at_975 = Tableau(
        battle=(Card.ROLL,),
        distance=(*[Card.D100] * 9, Card.D75),
        safeties=(Card.RIGHT_OF_WAY,),
        coups_fourres=(Card.RIGHT_OF_WAY,),
    )
    assert at_975.km == 975
    state = position(
        hands={0: [Card.D25]},
        tableaus={0: at_975, 1: Tableau(safeties=(Card.EXTRA_TANK,))},
        scores=(1000, 2000),
    )
    after = assert_legal(state, Play(0, Card.D25, 0))
    assert after.phase is Phase.ROUND_OVER
    sheet = score_round(after)
    assert sheet.winner == 0
    assert sheet.teams == (
        TeamScore(
            team=0,
            distance=1000,
            safeties=100,
            all_safeties=0,
            coups_fourres=300,
            round_win=400,
            delayed_action=0,
            win_without_200=200,
            extension=0,
            shutout=500,
        ),
        TeamScore(
            team=1,
            distance=0,
            safeties=100,
            all_safeties=0,
            coups_fourres=0,
            round_win=0,
            delayed_action=0,
            win_without_200=0,
            extension=0,
            shutout=0,
        ),
    )
    assert [line.total for line in sheet.teams] == [2500, 100]
    assert after.scores == (3500, 2100)
