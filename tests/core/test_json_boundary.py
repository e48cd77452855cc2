"""The one JSON boundary (``millebornes.core.jsonio``) as the Fun & Speed and As du Volant
readers meet it: bounded nesting and integers, bytes as strict UTF-8, and every failure a
:class:`MalformedInput` that names what was being read, never a RecursionError, a
ValueError, a UnicodeDecodeError or a KeyError.

Each family's state, action and (As du Volant) board reader is driven with the inputs
that once crashed it, and with inputs just inside the bounds, which must still be read.
"""

from __future__ import annotations

import io
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from millebornes._spec import spec_dir
from millebornes.conformance.server import serve
from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import MAX_DEPTH, MAX_INT_DIGITS, load_json, parse_json
from millebornes.families.asduvolant import actions as av_actions
from millebornes.families.asduvolant import engine as av_engine
from millebornes.families.asduvolant import serialize as av_json
from millebornes.families.asduvolant.track import (
    DEFAULT_BOARD,
    board_from_json,
    default_board,
    load_board,
)
from millebornes.families.funspeed import actions as fs_actions
from millebornes.families.funspeed import engine as fs_engine
from millebornes.families.funspeed import serialize as fs_json


@dataclass(frozen=True)
class Reader:
    """One family's JSON forms and a state of it to read back."""

    name: str
    forms: ModuleType
    new_state: Callable[[], Any]
    pass_action: Any


READERS = [
    Reader("fun-speed", fs_json, lambda: fs_engine.new_game(2, seed=7), fs_actions.Pass(0)),
    Reader("as-du-volant", av_json, lambda: av_engine.new_game(2, seed=7), av_actions.Pass(0)),
]
FAMILIES = pytest.mark.parametrize("reader", READERS, ids=[r.name for r in READERS])


def nested(depth: int) -> str:
    """A JSON array nested ``depth`` levels deep."""
    return "[" * depth + "]" * depth


def state_dict(reader: Reader) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(reader.forms.to_json(reader.new_state()))
    return data


# --- nesting ---------------------------------------------------------------------------------


@FAMILIES
@pytest.mark.parametrize("text", ["[" * 5000, nested(5000), nested(MAX_DEPTH + 1)])
def test_deep_nesting_is_malformed_input_naming_what_is_read(reader: Reader, text: str) -> None:
    with pytest.raises(MalformedInput, match=r"^state: nested more than 32 levels deep"):
        reader.forms.from_json(text)
    with pytest.raises(MalformedInput, match=r"^action: nested more than 32 levels deep"):
        reader.forms.action_from_json(text)


@FAMILIES
def test_nesting_is_bounded_even_in_a_field_the_reader_ignores(reader: Reader) -> None:
    # The bound holds before any field is read, in a field no state has too: a state
    # nested exactly MAX_DEPTH deep gets as far as its fields (the unknown one refused by
    # name), one level deeper does not.
    data = state_dict(reader)
    data["note"] = json.loads(nested(MAX_DEPTH - 1))
    with pytest.raises(MalformedInput, match=r"^state\.note: not a field"):
        reader.forms.from_json(json.dumps(data))
    data["note"] = json.loads(nested(MAX_DEPTH))
    with pytest.raises(MalformedInput, match=r"^state: nested more than"):
        reader.forms.from_json(json.dumps(data))


def test_deep_nesting_in_a_board_is_malformed_input() -> None:
    for text in ("[" * 5000, nested(MAX_DEPTH + 1)):
        with pytest.raises(MalformedInput, match=r"^board: nested more than"):
            board_from_json(text)


# --- integers --------------------------------------------------------------------------------


@FAMILIES
def test_huge_integers_are_malformed_input(reader: Reader) -> None:
    with pytest.raises(MalformedInput, match=r"^action: an integer of 5000 characters"):
        reader.forms.action_from_json('{"type":"pass","seat":' + "1" * 5000 + "}")
    too_long = '{"type":"pass","seat":' + "1" * (MAX_INT_DIGITS + 1) + "}"
    with pytest.raises(MalformedInput, match=rf"at most {MAX_INT_DIGITS}"):
        reader.forms.action_from_json(too_long)
    # at the bound the number is read (the seat is judged by the rules, not the reader)
    longest = int("1" * MAX_INT_DIGITS)
    action = reader.forms.action_from_json('{"type":"pass","seat":' + str(longest) + "}")
    assert action == type(reader.pass_action)(longest)
    text = reader.forms.to_json(reader.new_state()).replace(
        '"players":2', '"players":' + "9" * 5000
    )
    assert "9" * 5000 in text
    with pytest.raises(MalformedInput, match=r"^state: an integer of 5000 characters"):
        reader.forms.from_json(text)


