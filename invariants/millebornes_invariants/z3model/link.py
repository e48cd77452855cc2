"""The link that keeps the model honest: concrete engine steps against the z3 relation.

Every step the state machine takes is translated into the model's terms (counts
before and after, and the move with its witnesses: the seat, the card, the target,
the card drawn) and must satisfy the transition relation of :mod:`.transition`;
both states must satisfy the inductive invariant of :mod:`.properties`. The same
preconditions give the rule IDs a sampled illegal action is expected to break.

The fast path evaluates the relation on Python integers (the algebra computes
instead of building terms); :func:`z3_agrees` hands the symbolic relation to z3
with the concrete values substituted, to check that the two readings agree.
"""

from __future__ import annotations

from functools import cache

import z3

from millebornes.families.classic import (
    Action,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
    State,
)
from millebornes_invariants.z3model.abstract import Abstract, abstract, setting_of, symbolic
from millebornes_invariants.z3model.properties import failing
from millebornes_invariants.z3model.setting import NONE, Setting
from millebornes_invariants.z3model.transition import (
    CONCRETE_CARD,
    Kind,
    Move,
    broken,
    preconditions,
    transition,
)


def move_of(before: State, action: Action) -> Move | None:
    """The model's move for an engine action, with the card drawn as witness; None for an
    action kind the model does not know (an edition's special)."""
    match action:
        case Draw(seat=seat):
            drawn = int(before.draw_pile[0]) if before.draw_pile else NONE
            return Move(Kind.DRAW, seat, drawn=drawn)
        case Play(seat=seat, card=card, target=target):
            return Move(Kind.PLAY, seat, int(card), target)
        case Discard(seat=seat, card=card):
            return Move(Kind.DISCARD, seat, int(card))
        case CoupFourre(seat=seat, card=card):
            drawn = int(before.draw_pile[0]) if before.draw_pile else NONE
            return Move(Kind.COUP_FOURRE, seat, int(card), drawn=drawn)
        case Decline(seat=seat):
            return Move(Kind.DECLINE, seat)
        case Deal(seat=seat):
            return Move(Kind.DEAL, seat)
        case Extension(seat=seat, extend=extend):
            return Move(Kind.EXTENSION, seat, extend=int(extend))
    return None


def step_problems(before: State, action: Action, after: State) -> list[str]:
    """What is wrong with this engine step in the model's eyes (empty when it agrees)."""
    move = move_of(before, action)
    if move is None:
        # An action kind the model lacks cannot be checked: say so rather than pass it.
        return [f"the z3 model has no move for {type(action).__name__}"]
    s = setting_of(before)
    a, b = abstract(before), abstract(after)
    problems = [f"{proof} fails after the step" for proof in failing(s, b)]
    if transition(s, a, move, b) is not True:
        problems.append(f"the step {action} is not a transition of the z3 model")
    return problems


def expected_rule_ids(state: State, action: Action) -> tuple[frozenset[str], frozenset[str]] | None:
    """(the rule IDs the model says ``action`` breaks, every rule ID the model judges it
    on); None for an action kind the model does not know."""
    move = move_of(state, action)
    if move is None:
        return None
    s, a = setting_of(state), abstract(state)
    judged = frozenset(rule for rule, _ in preconditions(s, a, move))
    return frozenset(broken(s, a, move)), judged


# --- the same relation, read by z3 -----------------------------------------------


@cache
def _symbolic_relation(
    s: Setting, kind: Kind, card: int
) -> tuple[z3.BoolRef, Abstract, Abstract, Move]:
    a, b = symbolic(s, "a"), symbolic(s, "b")
    seat, target, drawn, extend = z3.Ints("seat target drawn extend")
    symbol = card if kind in CONCRETE_CARD else z3.Int("card")
    move = Move(kind, seat, symbol, target, drawn, extend)
    return transition(s, a, move, b), a, b, move


def z3_agrees(before: State, action: Action, after: State) -> bool:
    """Does z3, given the symbolic relation with this step's values substituted, reach the
    same verdict as the fast concrete evaluation?"""
    move = move_of(before, action)
    if move is None:
        return True
    s = setting_of(before)
    kind_card = move.card if move.kind in CONCRETE_CARD else NONE
    relation, a, b, sym = _symbolic_relation(s, move.kind, kind_card)
    pairs = list(zip(a.variables(), abstract(before).variables(), strict=True))
    pairs += zip(b.variables(), abstract(after).variables(), strict=True)
    pairs += [(sym.seat, move.seat), (sym.target, move.target), (sym.drawn, move.drawn)]
    pairs.append((sym.extend, move.extend))
    if move.kind not in CONCRETE_CARD:
        pairs.append((sym.card, move.card))
    ground = z3.substitute(relation, *((var, z3.IntVal(value)) for var, value in pairs))
    verdict = bool(z3.is_true(z3.simplify(ground)))
    fast = transition(s, abstract(before), move, abstract(after)) is True
    return verdict == fast
