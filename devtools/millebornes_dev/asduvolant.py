"""The As du Volant mutants: each an As du Volant family object with one table row or one
transition replaced.

As for Fun & Speed (:mod:`.funspeed`): the "this row always holds" mutants are generated;
a rule implemented by a helper of several transitions or by a figure of the family's data
(the landing lane, the bonus squares, the Demi-tour window, the reshuffle, the end of a
turn, the Turbo, the hand, the small deck) is broken by wrapping each transition that
ends in it, or the family's ``deal``; the points of a finished game are the family
object's ``points``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import shuffled
from millebornes.core.tuples import with_item
from millebornes.families.asduvolant import engine
from millebornes.families.asduvolant.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    EndTurn,
    Move,
    Pass,
    Remedy,
    Safety,
    Turbo,
    UTurn,
)
from millebornes.families.asduvolant.cards import DATA, KM, SAFETY_OF, TOKENS, AvCard
from millebornes.families.asduvolant.family import AS_DU_VOLANT
from millebornes.families.asduvolant.rules import route
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes_dev.harness import (
    Build,
    Mutant,
    Transition,
    after,
    always_holds,
    predicate,
    wrap,
    wrapped_field,
)

FAMILY = AS_DU_VOLANT.name

NAMED: dict[str, tuple[str, str]] = {
    "AV-ACTOR": ("av-any-seat-acts", "a seat other than the one asked may act"),
    "AV-PLAY-ONE": ("av-play-before-draw", "a card may be played before drawing"),
    "AV-DRAW": ("av-draw-any-time", "a card may be drawn after the draw step"),
    "AV-CARD-IN-HAND": ("av-card-not-held", "a card not in the hand may be played"),
    "AV-DISCARD-TAKE": ("av-take-anything", "any card may be taken from the discard pile"),
    "AV-DISCARD-PLAY": ("av-taken-not-played",
                        "a card taken from the discard pile need not be played"),
    "RUL-AV-DISCARD-PLAYABLE": ("av-take-unplayable",
                                "a card with no play may be taken from the discard pile"),
    "RUL-AV-DISCARD": ("av-discard-by-choice",
                       "a card may be discarded though one could be played (000's « ne veut »)"),
    "AV-MOVE-FREE": ("av-move-while-stopped", "a stopped car may move"),
    "AV-MAX-200": ("av-three-200s", "any number of 200s"),
    "RUL-AV-ACCEL-TOKEN": ("av-accel-token-ignored", "the token does not cap the doubled value"),
    "AV-LIMIT-SQUARE": ("av-square-limit-ignored", "a speed-limit square limits nothing"),
    "AV-ACCEL": ("av-accel-square-ignored", "the doubled value ignores the square's limit"),
    "AV-SHORTCUT": ("av-shortcut-anywhere", "a shortcut may be asked for anywhere"),
    "AV-MOVE-EXACT": ("av-overshoot", "a move may go past the finish"),
    "AV-NO-PASSING": ("av-passing", "cars pass full squares"),
    "AV-ATTACK": ("av-attack-self", "a player may attack his own car"),
    "AV-IMMUNITY": ("av-attack-immune", "an attack lands on a car with its safety"),
    "RUL-AV-ONE-ATTACK": ("av-two-attacks", "a second stopping attack may be laid"),
    "RUL-AV-TOKEN-SUPPLY": ("av-no-token-needed", "an attack needs no token in the supply"),
    "AV-REMEDY": ("av-any-remedy", "any remedy cures any attack"),
    "AV-STACK": ("av-cure-absent", "a remedy may cure an attack that is not there"),
    "AV-CF": ("av-cf-any-safety", "any safety makes a coup-fourré"),
    "RUL-AV-CF-WINDOW": ("av-cf-out-of-window", "a coup-fourré may be made outside its window"),
    "AV-PASS": ("av-pass-anywhere", "a pass may be made outside a window"),
    "AV-ACCELERATED": ("av-end-turn-anytime",
                       "a turn may be ended by choice outside the jeu accéléré"),
    "RUL-AV-ACCELERATED": ("av-end-turn-empty",
                           "a jeu accéléré turn may end with no card played"),
    "AV-UTURN": ("av-uturn-own", "a player may Demi-tour his own move"),
    "RUL-AV-UTURN-WINDOW": ("av-uturn-out-of-window",
                            "a Demi-tour may be played outside its window"),
}  # fmt: skip
"""The names the suites knew some "always holds" mutants by."""

GENERATED: tuple[Mutant, ...] = tuple(always_holds(AS_DU_VOLANT, NAMED))


def _on(kinds: tuple[type, ...], change: Callable[[AvState, Any, AvState], AvState]) -> Build:
    return wrap(kinds, after(change))


def _set_car(state: AvState, seat: int, **fields: Any) -> AvState:
    return replace(state, cars=with_item(state.cars, seat, replace(state.cars[seat], **fields)))


def _limit_75(state: AvState, action: Move) -> bool:
    return not state.cars[action.seat].limit or KM[action.card] <= 75


def _highest_lane(state: AvState, action: Move, nxt: AvState) -> AvState:
    seat, square = action.seat, nxt.cars[action.seat].square
    taken = nxt.occupied(square, but=seat)
    lane = max(lane for lane in range(nxt.lanes(square)) if lane not in taken)
    return _set_car(nxt, seat, lane=lane)


def _no_bonus(state: AvState, action: Move, nxt: AvState) -> AvState:
    path = route(state, action)
    if path is None or nxt.cars[action.seat].square == path[-1]:
        return nxt
    if nxt.phase is AvPhase.OVER and state.cars[action.seat].square != path[-1]:
        # the bonus took the car to the finish: without it, the play is over and play goes on
        going = replace(nxt, phase=AvPhase.PLAY, actor=state.turn, winners=())
        landed = _set_car(going, action.seat, square=path[-1])
        landed = _set_car(
            landed, action.seat, lane=engine._landing_lane(landed, action.seat, path[-1])
        )
        return engine._played(landed)
    landed = _set_car(nxt, action.seat, square=path[-1])
    return _set_car(landed, action.seat, lane=engine._landing_lane(landed, action.seat, path[-1]))


def _bonus_under_limit(state: AvState, action: Move, nxt: AvState) -> AvState:
    car = nxt.cars[action.seat]
    if not car.limit or nxt.phase is AvPhase.OVER:
        return nxt
    if car.square == state.cars[action.seat].square:
        return nxt  # the move was cancelled or never made
    free = engine._bonus(_set_car(nxt, action.seat, limit=False), action.seat)
    return _set_car(free, action.seat, limit=True)


def _safety_cures_nothing(state: AvState, action: Safety | CoupFourre, nxt: AvState) -> AvState:
    before = state.cars[action.seat]
    standing = (before.attack, AvCard.SPEED_LIMIT if before.limit else None)
    cured = [a for a in standing if a is not None and SAFETY_OF[a] is action.card]
    if not cured:
        return nxt
    supply = list(nxt.supply)
    for attack in cured:
        supply[TOKENS.index(attack)] -= 1  # its token stays on the car
    kept = _set_car(nxt, action.seat, attack=before.attack, limit=before.limit)
    return replace(kept, supply=tuple(supply))


def _cf_no_turn(state: AvState, action: CoupFourre, nxt: AvState) -> AvState:
    if nxt.phase is AvPhase.OVER or nxt.phase is AvPhase.TRIM:
        return nxt
    following = (state.turn + 1) % state.players
    return replace(nxt, actor=following, turn=following)


def _turn_to_right(original: Transition) -> Transition:
    def mutated(state: AvState, action: Any) -> AvState:
        nxt: AvState = original(state, action)
        n = state.players
        given_seat = isinstance(action, CoupFourre) or (
            isinstance(action, Discard) and state.phase is AvPhase.TRIM
        )
        passed = nxt.turn != state.turn and nxt.turn == (state.turn + 1) % n
        if given_seat or nxt.phase is AvPhase.OVER or not passed:
            return nxt
        following = (state.turn - 1) % n
        return replace(nxt, actor=following, turn=following)

    return mutated


def _uturn_keeps_turbo(original: Transition) -> Transition:
    def mutated(state: AvState, action: UTurn) -> AvState:
        if state.plays <= 1 or state.accelerated:
            return original(state, action)  # type: ignore[no-any-return]  # readings agree
        # The reading RUL-AV-UTURN-COUNTS rejects: the mover keeps the Turbo's play left.
        mover, origin, card = state.mover, state.origin, state.moved
        assert mover is not None and origin is not None and card is not None
        car = state.cars[mover]
        back = replace(
            car,
            square=origin[0],
            lane=origin[1],
            laid_100=car.laid_100 - (card is AvCard.D100),
            laid_200=car.laid_200 - (card is AvCard.D200),
            laid_distance=car.laid_distance - 1,
        )
        after = engine._lay(engine._set_car(state, mover, back), action.seat, AvCard.U_TURN)
        after = engine._draw(replace(after, played=state.played), action.seat)
        return engine._played(replace(after, mover=None, origin=None, moved=None))

    return mutated


def _no_uturn_window(state: AvState, action: Move, nxt: AvState) -> AvState:
    if nxt.phase is not AvPhase.U_TURN:
        return nxt
    return engine._move_stands(replace(nxt, phase=AvPhase.PLAY, actor=state.turn), action.seat)


def _reshuffle_count_kept(state: AvState, action: Any, nxt: AvState) -> AvState:
    if nxt.reshuffles > state.reshuffles:  # the next reshuffle uses this one's seed again
        return replace(nxt, reshuffles=state.reshuffles)
    return nxt


def _stuck_after_reshuffle(original: Transition) -> Transition:
    def mutated(state: AvState, action: Any) -> AvState:
        nxt: AvState = original(state, action)
        ended = nxt.turn != state.turn or nxt.phase is AvPhase.OVER
        if not ended or state.reshuffles:
            return nxt  # the turn goes on, or the pile has run out: the readings agree
        # The reading RUL-AV-DECLARE rejects: no turn is blocked before the first reshuffle.
        return original(replace(state, forced=False), action)  # type: ignore[no-any-return]

    return mutated


def _turbo_draws_one(original: Transition) -> Transition:
    def mutated(state: AvState, action: Turbo) -> AvState:
        laid = engine._draw(engine._lay(state, action.seat, AvCard.TURBO), action.seat)
        extra = 0 if state.accelerated else 1
        return engine._played(replace(laid, plays=laid.plays + extra))

    return mutated


def _second_seat_starts(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(players: int, **given: Any) -> AvState:
        return replace(original(players, **given), actor=1, turn=1)

    return mutated


def _hand_of_five(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(players: int, **given: Any) -> AvState:
        state = original(players, **given)
        deck = given.get("deck")
        if deck is None:
            deck = shuffled(DATA.deck(players), given["seed"])
        dealt = players * 5
        hands = tuple(tuple(sorted(deck[seat:dealt:players])) for seat in range(players))
        return replace(state, hands=hands, draw_pile=tuple(deck[dealt:]))

    return mutated


def _small_deck_compulsory(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(players: int, **given: Any) -> AvState:
        options = tuple(given.get("options") or ())
        if players not in DATA.option_seats["small_deck"] or "small_deck" in options:
            return original(players, **given)
        if given.get("deck") is not None:  # the whole box is not a 2- or 3-player deck
            raise MalformedInput("deck: not the cards of a game without one of each attack")
        small = original(players, **{**given, "options": (*options, "small_deck")})
        return replace(small, options=frozenset(options))

    return mutated


def _small_deck_ignored(original: Callable[..., AvState]) -> Callable[..., AvState]:
    def mutated(players: int, **given: Any) -> AvState:
        options = tuple(given.get("options") or ())
        if "small_deck" not in options:
            return original(players, **given)
        if given.get("deck") is not None:  # the option's deck lacks five attacks
            raise MalformedInput("deck: not the cards of the whole box")
        whole = original(players, **{**given, "options": tuple(o for o in options
                                                                if o != "small_deck")})  # fmt: skip
        return replace(whole, options=frozenset(options))

    return mutated


def _no_points_for_safeties(original: Callable[..., tuple[int, ...]]) -> Callable[..., Any]:
    def mutated(state: AvState) -> tuple[int, ...]:
        points = original(state)
        return tuple(p - DATA.points["safety"] * len(c.safeties) for p, c in zip(
            points, state.cars, strict=True))  # fmt: skip

    return mutated


ALL_BUT_DRAWS = (Move, Attack, Remedy, Safety, Turbo, Discard, EndTurn, CoupFourre, UTurn, Pass)
EVERY_KIND = (DrawPile, DrawDiscard, *ALL_BUT_DRAWS)

SPECS: tuple[tuple[str, str, tuple[str, ...], Build], ...] = (
    ("av-limit-token-75", "a Limite de Vitesse token lets a 75 through", ("AV-LIMIT-TOKEN",),
     predicate("AV-LIMIT-TOKEN", _limit_75)),
    ("av-highest-lane", "a car takes the highest free lane (the move transition)",
     ("RUL-AV-LANE",), _on((Move,), _highest_lane)),
    ("av-no-bonus", "bonus squares move nobody (the move transition)",
     ("AV-BONUS", "BOARD-BONUS"), _on((Move,), _no_bonus)),
    ("av-bonus-under-limit", "a bonus moves a car under a Limite de Vitesse (the move "
     "transition)", ("AV-BONUS",), _on((Move,), _bonus_under_limit)),
    ("av-safety-cures-nothing", "a safety leaves its attack standing (the safety and "
     "coup-fourré transitions)", ("RUL-AV-SAFETY-CURES",),
     _on((Safety, CoupFourre), _safety_cures_nothing)),
    ("av-cf-no-turn", "after a coup-fourré play goes on at the attacker's left", ("AV-CF-TURN",),
     _on((CoupFourre,), _cf_no_turn)),
    ("av-no-uturn-window", "nobody is asked after a move (the move transition)",
     ("RUL-AV-UTURN-WINDOW",), _on((Move,), _no_uturn_window)),
    ("av-uturn-keeps-turbo", "after a Demi-tour the mover keeps a Turbo's play left (the "
     "old reading)", ("RUL-AV-UTURN-COUNTS", "AV-UTURN"), wrap((UTurn,), _uturn_keeps_turbo)),
    ("av-reshuffle-same-seed", "every reshuffle uses the same seed: the count of reshuffles "
     "never moves (every transition that draws)", ("RUL-AV-RESHUFFLE-SEED",),
     _on(EVERY_KIND, _reshuffle_count_kept)),
    ("av-stuck-after-reshuffle", "blocked turns count only once the draw pile has run out "
     "(the old reading; every transition that ends a turn)", ("RUL-AV-DECLARE",),
     wrap(ALL_BUT_DRAWS, _stuck_after_reshuffle)),
    ("av-turn-to-right", "the turn passes to the right (every transition that ends a turn)",
     ("AV-TURN-ORDER",), wrap(EVERY_KIND, _turn_to_right)),
    ("av-second-seat-starts", "seat 1 plays first", ("RUL-AV-FIRST-PLAYER",),
     wrapped_field("deal", _second_seat_starts)),
    ("av-turbo-one-draw", "a Turbo draws one card and gives one play", ("AV-TURBO",),
     wrap((Turbo,), _turbo_draws_one)),
    ("av-hand-of-five", "hands are dealt five cards (the deal)", ("AV-HAND-SIX", "AV-DEAL"),
     wrapped_field("deal", _hand_of_five)),
    ("av-small-deck-compulsory", "two and three players always drop one of each attack (the "
     "old reading): the deal refuses the whole box", ("RUL-AV-SMALL-DECK",),
     wrapped_field("deal", _small_deck_compulsory)),
    ("av-small-deck-ignored", "the option small_deck drops nothing: the deal refuses the "
     "small deck", ("AV-SMALL-DECK",), wrapped_field("deal", _small_deck_ignored)),
    ("av-safety-no-points", "safeties score nothing (the family's points)", ("AV-POINTS",),
     wrapped_field("points", _no_points_for_safeties)),
)  # fmt: skip
WRITTEN: tuple[Mutant, ...] = tuple(
    Mutant(name, description, breaks, FAMILY, build) for name, description, breaks, build in SPECS
)

MUTANTS: tuple[Mutant, ...] = GENERATED + WRITTEN
BY_NAME: dict[str, Mutant] = {m.name: m for m in MUTANTS}
