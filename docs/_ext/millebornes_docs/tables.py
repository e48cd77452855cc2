"""Tables generated from the edition data files: nothing on them is typed by hand.

Each directive below reads ``spec/cards.json``, ``spec/switches.json`` and every
``spec/editions/*.json`` at build time (the raw JSON, through
:mod:`millebornes_docs.data`), with one column per edition. A new edition file
adds a column everywhere; a new scalar field adds a row to the edition matrix; a
field no table knows gets a table of its own under "Other edition data", so
that no figure of the data is left off the site. Team layouts are asked of the
engine (``State.members``), which is what the rules and tests use.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from millebornes.families import classic
from millebornes_docs import data
from millebornes_docs.entries import id_reference

logger = logging.getLogger(__name__)

Cell = str | nodes.Node | Sequence[nodes.Node]
"""A table cell: text, one node, or several (inline nodes are gathered in paragraphs)."""


@dataclass(frozen=True)
class Row:
    """A table row with an HTML id, so that it can be linked to."""

    id: str
    cells: Sequence[Cell]


AnyRow = Row | Sequence[Cell]

HANDLED = frozenset(
    {
        *data.META_FIELDS,
        "box",
        "box_total",
        "box_by_seats",
        "seats",
        "goal_by_seats",
        "options",
        "scoring",
        "switches",
    }
)
"""Fields a dedicated table shows (scalar fields all go to the edition matrix)."""

CATEGORY_TITLES = {
    "distance": "Distance cards (cartes-étapes)",
    "hazard": "Hazards (attaques)",
    "remedy": "Remedies (parades)",
    "safety": "Safeties (bottes)",
    "memo": "Memo cards (cartes mémo)",
}


# --- building docutils tables ------------------------------------------------------


def _cell_nodes(cell: Cell) -> list[nodes.Node]:
    if isinstance(cell, str):
        return [nodes.paragraph("", cell)] if cell else []
    if isinstance(cell, nodes.Node):
        cells: Sequence[nodes.Node] = [cell]
    else:
        cells = cell
    out: list[nodes.Node] = []
    inline: list[nodes.Node] = []
    for node in cells:
        if isinstance(node, nodes.Text | nodes.Inline):
            inline.append(node)
        else:  # paragraphs, lists: block level
            if inline:
                out.append(nodes.paragraph("", "", *inline))
                inline = []
            out.append(node)
    if inline:
        out.append(nodes.paragraph("", "", *inline))
    return out


def make_table(
    headers: Sequence[Cell],
    rows: Iterable[AnyRow],
    classes: Sequence[str] = (),
    widths: Sequence[int] | None = None,
) -> nodes.table:
    """A table node. A :class:`Row` gets its HTML id; a row of one cell in a table of
    several columns spans them all (a group heading)."""
    # Data is shown as written: no typographic quotes in "Panne d'Essence".
    table = nodes.table(classes=["mb-data-table", *classes], support_smartquotes=False)
    group = nodes.tgroup(cols=len(headers))
    table += group
    for width in widths or [1] * len(headers):
        group += nodes.colspec(colwidth=width)
    head = nodes.thead()
    head += _row(headers, len(headers))
    group += head
    body = nodes.tbody()
    for item in rows:
        if isinstance(item, Row):
            row = _row(item.cells, len(headers))
            row["ids"] = [item.id]
        else:
            row = _row(item, len(headers))
        body += row
    group += body
    return table


def _row(cells: Sequence[Cell], width: int) -> nodes.row:
    row = nodes.row()
    if len(cells) == 1 and width > 1:
        entry = nodes.entry(morecols=width - 1, classes=["mb-group-row"])
        entry.extend(_cell_nodes(cells[0]))
        row += entry
        return row
    for cell in cells:
        entry = nodes.entry()
        entry.extend(_cell_nodes(cell))
        row += entry
    return row


def literal(text: str) -> nodes.literal:
    return nodes.literal(text, text)


def id_links(ids: Iterable[str]) -> list[nodes.Node]:
    out: list[nodes.Node] = []
    for index, rule_id in enumerate(ids):
        if index:
            out.append(nodes.Text(", "))
        out.append(id_reference(rule_id))
    return out


def show(value: Any) -> str:
    """A data value as readers see it."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(show(v) for v in value) if value else "none"
    if isinstance(value, dict):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def _field_label(name: str, hint: str) -> tuple[list[nodes.Node], list[nodes.Node]]:
    """(name and meaning, rule links) of a data field, from ``spec/cards.md``."""
    doc = data.field_doc(hint, name)
    label: list[nodes.Node] = [literal(name)]
    if doc and doc.meaning:
        label.append(nodes.Text(f": {_plain(doc.meaning)}"))
    return label, id_links(doc.rules) if doc else []


