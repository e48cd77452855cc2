"""The Fun & Speed catalogue: each state invariant with its ID (spec/invariants.md), the
family's rule IDs it protects (spec/families/fun-speed/), and its predicate.

The predicates are the engine's own (:mod:`millebornes.families.funspeed.state_checks`):
the family's loader refuses a state that breaks one, so its validation and this
catalogue are one thing.
"""

from __future__ import annotations

from millebornes.families.funspeed.state import FsState
from millebornes.families.funspeed.state_checks import STATE_CHECKS
from millebornes_invariants.catalogue import Invariant


def _state(invariant_id: str, protects: tuple[str, ...]) -> Invariant[FsState]:
    return Invariant(invariant_id, protects, STATE_CHECKS[invariant_id])


STATE_INVARIANTS: tuple[Invariant[FsState], ...] = (
    _state("INV-FS-CARD-CONSERVATION",
           ("FS-BOX", "FS-DEAL", "FS-SINGLE-USE", "RUL-FS-ACCEL-ZONE", "FS-REMEDY-TOP")),
    _state("INV-FS-HAND-SIZE",
           ("FS-DEAL", "FS-DRAW", "FS-REFILL", "RUL-FS-REFILL-ORDER", "FS-REPLAY", "FS-POLICE")),
    _state("INV-FS-ZONES",
           ("FS-ZONE", "FS-ATTACK-ONE", "FS-ACCEL", "FS-SAFETY", "FS-CF", "FS-SINGLE-USE")),
    _state("INV-FS-IMMUNITY", ("FS-IMMUNITY", "RUL-FS-SAFETY-CURES", "FS-MIRROR-BLOCKED")),
    _state("INV-FS-ONE-ACTOR",
           ("FS-ACTOR", "FS-TURN-ORDER", "RUL-FS-WINDOWS", "RUL-FS-CF-TURN", "FS-MIRROR-BACK")),
    _state("INV-FS-WINDOWS",
           ("RUL-FS-WINDOWS", "FS-ATTACK-SOUND", "FS-MIRROR-BLOCKED", "FS-ANNOUNCE",
            "RUL-FS-HOLDUP")),
    _state("INV-FS-GOAL", ("FS-GOAL", "FS-KM", "FS-END-GOAL", "FS-END-AFTER-UTURN",
                           "RUL-FS-EMPTY-PILE")),
    _state("INV-FS-DRAW-PILE", ("FS-DRAW", "RUL-FS-EMPTY-PILE", "FS-GUARD-END")),
    _state("INV-FS-ACTOR-CAN-ACT", ("FS-ACTOR", "RUL-FS-DISCARD-FORCED", "RUL-FS-WINDOWS")),
)  # fmt: skip
"""Every Fun & Speed state invariant, as spec/invariants.md lists them."""


def broken_invariants(state: FsState) -> list[str]:
    """``ID: problem`` for every problem of every Fun & Speed state invariant; empty when
    all hold."""
    return [f"{inv.id}: {problem}" for inv in STATE_INVARIANTS for problem in inv.check(state)]
