"""``{av-board}``: an As du Volant board and its cars, drawn by the engine at build time.

The picture is :func:`millebornes.families.asduvolant.svg.board_svg` of a board file of
``spec/families/as-du-volant/boards/`` (the default layout unless ``:board:``
names another), with cars at the ``square/lane`` pairs of ``:cars:`` (seat 0
first), at ``:players:`` seats (lanes in use, BOARD-DARK-LANE).
"""

from __future__ import annotations

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from millebornes._spec import spec_dir
from millebornes.families.asduvolant.svg import board_svg
from millebornes.families.asduvolant.track import load_board

BOARDS = "families/as-du-volant/boards"


def _cars(text: str) -> list[tuple[int, int]]:
    return [(int(a), int(b)) for a, _, b in (pair.partition("/") for pair in text.split())]


class AvBoardDirective(SphinxDirective):
    """``{av-board}`` with ``:board: NAME``, ``:cars: SQUARE/LANE ...``, ``:players: N``."""

    has_content = False
    option_spec = {"board": str, "cars": str, "players": int}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        path = spec_dir() / BOARDS / f"{self.options.get('board', 'default')}.json"
        self.env.note_dependency(str(path))
        board = load_board(path)
        cars = _cars(self.options.get("cars", ""))
        svg = board_svg(board, cars, players=self.options.get("players", max(len(cars), 2)))
        return [nodes.raw("", f'<div class="mb-diagram-frame">{svg}</div>', format="html")]


def setup(app: Sphinx) -> None:
    app.add_directive("av-board", AvBoardDirective)
