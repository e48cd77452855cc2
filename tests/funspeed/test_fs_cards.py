"""Fun & Speed per-rule tests: zones, Bornes, attacks, remedies, safeties, specials, end."""

from __future__ import annotations

import pytest
from fs_support import C, assert_legal, assert_rejected, play, position

from millebornes.families.funspeed import FsPhase, Zone, legal_actions
from millebornes.families.funspeed.actions import (
    Attack,
    Discard,
    DrawPile,
    Helicopter,
    LayBorne,
    Pass,
    Police,
    Remedy,
    Safety,
    Trash,
)

FIVE = [C.D25, C.D50, C.D75, C.D100, C.D200]


@pytest.mark.rules("FS-ZONE", "FS-KM")
def test_a_zones_total_counts_accelerated_bornes_and_safeties() -> None:
    zone = Zone(
        distance=((C.D100, 0), (C.D50, 1), (C.D25, 2)),
        safeties=(C.EXTRA_TANK, C.DRIVING_ACE),
        coups_fourres=(C.DRIVING_ACE,),
        attack=C.STOP,
        radar=C.SPEED_LIMIT,
    )
    assert zone.borne_km == 100 + 100 + 100
    assert zone.km == 300 + 100 + 200
    assert sorted(zone.cards()) == sorted(
        [C.D100, C.D50, C.ACCELERATOR, C.D25, C.ACCELERATOR, C.ACCELERATOR, C.EXTRA_TANK,
         C.DRIVING_ACE, C.STOP, C.SPEED_LIMIT]
    )  # fmt: skip


@pytest.mark.rules("FS-NO-ROLL", "FS-BORNE-FREE", "RUL-FS-WINDOWS")
def test_a_borne_needs_no_feu_vert_only_no_attack() -> None:
    state = position(hands={0: FIVE})
    after = assert_legal(state, LayBorne(0, C.D200, 0, True))
    assert after.zones[0].distance == ((C.D200, 0),)
    assert (after.phase, after.actor, after.layer) == (FsPhase.BORNE, 1, 0)
    stopped = position(hands={0: FIVE}, zones={0: Zone(attack=C.FLAT_TIRE)})
    assert_rejected(stopped, LayBorne(0, C.D25, 0, True), "FS-BORNE-FREE")


@pytest.mark.rules("FS-BORNE-RADAR", "RUL-FS-RADAR-DOUBLED", "FS-ACCEL")
def test_under_a_radar_the_km_laid_accelerators_included_are_at_most_50() -> None:
    hand = [C.D25, C.D50, C.D75, C.ACCELERATOR, C.ACCELERATOR]
    state = position(hands={0: hand}, zones={0: Zone(radar=C.SPEED_LIMIT)})
    assert_legal(state, LayBorne(0, C.D50, 0, True))
    assert_legal(state, LayBorne(0, C.D25, 1, True))
    assert_rejected(state, LayBorne(0, C.D75, 0, True), "FS-BORNE-RADAR")
    assert_rejected(state, LayBorne(0, C.D50, 1, True), "FS-BORNE-RADAR")
    assert_rejected(state, LayBorne(0, C.D25, 2, True), "FS-BORNE-RADAR")


@pytest.mark.rules("FS-ACCEL", "RUL-FS-ACCEL-TWO", "RUL-FS-ACCEL-ZONE", "FS-KM")
def test_accelerators_double_and_stay_with_their_borne() -> None:
    hand = [C.D200, C.ACCELERATOR, C.ACCELERATOR, C.ACCELERATOR, C.D25]
    state = position(hands={0: hand})
    assert_rejected(state, LayBorne(0, C.D200, 3, True), "FS-ACCEL")
    after = assert_legal(state, LayBorne(0, C.D200, 2, True))
    assert after.zones[0].distance == ((C.D200, 2),) and after.zones[0].km == 800
    assert after.hands[0] == (C.D25, C.ACCELERATOR)
    one = position(hands={0: [C.D25, C.D50, C.D75, C.D100, C.ACCELERATOR]})
    assert_rejected(one, LayBorne(0, C.D100, 2, True), "FS-ACCEL")


@pytest.mark.rules("RUL-FS-NO-200-LIMIT")
def test_a_third_200_may_be_laid() -> None:
    zone = Zone(distance=((C.D200, 0), (C.D200, 0)))
    state = position(hands={0: [C.D200, C.D25, C.D50, C.D75, C.D100]}, zones={0: zone})
    after = assert_legal(state, LayBorne(0, C.D200, 0, True))
    assert after.zones[0].borne_km == 600


