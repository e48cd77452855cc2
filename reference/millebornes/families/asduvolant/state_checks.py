"""The As du Volant state invariants: pure predicates over one state, each under its ID.

As in :mod:`millebornes.families.classic.state_checks`, each returns the problems it
finds in words (empty when the state satisfies it) and its docstring is the text of its
invariant in spec/invariants.md. They are the family's boundary too: a state read from
outside is refused unless every one holds
(:func:`millebornes.families.asduvolant.validate.load_problems`), and the invariants
catalogue lists these same functions (:data:`STATE_CHECKS`). They assume a well-formed
state (one hand and one car per seat, seats that exist: LOAD-AV-SEATS).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType

from millebornes.core.loading import liveness_check
from millebornes.core.shuffle import MASK64
from millebornes.families.asduvolant.cards import (
    DATA,
    IS_LIMIT,
    KIND,
    SAFETY_OF,
    SQUARE_KM,
    TOKENS,
    AvCard,
    Kind,
)
from millebornes.families.asduvolant.engine import farthest, legal_actions
from millebornes.families.asduvolant.state import (
    WINDOWS,
    AvPhase,
    AvState,
    Car,
    box_tokens,
    evolve_car,
)

HAND = DATA.hand_size
GAIN = DATA.turbo_draws - 1
"""What a Turbo adds to the hand and to the plays left: its draws, less the Turbo itself."""
# No bound here counts the Turbos of the box: a Turbo's draw can empty the draw pile, the
# reshuffle puts that Turbo back in it, and the same turn may draw and play it again
# (RUL-AV-TURBO lets a Turbo be played during a Turbo). The bounds are the turn's own
# counters instead: every card played leaves the hand, and a Turbo's draw brings two.


def card_conservation(state: AvState) -> list[str]:
    """Every card of the game's deck (the box, less one of each attack at two or three
    players) is in exactly one place: the draw pile, the discard pile, a hand, or beside
    the board as a car's safety."""
    counts, deck = Counter(state.all_cards()), Counter(DATA.deck(state.players, state.options))
    if counts == deck:
        return []
    gained = {card.name: n for card, n in (counts - deck).items()}
    lost = {card.name: n for card, n in (deck - counts).items()}
    return [f"the cards are not the game's: gained {gained} and lost {lost}"]


def token_conservation(state: AvState) -> list[str]:
    """Every token of the box is on a car or in the supply, never fewer than none in it."""
    problems = [
        f"supply of {kind.name} is {n}"
        for kind, n in zip(TOKENS, state.supply, strict=True)
        if n < 0
    ]
    if state.token_counts() != box_tokens():
        problems.append(f"tokens on cars and in the supply {state.token_counts()}, not the box's")
    return problems


def hand_sizes(state: AvState) -> list[str]:
    """Every hand but that of the player whose turn it is holds six cards until the game
    is over; that player holds six before drawing (or in the jeu accéléré before
    playing), and while playing no more than six plus the plays left (one less while a
    window is open) and no fewer than five plus the plays left less the cards played (in
    the jeu accéléré, no more than six plus the cards played), over six
    exactly when trimming a Turbo cut short; never more than seven plus the cards played
    in the turn (the card drawn, and a Turbo's two for the Turbo itself)."""
    size, phase = len(state.hands[state.turn]), state.phase
    most = HAND + 1 + GAIN * state.played
    if phase is AvPhase.OVER:
        return [
            f"seat {s} holds {len(h)} cards" for s, h in enumerate(state.hands) if len(h) > most
        ]
    problems = [
        f"seat {seat} holds {len(hand)} cards out of its turn"
        for seat, hand in enumerate(state.hands)
        if seat != state.turn and len(hand) != HAND
    ]
    if phase is AvPhase.DRAW or (phase is AvPhase.PLAY and state.accelerated and not state.played):
        wrong = size != HAND
    elif phase is AvPhase.TRIM:
        wrong = not HAND < size <= most
    elif state.accelerated:
        wrong = size > HAND + GAIN * state.played
    else:
        # The hand is six plus the plays left (the card drawn, and one per play a Turbo
        # gave) less one per accelerated move (two cards for one play), and one less in a
        # window, whose play has left the hand but not the plays. The lower bound, which
        # counts every card played as accelerated, allows a play step of six (no card
        # drawn): the turn's end refills the hand, so such a step can move.
        window = 1 if phase in WINDOWS else 0
        low = HAND + state.plays - 1 - state.played
        wrong = not low <= size <= HAND + state.plays - window or size > most
    if wrong:
        problems.append(f"seat {state.turn} holds {size} cards in phase {phase}")
    return problems


