"""Render what only exists once every document is read: display numbers, the
traceability row under each statement, the traceability table, and links from
every mention of an ID to its statement.

Displayed numbers follow reading order (the toctree from the landing page) and
are generated at each build, as ``DESIGN.md`` asks: an ID is forever, a number
only says where the statement stands today.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from typing import Any

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from millebornes_docs import trace
from millebornes_docs.data import ROOT
from millebornes_docs.entries import Entry, SpecDomain, id_reference, spec_domain
from millebornes_docs.nodes import details, entry_number, summary, trace_placeholder
from millebornes_docs.tables import Cell, Row, make_table

logger = logging.getLogger(__name__)

NO_CONFORMANCE = "no conformance suite generated yet"


class trace_table(nodes.General, nodes.Element):  # noqa: N801 (docutils node naming)
    """Where the table of every statement goes (replaced after reading)."""


class TraceabilityTableDirective(SphinxDirective):
    """``{traceability-table}``: one row per statement of the spec."""

    def run(self) -> list[nodes.Node]:
        for path in trace.test_files() + trace.code_files():
            self.env.note_dependency(str(path))
        return [trace_table("")]


# --- reading order -------------------------------------------------------------------


def document_order(env: BuildEnvironment) -> list[str]:
    """Every document in toctree order, depth first from the landing page."""
    order: list[str] = []

    def visit(docname: str) -> None:
        if docname in order:
            return
        order.append(docname)
        for child in env.toctree_includes.get(docname, ()):
            visit(child)

    visit(env.config.root_doc)
    return order


def display_numbers(env: BuildEnvironment) -> dict[str, int]:
    """Rule 1, 2, …; Ruling 1, 2, …: each kind numbered in reading order."""
    order = {docname: index for index, docname in enumerate(document_order(env))}
    entries = sorted(
        spec_domain(env).entries.values(),
        key=lambda e: (order.get(e.docname, len(order)), e.seq),
    )
    counters: dict[str, int] = {}
    numbers: dict[str, int] = {}
    for entry in entries:
        counters[entry.kind] = counters.get(entry.kind, 0) + 1
        numbers[entry.id] = counters[entry.kind]
    return numbers


# --- traceability data ----------------------------------------------------------------


@cache
def _conformance() -> trace.ConformanceIndex | None:
    try:
        return trace.conformance_index()
    except trace.ConformanceIndexError as error:
        logger.warning("cannot read %s: %s", trace.CONFORMANCE_INDEX, error)
        return None


def code_refs(entry: Entry, known: frozenset[str]) -> list[trace.CodeRef]:
    """The lines that cite the entry. An invariant is implemented by the invariants
    package; every other statement by the engine, or by the spec's data files."""
    found: list[trace.CodeRef] = []
    for name in (entry.id, *entry.aliases):
        found += trace.code_by_id(known).get(name, ())
    from_invariants = entry.kind == "invariant"
    return sorted(ref for ref in found if ref.path.startswith("invariants/") == from_invariants)


def test_refs(entry: Entry) -> list[trace.TestRef]:
    tests = trace.tests_by_id()
    return sorted({ref for name in (entry.id, *entry.aliases) for ref in tests.get(name, ())})


def conformance_cases(entry: Entry) -> list[trace.Case] | None:
    """The conformance cases that cover the entry, or None without a suite."""
    index = _conformance()
    if index is None:
        return None
    return sorted(
        {case for name in (entry.id, *entry.aliases) for case in index.by_id.get(name, ())}
    )


# --- rendering ------------------------------------------------------------------------

ABSENT_SUITE = (
    f"No conformance suite generated yet ({trace.CONFORMANCE_INDEX.relative_to(ROOT)} is absent)."
)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def _bullets(items: Sequence[nodes.Node]) -> nodes.bullet_list:
    listing = nodes.bullet_list()
    for item in items:
        paragraph = item if isinstance(item, nodes.paragraph) else nodes.paragraph("", "", item)
        listing += nodes.list_item("", paragraph)
    return listing


def _listing(items: Sequence[nodes.Node], empty: str) -> nodes.Node:
    return _bullets(items) if items else nodes.paragraph("", empty)


def _literal(text: str) -> nodes.literal:
    return nodes.literal(text, text)


CASES_SHOWN = 8
"""Case names listed under a statement; a rule may be covered by hundreds."""


