"""The catalogue: each invariant with its stable ID (spec/invariants.md), the rule IDs
it protects, and its predicate.

A *state* invariant judges one state; a *step* invariant judges a transition (the state
before, the action, the state after), for properties no single state shows: who acts
next, and whether a card was lawful when it was laid. Every predicate returns the
problems it finds in words, empty when it holds. Its docstring is its explanation.

The state predicates are the engine's own (:mod:`millebornes.families.classic.state_checks`):
the engine refuses to load a state that breaks one, so validation and this catalogue are one thing.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from millebornes.families.classic import Action, State
from millebornes.families.classic.state_checks import STATE_CHECKS
from millebornes_invariants import step_checks

S = TypeVar("S")
A = TypeVar("A")


@dataclass(frozen=True, slots=True)
class Invariant(Generic[S]):
    """A predicate over one state (of any family: each family's catalogue lists its own)."""

    id: str
    protects: tuple[str, ...]
    check: Callable[[S], list[str]]

    @property
    def doc(self) -> str:
        return " ".join((self.check.__doc__ or "").split())


@dataclass(frozen=True, slots=True)
class StepInvariant(Generic[S, A]):
    """A predicate over one step: the state before, the action, the state after (of any
    family: the race families' are in :mod:`.family_steps`)."""

    id: str
    protects: tuple[str, ...]
    check: Callable[[S, A, S], list[str]]

    @property
    def doc(self) -> str:
        return " ".join((self.check.__doc__ or "").split())


def _state(invariant_id: str, protects: tuple[str, ...]) -> Invariant[State]:
    # The predicate is the engine's own (millebornes.families.classic.state_checks): the
    # same functions judge every state read from outside, so the catalogue and validation are one.
    return Invariant(invariant_id, protects, STATE_CHECKS[invariant_id])


STATE_INVARIANTS: tuple[Invariant[State], ...] = (
    _state("INV-CARD-CONSERVATION", ("BOX-CONTENTS", "BOX-BY-SEATS", "SETUP-MEMO")),
    _state("INV-HAND-SIZE", ("TURN-HAND-SIZE", "TURN-DRAW", "CF-REPLACEMENT", "SETUP-DEAL")),
    _state("INV-DISTANCE-BOUND", ("DIST-EXACT-GOAL", "END-GOAL", "EXT-DECISION", "EXT-GOAL")),
    _state("INV-MAX-TWO-200", ("DIST-MAX-200",)),
    _state("INV-SAFETY-ONCE", ("BOX-CONTENTS", "CF-EFFECT")),
    _state("INV-ONE-ACTOR",
           ("TURN-ACTOR", "MATCH-TARGET", "MATCH-DEALER-ROTATION", "RUL-CF-WHO")),
    _state("INV-COUP-FOURRE-WINDOW", ("CF-WINDOW", "RUL-CF-WHO")),
    _state("INV-PILES-WELL-FORMED",
           ("PILE-BATTLE", "PILE-SPEED", "PILE-ROLLING", "HAZ-ROLLING-TARGET",
            "HAZ-SPEED-LIMIT-ONCE", "REM-MATCH", "REM-ROLL", "SAFE-IMMUNITY",
            "SAFE-RIGHT-OF-WAY", "RUL-SAFETY-CLEARS-HAZARD", "DIST-ROLLING")),
    _state("INV-ACTOR-CAN-ACT", ("RUL-DISCARD-ANY", "RUL-EMPTY-DRAW-PILE", "RUL-ROUND-BLOCKED")),
    _state("INV-MATCH-END", ("MATCH-TARGET", "SCORE-SHEET")),
)  # fmt: skip

STEP_INVARIANTS: tuple[StepInvariant[State, Action], ...] = (
    StepInvariant("INV-SCORES-GROW", ("SCORE-SHEET", "MATCH-TARGET"), step_checks.scores_grow),
    StepInvariant("INV-TURN-ORDER",
                  ("TURN-ORDER", "SAFE-EXTRA-TURN", "CF-WINDOW", "CF-TURN", "CF-DECLINE",
                   "RUL-EMPTY-DRAW-PILE", "RUL-EXTRA-TURN-EMPTY-PILE", "RUL-CF-EMPTY-PILE",
                   "SETUP-FIRST-PLAYER", "EXT-GOAL", "END-DISTANCE-EXHAUSTED"),
                  step_checks.turn_order),
    StepInvariant("INV-CARD-FLOW",
                  ("TURN-DRAW", "TURN-PLAY-OR-DISCARD", "CF-EFFECT", "CF-REPLACEMENT",
                   "RUL-SAFETY-CLEARS-HAZARD", "RUL-RIGHT-OF-WAY-CLEARS", "SETUP-DEAL"),
                  step_checks.card_flow),
    StepInvariant("INV-DISTANCE-LAWFUL",
                  ("DIST-ROLLING", "DIST-SPEED-LIMIT", "DIST-MAX-200", "DIST-EXACT-GOAL",
                   "TARGET-OWN-TEAM"),
                  step_checks.distance_lawful),
)  # fmt: skip

CATALOGUE: tuple[Invariant[State] | StepInvariant[State, Action], ...] = (
    STATE_INVARIANTS + STEP_INVARIANTS
)
"""Every invariant, as spec/invariants.md lists them."""


def broken_invariants(state: State) -> list[str]:
    """``ID: problem`` for every problem of every state invariant; empty when all hold."""
    return [f"{inv.id}: {problem}" for inv in STATE_INVARIANTS for problem in inv.check(state)]


def broken_step_invariants(before: State, action: Action, after: State) -> list[str]:
    """``ID: problem`` for every problem of every step invariant on this step."""
    return [
        f"{inv.id}: {problem}"
        for inv in STEP_INVARIANTS
        for problem in inv.check(before, action, after)
    ]
