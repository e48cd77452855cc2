"""Mutants of the As du Volant rules: each a deliberately broken copy of one rule.

As for Fun & Speed (tools/funspeed_mutants.py), a mutant either judges one row of
the family's precondition tables (:mod:`millebornes.families.asduvolant.rules`) with
another predicate, or wraps one transition of :mod:`millebornes.families.asduvolant.engine`
(or swaps one figure of the family's data); each names the rule IDs it breaks.
They patch the modules in this process and are undone afterwards. ``FAMILY`` is
what tools/conformance_strength.py measures (it lists it in ``FAMILIES``):

    python tools/av_mutants.py                                   # list them
    python tools/conformance_strength.py --family as-du-volant   # the kill rate
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from family_mutants import Family
from millebornes.conformance import asduvolant_suite as suite
from millebornes.families.asduvolant import engine, rules
from millebornes.families.asduvolant.actions import Move
from millebornes.families.asduvolant.cards import DATA, KM, TOKENS, AvCard
from millebornes.families.asduvolant.scoring import game_points
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes_invariants.mutants import Mutant, effect_mutant, predicate_mutant, swap_mutant

Wrap = Callable[[Callable[..., AvState]], Callable[..., AvState]]
TABLES = tuple(rules.TABLE_NAME.values())


def _row(rule_id: str, predicate: Callable[..., bool], *tables: str) -> Callable[[], Any]:
    """Judge ``rule_id`` with ``predicate`` in the named tables (all of them by default)."""
    return predicate_mutant(rule_id, predicate, module=rules, tables=tables or TABLES)


def _data(**figures: Any) -> Callable[[], Any]:
    """The family's data with other figures (spec/families/as-du-volant/edition.json)."""
    return swap_mutant(DATA, replace(DATA, **figures))


def _always(state: AvState, action: object) -> bool:
    return True


def _never(state: AvState, action: object) -> bool:
    return False


def _limit_75(state: AvState, action: Move) -> bool:
    return not state.cars[action.seat].limit or KM[action.card] <= 75


def _no_bonus(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, seat: int) -> AvState:
        return state

    return mutated


def _bonus_under_limit(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, seat: int) -> AvState:
        car = state.cars[seat]
        if not car.limit:
            return original(state, seat)
        cars = list(state.cars)
        cars[seat] = replace(car, limit=False)
        after = original(replace(state, cars=tuple(cars)), seat)
        cars = list(after.cars)
        cars[seat] = replace(after.cars[seat], limit=True)
        return replace(after, cars=tuple(cars))

    return mutated


def _highest_lane(original: Callable[..., int]) -> Callable[..., int]:
    def mutated(state: AvState, seat: int, square: int) -> int:
        taken = state.occupied(square, but=seat)
        return max(lane for lane in range(state.lanes(square)) if lane not in taken)

    return mutated


def _safety_cures_nothing(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, seat: int, safety: AvCard, crosswise: bool) -> AvState:
        car = state.cars[seat]
        after = original(state, seat, safety, crosswise)
        cars = list(after.cars)
        cars[seat] = replace(after.cars[seat], attack=car.attack, limit=car.limit)
        supply = state.supply[:]
        index = TOKENS.index(safety)
        supply = supply[:index] + (supply[index] - 1,) + supply[index + 1 :]
        return replace(after, cars=tuple(cars), supply=supply)

    return mutated


def _cf_no_turn(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, action: Any) -> AvState:
        after = original(state, action)
        if after.phase is AvPhase.OVER or after.phase is AvPhase.TRIM:
            return after
        following = (state.turn + 1) % state.players
        return replace(after, actor=following, turn=following)

    return mutated


def _turn_to_right(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, next_seat: int | None = None) -> AvState:
        after = original(state, next_seat)
        if after.phase is AvPhase.OVER or next_seat is not None:
            return after
        following = (state.turn - 1) % state.players
        return replace(after, actor=following, turn=following)

    return mutated


def _uturn_ends_turn(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, action: Any) -> AvState:
        after = original(state, action)
        return after if after.turn != state.turn else engine._end_turn(replace(after, plays=1))

    return mutated


def _no_uturn_window(original: Callable[..., tuple[int, ...]]) -> Callable[..., tuple[int, ...]]:
    def mutated(state: AvState, mover: int, after: int) -> tuple[int, ...]:
        return ()

    return mutated


def _reshuffle_same_seed(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, seat: int) -> AvState:
        if state.draw_pile:
            return original(state, seat)
        return original(replace(state, reshuffles=state.reshuffles - 1), seat)

    return mutated


