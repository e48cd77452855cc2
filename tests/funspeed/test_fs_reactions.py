"""Fun & Speed per-rule tests: the reaction windows and every reaction out of turn."""

from __future__ import annotations

import pytest
from fs_support import C, assert_legal, assert_rejected, play, position

from millebornes.families.funspeed import FsPhase, Zone, legal_actions
from millebornes.families.funspeed.actions import (
    Attack,
    CoupFourre,
    DrawPile,
    FalseHoldUp,
    HoldUp,
    Killer,
    LayBorne,
    Mirror,
    Pass,
    Remedy,
    Safety,
    UTurn,
)

PLAIN = [C.D25, C.D50, C.D75, C.D100]


@pytest.mark.rules("RUL-FS-WINDOWS", "FS-ACTOR")
def test_windows_ask_one_seat_at_a_time_from_the_actors_left() -> None:
    state = position(4, actor=2, hands={2: [C.D25, C.D50, C.D75, C.D100, C.STOP]})
    laid = assert_legal(state, LayBorne(2, C.D25, 0, True))
    asked = []
    while laid.phase is FsPhase.BORNE:
        asked.append(laid.actor)
        assert {a.seat for a in legal_actions(laid)} == {laid.actor}
        laid = assert_legal(laid, Pass(laid.actor or 0))
    assert asked == [3, 0, 1]  # the layer's opponents, from its left
    # Then the Hold Up window asks every seat, the layer last.
    assert laid.phase is FsPhase.HOLDUP and laid.actor == 3
    laid = play(laid, Pass(3), Pass(0), Pass(1), Pass(2))
    assert (laid.phase, laid.actor, laid.turn) == (FsPhase.DRAW, 3, 3)
    # An attack window asks its target only.
    attacked = assert_legal(state, Attack(2, C.STOP, 0, True))
    assert (attacked.phase, attacked.actor, attacked.pending) == (FsPhase.ATTACK, 0, C.STOP)
    assert legal_actions(attacked) == (Pass(0),)
    assert_rejected(attacked, Pass(1), "FS-ACTOR")
    assert_rejected(state, Pass(2), "RUL-FS-WINDOWS")


@pytest.mark.rules("FS-REMEDY-OUT-OF-TURN", "FS-REMEDY-TOP")
def test_the_attacked_player_answers_at_once_without_taking_the_turn() -> None:
    state = position(3, hands={0: [C.ACCIDENT, *PLAIN], 1: [C.SUPER_PARADE, *PLAIN[:3]]})
    window = assert_legal(state, Attack(0, C.ACCIDENT, 1, True))
    assert Remedy(1, C.SUPER_PARADE, C.ACCIDENT, False) in legal_actions(window)
    assert_rejected(window, Remedy(1, C.SUPER_PARADE, C.STOP, True), "RUL-FS-REMEDY-HELD")
    after = assert_legal(window, Remedy(1, C.SUPER_PARADE, C.ACCIDENT, False))
    assert after.zones[1].attack is None
    assert after.discard_pile[-2:] == (C.SUPER_PARADE, C.ACCIDENT)
    assert (after.phase, after.actor, after.turn) == (FsPhase.DRAW, 1, 1)  # the normal next turn


