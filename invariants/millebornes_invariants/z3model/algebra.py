"""Boolean and integer operations that work on Python values and on z3 terms alike.

Python's ``+``, ``-``, ``*``, ``==`` and ``<=`` already accept a mix of ints and z3
terms; ``if``, ``and``, ``or`` and ``not`` do not. The helpers below take their
place: on concrete values they compute at once (so evaluating the model on a real
step costs no solver call), and on z3 terms they build the term. Either way the
same model text is used, so the relation z3 proves things about is the relation
the concrete steps are checked against.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import z3

Num = Any
"""An ``int`` or a z3 integer term."""
Truth = Any
"""A ``bool`` or a z3 Boolean term."""


def concrete(value: object) -> bool:
    return isinstance(value, (bool, int))


def ite(condition: Truth, then: Any, otherwise: Any) -> Any:
    """``then if condition else otherwise``."""
    if isinstance(condition, bool):
        return then if condition else otherwise
    return z3.If(condition, then, otherwise)


def all_of(*terms: Truth) -> Truth:
    """Conjunction; short-circuits on a concrete False."""
    rest = []
    for term in terms:
        if term is True:
            continue
        if term is False:
            return False
        rest.append(term)
    if not rest:
        return True
    return rest[0] if len(rest) == 1 else z3.And(*rest)


def any_of(*terms: Truth) -> Truth:
    """Disjunction; short-circuits on a concrete True."""
    rest = []
    for term in terms:
        if term is False:
            continue
        if term is True:
            return True
        rest.append(term)
    if not rest:
        return False
    return rest[0] if len(rest) == 1 else z3.Or(*rest)


def every(terms: Iterable[Truth]) -> Truth:
    return all_of(*terms)


def some(terms: Iterable[Truth]) -> Truth:
    return any_of(*terms)


def negate(term: Truth) -> Truth:
    return (not term) if isinstance(term, bool) else z3.Not(term)


def implies(premise: Truth, conclusion: Truth) -> Truth:
    return any_of(negate(premise), conclusion)


def total(values: Iterable[Num]) -> Num:
    """Sum; a flat z3 ``Sum`` when any term is symbolic (deep ``+`` chains are slow)."""
    items = values if isinstance(values, (list, tuple)) else list(values)
    for value in items:
        if not isinstance(value, int):
            return z3.Sum(*items)
    return sum(items)


def count(terms: Iterable[Truth]) -> Num:
    """How many of ``terms`` hold."""
    return total(ite(term, 1, 0) for term in terms)


def pick(items: Sequence[Any], index: Num) -> Any:
    """``items[index]``; for a symbolic index, a chain of ``If`` over the positions."""
    if concrete(index):
        return items[index]
    result = items[-1]
    for position in range(len(items) - 2, -1, -1):
        result = z3.If(index == position, items[position], result)
    return result


def one_of(value: Num, choices: Iterable[int]) -> Truth:
    """``value in choices``."""
    options = tuple(choices)
    if concrete(value):
        return value in options
    return any_of(*(value == choice for choice in options))


def maximum(values: Sequence[Num]) -> Num:
    result = values[0]
    for value in values[1:]:
        result = ite(value > result, value, result)
    return result
