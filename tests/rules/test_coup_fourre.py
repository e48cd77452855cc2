"""Coup-fourré rules: the window, the matching safety, who calls, its effects and turn."""

from __future__ import annotations

import pytest
from rulecheck import ROLLING, assert_legal, assert_rejected

from millebornes.families.classic import (
    Card,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Phase,
    Play,
    State,
    Tableau,
    legal_actions,
    score_round,
)
from millebornes.families.classic.position import position

PAIRS = [
    (Card.STOP, Card.RIGHT_OF_WAY),
    (Card.SPEED_LIMIT, Card.RIGHT_OF_WAY),
    (Card.OUT_OF_GAS, Card.EXTRA_TANK),
    (Card.FLAT_TIRE, Card.PUNCTURE_PROOF),
    (Card.ACCIDENT, Card.DRIVING_ACE),
]


def _attacked(hazard: Card = Card.ACCIDENT, safety: Card = Card.DRIVING_ACE) -> State:
    """Seat 0 holds ``hazard``; seat 1, whose team is rolling, holds ``safety``."""
    return position(
        hands={0: [hazard, Card.D25], 1: [safety, Card.D50, Card.D75]},
        tableaus={1: ROLLING},
        discard_pile=[Card.D100],
        draw_top=[Card.D200, Card.GASOLINE],
    )


def _window(hazard: Card = Card.ACCIDENT, safety: Card = Card.DRIVING_ACE) -> State:
    return assert_legal(_attacked(hazard, safety), Play(0, hazard, 1))


# --- CF-WINDOW ---------------------------------------------------------------------


@pytest.mark.rules("CF-WINDOW")
@pytest.mark.parametrize(("hazard", "safety"), PAIRS)
def test_cf_window_opens_for_the_holder_of_the_matching_safety(hazard: Card, safety: Card) -> None:
    state = _window(hazard, safety)
    assert state.phase is Phase.COUP_FOURRE
    assert state.actor == 1
    assert state.turn == 0
    assert state.pending_hazard is hazard
    assert hazard in state.tableaus[1].cards()
    assert legal_actions(state) == (CoupFourre(1, safety), Decline(1))


@pytest.mark.rules("CF-WINDOW")
def test_cf_window_not_opened_when_nobody_holds_the_safety() -> None:
    state = position(
        hands={0: [Card.ACCIDENT], 1: [Card.EXTRA_TANK, Card.D50]},
        tableaus={1: ROLLING},
    )
    after = assert_legal(state, Play(0, Card.ACCIDENT, 1))
    assert (after.phase, after.actor, after.pending_hazard) == (Phase.DRAW, 1, None)
    assert after.tableaus[1].battle_top is Card.ACCIDENT


@pytest.mark.rules("CF-WINDOW")
def test_cf_window_not_opened_for_the_attacker_own_safety() -> None:
    state = position(hands={0: [Card.ACCIDENT, Card.DRIVING_ACE]}, tableaus={1: ROLLING})
    after = assert_legal(state, Play(0, Card.ACCIDENT, 1))
    assert (after.phase, after.actor) == (Phase.DRAW, 1)


@pytest.mark.rules("CF-WINDOW", "TURN-DRAW", "TURN-PLAY-OR-DISCARD", "TURN-ACTOR")
def test_cf_window_nothing_else_may_happen() -> None:
    state = _window()
    assert_rejected(state, Draw(1), "TURN-DRAW")
    assert_rejected(state, Play(1, Card.DRIVING_ACE, 1), "TURN-PLAY-OR-DISCARD")
    assert_rejected(state, Discard(1, Card.DRIVING_ACE), "TURN-PLAY-OR-DISCARD")
    assert_rejected(state, Discard(1, Card.D50), "TURN-PLAY-OR-DISCARD")
    assert_rejected(state, Draw(0), "TURN-ACTOR", "TURN-DRAW")
    assert_rejected(state, Discard(0, Card.D25), "TURN-ACTOR", "TURN-PLAY-OR-DISCARD")
    assert_rejected(state, Decline(0), "TURN-ACTOR")


@pytest.mark.rules("CF-WINDOW")
def test_cf_window_coup_fourre_and_decline_outside_the_window_rejected() -> None:
    state = position(hands={0: [Card.DRIVING_ACE, Card.D25]}, tableaus={0: ROLLING})
    assert_rejected(state, CoupFourre(0, Card.DRIVING_ACE), "CF-WINDOW", "CF-MATCHING-SAFETY")
    assert_rejected(state, Decline(0), "CF-WINDOW")
    drawing = position(hands={0: [Card.DRIVING_ACE]}, phase=Phase.DRAW)
    assert_rejected(drawing, Decline(0), "CF-WINDOW")