def _plain(markdown: str) -> str:
    return markdown.replace("`", "")


def keys_in_order(dicts: Iterable[dict[str, Any]]) -> list[str]:
    """The union of the keys, in first-seen order."""
    seen: dict[str, None] = {}
    for item in dicts:
        seen.update(dict.fromkeys(item))
    return list(seen)


class DataDirective(SphinxDirective):
    """A directive whose output depends on every data file (noted for rebuilds)."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        for path in data.data_files():
            self.env.note_dependency(str(path))
        return self.build()

    def build(self) -> list[nodes.Node]:
        raise NotImplementedError

    def edition_headers(self) -> list[Cell]:
        return [literal(e.id) for e in data.editions()]


# --- the tables -----------------------------------------------------------------------


class EditionListDirective(DataDirective):
    """``{edition-list}``: every edition file, with its title and source."""

    def build(self) -> list[nodes.Node]:
        rows = [
            Row(
                f"edition-{e.id}",
                [
                    literal(e.id),
                    e.title,
                    show(e.data.get("source", "")),
                    literal(e.path.relative_to(data.ROOT).as_posix()),
                ],
            )
            for e in data.editions()
        ]
        return [make_table(["Edition", "Title", "Source", "Data file"], rows, widths=[1, 2, 3, 2])]


class EditionMatrixDirective(DataDirective):
    """``{edition-matrix}``: every scalar figure, rule switch and option, per edition."""

    def build(self) -> list[nodes.Node]:
        eds = data.editions()
        rows: list[AnyRow] = []
        scalars = [
            key
            for key in keys_in_order(e.data for e in eds)
            if key not in HANDLED and all(not isinstance(e.data.get(key), dict | list) for e in eds)
        ]
        rows.append(["Figures"])
        for key in scalars:
            label, rules = _field_label(key, "editions/")
            if key == "goal":  # the goal a reader meets depends on the player count
                rows.append([label, rules, *[_goals_by_seat_count(e.data) for e in eds]])
                continue
            rows.append([label, rules, *[show(e.data.get(key, "—")) for e in eds]])

        rows.append(["Rule switches"])
        defined = {switch.id: switch for switch in data.switches()}
        named = keys_in_order(e.data.get("switches", {}) for e in eds)
        switch_ids = list(defined) + [s for s in named if s not in defined]
        if not switch_ids:
            rows.append(["No rule switch is defined yet: every edition plays the same rules."])
        for switch_id in switch_ids:
            switch = defined.get(switch_id)
            label = [literal(switch_id)]
            if switch and switch.description:
                label.append(nodes.Text(f": {switch.description}"))
            values = []
            for e in eds:
                set_here = e.data.get("switches", {})
                if switch_id in set_here:
                    values.append(show(set_here[switch_id]))
                elif switch is not None:
                    values.append(f"{show(switch.default)} (default)")
                else:
                    values.append("—")
            rows.append(Row(switch_id, [label, id_links(switch.rules) if switch else [], *values]))

        rows.append(["Options"])
        option_names = keys_in_order(e.data.get("options", {}) for e in eds)
        if not option_names:
            rows.append(["No edition offers an option."])
        for name in option_names:
            descriptions = {
                e.data["options"][name].get("description", "")
                for e in eds
                if name in e.data.get("options", {})
            }
            option_rules = keys_in_order(
                dict.fromkeys(e.data["options"][name].get("rules", ()))
                for e in eds
                if name in e.data.get("options", {})
            )
            label = [literal(name), nodes.Text(": " + " / ".join(sorted(descriptions)))]
            values = [
                "at " + show(e.data["options"][name].get("seats", [])) + " players"
                if name in e.data.get("options", {})
                else "—"
                for e in eds
            ]
            rows.append([label, id_links(option_rules), *values])
        headers: list[Cell] = ["Figure, switch or option", "Rules", *self.edition_headers()]
        return [make_table(headers, rows, classes=["mb-matrix"], widths=[6, 3] + [2] * len(eds))]


class BoxTableDirective(DataDirective):
    """``{box-table}``: the composition of each box, kind by kind."""

    def build(self) -> list[nodes.Node]:
        eds = data.editions()
        kinds = data.card_kinds()
        category = {k["id"]: k["category"] for k in kinds}
        names = {k["id"]: k["name_en"] for k in kinds}
        # One column per edition, plus one per distinct reduced box (BOX-BY-SEATS).
        columns: list[tuple[str, dict[str, int]]] = []
        for e in eds:
            box: dict[str, int] = e.data.get("box", {})
            columns.append((e.id, box))
            variants: dict[str, list[str]] = {}
            for seats, overrides in e.data.get("box_by_seats", {}).items():
                variants.setdefault(json.dumps(overrides, sort_keys=True), []).append(seats)
            for key, seats in variants.items():
                label = f"{e.id} at {', '.join(sorted(seats, key=int))} players"
                columns.append((label, box | json.loads(key)))
        ids = [k["id"] for k in kinds]
        ids += [i for i in keys_in_order(box for _, box in columns) if i not in category]
        rows: list[AnyRow] = []
        current = None
        for kind in ids:
            kind_category = category.get(kind, "edition-specific")
            if kind_category != current:
                current = kind_category
                rows.append([CATEGORY_TITLES.get(kind_category, kind_category.capitalize())])
            rows.append(
                [
                    [nodes.Text(names.get(kind, kind) + " "), literal(kind)],
                    *[show(box.get(kind, 0)) for _, box in columns],
                ]
            )
        for title, memo in (("Playing cards", False), ("All cards in the box", True)):
            rows.append(
                [
                    nodes.strong(title, title),
                    *[
                        str(sum(n for k, n in box.items() if memo or category.get(k) != "memo"))
                        for _, box in columns
                    ],
                ]
            )
        for e in eds:
            total = sum(e.data.get("box", {}).values())
            if "box_total" in e.data and total != e.data["box_total"]:
                logger.warning(
                    "edition %s: the box counts add to %d, box_total says %d",
                    e.id,
                    total,
                    e.data["box_total"],
                    location=self.get_location(),
                )
        headers: list[Cell] = ["Card", *[literal(label) for label, _ in columns]]
        return [make_table(headers, rows, classes=["mb-box"], widths=[4] + [1] * len(columns))]


def _layout(edition: str, players: int) -> str:
    """Which seats form each team, as the engine seats them (RUL-TEAM-SEATING)."""
    state = classic.new_match(edition, players)
    teams = [
        f"team {team}: seats {', '.join(map(str, state.members(team)))}"
        for team in range(state.teams)
    ]
    return "; ".join(teams)


class SeatsTableDirective(DataDirective):
    """``{seats-table}``: teams, seating and goal at each player count."""

    def build(self) -> list[nodes.Node]:
        eds = data.editions()
        counts = sorted({int(n) for e in eds for n in e.data.get("seats", {})})
        team_rows: list[Sequence[Cell]] = []
        goal_rows: list[Sequence[Cell]] = []
        for players in counts:
            teams: list[Cell] = []
            goals: list[Cell] = []
            for e in eds:
                seat = e.data.get("seats", {}).get(str(players))
                if seat is None:
                    teams.append("not offered")
                    goals.append("not offered")
                    continue
                n_teams = int(seat["teams"])
                size = players // n_teams
                if size == 1:
                    teams.append("each player alone")
                else:
                    teams.append(
                        [
                            nodes.paragraph("", f"{n_teams} teams of {size}"),
                            nodes.paragraph("", _layout(e.id, players), classes=["mb-small"]),
                        ]
                    )
                goals.append(_goals(e.data, players))
            team_rows.append([str(players), *teams])
            goal_rows.append([str(players), *goals])
        headers: list[Cell] = ["Players", *self.edition_headers()]
        widths = [1] + [3] * len(eds)
        return [
            nodes.rubric("", "Teams and seating"),
            make_table(headers, team_rows, classes=["mb-seats"], widths=widths),
            nodes.rubric("", "Goal of a round"),
            make_table(headers, goal_rows, classes=["mb-goals"], widths=widths),
        ]


def _goals_by_seat_count(edition: dict[str, Any]) -> Cell:
    """The goal of a round at each player count (GOAL-DISTANCE, GOAL-BY-SEATS), the
    counts that share one goal together: ``goal`` alone is only the default."""
    groups: dict[str, list[str]] = {}
    for players in sorted(int(n) for n in edition.get("seats", {})):
        groups.setdefault(_goals(edition, players), []).append(str(players))
    if len(groups) == 1:
        return next(iter(groups))
    return [
        nodes.paragraph("", f"{', '.join(counts)} players: {goals}")
        for goals, counts in groups.items()
    ]


def _goals(edition: dict[str, Any], players: int) -> str:
    goal = edition.get("goal_by_seats", {}).get(str(players), edition.get("goal"))
    parts = [f"{goal} km"]
    for name, option in edition.get("options", {}).items():
        if players in option.get("seats", ()) and option.get("goal") is not None:
            parts.append(f"{option['goal']} km with {name}")
    if edition.get("extension_goal") is not None and edition.get("extension_goal") != goal:
        parts.append(f"{edition['extension_goal']} km after an extension")
    return "; ".join(parts)


class ScoringTableDirective(DataDirective):
    """``{scoring-table}``: the points of the score sheet, per edition."""

    def build(self) -> list[nodes.Node]:
        eds = data.editions()
        rows: list[Sequence[Cell]] = []
        for key in keys_in_order(e.data.get("scoring", {}) for e in eds):
            label, rules = _field_label(key, "scoring")
            rows.append(
                [label, rules, *[show(e.data.get("scoring", {}).get(key, "—")) for e in eds]]
            )
        headers: list[Cell] = ["Item", "Rules", *self.edition_headers()]
        return [make_table(headers, rows, classes=["mb-scoring"], widths=[6, 3] + [1] * len(eds))]


class OptionsTableDirective(DataDirective):
    """``{options-table}``: every option of every edition, field by field."""

    def build(self) -> list[nodes.Node]:
        rows: list[Sequence[Cell]] = []
        for e in data.editions():
            for name, option in e.data.get("options", {}).items():
                extra = {
                    k: v for k, v in option.items() if k not in {"description", "seats", "rules"}
                }
                rows.append(
                    [
                        literal(e.id),
                        literal(name),
                        show(option.get("description", "")),
                        show(option.get("seats", [])),
                        "; ".join(f"{k}: {show(v)}" for k, v in extra.items()),
                        id_links(option.get("rules", ())),
                    ]
                )
        if not rows:
            return [nodes.paragraph("", "No edition offers an option.")]
        headers: list[Cell] = ["Edition", "Option", "Description", "Players", "Changes", "Rules"]
        return [make_table(headers, rows, widths=[1, 1, 3, 1, 1, 2])]


class OtherDataDirective(DataDirective):
    """``{other-edition-data}``: fields no other table shows, so none goes missing."""

    def build(self) -> list[nodes.Node]:
        eds = data.editions()
        shown = set(HANDLED) | {
            key
            for key in keys_in_order(e.data for e in eds)
            if all(not isinstance(e.data.get(key), dict | list) for e in eds)
        }
        shown |= {key for key in keys_in_order(e.data for e in eds) if key.startswith("names_")}
        out: list[nodes.Node] = []
        for key in keys_in_order(e.data for e in eds):
            if key in shown:
                continue
            label, rules = _field_label(key, "editions/")
            out.append(nodes.rubric("", "", *label))
            if rules:
                out.append(nodes.paragraph("", "Rules: ", *rules))
            values = [e.data.get(key) for e in eds]
            sub = keys_in_order(v for v in values if isinstance(v, dict))
            if sub:
                rows: list[Sequence[Cell]] = [
                    [
                        literal(s),
                        *[show(v.get(s, "—")) if isinstance(v, dict) else show(v) for v in values],
                    ]
                    for s in sub
                ]
            else:
                rows = [["value", *[show(v) for v in values]]]
            out.append(make_table(["Key", *self.edition_headers()], rows))
        if not out:
            out.append(nodes.paragraph("", "Every field of the edition files is shown above."))
        return out


def setup(app: Sphinx) -> None:
    app.add_directive("edition-list", EditionListDirective)
    app.add_directive("edition-matrix", EditionMatrixDirective)
    app.add_directive("box-table", BoxTableDirective)
    app.add_directive("seats-table", SeatsTableDirective)
    app.add_directive("scoring-table", ScoringTableDirective)
    app.add_directive("options-table", OptionsTableDirective)
    app.add_directive("other-edition-data", OtherDataDirective)
