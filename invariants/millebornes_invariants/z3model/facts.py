"""Facts of the rules, computed by z3 from the edition data (spec/facts.md states them).

Each fact is a function of a :class:`~.setting.Setting` returning its figures and a
witness. z3's ``Optimize`` proves a minimum or maximum (it answers only once no
better value is possible); the fewest turns are found by bounded model checking:
the first number of turns for which the goal is reachable, the one before it
being proved unreachable.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace

import z3

from millebornes.families.classic import Card
from millebornes_invariants.z3model.algebra import Num, all_of, any_of, ite, negate, total
from millebornes_invariants.z3model.setting import (
    D200,
    DISTANCE,
    KINDS,
    NONE,
    RIGHT_OF_WAY,
    SAFETIES,
    SPEED_LIMIT,
    STOP,
    Setting,
    hazards_stopped_by,
    km,
)
from millebornes_invariants.z3model.sheet import distance_of, sheet

Figures = tuple[tuple[str, int | str], ...]


@dataclass(frozen=True, slots=True)
class FactResult:
    fact: str
    setting: Setting
    figures: Figures
    """The computed figures, by name, in the order spec/facts.md tabulates them."""
    witness: str
    seconds: float


def _distance_counts(s: Setting, name: str) -> dict[int, Num]:
    """How many distance cards of each kind a team lays, within the box."""
    return {k: z3.Int(f"{name}.{KINDS[k].name}") for k in DISTANCE}


def _box_limits(s: Setting, counts: dict[int, Num]) -> list[Num]:
    return [all_of(n >= 0, n <= s.box[k]) for k, n in counts.items()]


def _optimum(goal_terms: list[Num], objective: Num, maximize: bool) -> tuple[int, z3.ModelRef]:
    opt = z3.Optimize()
    opt.add(*goal_terms)
    handle = opt.maximize(objective) if maximize else opt.minimize(objective)
    if opt.check() != z3.sat:
        raise ValueError("no solution")
    return opt.lower(handle).as_long() if maximize else opt.upper(handle).as_long(), opt.model()


def _cards(model: z3.ModelRef, counts: dict[int, Num]) -> str:
    laid = [(KINDS[k].name, model.eval(n).as_long()) for k, n in counts.items()]
    return " + ".join(f"{n}x{name}" for name, n in laid if n) or "nothing"


def distance_cards(s: Setting) -> tuple[Figures, str]:
    """FACT-DISTANCE-CARDS: the fewest and the most distance cards that make the goal
    exactly (DIST-EXACT-GOAL), within the box and at most ``max_200_per_round`` 200s."""
    counts = _distance_counts(s, "d")
    rules = [
        *_box_limits(s, counts),
        counts[D200] <= s.max_200,
        total(km(k) * n for k, n in counts.items()) == s.goal,
    ]
    fewest, low = _optimum(rules, total(counts.values()), maximize=False)
    most, high = _optimum(rules, total(counts.values()), maximize=True)
    witness = f"fewest: {_cards(low, counts)}; most: {_cards(high, counts)}"
    return (("goal", s.goal), ("fewest", fewest), ("most", most)), witness


def speed_limit_farthest(s: Setting) -> tuple[Figures, str]:
    """FACT-SPEED-LIMIT-FARTHEST: the farthest a team can go while a Speed Limit stands for
    the whole round (only cards up to ``speed_limit_max_km``, DIST-SPEED-LIMIT), and so
    whether it can still finish."""
    counts = {k: n for k, n in _distance_counts(s, "d").items() if km(k) <= s.speed_limit_km}
    distance = total(km(k) * n for k, n in counts.items())
    rules = [*_box_limits(s, counts), distance <= s.goal]
    farthest, model = _optimum(rules, distance, maximize=True)
    figures = (
        ("goal", s.goal),
        ("farthest", farthest),
        ("finish", "yes" if farthest == s.goal else "no"),
    )
    return figures, _cards(model, counts)


# --- the fewest turns: bounded model checking of one team's round -----------------

_ROLL, _ROW_ON_TURN, _END_OF_LIMIT = -2, -3, -4
"""Codes of the non-distance cards a team may lay on its turn in the turn model."""


def _turn_model(
    s: Setting, turns: int, coup_fourre: bool
) -> tuple[z3.Solver, list[Num], list[Num]]:
    """One team from the deal to the goal in ``turns`` turns of its own, each laying one
    card (distance, Roll, End of Limit or Right of Way, which also gives a turn: SAFE-EXTRA-TURN).
    Between turns an opponent may lay a Speed Limit (HAZ-SPEED-LIMIT-ANYTIME) or, on a
    rolling team, a Stop (HAZ-ROLLING-TARGET); with ``coup_fourre`` the team may answer
    either with Right of Way as a coup-fourré, which is not one of its turns (CF-TURN)."""
    solver = z3.Solver()
    codes = (*DISTANCE, _ROLL, _ROW_ON_TURN, _END_OF_LIMIT)
    plays = [z3.Int(f"play{i}") for i in range(turns)]
    attacks = [z3.Int(f"attack{i}") for i in range(turns)]  # NONE, STOP or SPEED_LIMIT
    answered = [z3.Bool(f"coup_fourre{i}") for i in range(turns)]
    stopped, limited, right_of_way = True, False, False  # a team starts without its Roll
    distance: Num = 0
    used = {k: 0 for k in DISTANCE}
    for i in range(turns):
        # The opponents' attack before turn i, and the team's answer.
        attack, cf = attacks[i], answered[i] if coup_fourre else False
        immune = right_of_way
        solver.add(
            any_of(attack == NONE, attack == SPEED_LIMIT, all_of(attack == STOP, negate(stopped)))
        )
        solver.add(ite(attack != NONE, negate(immune), True))
        solver.add(
            ite(cf, all_of(attack != NONE, negate(right_of_way), s.box[RIGHT_OF_WAY] >= 1), True)
        )
        hit_stop = all_of(attack == STOP, negate(cf))
        hit_limit = all_of(attack == SPEED_LIMIT, negate(cf))
        right_of_way = any_of(right_of_way, cf)
        stopped = any_of(hit_stop, all_of(stopped, negate(right_of_way)))
        limited = any_of(hit_limit, limited)
        # The team's own turn i.
        play = plays[i]
        solver.add(any_of(*(play == code for code in codes)))
        rolling = negate(stopped)
        for k in DISTANCE:
            laying = play == k
            solver.add(
                ite(
                    laying,
                    all_of(rolling, any_of(negate(limited), km(k) <= s.speed_limit_km)),
                    True,
                )
            )
            used[k] = used[k] + ite(laying, 1, 0)
            distance = distance + ite(laying, km(k), 0)
        solver.add(ite(play == _ROLL, all_of(stopped, negate(right_of_way)), True))
        solver.add(
            ite(play == _ROW_ON_TURN, all_of(negate(right_of_way), s.box[RIGHT_OF_WAY] >= 1), True)
        )
        solver.add(ite(play == _END_OF_LIMIT, limited, True))
        right_of_way = any_of(right_of_way, play == _ROW_ON_TURN)
        stopped = all_of(stopped, play != _ROLL, negate(right_of_way))
        limited = all_of(limited, play != _END_OF_LIMIT)
    solver.add(*(all_of(n <= s.box[k]) for k, n in used.items()))
    solver.add(used[D200] <= s.max_200)
    solver.add(distance == s.goal)
    return solver, plays, attacks


def _fewest(s: Setting, coup_fourre: bool) -> tuple[int, str]:
    limit = sum(s.box[k] for k in DISTANCE) + 3
    for turns in range(1, limit + 1):
        solver, plays, attacks = _turn_model(s, turns, coup_fourre)
        if solver.check() == z3.sat:
            model = solver.model()
            steps = []
            for play, attack in zip(plays, attacks, strict=True):
                hit = model.eval(attack).as_long()
                if hit != NONE:
                    steps.append(
                        f"[{KINDS[hit].name} answered]" if coup_fourre else f"[{KINDS[hit].name}]"
                    )
                code = model.eval(play).as_long()
                names = {_ROLL: "ROLL", _ROW_ON_TURN: "RIGHT_OF_WAY", _END_OF_LIMIT: "END_OF_LIMIT"}
                steps.append(names.get(code) or KINDS[code].name)
            return turns, " ".join(steps)
    raise ValueError(f"{s.label}: the goal is not reachable in {limit} turns")


def fewest_turns(s: Setting) -> tuple[Figures, str]:
    """FACT-FEWEST-TURNS: the fewest turns of its own in which a team can finish a round,
    with and without the help of a coup-fourré."""
    with_cf, witness = _fewest(s, coup_fourre=True)
    without, plain = _fewest(s, coup_fourre=False)
    figures = (("goal", s.goal), ("fewest", with_cf), ("without coup-fourré", without))
    return figures, f"{witness} | without: {plain}"


# --- the most points in one round -------------------------------------------------


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """The end of round that scores the most for team 0 (the witness of FACT-MAX-ROUND-POINTS)."""

    points: int
    distance: tuple[Card, ...]
    """Team 0's distance cards."""
    safeties: tuple[Card, ...]
    coups_fourres: tuple[Card, ...]
    others_km: tuple[int, ...]
    extended_by: int | None
    draw_pile_empty: bool


