"""Canonical JSON: exact round trips and clear errors for malformed input."""

from __future__ import annotations

import json

import pytest

from millebornes.core.jsonio import canonical
from millebornes.families.classic import (
    Action,
    Card,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    MalformedInput,
    Play,
    action_from_json,
    action_to_json,
    from_json,
    new_match,
    new_round,
    state_to_dict,
    to_json,
)


def test_state_round_trips_exactly() -> None:
    state = new_round(players=4, options=("goal_700",), seed=3)
    text = to_json(state)
    assert from_json(text) == state
    assert to_json(from_json(text)) == text
    assert text == canonical(json.loads(text))  # sorted keys, compact
    assert "\n" not in text


def test_actions_round_trip() -> None:
    actions: list[Action] = [
        Deal(0, (Card.D25, Card.STOP)),
        Draw(1),
        Play(0, Card.SPEED_LIMIT, 1),
        Discard(1, Card.D200),
        CoupFourre(1, Card.RIGHT_OF_WAY),
        Decline(0),
    ]
    for action in actions:
        assert action_from_json(action_to_json(action)) == action


@pytest.mark.rules("BOX-CONTENTS")
def test_unknown_card_is_malformed_not_illegal() -> None:
    data = state_to_dict(new_round(seed=1))
    data["hands"][0][0] = "D300"
    with pytest.raises(MalformedInput, match=r"state.hands\[0\]\[0\].*unknown card 'D300'"):
        from_json(json.dumps(data))
    with pytest.raises(MalformedInput, match="unknown card"):
        action_from_json('{"type": "discard", "seat": 0, "card": "JOKER"}')


@pytest.mark.rules("BOX-CONTENTS")
def test_state_that_breaks_conservation_is_rejected() -> None:
    data = state_to_dict(new_round(seed=1))
    data["draw_pile"].append("D200")  # a fifth 200
    with pytest.raises(MalformedInput, match="not the box's"):
        from_json(json.dumps(data))


@pytest.mark.rules("SEAT-COUNTS")
def test_wrong_shapes_say_what_is_wrong() -> None:
    with pytest.raises(MalformedInput, match="not JSON"):
        from_json("{")
    with pytest.raises(MalformedInput, match="missing"):
        from_json("{}")
    data = state_to_dict(new_match())
    data["players"] = 5
    with pytest.raises(MalformedInput, match="SEAT-COUNTS"):
        from_json(json.dumps(data))
    with pytest.raises(MalformedInput, match="unknown action type"):
        action_from_json('{"type": "teleport", "seat": 0}')
    with pytest.raises(MalformedInput, match="expected an integer"):
        action_from_json('{"type": "draw", "seat": "zero"}')
