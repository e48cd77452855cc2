"""What arithmetic allows in Fun & Speed, computed by z3 from the family's data.

The fewest turns in which one player can reach the goal, the others never
interfering, found by bounded model checking as in :mod:`.z3model.facts`: the
first number of turns for which the goal is reachable, the one before it proved
unreachable. On each turn the player holds five cards after the draw
(FS-DRAW), may lay safeties first, each worth 100 km and giving a replay that
starts with a draw, so that every play step holds five cards again (FS-SAFETY,
FS-REPLAY, RUL-FS-REPLAY), then at most one Borne, which ends the turn, with up
to two Accélérateurs (FS-ACCEL, FS-KM); the box bounds every kind (FS-BOX). With
the Accélérateurs forbidden the same model gives the plain figure.
"""

from __future__ import annotations

from dataclasses import dataclass

import z3

from millebornes.families.funspeed.cards import DATA, DISTANCES, KM, SAFETIES, FsCard

HAND_AT_PLAY = DATA.hand_size + 1
MAX_TURNS = 12
"""The search bound; the answers are far below it."""


@dataclass(frozen=True, slots=True)
class Plan:
    """One turn of a fastest race: safeties laid, then a Borne (or none) and its boost."""

    safeties: int
    borne: FsCard | None
    accelerators: int


def _turn_vars(t: int) -> tuple[z3.ArithRef, list[z3.ArithRef], z3.ArithRef]:
    safeties = z3.Int(f"t{t}.safeties")
    bornes = [z3.Int(f"t{t}.{card.name}") for card in DISTANCES]
    boost = z3.Int(f"t{t}.accelerators")
    return safeties, bornes, boost


def _reachable(goal: int, turns: int, accelerators: bool) -> list[Plan] | None:
    """A plan reaching ``goal`` in ``turns`` turns, or None when z3 proves there is none."""
    solver = z3.Solver()
    box = dict(DATA.box)
    total: list[z3.ArithRef] = []
    used_safeties: list[z3.ArithRef] = []
    used_boost: list[z3.ArithRef] = []
    used_kind: dict[FsCard, list[z3.ArithRef]] = {card: [] for card in DISTANCES}
    plan_vars = []
    for t in range(turns):
        safeties, bornes, boost = _turn_vars(t)
        plan_vars.append((safeties, bornes, boost))
        laid = z3.Sum(bornes)
        top = DATA.max_accelerators if accelerators else 0
        solver.add(safeties >= 0, boost >= 0, boost <= top * laid, laid <= 1)
        solver.add(*(b >= 0 for b in bornes))
        # The Borne and its Accélérateurs are laid at one play step, from its five cards; each
        # safety is laid at a play step of its own, whose replay draws a card (RUL-FS-REPLAY).
        solver.add(laid + boost <= HAND_AT_PLAY)
        face = z3.Sum([KM[card] * b for card, b in zip(DISTANCES, bornes, strict=True)])
        km = z3.If(boost == 0, face, z3.If(boost == 1, 2 * face, 4 * face))
        total.append(km + DATA.safety_km * safeties)
        used_safeties.append(safeties)
        used_boost.append(boost)
        for card, b in zip(DISTANCES, bornes, strict=True):
            used_kind[card].append(b)
    solver.add(z3.Sum(used_safeties) <= sum(box[card] for card in SAFETIES))
    solver.add(z3.Sum(used_boost) <= box[FsCard.ACCELERATOR])
    for card, uses in used_kind.items():
        solver.add(z3.Sum(uses) <= box[card])
    solver.add(z3.Sum(total) >= goal)
    if solver.check() != z3.sat:
        return None
    model = solver.model()
    plans = []
    for safeties, bornes, boost in plan_vars:
        chosen = [c for c, b in zip(DISTANCES, bornes, strict=True) if model.eval(b).as_long()]
        plans.append(
            Plan(
                safeties=model.eval(safeties).as_long(),
                borne=chosen[0] if chosen else None,
                accelerators=model.eval(boost).as_long(),
            )
        )
    return plans


def fewest_turns(goal: int, *, accelerators: bool = True) -> tuple[int, list[Plan]]:
    """The fewest turns to reach ``goal`` and a witness plan; the turn count before it is
    proved unreachable (z3 answers unsat)."""
    for turns in range(1, MAX_TURNS + 1):
        plan = _reachable(goal, turns, accelerators)
        if plan is not None:
            return turns, plan
    raise ValueError(f"goal {goal} not reachable in {MAX_TURNS} turns")
