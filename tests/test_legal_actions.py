"""``legal_actions`` is exactly the set of actions ``violations`` finds nothing wrong with
(and ``is_legal`` says yes to).

``legal_actions`` builds candidates that satisfy the common head of the precondition
tables by construction and asks only the rest; this test asks ``violations`` about
every conceivable non-deal action of every seat, in states reached by random play.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from millebornes.families.classic import (
    Card,
    Draw,
    Phase,
    apply,
    is_legal,
    legal_actions,
    new_round,
)
from millebornes.families.classic.actions import ACTION_ORDER
from millebornes.families.classic.rules import (
    COUP_FOURRE_RULES,
    DISCARD_RULES,
    DRAW_RULES,
    PLAY_RULES,
    PLAY_RULES_BEYOND_HEAD,
    TARGET_RULES,
)
from millebornes_invariants.oracle import legal_by_violations


@pytest.mark.rules("TURN-ACTOR", "TURN-PLAY-OR-DISCARD", "CARD-IN-HAND", "RUL-DISCARD-ANY")
@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
@given(seed=st.integers(0, 2**64 - 1), data=st.data())
def test_legal_actions_equal_the_actions_without_violations(
    players: int, seed: int, data: st.DataObject
) -> None:
    state = new_round(players=players, seed=seed)
    for _ in range(data.draw(st.integers(0, 200), label="steps")):
        if state.phase not in (Phase.DRAW, Phase.PLAY, Phase.COUP_FOURRE):
            break
        legal = legal_actions(state)
        assert set(legal) == legal_by_violations(state)
        assert len(set(legal)) == len(legal)
        # is_legal, the yes-or-no form, agrees both ways (the seat after the actor may
        # never draw: it is not its turn).
        assert all(is_legal(state, action) for action in legal)
        assert state.actor is not None
        assert not is_legal(state, Draw((state.actor + 1) % players))
        state = apply(state, legal[data.draw(st.integers(0, len(legal) - 1), label="choice")])


def test_canonical_order_is_kind_then_card_then_target() -> None:
    state = new_round(players=3, seed=11)
    state = apply(state, Draw(1))
    keys = [
        (ACTION_ORDER.index(type(a)), int(getattr(a, "card", -1)), getattr(a, "target", -1))
        for a in legal_actions(state)
    ]
    assert keys == sorted(keys)


def test_common_head_is_the_same_in_every_table() -> None:
    # legal_actions relies on this head holding by construction (see engine.py).
    head = [rule_id for rule_id, _ in DISCARD_RULES[:3]]
    assert head == ["TURN-ACTOR", "TURN-PLAY-OR-DISCARD", "CARD-IN-HAND"]
    # Beyond the head, a discard only excludes memo cards, which no hand holds.
    assert [rule_id for rule_id, _ in DISCARD_RULES[3:]] == ["SETUP-MEMO"]
    for card, table in zip(Card, PLAY_RULES, strict=True):
        assert [rule_id for rule_id, _ in table[:3]] == head
        if card is not Card.MEMO:  # and then the target row the engine skips too
            assert table[3][0] in TARGET_RULES
            assert PLAY_RULES_BEYOND_HEAD[card] == table[4:]
            assert not {rule_id for rule_id, _ in table[4:]} & set(TARGET_RULES)
    assert PLAY_RULES_BEYOND_HEAD[Card.MEMO] == PLAY_RULES[Card.MEMO][3:]
    assert DRAW_RULES[0][0] == COUP_FOURRE_RULES[0][0] == "TURN-ACTOR"
