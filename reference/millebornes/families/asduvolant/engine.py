"""As du Volant transitions: ``new_game``, ``legal_actions``, ``violations``, ``apply``.

``apply`` asks the tables of :mod:`millebornes.families.asduvolant.rules` (the ones
``legal_actions`` filters with) and raises :class:`IllegalAction` before
touching anything; each action kind then has one small transition function.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Any, Unpack

from millebornes.core.checks import check_card, check_flag, check_seat
from millebornes.core.errors import MalformedInput
from millebornes.core.preconditions import Tables, broken, broken_by_kind, checked, kept, respects
from millebornes.core.preconditions import Transition as KindTransition
from millebornes.core.shuffle import MASK64, round_seed, shuffled
from millebornes.core.tuples import sorted_with, with_item, without
from millebornes.families.asduvolant.actions import (
    ACTIONS,
    SHARED_ATTACKS_ON_OPPONENTS,
    SHARED_DISCARDS,
    SHARED_DRAW_DISCARDS,
    SHARED_DRAW_PILES,
    SHARED_END_TURNS,
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
    DATA,
    IS_LIMIT,
    KIND,
    OPTIONS,
    SAFETY_OF,
    SQUARE_KM,
    TOKEN_INDEX,
    AvCard,
    Kind,
    cures,
)
from millebornes.families.asduvolant.rules import (
    LEAN,
    LEAN_UNTAKEN,
    REST,
    RULES,
    Rule,
    clear,
    remember_playable,
    rest_of,
    route,
)
from millebornes.families.asduvolant.state import (
    AvPhase,
    AvState,
    Car,
    Changes,
    box_tokens,
    evolve,
    evolve_car,
    evolved,
)
from millebornes.families.asduvolant.track import Board, default_board

# --- starting ------------------------------------------------------------------------------


def check_options(players: int, options: Iterable[str]) -> frozenset[str]:
    """The options, each known and allowed at ``players`` seats, or :class:`MalformedInput`
    (AV-GOAL, RUL-AV-700: the 700 km goal only at two or three players)."""
    chosen = frozenset(options)
    for option in sorted(chosen):
        if option not in OPTIONS:
            raise MalformedInput(f"options: unknown option {option!r}; known: {list(OPTIONS)}")
        if players not in DATA.option_seats[option]:
            raise MalformedInput(f"options: {option} is not played at {players} players")
    return chosen


def new_game(
    players: int,
    *,
    seed: int | None = None,
    deck: tuple[AvCard, ...] | None = None,
    options: Iterable[str] = (),
    board: Board | None = None,
) -> AvState:
    """A dealt game (AV-DEAL) from a ``seed`` of the portable shuffle or an explicit ``deck``
    order (then ``seed``, default 0, seeds the reshuffles only: RUL-AV-RESHUFFLE-SEED), on
    ``board`` (the default layout, ASM-AV-LAYOUT, if None). Seat 0 plays first
    (RUL-AV-FIRST-PLAYER). Raises :class:`MalformedInput` for a seat count outside AV-SEATS,
    an unknown option or a deck that is not the game's cards (AV-BOX, AV-SMALL-DECK)."""
    if isinstance(players, bool) or players not in DATA.seats:
        raise MalformedInput(f"players: AV-SEATS allows {DATA.seats}, not {players!r}")
    chosen = check_options(players, options)
    if seed is not None and (isinstance(seed, bool) or not 0 <= seed <= MASK64):
        raise MalformedInput(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    cards = DATA.deck(players, chosen)
    if deck is None:
        if seed is None:
            raise MalformedInput("give a seed or a deck")
        deck = shuffled(cards, seed)
    if sorted(deck) != list(cards):
        raise MalformedInput(f"deck: not the {len(cards)} cards of a {players}-player game")
    board = default_board() if board is None else board
    dealt = players * DATA.hand_size
    return AvState(
        players=players,
        options=chosen,
        board=board,
        seed=seed or 0,
        phase=AvPhase.PLAY if "accelerated" in chosen else AvPhase.DRAW,
        actor=0,
        turn=0,
        draw_pile=tuple(deck[dealt:]),
        discard_pile=(),
        hands=tuple(tuple(sorted(deck[seat:dealt:players])) for seat in range(players)),
        cars=tuple(Car(board.start, seat) for seat in range(players)),
        supply=box_tokens(),
    )


# --- asking --------------------------------------------------------------------------------


# Enum members as module constants for the play step's loop over the hand: reading a member
# off its Enum class costs about 90 ns in CPython 3.11, a module constant about 20.
_DISTANCE, _ATTACK, _REMEDY, _SAFETY = Kind.DISTANCE, Kind.ATTACK, Kind.REMEDY, Kind.SAFETY
_TURBO, _SPEED_LIMIT, _U_TURN = AvCard.TURBO, AvCard.SPEED_LIMIT, AvCard.U_TURN
_PHASE_PLAY, _PHASE_DRAW = AvPhase.PLAY, AvPhase.DRAW


_FAMILY = (AvCard, "As du Volant")
"""The cards' enum and title, as ``check_card`` takes them."""


NAME_ONLY_A_SEAT = frozenset((DrawPile, DrawDiscard, Turbo, EndTurn, UTurn, Pass))
"""The action kinds whose one field is the seat acting: nothing more to check."""


def check_well_formed(state: AvState, action: object) -> None:
    """Raise :class:`MalformedInput` unless ``action`` is an action this state can judge."""
    if not isinstance(action, ACTIONS):
        raise MalformedInput(f"not an As du Volant action: {action!r}")
    check_seat(getattr(action, "seat", None), "seat", state.players)
    if type(action) in NAME_ONLY_A_SEAT:  # half of all actions are draws
        return
    # check_card directly, with the kinds as module constants: every play is checked.
    if isinstance(action, Move):
        check_card(action.card, "card", _FAMILY, _DISTANCE, KIND)
        check_flag(action.accelerated, "accelerated")
        check_flag(action.shortcut, "shortcut")
    elif isinstance(action, Attack):
        check_card(action.card, "card", _FAMILY, _ATTACK, KIND)
        check_seat(action.target, "target", state.players)
    elif isinstance(action, Remedy):
        check_card(action.card, "card", _FAMILY, _REMEDY, KIND)
        check_card(action.attack, "attack", _FAMILY, _ATTACK, KIND)
    elif isinstance(action, (Safety, CoupFourre)):
        check_card(action.card, "card", _FAMILY, _SAFETY, KIND)
    elif isinstance(action, Discard):
        check_card(action.card, "card", _FAMILY, None, KIND)


Rules = Tables
"""Action kind to its precondition table
(:data:`~millebornes.families.asduvolant.rules.RULES` by default)."""


def violations(state: AvState, action: AvAction, rules: Rules = RULES) -> tuple[str, ...]:
    """The IDs of the rules ``action`` breaks in ``state``, in table order; () if legal."""
    check_well_formed(state, action)
    table = rules[type(action)]
    # Most actions judged are legal: the loop that stops at a broken row first, the list of
    # every broken row only for a refusal.
    return () if respects(table, state, action) else broken(table, state, action)


def _broken(state: AvState, action: AvAction) -> tuple[str, ...]:
    """``violations`` by the family's own tables of an action known to be well formed."""
    return broken_by_kind(RULES, state, action)


def is_legal(state: AvState, action: AvAction) -> bool:
    return not violations(state, action)


def legal_actions(state: AvState, rules: Rules = RULES) -> tuple[AvAction, ...]:
    """Every legal action in canonical order: kind (``ACTIONS``), then the fields in order.

    Candidates are built from the state and kept when every row of their table holds,
    so ``legal_actions`` and ``violations`` cannot disagree."""
    seat = state.actor
    if seat is None:
        return ()
    phase = state.phase
    if phase is _PHASE_PLAY:
        return _play_step(state, seat, rules)
    if phase is _PHASE_DRAW:
        # Both draws are the actor's at the draw step: the head of their tables holds.
        rest = REST if rules is RULES else rest_of(rules)
        pile, take = SHARED_DRAW_PILES[seat], SHARED_DRAW_DISCARDS[seat]
        if respects(rest[DrawPile], state, pile):
            return (pile, take) if respects(rest[DrawDiscard], state, take) else (pile,)
        return (take,) if respects(rest[DrawDiscard], state, take) else ()
    return kept(rules, state, _candidates(state, seat))


def _play_step(state: AvState, seat: int, rules: Rules) -> tuple[AvAction, ...]:
    """The plays, then the discards, then ending the turn (AV-PLAY-ONE, RUL-AV-DISCARD).

    Every candidate is the actor's, at the play step, with a card of the hand, so the head
    of its table holds by construction and only the rest is asked (``beyond_head``); an
    accelerated move without the Accélération, or a Turbo not held, is asked its whole
    table. With the family's own tables, the candidates known to break a row are not asked
    at all (:func:`_move_tables`; an attack on one's own car, AV-ATTACK; a remedy of an
    attack it does not cure, AV-REMEDY; a discard when a card can be played,
    RUL-AV-DISCARD; a Turbo not held, AV-CARD-IN-HAND; ending the turn outside the jeu
    accéléré, AV-ACCELERATED), nor the rows the others meet by construction
    (``rules.LEAN``); any other tables (a mutant's) are asked about every candidate.
    tests/asduvolant/test_av_legal.py compares with asking ``violations``."""
    own = rules is RULES
    # With the family's own tables the rows the candidates meet by construction are not
    # asked either (rules.BUILT, and AV-DISCARD-PLAY when no card was taken).
    rest = (LEAN_UNTAKEN if state.taken is None else LEAN) if own else rest_of(rules)
    hand = state.hands[seat]
    kinds = sorted(set(hand))
    car = state.cars[seat]
    standing = ([car.attack] if car.attack else []) + ([_SPEED_LIMIT] if car.limit else [])
    standing.sort()
    move_tables = _move_tables(state, seat, rules, rest)
    opponents = SHARED_ATTACKS_ON_OPPONENTS[state.players][seat]
    plays: list[AvAction] = []
    for card in kinds:
        kind = KIND[card]
        if kind is _DISTANCE:
            moves = SHARED_MOVES[seat][card]
            for i, table in move_tables:
                if respects(table, state, moves[i]):
                    plays.append(moves[i])
        elif kind is _ATTACK:
            table = rest[Attack]
            for attack in opponents[card]:
                if respects(table, state, attack):
                    plays.append(attack)
        elif kind is _REMEDY:
            table = rest[Remedy]
            for cured in standing:
                remedy = SHARED_REMEDIES[seat][card][cured]
                if (not own or cures(card, cured)) and respects(table, state, remedy):
                    plays.append(remedy)
        elif kind is _SAFETY:
            safety = SHARED_SAFETIES[seat][card]
            if respects(rest[Safety], state, safety):
                plays.append(safety)
    turbo = SHARED_TURBOS[seat]
    if _TURBO in hand:
        if respects(rest[Turbo], state, turbo):
            plays.append(turbo)
    elif not own and respects(rules[Turbo], state, turbo):
        plays.append(turbo)
    if own:
        # These are every play of the hand judged by the family's own tables: what
        # RUL-AV-DISCARD asks of each discard (apply asks it again of the one chosen).
        remember_playable(state, seat, bool(plays))
    if not (own and plays):
        discards = SHARED_DISCARDS[seat]
        plays += [discards[c] for c in kinds if respects(rest[Discard], state, discards[c])]
    end = SHARED_END_TURNS[seat]
    # Only the jeu accéléré ends a turn by choice (AV-ACCELERATED): not asked otherwise.
    if (state.accelerated or not own) and respects(rules[EndTurn], state, end):
        plays.append(end)
    return tuple(plays)


MoveTables = tuple[tuple[int, tuple[Rule[Any], ...]], ...]
"""Which of a distance card's four moves (plain, shortcut, accelerated, both:
``SHARED_MOVES``) to ask, each with the table to ask it."""


def _move_tables(
    state: AvState, seat: int, rules: Rules, rest: Mapping[type, tuple[Rule[Any], ...]]
) -> MoveTables:
    """The moves of each distance card to ask, with their tables; left out, with the family's
    own tables, every move known to break a row: every move of a stopped car
    (AV-MOVE-FREE), a shortcut away from an entry square (AV-SHORTCUT), an accelerated
    move without the Accélération (AV-CARD-IN-HAND)."""
    car = state.cars[seat]
    accelerating = AvCard.ACCELERATION in state.hands[seat]
    plain = rest[Move]
    boosted = plain if accelerating else rules[Move]
    if rules is not RULES:
        return ((0, plain), (1, plain), (2, boosted), (3, boosted))
    if car.attack is not None:
        return ()
    entry = state.board.squares[car.square].shortcut is not None
    if not accelerating:
        return ((0, plain), (1, plain)) if entry else ((0, plain),)
    return ((0, plain), (1, plain), (2, plain), (3, plain)) if entry else ((0, plain), (2, plain))


def _candidates(state: AvState, seat: int) -> list[AvAction]:
    """The candidates outside the play and draw steps: a window's answers, the trim."""
    if state.phase is AvPhase.COUP_FOURRE and state.pending is not None:
        safety = SAFETY_OF[state.pending]
        return [CoupFourre(seat, safety), Pass(seat)] if safety is not None else [Pass(seat)]
    if state.phase is AvPhase.U_TURN:
        return [UTurn(seat), Pass(seat)]
    if state.phase is AvPhase.TRIM:
        return [Discard(seat, c) for c in sorted(set(state.hands[seat]))]
    return []


# --- applying ------------------------------------------------------------------------------


Transition = KindTransition[AvState]
"""The effect of one action kind: (state, action) to the next state, applied after the
checks."""


def apply(
    state: AvState,
    action: AvAction,
    rules: Rules = RULES,
    transitions: Mapping[type, Transition] | None = None,
) -> AvState:
    """The state after ``action``; :class:`IllegalAction` (naming the rules) if it is illegal,
    :class:`MalformedInput` if it is not an action of this game at all. ``rules`` and
    ``transitions`` (action kind to its effect) are the family's own by default
    (:data:`TRANSITIONS`)."""
    mine = TRANSITIONS if transitions is None else transitions
    return checked(violations(state, action, rules), mine, state, action)


def _draw_pile(state: AvState, action: DrawPile) -> AvState:
    return _draw(state, action.seat, phase=_PHASE_PLAY)


def _draw_discard(state: AvState, action: DrawDiscard) -> AvState:
    return _take(state, action.seat)


def _end_turn_by_choice(state: AvState, action: EndTurn) -> AvState:
    return _end_turn(state)


def _hands_with(state: AvState, seat: int, card: AvCard) -> tuple[tuple[AvCard, ...], ...]:
    """The hands once ``card`` joined ``seat``'s."""
    return with_item(state.hands, seat, sorted_with(state.hands[seat], card))


def _draw(state: AvState, seat: int, count: int = 1, **changes: Unpack[Changes]) -> AvState:
    """``count`` cards from the draw pile to ``seat``'s hand, and the other ``changes``, in
    one new state."""
    drawn = _drawn(state, ((seat, count),))
    drawn.update(changes)
    return evolved(state, drawn)


def _drawn(state: AvState, wants: Iterable[tuple[int, int]]) -> Changes:
    """The hands and piles once each (seat, count) of ``wants`` in turn drew ``count`` cards
    one by one from the top of the draw pile; an empty pile is first replaced by the
    shuffled discard pile (AV-RESHUFFLE, RUL-AV-RESHUFFLE-SEED). Fewer cards when none is
    left anywhere (never in a game: AV-BOX). Returned as changes, not as a state, so that a
    transition builds one new state for its draws and everything else it changes."""
    hands = list(state.hands)
    pile, discard, reshuffles = state.draw_pile, state.discard_pile, state.reshuffles
    for seat, count in wants:
        hand = hands[seat]
        for _ in range(count):
            if not pile:
                if not discard:
                    break
                reshuffles += 1  # reshuffle k is seeded with seed + k (round k + 1)
                pile, discard = shuffled(discard, round_seed(state.seed, reshuffles + 1)), ()
            hand = sorted_with(hand, pile[0])
            pile = pile[1:]
        hands[seat] = hand
    return {
        "hands": tuple(hands),
        "draw_pile": pile,
        "discard_pile": discard,
        "reshuffles": reshuffles,
    }


def _take(state: AvState, seat: int) -> AvState:
    """AV-DRAW, AV-DISCARD-PLAY: the top discard joins the hand and must be played next."""
    card = state.discard_pile[-1]
    return evolve(
        state,
        hands=_hands_with(state, seat, card),
        discard_pile=state.discard_pile[:-1],
        phase=AvPhase.PLAY,
        taken=card,
    )


def _lay(state: AvState, seat: int, *cards: AvCard, **changes: Unpack[Changes]) -> AvState:
    """AV-PLAY-ONE: the cards played are shown and put on the discard pile; the other
    ``changes`` are made in the same step."""
    hand = state.hands[seat]
    for card in cards:
        hand = without(hand, card)
    changes["hands"] = with_item(state.hands, seat, hand)
    changes["discard_pile"] = state.discard_pile + cards
    changes["taken"] = None
    changes["played"] = state.played + 1
    return evolved(state, changes)


def _played(state: AvState, *, forced: bool = False) -> AvState:
    """A play is over: the turn goes on (AV-TURBO, AV-ACCELERATED) or ends (AV-PLAY-ONE)."""
    forced = state.forced and forced
    if state.accelerated:  # AV-ACCELERATED: the player ends the turn by choice
        return evolve(state, forced=forced, phase=_PHASE_PLAY, actor=state.turn)
    plays = state.plays - 1
    if plays > 0:
        return evolve(state, forced=forced, plays=plays, phase=_PHASE_PLAY, actor=state.turn)
    return _end_turn(state, forced=forced, plays=plays)


def _landing_lane(state: AvState, seat: int, square: int) -> int:
    """RUL-AV-LANE: the free lane with the lowest number (AV-NO-PASSING: there is one)."""
    # ``state.occupied`` less its sorting and generators: asked at every move.
    taken = [car.lane for s, car in enumerate(state.cars) if car.square == square and s != seat]
    for lane in range(state.lanes(square)):
        if lane not in taken:
            return lane
    raise AssertionError(f"AV-NO-PASSING: no free lane on square {square}")


def _move(state: AvState, action: Move) -> AvState:
    """AV-MOVE-EXACT, AV-BONUS, RUL-AV-BONUS, then the Demi-tour window (RUL-AV-UTURN-WINDOW)."""
    seat = action.seat
    car = state.cars[seat]
    path = route(state, action)
    assert path is not None  # AV-MOVE-EXACT in the table
    cards = (action.card, AvCard.ACCELERATION) if action.accelerated else (action.card,)
    end = path[-1]
    # The car's landing, bonus and the window are worked out on the state before the cards
    # are laid: they read the other cars and the other hands, which laying does not change,
    # and the move is then one new state.
    moved = evolve_car(
        car,
        square=end,
        lane=_landing_lane(state, seat, end),
        laid_100=car.laid_100 + (action.card is AvCard.D100),
        laid_200=car.laid_200 + (action.card is AvCard.D200),
        laid_distance=car.laid_distance + 1,
    )
    cars = with_item(state.cars, seat, _bonus_car(state, seat, moved))
    holders = _uturn_holders(state, seat, seat)
    if holders:
        return _lay(
            state,
            seat,
            *cards,
            cars=cars,
            phase=AvPhase.U_TURN,
            actor=holders[0],
            mover=seat,
            origin=(car.square, car.lane),
            moved=action.card,
        )
    return _move_stands(_lay(state, seat, *cards, cars=cars), seat)


def _bonus(state: AvState, seat: int) -> AvState:
    """``state`` once ``seat``'s car, landed, made its bonus move (:func:`_bonus_car`); the
    mutation harness (devtools) builds its bonus mutants on this."""
    car = state.cars[seat]
    moved = _bonus_car(state, seat, car)
    return state if moved is car else _set_car(state, seat, moved)


def _set_car(state: AvState, seat: int, car: Car) -> AvState:
    return evolve(state, cars=with_item(state.cars, seat, car))


def _bonus_car(state: AvState, seat: int, car: Car) -> Car:
    """AV-BONUS, RUL-AV-BONUS: ``seat``'s ``car`` after one exact move along the main route
    from where it landed, lost when it cannot be made or the car has a Limite de Vitesse
    token; never a second bonus."""
    bonus = state.board.squares[car.square].bonus
    if not bonus or car.limit:
        return car
    path = state.board.route(car.square, bonus // SQUARE_KM, False, state.goal)
    if path is None or not clear(state, seat, path):
        return car
    return evolve_car(car, square=path[-1], lane=_landing_lane(state, seat, path[-1]))


def _uturn_holders(state: AvState, mover: int, after: int) -> tuple[int, ...]:
    """RUL-AV-UTURN-WINDOW: the mover's opponents after seat ``after``, leftwards from it,
    who hold a Demi-tour."""
    n, hands = state.players, state.hands
    holders = []
    for step in range(1, n):  # a loop, not lists and generators: asked at every move
        seat = (after + step) % n
        if seat == mover:
            break
        if _U_TURN in hands[seat]:
            holders.append(seat)
    return tuple(holders)


def _move_stands(state: AvState, seat: int) -> AvState:
    """AV-END-FINISH: a car on the finish wins once no Demi-tour came; else play goes on."""
    if (state.mover, state.origin, state.moved) != (None, None, None):  # a window closes
        state = evolve(state, mover=None, origin=None, moved=None)
    if state.cars[seat].square == state.board.goal_square(state.goal):
        return _over(state, (seat,))
    return _played(state)


def _attack(state: AvState, action: Attack) -> AvState:
    """AV-ATTACK; RUL-AV-CF-WINDOW: a target holding the safety is asked first."""
    seat, card, target = action.seat, action.card, action.target
    if SAFETY_OF[card] in state.hands[target]:
        return _lay(
            state, seat, card, phase=AvPhase.COUP_FOURRE, actor=target, pending=card, source=seat
        )
    return _played(_lay(state, seat, card, **_landed(state, card, target)))


def _landed(state: AvState, attack: AvCard, target: int) -> Changes:
    """AV-TOKENS: the attack's token leaves the supply for the front of the car."""
    car = state.cars[target]
    car = evolve_car(car, limit=True) if IS_LIMIT[attack] else evolve_car(car, attack=attack)
    return _car_and_token(state, target, car, attack, -1)


def _car_and_token(state: AvState, seat: int, car: Car, token: AvCard, change: int) -> Changes:
    """``seat``'s car replaced and ``change`` tokens of ``token`` added to the supply."""
    i = TOKEN_INDEX[token]
    supply = with_item(state.supply, i, state.supply[i] + change)
    return {"cars": with_item(state.cars, seat, car), "supply": supply}


def _remedy(state: AvState, action: Remedy) -> AvState:
    """AV-REMEDY, AV-TOW-TRUCK, AV-STACK: one token off, whichever the player chose; the token
    goes back to the supply."""
    seat, attack = action.seat, action.attack
    car = state.cars[seat]
    car = evolve_car(car, limit=False) if IS_LIMIT[attack] else evolve_car(car, attack=None)
    return _played(_lay(state, seat, action.card, **_car_and_token(state, seat, car, attack, +1)))


def _clipped(state: AvState, seat: int, safety: AvCard, crosswise: bool) -> Changes:
    """AV-SAFETY, RUL-AV-SAFETY-CURES: the safety card leaves the hand for beside the board,
    its token goes on the car, and the matching standing attacks are cured (their tokens
    back to the supply)."""
    car = state.cars[seat]
    supply = list(state.supply)
    supply[TOKEN_INDEX[safety]] -= 1
    attack, limit = car.attack, car.limit
    if attack is not None and SAFETY_OF[attack] is safety:
        supply[TOKEN_INDEX[attack]] += 1
        attack = None
    if limit and SAFETY_OF[AvCard.SPEED_LIMIT] is safety:
        supply[TOKEN_INDEX[AvCard.SPEED_LIMIT]] += 1
        limit = False
    car = evolve_car(
        car,
        attack=attack,
        limit=limit,
        safeties=(*car.safeties, safety),
        coups_fourres=(*car.coups_fourres, safety) if crosswise else car.coups_fourres,
    )
    return {
        "cars": with_item(state.cars, seat, car),
        "supply": tuple(supply),
        "hands": with_item(state.hands, seat, without(state.hands[seat], safety)),
        "taken": None,
    }


def _safety(state: AvState, action: Safety) -> AvState:
    """AV-SAFETY: immunity, no extra play."""
    changes = _clipped(state, action.seat, action.card, crosswise=False)
    changes["played"] = state.played + 1
    return _played(evolve(state, **changes))


def _turbo(state: AvState, action: Turbo) -> AvState:
    """AV-TURBO, RUL-AV-TURBO: two cards drawn, two plays for the one the Turbo used."""
    after = _lay(state, action.seat, AvCard.TURBO)
    extra = 0 if state.accelerated else DATA.turbo_draws
    return _played(_draw(after, action.seat, DATA.turbo_draws, plays=after.plays + extra))


def _discard(state: AvState, action: Discard) -> AvState:
    """RUL-AV-DISCARD; RUL-AV-DECLARE: a discard at the play step is legal only when no card
    could be played, so it always counts toward a blocked turn."""
    after = _lay(state, action.seat, action.card)
    if state.phase is AvPhase.TRIM:  # RUL-AV-TURBO
        if len(after.hands[action.seat]) > DATA.hand_size:
            return after
        return _end_turn(after, next_seat=state.resume, resume=None)
    return _played(after, forced=True)


def _coup_fourre(state: AvState, action: CoupFourre) -> AvState:
    """AV-CF, AV-CF-TURN: the attack never lands; the player refills to six and plays next."""
    seat = action.seat
    after = evolve(state, **_clipped(state, seat, action.card, crosswise=True))
    missing = DATA.hand_size - len(after.hands[seat])
    after = _draw(after, seat, missing, pending=None, source=None, forced=False)
    if len(after.hands[after.turn]) > DATA.hand_size:  # RUL-AV-TURBO: a Turbo cut short
        return evolve(after, phase=AvPhase.TRIM, actor=after.turn, resume=seat)
    return _end_turn(after, next_seat=seat)


def _uturn(state: AvState, action: UTurn) -> AvState:
    """AV-UTURN, RUL-AV-UTURN-COUNTS: the car goes back, the move counts for nothing; the
    Demi-tour player draws back to six; the mover's turn ends there, a Turbo's plays left
    included, and play passes to the mover's left (after a discard down to six, RUL-AV-TURBO,
    if a Turbo left the mover more cards)."""
    mover, origin, card = state.mover, state.origin, state.moved
    assert mover is not None and origin is not None and card is not None  # a Demi-tour window
    car = state.cars[mover]
    back = evolve_car(
        car,
        square=origin[0],
        lane=origin[1],
        laid_100=car.laid_100 - (card is AvCard.D100),
        laid_200=car.laid_200 - (card is AvCard.D200),
        laid_distance=car.laid_distance - 1,
    )
    after = _lay(state, action.seat, AvCard.U_TURN, cars=with_item(state.cars, mover, back))
    # The mover laid a distance card: the turn is not a blocked one (RUL-AV-DECLARE); the
    # Demi-tour, out of turn, is not one of the turn's cards played.
    after = _draw(
        after,
        action.seat,
        played=state.played,
        mover=None,
        origin=None,
        moved=None,
        forced=False,
    )
    following = (mover + 1) % state.players
    if len(after.hands[mover]) > DATA.hand_size:  # RUL-AV-TURBO: a Turbo cut short
        return evolve(after, phase=AvPhase.TRIM, actor=mover, resume=following)
    return _end_turn(after, next_seat=following)


def _pass(state: AvState, action: Pass | None = None) -> AvState:
    """AV-PASS: the attack lands, or the next holder of a Demi-tour is asked, or the move
    stands."""
    seat = state.actor
    assert seat is not None  # PASS_RULES: only in a window, where someone is asked
    if state.phase is AvPhase.COUP_FOURRE:
        attack = state.pending
        assert attack is not None
        landed = _landed(state, attack, seat)
        landed["pending"] = landed["source"] = None
        landed["actor"] = state.turn
        return _played(evolve(state, **landed))
    mover = state.mover
    assert mover is not None
    holders = _uturn_holders(state, mover, seat)
    if holders:
        return evolve(state, actor=holders[0])
    return _move_stands(state, mover)


# --- ends of turns and of the game -----------------------------------------------------------


def _over(state: AvState, winners: tuple[int, ...], changes: Changes | None = None) -> AvState:
    """The game over with ``winners``, and the other ``changes`` made in the same step."""
    changes = {} if changes is None else changes
    changes.update(_OVER)
    changes["winners"] = winners
    return evolved(state, changes)


_OVER: Changes = {
    "phase": AvPhase.OVER,
    "actor": None,
    "pending": None,
    "source": None,
    "mover": None,
    "origin": None,
    "moved": None,
    "taken": None,
}
"""What every end of the game clears: no one acts, no window is open."""


def farthest(state: AvState) -> tuple[int, ...]:
    """AV-END-STUCK, AV-WINNER: the seats whose cars are farthest along (by km)."""
    km = [state.board.squares[car.square].km for car in state.cars]
    return tuple(seat for seat, value in enumerate(km) if value == max(km))


def _end_turn(state: AvState, next_seat: int | None = None, **changes: Unpack[Changes]) -> AvState:
    """AV-HAND-SIX, AV-TURN-ORDER, AV-END-STUCK: a blocked turn counts toward the end; every
    hand below six is completed from the turn player leftwards; the next turn goes to the
    left (or to the coup-fourré player, AV-CF-TURN). ``changes`` (what the last play left of
    the turn: ``forced``, ``plays``, ``resume``) are made in the same new state."""
    n = state.players
    forced = changes.get("forced", state.forced)
    blocked = forced and state.played  # RUL-AV-DECLARE: from the deal on
    stuck = state.stuck + 1 if blocked else 0
    if stuck >= n:
        changes["stuck"] = stuck
        return _over(state, farthest(state), changes)
    hand_size, hands, turn = DATA.hand_size, state.hands, state.turn
    wants = []
    for step in range(n):
        seat = (turn + step) % n
        if len(hands[seat]) < hand_size:
            wants.append((seat, hand_size - len(hands[seat])))
    final = _drawn(state, wants) if wants else {}
    final.update(changes)
    following = (turn + 1) % n if next_seat is None else next_seat
    # The fields of a new turn, over whatever ``changes`` said of them.
    final["phase"] = _PHASE_PLAY if state.accelerated else AvPhase.DRAW
    final["actor"] = final["turn"] = following
    final["stuck"] = stuck
    final["taken"] = None
    final["plays"] = 1
    final["played"] = 0
    final["forced"] = True
    return evolved(state, final)


TRANSITIONS: Mapping[type, Transition] = MappingProxyType(
    {
        DrawPile: _draw_pile,
        DrawDiscard: _draw_discard,
        Move: _move,
        Attack: _attack,
        Remedy: _remedy,
        Safety: _safety,
        Turbo: _turbo,
        Discard: _discard,
        EndTurn: _end_turn_by_choice,
        CoupFourre: _coup_fourre,
        UTurn: _uturn,
        Pass: _pass,
    }
)
"""Each action kind's transition, applied once the tables have found nothing broken."""
