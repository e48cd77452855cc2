"""Rule families at the boundary: fuzzed Fun & Speed states, actions and requests.

A mutated family state is refused with ``MalformedInput`` or accepted as a state the
family's engine can play from without failing; ``millebornes serve`` answers every
fuzzed family request exactly once, and never with an ``internal`` error
(PROTO-FAMILIES, PROTO-ERRORS).
"""

from __future__ import annotations

import contextlib
import io
import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import pytest
from fuzz_support import FUZZ, JSON_VALUES, SCALARS, count, move_card, show_tally
from hypothesis import given
from hypothesis import strategies as st

from millebornes.conformance.server import serve
from millebornes.core.errors import IllegalAction, MalformedInput
from millebornes.families.funspeed import FsCard, FsPhase, FsState, apply, legal_actions, new_game
from millebornes.families.funspeed.all_actions import every_action
from millebornes.families.funspeed.cards import DATA
from millebornes.families.funspeed.engine import violations
from millebornes.families.funspeed.serialize import action_to_dict, state_from_dict, state_to_dict

CARDS = [card.name for card in FsCard]
PHASES = [phase.value for phase in FsPhase]


@pytest.fixture(scope="module", autouse=True)
def _figures(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    show_tally(request.config)


@cache
def corpus() -> tuple[FsState, ...]:
    """States random play reaches: one seeded game per seat count, every state kept."""
    states: list[FsState] = []
    for players in DATA.seats:
        rng, state = random.Random(players), new_game(players, seed=players)
        while True:
            states.append(state)
            if state.actor is None:
                break
            state = apply(state, rng.choice(legal_actions(state)))
    return tuple(states)


def _card_lists(data: dict[str, Any]) -> list[list[Any]]:
    lists = [data["draw_pile"], data["discard_pile"], data["removed"], *data["hands"]]
    for zone in data["zones"]:
        lists += [zone["safeties"], zone["coups_fourres"]]
    return lists


def _mutate(draw: st.DrawFn, data: dict[str, Any]) -> None:
    how = draw(st.sampled_from(["field", "move", "phase", "seat", "zone", "card"]))
    if how == "field":
        data[draw(st.sampled_from(sorted(data)))] = draw(JSON_VALUES)
    elif how == "move":  # a card taken from one list and put in another
        move_card(draw, _card_lists(data))
    elif how == "phase":  # another moment, with who acts and what the window is about
        data["phase"] = draw(st.sampled_from(PHASES))
        for key in ("actor", "layer", "source"):
            data[key] = draw(st.none() | st.integers(-1, data["players"]))
        data["pending"] = draw(st.none() | st.sampled_from(CARDS))
    elif how == "seat":
        key = draw(st.sampled_from(["actor", "turn", "layer", "source", "winners"]))
        data[key] = draw(st.integers(-1, 6) | st.lists(st.integers(-1, 6), max_size=2))
    elif how == "zone":
        zone = draw(st.sampled_from(data["zones"]))
        key = draw(st.sampled_from(sorted(zone)))
        zone[key] = draw(st.sampled_from(CARDS) | st.just([[draw(st.sampled_from(CARDS)), 1]]))
    else:
        draw(st.sampled_from(_card_lists(data))).append(draw(st.sampled_from(CARDS)))


@st.composite
def mutated_states(draw: st.DrawFn) -> Any:
    """The JSON form of a reachable Fun & Speed state, changed in up to three ways."""
    data: Any = state_to_dict(draw(st.sampled_from(corpus())))
    for _ in range(draw(st.integers(0, 3))):
        try:
            _mutate(draw, data)
        except (TypeError, KeyError, AttributeError, IndexError):  # the shape is broken
            break
    return data


@st.composite
def mutated_actions(draw: st.DrawFn) -> Any:
    """A legal Fun & Speed action's JSON form, perhaps with a field changed."""
    state = draw(st.sampled_from([s for s in corpus() if s.actor is not None]))
    data = action_to_dict(draw(st.sampled_from(legal_actions(state))))
    if draw(st.booleans()):
        data[draw(st.sampled_from(sorted(data)))] = draw(JSON_VALUES | st.sampled_from(CARDS))
    return data


def workout(state: FsState) -> None:
    """Play from an accepted state: every legal action applies, and judging any action of
    any seat raises nothing but a rejection."""
    for action in legal_actions(state):
        apply(state, action)
    for action in every_action(state)[::7]:
        with contextlib.suppress(IllegalAction):
            violations(state, action)


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-ERRORS", "FS-BOX", "FS-ACTOR")
@FUZZ
@given(data=mutated_states())
def test_a_mutated_family_state_is_refused_or_playable(data: Any) -> None:
    count("family load", "tried")
    try:
        state = state_from_dict(data)
    except MalformedInput:
        count("family load", "refused")
        return
    count("family load", "accepted")
    try:
        workout(state)
    except Exception:
        count("family load", "escapes")
        raise


FAMILY_REQUESTS = st.fixed_dictionaries(
    {"id": st.integers(0, 99), "op": st.sampled_from(["legal", "apply", "score", "start"])},
    optional={
        "state": mutated_states(),
        "action": mutated_actions(),
        "edition": st.just("fun-speed") | JSON_VALUES,
        "players": st.integers(1, 7) | JSON_VALUES,
        "options": st.just([]) | JSON_VALUES,
        "deck": st.lists(st.sampled_from(CARDS), max_size=70) | JSON_VALUES,
        "extra": SCALARS,
    },
)
"""Family requests of every op, with mutated states and actions and fields of any value."""
PLAUSIBLE = st.fixed_dictionaries(
    {
        "id": st.integers(0, 99),
        "op": st.sampled_from(["legal", "apply"]),
        "state": st.sampled_from(corpus()).map(state_to_dict),
        "action": mutated_actions(),
    }
)
"""Requests an engine should mostly take: a reachable state and a near-legal action."""


@pytest.mark.rules("PROTO-FAMILIES", "PROTO-FRAMING", "PROTO-ERRORS")
@FUZZ
@given(lines=st.lists(PLAUSIBLE | FAMILY_REQUESTS, min_size=1, max_size=4))
def test_every_fuzzed_family_request_gets_one_answer_and_none_is_internal(
    lines: list[Any],
) -> None:
    raw = b"\n".join(json.dumps(line).encode() for line in lines) + b"\n"
    out = io.BytesIO()
    assert serve(io.BytesIO(raw), out) == 0
    got = [json.loads(line) for line in out.getvalue().splitlines()]
    internal = [a for a in got if a.get("error", {}).get("kind") == "internal"]
    count("family serve", "tried", len(lines))
    count("family serve", "escapes", len(internal) + abs(len(got) - len(lines)))
    count("family serve", "accepted", sum(a["ok"] is True for a in got))
    count("family serve", "refused", sum(a["ok"] is False for a in got))
    assert len(got) == len(lines)
    assert internal == []
