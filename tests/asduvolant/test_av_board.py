"""Board files: the schema, the checks of the boundary, the default layout, another layout
loaded from a file, and the SVG."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from av_support import C, assert_legal
from jsonschema import Draft202012Validator  # type: ignore[import-untyped]

from millebornes._spec import load_json, spec_dir
from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant import AvPhase, default_board, load_board, new_game
from millebornes.families.asduvolant.actions import DrawPile, Move
from millebornes.families.asduvolant.svg import board_svg
from millebornes.families.asduvolant.track import board_from_dict

SCHEMA = load_json("families/as-du-volant/board.schema.json")
DEFAULT = load_json("families/as-du-volant/boards/default.json")


def small_board() -> dict[str, Any]:
    """A board of another shape: 40 squares of two plain lanes, one limit, one bonus near the
    finish (+75 at 950 km, which would overshoot) and no shortcut."""
    squares: list[dict[str, Any]] = [
        {"id": i, "km": 25 * i, "lanes": 2, "next": i + 1} for i in range(41)
    ]
    squares[0]["lanes"] = squares[40]["lanes"] = 6
    squares[40]["next"] = None
    squares[4]["limit"] = 50
    squares[38]["bonus"] = 75
    squares[2]["bonus"] = 50
    return {"format": "mille-bornes-av-board/1", "name": "plain", "start": 0, "finish": 40,
            "squares": squares}  # fmt: skip


@pytest.mark.rules("BOARD-FILE", "ASM-AV-LAYOUT", "RUL-AV-BOARD-FILE")
def test_the_default_board_matches_the_schema_and_the_stated_layout() -> None:
    Draft202012Validator(SCHEMA).validate(DEFAULT)
    board = default_board()
    assert board.to_dict() == {k: v for k, v in DEFAULT.items() if k != "$comment"}
    squares = board.squares
    assert len(board.main) == 41 and squares[board.finish].km == 1000
    assert board.goal_square(700) == 28
    assert [sq.km for sq in squares if sq.lanes == 1 and sq.id in board.main] == [
        200, 575, 925, 950]  # fmt: skip
    assert sorted((sq.km, sq.limit) for sq in squares if sq.limit) == [
        (150, 75), (250, 50), (375, 75), (500, 50), (650, 75), (800, 50), (900, 75)]  # fmt: skip
    assert sorted((sq.km, sq.bonus) for sq in squares if sq.bonus) == [
        (125, 50), (350, 25), (600, 75), (750, 50)]  # fmt: skip
    assert squares[12].shortcut == 41 and squares[41].next == 42 and squares[42].next == 18


BROKEN: list[tuple[str, Any, str]] = [
    ("format", "v2", "format"),
    ("squares.3.km", 80, r"squares\[3\]\.km"),
    ("squares.3.lanes", 0, r"squares\[3\]\.lanes"),
    ("squares.3.dark_lanes", 3, r"squares\[3\]\.dark_lanes"),
    ("squares.3.limit", 60, r"squares\[3\]\.limit"),
    ("squares.3.next", 99, r"squares\[3\]\.next"),
    ("squares.3.id", 4, r"squares\[3\]\.id"),
    ("squares.3.colour", "red", r"squares\[3\]\.colour"),
    ("squares.3.next", 2, "squares"),
    ("squares.0.bonus", 50, r"squares\[0\]"),
    ("squares.0.lanes", 3, r"squares\[0\]\.lanes"),
    ("squares.41.km", 300, r"squares\[41\]"),
    ("squares.42.next", 10, r"squares\[12\]\.shortcut"),
    ("squares.12.shortcut", 13, r"squares\[12\]\.shortcut"),
    ("squares.41.shortcut", 18, r"squares\[41\]\.shortcut"),
    ("start", 50, "start"),
    ("name", "", "name"),
]


@pytest.mark.rules("BOARD-FILE")
@pytest.mark.parametrize(("where", "value", "named"), BROKEN)
def test_a_broken_board_is_refused_naming_the_field(where: str, value: Any, named: str) -> None:
    data = copy.deepcopy(DEFAULT)
    *path, last = where.split(".")
    target: Any = data
    for part in path:
        target = target[int(part)] if part.isdigit() else target[part]
    target[last] = value
    with pytest.raises(MalformedInput, match=named):
        board_from_dict(data)


@pytest.mark.rules("BOARD-FILE")
def test_unreadable_and_non_json_files_are_malformed_input(tmp_path: Path) -> None:
    with pytest.raises(MalformedInput, match="cannot read"):
        load_board(tmp_path / "missing.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    with pytest.raises(MalformedInput, match="board: not JSON"):
        load_board(bad)


@pytest.mark.rules("BOARD-FILE", "BOARD-SQUARES", "BOARD-LIMIT", "BOARD-BONUS", "RUL-AV-BONUS")
def test_a_board_loaded_from_a_file_drives_the_game(tmp_path: Path) -> None:
    data = small_board()
    Draft202012Validator(SCHEMA).validate(data)
    path = tmp_path / "plain.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    board = load_board(path)
    order = [C.D50, C.ROLL, C.D100, C.ROLL]
    rest = list(new_game(2, seed=1).all_cards())
    for card in order:
        rest.remove(card)
    state = new_game(2, deck=(*order, *sorted(rest)), board=board)
    state = assert_legal(state, DrawPile(0))
    state = assert_legal(state, Move(0, C.D50, False, False))
    assert state.cars[0].square == 4  # square 2's +50 bonus: 100 km
    # On square 4 (limit 50) a 100 is refused; a bonus that would overshoot is lost.
    state = assert_legal(state, DrawPile(1))
    assert state.phase is AvPhase.PLAY and state.board.name == "plain"
    near = board.route(36, 2, False, 1000)
    assert near == (37, 38) and board.route(38, 3, False, 1000) is None


@pytest.mark.rules("BOARD-LANES", "BOARD-DARK-LANE", "BOARD-LIMIT", "BOARD-BONUS")
def test_the_svg_draws_every_square_lane_limit_bonus_and_car() -> None:
    board = default_board()
    svg = board_svg(board, [(0, 0), (12, 1), (41, 0)], players=3)
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")
    assert svg.count("<title>square ") == len(board.squares)
    assert svg.count("<title>seat ") == 3
    assert svg.count('stroke="#c00"') == 7 and svg.count('fill="#080"') == 4
    assert svg.count('fill="#888"') == sum(sq.dark_lanes for sq in board.squares)
    assert (spec_dir() / "families/as-du-volant/board.schema.json").is_file()