def best_round_end(s: Setting) -> RoundEnd:
    """FACT-MAX-ROUND-POINTS: the most points one team can score in one round (SCORE-SHEET),
    over every end of round the box allows: each team's distance cards within the box,
    the goal and the 200s rule; each safety laid by one team at most; a coup-fourré only
    on a safety laid and with a matching hazard in the box; the extension only where the
    edition has it, called by a team that had reached the short goal."""
    teams = range(s.teams)
    tableau: list[tuple[Num, ...]] = []
    marks: list[tuple[Num, ...]] = []
    rules: list[Num] = []
    for t in teams:
        row: list[Num] = [0] * len(KINDS)
        mark: list[Num] = [0] * len(KINDS)
        for k in DISTANCE:
            row[k] = z3.Int(f"t{t}.{KINDS[k].name}")
            rules.append(row[k] >= 0)
        for k in SAFETIES:
            row[k], mark[k] = z3.Int(f"t{t}.{KINDS[k].name}"), z3.Int(f"t{t}.cf.{KINDS[k].name}")
            rules += [row[k] >= 0, row[k] <= 1, mark[k] >= 0, mark[k] <= row[k]]
        rules.append(row[D200] <= s.max_200)
        tableau.append(tuple(row))
        marks.append(tuple(mark))
    for k in (*DISTANCE, *SAFETIES):
        rules.append(total(row[k] for row in tableau) <= s.box[k])
    for k in SAFETIES:  # CF-MATCHING-SAFETY: each coup-fourré answers a hazard of the box
        hazards = sum(s.box[h] for h in hazards_stopped_by(k))
        rules.append(total(m[k] for m in marks) <= hazards)
    extended_by = z3.Int("extended_by")
    stock = z3.Bool("stock")
    if s.may_extend:
        rules.append(any_of(extended_by == NONE, *(extended_by == t for t in teams)))
        rules += [ite(extended_by == t, distance_of(tableau[t]) >= s.goal, True) for t in teams]
    else:
        rules.append(extended_by == NONE)
    goal = ite(extended_by != NONE, s.extension_goal, s.goal)
    rules += [distance_of(row) <= goal for row in tableau]
    # At most one team reaches the goal: the round ends there (END-GOAL).
    rules.append(total(ite(distance_of(row) == goal, 1, 0) for row in tableau) <= 1)
    points = sheet(s, tuple(tableau), tuple(marks), extended_by, stock)
    best, model = _optimum(rules, points[0], maximize=True)

    def value(term: Num) -> int:
        return int(model.eval(term, model_completion=True).as_long())

    ext = value(extended_by)
    return RoundEnd(
        points=best,
        distance=tuple(KINDS[k] for k in DISTANCE for _ in range(value(tableau[0][k]))),
        safeties=tuple(KINDS[k] for k in SAFETIES if value(tableau[0][k])),
        coups_fourres=tuple(KINDS[k] for k in SAFETIES if value(marks[0][k])),
        others_km=tuple(value(distance_of(row)) for row in tableau[1:]),
        extended_by=None if ext == NONE else ext,
        draw_pile_empty=not z3.is_true(model.eval(stock, model_completion=True)),
    )


