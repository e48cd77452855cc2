"""A small layered graph layout that writes SVG: the diagrams need no Graphviz.

Why not Graphviz: it is a system package, so a fresh clone could not build the
site without root, and its output differs between versions. These graphs have
a dozen nodes; a hundred-odd lines of the classic layered method do:

1. break cycles: an edge that goes back towards a source (breadth-first
   depth) is drawn upwards, and so is one closing a cycle at the same depth;
2. give each node a layer, the longest path from a source, and double the
   layers so that every edge crosses at least one in-between rank where its
   label sits, taking room like a node (as Graphviz does);
3. replace edges that span ranks by chains of dummy points;
4. order each rank by the barycentre of its neighbours, sweeping down and up;
5. place each rank horizontally as close as possible to its neighbours, keeping
   the gaps (least squares under order constraints: pool adjacent violators);
6. draw edges straight down through each rank they cross and as S-curves only in
   the gaps between ranks; a label sits to the right of its edge's line, in a box
   the placement keeps clear of every other box of its rank, so no line crosses a
   label or a node, and no label covers another.

Colours come from CSS classes (``docs/_static/millebornes.css``), so the
diagrams follow the theme, dark mode included. Output is deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from html import escape
from itertools import pairwise

FONT_SIZE = 13
SMALL_SIZE = 11.5  # notes and edge labels (svg.mb-diagram .mb-node-note, .mb-label)
LINE_HEIGHT = 17
CHAR_WIDTH = 0.56  # a generous average advance of a sans-serif, in ems
PAD_X, PAD_Y = 12, 8
GAP_X = 26
GAP_Y = 26
MARGIN = 14
LOOP = 34
LABEL_INSET = 2  # the line runs this far inside a label box's left side
LABEL_GAP = 6  # between the line and the label's text


@dataclass(frozen=True)
class Node:
    id: str
    lines: tuple[str, ...]
    """The first line is the title (bold); the others are smaller notes."""
    css: str = "neutral"
    link: str | None = None
    """What the node links to, in the caller's terms (resolved by ``render``'s ``resolve``)."""


@dataclass(frozen=True)
class Edge:
    source: str
    target: str
    lines: tuple[str, ...] = ()
    css: str = "plain"
    dashed: bool = False
    note: str = ""
    """What the edge means, for the text table under the drawing."""


@dataclass(frozen=True)
class Graph:
    id: str
    """Prefix of every SVG id, unique on the page."""
    title: str
    description: str
    nodes: tuple[Node, ...]
    edges: tuple[Edge, ...]


def text_width(text: str, size: float = SMALL_SIZE, bold: bool = False) -> float:
    return len(text) * CHAR_WIDTH * size * (1.08 if bold else 1.0)


@dataclass
class _Box:
    """A node or dummy point of the layout."""

    key: str
    rank: int
    width: float
    height: float
    node: Node | None = None
    label: tuple[str, ...] = ()
    x: float = 0.0  # centre
    y: float = 0.0  # centre
    order: float = 0.0
    extra_right: float = 0.0
    """Room a self-loop and its label take on the right of a node."""
    band: tuple[float, float] = (0.0, 0.0)
    """Top and bottom of the box's rank: an edge runs straight down through it."""
    up: list[str] = field(default_factory=list)
    down: list[str] = field(default_factory=list)

    @property
    def through(self) -> float:
        """Where an edge passes this box: a label's left side (the text is on the
        right of the line), else the centre."""
        return self.x - self.width / 2 + LABEL_INSET if self.label else self.x

    def rect(self) -> Rect:
        return Rect(self.x - self.width / 2, self.y - self.height / 2, self.width, self.height)


@dataclass(frozen=True)
class Rect:
    """A rectangle of the drawing: left, top, width, height."""

    x: float
    y: float
    width: float
    height: float

    def overlaps(self, other: Rect) -> bool:
        return (
            self.x < other.x + other.width
            and other.x < self.x + self.width
            and self.y < other.y + other.height
            and other.y < self.y + self.height
        )

    def contains(self, x: float, y: float) -> bool:
        return self.x < x < self.x + self.width and self.y < y < self.y + self.height


