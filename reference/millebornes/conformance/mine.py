"""Choose the cases of one configuration from its playouts.

Every transition, every state and every round end of the playouts is a
candidate. Candidates are grouped by *signature* (the rules and features they
exercise); the first of each signature is kept, and :func:`greedy` picks among
them those that cover rules not yet covered, then fills up to a cap. Rejections
are found by trying candidate actions (:mod:`.candidates`) in every state: for
each rule that can forbid, one rejection for that rule alone when the playouts
offer one, else one where it is among several.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from millebornes.conformance.candidates import Shapes
from millebornes.conformance.configs import Config
from millebornes.conformance.explore import ROUND_ENDS, History
from millebornes.conformance.tags import (
    Tags,
    configuration_tags,
    precondition_tags,
    rejection_tags,
    score_case_tags,
    step_tags,
)
from millebornes.core.errors import MalformedInput
from millebornes.families.classic.actions import Action, Deal
from millebornes.families.classic.cards import CATEGORY, Card
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import legal_actions, violations
from millebornes.families.classic.state import Phase, State

CAPS = {"applied": 16, "legal": 6, "score": 4}
"""How many cases of each kind one configuration keeps at most (rejections: one per rule)."""


@dataclass(slots=True)
class Pick:
    """A candidate case: the ``index``-th state of ``history`` (and an action, for a step)."""

    history: History
    index: int
    tags: Tags
    action: Action | None = None
    rule_ids: tuple[str, ...] = ()

    @property
    def state(self) -> State:
        return self.history.states[self.index]


@dataclass(slots=True)
class Mined:
    """Everything chosen for one configuration."""

    applied: list[Pick] = field(default_factory=list)
    rejected: list[Pick] = field(default_factory=list)
    legal: list[Pick] = field(default_factory=list)
    score: list[Pick] = field(default_factory=list)
    trace_tags: dict[str, Tags] = field(default_factory=dict)

    def histories(self) -> list[History]:
        """The playouts some chosen case is taken from, in playout order."""
        used = {id(p.history): p.history for p in self.picks()}
        return sorted(used.values(), key=lambda h: (h.index, h.policy))

    def picks(self) -> list[Pick]:
        return self.applied + self.rejected + self.legal + self.score


def greedy(candidates: Sequence[Pick], cap: int) -> list[Pick]:
    """Those covering the most rules not yet covered first, then the rest, up to ``cap``.
    Ties go to a playout already used (fewer traces to replay), then to the earliest."""
    chosen: list[Pick] = []
    covered: set[str] = set()
    used: set[int] = set()
    left = list(candidates)
    while left and len(chosen) < cap:
        gains = [(len(p.tags.rules - covered), p.history.index in used) for p in left]
        best = max(gains)
        if best[0] == 0:
            break
        pick = left.pop(gains.index(best))
        chosen.append(pick)
        covered |= pick.tags.rules
        used.add(pick.history.index)
    left.sort(key=lambda p: p.history.index not in used)
    chosen += left[: cap - len(chosen)]
    return sorted(chosen, key=lambda p: (p.history.index, p.history.policy, p.index))


def _legal_signature(state: State) -> tuple[object, ...]:
    """A cheap summary of what can make the legal actions of ``state`` interesting."""
    seat = state.actor if state.actor is not None else 0
    own = state.tableaus[state.team_of(seat)]
    hand = state.hands[seat]
    return (
        state.phase,
        bool(state.draw_pile),
        own.is_rolling(),
        own.speed_top,
        own.battle_top,
        own.count_200(),
        Card.RIGHT_OF_WAY in own.safeties,
        tuple(sorted({CATEGORY[card] for card in hand})),
    )


class Miner:
    """Feeds on the playouts of one configuration and keeps the candidates."""

    def __init__(self, config: Config) -> None:
        self.config = config
        rules = load_edition(config.edition)
        self.cards = rules.playing_cards(config.players)
        self.shapes: Shapes | None = None
        self.applied: dict[tuple[object, ...], Pick] = {}
        self.legal: dict[tuple[object, ...], Pick] = {}
        self.legal_seen: set[tuple[object, ...]] = set()
        self.score: dict[tuple[object, ...], Pick] = {}
        self.clean: dict[str, dict[str, Pick]] = {}
        """For each rule, the first rejection for it alone in each playout."""
        self.crowded: dict[str, dict[str, Pick]] = {}
        """For each rule, the first rejection for it among others in each playout."""
        self.trace_tags: dict[str, Tags] = {}

    def feed(self, history: History) -> None:
        if self.shapes is None:
            self.shapes = Shapes(self.cards, history.deck)
            self.shapes.learn([Deal(0, history.deck)])
        shapes = self.shapes
        trace = configuration_tags(history.states[0])
        for i, before, action, after in history.steps():
            tags = step_tags(before, action, after)
            trace.merge(tags)
            key = (type(action).__name__, frozenset(tags.rules), frozenset(tags.features))
            self.applied.setdefault(key, Pick(history, i, tags, action))
        for i, state in enumerate(history.states):
            legal = legal_actions(state)
            shapes.learn(legal)
            self._try_candidates(history, i, state, legal, shapes)
            if state.phase in ROUND_ENDS:
                tags = score_case_tags(state)
                trace.merge(tags)
                ending = (frozenset(tags.rules), frozenset(tags.features))
                self.score.setdefault(ending, Pick(history, i, tags))
        self.trace_tags[history.name] = trace

    def _try_candidates(
        self, history: History, i: int, state: State, legal: Sequence[Action], shapes: Shapes
    ) -> None:
        signature = _legal_signature(state) if legal else None
        full = signature is not None and signature not in self.legal_seen
        decisive: set[str] = set()
        name = history.name  # a string built on each call: asked once, not per rejection
        for action, possible in shapes.candidates(state):
            if not full and possible is not None and possible <= self.clean.keys():
                continue
            try:
                broken = violations(state, action)
            except MalformedInput:
                continue
            if not broken:
                continue
            if len(broken) == 1:
                decisive.add(broken[0])
            for rule_id in broken:
                found = self.clean if len(broken) == 1 else self.crowded
                per_history = found.setdefault(rule_id, {})
                if name not in per_history:
                    tags = rejection_tags(state, action, broken)
                    per_history[name] = Pick(history, i, tags, action, broken)
        if full and signature is not None:
            self.legal_seen.add(signature)
            tags = Tags(set(decisive)).merge(configuration_tags(state))
            for action in legal:
                tags.merge(precondition_tags(state, action))
            tags.mark(*_phase_features(state))
            key = (frozenset(tags.rules), frozenset(tags.features))
            self.legal.setdefault(key, Pick(history, i, tags))

    def result(self) -> Mined:
        applied = greedy(list(self.applied.values()), CAPS["applied"])
        legal = greedy(list(self.legal.values()), CAPS["legal"])
        score = greedy(list(self.score.values()), CAPS["score"])
        used = {p.history.name for p in applied + legal + score}
        unique: dict[tuple[str, int, str], Pick] = {}
        for rule_id in sorted(self.clean.keys() | self.crowded.keys()):
            options = self.clean.get(rule_id) or self.crowded[rule_id]
            pick = next((p for name, p in options.items() if name in used), None)
            pick = pick or next(iter(options.values()))
            used.add(pick.history.name)
            unique.setdefault((pick.history.name, pick.index, repr(pick.action)), pick)
        return Mined(
            applied=applied,
            rejected=sorted(unique.values(), key=lambda p: p.rule_ids),
            legal=legal,
            score=score,
            trace_tags=self.trace_tags,
        )


def _phase_features(state: State) -> Iterable[str]:
    if state.phase is Phase.COUP_FOURRE:
        yield "coup-fourre"
    elif state.phase is Phase.EXTENSION:
        yield "extension"
    elif state.phase is Phase.PLAY and not state.draw_pile:
        yield "empty-draw-pile"
