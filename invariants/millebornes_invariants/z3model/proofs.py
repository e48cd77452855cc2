"""Inductive proofs over the count abstraction, by unsatisfiability of the negation.

For every configuration and every property of :mod:`.properties`:

* initiation: no state satisfying the initial condition (a match before its first
  deal, built from the edition data) violates the property;
* consecution: no state satisfying the whole invariant has a successor, by any
  move of :mod:`.transition`, that violates the property.

Together they prove that every reachable abstract state has the property. The
move's card is fixed per check (its kind chooses the rules); seats, targets, the
card drawn and every count are left to z3. PROOF-SCORES-GROW is proved the same
way of the transition itself: no move lowers a score.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from multiprocessing import get_context

import z3

from millebornes_invariants.z3model.abstract import Abstract, symbolic
from millebornes_invariants.z3model.algebra import Truth, all_of, every
from millebornes_invariants.z3model.properties import PROPERTIES, invariant
from millebornes_invariants.z3model.setting import (
    DEAL,
    KINDS,
    MEMO,
    NONE,
    SAFETIES,
    Setting,
)
from millebornes_invariants.z3model.transition import Kind, Move, scores_grow, transition

SCORES_GROW = "PROOF-SCORES-GROW"
PROOF_IDS = (*(p.proof for p in PROPERTIES), SCORES_GROW)


def initial(s: Setting, a: Abstract) -> Truth:
    """A match before its first deal: seat 0 deals (RUL-FIRST-DEALER), the playing cards
    wait in the draw pile, the memo cards are set aside, nothing else anywhere."""
    kinds = range(len(KINDS))
    zero_rows = (a.discard, *a.hands, *a.tableau, *a.marks)
    return all_of(
        a.phase == DEAL,
        a.actor == 0,
        a.turn == 0,
        a.dealer == 0,
        a.pending == NONE,
        a.extended_by == NONE,
        every(a.draw[k] == s.playing[k] for k in kinds),
        every(a.set_aside[k] == (s.box[k] if k in MEMO else 0) for k in kinds),
        every(n == 0 for row in zero_rows for n in row),
        every(top == NONE for top in (*a.battle_top, *a.speed_top)),
        every(score == 0 for score in a.scores),
    )


def moves(s: Setting) -> Iterator[tuple[str, Move]]:
    """Every move, with a label: the card is concrete where its kind picks the rules."""
    seat, target, drawn, card, extend = z3.Ints("seat target drawn card extend")
    yield "deal", Move(Kind.DEAL, seat)
    yield "draw", Move(Kind.DRAW, seat, drawn=drawn)
    yield "discard", Move(Kind.DISCARD, seat, card)
    yield "decline", Move(Kind.DECLINE, seat)
    yield "extension", Move(Kind.EXTENSION, seat, extend=extend)
    for kind in KINDS:
        yield f"play {kind.name}", Move(Kind.PLAY, seat, int(kind), target)
    for safety in SAFETIES:
        yield f"coup-fourré {KINDS[safety].name}", Move(Kind.COUP_FOURRE, seat, safety, drawn=drawn)


@dataclass(frozen=True, slots=True)
class Verdict:
    proof: str
    setting: str
    step: str
    """"initiation" or the move's label."""
    proved: bool
    seconds: float
    counterexample: str = ""


def _unsat(solver: z3.Solver, goal: Truth) -> tuple[bool, str]:
    """Is ``goal`` valid under the solver's assertions (is its negation unsatisfiable)?"""
    negation = z3.BoolVal(not goal) if isinstance(goal, bool) else z3.Not(goal)
    result = solver.check(negation)
    if result == z3.unsat:
        return True, ""
    if result == z3.sat:
        return False, str(solver.model())[:4000]
    return False, f"z3 answered {result}"


def prove(s: Setting) -> list[Verdict]:
    """Every initiation and consecution check of every proof for one configuration.

    Each property is checked on its own after each move (which also times each proof):
    with z3 that is faster than asking for all of them at once.
    """
    verdicts: list[Verdict] = []
    a, b = symbolic(s, "a"), symbolic(s, "b")
    solver = z3.Solver()
    solver.add(initial(s, a))
    for prop in PROPERTIES:
        began = time.perf_counter()
        proved, model = _unsat(solver, prop.holds(s, a))
        verdicts.append(
            Verdict(prop.proof, s.label, "initiation", proved, time.perf_counter() - began, model)
        )
    before = invariant(s, a)
    checks = [(p.proof, p.holds(s, b)) for p in PROPERTIES]
    checks.append((SCORES_GROW, scores_grow(a, b)))
    for label, move in moves(s):
        began = time.perf_counter()
        solver = z3.Solver()
        solver.add(before, transition(s, a, move, b))
        for proof, goal in checks:
            proved, model = _unsat(solver, goal)
            verdicts.append(
                Verdict(proof, s.label, label, proved, time.perf_counter() - began, model)
            )
            began = time.perf_counter()
    return verdicts


def model_key(s: Setting) -> Setting:
    """Configurations whose settings agree but for their names have the same model."""
    return replace(s, edition="", options=())


def prove_all(settings: list[Setting], *, jobs: int = 1) -> dict[str, list[Verdict]]:
    """Every proof for every setting, by setting label; identical models (editions that
    differ only by name) are proved once and their verdicts shared, under each label."""
    unique: dict[Setting, Setting] = {}
    for s in settings:
        unique.setdefault(model_key(s), s)
    work = list(unique.values())
    if jobs > 1:
        # Spawned, not forked: z3 and hypothesis may hold threads in the parent.
        with ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn")) as pool:
            done = list(pool.map(prove, work))
    else:
        done = [prove(s) for s in work]
    by_key = {model_key(s): verdicts for s, verdicts in zip(work, done, strict=True)}
    # A shared model's time is counted once, under the configuration proved first.
    return {
        s.label: [
            v if unique[model_key(s)] is s else replace(v, setting=s.label, seconds=0.0)
            for v in by_key[model_key(s)]
        ]
        for s in settings
    }