def _bfs_depth(graph: Graph) -> dict[str, int]:
    """Steps from the nearest source (a node no edge enters), breadth first."""
    succ: dict[str, list[str]] = {n.id: [] for n in graph.nodes}
    for edge in graph.edges:
        if edge.source != edge.target:
            succ[edge.source].append(edge.target)
    entered = {e.target for e in graph.edges if e.source != e.target}
    depth: dict[str, int] = {}
    for start in [n.id for n in graph.nodes if n.id not in entered] + [n.id for n in graph.nodes]:
        if start in depth:
            continue
        depth[start] = 0
        queue = [start]
        while queue:
            node = queue.pop(0)
            for target in succ[node]:
                if target not in depth:
                    depth[target] = depth[node] + 1
                    queue.append(target)
    return depth


def _reversed_edges(graph: Graph, depth: dict[str, int]) -> set[int]:
    """Indexes of the edges drawn upwards: those going back towards a source, and
    those that close a cycle among nodes at the same depth."""
    back = {
        index
        for index, edge in enumerate(graph.edges)
        if edge.source != edge.target and depth[edge.target] < depth[edge.source]
    }
    level: dict[str, list[tuple[int, str]]] = {n.id: [] for n in graph.nodes}
    for index, edge in enumerate(graph.edges):
        if edge.source != edge.target and depth[edge.target] == depth[edge.source]:
            level[edge.source].append((index, edge.target))
    state: dict[str, int] = {}  # 1 on the stack, 2 done

    def visit(node: str) -> None:
        state[node] = 1
        for index, target in level[node]:
            if state.get(target) == 1:
                back.add(index)
            elif target not in state:
                visit(target)
        state[node] = 2

    for node in graph.nodes:
        if node.id not in state:
            visit(node.id)
    return back


def _layers(graph: Graph, back: set[int]) -> dict[str, int]:
    """Longest path from a source, with the upward edges counted reversed. Every
    constraint goes from a smaller depth to a larger one or along an acyclic
    same-depth edge, so this terminates and keeps sources on top."""
    preds: dict[str, list[str]] = {n.id: [] for n in graph.nodes}
    for index, edge in enumerate(graph.edges):
        if edge.source == edge.target:
            continue
        a, b = (edge.target, edge.source) if index in back else (edge.source, edge.target)
        preds[b].append(a)
    layer: dict[str, int] = {}

    def longest(node: str) -> int:
        if node not in layer:
            layer[node] = 0  # guards against a cycle left by a bad input
            layer[node] = max((longest(p) + 1 for p in preds[node]), default=0)
        return layer[node]

    for node in graph.nodes:
        longest(node.id)
    return layer


def _isotonic(values: list[float]) -> list[float]:
    """The non-decreasing sequence closest to ``values`` in least squares (PAVA)."""
    blocks: list[list[float]] = []  # [sum, count]
    for value in values:
        blocks.append([value, 1.0])
        while len(blocks) > 1 and blocks[-2][0] / blocks[-2][1] > blocks[-1][0] / blocks[-1][1]:
            total, count = blocks.pop()
            blocks[-1][0] += total
            blocks[-1][1] += count
    out: list[float] = []
    for total, count in blocks:
        out += [total / count] * int(count)
    return out


def _place(row: list[_Box], desired: list[float]) -> None:
    """Put ``row`` (in order) at least GAP_X apart, as near ``desired`` as possible."""
    offsets = [0.0]
    for left, right in pairwise(row):
        offsets.append(offsets[-1] + (left.width + right.width) / 2 + _gap(left, right))
    fitted = _isotonic([d - o for d, o in zip(desired, offsets, strict=True)])
    for box, base, offset in zip(row, fitted, offsets, strict=True):
        box.x = base + offset


def _gap(left: _Box, right: _Box) -> float:
    return (GAP_X if left.node or right.node else GAP_X / 2) + left.extra_right


