"""Rulings and boundaries settled for the spec-as-contract issue: teams in Cars, Astérix and
the Allonge rules, the Allonge coup-fourré as a choice, the discard order when a safety
clears two hazards, and the delayed-action bonus when the winner's own draw emptied the pile.
"""

from __future__ import annotations

import pytest

from millebornes.families.classic import (
    Card,
    CoupFourre,
    Decline,
    Draw,
    Extension,
    Phase,
    Play,
    Tableau,
    apply,
    legal_actions,
    load_edition,
    score_round,
)
from millebornes.families.classic.position import position

ROLLING = Tableau(battle=(Card.ROLL,))


@pytest.mark.rules("RUL-SOLO-PHRASE", "SEAT-TEAMS")
@pytest.mark.parametrize("edition", ["cars", "asterix"])
def test_cars_and_asterix_have_teams_at_6_and_8(edition: str) -> None:
    rules = load_edition(edition)
    assert {n: rules.teams_by_seats[n] for n in rules.seat_counts} == {
        2: 2,
        3: 3,
        4: 4,
        6: 3,
        8: 4,
    }
    # Seats 0 and 3 share team 0's tableau at 6 players: seat 3 lays distance on it.
    state = position(edition, 6, hands={3: [Card.D25]}, tableaus={0: ROLLING}, actor=3)
    assert Play(3, Card.D25, 0) in legal_actions(state)


@pytest.mark.rules("SEAT-TEAMS")
def test_allonge_has_teams_of_two_at_4_and_6() -> None:
    rules = load_edition("allonge")
    assert {n: rules.teams_by_seats[n] for n in rules.seat_counts} == {2: 2, 3: 3, 4: 2, 6: 3}


@pytest.mark.rules("RUL-ALLONGE-CF-CHOICE", "CF-DECLINE")
def test_allonge_coup_fourre_may_be_declined() -> None:
    attack = position(
        "allonge", 3, hands={0: [Card.ACCIDENT], 2: [Card.DRIVING_ACE]}, tableaus={2: ROLLING}
    )
    window = apply(attack, Play(0, Card.ACCIDENT, 2))
    assert set(legal_actions(window)) == {CoupFourre(2, Card.DRIVING_ACE), Decline(2)}
    declined = apply(window, Decline(2))
    assert declined.tableaus[2].battle_top is Card.ACCIDENT
    assert declined.hands[2] == (Card.DRIVING_ACE,)


@pytest.mark.rules("RUL-SAFETY-CLEARS-HAZARD", "STATE-PILE-ORDER", "CF-EFFECT")
@pytest.mark.parametrize("pending", [Card.STOP, Card.SPEED_LIMIT])
def test_right_of_way_coup_fourre_discards_stop_then_speed_limit(pending: Card) -> None:
    both = Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,))
    window = position(
        hands={1: [Card.RIGHT_OF_WAY]},
        tableaus={0: ROLLING, 1: both},
        discard_pile=(Card.D25,),
        phase=Phase.COUP_FOURRE,
        actor=1,
        turn=0,
        pending_hazard=pending,
    )
    after = apply(window, CoupFourre(1, Card.RIGHT_OF_WAY))
    assert after.discard_pile[-3:] == (Card.D25, Card.STOP, Card.SPEED_LIMIT)
    assert after.tableaus[1].battle == (Card.ROLL,) and after.tableaus[1].speed == ()


@pytest.mark.rules("SCORE-DELAYED-ACTION")
def test_delayed_action_counts_when_the_winners_own_draw_emptied_the_pile() -> None:
    # Allonge, 2 players: team 0 at 600 km draws the last card, a 100, and reaches 700.
    laid = (Card.D200, Card.D200, Card.D100, Card.D100)
    state = position(
        "allonge",
        2,
        hands={0: [Card.D25]},
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=laid), 1: ROLLING},
        draw_pile=(Card.D100,),
        phase=Phase.DRAW,
    )
    drawn = apply(state, Draw(0))
    assert drawn.draw_pile == ()
    decided = apply(drawn, Play(0, Card.D100, 0))
    assert decided.phase is Phase.EXTENSION
    over = apply(decided, Extension(0, extend=False))
    sheet = score_round(over)
    assert sheet.winner == 0
    assert sheet.teams[0].delayed_action == load_edition("allonge").scoring.delayed_action > 0
