"""The Fun & Speed fast engine against the reference, on random games of every seat count.

For each state met on random walks (whole games, the choices uniform or biased towards
the reactions and specials, or towards letting things pass), the fast engine must:
convert to and from the reference state exactly; list the same legal actions in the same
canonical order; give, for every legal action, the reference's next state; and reject a
sample of the reference's illegal candidates (every action kind, every seat) with the
reference's rule IDs, leaving the state as it was, and malformed actions with
``MalformedInput``. One fast state is also stepped along the whole walk, so the race
totals and the FS-DISCARD-FORCED answer it keeps are checked as well as fresh
conversions. Fun & Speed has no options: the configurations are its seat counts.

The quick profile walks a few hundred states per seat count. The deep one
(``HYPOTHESIS_PROFILE=deep`` or ``MILLEBORNES_DIFF_STATES=N``, N states per seat count)
prints the figures (``pytest -s``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from millebornes.core.errors import IllegalAction, MalformedInput
from millebornes.families.funspeed.actions import (
    Attack,
    Discard,
    FalseHoldUp,
    FsAction,
    HoldUp,
    LayBorne,
    Pass,
    Police,
    Safety,
)
from millebornes.families.funspeed.all_actions import every_action
from millebornes.families.funspeed.cards import DATA, FsCard
from millebornes.families.funspeed.engine import apply, legal_actions, new_game, violations
from millebornes.families.funspeed.state import FsState
from millebornes.fast.funspeed import FsFastState

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
STATES = int(os.environ.get("MILLEBORNES_DIFF_STATES", "20000" if DEEP else "1000"))
STRIDE = 1 if DEEP or "MILLEBORNES_DIFF_STATES" in os.environ else 3
"""Every state walked is compared with the fast state stepped along the walk; one in
STRIDE gets the whole check. A game runs to about a thousand actions, so the quick
profile strides to cover a few whole games (reshuffles, the end) per seat count."""
ILLEGAL_SAMPLE = 40
"""Illegal candidates checked per state, drawn from the reference's brute-force list of
every well-formed action (each rejection goes through the reference, the costliest part)."""
STYLES = ("uniform", "react", "pass")


def _choose(rng: random.Random, choices: tuple[FsAction, ...], style: str) -> FsAction:
    """``react`` prefers anything but letting a window pass, discarding or laying a safety
    (which it keeps for a coup-fourré): Rétroviseurs, Hold Ups, Demi-tours, the specials;
    ``pass`` prefers passing."""
    if style != "uniform" and rng.random() < 0.8:
        passive = [a for a in choices if isinstance(a, (Pass, Discard))]
        active = [a for a in choices if not isinstance(a, (Pass, Discard, Safety))]
        wanted = active if style == "react" else passive
        if wanted:
            return rng.choice(wanted)
    return rng.choice(choices)


Step = tuple[FsState, tuple[FsAction, ...], FsAction | None]


def _walk(players: int, seed: int) -> Iterator[Step]:
    """States of random games from the deal to the end, each with its legal actions and
    the one the walk takes next (None once the game is over); games follow one another
    forever."""
    rng = random.Random(seed)
    while True:
        state = new_game(players, seed=rng.randrange(2**64))
        style = rng.choice(STYLES)
        while state.actor is not None:
            choices = legal_actions(state)
            action = _choose(rng, choices, style)
            yield state, choices, action
            state = apply(state, action)
        yield state, (), None


MALFORMED: tuple[FsAction, ...] = (
    LayBorne(0, FsCard.D25, 4, True),  # more Accélérateurs than the box holds
    LayBorne(0, FsCard.STOP, 0, True),  # not a Borne
    Attack(0, FsCard.STOP, 9, True),  # no such seat
    Police(0, 1, "D25", FsCard.D25),  # type: ignore[arg-type]
    HoldUp(0, 1, -1),
    FalseHoldUp(0, -2),
    Pass(True),
)


def _check(state: FsState, walker: FsFastState, rng: random.Random, tally: Counter[str]) -> None:
    fast = FsFastState.from_reference(state)
    assert fast.to_reference() == state
    assert walker.to_reference() == state, "the fast state stepped along the walk drifted"
    expected = legal_actions(state)
    for twin in (fast, walker):
        assert twin.legal_actions() == expected  # the same actions, in canonical order
    for action in expected:
        assert fast.apply(action).to_reference() == apply(state, action), action
        tally[type(action).__name__] += 1
    tally["states"] += 1
    tally[f"phase {state.phase.value}"] += 1
    tally["reshuffled states"] += state.reshuffles > 0
    illegal = [a for a in every_action(state) if a not in expected]
    for action in rng.sample(illegal, min(ILLEGAL_SAMPLE, len(illegal))):
        broken = violations(state, action)
        assert broken, f"{action!r} is legal but not listed"
        with pytest.raises(IllegalAction) as error:
            fast.step(action)  # checked below: a rejection leaves the state as it was
        assert error.value.rule_ids == broken
        tally["illegal actions"] += 1
    for action in MALFORMED:
        with pytest.raises(MalformedInput):
            fast.step(action)
    assert fast.to_reference() == state, "a rejected action changed the fast state"


@pytest.mark.parametrize("players", DATA.seats)
def test_fast_engine_agrees_with_reference(players: int) -> None:
    tally: Counter[str] = Counter()
    rng = random.Random(players)
    seen: set[str] = set()
    walker: FsFastState | None = None
    for state, choices, action in _walk(players, seed=players):
        if walker is None:
            walker = FsFastState.from_reference(state)  # a new game, stepped from its deal
        assert walker.to_reference() == state, "the fast state stepped along the walk drifted"
        assert walker.legal_actions() == choices
        seen.update(type(a).__name__ for a in choices)
        tally["states walked"] += 1
        if tally["states walked"] % STRIDE == 0:
            _check(state, walker, rng, tally)
        if action is not None:
            walker.step(action)
        else:
            walker = None
            tally["games"] += 1
        if tally["states"] >= STATES:
            break
    assert tally["states"] == STATES
    # The walks must reach the rare corners, or the comparison proves little there.
    for kind in ("HoldUp", "FalseHoldUp", "Mirror", "CoupFourre", "Police", "Helicopter"):
        assert kind in seen, f"no {kind} was ever legal on the walks"
    print(f"\n{players} players: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
