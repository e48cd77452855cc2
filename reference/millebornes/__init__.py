"""The reference engine of the canonical Mille Bornes specification.

One API for every rule set — classic, Cars, Astérix and the Allonge rules (the classic
family), Fun & Speed and As du Volant (families of their own):

- :func:`new_game` deals a game of an edition (:func:`editions` lists them all) from a
  ``seed`` or an explicit ``deck``;
- :func:`legal_actions`, :func:`violations` and :func:`apply` judge and make moves; a
  refused move raises :class:`IllegalAction` naming the rule IDs it breaks, the state
  untouched;
- :func:`is_chance` and :func:`chance_action` make the deals between classic rounds;
- :func:`score` and :func:`winners` say how the game stands;
- :func:`to_json` and :func:`from_json` read and write states of every family.

Every function finds the family of its state; a value of no family, or an action of
another family, is :class:`MalformedInput`. Each family's own types and functions live in
its package: :mod:`millebornes.families.classic` (``Card``, ``Play``, ``new_round``,
``score_round``, …), :mod:`millebornes.families.funspeed` and
:mod:`millebornes.families.asduvolant`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from millebornes.api import (
        action_from_dict,
        action_from_json,
        action_to_dict,
        action_to_json,
        actor,
        apply,
        chance_action,
        describe_action,
        describe_state,
        editions,
        family_of,
        from_json,
        is_chance,
        is_legal,
        legal_actions,
        new_game,
        score,
        state_from_dict,
        state_to_dict,
        to_json,
        violations,
        winners,
    )
    from millebornes.core.errors import IllegalAction, MalformedInput, MilleBornesError
    from millebornes.core.family import EditionInfo, RuleFamily, SeatCount

__all__ = [
    "EditionInfo", "IllegalAction", "MalformedInput", "MilleBornesError", "RuleFamily",
    "SeatCount", "action_from_dict", "action_from_json", "action_to_dict", "action_to_json",
    "actor", "apply", "chance_action", "describe_action", "describe_state", "editions",
    "family_of", "from_json", "is_chance", "is_legal", "legal_actions", "new_game", "score",
    "state_from_dict", "state_to_dict", "to_json", "violations", "winners",
]  # fmt: skip

_MODULES = ("millebornes.api", "millebornes.core.errors", "millebornes.core.family")
"""The modules of the ``TYPE_CHECKING`` imports above, where the names are looked up."""


def __getattr__(name: str) -> Any:
    """The names above, each imported from its module when first asked for: importing the
    package alone loads no engine, so the command's entry point
    (:mod:`millebornes.apps.entry`) is heard from its first moment."""
    if name not in __all__:
        raise AttributeError(f"module 'millebornes' has no attribute {name!r}")
    from importlib import import_module  # noqa: PLC0415

    modules = (import_module(module) for module in _MODULES)
    value = next(getattr(m, name) for m in modules if hasattr(m, name))
    globals()[name] = value  # asked once
    return value
