"""The properties of abstract states that the proofs establish by induction.

Each is a predicate over an :class:`~.abstract.Abstract` built from the edition's
numbers; :data:`PROPERTIES` names each with the proof ID of spec/facts.md. Their
conjunction is the inductive invariant: it holds in the first state of a match
(initiation) and every transition keeps it (consecution).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from millebornes_invariants.z3model.abstract import Abstract
from millebornes_invariants.z3model.algebra import (
    Truth,
    all_of,
    every,
    implies,
    ite,
    one_of,
    some,
    total,
)
from millebornes_invariants.z3model.setting import (
    BATTLE,
    D200,
    DECISION,
    HAZARDS,
    IN_ROUND,
    KINDS,
    MATCH_OVER,
    MEMO,
    MOVING,
    NONE,
    PHASES,
    PLAY,
    SAFETIES,
    SPEED,
    WINDOW,
    Setting,
)
from millebornes_invariants.z3model.sheet import distance_of, goal_in_force
from millebornes_invariants.z3model.transition import top_consistent


def well_formed(s: Setting, a: Abstract) -> Truth:
    """Ranges and shapes the other properties rely on: phase and seats in range, no
    negative count, memo cards set aside only, pile tops that lie on their pile, coup-fourré
    marks only on safeties laid, a pending hazard exactly in a coup-fourré window."""
    seats = range(s.players)
    rows = (a.draw, a.discard, a.set_aside, *a.hands, *a.tableau, *a.marks)
    playing_zones = (a.draw, a.discard, *a.hands, *a.tableau)
    return all_of(
        one_of(a.phase, range(len(PHASES))),
        ite(a.phase == MATCH_OVER, a.actor == NONE, one_of(a.actor, seats)),
        one_of(a.turn, seats),
        one_of(a.dealer, seats),
        every(n >= 0 for row in rows for n in row),
        every(row[k] == 0 for row in playing_zones for k in MEMO),
        every(a.set_aside[k] == 0 for k in range(len(KINDS)) if k not in MEMO),
        every(
            top_consistent(row, top, BATTLE)
            for row, top in zip(a.tableau, a.battle_top, strict=True)
        ),
        every(
            top_consistent(row, top, SPEED) for row, top in zip(a.tableau, a.speed_top, strict=True)
        ),
        every(
            all_of(marks[k] <= row[k], implies(k not in SAFETIES, marks[k] == 0))
            for row, marks in zip(a.tableau, a.marks, strict=True)
            for k in range(len(KINDS))
        ),
        ite(a.phase == WINDOW, one_of(a.pending, HAZARDS), a.pending == NONE),
        one_of(a.extended_by, (NONE, *range(s.teams))),
        # EXT-DECISION: the decision and the extension exist only where the edition has them.
        implies(a.extended_by != NONE, s.may_extend),
        implies(a.phase == DECISION, all_of(s.may_extend, a.extended_by == NONE)),
    )


def conservation(s: Setting, a: Abstract) -> Truth:
    """INV-CARD-CONSERVATION: each kind's cards across all zones are the box's count."""
    return every(
        a.draw[k]
        + a.discard[k]
        + a.set_aside[k]
        + total(row[k] for row in a.hands)
        + total(row[k] for row in a.tableau)
        == s.box[k]
        for k in range(len(KINDS))
    )


def hand_sizes(s: Setting, a: Abstract) -> Truth:
    """INV-HAND-SIZE: during a round, hands hold ``hand_size`` while the draw pile lasts
    (one more for the player who has drawn), and never more than that."""
    in_round = one_of(a.phase, IN_ROUND)
    stock = total(a.draw) > 0
    checks = []
    for seat, row in enumerate(a.hands):
        limit = s.hand_size + ite(all_of(a.phase == PLAY, a.actor == seat), 1, 0)
        checks.append(
            implies(in_round, all_of(total(row) <= limit, implies(stock, total(row) == limit)))
        )
    return every(checks)


def two_200s(s: Setting, a: Abstract) -> Truth:
    """INV-MAX-TWO-200: no team holds more 200 km cards than ``max_200_per_round``."""
    return every(row[D200] <= s.max_200 for row in a.tableau)


def distance_bound(s: Setting, a: Abstract) -> Truth:
    """INV-DISTANCE-BOUND: no team past the goal in force; below it while cards are being
    played (reaching it ends the round or opens the extension decision)."""
    moving = one_of(a.phase, MOVING)
    goal = goal_in_force(s, a.extended_by)
    return every(
        all_of(distance_of(row) <= goal, implies(moving, distance_of(row) < goal))
        for row in a.tableau
    )


def match_end(s: Setting, a: Abstract) -> Truth:
    """INV-MATCH-END: scores are never negative, and the match is over exactly when a
    team has the match target."""
    reached = some(score >= s.match_target for score in a.scores)
    return all_of(every(score >= 0 for score in a.scores), (a.phase == MATCH_OVER) == reached)


@dataclass(frozen=True, slots=True)
class Property:
    proof: str
    """The proof ID in spec/facts.md."""
    holds: Callable[[Setting, Abstract], Truth]


PROPERTIES: tuple[Property, ...] = (
    Property("PROOF-WELL-FORMED", well_formed),
    Property("PROOF-CARD-CONSERVATION", conservation),
    Property("PROOF-HAND-SIZE", hand_sizes),
    Property("PROOF-MAX-TWO-200", two_200s),
    Property("PROOF-DISTANCE-BOUND", distance_bound),
    Property("PROOF-MATCH-END", match_end),
)


def invariant(s: Setting, a: Abstract) -> Truth:
    """The conjunction of every property: the inductive invariant."""
    return all_of(*(p.holds(s, a) for p in PROPERTIES))


def failing(s: Setting, a: Abstract) -> tuple[str, ...]:
    """For a concrete state: the proof IDs whose property does not hold."""
    return tuple(p.proof for p in PROPERTIES if p.holds(s, a) is not True)