@pytest.mark.rules("FS-ATTACK-TARGET", "FS-ATTACK-ONE")
def test_attack_any_opponent_even_when_attacked_but_one_attack_and_one_radar() -> None:
    hand = [C.STOP, C.ACCIDENT, C.SPEED_LIMIT, C.D25, C.D50]
    state = position(3, hands={0: hand}, zones={0: Zone(attack=C.OUT_OF_GAS)})
    assert_rejected(state, Attack(0, C.STOP, 0, True), "FS-ATTACK-TARGET", "FS-ATTACK-ONE")
    assert_legal(state, Attack(0, C.STOP, 2, True))  # nobody has laid a Borne yet
    hit = position(3, hands={0: hand}, zones={1: Zone(attack=C.FLAT_TIRE)})
    assert_rejected(hit, Attack(0, C.ACCIDENT, 1, True), "FS-ATTACK-ONE")
    after = assert_legal(hit, Attack(0, C.SPEED_LIMIT, 1, True))
    after = assert_legal(after, Pass(1))
    assert (after.zones[1].attack, after.zones[1].radar) == (C.FLAT_TIRE, C.SPEED_LIMIT)


@pytest.mark.rules("FS-IMMUNITY")
def test_right_of_way_protects_from_feu_rouge_and_radar() -> None:
    hand = [C.STOP, C.SPEED_LIMIT, C.ACCIDENT, C.D25, C.D50]
    state = position(hands={0: hand}, zones={1: Zone(safeties=(C.RIGHT_OF_WAY,))})
    assert_rejected(state, Attack(0, C.STOP, 1, True), "FS-IMMUNITY")
    assert_rejected(state, Attack(0, C.SPEED_LIMIT, 1, True), "FS-IMMUNITY")
    assert_legal(state, Attack(0, C.ACCIDENT, 1, True))


@pytest.mark.rules("FS-ATTACK-SOUND", "RUL-FS-ANNOUNCE")
def test_an_attack_without_its_sound_does_not_count() -> None:
    state = position(hands={0: [C.ACCIDENT, C.D25, C.D50, C.D75, C.D100]})
    after = assert_legal(state, Attack(0, C.ACCIDENT, 1, False))
    assert after.zones[1].attack is None and after.discard_pile[-1] is C.ACCIDENT
    assert (after.phase, after.actor) == (FsPhase.DRAW, 1)


@pytest.mark.rules("FS-REMEDY", "FS-REMEDY-TOP", "RUL-FS-REMEDY-TOP", "RUL-FS-REMEDY-HELD")
def test_a_held_remedy_cures_on_ones_turn_and_lies_on_top_of_its_attack() -> None:
    hand = [C.SPARE_TIRE, C.GASOLINE, C.D25, C.D50, C.D75]
    state = position(hands={0: hand}, zones={0: Zone(attack=C.FLAT_TIRE)})
    assert_rejected(state, Remedy(0, C.GASOLINE, C.FLAT_TIRE, True), "FS-REMEDY")
    assert_rejected(state, Remedy(0, C.GASOLINE, C.OUT_OF_GAS, True), "RUL-FS-REMEDY-HELD")
    on_top = assert_legal(state, Remedy(0, C.SPARE_TIRE, C.FLAT_TIRE, True))
    assert on_top.zones[0].attack is None
    assert on_top.discard_pile[-2:] == (C.FLAT_TIRE, C.SPARE_TIRE)
    # The remedy covers the attack ("la recouvre"): no choice of the top card on one's turn.
    assert_rejected(state, Remedy(0, C.SPARE_TIRE, C.FLAT_TIRE, False), "FS-REMEDY-TOP")


@pytest.mark.rules("FS-SUPER-PARADE")
def test_super_parade_cures_one_attack_of_the_players_choice() -> None:
    hand = [C.SUPER_PARADE, C.D25, C.D50, C.D75, C.D100]
    zone = Zone(attack=C.ACCIDENT, radar=C.SPEED_LIMIT)
    state = position(hands={0: hand}, zones={0: zone})
    radar_gone = assert_legal(state, Remedy(0, C.SUPER_PARADE, C.SPEED_LIMIT, True))
    assert (radar_gone.zones[0].attack, radar_gone.zones[0].radar) == (C.ACCIDENT, None)
    accident_gone = assert_legal(state, Remedy(0, C.SUPER_PARADE, C.ACCIDENT, True))
    assert (accident_gone.zones[0].attack, accident_gone.zones[0].radar) == (None, C.SPEED_LIMIT)


@pytest.mark.rules("FS-SAFETY", "RUL-FS-SAFETY-CURES", "FS-REPLAY", "RUL-FS-REPLAY", "FS-DRAW")
def test_a_safety_cures_protects_is_worth_100_and_the_player_draws_and_plays_again() -> None:
    hand = [C.RIGHT_OF_WAY, C.D25, C.D50, C.D75, C.D100]
    zone = Zone(attack=C.STOP, radar=C.SPEED_LIMIT)
    state = position(hands={0: hand}, zones={0: zone}, draw_top=[C.TRASH])
    after = assert_legal(state, Safety(0, C.RIGHT_OF_WAY))
    assert after.zones[0] == Zone(safeties=(C.RIGHT_OF_WAY,))
    assert after.zones[0].km == 100 and after.discard_pile[-2:] == (C.STOP, C.SPEED_LIMIT)
    # The change of total opens the Hold Up window (no tie: 100 against 0), then the replay
    # starts with a draw, as a turn does: "rejouer" is "tirer une autre carte" (000).
    assert (after.phase, after.actor, after.tied) == (FsPhase.HOLDUP, 1, ())
    replay = play(after, Pass(1), Pass(0))
    assert (replay.phase, replay.actor, replay.turn, len(replay.hands[0])) == (
        FsPhase.DRAW,
        0,
        0,
        4,
    )
    drawn = assert_legal(replay, DrawPile(0))
    assert C.TRASH in drawn.hands[0] and len(drawn.hands[0]) == 5
    assert LayBorne(0, C.D100, 0, True) in legal_actions(drawn)


