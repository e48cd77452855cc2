"""The one JSON boundary of every family: text in, checked values out, canonical text back.

Text is read by :func:`load_json` (the protocol and the classic family) or
:func:`parse_json` (the other families, with the name of what is read), which bound
nesting depth and the digits of integers explicitly and decode bytes as strict UTF-8,
so that neither Python's recursion limit, nor its 4,300-digit limit on integers, nor a
decoding error ever surfaces as anything but :class:`MalformedInput`. The field readers
below check one value each and name the field in the error, so a caller is told what is
wrong, never a KeyError or a TypeError.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from dataclasses import fields
from enum import Enum
from typing import Any, TypeVar

from millebornes.core.errors import MalformedInput

E = TypeVar("E", bound=Enum)

MAX_DEPTH = 32
"""The deepest nesting of arrays and objects accepted (a protocol request is 5 deep)."""
MAX_INT_DIGITS = 24
"""The most digits an integer may have (a 64-bit seed has 20)."""


def shown(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: an error message names bad input
    without repeating all of it."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def canonical(data: Any) -> str:
    """The one canonical text of a JSON value: sorted keys, compact, UTF-8 as is."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# --- reading text ------------------------------------------------------------------------------


def _integer(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise MalformedInput(f"an integer of {len(digits)} characters: at most {MAX_INT_DIGITS}")
    return int(digits)


def _constant(name: str) -> Any:
    raise MalformedInput(f"{name} is not JSON")


def _decode(text: str | bytes, constant: Callable[[str], Any]) -> Any:
    """The JSON value of ``text`` within the bounds, ``constant`` reading ``NaN`` and
    ``Infinity``; else :class:`MalformedInput` saying why."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise MalformedInput(f"not UTF-8: {error}") from None
    if not isinstance(text, str):
        raise MalformedInput(f"expected JSON text, got {type(text).__name__}")
    try:
        value = json.loads(text, parse_int=_integer, parse_constant=constant)
    except RecursionError:  # the parser's own guard, far deeper than MAX_DEPTH
        raise MalformedInput(f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError as error:  # JSONDecodeError, or a float too long to convert
        if isinstance(error, MalformedInput):
            raise
        raise MalformedInput(f"not JSON: {error}") from None
    if _deeper_than(value, MAX_DEPTH):
        raise MalformedInput(f"nested more than {MAX_DEPTH} levels deep")
    return value


def _deeper_than(value: Any, limit: int) -> bool:
    """Does ``value`` nest arrays and objects more than ``limit`` deep? Iterative, so that
    nothing downstream (a repr in a message, the canonical writer) meets deep recursion."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                return True
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)
    return False


def load_json(text: str | bytes) -> Any:
    """The JSON value of ``text`` (bytes must be UTF-8), or :class:`MalformedInput`.

    Nesting deeper than :data:`MAX_DEPTH` is refused (whether the parser's recursion
    guard or the check after it finds it); integers are bounded in digits before they
    are converted; ``NaN`` and ``Infinity``, which Python's parser accepts, are refused.
    """
    return _decode(text, _constant)


def parse_json(text: str | bytes, what: str) -> object:
    """The JSON value of ``text``, read within the bounds of :func:`load_json`, or
    :class:`MalformedInput` naming ``what`` it should be (``state``, ``action``, ``board``).

    ``NaN`` and ``Infinity`` are read as floats, as these readers always did: every field
    they use is checked, and no field takes a float, so they can only sit unused.
    """
    try:
        return _decode(text, float)
    except MalformedInput as error:
        raise MalformedInput(f"{what}: {error}") from None


# --- reading fields ----------------------------------------------------------------------------


def json_int(value: object, field: str, *, nullable: bool = False) -> int | None:
    """A whole number (not a boolean), or None when ``nullable`` and null."""
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInput(f"{field}: a whole number, not {value!r}")
    return value


def json_bool(value: object, field: str) -> bool:
    """True or false, nothing else (not 0 or 1)."""
    if not isinstance(value, bool):
        raise MalformedInput(f"{field}: true or false, not {value!r}")
    return value


def json_field(data: Mapping[str, Any], name: str) -> Any:
    """``data[name]``, or :class:`MalformedInput` saying it is missing."""
    if name not in data:
        raise MalformedInput(f"{name}: missing")
    return data[name]


def seat_or_none(value: object, field: str, players: int) -> int | None:
    """A seat of a ``players``-seat game, or None for null."""
    seat = json_int(value, field, nullable=True)
    if seat is not None and not 0 <= seat < players:
        raise MalformedInput(f"{field}: seat {seat} does not exist (0..{players - 1})")
    return seat


def json_seat(value: object, field: str, players: int) -> int:
    """A seat of a ``players``-seat game, never null."""
    seat = seat_or_none(value, field, players)
    if seat is None:
        raise MalformedInput(f"{field}: a seat, not null")
    return seat


def no_other_fields(data: Mapping[str, Any], known: frozenset[str], where: str, title: str) -> None:
    """Refuse a field of ``data`` not in ``known``: the text of a state has one form, and a
    field it does not have is refused, not dropped (``title`` names the family's state)."""
    for key in sorted(set(data) - known):
        raise MalformedInput(f"{where}.{key}: not a field of {title} {where}")


def card_list(value: object, field: str, parse: Callable[[object, str], E]) -> tuple[E, ...]:
    """A list of card IDs, each read by the family's ``parse``."""
    if not isinstance(value, list):
        raise MalformedInput(f"{field}: a list of cards, not {value!r}")
    return tuple(parse(item, f"{field}[{i}]") for i, item in enumerate(value))


def optional_card(value: object, field: str, parse: Callable[[object, str], E]) -> E | None:
    """A card ID or null."""
    return None if value is None else parse(value, field)


# --- actions as dataclasses --------------------------------------------------------------------


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
