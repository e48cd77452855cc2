"""Mille Bornes Fun & Speed: a rule family of its own (spec/families/fun-speed/).

Zones instead of piles, reactions out of turn in deterministic windows
(RUL-FS-WINDOWS), specials and a race past the goal. The public surface mirrors
the classic engine's: the family object :data:`FUN_SPEED`, :func:`new_game`, :func:`legal_actions`,
:func:`violations`, :func:`apply` and canonical JSON.
"""

from __future__ import annotations

from millebornes.families.funspeed.actions import ACTIONS, FsAction
from millebornes.families.funspeed.cards import DATA, FsCard
from millebornes.families.funspeed.engine import (
    apply,
    is_legal,
    legal_actions,
    new_game,
    violations,
)
from millebornes.families.funspeed.family import FUN_SPEED
from millebornes.families.funspeed.serialize import (
    action_from_dict,
    action_from_json,
    action_to_dict,
    action_to_json,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)
from millebornes.families.funspeed.state import FsPhase, FsState, Zone

__all__ = [
    "ACTIONS", "DATA", "FUN_SPEED", "FsAction", "FsCard", "FsPhase", "FsState", "Zone",
    "action_from_dict", "action_from_json", "action_to_dict", "action_to_json", "apply",
    "from_json", "is_legal", "legal_actions", "new_game", "state_from_dict", "state_to_dict",
    "to_json", "violations",
]  # fmt: skip