def car_tokens(state: AvState) -> list[str]:
    """A car carries only what it may: a stopping attack (not a Limite de Vitesse) as its
    attack token, distinct safeties with the coup-fourré marks among them, and no attack
    beside the safety that protects from it."""
    problems = []
    for seat, car in enumerate(state.cars):
        if car.attack is not None and (KIND[car.attack] is not Kind.ATTACK or IS_LIMIT[car.attack]):
            problems.append(f"car {seat} has {car.attack.name} as its attack token")
        if any(KIND[card] is not Kind.SAFETY for card in car.safeties):
            problems.append(f"car {seat} has a non-safety among its safeties")
        if len(set(car.safeties)) != len(car.safeties):
            problems.append(f"car {seat} laid a safety twice")
        marks = car.coups_fourres
        if len(set(marks)) != len(marks) or not set(marks) <= set(car.safeties):
            problems.append(f"car {seat} has a coup-fourré mark on a safety it did not lay")
        standing = [car.attack] if car.attack is not None else []
        standing += [AvCard.SPEED_LIMIT] if car.limit else []
        problems += [
            f"car {seat}: {attack.name} stands beside its safety"
            for attack in standing
            if SAFETY_OF[attack] in car.safeties
        ]
    return problems


def cars_on_the_board(state: AvState) -> list[str]:
    """Every car stands on a lane of a square of the board in use at this seat count,
    never two in one lane, never past the goal, and on it only once the game is won or
    while a Demi-tour may still cancel the move there."""
    problems, places = [], set()
    squares, goal = state.board.squares, state.goal
    for seat, car in enumerate(state.cars):
        if car.square >= len(squares) or car.lane >= state.lanes(car.square):
            problems.append(f"car {seat}: no lane {car.lane} on square {car.square}")
            continue
        if (car.square, car.lane) in places:
            problems.append(f"car {seat}: another car is on square {car.square}, lane {car.lane}")
        places.add((car.square, car.lane))
        km = squares[car.square].km
        if km > goal:
            problems.append(f"car {seat} is at {km} km, past the goal {goal}")
        finished = km == goal and car.square == state.board.goal_square(goal)
        moving = state.phase is AvPhase.U_TURN and seat == state.mover
        if finished and state.phase is not AvPhase.OVER and not moving:
            problems.append(f"car {seat} is on the finish while play goes on")
    return problems


def at_most_two_200s(state: AvState) -> list[str]:
    """No car counts more 200 km cards among its moves than the rules allow (two)."""
    return [
        f"car {seat} counts {car.laid_200} cards of 200 km"
        for seat, car in enumerate(state.cars)
        if car.laid_200 > DATA.max_200
    ]


def moves_counted(state: AvState) -> list[str]:
    """The moves a car's score counts match where it stands: its 100s and 200s are among
    its moves, and each move took it at least one square (25 km) further, so a car on the
    start counts none."""
    squares = state.board.squares
    return [
        problem
        for seat, car in enumerate(state.cars)
        if car.square < len(squares)  # else INV-AV-CARS-ON-BOARD says so
        for problem in _counted(seat, car, squares[car.square].km)
    ]


def _counted(seat: int, car: Car, km: int) -> list[str]:
    problems = []
    if km < SQUARE_KM * car.laid_distance:
        problems.append(f"car {seat} is at {km} km after {car.laid_distance} moves")
    if car.laid_100 + car.laid_200 > car.laid_distance:
        counted = f"{car.laid_100} 100s and {car.laid_200} 200s"
        problems.append(f"car {seat} counts {counted} in {car.laid_distance} moves")
    return problems


