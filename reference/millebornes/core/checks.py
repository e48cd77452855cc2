"""Checks of actions built in Python rather than read from JSON: a caller can pass any
object as a seat, flag or card, and a family refuses a wrong one with
:class:`MalformedInput` naming the field, as its JSON reader would, before any rule
is asked about it."""

from __future__ import annotations

from enum import Enum
from typing import Any, TypeVar

from millebornes.core.errors import MalformedInput

E = TypeVar("E", bound=Enum)


def check_seat(value: object, field: str, players: int) -> None:
    """:class:`MalformedInput` unless ``value`` is a seat of a ``players``-seat game."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise MalformedInput(f"{field}: seat {value!r} does not exist (0..{players - 1})")


def check_flag(value: object, field: str) -> None:
    """:class:`MalformedInput` unless ``value`` is True or False."""
    if not isinstance(value, bool):
        raise MalformedInput(f"{field}: true or false, not {value!r}")


def check_card(
    value: object, field: str, family: tuple[type[E], str], kind: Enum | None, kinds: Any
) -> None:
    """:class:`MalformedInput` unless ``value`` is a card of ``family`` (its enum and its
    title), and of ``kind`` when one is given (``kinds`` maps a card to its kind)."""
    cards, title = family
    if not isinstance(value, cards):
        raise MalformedInput(f"{field}: not a {title} card: {value!r}")
    if kind is not None and kinds[value] is not kind:
        raise MalformedInput(f"{field}: {value.name} is not a {kind} card")
