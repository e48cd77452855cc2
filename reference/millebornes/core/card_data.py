"""A family's card kinds, read from its spec data: per kind (in data order) a flag or a
link to another card, as tuples a card's value indexes, so the rules look them up
without a dictionary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum
from typing import TypeVar

E = TypeVar("E", bound=Enum)


def flags(kinds: Sequence[Mapping[str, object]], key: str) -> tuple[bool, ...]:
    """Per card kind (in data order), whether its entry sets ``key`` true."""
    return tuple(bool(kind.get(key, False)) for kind in kinds)


def links(kinds: Sequence[Mapping[str, object]], key: str, cards: type[E]) -> tuple[E | None, ...]:
    """Per card kind, the card its entry names under ``key`` (a remedy, a safety), or None."""
    return tuple(cards[str(kind[key])] if key in kind else None for kind in kinds)
