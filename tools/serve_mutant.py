"""Serve a deliberately broken copy of the reference engine over the conformance protocol.

    python tools/serve_mutant.py NAME [--no-load-state]
    python tools/serve_mutant.py --list

NAME is one of the mutants of ``millebornes_invariants.mutants`` or of the extra
ones defined here (end of round, scoring, deal and shuffle, targets, the
coup-fourré's details). The mutant is applied in this process, then the same
serve loop as ``millebornes serve`` answers requests, so the conformance runner
can drive it as an engine: ``--engine "python tools/serve_mutant.py third-200"``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from millebornes.conformance.server import serve
from millebornes.core import shuffle
from millebornes.families.classic import engine, scoring
from millebornes.families.classic.actions import CoupFourre, Deal, Decline
from millebornes.families.classic.cards import Card
from millebornes.families.classic.state import Phase, State, evolve
from millebornes_invariants.mutants import MUTANTS, Mutant, effect_mutant, predicate_mutant

# The tools folder is on the path when this file runs as a script, not when a test
# loads it as a module: put it there for reading_mutants, a sibling.
sys.path.insert(0, str(Path(__file__).resolve().parent))
from reading_mutants import READING_MUTANTS, sheet_mutant

Wrap = Callable[[Callable[..., Any]], Callable[..., Any]]


def _always(state: State, action: object) -> bool:
    return True


def _lines(sheet: scoring.RoundScore, **items: Callable[[scoring.TeamScore], int]) -> Any:
    teams = tuple(
        replace(line, **{name: f(line) for name, f in items.items()}) for line in sheet.teams
    )
    return replace(sheet, teams=teams)


def _no_coup_fourre_points(state: State, sheet: scoring.RoundScore) -> scoring.RoundScore:
    return _lines(sheet, coups_fourres=lambda line: 0)  # type: ignore[no-any-return]


def _flat_shutout(state: State, sheet: scoring.RoundScore) -> scoring.RoundScore:
    points = state.rules.scoring.shutout
    return _lines(sheet, shutout=lambda line: points if line.shutout else 0)  # type: ignore[no-any-return]


def _no_all_safeties(state: State, sheet: scoring.RoundScore) -> scoring.RoundScore:
    return _lines(sheet, all_safeties=lambda line: 0)  # type: ignore[no-any-return]


def _no_delayed_action(state: State, sheet: scoring.RoundScore) -> scoring.RoundScore:
    return _lines(sheet, delayed_action=lambda line: 0)  # type: ignore[no-any-return]


def _no_extension_points(state: State, sheet: scoring.RoundScore) -> scoring.RoundScore:
    return _lines(sheet, extension=lambda line: 0)  # type: ignore[no-any-return]


def _tie_has_winner(original: Callable[[State], int | None]) -> Callable[[State], int | None]:
    def mutated(state: State) -> int | None:
        winner = original(state)
        distances = [tableau.km for tableau in state.tableaus]
        if winner is None and max(distances) > 0 and not state.rules.switch("SW-WIN-REQUIRES-GOAL"):
            return distances.index(max(distances))  # the first of the tied teams
        return winner

    return mutated


def _farthest_wins_anyway(original: Callable[[State], int | None]) -> Callable[[State], int | None]:
    def mutated(state: State) -> int | None:
        winner = original(state)
        distances = [tableau.km for tableau in state.tableaus]
        best = max(distances)
        if winner is None and best > 0 and distances.count(best) == 1:
            return distances.index(best)  # as if SW-WIN-REQUIRES-GOAL were off
        return winner

    return mutated


def _goal_does_not_end(original: Callable[[State], State]) -> Callable[[State], State]:
    def mutated(state: State) -> State:
        at_goal = any(tableau.km == state.goal for tableau in state.tableaus)
        if at_goal and (state.draw_pile or any(state.hands)):
            return engine._turn_from(state, state.turn + 1)
        return original(state)

    return mutated


def _no_dealer_rotation(original: Callable[[State], State]) -> Callable[[State], State]:
    def mutated(state: State) -> State:
        after = original(state)
        if after.phase is Phase.ROUND_OVER:
            return evolve(after, actor=state.dealer, turn=state.dealer)
        return after

    return mutated


def _match_never_ends(original: Callable[[State], State]) -> Callable[[State], State]:
    def mutated(state: State) -> State:
        after = original(state)
        if after.phase is Phase.MATCH_OVER:
            dealer = (state.dealer + 1) % state.players
            return evolve(after, phase=Phase.ROUND_OVER, actor=dealer, turn=dealer)
        return after

    return mutated


def _decline_skips_next(original: Callable[[State, Decline], State]) -> Callable[..., State]:
    def mutated(state: State, action: Decline) -> State:
        original(state, action)
        return engine._turn_from(evolve(state, pending_hazard=None), action.seat)

    return mutated


def _extra_turn_on_empty_pile(original: Callable[..., State]) -> Callable[..., State]:
    def mutated(state: State, hands: Any, seat: int, safety: Card) -> State:
        after = original(state, hands, seat, safety)
        if not state.draw_pile and after.hands[seat] and after.phase is Phase.PLAY:
            return evolve(after, actor=seat, turn=seat)
        return after

    return mutated


def _no_replacement(original: Callable[[State, CoupFourre], State]) -> Callable[..., State]:
    def mutated(state: State, action: CoupFourre) -> State:
        after = original(state, action)
        if not state.draw_pile:
            return after
        drawn = state.draw_pile[0]  # put the replacement card back on the draw pile
        hand = list(after.hands[action.seat])
        hand.remove(drawn)
        hands = after.hands[: action.seat] + (tuple(hand),) + after.hands[action.seat + 1 :]
        return evolve(after, hands=hands, draw_pile=(drawn, *after.draw_pile))

    return mutated


def _first_player_is_dealer(original: Callable[[State, Deal], State]) -> Callable[..., State]:
    def mutated(state: State, action: Deal) -> State:
        after = original(state, action)
        return evolve(after, actor=action.seat, turn=action.seat)

    return mutated


def _deal_in_blocks(original: Callable[[State, Deal], State]) -> Callable[..., State]:
    def mutated(state: State, action: Deal) -> State:
        after = original(state, action)
        n, size = state.players, state.rules.hand_size
        hands: list[tuple[Card, ...]] = [()] * n
        for k in range(n):
            seat = (action.seat + 1 + k) % n
            hands[seat] = tuple(sorted(action.deck[k * size : (k + 1) * size]))
        return evolve(after, hands=tuple(hands))

    return mutated


def _forward_shuffle(original: Callable[..., Any]) -> Callable[..., Any]:
    def mutated(items: Any, seed: int) -> tuple[Any, ...]:
        rng = shuffle.SplitMix64(seed)
        cards = list(items)
        for i in range(len(cards) - 1):  # first position first: not Durstenfeld's order
            j = i + rng.below(len(cards) - i)
            cards[i], cards[j] = cards[j], cards[i]
        return tuple(cards)

    return mutated


def _distance_never_exhausted(original: Callable[[State], bool]) -> Callable[[State], bool]:
    def mutated(state: State) -> bool:
        return True

    return mutated


EXTRA_MUTANTS: tuple[Mutant, ...] = (
    Mutant("decline-skips-next", "after a declined coup-fourré the defender plays next",
           ("CF-DECLINE",), effect_mutant(engine._decline, _decline_skips_next)),
    Mutant("first-player-is-dealer", "the dealer plays first", ("SETUP-FIRST-PLAYER",),
           effect_mutant(engine._deal, _first_player_is_dealer)),
    Mutant("deal-in-blocks", "each player gets six consecutive cards of the deck",
           ("SETUP-DEAL",), effect_mutant(engine._deal, _deal_in_blocks)),
    Mutant("shuffle-forward", "Fisher-Yates from the first position", ("SHUFFLE-ALGORITHM",),
           effect_mutant(shuffle.shuffled, _forward_shuffle)),
    Mutant("hazard-on-own-team", "a hazard may be laid on one's own team", ("TARGET-OPPONENT",),
           predicate_mutant("TARGET-OPPONENT", _always)),
    Mutant("distance-on-opponent", "distance may be laid on another team", ("TARGET-OWN-TEAM",),
           predicate_mutant("TARGET-OWN-TEAM", _always)),
    Mutant("extra-turn-on-empty-pile", "a safety gives another turn after the draw pile ran out",
           ("RUL-EXTRA-TURN-EMPTY-PILE",),
           effect_mutant(engine._lay_safety_on_turn, _extra_turn_on_empty_pile)),
    Mutant("coup-fourre-no-replacement", "no card is drawn to replace the coup-fourré's safety",
           ("CF-REPLACEMENT",), effect_mutant(engine._coup_fourre, _no_replacement)),
    Mutant("goal-does-not-end-round", "play goes on after a team reaches the goal",
           ("END-GOAL",), effect_mutant(engine._end_round, _goal_does_not_end)),
    Mutant("tie-has-winner", "the first of the teams tied for the farthest wins the round",
           ("RUL-FARTHEST-TIE",), effect_mutant(scoring.round_winner, _tie_has_winner)),
    Mutant("farthest-wins-without-goal", "the farthest team wins even where the goal is required",
           ("END-WINNER-AT-GOAL",), effect_mutant(scoring.round_winner, _farthest_wins_anyway)),
    Mutant("distance-never-exhausted", "the round never ends for want of distance cards",
           ("END-DISTANCE-EXHAUSTED",),
           effect_mutant(engine._distance_left, _distance_never_exhausted)),
    Mutant("no-dealer-rotation", "the same seat deals every round", ("MATCH-DEALER-ROTATION",),
           effect_mutant(engine._end_round, _no_dealer_rotation)),
    Mutant("match-never-ends", "the match goes on past the target", ("MATCH-TARGET",),
           effect_mutant(engine._end_round, _match_never_ends)),
    Mutant("coup-fourre-not-scored", "a coup-fourré scores nothing more than a safety",
           ("SCORE-COUP-FOURRE",), sheet_mutant(_no_coup_fourre_points)),
    Mutant("shutout-flat", "a shutout pays 500 whatever the number of teams shut out",
           ("RUL-SHUTOUT-TEAM",), sheet_mutant(_flat_shutout)),
    Mutant("no-all-safeties-bonus", "the bonus for all four safeties is not scored",
           ("SCORE-ALL-SAFETIES",), sheet_mutant(_no_all_safeties)),
    Mutant("no-delayed-action-bonus", "the goal reached after the draw pile ran out scores nothing",
           ("SCORE-DELAYED-ACTION",), sheet_mutant(_no_delayed_action)),
    Mutant("extension-not-scored", "the extension scores nothing", ("SCORE-EXTENSION",),
           sheet_mutant(_no_extension_points)),
)  # fmt: skip

ALL_MUTANTS: tuple[Mutant, ...] = MUTANTS + EXTRA_MUTANTS + READING_MUTANTS
BY_NAME = {m.name: m for m in ALL_MUTANTS}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("name", nargs="?", choices=sorted(BY_NAME), metavar="NAME")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--no-load-state", action="store_true")
    args = parser.parse_args(argv)
    if args.list or args.name is None:
        for m in ALL_MUTANTS:
            print(f"{m.name:<28} {', '.join(m.breaks):<28} {m.description}")
        return 0
    with BY_NAME[args.name].patch():
        return serve(load_state=not args.no_load_state)


if __name__ == "__main__":
    sys.exit(main())
