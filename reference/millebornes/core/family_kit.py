"""What every rule family outside the classic one shares (Fun & Speed, As du Volant).

A family has its own cards, state and actions (``spec/families/<family>/``), but
the machinery around them is the same: precondition tables read by
``violations`` and ``legal_actions`` alike, immutable tuples updated by copy,
and one JSON boundary where every field is checked and a wrong one is named in
a :class:`MalformedInput`. Keeping it here means each family states only its
rules.
"""

from __future__ import annotations

import json
from bisect import insort
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import fields
from enum import Enum
from typing import Any, TypeVar

from millebornes.core.errors import MalformedInput

A = TypeVar("A")
S = TypeVar("S")
T = TypeVar("T")
E = TypeVar("E", bound=Enum)

Rule = tuple[str, Callable[[S, A], bool]]
"""One row of a precondition table: the rule ID and a predicate that holds when the
action respects the rule. Every predicate is total, so a refusal names every rule broken."""


# --- precondition tables ---------------------------------------------------------------------


def broken(table: tuple[Rule[S, A], ...], state: S, action: A) -> tuple[str, ...]:
    """The IDs of the rules in ``table`` that ``action`` breaks, in table order."""
    return tuple(rule_id for rule_id, holds in table if not holds(state, action))


def respects(table: tuple[Rule[S, A], ...], state: S, action: A) -> bool:
    """True when ``action`` breaks none of the rules in ``table``."""
    return not broken(table, state, action)


# --- immutable tuples ------------------------------------------------------------------------


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


# --- the JSON boundary -----------------------------------------------------------------------


def json_int(value: object, field: str, *, nullable: bool = False) -> int | None:
    """A whole number (not a boolean), or None when ``nullable`` and null."""
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(f"{field}: a whole number, not {value!r}")
    return value


def json_bool(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise MalformedInput(f"{field}: true or false, not {value!r}")
    return value


def json_field(data: Mapping[str, Any], name: str) -> Any:
    """``data[name]``, or :class:`MalformedInput` saying it is missing."""
    if name not in data:
        raise MalformedInput(f"{name}: missing")
    return data[name]


def parse_json(text: str, what: str) -> object:
    """The JSON value of ``text``, or :class:`MalformedInput` naming ``what`` it should be."""
    try:
        data: object = json.loads(text)
    except json.JSONDecodeError as error:
        raise MalformedInput(f"{what}: not JSON ({error.msg})") from None
    return data


def seat_or_none(value: object, field: str, players: int) -> int | None:
    """A seat of a ``players``-seat game, or None for null."""
    seat = json_int(value, field, nullable=True)
    if seat is not None and not 0 <= seat < players:
        raise MalformedInput(f"{field}: seat {seat} does not exist (0..{players - 1})")
    return seat


def card_list(value: object, field: str, parse: Callable[[object, str], E]) -> tuple[E, ...]:
    """A list of card IDs, each read by the family's ``parse``."""
    if not isinstance(value, list):
        raise MalformedInput(f"{field}: a list of cards, not {value!r}")
    return tuple(parse(item, f"{field}[{i}]") for i, item in enumerate(value))


def action_to_dict(action: object, type_name: str) -> dict[str, Any]:
    """An action dataclass as JSON: ``type`` and its fields, cards by their names."""
    out: dict[str, Any] = {"type": type_name}
    for field in fields(action):  # type: ignore[arg-type]
        value = getattr(action, field.name)
        out[field.name] = value.name if isinstance(value, Enum) else value
    return out


def action_from_dict(
    data: object,
    by_type: Mapping[str, type],
    read: Callable[[type, str, object], object],
) -> Any:
    """The action ``data`` describes, or :class:`MalformedInput` naming the wrong field:
    ``by_type`` maps JSON names to action kinds, ``read(kind, field, value)`` reads one
    field's value."""
    if not isinstance(data, dict):
        raise MalformedInput(f"action: a JSON object, not {type(data).__name__}")
    name = data.get("type")
    kind = by_type.get(name) if isinstance(name, str) else None  # a list is no key
    if kind is None:
        raise MalformedInput(f"type: unknown action {data.get('type')!r}; known: {sorted(by_type)}")
    names = [f.name for f in fields(kind)]
    extra = sorted(set(data) - {"type", *names})
    missing = [name for name in names if name not in data]
    if extra or missing:
        raise MalformedInput(f"{data['type']}: missing {missing}, unexpected {extra}")
    return kind(*(read(kind, name, data[name]) for name in names))


def field_reader(
    parse_card: Callable[[object, str], object],
    card_fields: Collection[str],
    flag_fields: Collection[str],
    nullable: Callable[[type, str], bool] = lambda kind, name: False,
) -> Callable[[type, str, object], object]:
    """The usual ``read`` for :func:`action_from_dict`: cards, flags, else whole numbers."""

    def read(kind: type, name: str, value: object) -> object:
        if name in card_fields:
            return parse_card(value, name)
        if name in flag_fields:
            return json_bool(value, name)
        return json_int(value, name, nullable=nullable(kind, name))

    return read


def optional_card(value: object, field: str, parse: Callable[[object, str], E]) -> E | None:
    """A card ID or null."""
    return None if value is None else parse(value, field)


# --- checking actions built in Python -----------------------------------------------------------


def check_seat(value: object, field: str, players: int) -> None:
    """:class:`MalformedInput` unless ``value`` is a seat of a ``players``-seat game."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise MalformedInput(f"{field}: seat {value!r} does not exist (0..{players - 1})")


def check_flag(value: object, field: str) -> None:
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


# --- a family's card kinds ----------------------------------------------------------------------


def flags(kinds: Sequence[Mapping[str, object]], key: str) -> tuple[bool, ...]:
    """Per card kind (in data order), whether its entry sets ``key`` true."""
    return tuple(bool(kind.get(key, False)) for kind in kinds)


def links(kinds: Sequence[Mapping[str, object]], key: str, cards: type[E]) -> tuple[E | None, ...]:
    """Per card kind, the card its entry names under ``key`` (a remedy, a safety), or None."""
    return tuple(cards[str(kind[key])] if key in kind else None for kind in kinds)