def _undone(state: AvState, mover: int, origin: int, moved: AvCard) -> list[str]:
    """A Demi-tour takes the move back (RUL-AV-UTURN-COUNTS): the mover's counts, less the
    move, must fit the square it left."""
    car = state.cars[mover]
    back = evolve_car(
        car,
        laid_100=car.laid_100 - (moved is AvCard.D100),
        laid_200=car.laid_200 - (moved is AvCard.D200),
        laid_distance=car.laid_distance - 1,
    )
    if min(back.laid_100, back.laid_200, back.laid_distance) < 0:
        return [f"car {mover} does not count the move made with {moved.name}"]
    return _counted(mover, back, state.board.squares[origin].km)


def one_actor(state: AvState) -> list[str]:
    """One seat acts until the game is over: the player whose turn it is, drawing, playing
    or trimming; in a window another seat, the one it asks."""
    phase, actor = state.phase, state.actor
    if (phase is AvPhase.OVER) != (actor is None):
        return [f"actor {actor} in phase {phase}"]
    if phase in WINDOWS and actor == state.turn:
        return [f"the window of phase {phase} asks the turn's own player"]
    if phase in (AvPhase.DRAW, AvPhase.PLAY, AvPhase.TRIM) and actor != state.turn:
        return [f"seat {actor} acts in seat {state.turn}'s turn"]
    if phase is AvPhase.DRAW and state.accelerated:
        return ["a draw in the jeu accéléré"]
    return []


def windows(state: AvState) -> list[str]:
    """A window holds exactly what opened it: a coup-fourré window an attack from the
    turn's player, with a token left and room for it on the car of the seat asked, which
    holds its safety; a Demi-tour window the turn's player's move (its distance card, an
    origin on the board, and the mover's counts less that move fitting the origin, as
    INV-AV-MOVES-COUNTED asks of a car) and a seat asked that holds a Demi-tour; a trim
    the seat that plays next."""
    phase, actor, problems = state.phase, state.actor, []
    in_cf, in_uturn = phase is AvPhase.COUP_FOURRE, phase is AvPhase.U_TURN
    if (state.pending is not None) != in_cf or (state.source is not None) != in_cf:
        problems.append(f"pending {state.pending} from seat {state.source} in phase {phase}")
    if {state.mover is not None, state.origin is not None, state.moved is not None} != {in_uturn}:
        problems.append(f"a move of seat {state.mover} in phase {phase}")
    if (state.resume is not None) != (phase is AvPhase.TRIM):
        problems.append(f"resume {state.resume} in phase {phase}")
    if problems or actor is None:
        return problems
    pending = state.pending
    if in_cf and pending is not None:
        problems += _coup_fourre_window(state, pending, actor)
    if in_uturn and state.origin is not None and state.moved is not None:
        square, lane = state.origin
        if state.mover != state.turn or AvCard.U_TURN not in state.hands[actor]:
            problems.append(f"a Demi-tour window asking seat {actor} about seat {state.mover}")
        if square >= len(state.board.squares) or lane >= state.lanes(square):
            problems.append(f"the move left square {square}, lane {lane}, not on the board")
        elif state.mover is not None:
            problems += _undone(state, state.mover, square, state.moved)
        if KIND[state.moved] is not Kind.DISTANCE:
            problems.append(f"the move was made with {state.moved.name}")
    if phase is AvPhase.TRIM and state.resume == state.turn:
        problems.append("the trimming player plays next")
    return problems


def _coup_fourre_window(state: AvState, pending: AvCard, actor: int) -> list[str]:
    if KIND[pending] is not Kind.ATTACK:
        return [f"the coup-fourré window is about {pending.name}, not an attack"]
    car = state.cars[actor]
    problems = []
    if state.source != state.turn or SAFETY_OF[pending] not in state.hands[actor]:
        problems.append(f"seat {actor} cannot answer {pending.name} from seat {state.source}")
    if (car.limit if IS_LIMIT[pending] else car.attack is not None) or state.supply[
        TOKENS.index(pending)
    ] < 1:
        problems.append(f"{pending.name} has no room or no token to land on car {actor}")
    return problems