@pytest.mark.rules("FS-HELICOPTER", "RUL-FS-HELICOPTER", "FS-SINGLE-USE")
def test_the_helicopter_swaps_whole_zones_and_leaves_the_game() -> None:
    mine = Zone(distance=((C.D25, 0),), attack=C.STOP)
    theirs = Zone(distance=((C.D200, 1),), safeties=(C.EXTRA_TANK,), coups_fourres=(C.EXTRA_TANK,))
    hand = [C.HELICOPTER, C.D25, C.D50, C.D75, C.D100]
    state = position(3, hands={0: hand}, zones={0: mine, 2: theirs})
    assert_rejected(state, Helicopter(0, 0), "FS-HELICOPTER")
    after = assert_legal(state, Helicopter(0, 2))
    assert (after.zones[0], after.zones[2]) == (theirs, mine)
    assert after.hands[1:] == state.hands[1:] and after.removed == (C.HELICOPTER,)
    assert (after.phase, after.actor, after.turn) == (FsPhase.HOLDUP, 1, 1)  # totals changed


@pytest.mark.rules("FS-POLICE", "RUL-FS-POLICE", "FS-SINGLE-USE")
def test_police_takes_a_chosen_card_and_gives_one_back() -> None:
    hand = [C.POLICE, C.D25, C.D50, C.D75, C.D100]
    state = position(hands={0: hand, 1: [C.RIGHT_OF_WAY, C.D25, C.D50, C.D75]})
    assert_rejected(state, Police(0, 1, C.TRASH, C.D25), "RUL-FS-POLICE")
    assert_rejected(state, Police(0, 1, C.D25, C.TRASH), "FS-CARD-IN-HAND")
    after = assert_legal(state, Police(0, 1, C.RIGHT_OF_WAY, C.D25))
    assert C.RIGHT_OF_WAY in after.hands[0] and C.RIGHT_OF_WAY not in after.hands[1]
    assert after.hands[1].count(C.D25) == 2 and after.removed == (C.POLICE,)
    assert [len(h) for h in after.hands] == [4, 4]


@pytest.mark.rules("FS-TRASH", "FS-SINGLE-USE", "RUL-FS-ACCEL-ZONE")
def test_the_poubelle_sends_every_200_to_the_discard_pile() -> None:
    zones = {0: Zone(distance=((C.D200, 0), (C.D25, 0))), 1: Zone(distance=((C.D200, 2),))}
    hand = [C.TRASH, C.D25, C.D50, C.D75, C.D100]
    after = assert_legal(position(hands={0: hand}, zones=zones), Trash(0))
    assert after.zones[0].distance == ((C.D25, 0),) and after.zones[1].distance == ()
    assert after.discard_pile[-4:] == (C.D200, C.D200, C.ACCELERATOR, C.ACCELERATOR)
    assert after.removed == (C.TRASH,)
    assert_legal(position(hands={0: hand}), Trash(0))  # even with no 200 laid
    # A Demi-tour cannot be played on one's turn: with nothing else playable it is
    # discarded, and goes to the discard pile like any card.
    stuck = [C.U_TURN, C.MIRROR, C.ACCELERATOR, C.D25, C.D50]
    stopped = position(hands={0: stuck}, zones={0: Zone(attack=C.STOP)})
    discarded = assert_legal(stopped, Discard(0, C.U_TURN))
    assert discarded.removed == () and discarded.discard_pile[-1] is C.U_TURN


@pytest.mark.rules("FS-END-GOAL", "FS-END-AFTER-UTURN")
def test_the_game_ends_past_the_goal_once_the_bornes_window_closed() -> None:
    zone = Zone(distance=((C.D200, 0),) * 2 + ((C.D100, 0),) * 4, safeties=(C.EXTRA_TANK,))
    state = position(3, hands={0: FIVE}, zones={0: zone})
    laid = assert_legal(state, LayBorne(0, C.D200, 0, True))  # 900 + 200: past the goal
    assert laid.phase is FsPhase.BORNE and laid.winners == ()
    over = play(laid, Pass(1), Pass(2))
    assert over.phase is FsPhase.OVER and over.winners == (0,) and over.actor is None
    safety = position(3, hands={0: [C.DRIVING_ACE, *FIVE[:4]]}, zones={0: zone})
    ended = assert_legal(safety, Safety(0, C.DRIVING_ACE))  # 900 + 100: exactly the goal
    assert ended.phase is FsPhase.OVER and ended.winners == (0,)
