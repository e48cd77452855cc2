"""Mille Bornes Fun & Speed: a rule family of its own (spec/families/fun-speed/).

Zones instead of piles, reactions out of turn in deterministic windows
(RUL-FS-WINDOWS), specials and a race past the goal. The public surface mirrors
the classic engine's: :func:`new_game`, :func:`legal_actions`,
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
from millebornes.families.funspeed.state import FsPhase, FsState, Zone

__all__ = [
    "ACTIONS", "DATA", "FsAction", "FsCard", "FsPhase", "FsState", "Zone", "apply", "is_legal",
    "legal_actions", "new_game", "violations",
]  # fmt: skip
