"""Setup rules: the box, seats and teams, the goal, shuffle, deal and first player."""

from __future__ import annotations

from collections import Counter

import pytest
from rulecheck import assert_consistent, assert_legal, assert_rejected

from millebornes.families.classic import (
    Card,
    Category,
    CoupFourre,
    Deal,
    Discard,
    Draw,
    IllegalAction,
    MalformedInput,
    Phase,
    Play,
    Tableau,
    action_from_json,
    apply,
    deal_from_seed,
    from_json,
    is_chance,
    legal_actions,
    load_edition,
    new_match,
    new_round,
    to_json,
    violations,
)
from millebornes.families.classic.cards import CATEGORY
from millebornes.families.classic.position import position

SEAT_COUNTS = (2, 3, 4, 6, 8)
TEAMS = {2: 2, 3: 3, 4: 4, 6: 3, 8: 4}


# --- BOX-CONTENTS ------------------------------------------------------------------


@pytest.mark.rules("BOX-CONTENTS")
def test_box_contents_classic_box_holds_110_cards_106_playing_4_memo() -> None:
    edition = load_edition("classic")
    assert edition.box_total == 110
    assert sum(n for _, n in edition.box) == 110
    playing = edition.playing_cards(2)
    assert len(playing) == 106
    assert Card.MEMO not in playing
    assert edition.memo_cards(2) == (Card.MEMO,) * 4
    assert sum(1 for card in playing if CATEGORY[card] is Category.HAZARD) == 18
    assert sum(1 for card in playing if CATEGORY[card] is Category.REMEDY) == 38


@pytest.mark.rules("BOX-CONTENTS")
@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_box_contents_every_card_of_the_box_is_in_a_new_match(players: int) -> None:
    state = new_match(players=players)
    assert Counter(state.all_cards()) == Counter(dict(load_edition("classic").box))
    dealt = new_round(players=players, seed=3)
    assert Counter(dealt.all_cards()) == Counter(state.all_cards())


@pytest.mark.rules("BOX-CONTENTS")
def test_box_contents_deal_missing_a_card_rejected() -> None:
    state = new_match()
    deck = deal_from_seed(state, 5).deck
    assert_rejected(state, Deal(0, deck[:-1]), "BOX-CONTENTS")


@pytest.mark.rules("BOX-CONTENTS")
def test_box_contents_deal_with_a_duplicated_card_rejected() -> None:
    state = new_match()
    deck = deal_from_seed(state, 5).deck
    doubled = (*deck[:-1], deck[0])
    assert len(doubled) == 106
    assert_rejected(state, Deal(0, doubled), "BOX-CONTENTS")


@pytest.mark.rules("BOX-CONTENTS", "SETUP-MEMO")
def test_box_contents_deal_with_memo_cards_rejected() -> None:
    state = new_match()
    deck = deal_from_seed(state, 5).deck
    assert_rejected(state, Deal(0, (*deck, Card.MEMO)), "BOX-CONTENTS")
    assert_rejected(state, Deal(0, (*deck[:-1], Card.MEMO)), "BOX-CONTENTS")


@pytest.mark.rules("BOX-CONTENTS", "TURN-ACTOR")
def test_box_contents_bad_deck_by_wrong_seat_names_both_rules() -> None:
    state = new_match()
    deck = deal_from_seed(state, 5).deck
    assert_rejected(state, Deal(1, deck[1:]), "TURN-ACTOR", "BOX-CONTENTS")


@pytest.mark.rules("BOX-CONTENTS")
def test_box_contents_unknown_card_in_json_is_malformed() -> None:
    state = new_round(seed=1)
    text = to_json(state)
    assert '"D25"' in text
    broken = text.replace('"D25"', '"D30"', 1)
    with pytest.raises(MalformedInput):
        from_json(broken)
    with pytest.raises(MalformedInput) as caught:
        action_from_json('{"card":"D300","seat":0,"target":0,"type":"play"}')
    assert not isinstance(caught.value, IllegalAction)
    with pytest.raises(MalformedInput):
        action_from_json('{"card":"BANANA","seat":0,"type":"discard"}')