def _case_listing(cases: Sequence[trace.Case]) -> nodes.Node:
    if not cases:
        return nodes.paragraph("", "No conformance case covers this ID.")
    editions: dict[str, int] = {}
    for case in cases:
        editions[case.edition] = editions.get(case.edition, 0) + 1
    per_edition = ", ".join(f"{n} {e}" if e else str(n) for e, n in sorted(editions.items()))
    items: list[nodes.Node] = [_literal(case.name) for case in cases[:CASES_SHOWN]]
    if len(cases) > CASES_SHOWN:
        items.append(nodes.Text(f"… and {len(cases) - CASES_SHOWN} more"))
    container = nodes.container()
    container += nodes.paragraph("", f"{_plural(len(cases), 'case')} ({per_edition}):")
    container += _bullets(items)
    return container


class _Renderer:
    """Builds the nodes of one document's traceability rows and table."""

    def __init__(self, app: Sphinx, docname: str) -> None:
        self.app = app
        self.env = app.env
        self.docname = docname
        self.domain: SpecDomain = spec_domain(app.env)
        self.known = self.domain.known_ids()

    def _source_page(self, ref: trace.CodeRef) -> str | None:
        """The highlighted source page (sphinx.ext.viewcode) of the cited module, if built."""
        module = ref.module
        if module is None or self.app.builder.format != "html":
            return None
        pages: dict[str, Any] = getattr(self.env, "_viewcode_modules", {})
        entry = pages.get(module)
        if not entry:
            return None
        page = "_modules/" + module.replace(".", "/")
        uri = self.app.builder.get_relative_uri(self.docname, page)
        used: dict[str, str] = entry[2]
        return uri + (f"#{ref.scope}" if ref.scope in used else "")

    def _code_item(self, ref: trace.CodeRef) -> nodes.paragraph:
        text = f"{ref.path}, line {ref.line}" + (f", in {ref.scope}" if ref.scope else "")
        target = self._source_page(ref)
        if target is None:
            return nodes.paragraph("", "", _literal(text))
        link = nodes.reference("", "", _literal(text), internal=True, refuri=target)
        return nodes.paragraph("", "", link)

    def row(self, entry: Entry) -> details:
        """The folded traceability row under a statement."""
        tests = test_refs(entry)
        code = code_refs(entry, self.known)
        cases = conformance_cases(entry)
        case_text = NO_CONFORMANCE if cases is None else _plural(len(cases), "conformance case")
        block = details("", classes=["mb-trace"])
        block += summary(
            "",
            f"Traceability: {_plural(len(tests), 'test')} · {case_text} · "
            f"{_plural(len(code), 'code reference')}",
        )
        fields = nodes.field_list(classes=["mb-trace-fields"])
        conformance = nodes.paragraph("", ABSENT_SUITE) if cases is None else _case_listing(cases)
        for name, body in (
            ("Tests", _listing([_literal(t.node_id) for t in tests], "No test names this ID.")),
            ("Conformance", conformance),
            (
                "Checked by" if entry.kind == "invariant" else "Implemented in",
                _listing([self._code_item(ref) for ref in code], "No code cites this ID."),
            ),
        ):
            fields += nodes.field("", nodes.field_name("", name), nodes.field_body("", body))
        block += fields
        return block

    def _page_link(self, docname: str) -> addnodes.pending_xref:
        title = self.env.titles[docname].astext() if docname in self.env.titles else docname
        link = addnodes.pending_xref(
            "", refdomain="std", reftype="doc", reftarget="/" + docname, refexplicit=True
        )
        link += nodes.inline(title, title)
        return link

    def table(self, numbers: dict[str, int]) -> list[nodes.Node]:
        """The traceability page: a summary, then one anchored row per statement."""
        order = {docname: index for index, docname in enumerate(document_order(self.env))}
        entries = sorted(
            self.domain.entries.values(), key=lambda e: (order.get(e.docname, len(order)), e.seq)
        )
        rows: list[Row] = []
        untested, uncited = [], []
        for entry in entries:
            tests = test_refs(entry)
            code = code_refs(entry, self.known)
            cases = conformance_cases(entry)
            if not tests:
                untested.append(entry.id)
            if not code:
                uncited.append(entry.id)
            cells: list[Cell] = [
                id_reference(entry.id),
                f"{entry.kind} {numbers.get(entry.id, '')}",
                self._page_link(entry.docname),
                str(len(tests)),
                "—" if cases is None else str(len(cases)),
                str(len(code)),
            ]
            rows.append(Row(f"trace-{entry.id}", cells))

        kinds: dict[str, int] = {}
        for entry in entries:
            kinds[entry.kind] = kinds.get(entry.kind, 0) + 1
        counts = ", ".join(_plural(n, kind) for kind, n in kinds.items())
        index = _conformance()
        out: list[nodes.Node] = [
            nodes.paragraph("", f"{_plural(len(entries), 'statement')} in all: {counts}."),
            nodes.paragraph(
                "",
                f"Conformance column: {ABSENT_SUITE}"
                if index is None
                else f"Conformance column: the {index.total} cases of {index.path} "
                "and of the rule families' suites beside it.",
            ),
            _gaps(untested, "IDs that no test names", "Every ID is named by a test."),
            _gaps(uncited, "IDs that no code cites", "Every ID is cited by code or data."),
        ]
        headers: list[Cell] = ["ID", "Kind", "Page", "Tests", "Conformance cases", "Code refs"]
        out.append(make_table(headers, rows, classes=["mb-trace-table"], widths=[4, 2, 4, 1, 1, 1]))
        return out


