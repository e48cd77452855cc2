"""Canonical JSON for As du Volant: round trips, and one boundary naming the wrong field."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from av_support import C, car, position

from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant import AvPhase, AvState, apply, legal_actions, new_game
from millebornes.families.asduvolant.actions import AvAction, Move, Turbo
from millebornes.families.asduvolant.serialize import (
    action_from_dict,
    action_from_json,
    action_to_dict,
    from_json,
    state_to_dict,
    to_json,
)


@pytest.mark.rules("AV-BOX", "AV-TOKENS", "BOARD-FILE")
def test_states_and_actions_read_back_to_themselves() -> None:
    state = new_game(4, seed=9, options=["bonus"])
    assert from_json(to_json(state)) == state
    for action in legal_actions(state):
        assert action_from_json(json.dumps(action_to_dict(action))) == action
    assert action_to_dict(Move(0, C.D25, True, False)) == {
        "type": "move", "seat": 0, "card": "D25", "accelerated": True, "shortcut": False,
    }  # fmt: skip


def _broken_state(path: str, value: Any) -> dict[str, Any]:
    data = state_to_dict(position(cars={1: car(3, 0, attack=C.ACCIDENT)}))
    *parents, last = path.split(".")
    target: Any = data
    for part in parents:
        target = target[int(part)] if part.isdigit() else target[part]
    target[int(last) if last.isdigit() else last] = value
    return data


@pytest.mark.rules("AV-BOX", "AV-TOKENS", "BOARD-LANES", "AV-ACTOR")
@pytest.mark.parametrize(
    ("path", "value", "named"),
    [
        ("family", "fun-speed", "family"),
        ("players", 7, "players"),
        ("options", ["goal_700", "nitro"], "LOAD-AV-OPTIONS"),
        ("hands.0.0", "D300", r"hands\[0\]\[0\]"),
        ("cars.1.attack", "ROLL", "supply"),
        ("supply.ACCIDENT", 5, "supply"),
        ("cars.1.square", 0, "INV-AV-CARS-ON-BOARD: car 1"),
        ("cars.0.lane", 6, "INV-AV-CARS-ON-BOARD: car 0"),
        ("cars.0.laid_200", -1, r"cars\[0\]\.laid_200"),
        ("actor", None, "actor"),
        ("pending", "STOP", "pending"),
        ("board.squares.3.lanes", 0, r"squares\[3\]\.lanes"),
        ("draw_pile", ["D25"], "cards"),
        ("origin", [1], "origin"),
        ("resume", 1, "resume"),
    ],
)
def test_a_malformed_state_is_refused_naming_the_field(path: str, value: Any, named: str) -> None:
    with pytest.raises(MalformedInput, match=named):
        from_json(json.dumps(_broken_state(path, value)))


@pytest.mark.rules("AV-ACTOR")
@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"type": "fly", "seat": 0}, "type"),
        ({"type": "move", "seat": 0, "card": "D25", "accelerated": 1, "shortcut": False},
         "accelerated"),
        ({"type": "attack", "seat": 0, "card": "XX", "target": 1}, "card"),
        ({"type": "pass"}, "missing"),
        ([], "action"),
    ],
)  # fmt: skip
def test_a_malformed_action_is_refused_naming_the_field(data: object, named: str) -> None:
    with pytest.raises(MalformedInput, match=named):
        action_from_dict(data)


def _turbo_when_the_pile_runs_low(seed: int, players: int) -> Iterator[AvState]:
    """A game from a deal, every action legal: random choices, except that the player on
    turn keeps the Turbos until the draw pile is nearly empty and then plays them (both
    held, or one after a card was played once the pile has been reshuffled), so a Turbo's
    draw sets off the reshuffle that can bring that Turbo back in the same turn."""
    rng = random.Random(seed)
    state = new_game(players, seed=seed)
    while state.actor is not None:
        yield state
        legal = legal_actions(state)
        turbo = Turbo(state.turn)
        playing = state.phase is AvPhase.PLAY and state.actor == state.turn
        held = state.hands[state.turn].count(C.TURBO)
        again = bool(state.played and held and state.reshuffles)
        if playing and turbo in legal and len(state.draw_pile) <= 2 and (held >= 2 or again):
            action: AvAction = turbo
        elif playing:
            kept = [a for a in legal if a != turbo and getattr(a, "card", None) is not C.TURBO]
            action = rng.choice(kept or legal)
        else:
            action = rng.choice(legal)
        state = apply(state, action)
    yield state


@pytest.mark.rules("INV-AV-HAND-SIZE", "INV-AV-COUNTERS", "RUL-AV-TURBO", "AV-RESHUFFLE")
def test_a_turbo_back_from_the_reshuffle_in_its_own_turn_loads() -> None:
    """The bounds used to count the box's two Turbos: this game's seat 1 plays a Turbo a
    third time in one turn (four plays left, ten cards in hand), and the loader refused
    the state the engine had reached."""
    most_plays = 0
    for state in _turbo_when_the_pile_runs_low(2396, 4):
        assert from_json(to_json(state)) == state
        most_plays = max(most_plays, state.plays)
    assert most_plays > 1 + 2  # more plays left than two Turbos give