@pytest.mark.rules("CF-WINDOW", "TURN-ACTOR")
def test_cf_window_three_players_bystander_cannot_act() -> None:
    state = position(
        players=3,
        hands={0: [Card.FLAT_TIRE], 1: [Card.D25], 2: [Card.PUNCTURE_PROOF]},
        tableaus={2: ROLLING},
    )
    window = assert_legal(state, Play(0, Card.FLAT_TIRE, 2))
    assert window.actor == 2
    assert_rejected(window, Decline(1), "TURN-ACTOR")
    assert_rejected(window, Draw(1), "TURN-ACTOR", "TURN-DRAW")


# --- CF-MATCHING-SAFETY ------------------------------------------------------------


@pytest.mark.rules("CF-MATCHING-SAFETY")
def test_cf_matching_safety_other_safety_rejected() -> None:
    state = position(
        hands={0: [Card.ACCIDENT], 1: [Card.DRIVING_ACE, Card.EXTRA_TANK]},
        tableaus={1: ROLLING},
    )
    window = assert_legal(state, Play(0, Card.ACCIDENT, 1))
    assert_rejected(window, CoupFourre(1, Card.EXTRA_TANK), "CF-MATCHING-SAFETY")
    assert_rejected(
        window, CoupFourre(1, Card.PUNCTURE_PROOF), "CARD-IN-HAND", "CF-MATCHING-SAFETY"
    )
    assert_rejected(window, CoupFourre(1, Card.D50), "CARD-IN-HAND", "CF-MATCHING-SAFETY")


@pytest.mark.rules("CF-MATCHING-SAFETY", "CF-DECLINE")
def test_cf_matching_safety_only_the_hazard_just_laid() -> None:
    declined = assert_legal(_window(), Decline(1))
    assert_rejected(declined, CoupFourre(1, Card.DRIVING_ACE), "CF-WINDOW", "CF-MATCHING-SAFETY")
    drawn = assert_legal(declined, Draw(1))
    assert_rejected(drawn, CoupFourre(1, Card.DRIVING_ACE), "CF-WINDOW", "CF-MATCHING-SAFETY")


# --- RUL-CF-WHO --------------------------------------------------------------------


@pytest.mark.rules("RUL-CF-WHO", "CF-WINDOW")
def test_rul_cf_who_six_players_partner_gets_the_window() -> None:
    state = position(
        players=6,
        hands={0: [Card.ACCIDENT], 1: [Card.D25], 4: [Card.DRIVING_ACE, Card.D50]},
        tableaus={1: ROLLING},
    )
    window = assert_legal(state, Play(0, Card.ACCIDENT, 1))
    assert (window.phase, window.actor, window.turn) == (Phase.COUP_FOURRE, 4, 0)
    assert legal_actions(window) == (CoupFourre(4, Card.DRIVING_ACE), Decline(4))
    assert_rejected(window, Decline(1), "TURN-ACTOR")
    assert_rejected(window, CoupFourre(1, Card.DRIVING_ACE), "TURN-ACTOR", "CARD-IN-HAND")
    after = assert_legal(window, CoupFourre(4, Card.DRIVING_ACE))
    assert after.tableaus[1].coups_fourres == (Card.DRIVING_ACE,)
    assert (after.actor, after.phase) == (4, Phase.DRAW)


@pytest.mark.rules("RUL-CF-WHO", "CF-WINDOW")
def test_rul_cf_who_eight_players_partner_gets_the_window() -> None:
    state = position(
        players=8,
        hands={2: [Card.SPEED_LIMIT], 7: [Card.RIGHT_OF_WAY]},
        actor=2,
    )
    window = assert_legal(state, Play(2, Card.SPEED_LIMIT, 3))
    assert (window.phase, window.actor, window.pending_hazard) == (
        Phase.COUP_FOURRE,
        7,
        Card.SPEED_LIMIT,
    )


@pytest.mark.rules("RUL-CF-WHO", "CF-WINDOW")
def test_rul_cf_who_no_window_for_a_player_of_another_team() -> None:
    state = position(
        players=6,
        hands={0: [Card.ACCIDENT], 2: [Card.DRIVING_ACE], 3: [Card.D25]},
        tableaus={1: ROLLING},
    )
    after = assert_legal(state, Play(0, Card.ACCIDENT, 1))
    assert (after.phase, after.actor) == (Phase.DRAW, 1)


# --- CF-EFFECT ---------------------------------------------------------------------