@pytest.mark.rules("FS-CF", "RUL-FS-CF-TURN", "RUL-FS-REPLAY", "FS-KM", "FS-REFILL")
def test_a_coup_fourre_is_worth_200_and_the_player_draws_and_plays_next_skipping_seats() -> None:
    state = position(4, hands={0: [C.FLAT_TIRE, *PLAIN], 2: [C.PUNCTURE_PROOF, *PLAIN[:3]]})
    window = assert_legal(state, Attack(0, C.FLAT_TIRE, 2, True))
    assert_rejected(window, CoupFourre(2, C.EXTRA_TANK), "FS-CARD-IN-HAND", "FS-CF")
    after = assert_legal(window, CoupFourre(2, C.PUNCTURE_PROOF))
    zone = after.zones[2]
    assert zone.coups_fourres == (C.PUNCTURE_PROOF,) and zone.km == 200 and zone.attack is None
    assert after.discard_pile[-1] is C.FLAT_TIRE
    # The attacker's turn ended (its refill brought seat 2 back to four), the change opened
    # the Hold Up window from seat 2's left; then seat 1 has lost its turn and seat 2 starts
    # its own with a draw ("prendre encore une carte dans la pioche", 000 and 003).
    assert (after.phase, after.actor, after.turn, len(after.hands[2])) == (FsPhase.HOLDUP, 3, 2, 4)
    turn = play(after, Pass(3), Pass(0), Pass(1), Pass(2))
    assert (turn.phase, turn.actor, turn.turn) == (FsPhase.DRAW, 2, 2)
    drawn = assert_legal(turn, DrawPile(2))
    assert len(drawn.hands[2]) == 5 and drawn.phase is FsPhase.PLAY


@pytest.mark.rules("FS-MIRROR", "FS-MIRROR-BACK", "RUL-FS-MIRROR-CHAIN")
def test_a_mirror_turns_the_attack_back_and_the_attacker_may_send_it_again() -> None:
    state = position(3, hands={0: [C.SPEED_LIMIT, C.MIRROR, *PLAIN[:3]], 1: [C.MIRROR, *PLAIN[:3]]})
    window = assert_legal(state, Attack(0, C.SPEED_LIMIT, 1, True))  # a Radar can be turned
    back = assert_legal(window, Mirror(1))
    assert (back.phase, back.actor, back.source, back.pending) == (
        FsPhase.ATTACK, 0, 1, C.SPEED_LIMIT
    )  # fmt: skip
    again = assert_legal(back, Mirror(0))
    assert (again.actor, again.source) == (1, 0)
    assert_rejected(again, Mirror(1), "FS-CARD-IN-HAND")  # no Rétroviseur left
    landed = assert_legal(again, Pass(1))
    assert landed.zones[1].radar is C.SPEED_LIMIT
    assert landed.discard_pile[-2:] == (C.MIRROR, C.MIRROR)
    assert (landed.phase, landed.actor) == (FsPhase.DRAW, 1)


@pytest.mark.rules("FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN")
def test_a_radar_turned_on_a_stopped_attacker_is_discarded_with_the_mirror() -> None:
    # The booklet tests the receiver: stopped by another attack, it receives nothing, even
    # a Radar, which would otherwise have room beside the standing attack.
    state = position(
        hands={0: [C.SPEED_LIMIT, *PLAIN], 1: [C.MIRROR, *PLAIN[:3]]},
        zones={0: Zone(attack=C.ACCIDENT)},
    )
    window = assert_legal(state, Attack(0, C.SPEED_LIMIT, 1, True))
    after = assert_legal(window, Mirror(1))
    assert after.zones[0] == Zone(attack=C.ACCIDENT) and after.zones[1].radar is None
    assert after.discard_pile[-2:] == (C.MIRROR, C.SPEED_LIMIT)  # the attack on top
    assert (after.phase, after.actor, after.pending) == (FsPhase.DRAW, 1, None)
    radar_only = position(
        hands={0: [C.SPEED_LIMIT, *PLAIN], 1: [C.MIRROR, *PLAIN[:3]]},
        zones={0: Zone(attack=None)},
    )
    bounced = play(radar_only, Attack(0, C.SPEED_LIMIT, 1, True), Mirror(1))
    assert (bounced.phase, bounced.actor, bounced.pending) == (FsPhase.ATTACK, 0, C.SPEED_LIMIT)


