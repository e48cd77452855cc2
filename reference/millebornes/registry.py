"""The rule families, in one place: how an edition id, a state or a state's JSON finds its
family.

Every layer above the families (the API, the conformance package, the applications) asks
this registry, never a family by name. A new family is one line in :data:`FAMILIES`.
"""

from __future__ import annotations

from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.family import RuleFamily
from millebornes.families.asduvolant.family import AS_DU_VOLANT
from millebornes.families.classic.family import CLASSIC
from millebornes.families.funspeed.family import FUN_SPEED

Family = RuleFamily[Any, Any]

FAMILIES: tuple[Family, ...] = (CLASSIC, FUN_SPEED, AS_DU_VOLANT)
"""Every rule family, the classic one first."""

BY_NAME: dict[str, Family] = {family.name: family for family in FAMILIES}


def edition_ids() -> tuple[str, ...]:
    """Every edition id of every family, family by family."""
    return tuple(edition for family in FAMILIES for edition in family.editions)


def family_of_edition(edition: object) -> Family:
    """The family that plays ``edition``, or :class:`MalformedInput` listing the ids."""
    found = next((f for f in FAMILIES if edition in f.editions), None)
    if found is None:
        raise MalformedInput(f"edition: unknown edition {edition!r}; known: {list(edition_ids())}")
    return found


_STATE_FAMILY: dict[type, Family] = {}
_ACTION_FAMILY: dict[type, Family] = {}
"""The family found for each class of state and action met so far: the API asks on every
call, and ownership is by class (``isinstance``), so one scan per class is enough."""


def family_of_state(state: object) -> Family:
    """The family whose state ``state`` is, or :class:`MalformedInput`: a value that is no
    family's state is refused, never read as a finished game."""
    found = _STATE_FAMILY.get(type(state))
    if found is None:
        found = next((f for f in FAMILIES if f.owns_state(state)), None)
        if found is None:
            raise MalformedInput(f"state: not a state of any rule family: {type(state).__name__}")
        _STATE_FAMILY[type(state)] = found
    return found


def family_of_action(action: object) -> Family:
    """The family whose action ``action`` is, or :class:`MalformedInput`."""
    found = _ACTION_FAMILY.get(type(action))
    if found is None:
        found = next((f for f in FAMILIES if f.owns_action(action)), None)
        if found is None:
            raise MalformedInput(f"action: not an action of any rule family: {action!r}")
        _ACTION_FAMILY[type(action)] = found
    return found


def family_of_data(data: object) -> Family:
    """The family of a state's JSON: a state that names a ``family`` belongs to it, any
    other to the classic family (whose reader then says what is wrong, LOAD-FORMAT)."""
    if isinstance(data, dict) and "family" in data:
        name = data["family"]
        found = BY_NAME.get(name) if isinstance(name, str) else None
        if found is None or found is CLASSIC:
            known = [f.name for f in FAMILIES if f is not CLASSIC]
            raise MalformedInput(f"family: {name!r} is not a rule family: {known}")
        return found
    return CLASSIC
