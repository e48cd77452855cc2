"""The link between the z3 model and the engine, checked on its own.

The state machine requires every step it takes to satisfy the transition relation;
these tests check the link itself: that z3 reads the relation as the fast concrete
evaluation does, that the relation refuses a forged step, and that the model's
preconditions name the rule IDs the engine gives for illegal actions.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from invariant_support import EDITIONS

from millebornes.families.classic import (
    Action,
    Card,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extension,
    Phase,
    Play,
    State,
    apply,
    deal_from_seed,
    is_chance,
    legal_actions,
    new_match,
    violations,
)
from millebornes_invariants.z3model.link import expected_rule_ids, step_problems, z3_agrees


def random_steps(
    edition: str, players: int, seed: int, count: int
) -> list[tuple[State, Action, State]]:
    rng = random.Random(seed)
    state = new_match(edition, players)
    steps: list[tuple[State, Action, State]] = []
    while len(steps) < count and state.phase is not Phase.MATCH_OVER:
        if is_chance(state):
            action: Action = deal_from_seed(state, rng.randrange(2**32))
        else:
            action = rng.choice(legal_actions(state))
        after = apply(state, action)
        steps.append((state, action, after))
        state = after
    return steps


def forged(after: State) -> State:
    """``after`` with one card gone from the draw pile to the discard pile: not a step."""
    return replace(
        after, draw_pile=after.draw_pile[1:], discard_pile=(*after.discard_pile, after.draw_pile[0])
    )


@pytest.mark.rules("PROOF-CARD-CONSERVATION", "PROOF-HAND-SIZE", "TURN-ORDER")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_z3_reads_the_relation_as_the_fast_evaluation_does(edition: str, players: int) -> None:
    for before, action, after in random_steps(edition, players, seed=5, count=240)[::12]:
        assert step_problems(before, action, after) == []
        assert z3_agrees(before, action, after)
        if after.draw_pile:
            assert step_problems(before, action, forged(after)) != []
            assert z3_agrees(before, action, forged(after))


@pytest.mark.rules("TURN-ACTOR", "CARD-IN-HAND", "TARGET-OWN-TEAM", "TARGET-OPPONENT", "CF-WINDOW")
@pytest.mark.parametrize(("edition", "players"), EDITIONS)
def test_the_model_expects_the_engines_rule_ids(edition: str, players: int) -> None:
    for before, _, _ in random_steps(edition, players, seed=9, count=200)[::4]:
        for seat in {before.actor or 0, ((before.actor or 0) + 1) % players}:
            candidates: list[Action] = [Draw(seat), Decline(seat), Extension(seat, True)]
            candidates += [Play(seat, c, t) for c in Card for t in range(before.teams)]
            candidates += [Discard(seat, c) for c in Card] + [CoupFourre(seat, c) for c in Card]
            for action in candidates:
                expected = expected_rule_ids(before, action)
                assert expected is not None
                broken, judged = expected
                assert set(violations(before, action)) & judged == broken, action