def test_a_huge_integer_in_a_board_is_malformed_input() -> None:
    text = (spec_dir() / DEFAULT_BOARD).read_text(encoding="utf-8")
    huge = text.replace('"km": 0', '"km": ' + "1" * 5000, 1)
    assert huge != text
    with pytest.raises(MalformedInput, match=r"^board: an integer of 5000 characters"):
        board_from_json(huge)


# --- bytes -----------------------------------------------------------------------------------


@FAMILIES
def test_bytes_are_read_as_utf8(reader: Reader) -> None:
    state = reader.new_state()
    assert reader.forms.from_json(reader.forms.to_json(state).encode("utf-8")) == state
    text = reader.forms.action_to_json(reader.pass_action).encode("utf-8")
    assert reader.forms.action_from_json(text) == reader.pass_action


@FAMILIES
@pytest.mark.parametrize("raw", [b"\xff", b'{"family": "\xe9"}', b"\xed\xa0\x80"])
def test_bytes_that_are_not_utf8_are_malformed_input(reader: Reader, raw: bytes) -> None:
    with pytest.raises(MalformedInput, match=r"^state: not UTF-8"):
        reader.forms.from_json(raw)
    with pytest.raises(MalformedInput, match=r"^action: not UTF-8"):
        reader.forms.action_from_json(raw)


@pytest.mark.rules("BOARD-FILE")
def test_a_board_file_that_is_not_utf8_is_malformed_input(tmp_path: Path) -> None:
    text = (spec_dir() / DEFAULT_BOARD).read_text(encoding="utf-8")
    latin = tmp_path / "latin.json"
    latin.write_bytes(text.replace('"name": "', '"name": "\xe9', 1).encode("latin-1"))
    with pytest.raises(MalformedInput, match=r"^board: not UTF-8"):
        load_board(latin)
    utf8 = tmp_path / "utf8.json"
    utf8.write_bytes(text.encode("utf-8"))
    assert load_board(utf8) == default_board()
    assert board_from_json(text.encode("utf-8")) == default_board()


# --- missing fields --------------------------------------------------------------------------


@FAMILIES
def test_a_state_without_phase_names_the_missing_field(reader: Reader) -> None:
    data = state_dict(reader)
    del data["phase"]
    with pytest.raises(MalformedInput, match=r"^phase: missing"):
        reader.forms.from_json(json.dumps(data))
    data["phase"] = "nowhere"
    with pytest.raises(MalformedInput, match=r"^phase: unknown phase 'nowhere'"):
        reader.forms.from_json(json.dumps(data))


@pytest.mark.rules("PROTO-ERRORS")
@FAMILIES
def test_serve_answers_a_state_without_phase_as_malformed(reader: Reader) -> None:
    state = state_dict(reader)
    del state["phase"]
    request = {"id": 1, "op": "legal", "state": state}
    out = io.BytesIO()
    assert serve(io.BytesIO(json.dumps(request).encode() + b"\n"), out) == 0
    answer = json.loads(out.getvalue())
    assert answer["error"]["kind"] == "malformed", answer
    assert answer["error"]["message"].startswith("phase: missing"), answer


# --- the boundary itself ---------------------------------------------------------------------


@pytest.mark.parametrize("text", ["[" * 5000, "1" * 5000, b"\xff", "{", b"{"])
def test_parse_json_names_what_it_reads_and_load_json_is_bounded_alike(text: str | bytes) -> None:
    with pytest.raises(MalformedInput, match=r"^thing: "):
        parse_json(text, "thing")
    with pytest.raises(MalformedInput):
        load_json(text)


def test_what_is_not_text_is_malformed_input() -> None:
    with pytest.raises(MalformedInput, match=r"^thing: expected JSON text, got int"):
        parse_json(3, "thing")  # type: ignore[arg-type]


def test_nan_is_read_by_the_family_readers_as_before_and_refused_by_the_protocol() -> None:
    value = parse_json("[NaN, Infinity]", "thing")
    assert isinstance(value, list) and math.isnan(value[0]) and value[1] == math.inf
    with pytest.raises(MalformedInput, match="NaN is not JSON"):
        load_json("[NaN]")
