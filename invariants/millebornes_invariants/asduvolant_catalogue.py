"""The As du Volant catalogue: each state invariant with its ID (spec/invariants.md), the
family's rule IDs it protects (spec/families/as-du-volant/), and its predicate.

The predicates are the engine's own (:mod:`millebornes.families.asduvolant.state_checks`):
the family's loader refuses a state that breaks one, so its validation and this
catalogue are one thing.
"""

from __future__ import annotations

from millebornes.families.asduvolant.state import AvState
from millebornes.families.asduvolant.state_checks import STATE_CHECKS
from millebornes_invariants.catalogue import Invariant


def _state(invariant_id: str, protects: tuple[str, ...]) -> Invariant[AvState]:
    return Invariant(invariant_id, protects, STATE_CHECKS[invariant_id])


STATE_INVARIANTS: tuple[Invariant[AvState], ...] = (
    _state("INV-AV-CARD-CONSERVATION", ("AV-BOX", "AV-SMALL-DECK", "AV-DEAL", "AV-RESHUFFLE")),
    _state("INV-AV-TOKEN-CONSERVATION",
           ("AV-TOKENS", "RUL-AV-TOKEN-SUPPLY", "AV-REMEDY", "RUL-AV-SAFETY-CURES")),
    _state("INV-AV-HAND-SIZE",
           ("AV-DEAL", "AV-DRAW", "AV-HAND-SIX", "AV-TURBO", "RUL-AV-TURBO", "AV-CF-TURN",
            "AV-UTURN")),
    _state("INV-AV-CAR-TOKENS",
           ("AV-TOKENS", "RUL-AV-ONE-ATTACK", "AV-STACK", "AV-IMMUNITY", "AV-SAFETY",
            "RUL-AV-SAFETY-CURES", "AV-CF")),
    _state("INV-AV-CARS-ON-BOARD",
           ("BOARD-LANES", "BOARD-DARK-LANE", "AV-NO-PASSING", "RUL-AV-LANE", "AV-MOVE-EXACT",
            "RUL-AV-700", "AV-END-FINISH")),
    _state("INV-AV-MAX-TWO-200", ("AV-MAX-200", "RUL-AV-UTURN-COUNTS")),
    _state("INV-AV-MOVES-COUNTED", ("AV-POINTS", "RUL-AV-UTURN-COUNTS", "AV-BONUS")),
    _state("INV-AV-ONE-ACTOR",
           ("AV-ACTOR", "AV-TURN-ORDER", "RUL-AV-CF-WINDOW", "RUL-AV-UTURN-WINDOW",
            "AV-ACCELERATED")),
    _state("INV-AV-WINDOWS",
           ("RUL-AV-CF-WINDOW", "RUL-AV-UTURN-WINDOW", "AV-CF", "AV-UTURN", "AV-PASS",
            "RUL-AV-TURBO")),
    _state("INV-AV-COUNTERS",
           ("AV-PLAY-ONE", "AV-TURBO", "AV-DISCARD-PLAY", "AV-DISCARD-TAKE", "AV-END-STUCK",
            "RUL-AV-DECLARE", "RUL-AV-RESHUFFLE-SEED")),
    _state("INV-AV-FINISH", ("AV-END-FINISH", "AV-END-STUCK", "AV-WINNER")),
    _state("INV-AV-ACTOR-CAN-ACT",
           ("AV-ACTOR", "RUL-AV-DISCARD", "RUL-AV-DISCARD-PLAYABLE", "AV-PASS",
            "RUL-AV-ACCELERATED")),
)  # fmt: skip
"""Every As du Volant state invariant, as spec/invariants.md lists them."""


def broken_invariants(state: AvState) -> list[str]:
    """``ID: problem`` for every problem of every As du Volant state invariant; empty when
    all hold."""
    return [f"{inv.id}: {problem}" for inv in STATE_INVARIANTS for problem in inv.check(state)]
