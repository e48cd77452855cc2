"""Doctree nodes of the extension, and how the HTML writer renders them.

``details`` and ``summary`` become the HTML elements of the same names: a
traceability row stays folded under its rule until a reader opens it, with no
JavaScript. Other writers render only the children. ``entry_number`` and
``trace_placeholder`` only live between reading and resolving: a post-transform
replaces them once every document has been read.
"""

from __future__ import annotations

from typing import Any

from docutils import nodes
from sphinx.application import Sphinx


class details(nodes.General, nodes.Element):  # noqa: N801 (docutils names nodes in lower case)
    """A folded block; its first child is a :class:`summary`."""


class summary(nodes.TextElement):  # noqa: N801
    """The always-visible line of a :class:`details` block."""


class entry_number(nodes.Inline, nodes.TextElement):  # noqa: N801
    """Where the display number of a spec entry goes (attribute ``entry``: its ID)."""


class trace_placeholder(nodes.General, nodes.Element):  # noqa: N801
    """Where the traceability row of a spec entry goes (attribute ``entry``: its ID)."""


def _visit_details(self: Any, node: details) -> None:
    self.body.append(self.starttag(node, "details", CLASS="mb-trace"))


def _depart_details(self: Any, node: details) -> None:
    self.body.append("</details>\n")


def _visit_summary(self: Any, node: summary) -> None:
    self.body.append(self.starttag(node, "summary", ""))


def _depart_summary(self: Any, node: summary) -> None:
    self.body.append("</summary>\n")


def _children_only(self: Any, node: nodes.Element) -> None:
    """Non-HTML writers: render what is inside, not the wrapper."""


def setup(app: Sphinx) -> None:
    other = (_children_only, _children_only)
    for node, html in (
        (details, (_visit_details, _depart_details)),
        (summary, (_visit_summary, _depart_summary)),
    ):
        app.add_node(node, html=html, latex=other, text=other, man=other, texinfo=other)
    app.add_node(entry_number)
    app.add_node(trace_placeholder)
