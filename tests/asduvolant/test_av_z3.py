"""What arithmetic allows on the default board: z3's fewest moves, checked against a
breadth-first search that moves a car with the engine itself."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest
from av_support import C, position

from millebornes._spec import spec_dir
from millebornes.families.asduvolant import AvState, apply, default_board, violations
from millebornes.families.asduvolant.actions import Move
from millebornes.families.asduvolant.cards import DISTANCES
from millebornes_invariants.asduvolant_z3 import fewest_moves

BOARD_PAGE = spec_dir() / "families" / "as-du-volant" / "board.md"
HAND = [C.D25, C.D50, C.D75, C.D100, C.D200, C.ACCELERATION]


def _engine_move(base: AvState, square: int, laid_200: int, move: Move) -> int | None:
    """Where the engine takes seat 0's car from ``square`` with ``move`` (None if refused)."""
    cars = (replace(base.cars[0], square=square, lane=0, laid_200=laid_200), *base.cars[1:])
    state = replace(base, cars=cars)
    if violations(state, move):
        return None
    return apply(state, move).cars[0].square


def _bfs(goal_700: bool, accelerate: bool) -> int:
    """The fewest moves by breadth-first search over (square, 200s, Accélérations used)."""
    options = frozenset({"goal_700"}) if goal_700 else frozenset()
    base = position(hands={0: HAND}, options=options)
    goal = base.board.goal_square(base.goal)
    frontier, seen, moves = {(base.board.start, 0, 0)}, set(), 0
    while frontier:
        if any(square == goal for square, _, _ in frontier):
            return moves
        seen |= frontier
        following = set()
        for square, n200, boosts in frontier:
            for card in DISTANCES:
                for boost in (False, True) if accelerate and boosts < 3 else (False,):
                    for cut in (False, True):
                        end = _engine_move(base, square, n200, Move(0, card, boost, cut))
                        if end is not None:
                            node = (end, n200 + (card is C.D200), boosts + boost)
                            following.add(node)
        frontier, moves = following - seen, moves + 1
    raise AssertionError("goal unreachable")


@pytest.mark.rules("AV-ACCEL", "AV-LIMIT-SQUARE", "AV-BONUS", "AV-SHORTCUT", "AV-MAX-200")
@pytest.mark.parametrize(("goal", "accelerate"), [(1000, True), (1000, False), (700, True),
                                                   (700, False)])  # fmt: skip
def test_the_fewest_moves_on_the_default_board(goal: int, accelerate: bool) -> None:
    found, plan = fewest_moves(default_board(), goal, accelerate=accelerate)
    assert found == len(plan) == _bfs(goal == 700, accelerate)
    stated = " ".join(BOARD_PAGE.read_text(encoding="utf-8").split())
    assert re.search(rf"\*\*{found} moves\*\*", stated)
    # The witness is a real race: the engine plays it move by move to the goal.
    options = frozenset({"goal_700"}) if goal == 700 else frozenset()
    base = position(hands={0: HAND}, options=options)
    square, n200 = base.board.start, 0
    for step in plan:
        end = _engine_move(base, square, n200, Move(0, step.card, step.accelerated, step.shortcut))
        assert end is not None
        square, n200 = end, n200 + (step.card is C.D200)
    assert square == base.board.goal_square(base.goal)