@pytest.mark.rules("CF-EFFECT", "SCORE-COUP-FOURRE")
@pytest.mark.parametrize(("hazard", "safety"), PAIRS)
def test_cf_effect_hazard_discarded_safety_laid_crosswise(hazard: Card, safety: Card) -> None:
    window = _window(hazard, safety)
    after = assert_legal(window, CoupFourre(1, safety))
    tableau = after.tableaus[1]
    assert tableau.battle == (Card.ROLL,)
    assert tableau.speed == ()
    assert tableau.safeties == (safety,)
    assert tableau.coups_fourres == (safety,)
    assert after.discard_pile == (Card.D100, hazard)
    assert safety not in after.hands[1]
    assert after.pending_hazard is None
    line = score_round(after).teams[1]
    assert (line.safeties, line.coups_fourres) == (100, 300)


@pytest.mark.rules("CF-EFFECT", "RUL-RIGHT-OF-WAY-CLEARS", "RUL-SAFETY-CLEARS-HAZARD")
def test_cf_effect_right_of_way_also_clears_a_standing_stop() -> None:
    state = position(
        hands={0: [Card.SPEED_LIMIT], 1: [Card.RIGHT_OF_WAY]},
        tableaus={1: Tableau(battle=(Card.ROLL, Card.STOP))},
    )
    window = assert_legal(state, Play(0, Card.SPEED_LIMIT, 1))
    after = assert_legal(window, CoupFourre(1, Card.RIGHT_OF_WAY))
    assert after.tableaus[1].battle == (Card.ROLL,)
    assert after.tableaus[1].speed == ()
    assert sorted(after.discard_pile) == [Card.STOP, Card.SPEED_LIMIT]
    assert after.tableaus[1].is_rolling()


@pytest.mark.rules("CF-EFFECT", "SAFE-IMMUNITY")
def test_cf_effect_safety_then_protects_the_team() -> None:
    after = assert_legal(_window(), CoupFourre(1, Card.DRIVING_ACE))
    later = position(
        hands={0: [Card.ACCIDENT]},
        tableaus={1: after.tableaus[1]},
    )
    assert_rejected(later, Play(0, Card.ACCIDENT, 1), "SAFE-IMMUNITY")


# --- CF-REPLACEMENT ----------------------------------------------------------------


@pytest.mark.rules("CF-REPLACEMENT")
def test_cf_replacement_draws_the_top_card() -> None:
    window = _window()
    assert window.draw_pile[0] is Card.D200
    after = assert_legal(window, CoupFourre(1, Card.DRIVING_ACE))
    assert after.hands[1] == (Card.D50, Card.D75, Card.D200)
    assert after.draw_pile == window.draw_pile[1:]
    assert len(after.hands[1]) == len(window.hands[1])


# --- CF-TURN -----------------------------------------------------------------------


@pytest.mark.rules("CF-TURN")
def test_cf_turn_the_player_takes_a_full_turn_at_once() -> None:
    after = assert_legal(_window(), CoupFourre(1, Card.DRIVING_ACE))
    assert (after.actor, after.turn, after.phase) == (1, 1, Phase.DRAW)
    assert legal_actions(after) == (Draw(1),)
    drawn = assert_legal(after, Draw(1))
    assert Card.GASOLINE in drawn.hands[1]
    assert drawn.phase is Phase.PLAY
    done = assert_legal(drawn, Discard(1, Card.GASOLINE))
    assert (done.actor, done.phase) == (0, Phase.DRAW)


@pytest.mark.rules("CF-TURN", "TURN-ORDER")
def test_cf_turn_four_players_seats_between_lose_their_turn() -> None:
    state = position(
        players=4,
        hands={
            0: [Card.ACCIDENT, Card.D25],
            1: [Card.D50],
            2: [Card.DRIVING_ACE, Card.D75],
            3: [Card.D100],
        },
        tableaus={2: ROLLING},
        draw_top=[Card.D200, Card.STOP, Card.ROLL],
    )
    window = assert_legal(state, Play(0, Card.ACCIDENT, 2))
    assert window.actor == 2
    after = assert_legal(window, CoupFourre(2, Card.DRIVING_ACE))
    assert (after.actor, after.turn, after.phase) == (2, 2, Phase.DRAW)
    assert_rejected(after, Draw(1), "TURN-ACTOR")
    after = assert_legal(after, Draw(2))
    assert after.hands[2] == (Card.D75, Card.D200, Card.STOP)
    after = assert_legal(after, Discard(2, Card.D75))
    assert (after.actor, after.phase) == (3, Phase.DRAW)
    assert after.hands[1] == (Card.D50,)


@pytest.mark.rules("CF-TURN")
def test_cf_turn_three_players_skips_the_seat_between() -> None:
    state = position(
        players=3,
        hands={0: [Card.OUT_OF_GAS], 1: [Card.D50], 2: [Card.EXTRA_TANK, Card.D75]},
        tableaus={2: ROLLING},
    )
    window = assert_legal(state, Play(0, Card.OUT_OF_GAS, 2))
    after = assert_legal(window, CoupFourre(2, Card.EXTRA_TANK))
    after = assert_legal(after, Draw(2))
    after = assert_legal(after, Discard(2, Card.D75))
    assert (after.actor, after.phase) == (0, Phase.DRAW)
    assert after.hands[1] == (Card.D50,)


