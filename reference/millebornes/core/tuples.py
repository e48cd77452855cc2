"""Immutable tuples updated by copy: states hold tuples, so a transition never changes
the state it was given (a refused action leaves it as it was)."""

from __future__ import annotations

from bisect import insort
from typing import Any, TypeVar

T = TypeVar("T")


def without(items: tuple[T, ...], item: T) -> tuple[T, ...]:
    """``items`` less the first ``item`` (which must be there)."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def with_item(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with position ``index`` replaced by ``value``."""
    return items[:index] + (value,) + items[index + 1 :]


def sorted_with(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    """A sorted hand with one more card, still sorted."""
    cards = list(items)
    insort(cards, item)
    return tuple(cards)
