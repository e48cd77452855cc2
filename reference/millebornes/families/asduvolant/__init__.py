"""Mille Bornes As du Volant: the board game as a rule family (spec/families/as-du-volant/).

Cars on a track of 25 km squares (a board file, :mod:`.track`), tokens for
hazards and safeties, every played card discarded, Demi-tour and coup-fourré
windows out of turn, and the variants as options. The public surface mirrors
the other families': :func:`new_game`, :func:`legal_actions`,
:func:`violations`, :func:`apply` and canonical JSON.
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
from millebornes.families.asduvolant.scoring import game_points, match_winners
from millebornes.families.asduvolant.state import AvPhase, AvState, Car
from millebornes.families.asduvolant.track import Board, Square, default_board, load_board

__all__ = [
    "ACTIONS", "DATA", "OPTIONS", "AvAction", "AvCard", "AvPhase", "AvState", "Board", "Car",
    "Square", "apply", "default_board", "game_points", "is_legal", "legal_actions",
    "load_board", "match_winners", "new_game", "violations",
]  # fmt: skip
