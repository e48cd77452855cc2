"""Diagrams drawn from what the engine does, at build time, as inline SVG.

Nothing here restates a rule. Each graph is obtained by asking the engine:

* ``battle-pile``, ``battle-pile-right-of-way``, ``speed-pile``: for every card
  that can top a pile and every card that goes on that pile, build the position
  with :func:`millebornes.families.classic.position.position` and ask
  :func:`millebornes.violations` whether laying it is legal: the edges are the
  precondition tables' answers. Whether the team is rolling is
  ``Tableau.is_rolling``; the distance allowed under each speed-pile top is
  what ``legal_actions`` offers.
* ``phases``: the nodes are the members of :class:`millebornes.families.classic.Phase`, titled
  with the words the rules use (:data:`PHASE_TITLES`) and described by their own
  docstrings; the edges are the phase changes observed while the
  engine plays seeded random matches of every edition, player count and option
  (deterministic, so the picture is the same at every build). Changes seen only
  with an empty draw pile are dashed.
"""

from __future__ import annotations

import random
import re
import textwrap
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

from millebornes.families import classic
from millebornes.families.classic import (
    Card,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Phase,
    Play,
    State,
    Tableau,
)
from millebornes.families.classic.cards import (
    CATEGORY,
    KM,
    NAME_EN,
    PILE,
    SAFETY_OF,
    Category,
    Pile,
)
from millebornes.families.classic.position import position
from millebornes_docs import data
from millebornes_docs.entries import spec_domain
from millebornes_docs.svg import Edge, Graph, Node, render
from millebornes_docs.tables import make_table

GLOSSARY = "glossary"
"""The page whose rows carry a ``card-<ID>`` anchor per card kind."""


def _french(card: Card) -> str:
    names: dict[str, str] = data.editions()[0].data.get("names_fr", {})
    return names.get(card.name, "")


def _card_lines(card: Card | None, state_note: str) -> tuple[str, ...]:
    if card is None:
        return ("Empty pile", state_note)
    french = _french(card)
    return (NAME_EN[card], *((french,) if french else ()), state_note)


# --- the piles ----------------------------------------------------------------------


def _legal_on(top: Card | None, card: Card, pile: Pile, safeties: tuple[Card, ...]) -> bool:
    """Is laying ``card`` on team 0's ``pile`` topped by ``top`` legal, by the engine?

    A hazard is laid by seat 1 (an opponent), anything else by seat 0 (the team).
    """
    seat = 1 if CATEGORY[card] is Category.HAZARD else 0
    cards = (top,) if top is not None else ()
    tableau = Tableau(
        battle=cards if pile is Pile.BATTLE else (Card.ROLL,),
        speed=cards if pile is Pile.SPEED else (),
        safeties=safeties,
    )
    state = position(hands={seat: [card]}, tableaus={0: tableau}, actor=seat)
    return not classic.violations(state, Play(seat, card, 0))


def _pile_edges(
    tops: Sequence[Card | None], cards: Sequence[Card], pile: Pile, safeties: tuple[Card, ...]
) -> list[Edge]:
    """An edge from each top card to each card the engine lets a player lay on it."""
    return [
        Edge(
            source=top.name if top is not None else "EMPTY",
            target=card.name,
            css="hazard" if CATEGORY[card] is Category.HAZARD else "remedy",
            note=_who_lays(card),
        )
        for top in tops
        for card in cards
        if _legal_on(top, card, pile, safeties)
    ]


def _who_lays(card: Card) -> str:
    if CATEGORY[card] is Category.HAZARD:
        return f"an opponent lays {NAME_EN[card]} (a hazard)"
    return f"the team lays {NAME_EN[card]} (a {CATEGORY[card].value})"


def _pile_cards(pile: Pile) -> list[Card]:
    return [card for card in Card if PILE[card] is pile]


