"""What every family's typed moves share: a numbered choice, a card or a number read
from a word (bounded: a 5,000-digit number is refused in one line like any other bad
word), and the ``!`` that announces a Fun & Speed Borne or attack."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum
from typing import Any, TypeVar

from millebornes.core.errors import MalformedInput

C = TypeVar("C", bound=IntEnum)

MAX_DIGITS = 6
"""A typed number longer than this is refused before it is read."""


@dataclass(frozen=True, slots=True)
class Choice:
    """One numbered move of the list: its words, and the actions it stands for (more than
    one when a detail is chosen after, e.g. the cards the Police takes and gives)."""

    text: str
    actions: tuple[Any, ...]


def whole_number(word: str) -> int | None:
    """``word`` as a small whole number (ASCII digits only, at most :data:`MAX_DIGITS`),
    or None: never reads an unbounded number."""
    if not word or len(word) > MAX_DIGITS or not (word.isascii() and word.isdigit()):
        return None
    return int(word)


def number(word: str, what: str, below: int) -> int:
    """A number from 0 to ``below`` - 1, or MalformedInput naming ``what``."""
    value = whole_number(word)
    if value is None or value >= below:
        shown = word if len(word) <= 12 else word[:12] + "…"
        raise MalformedInput(f"no {what} {shown!r}: 0 to {below - 1}")
    return value


def card_word(word: str, cards: type[C], km: Sequence[int]) -> C:
    """A card by its ID, any case (``d100``, ``speed-limit``), or a distance by its km."""
    text = word.upper().replace("-", "_")
    if text in cards.__members__:
        return cards[text]
    value = whole_number(text)
    if value is not None:
        for card in cards:
            if km[card] == value:
                return card
    shown = word if len(word) <= 20 else word[:20] + "…"
    raise MalformedInput(f"unknown card {shown!r}; cards: {', '.join(cards.__members__)}")


def plain_words(text: str) -> tuple[bool, list[str]]:
    """Whether ``text`` is announced (it holds a ``!``), and its words up to the first
    ``!``: ``play D100 !``, ``attack STOP 1 STOP !`` (what is shouted is not read)."""
    announced = "!" in text
    words = text.split("!", 1)[0].replace('"', " ").replace("«", " ").split()
    return announced, words
