"""Match rules: the 5000-point target, the dealer's rotation, shared wins."""

from __future__ import annotations

import pytest
from rulecheck import assert_legal, assert_rejected, first_legal, play_round

from millebornes.families.classic import (
    Card,
    Deal,
    Discard,
    MalformedInput,
    Phase,
    Play,
    State,
    Tableau,
    apply,
    deal_from_seed,
    is_chance,
    legal_actions,
    match_winners,
    new_round,
    score_round,
)
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.position import position

AT_900 = (Card.D200, Card.D200, Card.D100, Card.D100, Card.D100, Card.D100, Card.D100)


def _one_card_from_goal(scores: tuple[int, int], dealer: int = 1) -> State:
    """Team 0 at 900 km (two 200s) holding a 100; team 1 has 25 km: a 1400-point round."""
    return position(
        hands={0: [Card.D100]},
        tableaus={
            0: Tableau(battle=(Card.ROLL,), distance=AT_900),
            1: Tableau(distance=(Card.D25,)),
        },
        scores=scores,
        dealer=dealer,
    )


# --- MATCH-TARGET ------------------------------------------------------------------


@pytest.mark.rules("MATCH-TARGET")
def test_match_target_reached_at_exactly_5000() -> None:
    state = _one_card_from_goal((3600, 0))
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.scores == (5000, 25)
    assert after.phase is Phase.MATCH_OVER
    assert after.actor is None
    assert legal_actions(after) == ()
    assert not is_chance(after)
    assert match_winners(after) == (0,)
    with pytest.raises(MalformedInput):
        deal_from_seed(after, 1)


@pytest.mark.rules("MATCH-TARGET")
def test_match_target_not_reached_below_5000() -> None:
    state = _one_card_from_goal((3599, 0))
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.scores == (4999, 25)
    assert after.phase is Phase.ROUND_OVER
    assert after.actor == 0
    assert match_winners(after) == ()
    dealt = apply(after, deal_from_seed(after, 5))
    assert dealt.phase is Phase.DRAW
    assert dealt.scores == (4999, 25)
    assert dealt.round_number == 2


@pytest.mark.rules("MATCH-TARGET", "SETUP-DEAL")
def test_match_target_no_deal_after_the_match() -> None:
    state = _one_card_from_goal((4500, 0))
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.phase is Phase.MATCH_OVER
    deck = deal_from_seed(new_round(seed=1), 1).deck
    for seat in (0, 1):
        assert_rejected(after, Deal(seat, deck), "TURN-ACTOR", "SETUP-DEAL")


@pytest.mark.rules("MATCH-TARGET", "RUL-MATCH-TIE")
def test_match_target_losing_team_may_also_pass_5000() -> None:
    state = _one_card_from_goal((4000, 6000))
    after = assert_legal(state, Play(0, Card.D100, 0))
    assert after.phase is Phase.MATCH_OVER
    assert after.scores == (5400, 6025)
    assert match_winners(after) == (1,)


# --- MATCH-DEALER-ROTATION ---------------------------------------------------------


@pytest.mark.rules("MATCH-DEALER-ROTATION", "SETUP-FIRST-PLAYER")
def test_match_dealer_rotation_three_players() -> None:
    state = position(
        players=3,
        hands={0: [Card.D100]},
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=AT_900)},
        actor=0,
        dealer=0,
    )
    over = assert_legal(state, Play(0, Card.D100, 0))
    assert (over.phase, over.actor, over.dealer) == (Phase.ROUND_OVER, 1, 0)
    assert legal_actions(over) == ()
    assert is_chance(over)
    deck = deal_from_seed(over, 9).deck
    assert_rejected(over, Discard(1, Card.D25), "TURN-PLAY-OR-DISCARD", "CARD-IN-HAND")
    assert_rejected(over, Deal(0, deck), "TURN-ACTOR")
    assert_rejected(over, Deal(2, deck), "TURN-ACTOR")
    dealt = apply(over, Deal(1, deck))
    assert (dealt.dealer, dealt.actor, dealt.phase, dealt.round_number) == (1, 2, Phase.DRAW, 2)
    assert dealt.tableaus == (Tableau(), Tableau(), Tableau())
    assert dealt.scores == over.scores


@pytest.mark.rules("MATCH-DEALER-ROTATION")
@pytest.mark.parametrize("seed", (1, 2))
def test_match_dealer_rotation_seeded_two_player_rounds(seed: int) -> None:
    state = new_round(players=2, seed=seed)
    assert (state.dealer, state.actor) == (0, 1)
    end = play_round(state, first_legal)[-1]
    assert end.phase is Phase.ROUND_OVER
    assert (end.actor, end.dealer) == (1, 0)
    second = apply(end, deal_from_seed(end, seed + 1))
    assert (second.dealer, second.actor, second.round_number) == (1, 0, 2)
    assert [len(hand) for hand in second.hands] == [6, 6]
    end2 = play_round(second, first_legal)[-1]
    assert end2.phase is Phase.ROUND_OVER
    assert (end2.actor, end2.dealer) == (0, 1)
    third = apply(end2, deal_from_seed(end2, seed + 2))
    assert (third.dealer, third.actor, third.round_number) == (0, 1, 3)


# --- RUL-MATCH-TIE -----------------------------------------------------------------


