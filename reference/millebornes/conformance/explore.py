"""Seeded playouts: the histories that most cases are taken from.

A history is a deck order and every action taken from the deal on, with the
state after each. Because a case taken from a history can be replayed from the
deck and a prefix of the actions, an engine that cannot load a state still gets
it (spec/conformance/protocol.md, PROTO-REPLAY). Choices are drawn from the
portable SplitMix64 generator, so the playouts are the same on every machine.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from millebornes.conformance.configs import Config
from millebornes.core.shuffle import SplitMix64, round_seed
from millebornes.families.classic.actions import Action, CoupFourre, Discard, Play
from millebornes.families.classic.cards import CATEGORY, KM, Card, Category
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.engine import apply, is_chance, legal_actions, new_match
from millebornes.families.classic.state import Phase, State

Policy = Callable[[SplitMix64, State, Sequence[Action]], Action]

ROUND_ENDS = (Phase.ROUND_OVER, Phase.MATCH_OVER)
MAX_STEPS = 20_000


@dataclass(frozen=True, slots=True)
class History:
    """A playout: ``states[0]`` is the first round just dealt from ``deck``, and
    ``states[i + 1]`` the state after ``actions[i]``."""

    config: Config
    policy: str
    index: int
    seed: int
    deck: tuple[Card, ...]
    actions: tuple[Action, ...]
    states: tuple[State, ...]

    @property
    def name(self) -> str:
        return f"{self.config.name}-trace-{self.policy}-{self.index}"

    def steps(self) -> Iterator[tuple[int, State, Action, State]]:
        """Every transition ``(i, before, action, after)``."""
        for i, action in enumerate(self.actions):
            yield i, self.states[i], action, self.states[i + 1]


def _uniform(rng: SplitMix64, state: State, actions: Sequence[Action]) -> Action:
    return actions[rng.below(len(actions))]


def _eager(rng: SplitMix64, state: State, actions: Sequence[Action]) -> Action:
    """Lays a card four times in five when it can; otherwise any legal action."""
    plays = [a for a in actions if not isinstance(a, Discard)]
    if plays and rng.below(5) < 4:
        return plays[rng.below(len(plays))]
    return _uniform(rng, state, actions)


def _racer_rank(action: Action) -> int:
    if isinstance(action, CoupFourre):
        return 100
    if isinstance(action, Play):
        category = CATEGORY[action.card]
        if category is Category.DISTANCE:
            return 50 + KM[action.card] // 25
        if category is Category.REMEDY:
            return 40
        if category is Category.HAZARD:
            return 30
        return 20  # a safety
    return 0


def _racer(rng: SplitMix64, state: State, actions: Sequence[Action]) -> Action:
    """Runs for the goal: the longest distance, else a remedy, a hazard, a safety; calls
    every coup-fourré; picks at random among equals and in any other decision."""
    best = max(_racer_rank(a) for a in actions)
    if best == 0:
        return _uniform(rng, state, actions)
    top = [a for a in actions if _racer_rank(a) == best]
    return top[rng.below(len(top))]


POLICIES: dict[str, Policy] = {"racer": _racer, "eager": _eager, "uniform": _uniform}
"""The playing styles, by name: a racer reaches goals and lays 200s, an eager player
attacks and lays safeties, a uniform one discards a lot and empties the draw pile."""

POLICY_SALT = 0xC0F0_2ACE_5EED


def play(
    config: Config, policy: str, index: int, *, match: bool = False, seed: int | None = None
) -> History:
    """One seeded playout of ``config``: a round, or a whole match when ``match`` is set."""
    chosen = seed if seed is not None else config.seed(policy, index)
    rng = SplitMix64(chosen ^ POLICY_SALT)
    choose = POLICIES[policy]
    state = new_match(config.edition, config.players, config.options)
    deal = deal_from_seed(state, round_seed(chosen, 1))
    state = apply(state, deal)
    states = [state]
    actions: list[Action] = []
    for _ in range(MAX_STEPS):
        if state.phase is Phase.MATCH_OVER or (state.phase in ROUND_ENDS and not match):
            break
        action: Action
        if is_chance(state):
            action = deal_from_seed(state, round_seed(chosen, state.round_number + 1))
        else:
            action = choose(rng, state, legal_actions(state))
        state = apply(state, action)
        actions.append(action)
        states.append(state)
    else:  # pragma: no cover - the rules end every round (RUL-ROUND-BLOCKED)
        raise RuntimeError(f"{config.name}: playout {policy} {index} did not end")
    return History(config, policy, index, chosen, deal.deck, tuple(actions), tuple(states))
