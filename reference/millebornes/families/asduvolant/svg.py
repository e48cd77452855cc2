"""An SVG picture of an As du Volant board and its cars, for the docs.

The main route is drawn as a serpentine of rows of ten squares; a shortcut's
squares sit below the row, between its entry and its exit. Each square shows its
lanes (dark-grey lanes darker, BOARD-DARK-LANE), its km, its speed limit in a red
ring (BOARD-LIMIT) and its bonus in green (BOARD-BONUS); cars are coloured discs
on their lanes.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from millebornes.families.asduvolant.track import Board

PER_ROW = 10
WIDTH, HEIGHT, GAP, PITCH = 64, 48, 10, 130
COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#17becf")


def _places(board: Board) -> dict[int, tuple[float, float]]:
    """The top-left corner of every square."""
    places: dict[int, tuple[float, float]] = {}
    for k, square in enumerate(board.main):
        row, col = divmod(k, PER_ROW)
        col = col if row % 2 == 0 else PER_ROW - 1 - col
        places[square] = (GAP + col * (WIDTH + GAP), GAP + row * PITCH)
    for entry in board.main:
        here = board.squares[entry].shortcut
        branch = []
        while here is not None and here not in places:
            branch.append(here)
            here = board.squares[here].next
        if here is None:
            continue
        (x0, y0), (x1, _) = places[entry], places[here]
        for i, square in enumerate(branch, start=1):
            x = x0 + (x1 - x0) * i / (len(branch) + 1)
            places[square] = (x, y0 + HEIGHT + 20)
    return places


def board_svg(board: Board, cars: Sequence[tuple[int, int]] = (), players: int = 6) -> str:
    """The board with a car of seat i on ``cars[i]`` = (square, lane), at ``players`` seats."""
    places = _places(board)
    rows = (len(board.main) + PER_ROW - 1) // PER_ROW
    width, height = GAP + PER_ROW * (WIDTH + GAP), GAP + rows * PITCH
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" font-family="sans-serif" font-size="10">',
        f"<title>{escape(board.name)} board</title>",
    ]
    for square in board.squares:  # the road between squares first, under them
        for link in (square.next, square.shortcut):
            if link is not None and square.id in places and link in places:
                (x0, y0), (x1, y1) = places[square.id], places[link]
                out.append(
                    f'<line x1="{x0 + WIDTH / 2}" y1="{y0 + HEIGHT / 2}" x2="{x1 + WIDTH / 2}" '
                    f'y2="{y1 + HEIGHT / 2}" stroke="#999" stroke-width="3"/>'
                )
    for square in board.squares:
        x, y = places[square.id]
        usable = board.lanes_for(square.id, players)
        lane_h = HEIGHT / square.lanes
        for lane in range(square.lanes):
            fill = "#eee" if lane < square.lanes - square.dark_lanes else "#888"
            out.append(
                f'<rect x="{x}" y="{y + lane * lane_h}" width="{WIDTH}" height="{lane_h}" '
                f'fill="{fill}" stroke="#555" stroke-width="0.5"/>'
            )
        out.append(
            f'<rect x="{x}" y="{y}" width="{WIDTH}" height="{HEIGHT}" fill="none" '
            f'stroke="#222" stroke-width="1.5"><title>square {square.id}: {square.km} km, '
            f"{usable} lane(s) in use</title></rect>"
        )
        label = {board.start: "Départ", board.finish: "1000"}.get(square.id, str(square.km))
        out.append(f'<text x="{x + 2}" y="{y - 2}">{label}</text>')
        if square.limit:
            out.append(
                f'<circle cx="{x + WIDTH - 11}" cy="{y + 11}" r="9" fill="white" '
                f'stroke="#c00" stroke-width="2.5"/><text x="{x + WIDTH - 11}" y="{y + 14}" '
                f'text-anchor="middle" font-size="8">{square.limit}</text>'
            )
        if square.bonus:
            out.append(
                f'<text x="{x + 4}" y="{y + HEIGHT - 4}" fill="#080" font-weight="bold">'
                f"+{square.bonus}</text>"
            )
    for seat, (square_id, lane) in enumerate(cars):
        x, y = places[square_id]
        lane_h = HEIGHT / board.squares[square_id].lanes
        wide = board.squares[square_id].lanes >= 6  # the start and finish zones
        cx = x + 6 + 10 * lane if wide else x + WIDTH / 2
        cy = y + HEIGHT / 2 if wide else y + lane_h * (lane + 0.5)
        out.append(
            f'<circle cx="{cx}" cy="{cy}" r="{5 if wide else min(lane_h / 2 - 1, 7)}" '
            f'fill="{COLOURS[seat % len(COLOURS)]}" stroke="black"><title>seat {seat}</title>'
            "</circle>"
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"