def battle_pile_graph(with_safety: Card | None) -> Graph:
    """The tops a battle pile can show and the cards that may cover each."""
    safeties = (with_safety,) if with_safety is not None else ()
    cards = _pile_cards(Pile.BATTLE)
    # A safety clears the hazards it protects from (RUL-SAFETY-CLEARS-HAZARD): with it,
    # such a hazard never shows, and the graph leaves it out.
    tops: list[Card | None] = [None] + [
        c for c in cards if SAFETY_OF[c] is not with_safety or with_safety is None
    ]
    node_list: list[Node] = []
    for top in tops:
        tableau = Tableau(battle=(top,) if top is not None else (), safeties=safeties)
        rolling = tableau.is_rolling()
        node_list.append(
            Node(
                id=top.name if top is not None else "EMPTY",
                lines=_card_lines(top, "rolling" if rolling else "not rolling"),
                css="rolling" if rolling else "stopped",
                link=f"card:{top.name}" if top is not None else None,
            )
        )
    edges = _pile_edges(tops, [card for card in cards if card in tops], Pile.BATTLE, safeties)
    title = "Battle pile" + (f" with {NAME_EN[with_safety]}" if with_safety else "")
    return Graph(
        id="diagram-battle-pile" + (f"-{with_safety.name.lower()}" if with_safety else ""),
        title=title,
        description=(
            "Each box is a possible top card of a team's battle pile; an arrow goes to the card"
            " that may be laid on it, red for an opponent's hazard, green for the team's remedy."
        ),
        nodes=tuple(node_list),
        edges=tuple(edges),
    )


def _largest_distance(top: Card | None) -> int:
    """The longest distance card a rolling team may lay under this speed-pile top."""
    distance = [card for card in Card if CATEGORY[card] is Category.DISTANCE]
    state = position(
        hands={0: distance},
        tableaus={0: Tableau(battle=(Card.ROLL,), speed=(top,) if top is not None else ())},
    )
    legal = [
        KM[a.card]
        for a in classic.legal_actions(state)
        if isinstance(a, Play) and CATEGORY[a.card] is Category.DISTANCE
    ]
    return max(legal, default=0)


def speed_pile_graph() -> Graph:
    cards = _pile_cards(Pile.SPEED)
    tops: list[Card | None] = [None, *cards]
    longest = max(KM)
    node_list = []
    for top in tops:
        largest = _largest_distance(top)
        note = "any distance card" if largest == longest else f"distance up to {largest} km"
        node_list.append(
            Node(
                id=top.name if top is not None else "EMPTY",
                lines=_card_lines(top, note),
                css="rolling" if largest == longest else "limited",
                link=f"card:{top.name}" if top is not None else None,
            )
        )
    edges = _pile_edges(tops, cards, Pile.SPEED, ())
    return Graph(
        id="diagram-speed-pile",
        title="Speed pile",
        description=(
            "Each box is a possible top card of a team's speed pile, with the longest distance"
            " card a rolling team may then lay; arrows show what may be laid on it."
        ),
        nodes=tuple(node_list),
        edges=tuple(edges),
    )


# --- the phases -----------------------------------------------------------------------


@dataclass(frozen=True, order=True)
class Transition:
    """A change of phase the engine made, with who acts next."""

    before: str
    after: str
    action: str
    who: str
    empty_pile_only: bool
    """Seen only while the draw pile was empty."""


PHASE_TITLES = {
    Phase.DEAL: "Deal",
    Phase.DRAW: "Draw",
    Phase.PLAY: "Play or discard",
    Phase.COUP_FOURRE: "Coup-fourré window",
    Phase.EXTENSION: "Extension decision",
    Phase.ROUND_OVER: "Round over",
    Phase.MATCH_OVER: "Match over",
}
"""Each phase as the rules name the moment (spec/rules/turn.md, coup-fourre.md,
extension.md, match.md), not as the engine spells it."""

ACTION_WORDS = {
    Deal: "Deal",
    Draw: "Draw",
    Discard: "Discard",
    CoupFourre: "Coup-fourré",
    Decline: "Decline",
}
"""The actions in the rules' words; Play and Extension depend on the action's fields."""


def _action_name(action: Any) -> str:
    if isinstance(action, Play):
        return f"Play {CATEGORY[action.card].value}"
    if isinstance(action, Extension):
        return "Extend" if action.extend else "No extension"
    return ACTION_WORDS[type(action)]


WHO = (
    "nobody",
    "next dealer",
    "attacked team, out of turn",
    "same player",
    "next player",
    "a later player",
)
"""How the next actor relates to the last one, most specific first."""

SAY_WHO = frozenset({"attacked team, out of turn", "same player", "a later player"})
"""The relations a diagram label states; the others follow from the phase or turn order."""


