"""``{precondition-tables}``: the engine's precondition tables, as the engine holds them.

:mod:`millebornes.families.classic.rules` writes each precondition as data: an ordered tuple of
(rule ID, predicate) per kind of action, and ``PLAY_RULES`` picks the table for
each card. ``violations`` reports broken rules in table order, so these tables
are also the order in which a rejection lists its rule IDs. This directive
finds every such table in the module (no name is listed here) and shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

import millebornes.families.classic.rules
from millebornes.families.classic import Card
from millebornes.families.classic.cards import NAME_EN
from millebornes_docs.tables import AnyRow, id_links, literal, make_table


def _is_table(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and len(value) > 0
        and all(
            isinstance(item, tuple)
            and len(item) == 2
            and isinstance(item[0], str)
            and callable(item[1])
            for item in value
        )
    )


def precondition_tables() -> dict[str, tuple[tuple[str, Callable[..., bool]], ...]]:
    """Every table of :mod:`millebornes.families.classic.rules`, by name, in source order."""
    return {
        name: value
        for name, value in vars(millebornes.families.classic.rules).items()
        if _is_table(value)
    }


def table_of_card() -> dict[Card, str]:
    """The name of the table ``PLAY_RULES`` uses for each card (matched by identity)."""
    by_identity = {id(table): name for name, table in precondition_tables().items()}
    play_rules = getattr(millebornes.families.classic.rules, "PLAY_RULES", ())
    return {
        card: by_identity.get(id(table), "?") for card, table in zip(Card, play_rules, strict=False)
    }


class PreconditionTablesDirective(SphinxDirective):
    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(millebornes.families.classic.rules.__file__ or "")
        rows: list[AnyRow] = []
        for name, table in precondition_tables().items():
            rule_ids = [rule_id for rule_id, _ in table]
            predicates = [nodes.literal(p.__name__, p.__name__) for _, p in table]
            spaced: list[nodes.Node] = []
            for index, predicate in enumerate(predicates):
                if index:
                    spaced.append(nodes.Text(", "))
                spaced.append(predicate)
            rows.append([literal(name), id_links(rule_ids), spaced])
        by_card = table_of_card()
        card_rows: list[AnyRow] = [
            [[nodes.Text(NAME_EN[card] + " "), literal(card.name)], literal(name)]
            for card, name in by_card.items()
        ]
        return [
            make_table(
                ["Table", "Rules checked, in this order", "Predicates"],
                rows,
                classes=["mb-preconditions"],
                widths=[2, 4, 4],
            ),
            nodes.paragraph(
                "",
                "",
                nodes.Text("The table that "),
                literal("PLAY_RULES"),
                nodes.Text(" uses to play each card kind:"),
            ),
            make_table(["Card", "Table"], card_rows, widths=[3, 2]),
        ]


def setup(app: Sphinx) -> None:
    app.add_directive("precondition-tables", PreconditionTablesDirective)
