"""As du Volant positions for the per-rule tests (``position``, ``car`` from
:mod:`millebornes.families.asduvolant.arrange`), and checking refusals."""

from __future__ import annotations

from dataclasses import replace

import pytest

from millebornes.core.errors import IllegalAction
from millebornes.families.asduvolant import (
    AvAction,
    AvCard,
    AvState,
    apply,
    is_legal,
    legal_actions,
    violations,
)
from millebornes.families.asduvolant.arrange import car, position
from millebornes.families.asduvolant.serialize import check_whole, to_json

C = AvCard

__all__ = ["C", "assert_legal", "assert_rejected", "at", "car", "moved_to", "play", "position"]


def assert_rejected(state: AvState, action: AvAction, *rule_ids: str) -> None:
    """``action`` breaks exactly ``rule_ids``; ``apply`` raises and leaves no trace."""
    before = to_json(state)
    assert violations(state, action) == rule_ids
    with pytest.raises(IllegalAction) as refused:
        apply(state, action)
    assert refused.value.rule_ids == rule_ids
    assert to_json(state) == before
    assert action not in legal_actions(state)
    assert not is_legal(state, action)  # the yes-or-no form agrees


def assert_legal(state: AvState, action: AvAction) -> AvState:
    """``action`` is legal and listed; returns the state after it, checked whole (AV-BOX,
    AV-TOKENS, BOARD-LANES)."""
    assert violations(state, action) == ()
    assert action in legal_actions(state)
    assert is_legal(state, action)
    after = apply(state, action)
    check_whole(after)
    return after


def play(state: AvState, *actions: AvAction) -> AvState:
    for action in actions:
        state = assert_legal(state, action)
    return state


def at(state: AvState, seat: int) -> int:
    """The km of ``seat``'s car."""
    return state.board.squares[state.cars[seat].square].km


def moved_to(state: AvState, seat: int, square: int) -> AvState:
    """``state`` with ``seat``'s car on ``square`` (lane 0)."""
    cars = list(state.cars)
    cars[seat] = replace(cars[seat], square=square, lane=0)
    return replace(state, cars=tuple(cars))