def _relations(before: State, action: Any, after: State) -> frozenset[str]:
    """Every description in :data:`WHO` that fits who acts after ``action``.

    Several can fit at once (with two players, the attacked player is also the
    next one); :func:`observed_transitions` keeps those that fit every time.
    """
    if after.actor is None:
        return frozenset({"nobody"})
    fits = set()
    if classic.is_chance(after):
        fits.add("next dealer")
    target = getattr(action, "target", None)
    if (
        after.turn == before.turn  # the turn has not passed on: someone acts out of turn
        and after.actor != before.actor
        and target is not None
        and after.team_of(after.actor) == target
    ):
        fits.add("attacked team, out of turn")
    if after.actor == before.actor:
        fits.add("same player")
    fits.add(
        "next player" if after.actor == (before.turn + 1) % before.players else "a later player"
    )
    return frozenset(fits)


def _configurations() -> Iterator[tuple[str, int, tuple[str, ...]]]:
    """Every edition, player count, and option (alone) offered at that count."""
    for edition_id in classic.edition_ids():
        edition = classic.load_edition(edition_id)
        for players in edition.seat_counts:
            yield edition_id, players, ()
            for name, option in edition.options.items():
                if players in option.seats:
                    yield edition_id, players, (name,)


def _choose(rng: random.Random, actions: tuple[Any, ...]) -> Any:
    """A random action, a play more often than a discard: uniformly random players
    discard so much that rounds rarely reach the goal, and its phases go unseen."""
    plays = [a for a in actions if isinstance(a, Play)]
    return rng.choice(plays if plays and rng.random() < 0.85 else actions)


@cache
def observed_transitions(max_rounds: int = 40) -> frozenset[Transition]:
    """Play one seeded random match per configuration and record every phase change.

    For each change of phase by a kind of action, the description of who acts
    next is the most specific one that fitted every time it was seen.
    """
    seen: dict[tuple[str, str, str], list[tuple[frozenset[str], bool]]] = {}
    for edition_id, players, options in _configurations():
        rng = random.Random(f"{edition_id}/{players}/{','.join(options)}")
        state = classic.new_match(edition_id, players, options)
        rounds = 0
        while state.phase is not Phase.MATCH_OVER and rounds <= max_rounds:
            if classic.is_chance(state):
                action: Any = classic.deal_from_seed(state, rng.randrange(2**32))
                rounds += 1
            else:
                action = _choose(rng, classic.legal_actions(state))
            after = classic.apply(state, action)
            key = (state.phase.value, after.phase.value, _action_name(action))
            seen.setdefault(key, []).append((_relations(state, action, after), not state.draw_pile))
            state = after
    found: set[Transition] = set()
    for (phase, next_phase, name), observations in seen.items():
        always = frozenset.intersection(*(fits for fits, _ in observations))
        if always:
            groups = {min(always, key=WHO.index): observations}
        else:
            groups = {}
            for fits, empty in observations:
                groups.setdefault(min(fits, key=WHO.index), []).append((fits, empty))
        for who, group in groups.items():
            empty_only = all(empty for _, empty in group)
            found.add(Transition(phase, next_phase, name, who, empty_only))
    return frozenset(found)


def _phase_docs() -> dict[str, str]:
    """Each phase's docstring, read from the engine's source as autodoc reads it."""
    analyzer = ModuleAnalyzer.for_module(Phase.__module__)
    docs = analyzer.find_attr_docs()
    return {
        name: " ".join(" ".join(lines).split())
        for (cls, name), lines in docs.items()
        if cls == "Phase"
    }


def _actions_text(actions: set[str]) -> str:
    plays = sorted(a.removeprefix("Play ") for a in actions if a.startswith("Play "))
    others = sorted(a for a in actions if not a.startswith("Play "))
    names = (["Play"] if len(plays) >= 3 else [f"Play {'/'.join(plays)}"] if plays else []) + others
    return "/".join(names)


