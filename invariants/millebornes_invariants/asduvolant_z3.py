"""What arithmetic allows on an As du Volant board, computed by z3 from the board and the box.

The fewest distance cards that take one car from the start to the goal square,
the other cars never in the way and no attack played, found by bounded model
checking: the first number of moves for which the goal is reachable, the one
before it proved unreachable. Each move is a distance card, doubled or not by an
Accélération (AV-ACCEL), of exactly that many squares along ``next``, the first
step through a shortcut if the car stands on its entry (AV-MOVE-EXACT,
AV-SHORTCUT), never past the goal (RUL-AV-700); its km may not exceed the
limit of the square it starts from (AV-LIMIT-SQUARE); a bonus square then moves
the car on by its bonus if that move stays on the track (AV-BONUS, RUL-AV-BONUS);
at most two 200s (AV-MAX-200); no kind more often than the box holds (AV-BOX).
The board's squares become a table of the moves each square allows (read from its raw
fields, not from the engine); z3 chooses the cards.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from millebornes.families.asduvolant.cards import DATA, DISTANCES, KM, SQUARE_KM, AvCard
from millebornes.families.asduvolant.track import Board

OFF = -1
"""The square id standing for "off the track" (past the goal or the finish)."""
MAX_MOVES = 20
"""The search bound; the answers are far below it."""


@dataclass(frozen=True, slots=True)
class Step:
    """One move of a fastest race."""

    card: AvCard
    accelerated: bool
    shortcut: bool


def _walk(board: Board, square: int, steps: int, cut: bool, goal: int) -> int:
    """Where ``steps`` squares lead from ``square`` (the first through the shortcut if
    ``cut``), read from the board's raw ``next`` and ``shortcut`` fields; OFF past the goal."""
    here: int | None = square
    for step in range(steps):
        if here is None or here == OFF:
            return OFF
        sq = board.squares[here]
        here = sq.shortcut if step == 0 and cut else sq.next
        if here is not None and board.squares[here].km > goal:
            return OFF
    return OFF if here is None else here


def _table(board: Board, goal: int) -> dict[tuple[int, int, bool], int]:
    """(square, km, shortcut) -> the square where the move and its bonus end (OFF if none):
    the facts of the board that the z3 model chooses among."""
    table = {}
    for sq in board.squares:
        if sq.km > goal or sq.id == board.goal_square(goal):
            continue
        for km in sorted({KM[c] << boost for c in DISTANCES for boost in (0, 1)}):
            for cut in (False, True) if sq.shortcut is not None else (False,):
                if km > (sq.limit or km):  # AV-LIMIT-SQUARE, AV-ACCEL
                    continue
                end = _walk(board, sq.id, km // SQUARE_KM, cut, goal)
                if end == OFF:
                    continue
                bonus = board.squares[end].bonus
                after = _walk(board, end, bonus // SQUARE_KM, False, goal) if bonus else OFF
                table[(sq.id, km, cut)] = end if after == OFF else after
    return table


def _reachable(board: Board, goal: int, moves: int, accelerate: bool) -> list[Step] | None:
    """A plan of ``moves`` moves reaching the goal square, or None when z3 proves none."""
    table = _table(board, goal)
    solver = z3.Solver()
    here: z3.ArithRef = z3.IntVal(board.start)
    picks, boosts, cuts = [], [], []
    for t in range(moves):
        pick = z3.Int(f"m{t}.card")  # an index into DISTANCES
        boost, into = z3.Bool(f"m{t}.accelerated"), z3.Bool(f"m{t}.shortcut")
        solver.add(pick >= 0, pick < len(DISTANCES))
        if not accelerate:
            solver.add(z3.Not(boost))
        face = z3.IntVal(0)
        for i, card in enumerate(DISTANCES):
            face = z3.If(pick == i, KM[card], face)
        km = z3.If(boost, 2 * face, face)
        after = z3.Int(f"p{t + 1}")  # OFF when the move is not allowed
        options = [
            z3.And(here == square, km == value, into == cut, after == end)
            for (square, value, cut), end in table.items()
        ]
        solver.add(z3.Or(options))  # AV-MOVE-EXACT, AV-SHORTCUT, AV-BONUS
        here = after
        picks.append(pick)
        boosts.append(boost)
        cuts.append(into)
    solver.add(here == board.goal_square(goal))
    box = dict(DATA.box)
    for i, card in enumerate(DISTANCES):
        used = z3.Sum([z3.If(p == i, 1, 0) for p in picks])
        most = min(box[card], DATA.max_200) if card is AvCard.D200 else box[card]
        solver.add(used <= most)  # AV-MAX-200, AV-BOX
    solver.add(z3.Sum([z3.If(b, 1, 0) for b in boosts]) <= box[AvCard.ACCELERATION])
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    return [
        Step(
            DISTANCES[model.eval(p).as_long()],
            z3.is_true(model.eval(b, model_completion=True)),
            z3.is_true(model.eval(c, model_completion=True)),
        )
        for p, b, c in zip(picks, boosts, cuts, strict=True)
    ]


def fewest_moves(board: Board, goal: int, *, accelerate: bool = True) -> tuple[int, list[Step]]:
    """The fewest distance cards to the goal and a witness plan; one move fewer is proved
    impossible (z3 answers unsat)."""
    for moves in range(1, MAX_MOVES + 1):
        plan = _reachable(board, goal, moves, accelerate)
        if plan is not None:
            return moves, plan
    raise ValueError(f"goal {goal} not reachable in {MAX_MOVES} moves")
