"""Mutants as family objects: a table row or a transition replaced, never a module patched.

A family object (:class:`~millebornes.core.family.ModuleFamily`) holds its precondition
tables (``rules``) and each action kind's transition (``transitions``) as data, and the
engine judges and plays by what it is given. A mutant's :attr:`Mutant.build` takes the
family's own object and returns another with one thing changed, by
:func:`dataclasses.replace`; the consumers are handed that object.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from millebornes.core.family import ModuleFamily
from millebornes.families.classic.rules import ClassicRules

Predicate = Callable[[Any, Any], bool]
Row = tuple[str, Predicate]
Transition = Callable[[Any, Any], Any]
Wrap = Callable[[Transition], Transition]
Build = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    description: str
    breaks: tuple[str, ...]
    """The rule IDs whose implementation the mutant breaks."""
    family: str
    """The name of the family it is a mutant of (``classic``, ``fun-speed``, …)."""
    build: Build
    """The family's object in, the mutant's family object out."""

    def of(self, family: Any) -> Any:
        """The mutant of ``family`` (the family's own object, from the registry)."""
        if family.name != self.family:
            raise ValueError(f"{self.name} is a mutant of {self.family}, not of {family.name}")
        return self.build(family)


# --- the tables ------------------------------------------------------------------------------


def tables_of(family: ModuleFamily) -> Mapping[object, tuple[Row, ...]]:
    """The family's tables, by key (an action kind, or a card for the classic plays)."""
    rules = family.rules
    tables: Mapping[object, tuple[Row, ...]] = (
        rules.tables if isinstance(rules, ClassicRules) else rules
    )
    return tables


def with_tables(family: Any, tables: Mapping[object, tuple[Row, ...]]) -> Any:
    """``family`` judging by ``tables`` instead of its own."""
    frozen = MappingProxyType(dict(tables))
    rules = family.rules
    if isinstance(rules, ClassicRules):
        return dataclasses.replace(family, rules=dataclasses.replace(rules, tables=frozen))
    return dataclasses.replace(family, rules=frozen)


def _chosen(key: object, kinds: Iterable[object] | None) -> bool:
    if kinds is None:
        return True
    return any(key is kind or (isinstance(kind, type) and isinstance(key, kind)) for kind in kinds)


def predicate(rule_id: str, judge: Predicate, kinds: Iterable[object] | None = None) -> Build:
    """Judge ``rule_id`` with ``judge`` in every table (or those of ``kinds``: action kinds,
    or ``Card`` for every classic play table)."""
    chosen = None if kinds is None else tuple(kinds)

    def build(family: Any) -> Any:
        tables = dict(tables_of(family))
        changed = False
        for key, table in tables.items():
            if _chosen(key, chosen) and any(rid == rule_id for rid, _ in table):
                tables[key] = tuple((rid, judge if rid == rule_id else p) for rid, p in table)
                changed = True
        if not changed:
            raise ValueError(f"no table of {family.name} has rule {rule_id}")
        return with_tables(family, tables)

    return build


def row(after_id: str, rule_id: str, judge: Predicate, kinds: Iterable[object]) -> Build:
    """Add the row (``rule_id``, ``judge``) after the row ``after_id`` in the tables of
    ``kinds`` that have it: an engine that cites one more rule for the same refusal."""
    chosen = tuple(kinds)

    def build(family: Any) -> Any:
        tables = dict(tables_of(family))
        changed = False
        for key, table in tables.items():
            ids = [rid for rid, _ in table]
            if _chosen(key, chosen) and after_id in ids:
                at = ids.index(after_id) + 1
                tables[key] = (*table[:at], (rule_id, judge), *table[at:])
                changed = True
        if not changed:
            raise ValueError(f"no table of {family.name} has rule {after_id}")
        return with_tables(family, tables)

    return build


def always(state: object, action: object) -> bool:
    return True


def never(state: object, action: object) -> bool:
    return False


def rule_ids(family: Any) -> tuple[str, ...]:
    """Every rule ID some table of ``family`` has a row for, in table order."""
    return tuple(dict.fromkeys(rid for table in tables_of(family).values() for rid, _ in table))


def always_holds(
    family: Any, named: Mapping[str, tuple[str, str]] | None = None
) -> Iterator[Mutant]:
    """For every rule of ``family``'s tables, the mutant whose row of it always holds, in
    every table: an engine that forgot the rule. ``named`` gives some of them a name and a
    description (rule ID to the pair); the others are ``<rule id>-always-holds``."""
    for rule_id in rule_ids(family):
        name, description = (named or {}).get(
            rule_id, (f"{rule_id.lower()}-always-holds", f"{rule_id} always holds")
        )
        yield Mutant(name, description, (rule_id,), family.name, predicate(rule_id, always))


# --- the transitions ------------------------------------------------------------------------


def wrap(kinds: Iterable[type], change: Wrap) -> Build:
    """Replace the transition of each of ``kinds`` by ``change(transition)``."""
    chosen = tuple(kinds)

    def build(family: Any) -> Any:
        transitions = dict(family.transitions)
        for kind in chosen:
            transitions[kind] = change(transitions[kind])
        return dataclasses.replace(family, transitions=MappingProxyType(transitions))

    return build


def wrap_all(change: Wrap) -> Build:
    """Replace every transition of the family by ``change(transition)``."""

    def build(family: Any) -> Any:
        return wrap(tuple(family.transitions), change)(family)

    return build


def after(change: Callable[[Any, Any, Any], Any]) -> Wrap:
    """A wrapper that edits the state a transition returns: ``change(state, action, next)``
    gives the mutant's next state."""

    def wrapper(original: Transition) -> Transition:
        def mutated(state: Any, action: Any) -> Any:
            return change(state, action, original(state, action))

        return mutated

    return wrapper


def replaced(**fields: Any) -> Build:
    """The family object with other values for some of its fields (``deal``, …)."""

    def build(family: Any) -> Any:
        return dataclasses.replace(family, **fields)

    return build


def wrapped_field(field: str, change: Callable[[Any], Any]) -> Build:
    """The family object with its field ``field`` (a function) wrapped by ``change``."""

    def build(family: Any) -> Any:
        return dataclasses.replace(family, **{field: change(getattr(family, field))})

    return build


def both(*builds: Build) -> Build:
    """Several changes, one after the other."""

    def build(family: Any) -> Any:
        for one in builds:
            family = one(family)
        return family

    return build