@pytest.mark.rules("RUL-MATCH-TIE", "RUL-FARTHEST-TIE")
def test_rul_match_tie_teams_level_share_the_win() -> None:
    level = Tableau(distance=(Card.D200, Card.D100))
    state = position(
        hands={0: [Card.D25]},
        tableaus={0: level, 1: Tableau(distance=(Card.D100, Card.D200))},
        draw_pile=(),
        scores=(4700, 4700),
    )
    after = assert_legal(state, Discard(0, Card.D25))
    assert after.scores == (5000, 5000)
    assert after.phase is Phase.MATCH_OVER
    assert match_winners(after) == (0, 1)


@pytest.mark.rules("RUL-MATCH-TIE")
def test_rul_match_tie_three_teams_two_tied_at_the_top() -> None:
    state = position(players=3, phase=Phase.MATCH_OVER, actor=None, scores=(5200, 3000, 5200))
    assert match_winners(state) == (0, 2)
    single = position(players=3, phase=Phase.MATCH_OVER, actor=None, scores=(5200, 5100, 5199))
    assert match_winners(single) == (0,)


# --- the plain race (option race, SW-PLAIN-RACE) -------------------------------------

RACE = ("race",)


def _race_finish(scores: tuple[int, int], options: tuple[str, ...] = RACE) -> State:
    """As ``_one_card_from_goal``, in a race: team 0 at 900 km (two 200s, a coup-fourré)
    holding a 100; team 1 has no distance, so a points game would pay it a shutout."""
    return position(
        "classic",
        2,
        options,
        hands={0: [Card.D100]},
        tableaus={
            0: Tableau(
                battle=(Card.ROLL,),
                distance=AT_900,
                safeties=(Card.EXTRA_TANK,),
                coups_fourres=(Card.EXTRA_TANK,),
            ),
        },
        scores=scores,
        dealer=1,
    )


@pytest.mark.rules("MATCH-RACE", "SCORE-RACE-SHEET", "SW-PLAIN-RACE")
def test_race_sheet_scores_one_round_won_and_no_points() -> None:
    after = assert_legal(_race_finish((0, 0)), Play(0, Card.D100, 0))
    sheet = score_round(after)
    assert sheet.winner == 0
    assert [line.total for line in sheet.teams] == [1, 0]
    assert sheet.teams[0].round_win == 1
    assert sheet.teams[0].distance == sheet.teams[0].safeties == sheet.teams[0].shutout == 0
    assert after.scores == (1, 0)
    assert after.phase is Phase.ROUND_OVER


@pytest.mark.rules("MATCH-RACE-END", "RUL-RACE-ROUNDS", "MATCH-TARGET")
def test_race_match_ends_at_the_third_round_won() -> None:
    assert position("classic", 2, RACE).rules.match_target == 3
    going_on = assert_legal(_race_finish((1, 2)), Play(0, Card.D100, 0))
    assert going_on.scores == (2, 2)
    assert going_on.phase is Phase.ROUND_OVER
    over = assert_legal(_race_finish((2, 2)), Play(0, Card.D100, 0))
    assert over.scores == (3, 2)
    assert over.phase is Phase.MATCH_OVER
    assert match_winners(over) == (0,)


@pytest.mark.rules("MATCH-TARGET", "SW-PLAIN-RACE")
def test_without_the_race_the_same_round_scores_points() -> None:
    points = _race_finish((0, 0), options=())
    after = assert_legal(points, Play(0, Card.D100, 0))
    assert after.scores[0] > 1000  # distance, safety, coup-fourré, win, shutout
    assert after.rules.match_target == 5000


def _race_blocked(distances: tuple[tuple[Card, ...], ...], scores: tuple[int, ...]) -> State:
    """A 3-player race whose last card (seat 0's Stop) is about to be discarded."""
    return position(
        "classic",
        3,
        RACE,
        hands={0: [Card.STOP]},
        tableaus={
            team: Tableau(battle=(Card.ROLL,), distance=d) for team, d in enumerate(distances)
        },
        draw_pile=(),
        scores=scores,
    )


@pytest.mark.rules("RUL-RACE-NO-FINISHER", "MATCH-RACE", "END-WINNER")
def test_race_round_without_finisher_goes_to_the_farthest() -> None:
    state = _race_blocked(((Card.D100,), (Card.D100, Card.D25), (Card.D50,)), (0, 2, 1))
    after = assert_legal(state, Discard(0, Card.STOP))
    assert score_round(after).winner == 1
    assert after.scores == (0, 3, 1)
    assert after.phase is Phase.MATCH_OVER


@pytest.mark.rules("RUL-RACE-NO-FINISHER", "RUL-FARTHEST-TIE")
def test_race_round_with_a_tie_counts_for_nobody() -> None:
    state = _race_blocked(((Card.D100,), (Card.D100,), (Card.D50,)), (2, 2, 2))
    after = assert_legal(state, Discard(0, Card.STOP))
    assert score_round(after).winner is None
    assert after.scores == (2, 2, 2)
    assert after.phase is Phase.ROUND_OVER


@pytest.mark.rules("RUL-RACE-EXTENSION", "SW-EXTENSION")
def test_race_is_not_offered_where_the_extension_is() -> None:
    for edition in edition_ids():
        rules = load_edition(edition)
        offered = any(o.switches.get("SW-PLAIN-RACE") for o in rules.options.values())
        assert not (offered and rules.switch("SW-EXTENSION")), edition
    with pytest.raises(MalformedInput, match="unknown option"):
        new_round("allonge", 2, RACE, seed=1)
    assert all("race" in load_edition(e).options for e in ("classic", "cars", "asterix"))
