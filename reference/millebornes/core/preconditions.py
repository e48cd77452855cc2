"""Preconditions as data, for every family: an ordered table of (rule ID, predicate) per
kind of action.

A predicate returns True when the action respects its rule. ``violations`` lists the IDs
of every predicate that fails, in table order (:func:`broken`); ``legal_actions`` keeps
the candidates for which every predicate holds (:func:`respects`). Both read the same
tables, so they cannot disagree, and since every predicate is total a refusal names
every rule the action breaks, not just the first (TURN-PRECONDITIONS). One
implementation serves all families, so they cannot drift apart in how a table is read.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

from millebornes.core.errors import IllegalAction

S = TypeVar("S")
A = TypeVar("A")

Rule = tuple[str, Callable[[S, A], bool]]
"""One row of a precondition table: the rule ID and a predicate on (state, action) that
holds when the action respects the rule."""


def broken(table: tuple[Rule[S, A], ...], state: S, action: A) -> tuple[str, ...]:
    """The IDs of the rules in ``table`` that ``action`` breaks, in table order."""
    return tuple(rule_id for rule_id, holds in table if not holds(state, action))


def respects(table: tuple[Rule[S, A], ...], state: S, action: A) -> bool:
    """True when ``action`` breaks none of the rules in ``table``."""
    # A plain loop, not all(...) nor broken(...): legal_actions calls this for every
    # candidate, and it stops at the first rule broken.
    for _, holds in table:  # noqa: SIM110
        if not holds(state, action):
            return False
    return True


Tables = Mapping[type, tuple[Rule[Any, Any], ...]]
"""A family's precondition tables, one per kind of action."""

Transition = Callable[[S, Any], S]
"""The effect of one action kind: (state, action) to the next state, applied once the
action's table finds nothing broken."""


def broken_by_kind(tables: Tables, state: object, action: object) -> tuple[str, ...]:
    """The rules ``action`` breaks, judged by the table of its kind."""
    table = tables[type(action)]
    # Most actions judged are legal (every apply judges the one it applies): the loop that
    # stops at a broken row first, the tuple of every broken row only for a refusal.
    return () if respects(table, state, action) else broken(table, state, action)


def beyond_head(table: tuple[Rule[S, A], ...], head: tuple[str, ...]) -> tuple[Rule[S, A], ...]:
    """``table`` less its first rows when their IDs are ``head``: what a family's
    ``legal_actions`` asks of a candidate that meets those rows by construction (the
    actor's action at its own step, with a card of the hand). A table that does not start
    with ``head`` (a mutant's, say) is kept whole."""
    if tuple(rule_id for rule_id, _ in table[: len(head)]) == head:
        return table[len(head) :]
    return table


def less(table: tuple[Rule[S, A], ...], rule_ids: tuple[str, ...]) -> tuple[Rule[S, A], ...]:
    """``table`` without the rows of ``rule_ids``."""
    return tuple(row for row in table if row[0] not in rule_ids)


def kept(tables: Tables, state: object, candidates: Iterable[A]) -> tuple[A, ...]:
    """The candidates every row of whose kind's table holds: a family's legal actions,
    from candidates in canonical order (the same tables ``violations`` reads)."""
    return tuple(a for a in candidates if respects(tables[type(a)], state, a))


def checked(
    rule_ids: tuple[str, ...], transitions: Mapping[type, Transition[S]], state: S, action: A
) -> S:
    """The state after ``action``'s transition when ``rule_ids`` (what its table found
    broken) is empty; else :class:`IllegalAction` naming them, nothing applied."""
    if rule_ids:
        raise IllegalAction(action, rule_ids)
    return transitions[type(action)](state, action)
