"""Mutants for the alternative readings of the text (issue: the spec as a contract).

Each one is an engine an implementer could write from a defensible reading of the
specification before it was made precise: citing one more rule for a wrong-moment
action, the old coup-fourré turn on an empty draw pile, ``turn`` left alone between
rounds, ``extended_by`` as a seat, cleared hazards discarded in the other order, no
extension points for a shut-out team, an empty hand not passed over. The conformance
suite must kill each (tools/conformance_strength.py measures it).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import replace
from typing import Any

from millebornes.families.classic import engine, scoring
from millebornes.families.classic.actions import CoupFourre, Extension
from millebornes.families.classic.cards import CATEGORY, SAFETY_OF, Card, Category
from millebornes.families.classic.state import Phase, State, Tableau, evolve
from millebornes_invariants.mutants import Mutant, effect_mutant, predicate_mutant, row_mutant

PLAYS = ("PLAY_RULES", "DISCARD_RULES")


def _not_in_window(state: State, action: object) -> bool:
    return state.phase is not Phase.COUP_FOURRE


def _matches_if_pending(state: State, action: CoupFourre) -> bool:
    hazard = state.pending_hazard
    return hazard is None or SAFETY_OF[hazard] is action.card


def _by_actor(state: State, action: Any) -> bool:
    return bool(action.seat == state.actor)


def _safety_by_actor(state: State, action: Any) -> bool:
    return CATEGORY[action.card] is not Category.SAFETY or _by_actor(state, action)


def _cf_turn_on_empty_pile(original: Callable[..., State]) -> Callable[..., State]:
    def mutated(state: State, action: CoupFourre) -> State:
        after = original(state, action)
        if not state.draw_pile and after.phase is Phase.PLAY:
            return engine._turn_from(after, action.seat)  # the old reading: the turn is taken
        return after

    return mutated


def _turn_kept_between_rounds(original: Callable[[State], State]) -> Callable[[State], State]:
    def mutated(state: State) -> State:
        after = original(state)
        if after.phase is Phase.ROUND_OVER:
            return evolve(after, turn=state.turn)
        return after

    return mutated


def _extended_by_seat(original: Callable[..., State]) -> Callable[..., State]:
    def mutated(state: State, action: Extension) -> State:
        after = original(state, action)
        if after.extended_by is not None:
            return evolve(after, extended_by=action.seat)
        return after

    return mutated


def _cleared_reversed(original: Callable[..., Any]) -> Callable[..., Any]:
    def mutated(tableau: Tableau, safety: Card, crosswise: bool) -> Any:
        laid, cleared = original(tableau, safety, crosswise)
        return laid, tuple(reversed(cleared))

    return mutated


def _no_extension_for_shutout(state: State, sheet: scoring.RoundScore) -> scoring.RoundScore:
    teams = tuple(
        replace(line, extension=0) if not state.tableaus[line.team].distance else line
        for line in sheet.teams
    )
    return replace(sheet, teams=teams)


def sheet_mutant(change: Callable[[State, scoring.RoundScore], scoring.RoundScore]) -> Any:
    """A mutant that edits every score sheet ``score_round`` returns."""

    def wrap(original: Callable[[State], scoring.RoundScore]) -> Callable[[State], Any]:
        def mutated(state: State) -> scoring.RoundScore:
            return change(state, original(state))

        return mutated

    return effect_mutant(scoring.score_round, wrap)


def _empty_hand_not_passed(original: Callable[[State, int], State]) -> Callable[..., State]:
    def mutated(state: State, seat: int) -> State:
        after = original(state, seat)
        seat %= state.players
        if after.phase is Phase.PLAY and not state.draw_pile and after.actor != seat:
            return evolve(after, actor=seat, turn=seat)  # the empty hand keeps its turn
        return after

    return mutated


def _stack(*patches: Callable[[], Any]) -> Any:
    """Several patches applied together, as one context manager."""
    stack = ExitStack()
    for patch in patches:
        stack.enter_context(patch())
    return stack


READING_MUTANTS: tuple[Mutant, ...] = (
    Mutant("window-cites-cf-window", "a draw, play or discard in a coup-fourré window also "
           "breaks CF-WINDOW", ("CF-WINDOW", "TURN-PRECONDITIONS"),
           lambda: _stack(row_mutant("TURN-DRAW", "CF-WINDOW", _not_in_window, ("DRAW_RULES",)),
                          row_mutant("TURN-PLAY-OR-DISCARD", "CF-WINDOW", _not_in_window,
                                     PLAYS))),
    Mutant("cf-outside-window-one-rule", "a coup-fourré outside a window breaks CF-WINDOW only",
           ("CF-MATCHING-SAFETY",), predicate_mutant("CF-MATCHING-SAFETY", _matches_if_pending)),
    Mutant("memo-not-setup-memo", "a memo card played or discarded breaks CARD-IN-HAND only",
           ("SETUP-MEMO",), predicate_mutant("SETUP-MEMO", lambda state, action: True)),
    Mutant("deal-cites-rotation", "a deal by the wrong seat also breaks MATCH-DEALER-ROTATION",
           ("TURN-ACTOR", "MATCH-DEALER-ROTATION"),
           row_mutant("TURN-ACTOR", "MATCH-DEALER-ROTATION", _by_actor, ("DEAL_RULES",))),
    Mutant("safety-cites-safe-on-turn", "a safety out of turn also breaks SAFE-ON-TURN",
           ("TURN-ACTOR", "SAFE-ON-TURN"),
           row_mutant("TARGET-OWN-TEAM", "SAFE-ON-TURN", _safety_by_actor, ("PLAY_RULES",))),
    Mutant("cf-empty-pile-takes-turn", "a coup-fourré on an empty draw pile still takes the "
           "turn (the ruling before it was re-decided)", ("RUL-CF-EMPTY-PILE",),
           effect_mutant(engine._coup_fourre, _cf_turn_on_empty_pile)),
    Mutant("turn-kept-between-rounds", "turn is left unchanged when a round ends",
           ("STATE-TURN", "MATCH-DEALER-ROTATION"),
           effect_mutant(engine._end_round, _turn_kept_between_rounds)),
    Mutant("extended-by-seat", "extended_by records the seat that called the extension",
           ("STATE-EXTENDED-BY",), effect_mutant(engine._extension, _extended_by_seat)),
    Mutant("cleared-hazards-reversed", "a safety that clears two hazards discards them in the "
           "other order", ("STATE-PILE-ORDER",), effect_mutant(engine._laid, _cleared_reversed)),
    Mutant("no-extension-for-shutout", "a shut-out team does not score a lost extension",
           ("SCORE-EXTENSION",), sheet_mutant(_no_extension_for_shutout)),
    Mutant("empty-hand-keeps-turn", "a seat with no card is not passed over once the draw "
           "pile is empty", ("RUL-EMPTY-DRAW-PILE",),
           effect_mutant(engine._turn_from, _empty_hand_not_passed)),
)  # fmt: skip