@pytest.mark.rules("BOX-CONTENTS")
def test_box_contents_bad_json_is_malformed() -> None:
    with pytest.raises(MalformedInput):
        from_json("{not json")
    with pytest.raises(MalformedInput):
        from_json("[]")
    with pytest.raises(MalformedInput):
        action_from_json("draw seat 0")
    with pytest.raises(MalformedInput):
        action_from_json('{"seat":0,"type":"teleport"}')


@pytest.mark.rules("BOX-CONTENTS")
def test_box_contents_state_json_missing_a_card_is_malformed() -> None:
    state = new_round(seed=1)
    text = to_json(state)
    top = state.draw_pile[0].name
    broken = text.replace(f'"draw_pile":["{top}",', '"draw_pile":[', 1)
    assert broken != text
    with pytest.raises(MalformedInput):
        from_json(broken)


@pytest.mark.rules("BOX-CONTENTS")
def test_box_contents_state_json_round_trips() -> None:
    state = new_round(seed=11)
    assert from_json(to_json(state)) == state


# --- ASM-CLASSIC-COUNTS ------------------------------------------------------------


@pytest.mark.rules("ASM-CLASSIC-COUNTS")
def test_asm_classic_counts_match_the_assumed_figures() -> None:
    expected = {
        Card.D25: 10,
        Card.D50: 10,
        Card.D75: 10,
        Card.D100: 12,
        Card.D200: 4,
        Card.STOP: 5,
        Card.SPEED_LIMIT: 4,
        Card.OUT_OF_GAS: 3,
        Card.FLAT_TIRE: 3,
        Card.ACCIDENT: 3,
        Card.ROLL: 14,
        Card.END_OF_LIMIT: 6,
        Card.GASOLINE: 6,
        Card.SPARE_TIRE: 6,
        Card.REPAIRS: 6,
        Card.RIGHT_OF_WAY: 1,
        Card.EXTRA_TANK: 1,
        Card.PUNCTURE_PROOF: 1,
        Card.DRIVING_ACE: 1,
        Card.MEMO: 4,
    }
    edition = load_edition("classic")
    assert dict(edition.box) == expected
    for card, count in expected.items():
        assert edition.count(card, 2) == count
    assert Counter(edition.playing_cards(2)) == Counter(
        {card: n for card, n in expected.items() if card is not Card.MEMO}
    )


# --- SEAT-COUNTS, SEAT-TEAMS, RUL-TEAM-SEATING ---------------------------------------


@pytest.mark.rules("SEAT-COUNTS")
@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_seat_counts_accepts_2_3_4_6_8(players: int) -> None:
    state = new_match(players=players)
    assert state.players == players
    assert len(state.hands) == players
    dealt = new_round(players=players, seed=2)
    assert [len(hand) for hand in dealt.hands] == [6] * players


@pytest.mark.rules("SEAT-COUNTS")
@pytest.mark.parametrize("players", (0, 1, 5, 7, 9))
def test_seat_counts_rejects_other_numbers(players: int) -> None:
    with pytest.raises(MalformedInput) as caught:
        new_match(players=players)
    assert not isinstance(caught.value, IllegalAction)
    with pytest.raises(MalformedInput):
        new_round(players=players, seed=1)


@pytest.mark.rules("SEAT-COUNTS")
@pytest.mark.parametrize("seat", (-1, 2, 3))
def test_seat_counts_action_by_missing_seat_is_malformed(seat: int) -> None:
    state = position(hands={0: [Card.ROLL]}, phase=Phase.PLAY, actor=0)
    for action in (Draw(seat), Discard(seat, Card.ROLL), Play(seat, Card.ROLL, 0)):
        with pytest.raises(MalformedInput) as caught:
            violations(state, action)
        assert not isinstance(caught.value, IllegalAction)
        with pytest.raises(MalformedInput):
            apply(state, action)


@pytest.mark.rules("SEAT-TEAMS")
@pytest.mark.parametrize(("players", "teams"), sorted(TEAMS.items()))
def test_seat_teams_number_of_teams(players: int, teams: int) -> None:
    state = new_match(players=players)
    assert state.teams == teams
    assert len(state.tableaus) == teams
    assert state.scores == (0,) * teams


