"""``{action-table}`` and ``{observation-table}``: the adapters' encoding, read from the code.

The OpenSpiel and PettingZoo adapters share one action numbering
(:class:`millebornes.apps.adapters.encoding.ActionTable`) and one observation layout
(:func:`millebornes.apps.adapters.encoding.segments`). Their sizes depend on the
number of seats P and teams T, so each index or length is shown as an
expression in P and T, found by evaluating the code at a few sizes (and checked
at others: a size that is not linear in P and T stops the build).

The page supplies only the words, as a definition list in the directive's body
(one term per action kind or observation part, so that it is translated with the
page); a term the code does not have, or a part of the code without a term,
stops the build, so the table always lists exactly what the code does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective

from millebornes.apps.adapters import encoding
from millebornes.families.classic.actions import Action, CoupFourre, Discard, Extension, Play
from millebornes.families.classic.cards import SAFETIES
from millebornes_docs.tables import AnyRow, literal, make_table

SIZES = ((2, 2), (3, 3), (4, 2), (4, 4), (6, 3), (8, 4))
"""(seats, teams) at which the expressions are checked against the code."""

SHOWN_WITHIN = {"Play": "card·T + offset", "Discard": "card", "CoupFourre": "safety"}
"""How an index runs inside its kind's block, as shown; :func:`within` is the same as
code, and the build checks it on every index."""


def within(action: Action, teams: int) -> int:
    """How far into its kind's block the index of ``action`` is, when seat 0 acts (so a
    play's offset is its target)."""
    match action:
        case Play(card=card, target=target):
            return int(card) * teams + target
        case Discard(card=card):
            return int(card)
        case CoupFourre(card=card):
            return SAFETIES.index(card)
        case _:
            return 0


def linear(values: Callable[[int, int], int]) -> str:
    """``values(P, T)`` as an expression ``a + b·P + c·T``, read from the values at
    (2, 2), (3, 2) and (2, 3) and checked at every size of :data:`SIZES`."""
    base = values(2, 2)
    b, c = values(3, 2) - base, values(2, 3) - base
    a = base - 2 * b - 2 * c
    for p, t in SIZES:
        if values(p, t) != a + b * p + c * t:
            raise ValueError(f"not linear in P and T: {values(p, t)} at P={p}, T={t}")
    terms = [f"{k}·{name}" if k != 1 else name for k, name in ((b, "P"), (c, "T")) if k]
    return " + ".join(([str(a)] if a or not terms else []) + terms)


def action_kind(action: Action) -> str:
    """An action's kind as the table names it: its class, and for an extension decision
    the choice (``Extension(extend=True)`` and ``Extension(extend=False)`` are two indices)."""
    if isinstance(action, Extension):
        return f"Extension(extend={action.extend})"
    return type(action).__name__


def action_blocks(teams: int) -> list[tuple[str, int, int]]:
    """The blocks of :class:`ActionTable` for ``teams`` teams: (kind, first index, size)."""
    table = encoding.ActionTable(teams)
    blocks: list[tuple[str, int, int]] = []
    for index in range(table.size):
        kind = action_kind(table.action(index, 0))
        if blocks and blocks[-1][0] == kind:
            blocks[-1] = (kind, blocks[-1][1], blocks[-1][2] + 1)
        else:
            blocks.append((kind, index, 1))
    return blocks


def _block_start(position: int, _players: int, teams: int) -> int:
    return action_blocks(teams)[position][1]


def _action_count(_players: int, teams: int) -> int:
    return encoding.ActionTable(teams).size


def _segment_length(position: int, players: int, teams: int) -> int:
    return encoding.segments(players, teams)[position][1]


def _definitions(directive: SphinxDirective) -> dict[str, nodes.definition]:
    """The body's definition list, by term text (``literal`` marks are dropped)."""
    holder = nodes.container()
    directive.state.nested_parse(directive.content, directive.content_offset, holder)
    found: dict[str, nodes.definition] = {}
    for item in holder.findall(nodes.definition_list_item):
        term = next(iter(item.findall(nodes.term)))
        found[term.astext().strip()] = next(iter(item.findall(nodes.definition)))
    if directive.content and not found:
        raise directive.error(
            f"{directive.name}: the body must be a definition list (MyST's deflist extension)"
        )
    return found


def _match(directive: SphinxDirective, wanted: Sequence[str]) -> dict[str, nodes.definition]:
    words = _definitions(directive)
    missing = [name for name in wanted if name not in words]
    unknown = [name for name in words if name not in wanted]
    if missing or unknown:
        raise directive.error(
            f"{directive.name}: the body must define exactly the code's entries;"
            f" missing {missing}, not in the code {unknown}"
        )
    return words


def _cell(definition: nodes.definition) -> list[nodes.Node]:
    return list(definition.children)


class ActionTableDirective(SphinxDirective):
    """One row per kind of action: its first index and how the index runs in its block."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(encoding.__file__ or "")
        kinds = [kind for kind, _, _ in action_blocks(2)]
        words = _match(self, kinds)
        rows: list[AnyRow] = []
        for position, kind in enumerate(kinds):
            start = linear(partial(_block_start, position))
            within = self._check_within(kind, position)
            shown = start if not within else f"{start} + {within}"
            rows.append([literal(shown), literal(kind), _cell(words[kind])])
        size = linear(_action_count)
        return [
            nodes.paragraph("", "", nodes.Text("Indices in all: "), literal(size)),
            make_table(["index", "engine action", "meaning"], rows, classes=["mb-actions"]),
        ]

    def _check_within(self, kind: str, position: int) -> str:
        """The expression of the index inside ``kind``'s block, checked on every index."""
        shown = SHOWN_WITHIN.get(kind, "")
        for _, teams in SIZES:
            table = encoding.ActionTable(teams)
            _, first, size = action_blocks(teams)[position]
            for index in range(first, first + size):
                if first + within(table.action(index, 0), teams) != index:
                    raise self.error(f"{kind}: index {index} is not {first} + {shown or 0}")
        return shown


class ObservationTableDirective(SphinxDirective):
    """One row per part of the observation vector, in order, with its length."""

    has_content = True

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(encoding.__file__ or "")
        names = [name for name, _ in encoding.segments(1, 1)]
        words = _match(self, names)
        rows: list[AnyRow] = []
        for position, name in enumerate(names):
            length = linear(partial(_segment_length, position))
            rows.append([literal(name), literal(length), _cell(words[name])])
        size = linear(encoding.observation_size)
        return [
            nodes.paragraph("", "", nodes.Text("Length in all: "), literal(size)),
            make_table(["part", "length", "contents"], rows, classes=["mb-observation"]),
        ]


def setup(app: Sphinx) -> None:
    app.add_directive("action-table", ActionTableDirective)
    app.add_directive("observation-table", ObservationTableDirective)