def turn_counters(state: AvState) -> list[str]:
    """The turn's counters are within their bounds: a turn starts with one play, none
    made, the discards so far forced, no card taken; the plays left are at most one more
    than the cards played (each play beyond the first is a Turbo's, and the Turbo was
    played), one in the jeu accéléré; in a window the play that opened it is among the
    cards played; a card taken from the discard pile is in the hand and
    played next; blocked turns stay below the seat count (RUL-AV-DECLARE: they count
    from the deal on); the seed is 64-bit, and so is one more reshuffle."""
    problems = []
    phase = state.phase
    if phase is AvPhase.DRAW and (
        state.plays != 1 or state.played or not state.forced or state.taken
    ):
        problems.append(f"a turn starts with plays {state.plays}, played {state.played}")
    low = 0 if phase is AvPhase.OVER else 1
    if state.plays < low or (state.accelerated and state.plays > 1):
        problems.append(f"{state.plays} plays left")
    if phase in WINDOWS and not state.played:  # the play that opened it is counted
        problems.append(f"a window of phase {phase} with no card played")
    if state.plays > 1 + GAIN * state.played:  # a play beyond the first is a Turbo's
        problems.append(f"{state.plays} plays left after {state.played} cards played")
    taken = state.taken
    if taken is not None and (
        phase is not AvPhase.PLAY
        or state.played
        or taken in DATA.not_from_discard
        or taken not in state.hands[state.turn]
    ):
        problems.append(f"{taken.name} taken from the discard pile in phase {phase}")
    stuck_most = state.players if phase is AvPhase.OVER else state.players - 1
    if state.stuck > stuck_most:
        problems.append(f"{state.stuck} blocked turns in a row at {state.players} seats")
    if state.seed > MASK64 or state.reshuffles >= MASK64:  # one more must still fit
        problems.append(f"seed {state.seed} or reshuffles {state.reshuffles} past 2**64 - 2")
    return problems


def finish_and_winners(state: AvState) -> list[str]:
    """Nobody has won while play goes on; the game is over with its winners: the car on
    the finish, or when every seat in a row was blocked, the cars farthest along."""
    if state.phase is not AvPhase.OVER:
        return [f"winners {list(state.winners)} while play goes on"] if state.winners else []
    goal = state.board.goal_square(state.goal)
    home = tuple(seat for seat, car in enumerate(state.cars) if car.square == goal)
    if home:
        expected = home
    elif state.stuck >= state.players:
        expected = farthest(state)
    else:
        return ["the game is over with no car on the finish and no seat blocked"]
    if state.winners != expected:
        return [f"winners {list(state.winners)}, not {list(expected)}"]
    return []


actor_can_act = liveness_check(legal_actions)
"""INV-AV-ACTOR-CAN-ACT, shared by the race families (:mod:`millebornes.core.loading`)."""


STATE_CHECKS: Mapping[str, Callable[[AvState], list[str]]] = MappingProxyType(
    {
        "INV-AV-CARD-CONSERVATION": card_conservation,
        "INV-AV-TOKEN-CONSERVATION": token_conservation,
        "INV-AV-HAND-SIZE": hand_sizes,
        "INV-AV-CAR-TOKENS": car_tokens,
        "INV-AV-CARS-ON-BOARD": cars_on_the_board,
        "INV-AV-MAX-TWO-200": at_most_two_200s,
        "INV-AV-MOVES-COUNTED": moves_counted,
        "INV-AV-ONE-ACTOR": one_actor,
        "INV-AV-WINDOWS": windows,
        "INV-AV-COUNTERS": turn_counters,
        "INV-AV-FINISH": finish_and_winners,
        "INV-AV-ACTOR-CAN-ACT": actor_can_act,
    }
)
"""Every As du Volant state invariant of spec/invariants.md by its ID; the liveness check
comes last, since it runs the engine on a state the others have found sound."""

POSITION_CHECKS = (
    "INV-AV-CARD-CONSERVATION",
    "INV-AV-TOKEN-CONSERVATION",
    "INV-AV-CARS-ON-BOARD",
    "INV-AV-ONE-ACTOR",
    "INV-AV-WINDOWS",
)
"""The invariants an arranged test position must satisfy (the cards, the tokens, the
cars on the board, who acts and what the windows hold), not the hand sizes or counters a
rule's test leaves aside."""
