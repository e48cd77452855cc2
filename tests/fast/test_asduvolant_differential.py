"""The As du Volant fast engine against the reference, on random games of 2-4 seats and a
spread of option sets.

For each state met on random walks (whole games, the choices uniform or biased towards
the attacks, moves and windows, or towards letting things pass), the fast engine must:
convert to and from the reference state exactly; list the same legal actions in the same
canonical order; give, for every legal action, the reference's next state; and reject a
sample of the reference's illegal candidates (every action kind, every seat) with the
reference's rule IDs, leaving the state as it was, and malformed actions with
``MalformedInput``. One fast state is also stepped along the whole walk, so the legal
list it keeps between steps is checked as well as fresh conversions.

The quick profile walks a few hundred states per configuration; the deep one
(``HYPOTHESIS_PROFILE=deep`` or ``MILLEBORNES_DIFF_STATES=N``) walks N.
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from millebornes.conformance.asduvolant_suite import every_action
from millebornes.core.errors import IllegalAction, MalformedInput
from millebornes.families.asduvolant.actions import (
    Attack,
    AvAction,
    CoupFourre,
    Discard,
    Move,
    Pass,
    Remedy,
    Safety,
    Turbo,
    UTurn,
)
from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.engine import apply, legal_actions, new_game, violations
from millebornes.families.asduvolant.state import AvPhase, AvState, evolve
from millebornes.fast.asduvolant import AvFastState

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
STATES = int(os.environ.get("MILLEBORNES_DIFF_STATES", "4000" if DEEP else "250"))
STRIDE = 1 if DEEP or "MILLEBORNES_DIFF_STATES" in os.environ else 4
"""Every state walked is compared with the fast state stepped along the walk; one in
STRIDE gets the whole check (games run to hundreds of actions)."""
ILLEGAL_SAMPLE = 25
STYLES = ("uniform", "react", "pass", "turbo")

CONFIGS: tuple[tuple[int, tuple[str, ...]], ...] = (
    (2, ()),
    (2, ("small_deck", "goal_700")),
    (2, ("accelerated", "bonus")),
    (3, ("points_5000",)),
    (3, ("small_deck", "accelerated")),
    (4, ()),
    (4, ("bonus", "accelerated")),
)


def _choose(rng: random.Random, choices: tuple[AvAction, ...], style: str) -> AvAction:
    """``react`` prefers anything but passing, discarding or laying a safety (kept for a
    coup-fourré): moves, attacks, remedies, Turbos, Demi-tours; ``pass`` prefers passing
    and discarding."""
    if style == "turbo":
        # A Turbo first, so that a coup-fourré or a Demi-tour cuts a Turbo turn short
        # and the hand must be trimmed (RUL-AV-TURBO): the rarest phase of random play.
        turbos = [a for a in choices if isinstance(a, (Turbo, CoupFourre, UTurn))]
        if turbos:
            return rng.choice(turbos)
        style = "react"
    if style != "uniform" and rng.random() < 0.8:
        passive = [a for a in choices if isinstance(a, (Pass, Discard))]
        active = [a for a in choices if not isinstance(a, (Pass, Discard, Safety))]
        wanted = active if style == "react" else passive
        if wanted:
            return rng.choice(wanted)
    return rng.choice(choices)


Step = tuple[AvState, tuple[AvAction, ...], AvAction | None, int | None]


def _walk(players: int, options: tuple[str, ...], seed: int) -> Iterator[Step]:
    """States of random games, each with its legal actions, the action taken next (None
    once the game is over) and, for the first state of a game dealt as it is, its seed."""
    rng = random.Random(seed)
    while True:
        deal: int | None = rng.randrange(2**64)
        state = new_game(players, seed=deal, options=options)
        if rng.random() < 0.4:
            deal = None
            # Random games end long before the draw pile runs out; a short pile (the rest
            # face up on the discard pile, every card still in the game) brings the
            # reshuffles (AV-RESHUFFLE, RUL-AV-RESHUFFLE-SEED) into the walks.
            pile = state.draw_pile
            state = evolve(state, draw_pile=pile[:4], discard_pile=pile[4:])
        style = rng.choice(STYLES)
        while state.actor is not None:
            choices = legal_actions(state)
            action = _choose(rng, choices, style)
            yield state, choices, action, deal
            state = apply(state, action)
            deal = None
        yield state, (), None, None


MALFORMED: tuple[object, ...] = (
    Move(0, AvCard.STOP, False, False),  # not a distance card
    Move(0, AvCard.D25, 1, False),  # type: ignore[arg-type]  # not a flag
    Attack(0, AvCard.STOP, 9),  # no such seat
    Remedy(0, AvCard.ROLL, AvCard.D25),  # not an attack
    Pass(True),  # a flag for a seat
    "draw",
)


def _check(state: AvState, rng: random.Random, tally: Counter[str]) -> None:
    fast = AvFastState.from_reference(state)
    assert fast.to_reference() == state
    expected = legal_actions(state)
    assert fast.legal_actions() == expected
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
            fast.step(action)
        assert error.value.rule_ids == broken
        tally["illegal actions"] += 1
    for bad in MALFORMED:
        with pytest.raises(MalformedInput):
            fast.step(bad)  # type: ignore[arg-type]
    assert fast.to_reference() == state, "a rejected action changed the fast state"


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_fast_engine_agrees_with_reference(players: int, options: tuple[str, ...]) -> None:
    tally: Counter[str] = Counter()
    rng = random.Random(players)
    seen: set[str] = set()
    walker: AvFastState | None = None
    walks = _walk(players, options, seed=players * 31 + len(options))
    for state, choices, action, deal in walks:
        if walker is None and deal is not None:  # a new game, dealt by the fast engine
            walker = AvFastState.new_game(players, seed=deal, options=options)
            tally["fast deals"] += 1
        elif walker is None:
            walker = AvFastState.from_reference(state)  # a new game with a short pile
        assert walker.to_reference() == state, "the fast state stepped along the walk drifted"
        assert walker.legal_actions() == choices
        seen.update(type(a).__name__ for a in choices)
        tally["states walked"] += 1
        if tally["states walked"] % STRIDE == 0:
            _check(state, rng, tally)
        if action is not None:
            walker.step(action)
        else:
            walker = None
            tally["games"] += 1
        if tally["states"] >= STATES:
            break
    assert tally["states"] == STATES
    assert tally["reshuffled states"], "no reshuffle on the walks"
    assert tally["fast deals"], "no game dealt by the fast engine"
    for kind in ("Move", "Attack", "Remedy", "Safety", "Turbo", "CoupFourre", "UTurn"):
        assert kind in seen, f"no {kind} was ever legal on the walks"
    print(
        f"\n{players} players {options}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items()))
    )


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(1, 0, ()), (7, 0, ()), (True, 0, ()), (2, -1, ()), (2, 2**64, ()), (2, 1.5, ())]
    + [(2, 0, ("fast",)), (4, 0, ("small_deck",)), (4, 0, ("goal_700",))],
)
def test_fast_deal_refuses_what_the_reference_refuses(
    players: int, seed: int, options: tuple[str, ...]
) -> None:
    with pytest.raises(MalformedInput) as reference_error:
        new_game(players, seed=seed, options=options)
    with pytest.raises(MalformedInput) as fast_error:
        AvFastState.new_game(players, seed=seed, options=options)
    assert str(fast_error.value) == str(reference_error.value)


TRIMS = 6
"""TRIM states checked per seat count by the test below (about one random state in 1,600
of Turbo-first play)."""


@pytest.mark.parametrize("players", [2, 3, 4])
def test_fast_engine_agrees_when_trimming(players: int) -> None:
    """The trim after a Turbo turn cut short (RUL-AV-TURBO) is too rare for the walks
    above: Turbo-first games are played on the reference until TRIMS states of that phase
    are met, and each is checked in full, from a fresh conversion and from a fast state
    stepped along its game."""
    rng = random.Random(players)
    tally: Counter[str] = Counter()
    for _ in range(2000):  # games; about 60 are needed
        deal = rng.randrange(2**64)
        state = new_game(players, seed=deal)
        walker = AvFastState.new_game(players, seed=deal)
        while state.actor is not None:
            if state.phase is AvPhase.TRIM:
                assert walker.to_reference() == state
                _check(state, rng, tally)
            action = _choose(rng, legal_actions(state), "turbo")
            walker.step(action)
            state = apply(state, action)
        assert walker.to_reference() == state
        if tally["phase trim"] >= TRIMS:
            break
    assert tally["phase trim"] >= TRIMS, tally
