"""The hypothesis state machine: random legal play with explicit chance, every net at every step.

One rule, always enabled, takes the next action from ``legal_actions`` (canonical
order, so shrinking heads for the first listed action). Chance is explicit: the
deal chooses each hand card by card, and a draw (or a coup-fourré's replacement
card) chooses which of the cards still unseen lies on top of the draw pile — a
legitimate chance move, since the order of the draw pile is unknown to everyone.
Choices among card *kinds* are uniform, which makes rare cards (safeties, 200s)
come up often. Play is biased, and shrinks, towards eagerness: a draw often brings a
card the player can lay at once, and a player often lays the card that moves its
team on most (see :func:`with_top` and :func:`choose`), so that short runs reach
the limits the rules set.

At every step the machine checks every net of :mod:`.nets`; a failure raises
:class:`MachineFailure` with the problems and a readable transcript of the run.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from hypothesis import HealthCheck, note, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    rule,
    run_state_machine_as_test,
)

from millebornes.families.classic import (
    Action,
    Card,
    Category,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Phase,
    Play,
    State,
    is_chance,
    match_winners,
    new_match,
    to_json,
)
from millebornes.families.classic.cards import CATEGORY, KM
from millebornes.families.classic.family import CLASSIC
from millebornes.families.classic.transcript import describe
from millebornes_invariants.catalogue import broken_invariants
from millebornes_invariants.configurations import Configuration, label
from millebornes_invariants.nets import (
    ALL_NETS,
    FACTS,
    REJECTION,
    fact_problems,
    guarded,
    is_turn,
    rejection_problems,
    step_problems_all,
)


class MachineFailure(AssertionError):
    """A net caught something; the message lists the problems and the run so far."""


@dataclass
class Failure:
    """The last failure a machine raised (after shrinking: the minimal one)."""

    configuration: Configuration
    steps: int
    """How many actions the run had taken, the failing one included."""
    problems: list[str]
    transcript: list[str] = field(default_factory=list)


LAST_FAILURE: list[Failure] = []
"""Holds the most recent :class:`Failure`; hypothesis replays the shrunk example last."""


@dataclass(frozen=True, slots=True)
class Depth:
    """How hard to look: examples per configuration, steps per example, how often the fast
    z3 evaluation is cross-checked by z3 itself, and which nets to cast."""

    examples: int
    steps: int
    z3_every: int
    nets: tuple[str, ...] = ALL_NETS


DEPTHS = {
    "quick": Depth(examples=4, steps=220, z3_every=120),
    "deep": Depth(examples=60, steps=2500, z3_every=15),
}


def depth() -> Depth:
    """The depth for the hypothesis profile in force (``--hypothesis-profile=deep`` or
    HYPOTHESIS_PROFILE=deep): quick unless the profile asks for more examples."""
    current = settings.default
    examples = current.max_examples if current is not None else DEPTHS["quick"].examples
    chosen = DEPTHS.get(settings.get_current_profile_name(), DEPTHS["quick"])
    return replace(chosen, examples=examples)


def machine_settings(chosen: Depth | None = None, **overrides: object) -> settings:
    chosen = chosen or depth()
    return settings(
        settings.default,
        max_examples=chosen.examples,
        stateful_step_count=chosen.steps,
        deadline=None,
        suppress_health_check=list(HealthCheck),
        **overrides,  # type: ignore[arg-type]
    )


# --- chance and choice ---------------------------------------------------------------


def _kind(data: st.DataObject, cards: tuple[Card, ...] | list[Card], label_: str) -> Card:
    kinds = sorted(set(cards))
    return kinds[data.draw(st.integers(0, len(kinds) - 1), label=label_)]


def deal(data: st.DataObject, state: State) -> Deal:
    """SETUP-DEAL as chance: each card dealt is a kind chosen among the cards left."""
    rules = state.rules
    pool = Counter(rules.playing_cards(state.players))
    dealt = []
    for _ in range(state.players * rules.hand_size):
        card = _kind(data, list(pool), "dealt")
        pool[card] -= 1
        if not pool[card]:
            del pool[card]
        dealt.append(card)
    seat = state.actor if state.actor is not None else 0
    # The rest is the draw pile, in box order: its order is chosen draw by draw (with_top).
    return Deal(seat, (*dealt, *pool.elements()))


def _on_top(state: State, card: Card) -> State:
    pile = state.draw_pile
    i = pile.index(card)
    return replace(state, draw_pile=(card, *pile[:i], *pile[i + 1 :]))


def _playable(state: State, card: Card, family: Any) -> bool:
    """Could the actor lay ``card`` right after drawing it? (Asked of the engine under test,
    so a rule that wrongly lets a card through makes that card more likely to come.)"""
    if state.phase is not Phase.DRAW or state.actor is None:
        return False
    after = family.apply(_on_top(state, card), Draw(state.actor))
    return any(isinstance(a, Play) and a.card is card for a in family.legal_actions(after))


def with_top(data: st.DataObject, state: State, family: Any = CLASSIC) -> State:
    """TURN-DRAW as chance: any card still unseen may be the top of the draw pile. Often
    (and as the shrinker prefers) it is a kind the player could lay at once, the most
    eager first (:func:`_eagerness`) — so that short runs reach the limits of the rules."""
    pile = state.draw_pile
    if data.draw(st.integers(0, 3), label="draw policy") == 0 and state.actor is not None:
        seat = state.actor
        kinds = sorted(
            set(pile), key=lambda card: _eagerness(Play(seat, card, state.team_of(seat)))
        )
        useful = [card for card in kinds if _playable(state, card, family)]
        if useful:
            return _on_top(state, useful[data.draw(st.integers(0, len(useful) - 1), label="drawn")])
    return _on_top(state, _kind(data, pile, "drawn"))


def _eagerness(action: Action) -> tuple[int, int, int]:
    """How much an action moves a team on: distance (the longest first), then its own
    remedies and safeties, then attacks, then anything else."""
    if isinstance(action, Play):
        category = CATEGORY[action.card]
        rank = {Category.DISTANCE: 0, Category.REMEDY: 1, Category.SAFETY: 1}.get(category, 2)
        return rank, -KM[action.card], int(action.card)
    return 3, 0, 0


def choose(data: st.DataObject, choices: tuple[Action, ...]) -> Action:
    """The eager action (the shrinker's favourite: runs that go straight for the goal),
    a play rather than a discard, or any action at all."""
    mode = data.draw(st.integers(0, 3), label="play policy")
    if mode == 0:
        return min(choices, key=_eagerness)
    plays = [a for a in choices if not isinstance(a, Discard)]
    pool = plays if plays and mode < 3 else list(choices)
    return pool[data.draw(st.integers(0, len(pool) - 1), label="action")]


def illegal_action(data: st.DataObject, state: State, legal: set[Action]) -> Action | None:
    """An action not in ``legal_actions``: mostly the actor's own cards in the wrong place
    or at the wrong time, sometimes any seat, any card."""
    near = state.actor is not None and data.draw(st.integers(0, 3), label="near miss") > 0
    seat = (
        state.actor
        if near and state.actor is not None
        else data.draw(st.integers(0, state.players - 1))
    )
    cards = sorted(set(state.hands[seat])) if near and state.hands[seat] else list(Card)
    candidates: list[Action] = [
        Draw(seat),
        Decline(seat),
        Extension(seat, False),
        Extension(seat, True),
    ]
    candidates += [Play(seat, card, team) for card in cards for team in range(state.teams)]
    candidates += [Discard(seat, card) for card in cards] + [
        CoupFourre(seat, card) for card in cards
    ]
    candidates = [action for action in candidates if action not in legal]
    if not candidates:
        return None
    return candidates[data.draw(st.integers(0, len(candidates) - 1), label="illegal")]


def head_start(data: st.DataObject, fresh: State) -> State:
    """Between two rounds of a match whose teams are each within 2000 points of the target:
    the last round was blocked with every card discarded, so the tableaus are empty and
    every playing card is back with the dealer. A reachable state, near the end."""
    target = fresh.rules.match_target
    scores = tuple(max(0, target - 1 - data.draw(st.integers(0, 2000))) for _ in fresh.scores)
    dealer = data.draw(st.integers(0, fresh.players - 1), label="dealer")
    nxt = (dealer + 1) % fresh.players
    return replace(
        fresh,
        phase=Phase.ROUND_OVER,
        round_number=1,
        dealer=dealer,
        actor=nxt,
        turn=nxt,
        scores=scores,
    )


def _takes_top(state: State, action: Action) -> bool:
    return bool(state.draw_pile) and isinstance(action, (Draw, CoupFourre))


def _describe(state: State, action: Action) -> str:
    if isinstance(action, Deal):
        n, size = state.players, state.rules.hand_size
        hands = [sorted(action.deck[i : n * size : n]) for i in range(n)]
        seats = [(action.seat + 1 + i) % n for i in range(n)]
        shown = "; ".join(
            f"seat {s}: {' '.join(c.name for c in h)}" for s, h in zip(seats, hands, strict=True)
        )
        return f"seat {action.seat} deals: {shown}"
    return describe(state, action)


# --- the machine -----------------------------------------------------------------------


def machine_for(
    configuration: Configuration, chosen: Depth | None = None, family: Any = CLASSIC
) -> type[RuleBasedStateMachine]:
    """The state machine class for one edition, seat count and option, playing ``family``
    (the classic family object by default; the mutation harness passes a mutant of it)."""
    edition, players, options = configuration
    z3_every = (chosen or depth()).z3_every
    nets = (chosen or depth()).nets

    class MilleBornesMachine(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            self.state = new_match(edition, players, options)
            self.steps = 0
            self.turns: Counter[int] = Counter()
            self.transcript: list[str] = []

        @initialize(data=st.data())
        def start(self, data: st.DataObject) -> None:
            """A new match, or (so that runs see matches end) one whose earlier rounds have
            brought the teams near the match target."""
            if data.draw(st.integers(0, 3), label="head start") == 3:
                self.state = head_start(data, self.state)
                self.transcript.append(f"0. a match at {self.state.scores} points, to continue")
                note(self.transcript[-1])
            self._fail(broken_invariants(self.state))

        def _fail(self, problems: list[str]) -> None:
            if not problems:
                return
            failure = Failure(configuration, self.steps, problems, list(self.transcript))
            LAST_FAILURE[:] = [failure]
            raise MachineFailure("\n".join(problems))

        @rule(data=st.data())
        def step(self, data: st.DataObject) -> None:
            state = self.state
            if state.phase is Phase.MATCH_OVER:
                # MATCH-TARGET, RUL-MATCH-TIE: nothing more to do, and someone has won.
                done = family.legal_actions(state) == () and match_winners(state) != ()
                self._fail([] if done else ["the match is over, yet not decided"])
                self.state = new_match(edition, players, options)
                self.transcript.append(f"{self.steps}. a new match")
                return
            legal = family.legal_actions(state)
            if is_chance(state):
                action: Action = deal(data, state)
            elif not legal:
                self._fail([f"INV-ACTOR-CAN-ACT: no legal action in phase {state.phase}"])
                return
            else:
                action = choose(data, legal)
                if _takes_top(state, action):
                    state = with_top(data, state, family)
            problems: list[str] = []
            if REJECTION in nets:
                sample = illegal_action(data, state, set(legal))
                if sample is not None:
                    problems += guarded(
                        REJECTION, lambda: rejection_problems(state, sample, family)
                    )
            self.steps += 1
            self.transcript.append(f"{self.steps}. {_describe(state, action)}")
            note(self.transcript[-1])
            before_json = to_json(state)
            try:
                after = family.apply(state, action)
            except Exception as error:
                self._fail(
                    [
                        *problems,
                        f"engine: listed {action} but apply raised {type(error).__name__}: {error}",
                    ]
                )
                return
            full = z3_every > 0 and self.steps % z3_every == 0
            problems += step_problems_all(
                state, before_json, action, after, full_z3=full, nets=nets
            )
            if is_turn(action):
                self.turns[state.team_of(action.seat)] += 1
            if FACTS in nets:
                problems += guarded(FACTS, lambda: fact_problems(state, after, dict(self.turns)))
            if isinstance(action, Deal):
                self.turns.clear()
            self._fail(problems)
            self.state = after

    MilleBornesMachine.__name__ = MilleBornesMachine.__qualname__ = (
        f"Machine_{label(configuration)}".replace("-", "_")
    )
    return MilleBornesMachine


def run(configuration: Configuration, chosen: Depth) -> str | None:
    """Run the machine on one configuration; None if every net held, else a report with
    the problems and the (shrunk) run. A plain function, so that it runs in a worker."""
    LAST_FAILURE.clear()
    try:
        run_state_machine_as_test(
            machine_for(configuration, chosen), settings=machine_settings(chosen)
        )
    except MachineFailure:
        failure = LAST_FAILURE[0]
        return "\n".join([*failure.problems, "after:", *failure.transcript])
    return None
