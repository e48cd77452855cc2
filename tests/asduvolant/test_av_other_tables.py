"""``legal_actions`` judges by the tables it is given, not only by the family's own.

With :data:`~millebornes.families.asduvolant.rules.RULES` itself, ``legal_actions`` takes
shortcuts (candidates known to break a row are left out, rows met by construction are not
asked); with any other tables (a mutant's, a variant's) it must ask them. These pin what
the mechanical run (conformance/mechanical-as-du-volant.json) found no test pinned: tables
equal to the family's own but another mapping give the same answers (AV-MOVE-FREE: a
stopped car has no move); a table that refuses the draw from the pile is asked at the draw
step (AV-DRAW, AV-DISCARD-TAKE); and the end of a turn by choice is asked of other tables
in a plain game too (AV-ACCELERATED), where the family's own table never allows it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from av_support import C, car, position

from millebornes.families.asduvolant import AvPhase, AvState, legal_actions, violations
from millebornes.families.asduvolant.actions import DrawDiscard, DrawPile, EndTurn, Move
from millebornes.families.asduvolant.rules import RULES

Tables = Mapping[type, tuple[Any, ...]]


def _never(state: AvState, action: object) -> bool:
    return False


@pytest.mark.rules("AV-MOVE-FREE")
def test_tables_equal_to_the_family_s_own_give_the_same_legal_actions() -> None:
    hand = [C.D25, C.D50, C.D75, C.ROLL, C.GASOLINE, C.GASOLINE]
    stopped = position(hands={0: hand}, cars={0: car(2, attack=C.ACCIDENT)})
    rolling = position(hands={0: hand}, cars={0: car(2)})
    copy: Tables = dict(RULES)
    for state in (stopped, rolling):
        assert legal_actions(state, copy) == legal_actions(state)
    assert not any(isinstance(a, Move) for a in legal_actions(stopped, copy))


@pytest.mark.rules("AV-DRAW", "AV-DISCARD-TAKE")
def test_a_table_refusing_the_draw_from_the_pile_is_asked_at_the_draw_step() -> None:
    closed: Tables = {**RULES, DrawPile: (*RULES[DrawPile], ("AV-DRAW", _never))}
    hand = [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS]
    takeable = position(phase=AvPhase.DRAW, discard=[C.ACCELERATION], hands={0: hand})
    empty = position(phase=AvPhase.DRAW, hands={0: hand})
    for state in (takeable, empty):
        assert violations(state, DrawPile(0), closed) == ("AV-DRAW",)
    assert not violations(takeable, DrawDiscard(0), closed)
    assert violations(empty, DrawDiscard(0), closed)
    assert legal_actions(takeable, closed) == (DrawDiscard(0),)
    assert legal_actions(empty, closed) == ()


@pytest.mark.rules("AV-ACCELERATED")
def test_other_tables_are_asked_about_ending_a_turn_outside_the_jeu_accelere() -> None:
    anytime: Tables = {**RULES, EndTurn: RULES[EndTurn][:1]}  # AV-ACTOR alone
    state = position(hands={0: [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS]})
    assert "accelerated" not in state.options
    assert violations(state, EndTurn(0)) == ("AV-ACCELERATED", "RUL-AV-ACCELERATED")
    assert EndTurn(0) not in legal_actions(state)
    assert not violations(state, EndTurn(0), anytime)
    assert legal_actions(state, anytime)[-1] == EndTurn(0)
