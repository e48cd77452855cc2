"""Deliberately broken copies of the rules, to measure what the test nets catch.

Each mutant is a named, documented change to the reference engine, applied by
patching it in place for the duration of a ``with mutant(name):`` block and undone
afterwards. A mutant either swaps the predicate of one precondition (rule ID) in
every table, or wraps one effect function. The invariant suite (issue: invariants)
and the conformance suite both run against these mutants; each must be caught.

The engine never imports this module.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from types import ModuleType
from typing import Any

from millebornes.families.classic import engine, rules, scoring
from millebornes.families.classic.actions import CoupFourre, Discard, Draw, Play
from millebornes.families.classic.cards import KM, Card
from millebornes.families.classic.state import Phase, State, evolve


@dataclass(frozen=True, slots=True)
class Mutant:
    name: str
    description: str
    breaks: tuple[str, ...]
    """The rule IDs whose implementation the mutant breaks."""
    patch: Callable[[], Any]
    """A context-manager factory applying the mutation."""


def _modules() -> list[Any]:
    return [m for name, m in sys.modules.items() if name.startswith("millebornes") and m]


@contextmanager
def _swap(original: object, replacement: object) -> Iterator[None]:
    """Replace every module-level reference to ``original`` in millebornes modules."""
    touched = []
    for module in _modules():
        for attribute, value in list(vars(module).items()):
            if value is original:
                touched.append((module, attribute))
                setattr(module, attribute, replacement)
    if not touched:
        raise RuntimeError(f"mutant found nothing to patch for {original!r}")
    try:
        yield
    finally:
        for module, attribute in touched:
            setattr(module, attribute, original)


# Every precondition table of millebornes.families.classic.rules; a renamed table fails loudly here.
_TABLE_NAMES = (
    "PLAY_RULES",
    "PLAY_RULES_BEYOND_HEAD",  # the tables without their head, used by legal_actions
    "DRAW_RULES",
    "DISCARD_RULES",
    "COUP_FOURRE_RULES",
    "DECLINE_RULES",
    "DEAL_RULES",
    "EXTENSION_RULES",
)


def _with_predicate(table: Any, rule_id: str, predicate: Callable[..., bool]) -> Any:
    if table and isinstance(table[0], tuple) and isinstance(table[0][0], str):
        return tuple((rid, predicate if rid == rule_id else holds) for rid, holds in table)
    return tuple(_with_predicate(inner, rule_id, predicate) for inner in table)


def predicate_mutant(
    rule_id: str,
    predicate: Callable[..., bool],
    *,
    module: ModuleType = rules,
    tables: tuple[str, ...] = _TABLE_NAMES,
) -> Callable[[], Any]:
    """A mutant that judges ``rule_id`` with ``predicate`` in the precondition tables named
    ``tables`` of ``module`` (by default every table of the classic rules; a rule family
    passes its own rules module and tables)."""

    @contextmanager
    def patch() -> Iterator[None]:
        originals = {name: getattr(module, name) for name in tables}
        mutated = {name: _with_predicate(t, rule_id, predicate) for name, t in originals.items()}
        if mutated == originals:
            raise RuntimeError(f"no table has rule {rule_id}")
        changed = [(originals[n], mutated[n]) for n in tables if mutated[n] != originals[n]]
        with _swap_all(changed):
            yield

    return patch


def _with_row(table: Any, after_id: str, row: tuple[str, Callable[..., bool]]) -> Any:
    if table and isinstance(table[0], tuple) and isinstance(table[0][0], str):
        ids = [rid for rid, _ in table]
        if after_id not in ids:
            return table
        at = ids.index(after_id) + 1
        return (*table[:at], row, *table[at:])
    return tuple(_with_row(inner, after_id, row) for inner in table)


def row_mutant(
    after_id: str, rule_id: str, predicate: Callable[..., bool], tables: tuple[str, ...]
) -> Callable[[], Any]:
    """A mutant that adds the row (``rule_id``, ``predicate``) after ``after_id`` in the named
    precondition tables: an engine that cites one more rule for the same refusal."""

    @contextmanager
    def patch() -> Iterator[None]:
        originals = {name: getattr(rules, name) for name in tables}
        mutated = {
            name: _with_row(t, after_id, (rule_id, predicate)) for name, t in originals.items()
        }
        if mutated == originals:
            raise RuntimeError(f"no table has rule {after_id}")
        with _swap_all([(originals[n], mutated[n]) for n in tables]):
            yield

    return patch


@contextmanager
def _swap_all(pairs: list[tuple[object, object]]) -> Iterator[None]:
    if not pairs:
        yield
        return
    (original, replacement), *rest = pairs
    with _swap(original, replacement), _swap_all(rest):
        yield


def effect_mutant(original: Callable[..., Any], wrap: Callable[..., Any]) -> Callable[[], Any]:
    """A mutant that replaces the effect function ``original`` by ``wrap(original)``."""
    return swap_mutant(original, wrap(original))


def swap_mutant(original: object, replacement: object) -> Callable[[], Any]:
    """A mutant that puts ``replacement`` wherever a module holds ``original`` (a function,
    a table, the data of a rule family)."""

    @contextmanager
    def patch() -> Iterator[None]:
        with _swap(original, replacement):
            yield

    return patch


def _always(state: State, action: object) -> bool:
    return True


def _speed_limit_lets_75_through(state: State, action: Play) -> bool:
    own = state.tableaus[state.team_of(action.seat)]
    return own.speed_top is not Card.SPEED_LIMIT or KM[action.card] <= 75


def _cf_skips_nobody(original: Callable[[State, CoupFourre], State]) -> Callable[..., State]:
    def mutated(state: State, action: CoupFourre) -> State:
        after = original(state, action)
        if after.phase in (Phase.DRAW, Phase.PLAY):  # give the turn back to the attacker's left
            return engine._turn_from(evolve(after, actor=state.turn), state.turn + 1)
        return after

    return mutated


def _discard_loses_card(original: Callable[[State, Discard], State]) -> Callable[..., State]:
    def mutated(state: State, action: Discard) -> State:
        after = original(state, action)
        if after.discard_pile and after.discard_pile[-1] is action.card:
            return evolve(after, discard_pile=after.discard_pile[:-1])
        return after

    return mutated


def _refill_to_seven(original: Callable[[State, Draw], State]) -> Callable[..., State]:
    def mutated(state: State, action: Draw) -> State:
        after = original(state, action)
        if after.draw_pile:
            seat = action.seat
            hand = tuple(sorted((*after.hands[seat], after.draw_pile[0])))
            hands = after.hands[:seat] + (hand,) + after.hands[seat + 1 :]
            return evolve(after, hands=hands, draw_pile=after.draw_pile[1:])
        return after

    return mutated


def _no_extra_turn(original: Callable[..., State]) -> Callable[..., State]:
    def mutated(state: State, hands: Any, seat: int, safety: Any) -> State:
        after = original(state, hands, seat, safety)
        if after.phase is Phase.DRAW and after.actor == seat:
            return engine._turn_from(after, seat + 1)
        return after

    return mutated


def _safety_keeps_hazard(original: Callable[..., Any]) -> Callable[..., Any]:
    def mutated(tableau: Any, safety: Any, crosswise: bool) -> Any:
        laid, _cleared = original(tableau, safety, crosswise)
        return replace(laid, battle=tableau.battle, speed=tableau.speed), ()

    return mutated


def _no_shutout(original: Callable[[State], scoring.RoundScore]) -> Callable[..., Any]:
    def mutated(state: State) -> scoring.RoundScore:
        sheet = original(state)
        return replace(sheet, teams=tuple(replace(line, shutout=0) for line in sheet.teams))

    return mutated


def _no_window(original: Callable[..., int | None]) -> Callable[..., int | None]:
    def mutated(state: State, team: int, hazard: Any) -> int | None:
        return None

    return mutated


MUTANTS: tuple[Mutant, ...] = (
    Mutant("third-200", "a third 200 km card is allowed", ("DIST-MAX-200",),
           predicate_mutant("DIST-MAX-200", _always)),
    Mutant("speed-limit-75", "a 75 km card passes under a Speed Limit", ("DIST-SPEED-LIMIT",),
           predicate_mutant("DIST-SPEED-LIMIT", _speed_limit_lets_75_through)),
    Mutant("hazard-on-stopped", "a hazard hits an opponent who is not rolling",
           ("HAZ-ROLLING-TARGET",), predicate_mutant("HAZ-ROLLING-TARGET", _always)),
    Mutant("coup-fourre-skips-nobody", "after a coup-fourré play resumes at the attacker's left",
           ("CF-TURN",), effect_mutant(engine._coup_fourre, _cf_skips_nobody)),
    Mutant("discard-loses-card", "a discarded card vanishes instead of going to the discard pile",
           ("TURN-PLAY-OR-DISCARD",), effect_mutant(engine._discard, _discard_loses_card)),
    Mutant("hand-refilled-to-7", "the draw brings the hand to 8, so it is 7 between turns",
           ("TURN-DRAW", "TURN-HAND-SIZE"), effect_mutant(engine._draw, _refill_to_seven)),
    Mutant("distance-without-roll", "distance may be laid without rolling", ("DIST-ROLLING",),
           predicate_mutant("DIST-ROLLING", _always)),
    Mutant("past-the-goal", "a distance card may take a team past the goal", ("DIST-EXACT-GOAL",),
           predicate_mutant("DIST-EXACT-GOAL", _always)),
    Mutant("immunity-ignored", "a hazard lands on a team protected by its safety",
           ("SAFE-IMMUNITY",), predicate_mutant("SAFE-IMMUNITY", _always)),
    Mutant("speed-limit-twice", "a second Speed Limit lands on a standing one",
           ("HAZ-SPEED-LIMIT-ONCE",), predicate_mutant("HAZ-SPEED-LIMIT-ONCE", _always)),
    Mutant("any-remedy", "any remedy covers any hazard", ("REM-MATCH",),
           predicate_mutant("REM-MATCH", _always)),
    Mutant("roll-any-time", "a Roll may be laid on a Roll or an uncured hazard", ("REM-ROLL",),
           predicate_mutant("REM-ROLL", _always)),
    Mutant("no-extra-turn", "laying a safety on one's turn ends the turn", ("SAFE-EXTRA-TURN",),
           effect_mutant(engine._lay_safety_on_turn, _no_extra_turn)),
    Mutant("safety-keeps-hazard", "a safety laid leaves the matching hazard standing",
           ("RUL-SAFETY-CLEARS-HAZARD", "CF-EFFECT"),
           effect_mutant(engine._laid, _safety_keeps_hazard)),
    Mutant("no-coup-fourre", "the coup-fourré window never opens", ("CF-WINDOW",),
           effect_mutant(engine._safety_holder, _no_window)),
    Mutant("no-shutout", "the 500 points of a shutout are not scored", ("SCORE-SHUTOUT",),
           effect_mutant(scoring.score_round, _no_shutout)),
    Mutant("out-of-turn", "any seat may act", ("TURN-ACTOR",),
           predicate_mutant("TURN-ACTOR", _always)),
)  # fmt: skip

BY_NAME = {m.name: m for m in MUTANTS}


@contextmanager
def mutant(name: str) -> Iterator[Mutant]:
    """Apply the mutant ``name`` for the duration of the block."""
    chosen = BY_NAME[name]
    with chosen.patch():
        yield chosen
