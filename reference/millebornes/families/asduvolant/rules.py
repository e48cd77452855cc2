"""As du Volant preconditions as data: for each action kind, an ordered table of
(rule ID, predicate), read by ``violations`` and ``legal_actions`` alike.

A predicate returns True when the action respects its rule; every predicate is
total, so a refusal names every rule the action breaks, in table order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, TypeVar

from millebornes.core.preconditions import beyond_head, less, respects
from millebornes.core.tuples import sorted_with, with_item
from millebornes.families.asduvolant.actions import (
    SHARED_ATTACKS_ON_OPPONENTS,
    SHARED_MOVES,
    SHARED_REMEDIES,
    SHARED_SAFETIES,
    SHARED_TURBOS,
    Attack,
    AvAction,
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
from millebornes.families.asduvolant.cards import (
    ATTACKS,
    DATA,
    DISTANCES,
    IS_LIMIT,
    KIND,
    KM,
    SAFETY_OF,
    SQUARE_KM,
    TOKEN_INDEX,
    AvCard,
    Kind,
    cures,
)
from millebornes.families.asduvolant.state import WINDOWS, AvPhase, AvState, evolve

A = TypeVar("A")
Rule = tuple[str, Callable[[AvState, A], bool]]

# The phases the most asked rows compare with, as module constants: reading a member off
# its Enum class costs about 90 ns in CPython 3.11, a module constant about 20, and these
# rows are asked of nearly every candidate.
_DRAW, _PLAY, _TRIM = AvPhase.DRAW, AvPhase.PLAY, AvPhase.TRIM
_D200 = AvCard.D200


# --- who acts, when, with what -------------------------------------------------------------


def _is_actor(state: AvState, action: AvAction) -> bool:
    # AV-ACTOR: only the seat the state names may act, in turn or in a window.
    return action.seat == state.actor


def _drawing(state: AvState, action: AvAction) -> bool:
    # AV-DRAW: a turn starts with the draw, and only then (never in the jeu accéléré).
    return state.phase is _DRAW


def _playing(state: AvState, action: AvAction) -> bool:
    # AV-PLAY-ONE: cards are played after the draw (again after a Turbo, AV-TURBO).
    return state.phase is _PLAY


def _card_in_hand(
    state: AvState, action: Move | Attack | Remedy | Safety | Discard | CoupFourre
) -> bool:
    # AV-CARD-IN-HAND; an accelerated move also needs the Accélération (AV-ACCEL).
    hand = state.hands[action.seat]
    if isinstance(action, Move) and action.accelerated and AvCard.ACCELERATION not in hand:
        return False
    return action.card in hand


def _holds(card: AvCard) -> Callable[[AvState, AvAction], bool]:
    """AV-CARD-IN-HAND for an action whose card is fixed by its kind."""

    def holds(state: AvState, action: AvAction) -> bool:
        return card in state.hands[action.seat]

    return holds


def uses(action: AvAction) -> tuple[AvCard, ...]:
    """The cards a play lays (what AV-DISCARD-PLAY compares with the card taken)."""
    match action:
        case Move():
            return (action.card, AvCard.ACCELERATION) if action.accelerated else (action.card,)
        case Attack() | Remedy() | Safety():
            return (action.card,)
        case Turbo():
            return (AvCard.TURBO,)
        case _:
            return ()


def _uses_taken(state: AvState, action: AvAction) -> bool:
    # AV-DISCARD-PLAY: the play after taking from the discard pile lays that card.
    return state.taken is None or state.taken in uses(action)


# --- drawing -------------------------------------------------------------------------------


def _may_take(state: AvState, action: DrawDiscard) -> bool:
    # AV-DISCARD-TAKE: a top card exists and is not a distance card, Dépanneuse or Demi-tour.
    return bool(state.discard_pile) and state.discard_pile[-1] not in DATA.not_from_discard


def plays_of(state: AvState, seat: int, card: AvCard) -> list[AvAction]:
    """Every play that lays ``card`` from ``seat``'s hand, legal or not: what a card taken
    from the discard pile could become. As in ``legal_actions``, an attack goes to an
    opponent (AV-ATTACK), a remedy cures an attack standing on the car (AV-STACK), and the
    Accélération doubles a distance card of the hand (AV-CARD-IN-HAND): no other is ever
    legal."""
    kind = KIND[card]
    if kind is Kind.ATTACK:
        return list(SHARED_ATTACKS_ON_OPPONENTS[state.players][seat][card])
    if kind is Kind.REMEDY:
        remedies = SHARED_REMEDIES[seat][card]
        return [remedies[attack] for attack in ATTACKS if _stands(state, remedies[attack])]
    if kind is Kind.SAFETY:
        return [SHARED_SAFETIES[seat][card]]
    if card is AvCard.TURBO:
        return [SHARED_TURBOS[seat]]
    if card is AvCard.ACCELERATION:
        hand = state.hands[seat]
        return [m for d in DISTANCES if d in hand for m in SHARED_MOVES[seat][d] if m.accelerated]
    return []


class _LastAnswer:
    """A question's answer for the last (state, seat) it was asked about: legal_actions asks
    it for the candidates of one state, and apply asks it again for the action chosen there,
    so one entry saves the repeated work. The state is kept alive with its answer, so its
    identity cannot be another state's; the entry is one tuple, replaced and read whole, so
    threads sharing the engine never read one state's answer for another."""

    __slots__ = ("entry",)

    def __init__(self) -> None:
        self.entry: tuple[AvState | None, int, bool] = (None, -1, False)

    def known(self, state: AvState, seat: int) -> bool | None:
        """The answer kept for (``state``, ``seat``), or None."""
        kept_state, kept_seat, answer = self.entry
        return answer if kept_state is state and kept_seat == seat else None

    def keep(self, state: AvState, seat: int, answer: bool) -> bool:
        self.entry = (state, seat, answer)
        return answer


