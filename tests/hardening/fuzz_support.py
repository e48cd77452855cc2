"""What the fuzz tests share: reachable states to mutate, hostile JSON, the engine workout.

A mutated state starts from a state that random play reached, in every configuration,
and changes one to three things a careless or hostile client might: a field set to any
JSON value, a card moved between zones, the phase or the actor changed, a number nudged,
a key dropped or added. The loader must refuse it with ``MalformedInput`` or accept a
state that satisfies every invariant of the catalogue and that the engine can then
play from without failing (:func:`workout`).

``HYPOTHESIS_PROFILE=deep`` runs :data:`DEEP_EXAMPLES` inputs per fuzz test instead of
:data:`QUICK_EXAMPLES`; :data:`TALLY` counts what happened, printed after each fuzz
module by :func:`show_tally`.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
from collections import Counter, defaultdict
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from millebornes.families.classic import (
    Action,
    Card,
    IllegalAction,
    MalformedInput,
    Phase,
    Play,
    State,
    action_to_dict,
    apply,
    deal_from_seed,
    is_chance,
    legal_actions,
    new_round,
    state_to_dict,
    violations,
)
from millebornes.families.classic.serialize import score_to_dict
from millebornes_invariants.catalogue import broken_invariants
from millebornes_invariants.configurations import configurations

DEEP = os.environ.get("HYPOTHESIS_PROFILE") == "deep"
QUICK_EXAMPLES = 100
DEEP_EXAMPLES = 34_000
"""Per fuzz test; the three fuzz tests of the deep profile try over 100,000 inputs."""
FUZZ = settings(
    max_examples=DEEP_EXAMPLES if DEEP else QUICK_EXAMPLES,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)

TALLY: defaultdict[str, Counter[str]] = defaultdict(Counter)
"""Per fuzz target: inputs ``tried``, ``accepted``, ``refused`` (MalformedInput), and
``escapes`` (anything else raised) and ``broken`` (accepted, yet an invariant fails)."""
TALLY_FILE = os.environ.get("FUZZ_TALLY_FILE")
"""If set, the tally is also written there as JSON every 500 inputs, so that a long deep
run stopped early still leaves its figures."""


def count(target: str, outcome: str, n: int = 1) -> None:
    """Add ``n`` to the tally of ``target``; inputs are counted as ``tried``."""
    TALLY[target][outcome] += n
    if TALLY_FILE and outcome == "tried" and TALLY[target]["tried"] % 500 < n:
        Path(TALLY_FILE).write_text(json.dumps(TALLY, indent=1), encoding="utf-8")


def show_tally(config: pytest.Config) -> None:
    """Print the figures of every fuzz target so far (inputs tried, accepted, refused,
    escapes, accepted states breaking an invariant)."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        return
    with capture.global_and_fixture_disabled():  # past pytest's capture of the output
        for target, counts in sorted(TALLY.items()):
            names = ("tried", "accepted", "refused", "escapes", "broken")
            figures = ", ".join(f"{name} {counts[name]}" for name in names)
            reporter.write_line(f"fuzz {target}: {figures}")


@cache
def corpus() -> tuple[State, ...]:
    """States random play reaches: one seeded round per configuration, every state kept."""
    states: list[State] = []
    for index, (edition, players, options) in enumerate(configurations()):
        rng = random.Random(index)
        state = new_round(edition, players, options, seed=index)
        while True:
            states.append(state)
            if state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
                break
            state = apply(state, rng.choice(legal_actions(state)))
    return tuple(states)


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=9),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=6),
    st.sampled_from([card.name for card in Card] + [phase.value for phase in Phase]),
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
"""Any JSON value (Python's parser also reads NaN and Infinity, so they are here too)."""


def _zones(data: dict[str, Any]) -> list[list[Any]]:
    """Every list of cards in a state's JSON form (each is mutated in place)."""
    # An earlier mutation may have replaced any of these with another JSON value:
    # only what is still a list of cards (or a tableau that is still an object) counts.
    fields = [data.get(key) for key in ("draw_pile", "discard_pile", "set_aside")]
    hands = data.get("hands")
    tableaus = data.get("tableaus")
    fields += hands if isinstance(hands, list) else []
    for tableau in tableaus if isinstance(tableaus, list) else []:
        if isinstance(tableau, dict):
            fields += [tableau[pile] for pile in sorted(tableau)]
    return [zone for zone in fields if isinstance(zone, list)] or [[]]


