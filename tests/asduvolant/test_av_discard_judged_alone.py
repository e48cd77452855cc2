"""RUL-AV-DISCARD judged from scratch: an attack card that no opponent can take is no card
that can be played, so with nothing else to play the discard is allowed.

``violations`` and ``apply`` are asked before ``legal_actions``, so the rule's own judgement
(``rules.can_play``, over ``rules.plays_in_hand``) answers, not the answer ``legal_actions``
keeps: an attack's plays are its attacks on the opponents (AV-ATTACK), never a move of the
attack card. Pins the mechanical survivor of ``plays_in_hand`` that gave attack cards the
moves of a distance card (conformance/mechanical-as-du-volant.json).
"""

from __future__ import annotations

import pytest
from av_support import C, assert_legal, car, position

from millebornes.families.asduvolant.actions import Discard
from millebornes.families.asduvolant.state import Car

HAND = [C.ACCIDENT, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE, C.REPAIRS, C.REPAIRS]
"""An Accident and remedies for nothing on seat 0's car: the attack is the only candidate."""


@pytest.mark.rules("RUL-AV-DISCARD", "RUL-AV-ONE-ATTACK", "AV-IMMUNITY")
@pytest.mark.parametrize(
    "opponent",
    [car(0, 1, attack=C.STOP), car(0, 1, safeties=(C.DRIVING_ACE,))],
    ids=["already-stopped", "immune"],
)
def test_an_attack_no_opponent_can_take_leaves_the_discard_open(opponent: Car) -> None:
    state = position(hands={0: HAND}, cars={1: opponent})
    after = assert_legal(state, Discard(0, C.ROLL))
    assert after.turn == after.actor == 1