_TAKEN_PLAYABLE = _LastAnswer()


def _playable_once_taken(state: AvState, action: DrawDiscard) -> bool:
    # RUL-AV-DISCARD-PLAYABLE: a legal play of the card taken exists right after taking it.
    if not state.discard_pile:
        return False
    seat = action.seat
    known = _TAKEN_PLAYABLE.known(state, seat)
    if known is not None:
        return known
    return _TAKEN_PLAYABLE.keep(state, seat, _playable_after_taking(state, seat))


def _playable_after_taking(state: AvState, seat: int) -> bool:
    card = state.discard_pile[-1]
    taken = evolve(
        state,
        hands=with_item(state.hands, seat, sorted_with(state.hands[seat], card)),
        discard_pile=state.discard_pile[:-1],
        phase=AvPhase.PLAY,
        actor=seat,
        taken=card,
    )
    # The taken card is in the hand and the plays are the actor's at the play step: the head
    # of their tables holds (an Accélération's moves are of distance cards of the hand); each
    # lays the card taken, so AV-DISCARD-PLAY holds too (TAKEN_REST).
    return any(
        respects(TAKEN_REST[type(play)], taken, play) for play in plays_of(taken, seat, card)
    )


DRAW_PILE_RULES: tuple[Rule[DrawPile], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-DRAW", _drawing),
)
DRAW_DISCARD_RULES: tuple[Rule[DrawDiscard], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-DRAW", _drawing),
    ("AV-DISCARD-TAKE", _may_take),
    ("RUL-AV-DISCARD-PLAYABLE", _playable_once_taken),
)


# --- moving --------------------------------------------------------------------------------


def steps(action: Move) -> int:
    """AV-MOVE-EXACT, AV-ACCEL: the squares a move covers (25 km each, doubled)."""
    return (KM[action.card] << action.accelerated) // SQUARE_KM


_LAST_ROUTE: list[tuple[Any, Any, tuple[int, ...] | None]] = [(None, None, None)]
"""The last (state, move, route) ``route`` found, one tuple replaced and read whole (as
``_LastAnswer``): AV-MOVE-EXACT and AV-NO-PASSING ask it of the same move in turn, and the
transition asks again for the move applied."""


