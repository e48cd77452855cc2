"""The nets a step must pass, as used by the state machine at every step.

Each check returns problems in words, prefixed by the name of the net that found
them, so that a failing run (and the mutant report) says which net caught what:

* ``INV-…`` — the catalogue's state and step invariants;
* ``round trip`` — ``from_json(to_json(s)) == s``;
* ``purity`` — ``apply`` leaves its input state as it was;
* ``rejection`` — a sampled illegal action is rejected with the rule IDs the model
  expects, and the state is left unchanged;
* ``z3 link`` — the step satisfies the z3 transition relation and both states its
  inductive invariant (PROOF-…);
* ``FACT-…`` — a finished round respects the facts z3 computed for its configuration.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from millebornes.families.classic import (
    Action,
    Discard,
    IllegalAction,
    Phase,
    Play,
    State,
    from_json,
    to_json,
)
from millebornes.families.classic.family import CLASSIC
from millebornes.families.classic.state_checks import IN_ROUND
from millebornes_invariants.catalogue import broken_invariants, broken_step_invariants
from millebornes_invariants.z3model.abstract import setting_of
from millebornes_invariants.z3model.facts import compute
from millebornes_invariants.z3model.link import expected_rule_ids, step_problems, z3_agrees


def guarded(net: str, check: Callable[[], list[str]]) -> list[str]:
    """Run one net; a crash inside it (a mutant can make states no rule foresaw) is a catch."""
    try:
        return check()
    except Exception as error:
        return [f"{net}: crashed with {type(error).__name__}: {error}"]


def rejection_problems(state: State, action: Action, family: Any = CLASSIC) -> list[str]:
    """``action`` is not in ``legal_actions(state)``: it must be refused, for the reasons the
    model gives, with nothing changed. ``family`` is the engine under test (the classic
    family object, or a mutant of it)."""
    before = to_json(state)
    ids = family.violations(state, action)
    problems = []
    if not ids:
        problems.append(
            f"rejection: {action} is not listed as legal, yet violations() finds nothing"
        )
    try:
        apply_result = family.apply(state, action)
    except IllegalAction as error:
        if error.rule_ids != ids:
            problems.append(
                f"rejection: apply refused {action} for {error.rule_ids}, violations said {ids}"
            )
    else:
        problems.append(f"rejection: apply accepted {action} (giving phase {apply_result.phase})")
    if to_json(state) != before:
        problems.append(f"rejection: refusing {action} changed the state")
    expected = expected_rule_ids(state, action)
    if expected is not None:
        broken, judged = expected
        found = sorted(set(ids) & judged)
        if set(found) != broken:
            problems.append(
                f"rejection: {action} refused for {found}, the model expects {sorted(broken)}"
            )
    return problems


CATALOGUE = "catalogue"
ROUND_TRIP = "round trip"
PURITY = "purity"
REJECTION = "rejection"
Z3_LINK = "z3 link"
FACTS = "facts"
ALL_NETS = (CATALOGUE, ROUND_TRIP, PURITY, REJECTION, Z3_LINK, FACTS)


def step_problems_all(
    before: State,
    before_json: str,
    action: Action,
    after: State,
    *,
    full_z3: bool,
    nets: tuple[str, ...] = ALL_NETS,
) -> list[str]:
    """The nets named in ``nets`` on one step of the engine (rejection and facts aside)."""
    problems: list[str] = []
    if CATALOGUE in nets:
        problems += guarded(
            CATALOGUE,
            lambda: broken_step_invariants(before, action, after) + broken_invariants(after),
        )
    if PURITY in nets:
        problems += guarded(PURITY, lambda: _purity(before, before_json))
    if ROUND_TRIP in nets:
        problems += guarded(ROUND_TRIP, lambda: _round_trip(after))
    if Z3_LINK in nets:
        problems += guarded(
            Z3_LINK, lambda: [f"z3 link: {p}" for p in step_problems(before, action, after)]
        )
        if full_z3 and not z3_agrees(before, action, after):
            problems.append("z3 link: z3 and the fast evaluation disagree")
    return problems


def _round_trip(after: State) -> list[str]:
    return [] if from_json(to_json(after)) == after else ["round trip: from_json(to_json(s)) != s"]


def _purity(before: State, before_json: str) -> list[str]:
    # States are frozen, so this guards against object.__setattr__ and mutable leaks.
    return [] if to_json(before) == before_json else ["purity: apply changed its input state"]


def fact_problems(before: State, after: State, turns: dict[int, int]) -> list[str]:
    """At the end of a round: no team scored more than FACT-MAX-ROUND-POINTS allows, and a
    team at the goal used at least FACT-FEWEST-TURNS turns and between the fewest and the
    most distance cards of FACT-DISTANCE-CARDS. ``turns`` counts each team's plays and
    discards this round."""
    if before.phase not in IN_ROUND or after.phase not in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        return []
    s = setting_of(after)
    problems = []
    most = dict(compute("FACT-MAX-ROUND-POINTS", s).figures)["most points"]
    gained = [new - old for new, old in zip(after.scores, before.scores, strict=True)]
    if max(gained) > int(most):
        problems.append(f"FACT-MAX-ROUND-POINTS: a team scored {max(gained)} > {most} in one round")
    if after.goal != s.goal:
        return problems  # the extension moved the goal: the facts are about the round's goal
    cards = dict(compute("FACT-DISTANCE-CARDS", s).figures)
    fewest_turns = dict(compute("FACT-FEWEST-TURNS", s).figures)["fewest"]
    for team, tableau in enumerate(after.tableaus):
        if tableau.km != s.goal:
            continue
        if not int(cards["fewest"]) <= len(tableau.distance) <= int(cards["most"]):
            laid = len(tableau.distance)
            problems.append(f"FACT-DISTANCE-CARDS: team {team} reached the goal with {laid} cards")
        if turns.get(team, 0) < int(fewest_turns):
            problems.append(
                f"FACT-FEWEST-TURNS: team {team} finished in {turns.get(team, 0)} turns"
            )
    return problems


def is_turn(action: Action) -> bool:
    """A play or a discard ends a turn; a coup-fourré is laid out of turn (CF-TURN)."""
    return isinstance(action, (Play, Discard))
