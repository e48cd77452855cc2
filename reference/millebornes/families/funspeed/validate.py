"""May a Fun & Speed state be loaded? The checks a state from outside must pass.

spec/conformance/malformed.md (its Fun & Speed section) names every check; each problem
starts with the ID of the check it breaks. First the well-formedness checks, which the
invariants read through (LOAD-FS-SEATS: the seat count, one hand and one zone per seat,
the actor, turn, source, layer and winners seats that exist; LOAD-FS-HAND-ORDER: hands in
card order, the one form of a hand), then every state invariant
(:data:`millebornes.families.funspeed.state_checks.STATE_CHECKS`), liveness last: it runs
the engine, so it is asked only of a state every other check found sound.
"""

from __future__ import annotations

from millebornes.core import loading
from millebornes.core.loading import hand_order_problems, seat_problems
from millebornes.families.funspeed.cards import DATA
from millebornes.families.funspeed.state import FsState
from millebornes.families.funspeed.state_checks import STATE_CHECKS

LIVENESS = "INV-FS-ACTOR-CAN-ACT"


def state_problems(state: FsState) -> list[str]:
    """What makes ``state`` not well formed, each problem after its check's ID; empty if
    nothing does."""
    n = state.players
    if isinstance(n, bool) or n not in DATA.seats:
        return [f"LOAD-FS-SEATS: {n!r} players; RUL-FS-SEATS allows {DATA.seats}"]
    if len(state.hands) != n or len(state.zones) != n:
        return [
            f"LOAD-FS-SEATS: {len(state.hands)} hands and {len(state.zones)} zones for {n} seats"
        ]
    seats = {"turn": state.turn, "actor": state.actor, "source": state.source, "layer": state.layer}
    return seat_problems("LOAD-FS-SEATS", n, seats, state.winners) + hand_order_problems(
        "LOAD-FS-HAND-ORDER", state.hands
    )


def load_problems(state: FsState) -> list[str]:
    """Everything that keeps ``state`` from being loaded: its shape first, then ``ID:
    problem`` for every broken state invariant. Empty when the engine may take it."""
    return loading.load_problems(state, state_problems, STATE_CHECKS, LIVENESS)
