"""``legal_actions`` against asking ``violations`` of every action a seat could name.

With the family's own tables ``legal_actions`` does not ask every row of every candidate:
its candidates meet the head of their tables by construction (``rules.HEAD``) and some
rows beyond it (``rules.BUILT``), and it leaves out the candidates known to break a row
(a Borne while an attack stands, a remedy that does not cure, a card not held, every
discard once a card can be played). Here every well-formed action (``every_action``) is
judged by ``violations`` in every state of random games, and the legal ones must be
exactly ``legal_actions``, in canonical order; also with tables where one row always holds
(as a mutant's), where nothing may be left out: there ``legal_actions`` asks the whole
tables of every candidate it builds.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from millebornes.families.funspeed import (
    DATA,
    FsAction,
    FsPhase,
    FsState,
    apply,
    legal_actions,
    new_game,
    violations,
)
from millebornes.families.funspeed.actions import (
    ACTIONS,
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    FalseHoldUp,
    Helicopter,
    HoldUp,
    Killer,
    LayBorne,
    Mirror,
    Pass,
    Police,
    Remedy,
    Safety,
    Trash,
    UTurn,
)
from millebornes.families.funspeed.all_actions import every_action
from millebornes.families.funspeed.cards import SAFETY_OF, FsCard
from millebornes.families.funspeed.rules import BUILT, HEAD, RULES

WEAKENED = tuple(sorted({rule_id for ids in (*HEAD.values(), *BUILT.values()) for rule_id in ids}))
"""Every row ``legal_actions`` may know to hold, or to fail, with the family's own tables,
and FS-DISCARD-FORCED (known to fail for every discard once a card can be played)."""
LEFT_OUT = ("FS-BORNE-FREE", "FS-CARD-IN-HAND", "FS-DISCARD-FORCED", "FS-REMEDY", "FS-REMEDY-TOP")
"""The rows some of whose breakers the family's own ``legal_actions`` never builds: with
one of them weakened the tables allow more than with the family's own."""


def canonical(actions: list[FsAction]) -> list[FsAction]:
    """Kind in ``ACTIONS`` order, then the fields in order (``legal_actions``'s order)."""

    def key(action: FsAction) -> tuple[Any, ...]:
        values = tuple(getattr(action, name) for name in action.__dataclass_fields__)
        # None (a wrong Hold Up with nothing to lose) never meets an index in one state.
        return (ACTIONS.index(type(action)), *(-1 if v is None else v for v in values))

    return sorted(actions, key=key)


def states(games: int, seed: int) -> Iterator[FsState]:
    """Every state of random games at every seat count."""
    rng = random.Random(seed)
    for game in range(games):
        state = new_game(DATA.seats[game % len(DATA.seats)], seed=seed * 1000 + game)
        while state.actor is not None:
            yield state
            choices = legal_actions(state)
            state = apply(state, choices[rng.randrange(len(choices))])


def weakened(rule_id: str) -> Mapping[type, tuple[Any, ...]]:
    """The family's tables with every row ``rule_id`` always holding."""

    def holds(state: FsState, action: FsAction) -> bool:
        return True

    return {
        kind: tuple((rid, holds if rid == rule_id else rule) for rid, rule in table)
        for kind, table in RULES.items()
    }


@pytest.mark.rules("FS-ACTOR", "FS-CARD-IN-HAND", "FS-DISCARD-FORCED", "RUL-FS-WINDOWS")
def test_legal_actions_are_exactly_the_actions_that_break_no_rule() -> None:
    checked = set()
    for n, state in enumerate(states(games=3, seed=1)):
        if n % 3:
            continue  # a third of the states of long games meets every step often enough
        asked = [a for a in every_action(state) if not violations(state, a)]
        assert list(legal_actions(state)) == canonical(asked)
        checked.add(state.phase)
    assert checked == set(FsPhase) - {FsPhase.OVER}


@pytest.mark.rules("FS-ACTOR", "FS-CARD-IN-HAND", "FS-DISCARD-FORCED", "RUL-FS-WINDOWS")
@pytest.mark.parametrize("rule_id", [*WEAKENED, "FS-DISCARD-FORCED"])
def test_other_tables_are_asked_about_every_candidate(rule_id: str) -> None:
    tables = weakened(rule_id)
    more = 0
    for n, state in enumerate(states(games=2, seed=2)):
        if n % 6:
            continue  # a sixth of the states is enough to meet every step
        asked = [a for a in every_action(state) if not violations(state, a, tables)]
        offered = canonical([a for a in asked if is_candidate(state, a)])
        assert list(legal_actions(state, tables)) == offered
        more += len(offered) > len(legal_actions(state))
    # Else the states met none of the candidates left out: the test would not see them.
    assert more or rule_id not in LEFT_OUT


def is_candidate(state: FsState, action: FsAction) -> bool:
    """Whether ``legal_actions`` builds ``action`` as a candidate (and asks the tables about
    it) when the tables are not the family's own: the actor's actions of the step or window,
    of a card the hand holds. (With a head row weakened, the tables allow more than is ever
    offered.)"""
    seat = action.seat
    if seat != state.actor:
        return False
    hand, zone, phase = state.hands[seat], state.zones[seat], state.phase
    if phase is FsPhase.DRAW:
        return isinstance(action, (DrawPile, DrawDiscard))
    if phase is FsPhase.PLAY:
        return _play_candidate(state, action)
    if phase is FsPhase.ATTACK:
        if isinstance(action, Remedy):
            return action.card in hand and action.attack is state.pending
        if isinstance(action, CoupFourre):
            return state.pending is not None and action.card is SAFETY_OF[state.pending]
        return isinstance(action, (Mirror, Pass))
    if phase is FsPhase.BORNE:
        return isinstance(action, (UTurn, Killer, Pass))
    if isinstance(action, HoldUp):
        return action.victim in state.tied and action.index < len(
            state.zones[action.victim].distance
        )
    if isinstance(action, FalseHoldUp):
        forfeits = zone.forfeitable()
        if action.index is None:
            return not forfeits
        return action.index < forfeits
    return isinstance(action, Pass)


def _play_candidate(state: FsState, action: FsAction) -> bool:
    seat = action.seat
    hand, zone = state.hands[seat], state.zones[seat]
    if isinstance(action, LayBorne):
        most = min(DATA.max_accelerators, hand.count(FsCard.ACCELERATOR))
        return action.card in hand and action.accelerators <= most
    if isinstance(action, Attack):
        return action.card in hand and action.target != seat
    if isinstance(action, Remedy):
        return action.card in hand and action.attack in (zone.attack, zone.radar)
    if isinstance(action, (Safety, Discard)):
        return action.card in hand
    if isinstance(action, Helicopter):
        return FsCard.HELICOPTER in hand and action.target != seat
    if isinstance(action, Police):
        return (
            FsCard.POLICE in hand
            and action.target != seat
            and action.take in state.hands[action.target]
            and action.give in (*hand, action.take)
        )
    return isinstance(action, Trash) and FsCard.TRASH in hand
