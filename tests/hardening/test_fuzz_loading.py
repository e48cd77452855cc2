"""Fuzzing the loaders: any text becomes a valid state or action, or ``MalformedInput``.

Nothing else may escape (no RecursionError, no ValueError from a long integer, no
TypeError from a list where a name belongs), and a state that is accepted satisfies
every state invariant of the catalogue and can be played from (fuzz_support.workout).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from fuzz_support import (
    FUZZ,
    HOSTILE_TEXT,
    JSON_VALUES,
    corpus,
    count,
    mutated_actions,
    mutated_states,
    nested,
    show_tally,
    workout,
)
from hypothesis import given
from hypothesis import strategies as st

from millebornes.core.jsonio import MAX_DEPTH, MAX_INT_DIGITS, canonical
from millebornes.families.classic import (
    Card,
    Deal,
    Draw,
    IllegalAction,
    MalformedInput,
    action_from_json,
    apply,
    deal_from_seed,
    from_json,
    new_match,
    new_round,
    state_to_dict,
    to_json,
)
from millebornes_invariants.catalogue import STATE_INVARIANTS


@pytest.fixture(scope="module", autouse=True)
def _figures(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    show_tally(request.config)


def _load(target: str, loader: Any, text: str | bytes) -> Any:
    """Load ``text``, counting the outcome; any exception but MalformedInput fails."""
    count(target, "tried")
    try:
        value = loader(text)
    except MalformedInput as error:
        count(target, "refused")
        assert str(error)
        return None
    except BaseException:
        count(target, "escapes")
        raise
    count(target, "accepted")
    return value


def _text(data: Any) -> str:
    return json.dumps(data, allow_nan=True)


@pytest.mark.rules("PROTO-FORMATS", "BOX-CONTENTS")
@FUZZ
@given(text=st.one_of(*[mutated_states().map(_text)] * 3, JSON_VALUES.map(_text), HOSTILE_TEXT))
def test_from_json_accepts_only_states_every_invariant_holds_in(text: str | bytes) -> None:
    state = _load("from_json", from_json, text)
    if state is None:
        return
    problems = workout(state)
    if problems:
        count("from_json", "broken")
    assert problems == []
    assert from_json(to_json(state)) == state


@pytest.mark.rules("PROTO-FORMATS")
@FUZZ
@given(text=st.one_of(*[mutated_actions().map(_text)] * 3, JSON_VALUES.map(_text), HOSTILE_TEXT))
def test_action_from_json_gives_an_action_the_engine_can_judge_or_refuses(
    text: str | bytes,
) -> None:
    action = _load("action_from_json", action_from_json, text)
    if action is None:
        return
    state = corpus()[len(text) % len(corpus())]
    try:  # judged: applied, refused as illegal, or refused as malformed for this state
        apply(state, action)
    except MalformedInput:
        pass
    except IllegalAction as error:
        assert error.rule_ids
    hash(action)


def test_nesting_and_integers_are_bounded_explicitly() -> None:
    with pytest.raises(MalformedInput, match="expected an object"):
        action_from_json(nested(MAX_DEPTH))  # as deep as allowed: read, then judged
    with pytest.raises(MalformedInput, match="levels deep"):
        from_json(nested(MAX_DEPTH + 1))
    with pytest.raises(MalformedInput, match="levels deep"):
        action_from_json(nested(100_000))
    with pytest.raises(MalformedInput, match="at most"):
        from_json("9" * (MAX_INT_DIGITS + 1))
    with pytest.raises(MalformedInput, match="at most"):
        action_from_json('{"type":"draw","seat":' + "1" * 5000 + "}")
    # Brackets inside strings do not count towards the depth.
    with pytest.raises(MalformedInput, match=r"action\.type: unknown"):
        action_from_json(json.dumps({"type": "[" * 1000, "seat": 0}))


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ('{"type":[],"seat":0}', "action.type"),
        ('{"type":{},"seat":0}', "action.type"),
        ('{"type":"draw","seat":true}', "action.seat"),
        ('{"type":"draw","seat":2.0}', "action.seat"),
        ('{"type":"play","seat":0,"card":"D25","target":false}', "action.target"),
        ('{"type":"extension","seat":0,"extend":1}', "action.extend"),
        ('{"type":"deal","seat":0,"deck":"D25"}', "action.deck"),
        ('{"type":"discard","seat":0,"card":["D25"]}', "action.card"),
    ],
)
def test_a_refused_action_names_its_field(text: str, field: str) -> None:
    with pytest.raises(MalformedInput, match=field.replace(".", r"\.")):
        action_from_json(text)


def test_actions_built_in_python_are_checked_too() -> None:
    """The boundary is also the engine's: a bool is not a seat, a deck is a tuple."""
    state = new_round(seed=3)
    with pytest.raises(MalformedInput, match="seat True"):
        apply(state, Draw(seat=True))
    deck = list(deal_from_seed(new_match(), 3).deck)  # the right cards, in a list
    with pytest.raises(MalformedInput, match="tuple of cards"):
        apply(new_match(), Deal(0, deck))  # type: ignore[arg-type]


def _draw_early(data: dict[str, Any], seat: int) -> None:
    """``seat`` takes the top card of the draw pile into its hand, kept in card order."""
    hand = [Card[name] for name in data["hands"][seat]] + [Card[data["draw_pile"].pop(0)]]
    data["hands"][seat] = [card.name for card in sorted(hand)]


@pytest.mark.parametrize(
    ("change", "invariant"),
    [
        (lambda d: _draw_early(d, 1), "INV-HAND-SIZE"),
        (lambda d: d.update(phase="draw", draw_pile=[], discard_pile=d["discard_pile"]
                            + d["draw_pile"]), "INV-ACTOR-CAN-ACT"),
        (lambda d: d.update(scores=[-5, 0]), "INV-MATCH-END"),
        (lambda d: d.update(actor=0), "INV-ONE-ACTOR"),
        (lambda d: d.update(phase="extension"), "extension decision"),
    ],
)  # fmt: skip
def test_a_state_breaking_an_invariant_is_refused_with_its_id(change: Any, invariant: str) -> None:
    data = state_to_dict(new_round(seed=5))  # classic, 2 players: seat 1 draws first
    change(data)
    with pytest.raises(MalformedInput, match=invariant):
        from_json(canonical(data))


def test_every_state_invariant_is_enforced_when_loading() -> None:
    """The loader and the catalogue run the same functions
    (millebornes.families.classic.state_checks)."""
    from millebornes.families.classic.state_checks import STATE_CHECKS  # noqa: PLC0415

    assert [inv.id for inv in STATE_INVARIANTS] == list(STATE_CHECKS)
    assert all(inv.check is STATE_CHECKS[inv.id] for inv in STATE_INVARIANTS)
