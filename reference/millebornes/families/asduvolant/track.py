"""The As du Volant track as data: board files, their checks, and the routes cars take.

A board file (spec/families/as-du-volant/board.md, ``board.schema.json``) lists
squares with their km, lanes, speed limit, bonus, next square and shortcut.
:func:`board_from_dict` is the boundary: it returns a valid :class:`Board` or
raises :class:`MalformedInput` naming the field (BOARD-FILE). The default board
is the assumption ASM-AV-LAYOUT.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from millebornes._spec import spec_dir
from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import json_field, parse_json
from millebornes.families.asduvolant.cards import DATA, SQUARE_KM

FORMAT = "mille-bornes-av-board/1"
DEFAULT_BOARD = "families/as-du-volant/boards/default.json"
_TOP_KEYS = frozenset({"$comment", "format", "name", "start", "finish", "squares"})
_SQUARE_KEYS = ("id", "km", "lanes", "dark_lanes", "limit", "bonus", "next", "shortcut")
_REQUIRED = frozenset({"id", "km", "lanes", "next"})


@dataclass(frozen=True, slots=True)
class Square:
    """One square of the track (BOARD-SQUARES, BOARD-LANES, BOARD-LIMIT, BOARD-BONUS)."""

    id: int
    km: int
    lanes: int
    dark_lanes: int = 0
    limit: int | None = None
    bonus: int | None = None
    next: int | None = None
    shortcut: int | None = None


@dataclass(frozen=True, slots=True)
class Board:
    """A whole track: its squares, start and finish (RUL-AV-BOARD-FILE).

    A board never changes, so what the rules ask of it at every candidate move is worked
    out once per board (:class:`_Tables`), not walked square by square each time."""

    name: str
    start: int
    finish: int
    squares: tuple[Square, ...]
    _tables: _Tables = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_tables", _Tables(self.squares, self.start))

    @property
    def main(self) -> tuple[int, ...]:
        """The main route, start to finish, following ``next`` alone."""
        return self._tables.main

    def lanes_for(self, square: int, players: int) -> int:
        """BOARD-DARK-LANE: the lanes in use on ``square`` at ``players`` seats."""
        lanes = self._tables.lanes if players >= DATA.dark_lane_seats else self._tables.lit
        return lanes[square]

    def goal_square(self, goal: int) -> int:
        """RUL-AV-700: the main-route square at ``goal`` km, the finish of the race."""
        return self._tables.at_km[goal]

    def route(self, start: int, steps: int, shortcut: bool, goal: int) -> tuple[int, ...] | None:
        """The squares a move of ``steps`` squares from ``start`` visits, its end last
        (BOARD-SQUARES, AV-SHORTCUT: only the first step may take a shortcut); None when the
        track ends first or the move would go past ``goal`` km (AV-MOVE-EXACT, RUL-AV-700)."""
        key = (start, steps, shortcut)
        known = self._tables.routes.get(key)
        if known is None:
            known = self._tables.routes[key] = _walk(self.squares, start, steps, shortcut)
        path, farthest = known
        return None if path is None or farthest > goal else path

    def to_dict(self) -> dict[str, Any]:
        """The board as its file says it (defaults left out), for states and cases."""
        squares = []
        for sq in self.squares:
            item: dict[str, Any] = {"id": sq.id, "km": sq.km, "lanes": sq.lanes}
            for name in ("dark_lanes", "limit", "bonus", "shortcut"):
                value = getattr(sq, name)
                if value:
                    item[name] = value
            item["next"] = sq.next
            squares.append(item)
        return {
            "format": FORMAT,
            "name": self.name,
            "start": self.start,
            "finish": self.finish,
            "squares": squares,
        }


def _main_route(squares: tuple[Square, ...], start: int) -> tuple[int, ...]:
    route, here, seen = [], start, set()
    while here is not None and here not in seen:
        seen.add(here)
        route.append(here)
        here = squares[here].next  # type: ignore[assignment]
    return tuple(route)


class _Tables:
    """What the rules read of a board, worked out once: the main route, the finish of each
    goal, the lanes in use with and without the dark ones, and each move's route (filled as
    moves are asked for: a route depends on its start, length and shortcut only)."""

    __slots__ = ("at_km", "lanes", "lit", "main", "routes")

    def __init__(self, squares: tuple[Square, ...], start: int) -> None:
        self.main = _main_route(squares, start)
        # The first main-route square at each km, as goal_square searched it.
        self.at_km: dict[int, int] = {}
        for i in self.main:
            self.at_km.setdefault(squares[i].km, i)
        self.lanes = tuple(sq.lanes for sq in squares)
        self.lit = tuple(sq.lanes - sq.dark_lanes for sq in squares)
        self.routes: dict[tuple[int, int, bool], tuple[tuple[int, ...] | None, int]] = {}


def _walk(
    squares: tuple[Square, ...], start: int, steps: int, shortcut: bool
) -> tuple[tuple[int, ...] | None, int]:
    """A move's squares (None if the track ends first) and the most km among them: the
    move goes past a goal exactly when that most is beyond it."""
    here, visited, farthest = start, [], -1
    for step in range(steps):
        square = squares[here]
        following = square.shortcut if step == 0 and shortcut else square.next
        if following is None:
            return None, farthest
        visited.append(following)
        farthest = max(farthest, squares[following].km)
        here = following
    return tuple(visited), farthest


# --- the boundary ----------------------------------------------------------------------------


def _whole(value: object, field: str, *, low: int = 0, step: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low or value % step:
        shape = f"a multiple of {step}" if step > 1 else "a whole number"
        raise MalformedInput(f"{field}: {shape} from {low}, not {value!r}")
    return value


def _square(value: object, i: int, count: int) -> Square:
    where = f"squares[{i}]"
    if not isinstance(value, dict):
        raise MalformedInput(f"{where}: a JSON object, not {value!r}")
    for key in value:
        if key not in _SQUARE_KEYS:
            raise MalformedInput(f"{where}.{key}: not a square field ({', '.join(_SQUARE_KEYS)})")
    for key in sorted(_REQUIRED - set(value)):
        raise MalformedInput(f"{where}.{key}: missing")
    if _whole(value["id"], f"{where}.id") != i:
        raise MalformedInput(f"{where}.id: {value['id']} is not its position {i}")
    links: list[int | None] = []
    for name in ("next", "shortcut"):
        link = value.get(name)
        if link is not None and _whole(link, f"{where}.{name}") >= count:
            raise MalformedInput(f"{where}.{name}: no square {link} (0..{count - 1})")
        links.append(link)
    lanes = _whole(value["lanes"], f"{where}.lanes", low=1)
    dark = _whole(value.get("dark_lanes", 0), f"{where}.dark_lanes")
    if dark >= lanes:
        raise MalformedInput(f"{where}.dark_lanes: {dark} leaves no other lane of {lanes}")
    extras = {
        name: _whole(value[name], f"{where}.{name}", low=SQUARE_KM, step=SQUARE_KM)
        for name in ("limit", "bonus")
        if value.get(name) is not None
    }
    km = _whole(value["km"], f"{where}.km", step=SQUARE_KM)
    return Square(i, km, lanes, dark, extras.get("limit"), extras.get("bonus"), *links)


def board_from_dict(data: object) -> Board:
    """The board ``data`` describes, or :class:`MalformedInput` naming the wrong field
    (BOARD-FILE)."""
    if not isinstance(data, dict):
        raise MalformedInput(f"board: a JSON object, not {type(data).__name__}")
    for key in data:
        if key not in _TOP_KEYS:
            raise MalformedInput(f"board.{key}: unexpected field")
    if json_field(data, "format") != FORMAT:
        raise MalformedInput(f"format: {FORMAT!r} expected, not {data['format']!r}")
    name = json_field(data, "name")
    if not isinstance(name, str) or not name:
        raise MalformedInput(f"name: a non-empty string, not {name!r}")
    raw = json_field(data, "squares")
    if not isinstance(raw, list) or len(raw) < 2:
        raise MalformedInput("squares: a list of at least two squares")
    squares = tuple(_square(value, i, len(raw)) for i, value in enumerate(raw))
    ends = []
    for end in ("start", "finish"):
        index = _whole(json_field(data, end), end)
        if index >= len(squares):
            raise MalformedInput(f"{end}: no square {index} (0..{len(squares) - 1})")
        ends.append(index)
    board = Board(name, ends[0], ends[1], squares)
    _check_routes(board)
    return board


def _check_routes(board: Board) -> None:
    """BOARD-FILE: the main route, the ends, the shortcuts and the start's room."""
    sq = board.squares
    main = board.main
    if main[-1] != board.finish or sq[board.finish].next is not None:
        raise MalformedInput("squares: the main route from start does not end on finish")
    for before, after in pairwise(main):
        if sq[after].km != sq[before].km + SQUARE_KM:
            raise MalformedInput(f"squares[{after}].km: {sq[before].km + SQUARE_KM} expected")
    if sq[board.start].km != 0 or sq[board.finish].km != DATA.goal:
        raise MalformedInput(f"squares: start at 0 km and finish at {DATA.goal} km")
    for end in (board.start, board.finish):
        if sq[end].limit or sq[end].bonus:
            raise MalformedInput(f"squares[{end}]: no limit or bonus on the start or finish")
    if sq[board.start].lanes - sq[board.start].dark_lanes < max(DATA.seats):
        raise MalformedInput(f"squares[{board.start}].lanes: the start holds every car")
    on_route, seen = set(main), set(main)
    for entry in main:
        if sq[entry].shortcut is not None:
            seen |= _check_shortcut(board, entry, on_route)
    for square in sq:
        if square.id not in seen:
            raise MalformedInput(f"squares[{square.id}]: on neither the main route nor a shortcut")
        if square.shortcut is not None and square.id not in on_route:
            raise MalformedInput(f"squares[{square.id}].shortcut: only on a main-route square")


