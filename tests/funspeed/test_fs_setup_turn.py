"""Fun & Speed per-rule tests: box, seats, deal, the turn and the draw pile."""

from __future__ import annotations

from collections import Counter

import pytest
from fs_support import C, assert_legal, assert_rejected, play, position

from millebornes._spec import load_json
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import round_seed, shuffled
from millebornes.families.funspeed import DATA, FsPhase, Zone, apply, legal_actions, new_game
from millebornes.families.funspeed.actions import (
    Attack,
    Discard,
    DrawDiscard,
    DrawPile,
    LayBorne,
    Pass,
    Remedy,
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
def test_two_to_four_players_and_the_shorter_goal_at_the_largest_table() -> None:
    for players in (1, 5, 6, 0):
        with pytest.raises(MalformedInput, match="players"):
            new_game(players, seed=1)
    goals = {players: new_game(players, seed=1).goal for players in range(2, 5)}
    assert goals == {2: 1000, 3: 1000, 4: 700}


@pytest.mark.rules("FS-DEAL", "RUL-FS-FIRST-PLAYER", "FS-BOX")
def test_the_deal_gives_four_cards_one_at_a_time_and_seat_0_draws_first() -> None:
    deck = shuffled(DATA.deck(), 42)
    state = new_game(3, deck=deck)
    assert new_game(3, deck=deck, seed=42) == new_game(3, seed=42)
    assert state.seed == 0 and new_game(3, seed=42).seed == 42  # RUL-FS-RESHUFFLE-SEED
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
    assert_rejected(state, Discard(0, C.TRASH), "FS-CARD-IN-HAND", "FS-DISCARD-FORCED")
    assert_rejected(state, LayBorne(0, C.D25, 1, True), "FS-ACCEL")


@pytest.mark.rules("FS-DISCARD", "FS-DISCARD-FORCED", "RUL-FS-DISCARD-FORCED", "FS-TURN-ORDER")
def test_a_card_is_discarded_only_when_none_can_be_played_and_the_turn_goes_left() -> None:
    state = position(3, hands={0: [C.D25, C.D50, C.D75, C.D100, C.D200]})
    assert LayBorne(0, C.D200, 0, True) in legal_actions(state)  # a Borne could be laid
    assert_rejected(state, Discard(0, C.D200), "FS-DISCARD-FORCED")
    assert not [a for a in legal_actions(state) if isinstance(a, Discard)]
    # Stopped, with no remedy, safety or special that can be played: discards only.
    hand = [C.D25, C.D50, C.MIRROR, C.ACCELERATOR, C.U_TURN]
    stuck = position(3, hands={0: hand}, zones={0: Zone(attack=C.ACCIDENT)})
    assert {type(a) for a in legal_actions(stuck)} == {Discard}
    after = assert_legal(stuck, Discard(0, C.D50))
    assert after.discard_pile[-1] is C.D50
    assert (after.phase, after.actor, after.turn) == (FsPhase.DRAW, 1, 1)
    # A card that can be played, whatever it is (here an attack), forbids every discard.
    armed = position(3, hands={0: [*hand[:4], C.STOP]}, zones={0: Zone(attack=C.ACCIDENT)})
    assert_rejected(armed, Discard(0, C.D50), "FS-DISCARD-FORCED")


@pytest.mark.rules("FS-REFILL", "RUL-FS-REFILL-ORDER")
def test_every_short_hand_is_completed_from_the_turn_player_leftwards() -> None:
    # Seat 0 lays a Borne with an Accélérateur ("plusieurs cartes"), then seat 1 answers an
    # attack out of turn: both are short when their turns end.
    state = position(
        3,
        hands={0: [C.STOP, C.ACCELERATOR, C.D50, C.D75, C.D100], 1: [C.ROLL, C.D25, C.D50, C.D75]},
        draw_top=[C.POLICE, C.TRASH],
    )
    after = play(state, LayBorne(0, C.D100, 1, True), Pass(1), Pass(2))
    after = play(after, Pass(1), Pass(2), Pass(0))  # the Hold Up window of the change
    assert [len(hand) for hand in after.hands] == [4, 4, 4]
    assert C.POLICE in after.hands[0] and after.draw_pile[0] is C.TRASH
    attacked = position(
        3,
        hands={0: [C.STOP, C.ACCELERATOR, C.D50, C.D75, C.D100], 1: [C.ROLL, C.D25, C.D50, C.D75]},
        zones={0: Zone(attack=C.ACCIDENT)},
        draw_top=[C.POLICE, C.TRASH],
    )
    after = play(attacked, Attack(0, C.STOP, 1, True), Remedy(1, C.ROLL, C.STOP, True))
    assert [len(hand) for hand in after.hands] == [4, 4, 4]
    assert C.POLICE in after.hands[1] and C.TRASH not in after.hands[0]  # only short hands


@pytest.mark.rules("RUL-FS-EMPTY-PILE", "RUL-FS-RESHUFFLE-SEED")
def test_an_empty_draw_pile_is_replaced_at_once_by_the_shuffled_discard_pile() -> None:
    state = position(phase=FsPhase.DRAW, draw_size=1, seed=7)
    assert len(state.draw_pile) == 1 and len(state.discard_pile) > 2
    after = assert_legal(state, DrawPile(0))  # the last card: the pile runs out
    assert state.draw_pile[0] in after.hands[0]
    assert after.reshuffles == 1 and after.discard_pile == ()
    # The whole discard pile, shuffled with seed + k for the k-th reshuffle.
    assert after.draw_pile == shuffled(state.discard_pile, round_seed(7, 2))
    assert after.draw_pile != state.discard_pile
    again = position(phase=FsPhase.DRAW, draw_size=1, seed=7, reshuffles=1)
    second = assert_legal(again, DrawPile(0))
    assert second.reshuffles == 2
    assert second.draw_pile == shuffled(again.discard_pile, round_seed(7, 3))


@pytest.mark.rules("FS-GUARD-END")
def test_the_engine_guard_ends_a_game_whose_pile_ran_out_too_often() -> None:
    hand = [C.D25, C.MIRROR, C.ACCELERATOR, C.U_TURN]
    zones = {0: Zone(attack=C.STOP), 1: Zone(distance=((C.D100, 0),))}
    last = DATA.max_reshuffles
    state = position(
        phase=FsPhase.DRAW, hands={0: hand}, zones=zones, draw_top=[C.D50], draw_size=1,
        reshuffles=last,
    )  # fmt: skip
    emptied = assert_legal(state, DrawPile(0))
    assert emptied.draw_pile == () and emptied.reshuffles == last  # no more reshuffles
    over = assert_legal(emptied, Discard(0, C.D50))
    assert over.phase is FsPhase.OVER  # seat 1 cannot draw: the guard ends the game
    assert over.actor is None and over.winners == (1,)
    assert legal_actions(over) == () and Pass(0) not in legal_actions(over)
    with pytest.raises(Exception, match="FS-ACTOR"):
        apply(over, DrawPile(0))
