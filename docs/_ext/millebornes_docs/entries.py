"""The spec's statements as Sphinx objects: the ``rule``, ``ruling``, ``assumption``,
``invariant`` and ``fact`` directives, and the ``spec`` domain that records them.

The directives are those written in ``spec/*.md`` (see ``spec/README.md``)::

    ```{rule} DIST-MAX-200
    :source: 000 §EXPLICATION DE CHAQUE CARTE 1 • CARTES-ÉTAPES note 1
    A team may have at most two 200 km cards ...
    ```

Each becomes a block whose HTML ``id`` is the ID itself, so
``distance.html#DIST-MAX-200`` is a stable link, with its kind and display
number, its body, its options (sources, the rules a ruling settles, the rules an
invariant protects, old IDs kept as aliases, and any option added later), and a
placeholder for its traceability row. The domain lists every ID in the search
index and in ``objects.inv`` and resolves ``{spec:id}`` references.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Set
from dataclasses import asdict, dataclass
from typing import Any, ClassVar, cast

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.roles import XRefRole
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import make_refnode

from millebornes_docs.nodes import entry_number, trace_placeholder

logger = logging.getLogger(__name__)

KINDS = ("rule", "ruling", "assumption", "invariant", "fact")
"""Every statement kind the site renders. ``fact`` is announced for a later spec
version; rendering it already costs nothing."""

ID_SHAPE = re.compile(r"^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*$")
"""Upper-case words joined by hyphens, no dots (spec/README.md, Identifiers)."""

ID_LIST_OPTIONS = frozenset({"settles", "protects", "aliases", "rules"})
"""Options whose value is a list of IDs, rendered as links."""

OPTION_TITLES = {"source": "Source", "settles": "Settles", "protects": "Protects"}


class AnyOptions(dict[str, Any]):
    """An option spec that accepts every option as text.

    MyST rejects an option its directive does not declare. The spec may grow
    options (``:aliases:`` is documented, others will follow); an unknown one is
    rendered under its own name instead of breaking the build.
    """

    def __init__(self) -> None:
        # Not empty: MyST looks for an option block only when the spec is truthy.
        super().__init__({name: directives.unchanged for name in ("source", *ID_LIST_OPTIONS)})

    def __missing__(self, key: str) -> Any:
        return directives.unchanged


@dataclass(frozen=True)
class Entry:
    """What the domain remembers of one statement."""

    id: str
    kind: str
    docname: str
    line: int
    seq: int
    """Position among the entries of its document (0 for the first)."""
    options: tuple[tuple[str, str], ...]
    aliases: tuple[str, ...]

    def option(self, name: str) -> str | None:
        return dict(self.options).get(name)


def split_ids(value: str) -> list[str]:
    """``"A-B, C-D"`` or ``"A-B C-D"`` as a list of IDs."""
    return [part for part in re.split(r"[,\s]+", value) if part]


class SpecDomain(Domain):
    """The ``spec`` domain: one object per statement, found by ID or alias."""

    name = "spec"
    label = "Mille Bornes specification"
    object_types: ClassVar[dict[str, ObjType]] = {kind: ObjType(kind, "id") for kind in KINDS}
    roles: ClassVar[dict[str, Any]] = {"id": XRefRole(warn_dangling=True)}
    initial_data: ClassVar[dict[str, Any]] = {"entries": {}, "aliases": {}}

    @property
    def entries(self) -> dict[str, Entry]:
        return cast("dict[str, Entry]", self.data["entries"])

    @property
    def aliases(self) -> dict[str, str]:
        """Old ID -> current ID."""
        return cast("dict[str, str]", self.data["aliases"])

    def lookup(self, rule_id: str) -> Entry | None:
        """The entry named ``rule_id`` or one of its aliases."""
        return self.entries.get(self.aliases.get(rule_id, rule_id))

    def known_ids(self) -> frozenset[str]:
        """Every ID and alias in the spec."""
        return frozenset(self.entries) | frozenset(self.aliases)

    def note_entry(self, entry: Entry, location: nodes.Node) -> None:
        for name in (entry.id, *entry.aliases):
            if name in self.entries or name in self.aliases:
                other = self.lookup(name)
                where = f" ({other.docname}, line {other.line})" if other else ""
                logger.warning("spec ID %s is defined twice%s", name, where, location=location)
                return
        self.entries[entry.id] = entry
        for alias in entry.aliases:
            self.aliases[alias] = entry.id

    def clear_doc(self, docname: str) -> None:
        gone = [rule_id for rule_id, entry in self.entries.items() if entry.docname == docname]
        for rule_id in gone:
            del self.entries[rule_id]
        for alias in [a for a, rule_id in self.aliases.items() if rule_id in gone]:
            del self.aliases[alias]

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        for rule_id, entry in otherdata["entries"].items():
            if entry.docname in docnames:
                self.entries[rule_id] = entry
        for alias, rule_id in otherdata["aliases"].items():
            if rule_id in self.entries:
                self.aliases[alias] = rule_id

    def resolve_xref(  # noqa: PLR0917 (Sphinx's signature)
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        entry = self.lookup(target)
        if entry is None:
            return None
        title = f"{entry.kind} {entry.id}"
        return make_refnode(builder, fromdocname, entry.docname, entry.id, contnode, title)

    def resolve_any_xref(  # noqa: PLR0917 (Sphinx's signature)
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        found = self.resolve_xref(env, fromdocname, builder, "id", target, node, contnode)
        return [("spec:id", found)] if found is not None else []

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for entry in self.entries.values():
            yield entry.id, entry.id, entry.kind, entry.docname, entry.id, 1
            for alias in entry.aliases:
                # Aliases resolve but rank below current IDs in search results.
                yield alias, alias, entry.kind, entry.docname, entry.id, 2


def spec_domain(env: BuildEnvironment) -> SpecDomain:
    return cast("SpecDomain", env.domains["spec"])


def id_reference(rule_id: str, text: str | None = None) -> addnodes.pending_xref:
    """A link to a statement, resolved (or reported missing) once all documents are read."""
    ref = addnodes.pending_xref(
        "", refdomain="spec", reftype="id", reftarget=rule_id, refexplicit=True, refwarn=True
    )
    ref += nodes.literal(text or rule_id, text or rule_id, classes=["mb-id-ref"])
    return ref


def _id_links(value: str) -> Iterable[nodes.Node]:
    for index, rule_id in enumerate(split_ids(value)):
        if index:
            yield nodes.Text(", ")
        yield id_reference(rule_id)


class SpecEntryDirective(SphinxDirective):
    """One statement of the spec: argument = its ID, options, body in MyST Markdown."""

    required_arguments = 1
    optional_arguments = 0
    has_content = True
    option_spec = AnyOptions()

    def run(self) -> list[nodes.Node]:
        rule_id = self.arguments[0]
        kind = self.name
        if not ID_SHAPE.match(rule_id):
            logger.warning(
                "%s ID %r is not upper-case words joined by hyphens",
                kind,
                rule_id,
                location=self.get_location(),
            )
        options = tuple((name, str(value or "")) for name, value in self.options.items())
        aliases = tuple(split_ids(dict(options).get("aliases", "")))
        domain = spec_domain(self.env)
        entry_doc = self.env.current_document.docname
        entry = Entry(
            id=rule_id,
            kind=kind,
            docname=entry_doc,
            line=self.lineno,
            seq=sum(1 for e in domain.entries.values() if e.docname == entry_doc),
            options=options,
            aliases=aliases,
        )

        block = nodes.container(classes=["mb-entry", f"mb-{kind}"], ids=[rule_id, *aliases])
        self.set_source_info(block)
        domain.note_entry(entry, block)

        head = nodes.paragraph(classes=["mb-entry-head"])
        label = nodes.inline(classes=["mb-kind"])
        label += nodes.Text(f"{kind.capitalize()} ")
        label += entry_number("", "", entry=rule_id)
        head += label
        head += nodes.Text(" ")
        anchor = nodes.reference("", "", refid=rule_id, classes=["mb-id"])
        anchor += nodes.literal(rule_id, rule_id)
        head += anchor
        block += head

        body = nodes.container(classes=["mb-entry-body"])
        self.state.nested_parse(self.content, self.content_offset, body)
        block += body

        # Citations are quoted as written (straight apostrophes), so that they can be
        # searched for in the source texts.
        fields = nodes.field_list(classes=["mb-entry-meta"], support_smartquotes=False)
        for name, value in options:
            if not value:
                continue
            field = nodes.field()
            field += nodes.field_name("", OPTION_TITLES.get(name, name.replace("_", " ").title()))
            paragraph = nodes.paragraph()
            if name in ID_LIST_OPTIONS:
                paragraph.extend(_id_links(value))
            else:
                paragraph += nodes.Text(value)
            field += nodes.field_body("", paragraph)
            fields += field
        if len(fields):
            block += fields
        block += trace_placeholder("", entry=rule_id)
        return [block]


def entry_record(entry: Entry) -> dict[str, Any]:
    """An entry as plain data (for ``ids.json``)."""
    record = asdict(entry)
    record["options"] = dict(entry.options)
    record["aliases"] = list(entry.aliases)
    return record


def setup(app: Sphinx) -> None:
    app.add_domain(SpecDomain)
    for kind in KINDS:
        app.add_directive(kind, SpecEntryDirective)