def route(state: AvState, action: Move) -> tuple[int, ...] | None:
    """The squares the move visits, or None when the track does not allow it exactly."""
    kept_state, kept_move, found = _LAST_ROUTE[0]
    if kept_state is state and kept_move is action:  # both kept alive, never another's
        return found
    car = state.cars[action.seat]
    entry = state.board.squares[car.square].shortcut is not None
    found = state.board.route(car.square, steps(action), action.shortcut and entry, state.goal)
    _LAST_ROUTE[0] = (state, action, found)
    return found


def clear(state: AvState, seat: int, path: tuple[int, ...]) -> bool:
    """AV-NO-PASSING: no full square on the way, a free lane at the end (BOARD-LANES)."""
    # Only a square another car stands on can be full (every square has a lane in use,
    # BOARD-FILE), so the other cars are looked at rather than every square of the path.
    cars = state.cars
    for s, car in enumerate(cars):  # loops, not lists and all(...): asked of every move
        if s != seat and car.square in path:
            square, full = car.square, 0
            for t, other in enumerate(cars):
                if t != seat and other.square == square:
                    full += 1
            if full >= state.lanes(square):
                return False
    return True


def _free_to_move(state: AvState, action: Move) -> bool:
    # AV-MOVE-FREE, AV-NO-ROLL: no stopping attack; nothing else is needed to start.
    return state.cars[action.seat].attack is None


def _two_200s(state: AvState, action: Move) -> bool:
    # AV-MAX-200
    return action.card is not _D200 or state.cars[action.seat].laid_200 < DATA.max_200


def _under_token(state: AvState, action: Move) -> bool:
    # AV-LIMIT-TOKEN: the card's value under a Limite de Vitesse token.
    return not state.cars[action.seat].limit or KM[action.card] <= DATA.limit_token_km


def _accelerated_under_token(state: AvState, action: Move) -> bool:
    # RUL-AV-ACCEL-TOKEN: the doubled value under the token too. (The move not doubled is
    # tested first: it is nearly every move asked, and holds.)
    if not action.accelerated:
        return True
    return not state.cars[action.seat].limit or KM[action.card] << 1 <= DATA.limit_token_km


def _within_square(state: AvState, action: Move) -> bool:
    # AV-LIMIT-SQUARE: the card's value on a speed-limit square (Véhicule Prioritaire or not;
    # BOARD-LIMIT: the limit of the square the car stands on).
    limit = state.board.squares[state.cars[action.seat].square].limit
    return limit is None or KM[action.card] <= limit


def _accelerated_within_square(state: AvState, action: Move) -> bool:
    # AV-ACCEL: the doubled value on a speed-limit square (the move not doubled first, as
    # RUL-AV-ACCEL-TOKEN).
    if not action.accelerated:
        return True
    limit = state.board.squares[state.cars[action.seat].square].limit
    return limit is None or KM[action.card] << 1 <= limit


def _from_entry(state: AvState, action: Move) -> bool:
    # AV-SHORTCUT: a shortcut is taken only from its entry square.
    square = state.board.squares[state.cars[action.seat].square]
    return not action.shortcut or square.shortcut is not None


def _exact(state: AvState, action: Move) -> bool:
    # AV-MOVE-EXACT, RUL-AV-700: the whole move exists on the track, finish included.
    return route(state, action) is not None


def _not_blocked(state: AvState, action: Move) -> bool:
    # AV-NO-PASSING
    path = route(state, action)
    return path is None or clear(state, action.seat, path)


MOVE_RULES: tuple[Rule[Move], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-PLAY-ONE", _playing),
    ("AV-CARD-IN-HAND", _card_in_hand),
    ("AV-DISCARD-PLAY", _uses_taken),
    ("AV-MOVE-FREE", _free_to_move),
    ("AV-MAX-200", _two_200s),
    ("AV-LIMIT-TOKEN", _under_token),
    ("RUL-AV-ACCEL-TOKEN", _accelerated_under_token),
    ("AV-LIMIT-SQUARE", _within_square),
    ("AV-ACCEL", _accelerated_within_square),
    ("AV-SHORTCUT", _from_entry),
    ("AV-MOVE-EXACT", _exact),
    ("AV-NO-PASSING", _not_blocked),
)


