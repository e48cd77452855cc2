"""The score sheet of a round over counts, as :mod:`millebornes.families.classic.scoring` states it.

Written from the SCORE-* rules and the edition's ``scoring`` table and switches;
shared by the transition relation (a round's points are added when it ends) and
by the facts (the most points a team can score in one round).
"""

from __future__ import annotations

from millebornes_invariants.z3model.algebra import (
    Num,
    Truth,
    all_of,
    any_of,
    count,
    every,
    ite,
    negate,
    total,
)
from millebornes_invariants.z3model.setting import D200, DISTANCE, NONE, SAFETIES, Setting, km

Rows = tuple[tuple[Num, ...], ...]


def distance_of(row: tuple[Num, ...]) -> Num:
    """SCORE-DISTANCE: the kilometres of the distance cards of a tableau."""
    return total(km(k) * row[k] for k in DISTANCE)


def goal_in_force(s: Setting, extended_by: Num) -> Num:
    """EXT-GOAL: the extension goal once someone called it, else the round's goal."""
    return ite(extended_by != NONE, s.extension_goal, s.goal)


def winner(s: Setting, tableau: Rows, extended_by: Num) -> Num:
    """END-WINNER: the (first) team at the goal; else, unless SW-WIN-REQUIRES-GOAL
    (END-WINNER-AT-GOAL), the one team strictly farthest (RUL-FARTHEST-TIE); else NONE."""
    kms = [distance_of(row) for row in tableau]
    goal = goal_in_force(s, extended_by)
    farthest: Num = NONE
    if not s.win_requires_goal:
        for team in range(len(kms) - 1, -1, -1):
            ahead = every(kms[team] > other for u, other in enumerate(kms) if u != team)
            farthest = ite(all_of(kms[team] > 0, ahead), team, farthest)
    found = farthest
    for team in range(len(kms) - 1, -1, -1):
        found = ite(kms[team] == goal, team, found)
    return found


def sheet(
    s: Setting, tableau: Rows, marks: Rows, extended_by: Num, stock: Truth
) -> tuple[Num, ...]:
    """Each team's round total (SCORE-SHEET); ``stock`` tells whether the draw pile still
    held cards when the round ended (SCORE-DELAYED-ACTION)."""
    points = s.scoring
    best = winner(s, tableau, extended_by)
    if s.plain_race:  # SCORE-RACE-SHEET: 1 for the round won, no points
        return tuple(ite(best == team, 1, 0) for team in range(len(tableau)))
    goal = goal_in_force(s, extended_by)
    has_distance = [total(row[k] for k in DISTANCE) > 0 for row in tableau]
    shut_out = count(negate(h) for h in has_distance)  # RUL-SHUTOUT-TEAM
    failed = all_of(extended_by != NONE, best != extended_by)
    lines = []
    for team, row in enumerate(tableau):
        won = best == team
        kms = distance_of(row)
        lines.append(
            kms  # SCORE-DISTANCE
            + points.per_safety * total(row[k] for k in SAFETIES)  # SCORE-SAFETY
            + ite(every(row[k] >= 1 for k in SAFETIES), points.all_safeties_bonus, 0)
            + points.per_coup_fourre * total(marks[team][k] for k in SAFETIES)
            + ite(won, points.round_win, 0)  # SCORE-ROUND-WIN
            + ite(all_of(won, kms == goal, negate(stock)), points.delayed_action, 0)
            + ite(all_of(won, row[D200] == 0), points.win_without_200, 0)  # SCORE-NO-200
            + ite(
                any_of(all_of(won, extended_by == team), all_of(failed, extended_by != team)),
                points.extension,  # SCORE-EXTENSION
                0,
            )
            + ite(has_distance[team], points.shutout * shut_out, 0)  # SCORE-SHUTOUT
        )
    return tuple(lines)