def move_card(draw: st.DrawFn, lists: list[list[Any]]) -> None:
    """Take a card from one of ``lists`` (of a state's JSON) and insert it in any of them."""
    source = draw(st.sampled_from([cards for cards in lists if cards] or lists))
    if source:
        card = source.pop(draw(st.integers(0, len(source) - 1)))
        target = draw(st.sampled_from(lists))
        target.insert(draw(st.integers(0, len(target))), card)


def _mutate(draw: st.DrawFn, data: dict[str, Any]) -> None:
    how = draw(st.sampled_from(["field", "move", "phase", "nudge", "drop", "add", "card"]))
    keys = sorted(data)
    if how == "field":
        data[draw(st.sampled_from(keys))] = draw(JSON_VALUES)
    elif how == "move":
        move_card(draw, _zones(data))
    elif how == "phase":
        data["phase"] = draw(st.sampled_from([phase.value for phase in Phase]))
        players = data.get("players")
        top = players if type(players) is int and -1 <= players <= 9 else 6
        data["actor"] = draw(st.none() | st.integers(-1, top))
    elif how == "nudge":
        key = draw(st.sampled_from(["actor", "turn", "dealer", "round", "players", "extended_by"]))
        if isinstance(data[key], int):
            data[key] += draw(st.sampled_from([-1, 1]))
        else:
            data[key] = draw(st.integers(-1, 3))
    elif how == "drop":
        del data[draw(st.sampled_from(keys))]
    elif how == "add":
        data[draw(st.text(max_size=5))] = draw(SCALARS)
    else:
        zone = draw(st.sampled_from(_zones(data)))
        zone.append(draw(st.sampled_from([card.name for card in Card])))


@st.composite
def mutated_states(draw: st.DrawFn) -> Any:
    """The JSON form of a reachable state, changed in up to three ways."""
    data = state_to_dict(draw(st.sampled_from(corpus())))
    for _ in range(draw(st.integers(0, 3))):
        if not isinstance(data, dict) or not {"draw_pile", "hands", "tableaus"} <= data.keys():
            break
        try:
            _mutate(draw, data)
        except (TypeError, KeyError, AttributeError):  # an earlier change broke the shape
            break
    return data


@st.composite
def mutated_actions(draw: st.DrawFn) -> Any:
    """The JSON form of a legal action (or a deal), perhaps with a field changed."""
    state = draw(st.sampled_from(corpus()))
    actions = legal_actions(state) or (deal_from_seed(state, 1),)
    data = action_to_dict(draw(st.sampled_from(actions)))
    how = draw(st.sampled_from(["none", "field", "drop", "add"]))
    if how == "field":
        data[draw(st.sampled_from(sorted(data)))] = draw(JSON_VALUES)
    elif how == "drop":
        del data[draw(st.sampled_from(sorted(data)))]
    elif how == "add":
        data[draw(st.text(max_size=5))] = draw(SCALARS)
    return data


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


HOSTILE_TEXT = st.one_of(
    st.text(max_size=40),
    st.binary(max_size=40),
    st.integers(1, 3000).map(nested),
    st.integers(1, 3000).map(lambda n: '{"a":' * n + "1" + "}" * n),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.sampled_from(["NaN", "-Infinity", '"\\ud800"', "1e999", "", " ", "\n", "null"]),
)
"""Text no loader should choke on: garbage, bytes, deep nesting, long integers."""


def workout(state: State) -> list[str]:
    """Play from an accepted state as a client would: every problem found, in words.

    Every state invariant must hold; ``legal_actions``, ``violations`` of a Play of
    every card on every team, the score sheet and ``apply`` of every legal action (or
    a deal) must not fail; and the states reached must satisfy the invariants too.
    """
    problems = [f"loaded: {problem}" for problem in broken_invariants(state)]
    score_to_dict(state)
    actions: list[Action]
    if is_chance(state):
        actions = [deal_from_seed(state, 7)] if state.actor is not None else []
    else:
        actions = list(legal_actions(state))
    seat = state.actor if state.actor is not None else 0
    for card in Card:
        for team in range(state.teams):
            with contextlib.suppress(MalformedInput):
                violations(state, Play(seat, card, team))
    for action in actions:
        try:
            after = apply(state, action)
        except IllegalAction as error:
            problems.append(f"a listed action {action} was refused: {error.rule_ids}")
            continue
        problems += [f"after {action}: {problem}" for problem in broken_invariants(after)]
    return problems