# --- attacks, remedies, safeties -------------------------------------------------------------


def _opponent(state: AvState, action: Attack) -> bool:
    # AV-ATTACK: against an opponent's car, never one's own.
    return action.target != action.seat


def _not_immune(state: AvState, action: Attack) -> bool:
    # AV-IMMUNITY
    return SAFETY_OF[action.card] not in state.cars[action.target].safeties


def _room(state: AvState, action: Attack) -> bool:
    # RUL-AV-ONE-ATTACK; AV-STACK: a stopping attack and a Limite de Vitesse mix either way.
    car = state.cars[action.target]
    return not car.limit if IS_LIMIT[action.card] else car.attack is None


def _token_left(state: AvState, action: Attack) -> bool:
    # RUL-AV-TOKEN-SUPPLY
    return state.supply[TOKEN_INDEX[action.card]] > 0


ATTACK_RULES: tuple[Rule[Attack], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-PLAY-ONE", _playing),
    ("AV-CARD-IN-HAND", _card_in_hand),
    ("AV-DISCARD-PLAY", _uses_taken),
    ("AV-ATTACK", _opponent),
    ("AV-IMMUNITY", _not_immune),
    ("RUL-AV-ONE-ATTACK", _room),
    ("RUL-AV-TOKEN-SUPPLY", _token_left),
)


def _matches(state: AvState, action: Remedy) -> bool:
    # AV-REMEDY, AV-TOW-TRUCK: the remedy of that attack, or the Dépanneuse for any.
    return cures(action.card, action.attack)


def _stands(state: AvState, action: Remedy) -> bool:
    # AV-STACK: the attack cured stands on one's car, whichever of the two it is.
    car = state.cars[action.seat]
    return car.limit if IS_LIMIT[action.attack] else car.attack is action.attack


REMEDY_RULES: tuple[Rule[Remedy], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-PLAY-ONE", _playing),
    ("AV-CARD-IN-HAND", _card_in_hand),
    ("AV-DISCARD-PLAY", _uses_taken),
    ("AV-REMEDY", _matches),
    ("AV-STACK", _stands),
)

# AV-SAFETY: on one's turn nothing else restricts a safety (RUL-AV-SAFETY-CURES).
SAFETY_RULES: tuple[Rule[Safety], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-PLAY-ONE", _playing),
    ("AV-CARD-IN-HAND", _card_in_hand),
    ("AV-DISCARD-PLAY", _uses_taken),
)

TURBO_RULES: tuple[Rule[Turbo], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-PLAY-ONE", _playing),
    ("AV-CARD-IN-HAND", _holds(AvCard.TURBO)),
    ("AV-DISCARD-PLAY", _uses_taken),
)


def _not_taken(state: AvState, action: Discard) -> bool:
    # AV-DISCARD-PLAY: a card just taken from the discard pile is played, never discarded.
    return state.taken is None


def plays_in_hand(state: AvState, seat: int) -> list[AvAction]:
    """Every play that lays a card of ``seat``'s hand (a move, attack, remedy, safety or
    Turbo, with each target, attack or Accélération it may take), legal or not."""
    found: list[AvAction] = []
    for card in sorted(set(state.hands[seat])):
        if KIND[card] is Kind.DISTANCE:
            found += SHARED_MOVES[seat][card]
        elif card is not AvCard.ACCELERATION:  # its plays are the distance cards' doubled moves
            found += plays_of(state, seat, card)
    return found


_PLAYABLE = _LastAnswer()
"""The last answer of ``can_play``: legal_actions asks it once per card of the hand."""


def can_play(state: AvState, seat: int) -> bool:
    """RUL-AV-DISCARD: whether some card of ``seat``'s hand can be played now, judged by the
    family's own tables (as RUL-AV-DISCARD-PLAYABLE is)."""
    known = _PLAYABLE.known(state, seat)
    if known is not None:
        return known
    answer = any(respects(table_of(type(play)), state, play) for play in plays_in_hand(state, seat))
    return _PLAYABLE.keep(state, seat, answer)


