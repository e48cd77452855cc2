"""The diagrams are readable: no label over a line, a box or another label, and the
phase diagram speaks the rules' words. Checked on the geometry the layout computes,
the same numbers the SVG is written from, without building the site."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))
from millebornes.families.classic import Phase
from millebornes_docs.diagrams import GRAPHS, PHASE_TITLES
from millebornes_docs.svg import Drawing, Rect, draw, render, sample_curve


def _text_area(drawing: Drawing) -> list[Rect]:
    """Where each label's text is (a label box's left strip carries its own line)."""
    return [
        Rect(label.text_x - 2, label.rect.y, label.rect.x + label.rect.width - label.text_x + 2,
             label.rect.height)
        for label in drawing.labels
    ]  # fmt: skip


def _inset(rect: Rect, by: float) -> Rect:
    return Rect(rect.x + by, rect.y + by, rect.width - 2 * by, rect.height - 2 * by)


@pytest.fixture(scope="module", params=sorted(GRAPHS))
def drawing(request: pytest.FixtureRequest) -> Drawing:
    return draw(GRAPHS[request.param]())


def test_no_label_overlaps_another_label_or_a_box(drawing: Drawing) -> None:
    labels = [label.rect for label in drawing.labels]
    assert labels or not any(edge.lines for edge in drawing.layout.graph.edges)
    for i, one in enumerate(labels):
        for other in labels[i + 1 :]:
            assert not one.overlaps(other), (drawing.labels[i].lines, other)
        for node, box in drawing.node_rects().items():
            assert not one.overlaps(box), (drawing.labels[i].lines, node)


def test_no_line_crosses_a_label_or_a_box_it_does_not_join(drawing: Drawing) -> None:
    texts = _text_area(drawing)
    boxes = drawing.node_rects()
    for edge, points, _ in drawing.edges:
        line = sample_curve(list(points))
        for label, area in zip(drawing.labels, texts, strict=True):
            assert not any(area.contains(x, y) for x, y in line), (edge.source, label.lines)
        for node, box in boxes.items():
            if node not in (edge.source, edge.target):
                assert not any(_inset(box, 1).contains(x, y) for x, y in line), (edge, node)


def test_the_phase_diagram_names_phases_and_actions_as_the_rules_do() -> None:
    graph = GRAPHS["phases"]()
    titles = [node.lines[0] for node in graph.nodes]
    assert titles == [PHASE_TITLES[phase] for phase in Phase]
    words = [line for node in graph.nodes for line in node.lines]
    words += [line for edge in graph.edges for line in (*edge.lines, edge.note)]
    assert not [w for w in words if "Phase." in w or "CoupFourre" in w or "_" in w]
    svg = render(graph)
    assert "Coup-fourré window" in svg and "Phase." not in svg