class Layout:
    """Positions of every node, dummy point and label of a graph."""

    def __init__(self, graph: Graph) -> None:
        self.graph = graph
        self.boxes: dict[str, _Box] = {}
        self.paths: list[tuple[Edge, list[str], bool]] = []  # edge, box keys, reversed
        self.loops: list[Edge] = []
        back = _reversed_edges(graph, _bfs_depth(graph))
        layer = _layers(graph, back)
        for node in graph.nodes:
            width = max(
                [text_width(node.lines[0], FONT_SIZE, bold=True)]
                + [text_width(t) for t in node.lines[1:]]
            )
            self.boxes[node.id] = _Box(
                node.id,
                2 * layer[node.id],
                width + 2 * PAD_X,
                LINE_HEIGHT * len(node.lines) + 2 * PAD_Y,
                node=node,
            )
        self._chains(back)
        self._order()
        self._coordinates()

    def _chains(self, back: set[int]) -> None:
        for index, edge in enumerate(self.graph.edges):
            if edge.source == edge.target:
                self.loops.append(edge)
                owner = self.boxes[edge.source]
                label = max((text_width(t) for t in edge.lines), default=0.0)
                owner.extra_right = max(owner.extra_right, LOOP + 8 + label)
                continue
            flipped = index in back
            top, bottom = (edge.target, edge.source) if flipped else (edge.source, edge.target)
            start, end = self.boxes[top].rank, self.boxes[bottom].rank
            keys = [top]
            middle = (start + end) // 2
            if middle % 2 == 0:  # labels sit on the in-between ranks, not among nodes
                middle -= 1
            for rank in range(start + 1, end):
                key = f"{index}@{rank}"
                labelled = rank == middle and bool(edge.lines)
                lines = edge.lines if labelled else ()
                text = max((text_width(t) for t in lines), default=0.0)
                width = text + LABEL_INSET + LABEL_GAP + 4 if lines else 2.0
                height = LINE_HEIGHT * len(lines) + (6 if lines else 0)
                self.boxes[key] = _Box(key, rank, width, height, label=lines)
                keys.append(key)
            keys.append(bottom)
            for upper, lower in pairwise(keys):
                self.boxes[upper].down.append(lower)
                self.boxes[lower].up.append(upper)
            self.paths.append((edge, keys, flipped))

    def ranks(self) -> list[list[_Box]]:
        count = max(box.rank for box in self.boxes.values()) + 1
        rows: list[list[_Box]] = [[] for _ in range(count)]
        for box in self.boxes.values():
            rows[box.rank].append(box)
        for row in rows:
            row.sort(key=lambda b: b.order)
        return rows

    def _order(self) -> None:
        for position, node in enumerate(self.graph.nodes):
            self.boxes[node.id].order = position
        for key, box in self.boxes.items():
            if box.node is None:
                first = self.boxes[box.up[0]]
                box.order = first.order + 0.5 + int(key.split("@")[0]) / 1000
        for sweep in range(8):
            rows = self.ranks()
            downward = sweep % 2 == 0
            for row in rows[1:] if downward else list(reversed(rows))[1:]:
                for box in row:
                    neighbours = box.up if downward else box.down
                    if neighbours:
                        box.order = sum(self.boxes[n].order for n in neighbours) / len(neighbours)
                row.sort(key=lambda b: b.order)
                for position, box in enumerate(row):
                    box.order = position

    def _coordinates(self) -> None:
        rows = self.ranks()
        for row in rows:
            _place(row, [0.0] * len(row))
        for sweep in range(12):
            downward = sweep % 2 == 0
            for row in rows[1:] if downward else list(reversed(rows))[1:]:
                desired = []
                for box in row:
                    neighbours = box.up if downward else box.down
                    near = [self.boxes[n].through for n in neighbours]
                    # line up the edge's line (a label's left side), not the box's centre
                    shift = box.x - box.through
                    desired.append(sum(near) / len(near) + shift if near else box.x)
                _place(row, desired)
        left = min(box.x - box.width / 2 for box in self.boxes.values())
        y = float(MARGIN)
        for row in rows:
            height = max([b.height for b in row] + [6.0])
            for box in row:
                box.x += MARGIN - left
                box.y = y + height / 2
                box.band = (y, y + height)
            y += height + GAP_Y
        self.height = y - GAP_Y + MARGIN
        self.width = (
            max(box.x + box.width / 2 + box.extra_right for box in self.boxes.values()) + MARGIN
        )


Point = tuple[float, float]


def _segments(points: list[Point]) -> Iterator[tuple[Point, Point, Point, Point]]:
    """The cubic Bézier segments of a smooth path through ``points``, vertical at each."""
    for (x0, y0), (x1, y1) in pairwise(points):
        dy = (y1 - y0) / 2
        yield (x0, y0), (x0, y0 + dy), (x1, y1 - dy), (x1, y1)