def remember_playable(state: AvState, seat: int, answer: bool) -> None:
    """Keep ``can_play``'s answer for ``state``, found by whoever judged every play of the
    hand already (``legal_actions``), so that the discards and then ``apply`` reuse it."""
    _PLAYABLE.keep(state, seat, answer)


def _nothing_playable(state: AvState, action: Discard) -> bool:
    # RUL-AV-DISCARD: at the play step a card is discarded only when no card can be played
    # (003 "S'il n'a aucune de ces cartes"); trimming a hand to six is no such choice.
    return state.phase is not _PLAY or not can_play(state, action.seat)


def _playing_or_trimming(state: AvState, action: Discard) -> bool:
    # AV-PLAY-ONE; RUL-AV-TURBO: discards bring a hand cut short by a coup-fourré to six.
    return state.phase is _PLAY or state.phase is _TRIM


DISCARD_RULES: tuple[Rule[Discard], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-PLAY-ONE", _playing_or_trimming),
    ("AV-CARD-IN-HAND", _card_in_hand),
    ("AV-DISCARD-PLAY", _not_taken),
    ("RUL-AV-DISCARD", _nothing_playable),
)


def _accelerated_game(state: AvState, action: EndTurn) -> bool:
    # AV-ACCELERATED: only the jeu accéléré ends a turn by choice, at its play step.
    return state.accelerated and state.phase is AvPhase.PLAY


def _one_card_played(state: AvState, action: EndTurn) -> bool:
    # RUL-AV-ACCELERATED: at least one card first, and no more than six left.
    return state.played > 0 and len(state.hands[action.seat]) <= DATA.hand_size


END_TURN_RULES: tuple[Rule[EndTurn], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-ACCELERATED", _accelerated_game),
    ("RUL-AV-ACCELERATED", _one_card_played),
)


# --- windows -------------------------------------------------------------------------------


def _in(phase: AvPhase, rule: str) -> Callable[[AvState, AvAction], bool]:
    def in_window(state: AvState, action: AvAction) -> bool:
        return state.phase is phase  # RUL-AV-CF-WINDOW, RUL-AV-UTURN-WINDOW

    in_window.__doc__ = f"{rule}: only in its own window."
    return in_window


def _matching_safety(state: AvState, action: CoupFourre) -> bool:
    # AV-CF: the safety of the pending attack.
    return state.pending is not None and SAFETY_OF[state.pending] is action.card


COUP_FOURRE_RULES: tuple[Rule[CoupFourre], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-CARD-IN-HAND", _card_in_hand),
    ("AV-CF", _matching_safety),
    ("RUL-AV-CF-WINDOW", _in(AvPhase.COUP_FOURRE, "RUL-AV-CF-WINDOW")),
)


def _an_opponent_moved(state: AvState, action: UTurn) -> bool:
    # AV-UTURN: an opponent's move, never one's own.
    return action.seat != state.mover


UTURN_RULES: tuple[Rule[UTurn], ...] = (
    ("AV-ACTOR", _is_actor),
    ("RUL-AV-UTURN-WINDOW", _in(AvPhase.U_TURN, "RUL-AV-UTURN-WINDOW")),
    ("AV-CARD-IN-HAND", _holds(AvCard.U_TURN)),
    ("AV-UTURN", _an_opponent_moved),
)


def _in_a_window(state: AvState, action: Pass) -> bool:
    # AV-PASS
    return state.phase in WINDOWS


PASS_RULES: tuple[Rule[Pass], ...] = (
    ("AV-ACTOR", _is_actor),
    ("AV-PASS", _in_a_window),
)


HEAD = ("AV-ACTOR", "AV-PLAY-ONE", "AV-CARD-IN-HAND")
"""The rows the tables of every play and of the discard start with."""
DRAW_HEAD = ("AV-ACTOR", "AV-DRAW")
"""The rows the tables of both draws start with."""


