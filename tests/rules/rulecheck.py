"""Shared assertions for the per-rule tests of tests/rules/.

``assert_rejected`` checks the three faces of a refused action (``violations``,
``IllegalAction`` from ``apply``, and a state left untouched); ``assert_legal``
checks the positive side and returns the state after the action;
``assert_consistent`` checks that ``legal_actions`` lists exactly the candidate
actions for which ``violations`` is empty.
"""

from __future__ import annotations

import copy
from collections.abc import Callable

import pytest

from millebornes.families.classic import (
    Action,
    Card,
    IllegalAction,
    Phase,
    State,
    Tableau,
    apply,
    legal_actions,
    to_json,
    violations,
)
from millebornes_invariants.oracle import legal_by_violations

ROLLING = Tableau(battle=(Card.ROLL,))
"""A team that has laid its Roll and nothing else."""

Policy = Callable[[State], Action]


def assert_rejected(state: State, action: Action, *rule_ids: str) -> None:
    """``action`` breaks exactly ``rule_ids`` (in table order) and leaves ``state`` as it was."""
    assert rule_ids, "a rejection names at least one rule"
    before = to_json(state)
    # A deep copy, not from_json: a rule test's position names only the cards that matter
    # and is not a loadable state (its hands are not full, INV-HAND-SIZE).
    twin = copy.deepcopy(state)
    assert violations(state, action) == rule_ids
    with pytest.raises(IllegalAction) as caught:
        apply(state, action)
    assert caught.value.rule_ids == rule_ids
    assert caught.value.action == action
    assert to_json(state) == before
    assert state == twin
    assert action not in legal_actions(state)


def assert_legal(state: State, action: Action) -> State:
    """``action`` is legal and listed; returns the state after it (``state`` is untouched)."""
    assert violations(state, action) == ()
    assert action in legal_actions(state)
    assert_consistent(state)
    before = to_json(state)
    after = apply(state, action)
    assert to_json(state) == before
    assert after != state
    return after


def assert_consistent(state: State) -> None:
    """``legal_actions`` lists, without repeats, exactly the candidates with no violation."""
    legal = legal_actions(state)
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert violations(state, action) == ()
        assert action.seat == state.actor
    assert set(legal) == legal_by_violations(state)


def play_round(state: State, choose: Policy, *, check: bool = False) -> list[State]:
    """Apply ``choose``'s action until the round or match is over; every state visited."""
    states = [state]
    for _ in range(5000):
        if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
            return states
        if check:
            assert_consistent(state)
        state = apply(state, choose(state))
        states.append(state)
    raise AssertionError("the round did not end within 5000 actions")


def first_legal(state: State) -> Action:
    return legal_actions(state)[0]


def last_legal(state: State) -> Action:
    """In the play phase the last legal action is a discard: nobody ever moves."""
    return legal_actions(state)[-1]