def phase_graph() -> Graph:
    transitions = observed_transitions()
    docs = _phase_docs()
    id_pattern = re.compile(r"\(([A-Z][A-Z0-9-]+)")
    node_list = []
    for phase in Phase:
        doc = docs.get(phase.name, "")
        first = doc.split(". ")[0].rstrip(".")
        rule = id_pattern.search(first)
        note = id_pattern.sub("(", first).replace(" ()", "").replace("()", "")
        css = (
            "window"
            if phase.name == "COUP_FOURRE"
            else "terminal"
            if not any(t.before == phase.value for t in transitions)
            else "chance"
            if phase in (Phase.DEAL, Phase.ROUND_OVER)
            else "phase"
        )
        node_list.append(
            Node(
                id=phase.value,
                lines=(PHASE_TITLES[phase], *textwrap.wrap(note, 28)),
                css=css,
                link=f"id:{rule.group(1)}" if rule else None,
            )
        )
    groups: dict[tuple[str, str], dict[str, list[Transition]]] = {}
    for t in sorted(transitions):
        groups.setdefault((t.before, t.after), {}).setdefault(t.who, []).append(t)
    edges = []
    for (before, after), by_who in groups.items():
        sentences, labels = [], []
        for who, seen in sorted(by_who.items(), key=lambda item: WHO.index(item[0])):
            empty = all(t.empty_pile_only for t in seen)
            actions = _actions_text({t.action for t in seen})
            sentences.append(
                f"{actions} → {who}" + (" (only with an empty draw pile)" if empty else "")
            )
            # The drawing names who acts next only where it departs from the turn order
            # or the phase says it anyway; the table under it says everything.
            labels.append(actions + (f" → {who}" if who in SAY_WHO else ""))
        window = "coup_fourre" in (before, after)
        edges.append(
            Edge(
                source=before,
                target=after,
                lines=tuple(line for label in labels for line in textwrap.wrap(label, 30)),
                css="window" if window else "plain",
                dashed=all(t.empty_pile_only for seen in by_who.values() for t in seen),
                note="; ".join(sentences),
            )
        )
    return Graph(
        id="diagram-phases",
        title="Phases of a turn, a round and a match",
        description=(
            "Each box is a phase of the engine's state; each arrow a change of phase seen while"
            " the engine played, labelled with the action and who acts next."
        ),
        nodes=tuple(node_list),
        edges=tuple(edges),
    )


GRAPHS = {
    "phases": phase_graph,
    "battle-pile": lambda: battle_pile_graph(None),
    "battle-pile-right-of-way": lambda: battle_pile_graph(Card.RIGHT_OF_WAY),
    "speed-pile": speed_pile_graph,
}


# --- Sphinx ---------------------------------------------------------------------------


class diagram(nodes.General, nodes.Element):  # noqa: N801 (docutils node naming)
    """A graph, drawn as SVG when written, once the targets of its links are known."""


def _visit_diagram(self: Any, node: diagram) -> None:
    graph: Graph = node["graph"]
    builder = self.builder
    docname = builder.current_docname
    domain = spec_domain(builder.env)

    def resolve(link: str) -> str | None:
        kind, _, target = link.partition(":")
        if kind == "card" and GLOSSARY in builder.env.all_docs:
            return f"{builder.get_relative_uri(docname, GLOSSARY)}#card-{target}"
        entry = domain.lookup(target) if kind == "id" else None
        if entry is not None:
            return f"{builder.get_relative_uri(docname, entry.docname)}#{entry.id}"
        return None

    self.body.append('<div class="mb-diagram-frame">' + render(graph, resolve) + "</div>\n")
    raise nodes.SkipNode


def _skip(self: Any, node: diagram) -> None:
    raise nodes.SkipNode


class DiagramDirective(SphinxDirective):
    """``{diagram} NAME``: one of :data:`GRAPHS`, with a text table of its arrows
    (the same facts for screen readers, search and copy-paste)."""

    required_arguments = 1
    has_content = False
    option_spec = {"no-table": lambda value: True}  # noqa: RUF012

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        if name not in GRAPHS:
            raise self.error(f"unknown diagram {name!r}; known: {', '.join(GRAPHS)}")
        for path in data.data_files():
            self.env.note_dependency(str(path))
        graph = GRAPHS[name]()
        out: list[nodes.Node] = [diagram("", graph=graph)]
        if "no-table" not in self.options:
            titles = {n.id: n.lines[0] for n in graph.nodes}
            rows = [
                [titles[e.source], titles[e.target], e.note or " ".join(e.lines)]
                for e in graph.edges
            ]
            table = make_table(
                ["From", "To", "How"], rows, classes=["mb-diagram-table"], widths=[2, 2, 5]
            )
            out.append(table)
        return out


def setup(app: Sphinx) -> None:
    app.add_node(
        diagram,
        html=(_visit_diagram, None),
        latex=(_skip, None),
        text=(_skip, None),
        man=(_skip, None),
        texinfo=(_skip, None),
    )
    app.add_directive("diagram", DiagramDirective)