_Table = tuple[Rule[Any], ...]
# One action kind's precondition table. A private name: the API pages would render a
# public alias, and a bare ``Rule`` there links two other families' ``Rule`` at once.


def rest_of(tables: Mapping[type, _Table]) -> Mapping[type, _Table]:
    """Each kind's table less the head its candidates meet by construction in
    ``legal_actions`` (the windows' and the end of turn's tables are kept whole)."""
    return {
        kind: beyond_head(table, DRAW_HEAD if kind in (DrawPile, DrawDiscard) else HEAD)
        for kind, table in tables.items()
    }


TABLE_NAME: dict[type, str] = {
    DrawPile: "DRAW_PILE_RULES", DrawDiscard: "DRAW_DISCARD_RULES", Move: "MOVE_RULES",
    Attack: "ATTACK_RULES", Remedy: "REMEDY_RULES", Safety: "SAFETY_RULES",
    Turbo: "TURBO_RULES", Discard: "DISCARD_RULES", EndTurn: "END_TURN_RULES",
    CoupFourre: "COUP_FOURRE_RULES", UTurn: "UTURN_RULES", Pass: "PASS_RULES",
}  # fmt: skip
"""The name of each action kind's precondition table in this module."""


RULES: Mapping[type, tuple[Rule[Any], ...]] = MappingProxyType(
    {
        DrawPile: DRAW_PILE_RULES,
        DrawDiscard: DRAW_DISCARD_RULES,
        Move: MOVE_RULES,
        Attack: ATTACK_RULES,
        Remedy: REMEDY_RULES,
        Safety: SAFETY_RULES,
        Turbo: TURBO_RULES,
        Discard: DISCARD_RULES,
        EndTurn: END_TURN_RULES,
        CoupFourre: COUP_FOURRE_RULES,
        UTurn: UTURN_RULES,
        Pass: PASS_RULES,
    }
)
"""Each action kind's table: what the engine's functions judge by, unless given others."""


REST: Mapping[type, _Table] = MappingProxyType(rest_of(RULES))
"""The family's own tables less the head their candidates meet by construction."""


BUILT: Mapping[type, tuple[str, ...]] = MappingProxyType(
    {
        Move: ("AV-MOVE-FREE", "AV-SHORTCUT"),
        Attack: ("AV-ATTACK",),
        Remedy: ("AV-REMEDY", "AV-STACK"),
    }
)
"""Rows beyond the head that the play step's candidates meet by construction when it
judges by the family's own tables: it offers no move of a stopped car nor a shortcut away
from an entry square (``engine._move_tables``), attacks on the opponents only, and the
remedies that cure an attack standing on the car."""


LEAN: Mapping[type, tuple[Rule[Any], ...]] = MappingProxyType(
    {kind: less(table, BUILT.get(kind, ())) for kind, table in REST.items()}
)
""":data:`REST` less :data:`BUILT`: what the play step asks its own candidates."""
LEAN_UNTAKEN: Mapping[type, tuple[Rule[Any], ...]] = MappingProxyType(
    {kind: less(table, ("AV-DISCARD-PLAY",)) for kind, table in LEAN.items()}
)
""":data:`LEAN` when no card was taken from the discard pile, so that AV-DISCARD-PLAY
holds for every play (nearly every play step): a Safety, a Turbo or a cure then has no row
left to ask, a move seven instead of ten."""
TAKEN_REST: Mapping[type, tuple[Rule[Any], ...]] = MappingProxyType(
    {kind: less(table, ("AV-DISCARD-PLAY",)) for kind, table in REST.items()}
)
""":data:`REST` less AV-DISCARD-PLAY: what RUL-AV-DISCARD-PLAYABLE asks of the plays of a
card taken (``plays_of``), which all lay it."""


def table_of(kind: type) -> tuple[Rule[Any], ...]:
    """The family's own precondition table of an action kind. RUL-AV-DISCARD-PLAYABLE asks
    it of the plays a card taken could become: the family's tables, whatever tables the
    engine is given."""
    return RULES[kind]