@pytest.mark.rules("SEAT-TEAMS")
@pytest.mark.parametrize(("players", "target"), [(2, 2), (2, -1), (6, 3), (8, 4)])
def test_seat_teams_target_team_out_of_range_is_malformed(players: int, target: int) -> None:
    state = position(players=players, hands={0: [Card.STOP]}, phase=Phase.PLAY, actor=0)
    with pytest.raises(MalformedInput) as caught:
        violations(state, Play(0, Card.STOP, target))
    assert not isinstance(caught.value, IllegalAction)
    with pytest.raises(MalformedInput):
        apply(state, Play(0, Card.STOP, target))


@pytest.mark.rules("SEAT-TEAMS", "RUL-TEAM-SEATING")
def test_seat_teams_partners_share_the_tableau() -> None:
    state = position(
        players=6,
        hands={0: [Card.D100], 3: [Card.D50]},
        tableaus={0: Tableau(battle=(Card.ROLL,))},
        phase=Phase.PLAY,
        actor=3,
    )
    after = assert_legal(state, Play(3, Card.D50, 0))
    assert after.tableaus[0].distance == (Card.D50,)
    assert after.hands[3] == ()
    # The partner at seat 0 then lays on the same tableau, after seat 3's 50 km.
    later = position(
        players=6,
        hands={0: [Card.D100]},
        tableaus={0: after.tableaus[0]},
        phase=Phase.PLAY,
        actor=0,
    )
    final = assert_legal(later, Play(0, Card.D100, 0))
    assert final.tableaus[0].distance == (Card.D50, Card.D100)
    assert final.tableaus[0].km == 150


@pytest.mark.rules("SEAT-TEAMS", "RUL-TEAM-SEATING")
def test_seat_teams_partner_cannot_play_on_other_team_tableau() -> None:
    state = position(players=6, hands={3: [Card.ROLL]}, phase=Phase.PLAY, actor=3)
    assert legal_actions(state)[0] == Play(3, Card.ROLL, 0)
    assert_rejected(state, Play(3, Card.ROLL, 1), "TARGET-OWN-TEAM")
    assert_rejected(state, Play(3, Card.ROLL, 2), "TARGET-OWN-TEAM")
    after = assert_legal(state, Play(3, Card.ROLL, 0))
    assert after.tableaus[0].battle == (Card.ROLL,)
    assert after.tableaus[1] == Tableau()
    assert after.tableaus[2] == Tableau()


@pytest.mark.rules("RUL-TEAM-SEATING")
@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_rul_team_seating_team_is_seat_mod_teams(players: int) -> None:
    state = new_match(players=players)
    teams = TEAMS[players]
    for seat in range(players):
        assert state.team_of(seat) == seat % teams
    for team in range(teams):
        assert state.members(team) == tuple(s for s in range(players) if s % teams == team)


@pytest.mark.rules("RUL-TEAM-SEATING")
def test_rul_team_seating_six_players_partners_three_seats_apart() -> None:
    state = new_match(players=6)
    assert [state.members(team) for team in range(3)] == [(0, 3), (1, 4), (2, 5)]
    eight = new_match(players=8)
    assert [eight.members(team) for team in range(4)] == [(0, 4), (1, 5), (2, 6), (3, 7)]


# --- GOAL-DISTANCE -----------------------------------------------------------------


@pytest.mark.rules("GOAL-DISTANCE")
@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_goal_distance_is_1000(players: int) -> None:
    assert new_match(players=players).goal == 1000


@pytest.mark.rules("GOAL-DISTANCE")
@pytest.mark.parametrize("players", (4, 8))
def test_goal_distance_option_goal_700_at_4_and_8(players: int) -> None:
    state = new_match(players=players, options=("goal_700",))
    assert state.goal == 700
    assert state.options == ("goal_700",)
    assert new_round(players=players, options=("goal_700",), seed=4).goal == 700


@pytest.mark.rules("GOAL-DISTANCE")
@pytest.mark.parametrize("players", (2, 3, 6))
def test_goal_distance_option_goal_700_rejected_elsewhere(players: int) -> None:
    with pytest.raises(MalformedInput):
        new_match(players=players, options=("goal_700",))