# --- CF-DECLINE --------------------------------------------------------------------


@pytest.mark.rules("CF-DECLINE")
def test_cf_decline_hazard_stands_and_play_goes_on() -> None:
    window = _window()
    after = assert_legal(window, Decline(1))
    assert after.tableaus[1].battle == (Card.ROLL, Card.ACCIDENT)
    assert Card.DRIVING_ACE in after.hands[1]
    assert after.pending_hazard is None
    assert (after.actor, after.turn, after.phase) == (1, 1, Phase.DRAW)
    assert after.hands == window.hands
    assert after.draw_pile == window.draw_pile


@pytest.mark.rules("CF-DECLINE", "SAFE-ON-TURN", "RUL-SAFETY-CLEARS-HAZARD")
def test_cf_decline_four_players_then_ordinary_safety_later() -> None:
    state = position(
        players=4,
        hands={0: [Card.ACCIDENT], 1: [Card.D50], 2: [Card.DRIVING_ACE, Card.D75]},
        tableaus={2: ROLLING},
        draw_top=[Card.D25, Card.D25, Card.D25],
    )
    window = assert_legal(state, Play(0, Card.ACCIDENT, 2))
    after = assert_legal(window, Decline(2))
    assert (after.actor, after.phase) == (1, Phase.DRAW)
    after = assert_legal(after, Draw(1))
    after = assert_legal(after, Discard(1, Card.D50))
    after = assert_legal(after, Draw(2))
    after = assert_legal(after, Play(2, Card.DRIVING_ACE, 2))
    assert after.tableaus[2].safeties == (Card.DRIVING_ACE,)
    assert after.tableaus[2].coups_fourres == ()
    assert after.tableaus[2].battle == (Card.ROLL,)
    assert after.discard_pile[-1] is Card.ACCIDENT


# --- RUL-CF-EMPTY-PILE -------------------------------------------------------------


@pytest.mark.rules("RUL-CF-EMPTY-PILE")
def test_rul_cf_empty_pile_no_replacement_and_no_turn() -> None:
    # Three players: seat 0 attacks seat 2; seat 1 sits between them.
    state = position(
        players=3,
        hands={0: [Card.ACCIDENT, Card.D25], 1: [Card.D75], 2: [Card.DRIVING_ACE, Card.D50]},
        tableaus={2: ROLLING},
        draw_pile=(),
    )
    window = assert_legal(state, Play(0, Card.ACCIDENT, 2))
    assert window.phase is Phase.COUP_FOURRE
    after = assert_legal(window, CoupFourre(2, Card.DRIVING_ACE))
    assert after.hands[2] == (Card.D50,)
    assert after.draw_pile == ()
    assert after.tableaus[2].coups_fourres == (Card.DRIVING_ACE,)
    assert after.tableaus[2].battle == (Card.ROLL,)
    # No replay: seat 1, at the attacker's left, keeps its turn (without a draw).
    assert (after.actor, after.turn, after.phase) == (1, 1, Phase.PLAY)


@pytest.mark.rules("RUL-CF-EMPTY-PILE", "CF-TURN")
def test_rul_cf_one_card_left_is_the_replacement_and_the_turn_has_no_draw() -> None:
    state = position(
        players=3,
        hands={0: [Card.ACCIDENT, Card.D25], 1: [Card.D75], 2: [Card.DRIVING_ACE, Card.D50]},
        tableaus={2: ROLLING},
        draw_pile=(Card.D100,),
    )
    window = assert_legal(state, Play(0, Card.ACCIDENT, 2))
    after = assert_legal(window, CoupFourre(2, Card.DRIVING_ACE))
    assert after.hands[2] == (Card.D50, Card.D100)
    assert (after.actor, after.phase, after.draw_pile) == (2, Phase.PLAY, ())


@pytest.mark.rules("RUL-CF-EMPTY-PILE", "RUL-EMPTY-DRAW-PILE")
def test_rul_cf_empty_pile_player_with_empty_hand_is_passed_over() -> None:
    state = position(
        hands={0: [Card.ACCIDENT, Card.D25], 1: [Card.DRIVING_ACE]},
        tableaus={1: ROLLING},
        draw_pile=(),
    )
    window = assert_legal(state, Play(0, Card.ACCIDENT, 1))
    after = assert_legal(window, CoupFourre(1, Card.DRIVING_ACE))
    assert after.hands[1] == ()
    assert (after.actor, after.phase) == (0, Phase.PLAY)