def _check_shortcut(board: Board, entry: int, on_route: set[int]) -> set[int]:
    """BOARD-SHORTCUT: off the main route, km rising, back to a later main square."""
    sq = board.squares
    here, km, branch = sq[entry].shortcut, sq[entry].km, set()
    if here in on_route:
        raise MalformedInput(f"squares[{entry}].shortcut: {here} is on the main route")
    while here is not None and here not in on_route:
        if here in branch or sq[here].km <= km:
            raise MalformedInput(f"squares[{here}]: a shortcut's km must rise, without loops")
        branch.add(here)
        km, here = sq[here].km, sq[here].next
    if here is None or sq[here].km <= km:
        raise MalformedInput(f"squares[{entry}].shortcut: must join the main route further on")
    return branch


def board_from_json(text: str | bytes) -> Board:
    """The board ``text`` describes (bytes must be UTF-8), or :class:`MalformedInput`."""
    return board_from_dict(parse_json(text, "board"))


def load_board(path: str | Path) -> Board:
    """The board of the file at ``path`` (BOARD-FILE). The file is read as bytes and
    decoded by the JSON boundary, so a file that is not UTF-8 is :class:`MalformedInput`
    like any other bad board."""
    try:
        text = Path(path).read_bytes()
    except OSError as error:
        raise MalformedInput(f"board: cannot read {path}: {error.strerror}") from None
    return board_from_json(text)


@cache
def default_board() -> Board:
    """ASM-AV-LAYOUT: the family's default track."""
    return load_board(spec_dir() / DEFAULT_BOARD)