@pytest.mark.rules("GOAL-DISTANCE")
def test_goal_distance_unknown_option_is_malformed() -> None:
    with pytest.raises(MalformedInput):
        new_match(players=4, options=("goal_500",))


@pytest.mark.rules("GOAL-DISTANCE", "DIST-EXACT-GOAL", "END-GOAL")
def test_goal_distance_700_round_ends_at_700() -> None:
    at_650 = Tableau(
        battle=(Card.ROLL,),
        distance=(Card.D200, Card.D100, Card.D100, Card.D100, Card.D100, Card.D50),
    )
    assert at_650.km == 650
    state = position(
        players=4,
        options=("goal_700",),
        hands={0: [Card.D50, Card.D75]},
        tableaus={0: at_650},
    )
    assert_rejected(state, Play(0, Card.D75, 0), "DIST-EXACT-GOAL")
    after = assert_legal(state, Play(0, Card.D50, 0))
    assert after.tableaus[0].km == 700
    assert after.phase is Phase.ROUND_OVER
    # Without the option the same card merely moves the team on.
    plain = position(players=4, hands={0: [Card.D50, Card.D75]}, tableaus={0: at_650})
    moved = assert_legal(plain, Play(0, Card.D75, 0))
    assert moved.tableaus[0].km == 725
    assert moved.phase is Phase.DRAW


# --- SETUP-MEMO --------------------------------------------------------------------


@pytest.mark.rules("SETUP-MEMO")
@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_setup_memo_cards_set_aside_never_dealt(players: int) -> None:
    match = new_match(players=players)
    assert match.set_aside == (Card.MEMO,) * 4
    assert Card.MEMO not in match.draw_pile
    state = new_round(players=players, seed=8)
    assert state.set_aside == (Card.MEMO,) * 4
    assert Card.MEMO not in state.draw_pile
    assert Card.MEMO not in state.discard_pile
    assert all(Card.MEMO not in hand for hand in state.hands)


@pytest.mark.rules("SETUP-MEMO", "CARD-IN-HAND")
def test_setup_memo_card_cannot_be_played_or_discarded() -> None:
    state = position(hands={0: [Card.D25]}, tableaus={0: Tableau(battle=(Card.ROLL,))})
    # A memo card is never a move: the rejection names SETUP-MEMO, not only the empty hand.
    assert_rejected(state, Discard(0, Card.MEMO), "CARD-IN-HAND", "SETUP-MEMO")
    assert_rejected(state, Play(0, Card.MEMO, 0), "CARD-IN-HAND", "SETUP-MEMO")
    window = position(
        hands={1: [Card.PUNCTURE_PROOF]},
        tableaus={1: Tableau(battle=(Card.ROLL, Card.FLAT_TIRE))},
        phase=Phase.COUP_FOURRE,
        actor=1,
        turn=0,
        pending_hazard=Card.FLAT_TIRE,
    )
    assert_rejected(
        window, CoupFourre(1, Card.MEMO), "CARD-IN-HAND", "SETUP-MEMO", "CF-MATCHING-SAFETY"
    )


# --- SETUP-SHUFFLE -----------------------------------------------------------------


@pytest.mark.rules("SETUP-SHUFFLE")
def test_setup_shuffle_deck_is_a_permutation_of_the_playing_cards() -> None:
    state = new_match()
    deal = deal_from_seed(state, 123)
    assert deal.seat == 0
    assert sorted(deal.deck) == sorted(load_edition("classic").playing_cards(2))
    assert len(deal.deck) == 106
    assert deal.deck != load_edition("classic").playing_cards(2)


@pytest.mark.rules("SETUP-SHUFFLE")
def test_setup_shuffle_same_seed_same_deck_different_seeds_differ() -> None:
    state = new_match()
    assert deal_from_seed(state, 99).deck == deal_from_seed(new_match(), 99).deck
    decks = {deal_from_seed(state, seed).deck for seed in range(10)}
    assert len(decks) == 10
    assert new_round(seed=99) == new_round(seed=99)
    assert new_round(seed=99) != new_round(seed=100)


# --- SETUP-DEAL, RUL-FIRST-DEALER, SETUP-FIRST-PLAYER --------------------------------