def _stuck_from_the_deal(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(state: AvState, next_seat: int | None = None) -> AvState:
        return original(replace(state, reshuffles=max(state.reshuffles, 1)), next_seat)

    return mutated


def _second_seat_starts(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(players: int, **given: Any) -> AvState:
        return replace(original(players, **given), actor=1, turn=1)

    return mutated


def _no_points_for_safeties(original: Callable[..., tuple[int, ...]]) -> Callable[..., Any]:
    def mutated(state: AvState) -> tuple[int, ...]:
        points = original(state)
        return tuple(p - DATA.points["safety"] * len(c.safeties) for p, c in zip(
            points, state.cars, strict=True))  # fmt: skip

    return mutated


MUTANTS: tuple[Mutant, ...] = (
    Mutant("av-any-seat-acts", "a seat other than the one asked may act", ("AV-ACTOR",),
           _row("AV-ACTOR", _always)),
    Mutant("av-play-before-draw", "a card may be played before drawing", ("AV-PLAY-ONE",),
           _row("AV-PLAY-ONE", _always)),
    Mutant("av-draw-any-time", "a card may be drawn after the draw step", ("AV-DRAW",),
           _row("AV-DRAW", _always)),
    Mutant("av-card-not-held", "a card not in the hand may be played", ("AV-CARD-IN-HAND",),
           _row("AV-CARD-IN-HAND", _always)),
    Mutant("av-take-anything", "any card may be taken from the discard pile",
           ("AV-DISCARD-TAKE",), _row("AV-DISCARD-TAKE", _always)),
    Mutant("av-taken-not-played", "a card taken from the discard pile need not be played",
           ("AV-DISCARD-PLAY",), _row("AV-DISCARD-PLAY", _always)),
    Mutant("av-take-unplayable", "a card with no play may be taken from the discard pile",
           ("RUL-AV-DISCARD-PLAYABLE",), _row("RUL-AV-DISCARD-PLAYABLE", _always)),
    Mutant("av-taken-discarded", "a card taken from the discard pile may be discarded",
           ("AV-DISCARD",), _row("AV-DISCARD", _always)),
    Mutant("av-move-while-stopped", "a stopped car may move", ("AV-MOVE-FREE",),
           _row("AV-MOVE-FREE", _always)),
    Mutant("av-three-200s", "any number of 200s", ("AV-MAX-200",), _row("AV-MAX-200", _always)),
    Mutant("av-limit-token-75", "a Limite de Vitesse token lets a 75 through",
           ("AV-LIMIT-TOKEN",), _row("AV-LIMIT-TOKEN", _limit_75)),
    Mutant("av-accel-token-ignored", "the token does not cap the doubled value",
           ("RUL-AV-ACCEL-TOKEN",), _row("RUL-AV-ACCEL-TOKEN", _always)),
    Mutant("av-square-limit-ignored", "a speed-limit square limits nothing",
           ("AV-LIMIT-SQUARE", "BOARD-LIMIT"), _row("AV-LIMIT-SQUARE", _always)),
    Mutant("av-accel-square-ignored", "the doubled value ignores the square's limit",
           ("AV-ACCEL",), _row("AV-ACCEL", _always)),
    Mutant("av-shortcut-anywhere", "a shortcut may be asked for anywhere", ("AV-SHORTCUT",),
           _row("AV-SHORTCUT", _always)),
    Mutant("av-overshoot", "a move may go past the finish", ("AV-MOVE-EXACT",),
           _row("AV-MOVE-EXACT", _always)),
    Mutant("av-passing", "cars pass full squares", ("AV-NO-PASSING",),
           _row("AV-NO-PASSING", _always)),
    Mutant("av-highest-lane", "a car takes the highest free lane", ("RUL-AV-LANE",),
           effect_mutant(engine._landing_lane, _highest_lane)),
    Mutant("av-no-bonus", "bonus squares move nobody", ("AV-BONUS", "BOARD-BONUS"),
           effect_mutant(engine._bonus, _no_bonus)),
    Mutant("av-bonus-under-limit", "a bonus moves a car under a Limite de Vitesse",
           ("AV-BONUS",), effect_mutant(engine._bonus, _bonus_under_limit)),
    Mutant("av-attack-self", "a player may attack his own car", ("AV-ATTACK",),
           _row("AV-ATTACK", _always)),
    Mutant("av-attack-immune", "an attack lands on a car with its safety", ("AV-IMMUNITY",),
           _row("AV-IMMUNITY", _always)),
    Mutant("av-two-attacks", "a second stopping attack may be laid", ("RUL-AV-ONE-ATTACK",),
           _row("RUL-AV-ONE-ATTACK", _always)),
    Mutant("av-no-token-needed", "an attack needs no token in the supply",
           ("RUL-AV-TOKEN-SUPPLY",), _row("RUL-AV-TOKEN-SUPPLY", _always)),
    Mutant("av-any-remedy", "any remedy cures any attack", ("AV-REMEDY", "AV-TOW-TRUCK"),
           _row("AV-REMEDY", _always)),
    Mutant("av-cure-absent", "a remedy may cure an attack that is not there", ("AV-STACK",),
           _row("AV-STACK", _always)),
    Mutant("av-safety-cures-nothing", "a safety leaves its attack standing",
           ("RUL-AV-SAFETY-CURES",), effect_mutant(engine._clip, _safety_cures_nothing)),
    Mutant("av-cf-any-safety", "any safety makes a coup-fourré", ("AV-CF",),
           _row("AV-CF", _always)),
    Mutant("av-cf-out-of-window", "a coup-fourré may be made outside its window",
           ("RUL-AV-CF-WINDOW",), _row("RUL-AV-CF-WINDOW", _always)),
    Mutant("av-cf-no-turn", "after a coup-fourré play goes on at the attacker's left",
           ("AV-CF-TURN",), effect_mutant(engine._coup_fourre, _cf_no_turn)),
    Mutant("av-pass-anywhere", "a pass may be made outside a window", ("AV-PASS",),
           _row("AV-PASS", _always)),
    Mutant("av-end-turn-anytime", "a turn may be ended by choice outside the jeu accéléré",
           ("AV-ACCELERATED",), _row("AV-ACCELERATED", _always)),
    Mutant("av-end-turn-empty", "a jeu accéléré turn may end with no card played",
           ("RUL-AV-ACCELERATED",), _row("RUL-AV-ACCELERATED", _always)),
    Mutant("av-uturn-own", "a player may Demi-tour his own move", ("AV-UTURN",),
           _row("AV-UTURN", _always)),
    Mutant("av-uturn-out-of-window", "a Demi-tour may be played outside its window",
           ("RUL-AV-UTURN-WINDOW",), _row("RUL-AV-UTURN-WINDOW", _always)),
    Mutant("av-no-uturn-window", "nobody is asked after a move", ("RUL-AV-UTURN-WINDOW",),
           effect_mutant(engine._uturn_holders, _no_uturn_window)),
    Mutant("av-uturn-ends-turbo", "a Demi-tour ends the mover's turn even in a Turbo",
           ("RUL-AV-UTURN-COUNTS",), effect_mutant(engine._uturn, _uturn_ends_turn)),
    Mutant("av-reshuffle-same-seed", "every reshuffle uses the same seed",
           ("RUL-AV-RESHUFFLE-SEED",), effect_mutant(engine._draw, _reshuffle_same_seed)),
    Mutant("av-stuck-from-deal", "blocked turns count from the deal", ("RUL-AV-DECLARE",),
           effect_mutant(engine._end_turn, _stuck_from_the_deal)),
    Mutant("av-turn-to-right", "the turn passes to the right", ("AV-TURN-ORDER",),
           effect_mutant(engine._end_turn, _turn_to_right)),
    Mutant("av-second-seat-starts", "seat 1 plays first", ("RUL-AV-FIRST-PLAYER",),
           effect_mutant(engine.new_game, _second_seat_starts)),
    Mutant("av-turbo-one-draw", "a Turbo draws one card and gives one play", ("AV-TURBO",),
           _data(turbo_draws=1)),
    Mutant("av-hand-of-five", "hands hold five cards", ("AV-HAND-SIX", "AV-DEAL"),
           _data(hand_size=5)),
    Mutant("av-full-deck-small", "two and three players keep every attack", ("AV-SMALL-DECK",),
           _data(small_deck_seats=frozenset())),
    Mutant("av-safety-no-points", "safeties score nothing", ("AV-POINTS",),
           effect_mutant(game_points, _no_points_for_safeties)),
)  # fmt: skip

FAMILY = Family(suite.FAMILY.edition, suite.FOLDER, suite.check_case, MUTANTS)


def main() -> int:
    argparse.ArgumentParser(description="List the As du Volant mutants.").parse_args()
    for m in MUTANTS:
        print(f"{m.name:<26} {', '.join(m.breaks):<34} {m.description}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