def _curve(points: list[Point]) -> str:
    """The SVG path data of :func:`_segments`."""
    parts = [f"M{points[0][0]:.1f},{points[0][1]:.1f}"]
    for _, (ax, ay), (bx, by), (x1, y1) in _segments(points):
        parts.append(f"C{ax:.1f},{ay:.1f} {bx:.1f},{by:.1f} {x1:.1f},{y1:.1f}")
    return " ".join(parts)


def sample_curve(points: list[Point], steps: int = 24) -> list[Point]:
    """Points along the drawn path (for checks that lines keep clear of labels)."""
    out = [points[0]]
    for p0, p1, p2, p3 in _segments(points):
        for i in range(1, steps + 1):
            s = i / steps
            a, b, c, d = (1 - s) ** 3, 3 * s * (1 - s) ** 2, 3 * s * s * (1 - s), s**3
            out.append(
                (
                    a * p0[0] + b * p1[0] + c * p2[0] + d * p3[0],
                    a * p0[1] + b * p1[1] + c * p2[1] + d * p3[1],
                )
            )
    return out


def _label(left: float, y: float, lines: tuple[str, ...], css: str) -> list[str]:
    top = y - LINE_HEIGHT * (len(lines) - 1) / 2
    out = [f'<g class="mb-label mb-edge-{css}">']
    for i, line in enumerate(lines):
        out.append(
            f'<text x="{left:.1f}" y="{top + i * LINE_HEIGHT:.1f}" text-anchor="start"'
            f' dominant-baseline="central">{escape(line)}</text>'
        )
    out.append("</g>")
    return out


def _ports(layout: Layout) -> dict[tuple[int, str], float]:
    """Where each edge leaves or enters a node: spread along the side, in the order of
    the points they go to, so that edges sharing a side do not overlap."""
    sides: dict[tuple[str, str], list[tuple[float, int]]] = {}
    for index, (_, keys, _) in enumerate(layout.paths):
        first, second = layout.boxes[keys[0]], layout.boxes[keys[1]]
        last, before = layout.boxes[keys[-1]], layout.boxes[keys[-2]]
        sides.setdefault((first.key, "bottom"), []).append((second.through, index))
        sides.setdefault((last.key, "top"), []).append((before.through, index))
    ports: dict[tuple[int, str], float] = {}
    for (key, side), items in sides.items():
        box = layout.boxes[key]
        items.sort()
        span = min(box.width * 0.6, 18.0 * (len(items) - 1))
        for i, (_, index) in enumerate(items):
            offset = -span / 2 + span * i / (len(items) - 1) if len(items) > 1 else 0.0
            ports[(index, side)] = box.x + offset
    return ports


@dataclass(frozen=True)
class Label:
    """An edge's label: the box it takes and where its text starts."""

    rect: Rect
    text_x: float
    lines: tuple[str, ...]
    css: str


@dataclass(frozen=True)
class Drawing:
    """Where everything of a graph is drawn: what :func:`render` writes, for checks."""

    layout: Layout
    edges: tuple[tuple[Edge, tuple[Point, ...], bool], ...]
    """Each edge between two nodes, the points its line passes, and whether it is drawn
    upwards (its arrow at the first point)."""
    labels: tuple[Label, ...]

    def node_rects(self) -> dict[str, Rect]:
        return {n.id: self.layout.boxes[n.id].rect() for n in self.layout.graph.nodes}


def draw(graph: Graph) -> Drawing:
    """Lay ``graph`` out: the line of every edge and the box of every label."""
    layout = Layout(graph)
    ports = _ports(layout)
    edges: list[tuple[Edge, tuple[Point, ...], bool]] = []
    labels: list[Label] = []
    for index, (edge, keys, flipped) in enumerate(layout.paths):
        boxes = [layout.boxes[k] for k in keys]
        start = (ports[(index, "bottom")], boxes[0].y + boxes[0].height / 2)
        end = (ports[(index, "top")], boxes[-1].y - boxes[-1].height / 2)
        middle = [(b.through, y) for b in boxes[1:-1] for y in sorted(set(b.band))]
        edges.append((edge, (start, *middle, end), flipped))
        for box in boxes[1:-1]:
            if box.label:
                labels.append(Label(box.rect(), box.through + LABEL_GAP, box.label, edge.css))
    for edge in layout.loops:
        if edge.lines:
            box = layout.boxes[edge.source]
            width = max(text_width(t) for t in edge.lines)
            height = LINE_HEIGHT * len(edge.lines)
            left = box.x + box.width / 2 + LOOP + 4
            rect = Rect(left, box.y - height / 2, width, height)
            labels.append(Label(rect, left, edge.lines, edge.css))
    return Drawing(layout, tuple(edges), tuple(labels))


