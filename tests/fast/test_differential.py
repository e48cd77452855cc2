"""The fast engine against the reference, on random states of every configuration.

For each state met on random walks (several rounds of a match, playouts biased in
turn towards plays, discards and uniform choice), the fast engine must: convert to
and from the reference state exactly; list the same legal actions (as a set and in
canonical order); give, for every legal action, the reference's next state; accept
exactly the candidate actions the reference accepts, and reject the others with the
reference's rule IDs. One fast state is also stepped along the whole walk, so its
cached masks are checked as well as fresh conversions.

The quick profile walks a few hundred states per configuration. The deep one
(``HYPOTHESIS_PROFILE=deep`` or ``MILLEBORNES_DIFF_STATES=N``) checks at least
100,000 states per edition; it prints the figures (``pytest -s``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from millebornes.families.classic import (
    Action,
    Card,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extension,
    IllegalAction,
    Play,
    State,
    apply,
    deal_from_seed,
    is_chance,
    legal_actions,
    new_match,
    to_json,
    violations,
)
from millebornes.fast import FastState
from millebornes_invariants.configurations import CONFIGURATIONS, Configuration, label

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
STATES_PER_EDITION = int(os.environ.get("MILLEBORNES_DIFF_STATES", "100000" if DEEP else "0"))
QUICK_STATES = 200
ILLEGAL_EVERY = 10 if STATES_PER_EDITION else 1
"""Check the illegal candidates at every state in the quick profile, at every tenth in the
deep one (each rejection goes through the reference, the costliest part of a check)."""


def _budget(configuration: Configuration) -> int:
    """States to check for this configuration: the edition's budget shared by its configs."""
    if not STATES_PER_EDITION:
        return QUICK_STATES
    edition = configuration[0]
    share = sum(1 for c in CONFIGURATIONS if c[0] == edition)
    return -(-STATES_PER_EDITION // share)


def _walk(configuration: Configuration, seed: int) -> Iterator[tuple[State, Action | None]]:
    """States of random matches, from the first deal until the match is over, each with
    the action the walk takes next (None once the match is over)."""
    edition, players, options = configuration
    rng = random.Random(seed)
    while True:
        state = new_match(edition, players, options)
        style = rng.choice(("uniform", "plays", "discards"))
        while state.actor is not None:
            action: Action
            if is_chance(state):
                action = deal_from_seed(state, rng.randrange(2**64))
            else:
                choices = legal_actions(state)
                if style != "uniform" and rng.random() < 0.8:
                    wanted = [a for a in choices if isinstance(a, Discard) == (style == "discards")]
                    choices = tuple(wanted) or choices
                action = rng.choice(choices)
            yield state, action
            state = apply(state, action)
        yield state, None


def _candidates(state: State) -> list[Action]:
    """Legal and illegal actions alike: every kind by the actor with each card in hand on
    each team, and the card-free kinds by every seat (out of turn)."""
    actions: list[Action] = []
    for seat in range(state.players):
        actions += [Draw(seat), Decline(seat), Extension(seat, extend=True)]
    seat = state.actor if state.actor is not None else 0
    for card in sorted(set(state.hands[seat])) or [Card.D25]:
        actions += [Discard(seat, card), CoupFourre(seat, card)]
        actions += [Play(seat, card, t) for t in range(state.teams)]
    return actions


def _check(state: State, walker: FastState, tally: Counter[str]) -> None:
    fast = FastState.of(state)
    assert fast.to_state() == state
    walked = walker.to_state()
    assert walked == state, "the fast state stepped along the walk drifted"
    assert to_json(walked) == to_json(state)  # the same card objects, not equal ints
    expected = legal_actions(state)
    for twin in (fast, walker):
        listed = twin.legal_actions()
        assert set(listed) == set(expected)
        assert listed == expected  # canonical order
    for action in expected:
        after = apply(state, action)
        assert fast.apply(action).to_state() == after
    tally["legal actions"] += len(expected)
    tally["states"] += 1
    tally[f"phase {state.phase.value}"] += 1
    if tally["states"] % ILLEGAL_EVERY:
        return
    for action in _candidates(state):
        broken = violations(state, action)
        if not broken:
            continue
        with pytest.raises(IllegalAction) as error:
            fast.step(action)  # checked below: a rejection leaves the state as it was
        assert error.value.rule_ids == broken
        tally["illegal actions"] += 1
    assert fast.to_state() == state, "a rejected action changed the fast state"
    tally["states with illegal candidates"] += 1


@pytest.mark.parametrize("configuration", CONFIGURATIONS, ids=label)
def test_fast_engine_agrees_with_reference(configuration: Configuration) -> None:
    budget = _budget(configuration)
    tally: Counter[str] = Counter()
    walker = FastState.of(new_match(*configuration))
    for state, action in _walk(configuration, seed=budget):
        if state.round_number == 0:
            walker = FastState.of(state)  # a new match
        _check(state, walker, tally)
        if action is not None:
            walker.step(action)
        if tally["states"] >= budget:
            break
    assert tally["states"] == budget
    print(f"\n{label(configuration)}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally.items())))