@pytest.mark.rules("FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN")
def test_an_attack_turned_on_a_stopped_attacker_is_discarded_with_the_mirror() -> None:
    state = position(
        hands={0: [C.STOP, *PLAIN], 1: [C.MIRROR, *PLAIN[:3]]},
        zones={0: Zone(attack=C.ACCIDENT)},
    )
    window = assert_legal(state, Attack(0, C.STOP, 1, True))
    after = assert_legal(window, Mirror(1))
    assert after.zones[0].attack is C.ACCIDENT and after.zones[1].attack is None
    assert after.discard_pile[-2:] == (C.MIRROR, C.STOP) and after.pending is None
    assert (after.phase, after.actor) == (FsPhase.DRAW, 1)


@pytest.mark.rules("FS-UTURN", "FS-SINGLE-USE", "RUL-FS-ACCEL-ZONE", "FS-END-AFTER-UTURN")
def test_a_u_turn_cancels_even_the_winning_borne_with_its_accelerators() -> None:
    zone = Zone(distance=((C.D100, 0),) * 4)
    state = position(
        3,
        hands={0: [C.D200, C.ACCELERATOR, *PLAIN[:3]], 2: [C.U_TURN, *PLAIN[:3]]},
        zones={0: zone},
    )
    laid = assert_legal(state, LayBorne(0, C.D200, 1, True))  # 400 + 400 km: past the goal
    assert laid.zones[0].km == 800 and laid.phase is FsPhase.BORNE
    assert_rejected(laid, UTurn(1), "FS-CARD-IN-HAND")
    after = play(laid, Pass(1), UTurn(2))
    assert after.zones[0] == zone and after.turn == 1 and after.phase is FsPhase.HOLDUP
    assert after.removed == (C.U_TURN,)
    assert after.discard_pile[-2:] == (C.D200, C.ACCELERATOR)


@pytest.mark.rules("FS-ANNOUNCE", "FS-KILLER", "RUL-FS-ANNOUNCE")
def test_bornes_killer_only_against_a_borne_laid_without_its_announcement() -> None:
    state = position(3, hands={0: [C.D200, *PLAIN]})
    said = assert_legal(state, LayBorne(0, C.D200, 0, True))
    assert_rejected(said, Killer(1), "RUL-FS-ANNOUNCE")
    silent = assert_legal(state, LayBorne(0, C.D200, 0, False))
    assert silent.announced is False
    after = play(silent, Pass(1), Killer(2))
    assert after.zones[0].distance == () and after.discard_pile[-1] is C.D200
    unchallenged = play(silent, Pass(1), Pass(2))
    assert unchallenged.zones[0].distance == ((C.D200, 0),)


@pytest.mark.rules("FS-HOLDUP", "RUL-FS-HOLDUP")
def test_hold_up_steals_a_borne_from_a_player_tied_by_race_total() -> None:
    zones = {1: Zone(distance=((C.D100, 0), (C.D50, 0))), 2: Zone(distance=((C.D25, 0),))}
    state = position(3, hands={0: [C.D75, C.D75, C.D75, C.D75, C.D100]}, zones=zones)
    laid = play(state, LayBorne(0, C.D75, 0, True), Pass(1), Pass(2))
    assert laid.zones[0].km == 75 and laid.tied == ()  # no tie with 150 or 25
    assert laid.phase is FsPhase.HOLDUP and laid.actor == 1 and laid.turn == 1
    # A safety counts in the race total: 100 (safety) + 50 ties seat 1's 150.
    tie = position(
        3,
        hands={0: [C.D50, *PLAIN]},
        zones={0: Zone(safeties=(C.EXTRA_TANK,)), **zones},
    )
    window = play(tie, LayBorne(0, C.D50, 0, True), Pass(1), Pass(2))
    assert window.phase is FsPhase.HOLDUP and window.actor == 1 and window.tied == (0, 1)
    assert HoldUp(1, 0, 0) in legal_actions(window)
    assert_rejected(window, HoldUp(1, 1, 0), "FS-HOLDUP")  # not from oneself
    assert_rejected(window, HoldUp(1, 2, 0), "FS-HOLDUP")  # seat 2 is not tied
    assert_rejected(window, FalseHoldUp(1, 0), "FS-HOLDUP-WRONG")
    assert_rejected(window, HoldUp(1, 0, 2), "RUL-FS-HOLDUP")
    assert_rejected(window, HoldUp(1, 0, 1), "RUL-FS-HOLDUP")
    after = assert_legal(window, HoldUp(1, 0, 0))  # seat 1, tied itself, takes seat 0's 50
    assert after.zones[1].distance[-1] == (C.D50, 0) and after.zones[0].km == 100
    # « Puis le sens de jeu reprend comme il était avant l'action »: the window closes and
    # seat 1, whose turn came after the Borne's, draws; the steal opens no other window.
    assert (after.phase, after.actor, after.turn, after.tied) == (FsPhase.DRAW, 1, 1, ())


