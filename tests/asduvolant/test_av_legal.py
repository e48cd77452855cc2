"""``legal_actions`` against asking ``violations`` of every action a seat could name.

``legal_actions`` does not ask every row of every candidate: the play step's candidates
meet the head of their tables by construction, and with the family's own tables it leaves
out the candidates known to break a row (a stopped car's moves, a shortcut away from an
entry square, a move doubled without the Accélération, a discard when a card can be
played). Here every action of every kind, for every seat, is judged by ``violations``
in states reached by random play, and the legal ones must be exactly ``legal_actions``,
in canonical order; also with tables where one row always holds (as a mutant's), where
nothing may be left out.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from millebornes.families.asduvolant import (
    ACTIONS,
    AvAction,
    AvCard,
    AvState,
    apply,
    legal_actions,
    new_game,
    violations,
)
from millebornes.families.asduvolant.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    EndTurn,
    Move,
    Pass,
    Remedy,
    Safety,
    Turbo,
    UTurn,
)
from millebornes.families.asduvolant.cards import ATTACKS, KIND, Kind
from millebornes.families.asduvolant.rules import RULES

CONFIGS = ((2, ()), (2, ("small_deck",)), (3, ("goal_700",)), (4, ()), (4, ("accelerated",)))

WEAKENED = ("AV-CARD-IN-HAND", "AV-MOVE-FREE", "AV-SHORTCUT", "RUL-AV-DISCARD", "AV-ACTOR")
"""Rows that ``legal_actions`` may know to fail with the family's own tables."""


def every_action(players: int) -> Iterator[AvAction]:
    """Every action of every kind a seat of a ``players``-seat game could name."""
    flags = (False, True)
    for seat in range(players):
        yield DrawPile(seat)
        yield DrawDiscard(seat)
        for card in AvCard:
            kind = KIND[card]
            yield Discard(seat, card)
            if kind is Kind.DISTANCE:
                yield from (Move(seat, card, boost, cut) for boost in flags for cut in flags)
            elif kind is Kind.ATTACK:
                yield from (Attack(seat, card, target) for target in range(players))
            elif kind is Kind.REMEDY:
                yield from (Remedy(seat, card, attack) for attack in ATTACKS)
            elif kind is Kind.SAFETY:
                yield Safety(seat, card)
                yield CoupFourre(seat, card)
        yield from (Turbo(seat), EndTurn(seat), UTurn(seat), Pass(seat))


def canonical(actions: list[AvAction]) -> list[AvAction]:
    """Kind in ``ACTIONS`` order, then the fields in order (``legal_actions``'s order)."""

    def key(action: AvAction) -> tuple[Any, ...]:
        fields = tuple(getattr(action, name) for name in action.__dataclass_fields__)
        return (ACTIONS.index(type(action)), *fields)

    return sorted(actions, key=key)


def states(games: int, seed: int) -> Iterator[AvState]:
    """The states of random games in every configuration of ``CONFIGS``."""
    rng = random.Random(seed)
    for game in range(games):
        players, options = CONFIGS[game % len(CONFIGS)]
        state = new_game(players, seed=seed * 1000 + game, options=options)
        while state.actor is not None:
            yield state
            choices = legal_actions(state)
            state = apply(state, choices[rng.randrange(len(choices))])


def weakened(rule_id: str) -> Mapping[type, tuple[Any, ...]]:
    """The family's tables with the row ``rule_id`` always holding."""

    def holds(state: AvState, action: AvAction) -> bool:
        return True

    return {
        kind: tuple((rid, holds if rid == rule_id else rule) for rid, rule in table)
        for kind, table in RULES.items()
    }


@pytest.mark.rules("AV-ACTOR", "AV-CARD-IN-HAND", "AV-MOVE-FREE", "AV-SHORTCUT", "RUL-AV-DISCARD")
def test_legal_actions_are_exactly_the_actions_that_break_no_rule() -> None:
    checked = 0
    for state in states(games=15, seed=1):
        asked = [a for a in every_action(state.players) if not violations(state, a)]
        assert list(legal_actions(state)) == canonical(asked)
        checked += 1
    assert checked > 500


@pytest.mark.rules("AV-ACTOR", "AV-CARD-IN-HAND", "AV-MOVE-FREE", "AV-SHORTCUT", "RUL-AV-DISCARD")
@pytest.mark.parametrize("rule_id", WEAKENED)
def test_other_tables_are_asked_about_every_candidate(rule_id: str) -> None:
    tables = weakened(rule_id)
    for n, state in enumerate(states(games=5, seed=2)):
        if n % 3:
            continue  # a third of the states is enough to meet every step
        asked = [a for a in every_action(state.players) if not violations(state, a, tables)]
        offered = [a for a in asked if is_candidate(state, a)]
        assert list(legal_actions(state, tables)) == canonical(offered)


def is_candidate(state: AvState, action: AvAction) -> bool:
    """Whether ``legal_actions`` asks the tables about ``action`` at all: the actor's
    actions, and of the plays and discards only those of a card of the hand. (With
    AV-ACTOR or AV-CARD-IN-HAND weakened, the tables allow more than is ever offered.)"""
    if action.seat != state.actor:
        return False
    if isinstance(action, (Move, Attack, Remedy, Safety, Discard)):
        return action.card in state.hands[action.seat]
    return True
