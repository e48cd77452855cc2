"""Fun & Speed canonical JSON, validation at the boundary, and the legal-action oracle."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from fs_support import C, position

from millebornes.core.errors import MalformedInput
from millebornes.families.funspeed import FsPhase, apply, legal_actions, new_game, violations
from millebornes.families.funspeed.actions import (
    Attack,
    FalseHoldUp,
    LayBorne,
    Pass,
    Police,
    Safety,
)
from millebornes.families.funspeed.all_actions import every_action
from millebornes.families.funspeed.serialize import (
    action_from_dict,
    action_from_json,
    action_to_json,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)


@pytest.mark.rules("FS-ZONE", "FS-BOX")
def test_states_and_actions_read_back_from_canonical_json() -> None:
    state = new_game(3, seed=7)
    text = to_json(state)
    assert from_json(text) == state
    assert text == json.dumps(json.loads(text), sort_keys=True, separators=(",", ":"))
    action = Police(0, 2, C.D25, C.MIRROR)
    assert action_to_json(action) == (
        '{"give":"MIRROR","seat":0,"take":"D25","target":2,"type":"police"}'
    )
    assert action_from_json(action_to_json(action)) == action
    assert action_from_dict({"type": "false_holdup", "seat": 1, "index": None}) == FalseHoldUp(
        1, None
    )


def _broken_state(change: str) -> dict[str, Any]:
    data = state_to_dict(new_game(2, seed=3))
    if change == "card":
        data["hands"][0][0] = "JOKER"
    elif change == "players":
        data["players"] = 7
    elif change == "conservation":
        data["draw_pile"] = data["draw_pile"][1:]
    elif change == "actor":
        data["actor"] = None
    elif change == "zone":
        data["zones"][1]["distance"] = [["D25", 3]]
    elif change == "family":
        data["family"] = "classic"
    return data


@pytest.mark.rules("FS-BOX", "FS-ACTOR", "RUL-FS-SEATS")
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ("card", "hands[0][0]"),
        ("players", "players"),
        ("conservation", "cards"),
        ("actor", "actor"),
        ("zone", "zones[1].distance[0][1]"),
        ("family", "family"),
    ],
)
def test_a_malformed_state_is_refused_naming_the_field(change: str, field: str) -> None:
    with pytest.raises(MalformedInput, match=field.replace("[", r"\[").replace("]", r"\]")):
        state_from_dict(_broken_state(change))


@pytest.mark.rules("FS-CARD-IN-HAND", "FS-ACTOR")
@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"type": "fly", "seat": 0}, "type"),
        ({"type": "pass"}, "pass"),
        ({"type": "pass", "seat": "0"}, "seat"),
        ({"type": "borne", "seat": 0, "card": "D30", "accelerators": 0, "announced": True}, "card"),
        (
            {"type": "borne", "seat": 0, "card": "D25", "accelerators": 0, "announced": 1},
            "announced",
        ),
        ({"type": "discard", "seat": 0, "card": "D25", "extra": 1}, "discard"),
        ([], "action"),
    ],
)
def test_a_malformed_action_is_refused_naming_the_field(data: object, field: str) -> None:
    with pytest.raises(MalformedInput, match=field):
        action_from_dict(data)


@pytest.mark.rules("FS-ACTOR", "FS-CARD-IN-HAND")
def test_an_action_the_state_cannot_judge_is_malformed_not_illegal() -> None:
    state = position()
    for action, field in (
        (Pass(5), "seat"),
        (LayBorne(0, C.STOP, 0, True), "card"),
        (Attack(0, C.STOP, 9, True), "target"),
        (LayBorne(0, C.D25, -1, True), "accelerators"),
    ):
        with pytest.raises(MalformedInput, match=field):
            violations(state, action)
        with pytest.raises(MalformedInput, match=field):
            apply(state, action)


@pytest.mark.rules("FS-ACTOR", "RUL-FS-WINDOWS")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_actions_are_exactly_the_actions_without_violations(players: int) -> None:
    state, rng = new_game(players, seed=players), random.Random(players)
    step = 0
    while state.actor is not None:
        legal = legal_actions(state)
        if step % 9 == 0 or state.phase.value in ("attack", "holdup"):
            by_table = [a for a in every_action(state) if not violations(state, a)]
            assert sorted(map(repr, by_table)) == sorted(map(repr, legal))
        state = apply(state, rng.choice(legal))
        step += 1


@pytest.mark.rules("INV-FS-HAND-SIZE", "FS-DRAW", "RUL-FS-REPLAY")
def test_a_fun_and_speed_play_step_holds_five_so_its_successors_load() -> None:
    """A play step is the turn's four cards and its draw. With four, the loader used to
    accept it, and a safety whose Hold Up window closed reached a draw step of three cards that it
    refused (a loaded state must move only to states that load)."""
    four = position(2, hands={0: [C.RIGHT_OF_WAY, C.D25, C.D50, C.GASOLINE]})
    with pytest.raises(MalformedInput, match="INV-FS-HAND-SIZE: seat 0 holds 4 cards"):
        from_json(to_json(four))
    five = position(2, hands={0: [C.RIGHT_OF_WAY, C.D25, C.D50, C.D75, C.GASOLINE]})
    state = from_json(to_json(five))
    for action in (Safety(0, C.RIGHT_OF_WAY), Pass(1), Pass(0)):  # nobody holds up
        state = apply(state, action)
        assert from_json(to_json(state)) == state
    assert state.phase is FsPhase.DRAW and len(state.hands[0]) == 4