@pytest.mark.rules("RUL-FS-HOLDUP", "FS-SAFETY", "FS-CF")
def test_a_tie_made_by_a_safety_or_a_coup_fourre_can_be_called() -> None:
    zones = {0: Zone(distance=((C.D100, 0),)), 1: Zone(distance=((C.D100, 0), (C.D100, 0)))}
    state = position(3, hands={0: [C.DRIVING_ACE, *PLAIN]}, zones=zones)
    laid = assert_legal(state, Safety(0, C.DRIVING_ACE))  # 100 + 100 ties seat 1's 200
    assert (laid.phase, laid.actor, laid.tied) == (FsPhase.HOLDUP, 1, (0, 1))
    stolen = assert_legal(laid, HoldUp(1, 0, 0))
    assert stolen.zones[0].km == 100 and stolen.zones[1].km == 300
    cf_zones = {0: Zone(distance=((C.D200, 0),)), 2: Zone()}
    cf = position(3, hands={0: [C.FLAT_TIRE, *PLAIN], 2: [C.PUNCTURE_PROOF, *PLAIN[:3]]},
                  zones=cf_zones)  # fmt: skip
    window = play(cf, Attack(0, C.FLAT_TIRE, 2, True), CoupFourre(2, C.PUNCTURE_PROOF))
    assert (window.phase, window.actor, window.tied) == (FsPhase.HOLDUP, 0, (0, 2))
    # Seat 2's 200 are all safety: seat 0 has no Borne to steal, so it cannot call at all.
    assert legal_actions(window) == (Pass(0),)
    assert_rejected(window, HoldUp(0, 2, 0), "RUL-FS-HOLDUP")
    assert_rejected(window, FalseHoldUp(0, 0), "FS-HOLDUP-WRONG")
    assert_legal(play(window, Pass(0)), HoldUp(1, 0, 0))  # seat 1 may take seat 0's 200


@pytest.mark.rules("FS-HOLDUP-WRONG", "RUL-FS-HOLDUP-WRONG")
def test_a_wrong_hold_up_costs_a_card_of_ones_zone_the_caller_picks() -> None:
    zones = {1: Zone(distance=((C.D100, 0),), safeties=(C.EXTRA_TANK,))}
    state = position(3, hands={0: [C.D25, *PLAIN]}, zones=zones)
    window = play(state, LayBorne(0, C.D25, 0, True), Pass(1), Pass(2))
    assert window.phase is FsPhase.HOLDUP and window.actor == 1
    after = assert_legal(window, FalseHoldUp(1, 1))  # index 1: after the one Borne, the safety
    assert after.zones[1].safeties == () and after.discard_pile[-1] is C.EXTRA_TANK
    passed = play(window, Pass(1))
    assert passed.actor == 2
    assert_rejected(passed, FalseHoldUp(2, 0), "RUL-FS-HOLDUP-WRONG")  # nothing to lose
    assert_legal(passed, FalseHoldUp(2, None))
    last = play(passed, Pass(2))
    assert last.actor == 0 and last.phase is FsPhase.HOLDUP  # the layer is asked last
    assert play(last, Pass(0)).phase is FsPhase.DRAW
