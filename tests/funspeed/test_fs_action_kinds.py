"""What the Fun & Speed engine takes for an action, through the Python API.

The protocol only ever hands the engine actions of the seventeen kinds
(``action_from_dict``); a caller of the engine's functions may hand it anything. Pinned
here, for the mechanical run (conformance/mechanical-fun-speed.json): an object of no
Fun & Speed kind is malformed input, even one with a seat, never judged by a table; an
action of a subclass of a kind passes the well-formedness check, so tables and
transitions a caller gives for that subclass judge and apply it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pytest
from fs_support import C, position

from millebornes.core.errors import MalformedInput
from millebornes.families.classic.actions import Draw
from millebornes.families.funspeed import FsPhase, FsState, Zone, apply, violations
from millebornes.families.funspeed.actions import Pass
from millebornes.families.funspeed.engine import TRANSITIONS, Transition, check_well_formed
from millebornes.families.funspeed.rules import RULES


@dataclass(frozen=True, slots=True)
class LoudPass(Pass):
    """A caller's own kind of pass: a subclass of the family's."""


def _borne_window() -> FsState:
    """Seat 0 laid a 100; the Borne window asks seat 1 (RUL-FS-WINDOWS)."""
    return position(
        2,
        hands={0: (C.D25, C.D50, C.GASOLINE, C.STOP)},
        zones={0: Zone(distance=((C.D100, 0),))},
        phase=FsPhase.BORNE,
        actor=1,
        turn=0,
        layer=0,
    )


@pytest.mark.rules("FS-ACTOR")
def test_an_object_of_no_fun_and_speed_kind_is_malformed_even_with_a_seat() -> None:
    window = _borne_window()
    for stranger in (Draw(1), "pass", None):
        with pytest.raises(MalformedInput, match="not a Fun & Speed action"):
            violations(window, stranger)  # type: ignore[arg-type]
        with pytest.raises(MalformedInput, match="not a Fun & Speed action"):
            check_well_formed(window, stranger)


@pytest.mark.rules("FS-ACTOR", "RUL-FS-WINDOWS")
def test_a_subclass_of_a_kind_is_judged_by_the_tables_a_caller_gives_it() -> None:
    window = _borne_window()
    check_well_formed(window, LoudPass(1))
    tables = {**RULES, LoudPass: RULES[Pass]}
    transitions: Mapping[type, Transition] = {**TRANSITIONS, LoudPass: TRANSITIONS[Pass]}
    assert violations(window, LoudPass(1), tables) == ()
    assert violations(window, LoudPass(0), tables) == ("FS-ACTOR",)
    after = apply(window, LoudPass(1), tables, transitions)
    assert after == apply(window, Pass(1))  # the Borne stands, as after a plain pass
