"""Random legal play, driven by hypothesis, to the end of whole matches.

For every seat count and option, a match is played from a drawn seed with actions
drawn from ``legal_actions``; after every step the invariant catalogue must hold,
the state must survive the JSON round trip, the input state must be unchanged,
and every listed action must have no violation.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millebornes.families.classic import (
    Action,
    Phase,
    apply,
    deal_from_seed,
    edition_ids,
    from_json,
    is_chance,
    legal_actions,
    load_edition,
    match_winners,
    new_match,
    round_seed,
    to_json,
    violations,
)
from millebornes_invariants import broken_invariants

CONFIGURATIONS = [
    (edition, players, options)
    for edition in edition_ids()
    for players in load_edition(edition).seat_counts
    for options in (
        (),
        *((name,) for name, o in load_edition(edition).options.items() if players in o.seats),
    )
]


@pytest.mark.parametrize(("edition", "players", "options"), CONFIGURATIONS)
@pytest.mark.rules(
    "TURN-ORDER", "TURN-HAND-SIZE", "DIST-MAX-200", "DIST-EXACT-GOAL", "BOX-CONTENTS",
    "MATCH-TARGET", "INV-CARD-CONSERVATION", "INV-HAND-SIZE", "INV-DISTANCE-BOUND",
    "INV-MAX-TWO-200", "INV-SAFETY-ONCE", "INV-ONE-ACTOR", "INV-COUP-FOURRE-WINDOW",
)  # fmt: skip
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_random_matches_keep_every_invariant(
    edition: str, players: int, options: tuple[str, ...], seed: int, data: st.DataObject
) -> None:
    state = new_match(edition, players, options)
    assert broken_invariants(state) == []
    steps = 0
    action: Action
    while state.phase is not Phase.MATCH_OVER:
        if is_chance(state):
            action = deal_from_seed(state, round_seed(seed, state.round_number + 1))
        else:
            choices = legal_actions(state)
            assert choices, f"no legal action in phase {state.phase}"
            action = choices[data.draw(st.integers(0, len(choices) - 1), label="choice")]
            assert violations(state, action) == ()
        before = to_json(state)
        after = apply(state, action)
        assert to_json(state) == before, "apply mutated its input"
        assert broken_invariants(after) == [], f"after {action}"
        assert from_json(to_json(after)) == after
        state = after
        steps += 1
    assert legal_actions(state) == ()
    assert max(state.scores) >= state.rules.match_target
    assert match_winners(state)
