"""``{card-glossary}``: every card kind with its name in each edition and language,
and the pairs ``spec/cards.json`` writes (a hazard names its remedy and its safety;
the other sides are read from there). Generated from the data like every table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx

from millebornes_docs import data
from millebornes_docs.tables import (
    CATEGORY_TITLES,
    AnyRow,
    Cell,
    DataDirective,
    Row,
    keys_in_order,
    literal,
    make_table,
)


class CardGlossaryDirective(DataDirective):
    """``{card-glossary}``: each card kind, its names per edition and language, its pairs."""

    def build(self) -> list[nodes.Node]:
        eds = data.editions()
        kinds = data.card_kinds()
        name_en = {k["id"]: k["name_en"] for k in kinds}
        languages = keys_in_order(
            {key: None for key in e.data if key.startswith("names_")} for e in eds
        )
        rows: list[AnyRow] = []
        current = None
        for kind in kinds:
            if kind["category"] != current:
                current = kind["category"]
                rows.append([CATEGORY_TITLES.get(current, current.capitalize())])
            cells: list[Cell] = [
                [
                    nodes.strong(kind["name_en"], kind["name_en"]),
                    nodes.Text(" "),
                    literal(kind["id"]),
                ]
            ]
            for language in languages:
                cells.append(_names(kind["id"], language, eds))
            cells.append(_pairs(kind, kinds, name_en))
            rows.append(Row(f"card-{kind['id']}", cells))
        headers: list[Cell] = [
            "Card and identifier",
            *[f"Name ({language.removeprefix('names_')}) by edition" for language in languages],
            "Pairs with",
        ]
        return [
            make_table(
                headers, rows, classes=["mb-glossary"], widths=[2] + [3] * len(languages) + [3]
            )
        ]


def _names(kind: str, language: str, eds: list[data.EditionData]) -> list[nodes.Node]:
    """The name of ``kind`` in each edition, editions with the same name grouped."""
    by_name: dict[str, list[str]] = {}
    for e in eds:
        name = e.data.get(language, {}).get(kind)
        if name:
            by_name.setdefault(name, []).append(e.id)
    out: list[nodes.Node] = []
    for name, editions in by_name.items():
        paragraph = nodes.paragraph()
        paragraph += nodes.Text(name + " ")
        paragraph += nodes.inline("", f"({', '.join(editions)})", classes=["mb-small"])
        out.append(paragraph)
    return out


def _card_link(kind: str, name_en: dict[str, str]) -> nodes.reference:
    name = name_en.get(kind, kind)
    return nodes.reference(name, name, refid=f"card-{kind}")


def _pairs(kind: dict[str, Any], kinds: list[dict[str, Any]], name_en: dict[str, str]) -> Cell:
    """The relations of ``cards.json``, which are written on the hazard side only."""
    out: list[nodes.Node] = []

    def say(text: str, targets: Iterable[str]) -> None:
        targets = list(targets)
        if not targets:
            return
        if out:
            out.append(nodes.Text("; "))
        out.append(nodes.Text(text + " "))
        for index, target in enumerate(targets):
            if index:
                out.append(nodes.Text(", "))
            out.append(_card_link(target, name_en))

    if kind["category"] == "distance":
        out.append(nodes.Text(f"{kind.get('km')} km"))
    say("cured by", [kind["remedy"]] if "remedy" in kind else [])
    say("prevented by", [kind["safety"]] if "safety" in kind else [])
    say("cures", [k["id"] for k in kinds if k.get("remedy") == kind["id"]])
    say("protects from", [k["id"] for k in kinds if k.get("safety") == kind["id"]])
    if "pile" in kind:
        if out:
            out.append(nodes.Text("; "))
        out.append(nodes.Text(f"laid on the {kind['pile']} pile"))
    return out


def setup(app: Sphinx) -> None:
    app.add_directive("card-glossary", CardGlossaryDirective)
