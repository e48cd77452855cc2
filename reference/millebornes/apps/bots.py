"""Players that choose an action: the interface every bot follows, the random bot and
the greedy heuristic bot.

A bot is asked only at a state where one of its seats acts and the state is not a
chance node; it answers with one of ``legal_actions(state)``. Bots are deterministic
given their seed, so a game between bots is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import SplitMix64
from millebornes.families.classic.actions import Action, CoupFourre, Discard, Extension, Play
from millebornes.families.classic.cards import (
    CATEGORY,
    CURES,
    KM,
    PILE,
    SAFETY_OF,
    Card,
    Category,
    Pile,
)
from millebornes.families.classic.engine import apply, legal_actions
from millebornes.families.classic.state import Phase, State, Tableau


class Bot(Protocol):
    """Chooses one legal action at a state where someone must act (not a deal)."""

    name: str

    def choose(self, state: State) -> Action: ...


class RandomBot:
    """Every legal action equally likely, drawn from SplitMix64 (portable, seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(seed)

    def choose(self, state: State) -> Action:
        choices = legal_actions(state)
        return choices[self._rng.below(len(choices))]


class GreedyBot:
    """A one-step heuristic that sees only what its seat may see: its own hand, the
    tableaus, the size of the draw pile.

    In order of preference: reach the goal exactly (DIST-EXACT-GOAL); call every
    coup-fourré (CF-WINDOW); cure its own hazard or lay the Roll it needs; attack the
    leading opponent when it is not behind; drive with the biggest distance card; lay a
    safety only when it unblocks the team or the round is ending (otherwise it is kept for
    a coup-fourré); and else discard the least useful card. Ties go to a seeded draw.
    """

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(seed)

    def choose(self, state: State) -> Action:
        choices = legal_actions(state)
        if state.phase is Phase.EXTENSION:
            return _extension_choice(state, choices)
        calls = [a for a in choices if isinstance(a, CoupFourre)]
        if calls:
            return calls[0]
        scored = [(_value(state, a), a) for a in choices]
        best = max(value for value, _ in scored)
        top = [a for value, a in scored if value == best]
        return top[self._rng.below(len(top))] if len(top) > 1 else top[0]


def _extension_choice(state: State, choices: tuple[Action, ...]) -> Action:
    """EXT-DECISION: extend only with cards enough left and no opponent close behind."""
    seat = state.actor if state.actor is not None else 0
    own = state.team_of(seat)
    rivals = max(t.km for team, t in enumerate(state.tableaus) if team != own)
    extend = len(state.draw_pile) >= 20 and rivals <= state.goal - 300
    for action in choices:
        if isinstance(action, Extension) and action.extend == extend:
            return action
    return choices[0]


def _value(state: State, action: Action) -> int:
    """How much the greedy bot likes ``action`` (higher is better)."""
    if isinstance(action, Discard):
        return 30 - _usefulness(state, action.seat, action.card)
    if not isinstance(action, Play):
        return 0  # a draw or a decline: the only choice there
    own = state.tableaus[state.team_of(action.seat)]
    card = action.card
    category = CATEGORY[card]
    if category is Category.DISTANCE:
        return 1000 if own.km + KM[card] == state.goal else 400 + KM[card]
    if category is Category.REMEDY:
        if card is Card.END_OF_LIMIT:
            fast = any(KM[c] > state.rules.speed_limit_max_km for c in state.hands[action.seat])
            return 600 if fast else 100
        return 900
    if category is Category.SAFETY:
        return _safety_value(state, action, own)
    target = state.tableaus[action.target]
    behind = target.km >= own.km
    value = (650 if behind else 450) if PILE[card] is Pile.BATTLE else (350 if behind else 250)
    if state.goal - target.km <= 200:
        value += 200  # the target is about to finish
    return value + target.km // 10


def _safety_value(state: State, action: Play, own: Tableau) -> int:
    after = apply(state, action).tableaus[action.target]
    if after.is_rolling() and not own.is_rolling():
        return 850  # it unblocks the team
    if own.speed_top is Card.SPEED_LIMIT and after.speed_top is not Card.SPEED_LIMIT:
        return 550
    if len(state.draw_pile) <= 2 * state.players:
        return 700  # the round is ending: the coup-fourré will hardly come now
    return 20


def _usefulness(state: State, seat: int, card: Card) -> int:
    """How much keeping ``card`` is worth to ``seat`` (the discard goes to the least)."""
    own = state.tableaus[state.team_of(seat)]
    category = CATEGORY[card]
    if category is Category.SAFETY:
        return 100
    if category is Category.DISTANCE:
        if own.km + KM[card] > state.goal:
            return 0
        if card is Card.D200 and own.count_200() >= state.rules.max_200_per_round:
            return 0
        return KM[card] // 25 * 5
    if category is Category.REMEDY:
        hazard = CURES[card]
        guard = SAFETY_OF[hazard] if hazard is not None else None
        if guard is not None and own.has_safety(guard):
            return 0  # the safety already does its work
        if hazard is not None and hazard in (own.battle_top, own.speed_top):
            return 90
        return 15 if state.hands[seat].count(card) > 1 else 45
    guard = SAFETY_OF[card]
    open_targets = [
        t
        for team, t in enumerate(state.tableaus)
        if team != state.team_of(seat) and not (guard is not None and t.has_safety(guard))
    ]
    if not open_targets:
        return 0
    return 50 if PILE[card] is Pile.BATTLE else 30


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}
"""Bot constructors by name; each takes a seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`), seeded with ``seed``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise MalformedInput(f"bot: unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return factory(seed)