@pytest.mark.rules("SETUP-DEAL")
def test_setup_deal_one_card_at_a_time_from_dealer_left_two_players() -> None:
    state = new_match()
    deck = deal_from_seed(state, 21).deck
    after = apply(state, Deal(0, deck))
    assert after.hands[1] == tuple(sorted(deck[0:12:2]))
    assert after.hands[0] == tuple(sorted(deck[1:12:2]))
    assert after.draw_pile == deck[12:]
    assert after.discard_pile == ()
    assert after.tableaus == (Tableau(), Tableau())
    assert after.dealer == 0
    assert after.round_number == 1


@pytest.mark.rules("SETUP-DEAL")
def test_setup_deal_three_players_order() -> None:
    state = new_match(players=3)
    deck = deal_from_seed(state, 22).deck
    after = apply(state, Deal(0, deck))
    assert after.hands[1] == tuple(sorted(deck[0:18:3]))
    assert after.hands[2] == tuple(sorted(deck[1:18:3]))
    assert after.hands[0] == tuple(sorted(deck[2:18:3]))
    assert after.draw_pile == deck[18:]


@pytest.mark.rules("SETUP-DEAL", "MATCH-DEALER-ROTATION")
def test_setup_deal_by_seat_1_starts_with_seat_0() -> None:
    state = position(
        phase=Phase.ROUND_OVER,
        actor=1,
        dealer=0,
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=(Card.D200,))},
        discard_pile=[Card.STOP],
    )
    deck = deal_from_seed(state, 23).deck
    assert deal_from_seed(state, 23).seat == 1
    after = apply(state, Deal(1, deck))
    assert after.hands[0] == tuple(sorted(deck[0:12:2]))
    assert after.hands[1] == tuple(sorted(deck[1:12:2]))
    assert after.draw_pile == deck[12:]
    assert after.discard_pile == ()
    assert after.tableaus == (Tableau(), Tableau())
    assert after.dealer == 1
    assert after.round_number == 2


@pytest.mark.rules("SETUP-DEAL")
@pytest.mark.parametrize("phase", (Phase.DRAW, Phase.PLAY))
def test_setup_deal_outside_deal_phases_rejected(phase: Phase) -> None:
    state = position(hands={0: [Card.D25]}, phase=phase, actor=0)
    deck = deal_from_seed(new_match(), 1).deck
    assert_rejected(state, Deal(0, deck), "SETUP-DEAL")
    assert_rejected(state, Deal(1, deck), "TURN-ACTOR", "SETUP-DEAL")


@pytest.mark.rules("SETUP-DEAL", "TURN-ACTOR")
def test_setup_deal_by_non_dealer_rejected() -> None:
    state = new_match(players=4)
    deck = deal_from_seed(state, 1).deck
    for seat in (1, 2, 3):
        assert_rejected(state, Deal(seat, deck), "TURN-ACTOR")


@pytest.mark.rules("RUL-FIRST-DEALER")
@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_rul_first_dealer_is_seat_0(players: int) -> None:
    state = new_match(players=players)
    assert state.actor == 0
    assert state.dealer == 0
    assert state.phase is Phase.DEAL
    assert state.round_number == 0
    assert is_chance(state)
    assert legal_actions(state) == ()
    assert deal_from_seed(state, 1).seat == 0
    assert_consistent(state)


@pytest.mark.rules("SETUP-FIRST-PLAYER")
@pytest.mark.parametrize("players", SEAT_COUNTS)
def test_setup_first_player_is_dealer_left(players: int) -> None:
    state = new_round(players=players, seed=6)
    assert state.actor == 1 % players
    assert state.turn == 1 % players
    assert state.phase is Phase.DRAW
    assert legal_actions(state) == (Draw(1 % players),)


@pytest.mark.rules("SETUP-FIRST-PLAYER", "MATCH-DEALER-ROTATION")
def test_setup_first_player_after_dealer_2_of_3_is_seat_0() -> None:
    state = position(players=3, phase=Phase.ROUND_OVER, actor=2, dealer=1)
    after = apply(state, deal_from_seed(state, 7))
    assert after.dealer == 2
    assert after.actor == 0
    assert after.phase is Phase.DRAW