def max_round_points(s: Setting) -> tuple[Figures, str]:
    """FACT-MAX-ROUND-POINTS, as figures and a witness in words."""
    end = best_round_end(s)
    laid = Counter(card.name for card in (*end.distance, *end.safeties))
    caller = end.extended_by
    witness = (
        f"team 0 lays {' + '.join(f'{n}x{name}' for name, n in laid.items())}; "
        f"coups-fourrés: {', '.join(c.name for c in end.coups_fourres) or 'none'}; "
        f"other teams' distance: {list(end.others_km)}; "
        f"extension called by: {'nobody' if caller is None else f'team {caller}'}; "
        f"draw pile {'' if end.draw_pile_empty else 'not '}empty"
    )
    return (("goal", s.goal), ("most points", end.points)), witness


def _distance_data(s: Setting) -> Hashable:
    return (s.goal, tuple(s.box[k] for k in DISTANCE), s.max_200, s.speed_limit_km)


def _turn_data(s: Setting) -> Hashable:
    return (_distance_data(s), s.box[RIGHT_OF_WAY], s.box[STOP], s.box[SPEED_LIMIT])


def _scoring_data(s: Setting) -> Hashable:
    return replace(s, edition="", options=(), hand_size=0, match_target=0)


@dataclass(frozen=True, slots=True)
class Fact:
    id: str
    compute: Callable[[Setting], tuple[Figures, str]]
    depends: Callable[[Setting], Hashable]
    """The data the fact depends on: configurations that agree on it share one computation."""


FACTS: tuple[Fact, ...] = (
    Fact("FACT-DISTANCE-CARDS", distance_cards, _distance_data),
    Fact("FACT-SPEED-LIMIT-FARTHEST", speed_limit_farthest, _distance_data),
    Fact("FACT-FEWEST-TURNS", fewest_turns, _turn_data),
    Fact("FACT-MAX-ROUND-POINTS", max_round_points, _scoring_data),
)
FACT_IDS = tuple(fact.id for fact in FACTS)

_computed: dict[tuple[str, Hashable], tuple[Figures, str, float]] = {}


def compute(fact_id: str, s: Setting) -> FactResult:
    """The fact for one configuration; computed once per distinct data it depends on
    (``seconds`` is the time of that one computation)."""
    fact = next(f for f in FACTS if f.id == fact_id)
    key = (fact_id, fact.depends(s))
    if key not in _computed:
        began = time.perf_counter()
        figures, witness = fact.compute(s)
        _computed[key] = (figures, witness, time.perf_counter() - began)
    figures, witness, seconds = _computed[key]
    return FactResult(fact_id, s, figures, witness, seconds)
