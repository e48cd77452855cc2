"""The As du Volant fast engine's tables: cards and phases as ints, and what the move
rules read of a board, worked out once per (board, goal, seat count).

Everything is derived from the reference's own data (cards.py, track.py), so the two
engines cannot disagree about a figure; only the layout changes (flat lists indexed by
ints instead of enums, dataclasses and dicts).
"""

from __future__ import annotations

from millebornes.families.asduvolant.cards import (
    ANY_ATTACK,
    DATA,
    IS_LIMIT,
    KIND,
    KM,
    REMEDY_OF,
    SAFETY_OF,
    SQUARE_KM,
    TOKENS,
    AvCard,
    Kind,
)
from millebornes.families.asduvolant.state import AvPhase
from millebornes.families.asduvolant.track import Board

NONE = -1
"""No card, no seat: the fast state's None."""

CARDS: tuple[AvCard, ...] = tuple(AvCard)
"""Card int to the reference's member."""
N_CARDS = len(CARDS)

PHASES: tuple[AvPhase, ...] = tuple(AvPhase)
PHASE_INT = {phase: i for i, phase in enumerate(PHASES)}
DRAW, PLAY, COUP_FOURRE, U_TURN_PHASE, TRIM, OVER = (
    PHASE_INT[AvPhase.DRAW],
    PHASE_INT[AvPhase.PLAY],
    PHASE_INT[AvPhase.COUP_FOURRE],
    PHASE_INT[AvPhase.U_TURN],
    PHASE_INT[AvPhase.TRIM],
    PHASE_INT[AvPhase.OVER],
)

D100, D200 = int(AvCard.D100), int(AvCard.D200)
SPEED_LIMIT = int(AvCard.SPEED_LIMIT)
ACCELERATION = int(AvCard.ACCELERATION)
TURBO = int(AvCard.TURBO)
U_TURN = int(AvCard.U_TURN)

IS_DISTANCE = tuple(KIND[c] is Kind.DISTANCE for c in CARDS)
IS_ATTACK = tuple(KIND[c] is Kind.ATTACK for c in CARDS)
IS_REMEDY = tuple(KIND[c] is Kind.REMEDY for c in CARDS)
IS_SAFETY = tuple(KIND[c] is Kind.SAFETY for c in CARDS)
LIMITS_ONLY = tuple(IS_LIMIT)
CARD_KM = tuple(KM)
STEPS = tuple(km // SQUARE_KM for km in KM)
SAFETY_INT = tuple(NONE if s is None else int(s) for s in SAFETY_OF)
"""Each attack's safety (AV-IMMUNITY, AV-CF), NONE for other cards."""
TOKEN_INDEX = tuple(TOKENS.index(c) if c in TOKENS else NONE for c in CARDS)
CURES = tuple(
    tuple(IS_ATTACK[a] and (ANY_ATTACK[r] or REMEDY_OF[a] is CARDS[r]) for a in range(N_CARDS))
    for r in range(N_CARDS)
)
"""CURES[remedy][attack]: the reference's ``cures`` (AV-REMEDY, AV-TOW-TRUCK)."""
NOT_FROM_DISCARD = tuple(c in DATA.not_from_discard for c in CARDS)
HAND_SIZE = DATA.hand_size
MAX_200 = DATA.max_200
LIMIT_TOKEN_KM = DATA.limit_token_km
TURBO_DRAWS = DATA.turbo_draws
NO_LIMIT = 1 << 30
"""A square without a speed limit (BOARD-LIMIT): no card reaches it."""
MAX_STEPS = 2 * max(STEPS) + 1
"""Routes are tabled for every length a move can have, accelerated included (AV-ACCEL)."""


class BoardTables:
    """What the rules ask of one board at one goal and seat count, as flat lists."""

    __slots__ = ("bonus", "entry", "finish", "km", "lanes", "limit", "routes")

    def __init__(self, board: Board, goal: int, players: int) -> None:
        squares = board.squares
        self.km = [sq.km for sq in squares]
        self.lanes = [board.lanes_for(sq.id, players) for sq in squares]  # BOARD-DARK-LANE
        self.limit = [NO_LIMIT if sq.limit is None else sq.limit for sq in squares]
        self.bonus = [sq.bonus or 0 for sq in squares]
        self.entry = [sq.shortcut is not None for sq in squares]
        self.finish = board.goal_square(goal)  # RUL-AV-700
        # routes[(square * MAX_STEPS + steps) * 2 + shortcut]: the reference's Board.route
        # (AV-MOVE-EXACT, AV-SHORTCUT, RUL-AV-700), asked once per entry here.
        self.routes: list[tuple[int, ...] | None] = [
            board.route(sq.id, steps, cut and sq.shortcut is not None, goal)
            for sq in squares
            for steps in range(MAX_STEPS)
            for cut in (False, True)
        ]


_BOARDS: dict[tuple[int, int, int], tuple[Board, BoardTables]] = {}


def board_tables(board: Board, goal: int, players: int) -> BoardTables:
    """The tables of ``board`` (cached; keyed by identity, the board kept alive with them)."""
    key = (id(board), goal, players)
    known = _BOARDS.get(key)
    if known is None or known[0] is not board:
        known = _BOARDS[key] = (board, BoardTables(board, goal, players))
    return known[1]
