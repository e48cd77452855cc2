"""Candidate actions to try in a state, built from the shapes of the actions seen.

Rejection cases need actions that break rules, and legal-action cases need to
know which rule alone excludes an action. Both try, in a state, every action of
every kind seen in the playouts, varied over the fields an action has: the seat
(the actor and the next seat), the card (every kind of the box), the target
team, any true/false field, and for a deal a good deck and one a card short.
Nothing here names an action kind, so a new kind is tried as soon as it appears.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from functools import cache
from typing import Any

from millebornes.conformance.canon import JsonDict
from millebornes.core.errors import MalformedInput
from millebornes.families.classic import rules as rule_tables
from millebornes.families.classic.actions import Action
from millebornes.families.classic.cards import Card
from millebornes.families.classic.serialize import action_from_dict, action_to_dict
from millebornes.families.classic.state import State


def _is_table(value: Any) -> bool:
    return (
        isinstance(value, tuple)
        and bool(value)
        and all(
            isinstance(row, tuple) and len(row) == 2 and isinstance(row[0], str) for row in value
        )
    )


def _ids_in(value: Any) -> set[str]:
    if _is_table(value):
        return {row[0] for row in value}
    if isinstance(value, tuple):
        return set().union(*(_ids_in(item) for item in value)) if value else set()
    return set()


@cache
def rejectable_ids() -> frozenset[str]:
    """Every rule ID of a precondition table (millebornes.families.classic.rules): the rules
    that forbid."""
    found: set[str] = set()
    for name, value in vars(rule_tables).items():
        if name.isupper() and name.endswith("_RULES"):
            found |= _ids_in(value)
    return frozenset(found)


def table_ids(action: JsonDict) -> frozenset[str] | None:
    """The IDs that can reject ``action``: its kind's table (``<KIND>_RULES``, per card for
    plays), or None when no table is found by that name (then every ID is possible)."""
    table = getattr(rule_tables, f"{str(action['type']).upper()}_RULES", None)
    if table is None:
        return None
    if not _is_table(table) and "card" in action:
        try:
            table = table[Card[str(action["card"])]]
        except (KeyError, IndexError, TypeError):
            return None
    return frozenset(_ids_in(table)) if _is_table(table) else None


class Shapes:
    """The shapes (one example each) of the action kinds seen so far in a configuration."""

    def __init__(self, cards: Iterable[Card], deck: tuple[Card, ...]) -> None:
        self.cards = tuple(sorted(set(cards)))
        self.deck = [card.name for card in deck]
        self.examples: dict[str, JsonDict] = {}
        self._cache: dict[tuple[int, int, int], tuple[tuple[Action, frozenset[str] | None], ...]]
        self._cache = {}

    def learn(self, actions: Iterable[Action]) -> None:
        for action in actions:
            data = action_to_dict(action)
            kind = str(data["type"])
            if kind not in self.examples:
                self.examples[kind] = data
                self._cache.clear()

    def candidates(self, state: State) -> tuple[tuple[Action, frozenset[str] | None], ...]:
        """Every variant of every known shape for the actor and the next seat, with the IDs
        that can reject it."""
        actor = state.actor if state.actor is not None else 0
        key = (actor, state.players, state.teams)
        if key not in self._cache:
            seats = sorted({actor, (actor + 1) % state.players})
            built: dict[str, tuple[Action, frozenset[str] | None]] = {}
            for example in self.examples.values():
                for data in self._variants(example, seats, state.teams):
                    try:
                        action = action_from_dict(data)
                    except MalformedInput:
                        continue
                    built.setdefault(repr(action), (action, table_ids(data)))
            self._cache[key] = tuple(built.values())
        return self._cache[key]

    def _variants(self, example: JsonDict, seats: list[int], teams: int) -> list[JsonDict]:
        domains: list[tuple[str, tuple[Any, ...]]] = []
        for name, value in example.items():
            domain: tuple[Any, ...]
            if name == "seat":
                domain = tuple(seats)
            elif name == "card":
                domain = tuple(card.name for card in self.cards)
            elif name == "target":
                domain = tuple(range(teams))
            elif name == "deck":
                domain = (self.deck, self.deck[:-1])
            elif isinstance(value, bool):
                domain = (False, True)
            else:
                domain = (value,)
            domains.append((name, domain))
        names = [name for name, _ in domains]
        return [
            dict(zip(names, values, strict=True))
            for values in itertools.product(*(domain for _, domain in domains))
        ]
