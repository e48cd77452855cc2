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

from collections.abc import Callable
from typing import TypeVar

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