def render(graph: Graph, resolve: Callable[[str], str | None] = lambda link: None) -> str:
    """The graph as an inline SVG element; ``resolve`` turns a node's ``link`` into a URL."""
    drawing = draw(graph)
    layout = drawing.layout
    gid = graph.id
    styles = sorted({e.css for e in graph.edges})
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="mb-diagram" id="{gid}"'
        f' viewBox="0 0 {layout.width:.0f} {layout.height:.0f}" width="{layout.width:.0f}"'
        f' height="{layout.height:.0f}" role="img" aria-labelledby="{gid}-title {gid}-desc"'
        f' font-size="{FONT_SIZE}">',
        f'<title id="{gid}-title">{escape(graph.title)}</title>',
        f'<desc id="{gid}-desc">{escape(graph.description)}</desc>',
        "<defs>",
    ]
    for css in styles:
        out.append(
            f'<marker id="{gid}-arrow-{css}" class="mb-arrow mb-edge-{css}" viewBox="0 0 10 10"'
            ' refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">'
            '<path d="M0,0 L10,5 L0,10 z"/></marker>'
        )
    out.append("</defs>")
    labels: list[str] = []
    for label in drawing.labels:
        middle = label.rect.y + label.rect.height / 2
        labels += _label(label.text_x, middle, label.lines, label.css)
    out.append('<g class="mb-edges">')
    for edge, points, flipped in drawing.edges:
        marker = "marker-start" if flipped else "marker-end"
        dash = ' stroke-dasharray="5 4"' if edge.dashed else ""
        out.append(
            f'<path class="mb-edge mb-edge-{edge.css}" d="{_curve(list(points))}"'
            f' {marker}="url(#{gid}-arrow-{edge.css})"{dash}>'
            f"<title>{escape(edge.source)} → {escape(edge.target)}</title></path>"
        )
    for edge in layout.loops:
        box = layout.boxes[edge.source]
        x, y, h = box.x + box.width / 2, box.y, box.height
        dash = ' stroke-dasharray="5 4"' if edge.dashed else ""
        out.append(
            f'<path class="mb-edge mb-edge-{edge.css}" d="M{x:.1f},{y - h / 4:.1f}'
            f" C{x + LOOP:.1f},{y - h / 2 - 6:.1f} {x + LOOP:.1f},{y + h / 2 + 6:.1f}"
            f' {x:.1f},{y + h / 4:.1f}" marker-end="url(#{gid}-arrow-{edge.css})"{dash}/>'
        )
    out.append("</g>")
    out.append('<g class="mb-nodes">')
    for node in graph.nodes:
        box = layout.boxes[node.id]
        left, top = box.x - box.width / 2, box.y - box.height / 2
        url = resolve(node.link) if node.link else None
        if url:
            out.append(f'<a href="{escape(url)}">')
        out.append(f'<g class="mb-node mb-node-{node.css}" id="{gid}-{escape(node.id)}">')
        out.append(
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{box.width:.1f}"'
            f' height="{box.height:.1f}" rx="7"/>'
        )
        for i, line in enumerate(node.lines):
            css = ' class="mb-node-title"' if i == 0 else ' class="mb-node-note"'
            out.append(
                f'<text{css} x="{box.x:.1f}" y="{top + PAD_Y + LINE_HEIGHT * (i + 0.5):.1f}"'
                f' text-anchor="middle" dominant-baseline="central">{escape(line)}</text>'
            )
        out.append("</g>")
        if url:
            out.append("</a>")
    out.append("</g>")
    out.append('<g class="mb-labels">')
    out += labels
    out.append("</g></svg>")
    return "\n".join(out)
