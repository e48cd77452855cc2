"""Shared helpers of the invariant tests: configurations and hand-made states.

Nothing here names an edition: the tests run for every edition of spec/editions/.
"""

from __future__ import annotations

from millebornes.families.classic import (
    Action,
    State,
    apply,
    edition_ids,
    legal_actions,
    load_edition,
    new_round,
)
from millebornes_invariants import CATALOGUE, Invariant, StepInvariant

EDITIONS = [(edition, load_edition(edition).seat_counts[0]) for edition in edition_ids()]
"""Each edition at its smallest seat count."""


def dealt(edition: str, players: int, seed: int = 7) -> State:
    return new_round(edition, players, seed=seed)


def state_check(invariant_id: str, state: State) -> list[str]:
    invariant = next(inv for inv in CATALOGUE if inv.id == invariant_id)
    assert isinstance(invariant, Invariant)
    return invariant.check(state)


def step_check(invariant_id: str, before: State, action: Action, after: State) -> list[str]:
    invariant = next(inv for inv in CATALOGUE if inv.id == invariant_id)
    assert isinstance(invariant, StepInvariant)
    return invariant.check(before, action, after)


def first_step(state: State) -> tuple[State, Action, State]:
    action = legal_actions(state)[0]
    return state, action, apply(state, action)
