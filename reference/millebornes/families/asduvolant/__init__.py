"""Mille Bornes As du Volant: the board game as a rule family (spec/families/as-du-volant/).

Cars on a track of 25 km squares (a board file, :mod:`.track`), tokens for
hazards and safeties, every played card discarded, Demi-tour and coup-fourré
windows out of turn, and the variants as options. The public surface mirrors
the other families': the family object :data:`AS_DU_VOLANT`, :func:`new_game`,
:func:`legal_actions`, :func:`violations`, :func:`apply` and canonical JSON.
"""

from __future__ import annotations

from millebornes.families.asduvolant.actions import ACTIONS, AvAction
from millebornes.families.asduvolant.cards import DATA, OPTIONS, AvCard
from millebornes.families.asduvolant.engine import (
    apply,
    is_legal,
    legal_actions,
    new_game,
    violations,
)
from millebornes.families.asduvolant.family import AS_DU_VOLANT
from millebornes.families.asduvolant.scoring import game_points, points_match_winners
from millebornes.families.asduvolant.serialize import (
    action_from_dict,
    action_from_json,
    action_to_dict,
    action_to_json,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)
from millebornes.families.asduvolant.state import AvPhase, AvState, Car
from millebornes.families.asduvolant.track import Board, Square, default_board, load_board

__all__ = [
    "ACTIONS", "AS_DU_VOLANT", "DATA", "OPTIONS", "AvAction", "AvCard", "AvPhase", "AvState",
    "Board", "Car", "Square", "action_from_dict", "action_from_json", "action_to_dict",
    "action_to_json", "apply", "default_board", "from_json", "game_points", "is_legal",
    "legal_actions", "load_board", "new_game", "points_match_winners", "state_from_dict",
    "state_to_dict", "to_json", "violations",
]  # fmt: skip
