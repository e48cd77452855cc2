"""May an As du Volant state be loaded? The checks a state from outside must pass.

spec/conformance/malformed.md (its As du Volant section) names every check; each problem
starts with the ID of the check it breaks. First the well-formedness checks, which the
invariants read through (LOAD-AV-SEATS: the seat count, one hand and one car per seat,
every seat named a seat that exists; LOAD-AV-OPTIONS: options known and offered at the
seat count, written sorted and distinct; LOAD-AV-HAND-ORDER: hands in card order, the
one form of a hand), then every state invariant
(:data:`millebornes.families.asduvolant.state_checks.STATE_CHECKS`), liveness last: it
runs the engine, so it is asked only of a state every other check found sound.
"""

from __future__ import annotations

from millebornes.core import loading
from millebornes.core.errors import MalformedInput
from millebornes.core.loading import hand_order_problems, seat_problems
from millebornes.families.asduvolant.cards import DATA, OPTIONS
from millebornes.families.asduvolant.state import AvState
from millebornes.families.asduvolant.state_checks import POSITION_CHECKS, STATE_CHECKS

LIVENESS = "INV-AV-ACTOR-CAN-ACT"


def option_problems(players: int, options: list[str]) -> list[str]:
    """LOAD-AV-OPTIONS for the options as written: known, offered at ``players`` seats, in
    the canonical order of the data file and each once."""
    problems = [
        f"LOAD-AV-OPTIONS: {name!r} is not offered at {players} players"
        for name in options
        if name not in OPTIONS or players not in DATA.option_seats[name]
    ]
    if not problems and options != [o for o in OPTIONS if o in options]:
        problems.append(f"LOAD-AV-OPTIONS: {options} are not distinct in the order {list(OPTIONS)}")
    return problems


def state_problems(state: AvState) -> list[str]:
    """What makes ``state`` not well formed, each problem after its check's ID; empty if
    nothing does."""
    n = state.players
    if isinstance(n, bool) or n not in DATA.seats:
        return [f"LOAD-AV-SEATS: {n!r} players; AV-SEATS allows {DATA.seats}"]
    if len(state.hands) != n or len(state.cars) != n:
        return [f"LOAD-AV-SEATS: {len(state.hands)} hands and {len(state.cars)} cars for {n} seats"]
    problems = option_problems(n, [o for o in OPTIONS if o in state.options])
    problems += [f"LOAD-AV-OPTIONS: unknown {o!r}" for o in sorted(state.options - set(OPTIONS))]
    named = {"turn": state.turn, "actor": state.actor, "source": state.source,
             "mover": state.mover, "resume": state.resume}  # fmt: skip
    problems += seat_problems("LOAD-AV-SEATS", n, named, state.winners)
    return problems + hand_order_problems("LOAD-AV-HAND-ORDER", state.hands)


def load_problems(state: AvState) -> list[str]:
    """Everything that keeps ``state`` from being loaded: its shape first, then ``ID:
    problem`` for every broken state invariant. Empty when the engine may take it."""
    return loading.load_problems(state, state_problems, STATE_CHECKS, LIVENESS)


def check_position(state: AvState) -> None:
    """Raise :class:`MalformedInput` unless ``state`` is well formed and satisfies the
    invariants a test position must (:data:`~.state_checks.POSITION_CHECKS`)."""
    problems = state_problems(state) or [
        f"{invariant}: {problem}"
        for invariant in POSITION_CHECKS
        for problem in STATE_CHECKS[invariant](state)
    ]
    if problems:
        raise MalformedInput("invalid state: " + "; ".join(problems))
