"""A family's card kinds, read from its spec data: per kind (in data order) a flag or a
link to another card, as tuples a card's value indexes, so the rules look them up
without a dictionary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum, StrEnum
from typing import TypeVar

E = TypeVar("E", bound=Enum)


class Kind(StrEnum):
    """What a card does, for the families whose data sorts its cards into these five kinds
    (each card's ``kind`` in its ``edition.json``): one enum, so the families that share the
    sorting cannot drift apart in it."""

    DISTANCE = "distance"
    ATTACK = "attack"
    REMEDY = "remedy"
    SAFETY = "safety"
    SPECIAL = "special"


def flags(kinds: Sequence[Mapping[str, object]], key: str) -> tuple[bool, ...]:
    """Per card kind (in data order), whether its entry sets ``key`` true."""
    return tuple(bool(kind.get(key, False)) for kind in kinds)


def links(kinds: Sequence[Mapping[str, object]], key: str, cards: type[E]) -> tuple[E | None, ...]:
    """Per card kind, the card its entry names under ``key`` (a remedy, a safety), or None."""
    return tuple(cards[str(kind[key])] if key in kind else None for kind in kinds)
