"""A board prints as its board file says (BOARD-FILE), never with the tables the engine
works out from it: two boards read from the same file, and so a state and the same state
read back from its JSON, print alike (no memory address in a repr), so that a state's
repr can be logged and compared across runs."""

from __future__ import annotations

import pytest

from millebornes.families.asduvolant import new_game
from millebornes.families.asduvolant.serialize import from_json, to_json
from millebornes.families.asduvolant.track import board_from_dict, default_board


@pytest.mark.rules("BOARD-FILE")
def test_a_board_read_again_from_its_file_prints_alike() -> None:
    board = default_board()
    again = board_from_dict(board.to_dict())
    assert again is not board and repr(again) == repr(board)
    assert repr(board).startswith(f"Board(name={board.name!r}, start={board.start}")


@pytest.mark.rules("BOARD-FILE")
def test_a_state_read_back_prints_as_the_state_written() -> None:
    state = new_game(3, seed=5)
    assert repr(from_json(to_json(state))) == repr(state)
