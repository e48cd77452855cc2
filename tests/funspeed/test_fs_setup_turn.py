"""Fun & Speed per-rule tests: box, seats, deal, the turn and the draw pile."""

from __future__ import annotations

from collections import Counter

import pytest
from fs_support import C, assert_legal, assert_rejected, position

from millebornes._spec import load_json
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import shuffled
from millebornes.families.funspeed import DATA, FsPhase, Zone, apply, legal_actions, new_game
from millebornes.families.funspeed.actions import (
    Attack,
    Discard,
    DrawDiscard,
    DrawPile,
    LayBorne,
    Pass,
    Remedy,
    Safety,
)
from millebornes.families.funspeed.cards import DATA_FILE, KIND, FsCard, Kind


@pytest.mark.rules("FS-BOX", "ASM-FS-COUNTS")
def test_the_assumed_counts_add_up_to_the_stated_66() -> None:
    data = load_json(DATA_FILE)
    assert sum(data["box"].values()) == 66 == data["box_total"] == len(DATA.deck())
    assert set(data["box"]) == {card.name for card in FsCard}  # every kind is in the box
    per_kind = Counter(KIND[card] for card in DATA.deck())
    assert per_kind == {
        Kind.DISTANCE: 24, Kind.ATTACK: 12, Kind.REMEDY: 14, Kind.SAFETY: 4, Kind.SPECIAL: 12
    }  # fmt: skip
    assert all(DATA.deck().count(s) == 1 for s in FsCard if KIND[s] is Kind.SAFETY)


@pytest.mark.rules("RUL-FS-SEATS", "FS-GOAL")
def test_two_to_six_players_and_the_goal_by_seat_count() -> None:
    for players in (1, 7, 0):
        with pytest.raises(MalformedInput, match="players"):
            new_game(players, seed=1)
    goals = {players: new_game(players, seed=1).goal for players in range(2, 7)}
    assert goals == {2: 1000, 3: 1000, 4: 700, 5: 1000, 6: 1000}


@pytest.mark.rules("FS-DEAL", "RUL-FS-FIRST-PLAYER", "FS-BOX")
def test_the_deal_gives_four_cards_one_at_a_time_and_seat_0_draws_first() -> None:
    deck = shuffled(DATA.deck(), 42)
    state = new_game(3, deck=deck)
    assert state == new_game(3, seed=42)
    for seat in range(3):
        assert state.hands[seat] == tuple(sorted(deck[seat:12:3]))
    assert state.draw_pile == deck[12:] and state.discard_pile == ()
    assert (state.phase, state.actor, state.turn) == (FsPhase.DRAW, 0, 0)
    with pytest.raises(MalformedInput, match="deck"):
        new_game(3, deck=deck[1:])


@pytest.mark.rules("FS-ACTOR", "FS-DRAW")
def test_only_the_actor_draws_and_only_at_the_draw_step() -> None:
    state = position(phase=FsPhase.DRAW, draw_top=[C.TRASH])
    assert {action.seat for action in legal_actions(state)} == {0}
    assert_rejected(state, DrawPile(1), "FS-ACTOR")
    after = assert_legal(state, DrawPile(0))
    assert C.TRASH in after.hands[0] and after.phase is FsPhase.PLAY
    assert_rejected(after, DrawPile(0), "FS-DRAW")


@pytest.mark.rules("RUL-FS-DISCARD-TOP", "FS-DRAW")
def test_the_top_of_the_discard_pile_may_be_drawn() -> None:
    state = position(phase=FsPhase.DRAW, discard=[C.D25, C.POLICE])
    after = assert_legal(state, DrawDiscard(0))
    assert C.POLICE in after.hands[0] and after.discard_pile[-1] is not C.POLICE
    empty = position(phase=FsPhase.DRAW)
    assert_rejected(empty, DrawDiscard(0), "RUL-FS-DISCARD-TOP")


@pytest.mark.rules("FS-PLAY-ONE", "FS-CARD-IN-HAND")
def test_a_card_is_laid_after_the_draw_from_ones_own_hand() -> None:
    hand = [C.D25, C.D50, C.D75, C.D100, C.D200]
    state = position(hands={0: hand})
    assert_rejected(
        position(hands={0: hand[:4]}, phase=FsPhase.DRAW), LayBorne(0, C.D25, 0, True),
        "FS-PLAY-ONE",
    )  # fmt: skip
    assert_rejected(state, Discard(0, C.TRASH), "FS-CARD-IN-HAND")
    assert_rejected(state, LayBorne(0, C.D25, 1, True), "FS-ACCEL")


@pytest.mark.rules("FS-DISCARD", "RUL-FS-DISCARD-FREE", "FS-TURN-ORDER")
def test_any_card_may_be_discarded_and_the_turn_goes_left() -> None:
    state = position(3, hands={0: [C.D25, C.D50, C.D75, C.D100, C.D200]})
    assert LayBorne(0, C.D200, 0, True) in legal_actions(state)  # a Borne could be laid
    after = assert_legal(state, Discard(0, C.D200))
    assert after.discard_pile[-1] is C.D200
    assert (after.phase, after.actor, after.turn) == (FsPhase.DRAW, 1, 1)


@pytest.mark.rules("FS-REFILL", "RUL-FS-REFILL-ORDER")
def test_every_short_hand_is_completed_from_the_turn_player_leftwards() -> None:
    # Seat 0 lays a safety and plays again, then attacks seat 1, which answers out of turn:
    # both are one card short when the turn ends.
    state = position(
        3,
        hands={0: [C.STOP, C.EXTRA_TANK, C.D50, C.D75, C.D100], 1: [C.ROLL, C.D25, C.D50, C.D75]},
        draw_top=[C.POLICE, C.TRASH],
    )
    after = assert_legal(state, Safety(0, C.EXTRA_TANK))
    after = assert_legal(after, Attack(0, C.STOP, 1, True))
    after = assert_legal(after, Remedy(1, C.ROLL, C.STOP, True))
    assert [len(hand) for hand in after.hands] == [4, 4, 4]
    assert C.POLICE in after.hands[0] and C.TRASH in after.hands[1]  # turn player first


@pytest.mark.rules("RUL-FS-EMPTY-PILE")
def test_the_discard_is_turned_over_once_then_an_empty_pile_ends_the_game() -> None:
    zones = {1: Zone(distance=((C.D100, 0),))}
    state = position(hands={0: [C.D25, C.D50, C.D75, C.D100, C.D200]}, zones=zones, draw_size=0)
    assert state.draw_pile == () and len(state.discard_pile) > 2
    oldest, top = state.discard_pile[0], state.discard_pile[-1]
    after = assert_legal(state, Discard(0, C.D25))
    assert after.turned_over and after.discard_pile == (C.D25,)
    assert after.draw_pile[0] is oldest and top in after.draw_pile
    assert after.phase is FsPhase.DRAW
    again = position(
        hands={0: [C.D25, C.D50, C.D75, C.D100, C.D200]},
        zones=zones,
        draw_size=0,
        turned_over=True,
    )
    over = assert_legal(again, Discard(0, C.D25))
    assert over.phase is FsPhase.OVER and over.actor is None and over.winners == (1,)
    assert legal_actions(over) == () and Pass(0) not in legal_actions(over)
    with pytest.raises(Exception, match="FS-ACTOR"):
        apply(over, DrawPile(0))
