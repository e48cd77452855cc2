"""``engine._bonus``, the Python helper the deliberate mutant ``av-bonus-under-limit``
(devtools/millebornes_dev/asduvolant.py) builds on and no protocol request reaches: a car
that landed on a bonus square makes its bonus move (AV-BONUS), and a car that has none to
make leaves the very state it was given.

It pins the survivors of the mechanical run (conformance/mechanical-as-du-volant.json) on
the helper's last line: ``moved is car`` negated, or made an ordering of cars."""

from __future__ import annotations

import pytest
from av_support import car, position

from millebornes.families.asduvolant.engine import _bonus


@pytest.mark.rules("AV-BONUS", "BOARD-BONUS")
def test_a_car_on_a_bonus_square_makes_its_bonus_move() -> None:
    # Square 5 (125 km) has a +50 bonus: two squares on, 175 km, square 7.
    landed = position(cars={0: car(5)})
    after = _bonus(landed, 0)
    assert (after.cars[0].square, after.cars[0].lane) == (7, 0)
    assert after.cars[1] is landed.cars[1]


@pytest.mark.rules("AV-BONUS", "RUL-AV-BONUS")
def test_no_bonus_to_make_leaves_the_very_state() -> None:
    plain = position(cars={0: car(4)})  # 100 km: no bonus there
    assert _bonus(plain, 0) is plain
    limited = position(cars={0: car(5, limit=True)})  # a bonus square, under a limit token
    assert _bonus(limited, 0) is limited
