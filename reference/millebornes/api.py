"""One API for every rule set: classic, Cars, Astérix, Allonge, Fun & Speed, As du Volant.

Each function finds the family of its state (or edition) in :mod:`millebornes.registry`
and calls that family's own function. A state or action that belongs to no family, or an
action of another family than the state's, is :class:`MalformedInput` naming the field —
never a silent answer such as an empty list of legal actions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.family import EditionInfo, JsonDict
from millebornes.core.jsonio import canonical, load_json
from millebornes.registry import (
    FAMILIES,
    Family,
    family_of_action,
    family_of_data,
    family_of_edition,
    family_of_state,
)

State = Any
"""A state of any family (each family's own frozen dataclass)."""
Action = Any
"""An action of any family (each family's own frozen dataclasses)."""


def editions() -> tuple[EditionInfo, ...]:
    """Every rule set: its id, family, title, seat counts (teams, goals) and options."""
    return tuple(info for family in FAMILIES for info in family.edition_info())


def new_game(
    edition: str = "classic",
    players: int = 2,
    options: Sequence[str] = (),
    *,
    seed: int | None = None,
    deck: Sequence[Any] | None = None,
    board: object | None = None,
) -> State:
    """A game of ``edition`` ready for its first move, dealt from ``deck`` (cards or card
    IDs in order) or shuffled from ``seed`` by the portable shuffle; ``board`` is an As du
    Volant board (a :class:`~millebornes.families.asduvolant.track.Board` or a board file's
    JSON), the default layout without one."""
    # The one boundary for a Python caller: every value checked before a family sees it.
    if isinstance(options, str) or not isinstance(options, Sequence):
        raise MalformedInput(f"options: a list of option names, not {options!r}")
    for i, name in enumerate(options):
        if not isinstance(name, str):
            raise MalformedInput(f"options[{i}]: an option name, not {name!r}")
    if isinstance(players, bool) or not isinstance(players, int):
        raise MalformedInput(f"players: a whole number of seats, not {players!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise MalformedInput(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    return family_of_edition(edition).new_game(
        edition, players, tuple(options), seed=seed, deck=deck, board=board
    )


def family_of(state: State) -> Family:
    """The rule family ``state`` belongs to."""
    return family_of_state(state)


def _checked(state: State, action: Action) -> Family:
    family = family_of_state(state)
    if not family.owns_action(action):
        other = family_of_action(action)  # refuses what is no family's action
        raise MalformedInput(
            f"action: a {other.name} action cannot be judged in a {family.name} game"
        )
    return family


def actor(state: State) -> int | None:
    """The seat that acts next; None once the game is over."""
    return family_of_state(state).actor(state)


def is_chance(state: State) -> bool:
    """True when the next action is a deal (:func:`chance_action` makes it from a seed)."""
    return family_of_state(state).is_chance(state)


def chance_action(state: State, seed: int) -> Action:
    """The deal of a chance node, shuffled from ``seed`` by the portable shuffle."""
    return family_of_state(state).chance_action(state, seed)


def legal_actions(state: State) -> tuple[Action, ...]:
    """Every legal action, in the family's canonical order; () at a chance node and once
    the game is over."""
    return family_of_state(state).legal_actions(state)


def violations(state: State, action: Action) -> tuple[str, ...]:
    """The IDs of the rules ``action`` breaks in ``state``, in a fixed order; () if legal."""
    return _checked(state, action).violations(state, action)


def is_legal(state: State, action: Action) -> bool:
    """True when ``action`` breaks no rule in ``state`` (:func:`violations` is empty)."""
    return not violations(state, action)


def apply(state: State, action: Action) -> State:
    """The state after ``action``; :class:`IllegalAction` naming the rules it breaks, the
    state untouched."""
    return _checked(state, action).apply(state, action)


def winners(state: State) -> tuple[int, ...]:
    """The winning teams (classic family) or seats (the others); () while play goes on."""
    return family_of_state(state).winners(state)


def score(state: State) -> JsonDict:
    """The family's score sheet as JSON (the classic round's sheet and match winners; the
    winners, and As du Volant's points once the game is over)."""
    return family_of_state(state).score(state)


def describe_action(state: State, action: Action) -> str:
    """``action`` in ``state``, in words."""
    return _checked(state, action).describe_action(state, action)


def describe_state(state: State) -> str:
    """Where the game stands, in a line."""
    return family_of_state(state).describe_state(state)


def state_to_dict(state: State) -> JsonDict:
    """The state's canonical JSON form as plain dicts and lists, to embed in other JSON."""
    return family_of_state(state).state_to_dict(state)


def state_from_dict(data: object) -> State:
    """The state ``data`` describes, read by the family it names (``family``; the classic
    state carries ``format`` instead), or :class:`MalformedInput` naming the field."""
    return family_of_data(data).state_from_dict(data)


def to_json(state: State) -> str:
    """The state's canonical JSON (sorted keys, no spaces); it names its family."""
    return canonical(state_to_dict(state))


def from_json(text: str | bytes) -> State:
    """The state of a canonical JSON text of any family."""
    return state_from_dict(load_json(text))


def action_to_dict(action: Action) -> JsonDict:
    """The action's JSON form as a dict: its ``type`` and its fields."""
    return family_of_action(action).action_to_dict(action)


def action_to_json(action: Action) -> str:
    """The action's canonical JSON text (sorted keys, no spaces)."""
    return canonical(action_to_dict(action))


def action_from_dict(state: State, data: object) -> Action:
    """The action ``data`` describes, read by the family of ``state``."""
    return family_of_state(state).action_from_dict(data)


def action_from_json(state: State, text: str | bytes) -> Action:
    """The action of a JSON text, read by the family of ``state``."""
    return action_from_dict(state, load_json(text))