def _gaps(ids: list[str], some: str, none: str) -> nodes.paragraph:
    if not ids:
        return nodes.paragraph("", none)
    paragraph = nodes.paragraph("", f"{some}: ")
    for index, rule_id in enumerate(ids):
        if index:
            paragraph += nodes.Text(", ")
        paragraph += id_reference(rule_id)
    paragraph += nodes.Text(".")
    return paragraph


# --- linking every mention of an ID ---------------------------------------------------

_NO_LINK_INSIDE: tuple[type[nodes.Node], ...] = (
    nodes.FixedTextElement,  # literal blocks, doctest blocks: code is code
    nodes.reference,
    addnodes.pending_xref,
    nodes.raw,
    nodes.title,  # titles feed the navigation, where a link inside a link breaks
    nodes.field_name,
    nodes.target,
    nodes.comment,
    addnodes.desc_signature,
    addnodes.toctree,
    nodes.system_message,
)


def _linkable(node: nodes.Node) -> bool:
    parent = node.parent
    while parent is not None:
        if isinstance(parent, _NO_LINK_INSIDE) or "mb-entry-head" in parent.get("classes", ()):
            return False
        parent = parent.parent
    return True


@cache
def _pattern(known: frozenset[str]) -> re.Pattern[str]:
    return trace.id_regex(known)


def link_mentions(document: nodes.document, known: frozenset[str]) -> None:
    """Turn every mention of a known ID, in code (`DIST-MAX-200`) or in prose, into a link."""
    if not known:
        return
    for literal in list(document.findall(nodes.literal)):
        if literal.astext() in known and _linkable(literal):
            ref = id_reference(literal.astext())
            literal.replace_self(ref)
    pattern = _pattern(known)
    for text in list(document.findall(nodes.Text)):
        if (
            not pattern.search(text)
            or not _linkable(text)
            or isinstance(text.parent, nodes.literal)
        ):
            continue
        pieces: list[nodes.Node] = []
        last = 0
        for match in pattern.finditer(text):
            if match.start() > last:
                pieces.append(nodes.Text(text[last : match.start()]))
            ref = addnodes.pending_xref(
                "",
                refdomain="spec",
                reftype="id",
                reftarget=match.group(0),
                refexplicit=True,
                refwarn=True,
            )
            ref += nodes.inline(match.group(0), match.group(0), classes=["mb-id-mention"])
            pieces.append(ref)
            last = match.end()
        if last < len(text):
            pieces.append(nodes.Text(text[last:]))
        text.parent.replace(text, pieces)


class SpecPostTransform(SphinxPostTransform):
    """Numbers, traceability rows and ID links; runs before references are resolved."""

    default_priority = 5  # ReferencesResolver runs at 10 and resolves what this adds

    def run(self, **kwargs: Any) -> None:
        docname = self.env.current_document.docname
        renderer = _Renderer(self.app, docname)
        numbers = display_numbers(self.env)
        for number in list(self.document.findall(entry_number)):
            number.replace_self(nodes.Text(str(numbers.get(number["entry"], "?"))))
        for placeholder in list(self.document.findall(trace_placeholder)):
            entry = renderer.domain.entries.get(placeholder["entry"])
            placeholder.replace_self(renderer.row(entry) if entry else [])
        for table in list(self.document.findall(trace_table)):
            table.replace_self(renderer.table(numbers))
        link_mentions(self.document, renderer.known)


def setup(app: Sphinx) -> None:
    app.add_node(trace_table)
    app.add_directive("traceability-table", TraceabilityTableDirective)
    app.add_post_transform(SpecPostTransform)
