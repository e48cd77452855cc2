"""As du Volant at the terminal: the track drawn in text, the cars with their tokens,
moves in words, and moves typed by name.

Shared by ``millebornes play``, ``referee`` and ``explain`` through
:mod:`millebornes.apps.board`. It reads the family's state and never shows another
seat's hand or the draw pile's order.
"""

from __future__ import annotations

from typing import Any

from millebornes import api
from millebornes.apps.moves import Choice, card_word, number, plain_words
from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant.cards import (
    DATA,
    KIND,
    KM,
    SAFETY_OF,
    SQUARE_KM,
    AvCard,
    Kind,
    cures,
)
from millebornes.families.asduvolant.state import AvPhase, AvState, Car
from millebornes.families.asduvolant.track import Board

HELP = (
    "moves: a number from the list, or by name: draw, take (the discard pile's top, to play"
    " at once), move CARD [acc] [shortcut] (play D100, move D50 acc, move D25 shortcut),"
    " attack STOP N, remedy ROLL [STOP], safety CARD, turbo, discard CARD, end (the jeu"
    " accéléré's end of turn); in a window: cf [CARD], uturn (Demi-tour), pass;"
    " help lists them; q quits"
)

WAITING_FOR = {
    AvPhase.DRAW: "to draw",
    AvPhase.PLAY: "to play or discard a card",
    AvPhase.COUP_FOURRE: "to call coup-fourré or let the attack land",
    AvPhase.U_TURN: "to play a Demi-tour or let the move stand",
    AvPhase.TRIM: "to discard down to six cards",
}

PER_ROW = 10
"""Main-route squares drawn on one line."""
CELL = 7


def name(card: AvCard) -> str:
    """``STOP «Feu Rouge»``: the ID one types, and the card's French name."""
    return f"{card.name} «{DATA.names_fr[card]}»"


def km_of(state: AvState, seat: int) -> int:
    return state.board.squares[state.cars[seat].square].km


def _mark(board: Board, square: int, goal: int) -> str:
    sq = board.squares[square]
    if square == board.start:
        return "start"
    if square == board.finish:
        return "finish"
    marks = []
    if sq.km == goal:
        marks.append("GOAL")
    if sq.limit:
        marks.append(f"L{sq.limit}")
    if sq.bonus:
        marks.append(f"+{sq.bonus}")
    if sq.shortcut is not None:
        marks.append(">SC")
    return " ".join(marks)


def _lanes(state: AvState, square: int) -> str:
    """The square's lanes in use: a car's seat number, or ``.`` for a free lane."""
    cells = ["."] * state.lanes(square)
    for seat, car in enumerate(state.cars):
        if car.square == square and car.lane < len(cells):
            cells[car.lane] = str(seat) if seat < 10 else "*"
    return "".join(cells)


def track_lines(state: AvState) -> list[str]:
    """The track: each main-route square's km, its marks (speed limit L50/L75, bonus
    +25/+50/+75, the shortcut's entry >SC) and its lanes with the cars; then the shortcut."""
    board = state.board
    main = board.main
    lines = [
        f"  track {board.name!r}: lanes shown as . (free) or the seat of the car on it;"
        " L = speed limit, + = bonus, >SC = shortcut entry"
    ]
    for first in range(0, len(main), PER_ROW):
        row = main[first : first + PER_ROW]
        lines.append("    km " + "".join(f"{board.squares[i].km:<{CELL}}" for i in row).rstrip())
        marks = "".join(f"{_mark(board, i, state.goal):<{CELL}}" for i in row).rstrip()
        if marks:
            lines.append("       " + marks)
        lines.append("       " + "".join(f"{_lanes(state, i):<{CELL}}" for i in row).rstrip())
    for entry in main:
        square = board.squares[entry]
        here = square.shortcut
        steps = []
        while here is not None and here not in main:
            steps.append(f"{board.squares[here].km} km [{_lanes(state, here)}]")
            here = board.squares[here].next
        if steps and here is not None:
            lines.append(
                f"    shortcut from {square.km} km: {' -> '.join(steps)}"
                f" -> back at {board.squares[here].km} km"
            )
    return lines


def car_line(state: AvState, seat: int, you: int | None) -> str:
    """One car at a glance: where it is, its tokens (attack, Limite), the square's limit,
    its safeties (a coup-fourré marked), the 200s laid, the hand's size."""
    car: Car = state.cars[seat]
    square = state.board.squares[car.square]
    attack = f"STOPPED by {car.attack.name}" if car.attack is not None else "free"
    limit = f"; LIMIT token (moves up to {DATA.limit_token_km} km)" if car.limit else ""
    on_limit = f"; on a {square.limit} km limit square" if square.limit else ""
    safeties = ", ".join(
        s.name + (" (coup-fourré)" if s in car.coups_fourres else "") for s in car.safeties
    )
    mark = "  <- you" if seat == you else ""
    return (
        f"  seat {seat}: {square.km:>4} km (square {car.square}, lane {car.lane}); {attack}{limit}"
        f"{on_limit}; safeties {safeties or '-'}; 200s {car.laid_200}/{DATA.max_200};"
        f" hand {len(state.hands[seat])}{mark}"
    )


def whose_move(state: AvState) -> str:
    if state.actor is None:
        return "the game is over"
    return f"seat {state.actor} {WAITING_FOR.get(state.phase, 'to act')}"


def turn_lines(state: AvState) -> list[str]:
    """The turn's public facts: Turbo's plays left, the card taken from the discard pile,
    the open window."""
    lines = []
    if state.phase is AvPhase.PLAY and state.plays > 1:
        lines.append(f"  seat {state.turn} has {state.plays} plays left (Turbo)")
    if state.taken is not None:
        lines.append(
            f"  seat {state.turn} took {name(state.taken)} from the discard pile:"
            " its next play uses it"
        )
    if state.phase is AvPhase.COUP_FOURRE and state.pending is not None:
        lines.append(
            f"  window: seat {state.source} attacks seat {state.actor} with {name(state.pending)}"
        )
    if state.phase is AvPhase.U_TURN and state.mover is not None and state.origin is not None:
        start = state.board.squares[state.origin[0]].km
        moved = state.moved.name if state.moved is not None else "?"
        lines.append(
            f"  window: seat {state.mover} moved with {moved} from {start} to"
            f" {km_of(state, state.mover)} km; a Demi-tour would cancel it"
        )
    return lines


def table_lines(state: AvState, seat: int | None = None) -> list[str]:
    """The game, the track, every car, the turn; ``seat``'s hand if given."""
    top = state.discard_pile[-1].name if state.discard_pile else "-"
    tokens = sum(state.supply)
    lines = [
        f"{DATA.title}: goal {state.goal} km, draw pile {len(state.draw_pile)} cards,"
        f" discard pile {len(state.discard_pile)} (top {top}), {tokens} tokens in the supply;"
        f" next: {whose_move(state)}"
    ]
    lines += track_lines(state)
    lines += [car_line(state, s, seat) for s in range(state.players)]
    lines += turn_lines(state)
    if seat is not None:
        cards = state.hands[seat]
        hand = ", ".join(
            card.name + (f" x{cards.count(card)}" if cards.count(card) > 1 else "")
            for card in sorted(set(cards))
        )
        lines.append(f"  your hand (seat {seat}): {hand or '-'}")
    return lines


def _new_cards(before: AvState, after: AvState | None, seat: int) -> list[AvCard]:
    if after is None:
        return []
    extra = list(after.hands[seat])
    for card in before.hands[seat]:
        if card in extra:
            extra.remove(card)
    return extra


def move_text(
    before: AvState, action: Any, *, viewer: int | None = None, after: AvState | None = None
) -> str:
    """What ``action`` does in ``before``, in words; ``viewer`` (a seat) does not see
    another seat's draws."""
    who = f"seat {action.seat}"
    hidden = viewer is not None and viewer != action.seat
    match action:
        case av.DrawPile():
            cards = [] if hidden else _new_cards(before, after, action.seat)  # once drawn
            return f"{who} draws {name(cards[0]) if cards else 'a card'}"
        case av.DrawDiscard():
            top = before.discard_pile[-1] if before.discard_pile else None
            return (
                f"{who} takes {name(top) if top else 'nothing'} from the discard pile, to play it"
            )
        case av.Move():
            km = KM[action.card] << action.accelerated
            how = f" and an Accélération ({km} km)" if action.accelerated else ""
            cut = " by the shortcut" if action.shortcut else ""
            start = km_of(before, action.seat)
            if (
                after is not None
                and after.cars[action.seat].square != before.cars[action.seat].square
            ):
                where = f": {start} -> {km_of(after, action.seat)} km"
            else:
                where = f" from {start} km{_destination(before, action)}"
            return f"{who} moves with {name(action.card)}{how}{cut}{where}"
        case av.Attack():
            return f"{who} puts a {name(action.card)} token on seat {action.target}'s car"
        case av.Remedy():
            return (
                f"{who} takes the {action.attack.name} token off its car with {name(action.card)}"
            )
        case av.Safety():
            return f"{who} clips the safety {name(action.card)} on its car"
        case av.Turbo():
            drawn = (
                "" if hidden else ", ".join(c.name for c in _new_cards(before, after, action.seat))
            )
            return (
                f"{who} plays the Turbo: two cards drawn{f' ({drawn})' if drawn else ''}, two plays"
            )
        case av.Discard():
            return f"{who} discards {name(action.card)}"
        case av.EndTurn():
            return f"{who} ends its turn"
        case av.CoupFourre():
            return f"{who} calls COUP-FOURRÉ with {name(action.card)}"
        case av.UTurn():
            return f"{who} plays the Demi-tour: seat {before.mover}'s move is cancelled"
        case av.Pass():
            if before.phase is AvPhase.COUP_FOURRE and before.pending is not None:
                return f"{who} lets the {before.pending.name} land"
            return f"{who} lets seat {before.mover}'s move stand"
    return f"{who} {type(action).__name__}"


def _destination(state: AvState, action: av.Move) -> str:
    """Where a move would end (its bonus square said), if the track allows it."""
    car = state.cars[action.seat]
    steps = (KM[action.card] << action.accelerated) // SQUARE_KM
    shortcut = action.shortcut and state.board.squares[car.square].shortcut is not None
    path = state.board.route(car.square, steps, shortcut, state.goal)
    if path is None:
        return ""
    end = state.board.squares[path[-1]]
    bonus = f", a +{end.bonus} bonus square" if end.bonus else ""
    limit = f", a {end.limit} km limit square" if end.limit else ""
    return f" to {end.km} km{bonus}{limit}"


def end_lines(state: AvState) -> list[str]:
    """The winners once the game is over, and the points when an option counts them."""
    if state.phase is not AvPhase.OVER:
        return []
    km = ", ".join(f"seat {s} {km_of(state, s)} km" for s in range(state.players))
    who = " and ".join(f"seat {s}" for s in state.winners) or "nobody"
    lines = [f"game over: {who} {'wins' if len(state.winners) == 1 else 'win'} ({km})"]
    points = api.score(state).get("points")
    if points and any(points):
        lines.append("points: " + ", ".join(f"seat {s} {p}" for s, p in enumerate(points)))
    return lines


# --- the human's choices ---------------------------------------------------------------------


def auto(state: AvState, legal: tuple[Any, ...]) -> Any | None:
    """The move made for the human without asking: the only legal one."""
    return legal[0] if len(legal) == 1 else None


def menu(state: AvState, legal: tuple[Any, ...], seat: int) -> list[Choice]:
    return [Choice(move_text(state, action, viewer=seat), (action,)) for action in legal]


# --- moves typed by name -----------------------------------------------------------------------


def _card(word: str) -> AvCard:
    return card_word(word, AvCard, KM)


def _target(state: AvState, seat: int, args: list[str], card: AvCard) -> int:
    if args:
        return number(args[0], "seat", state.players)
    others = [s for s in range(state.players) if s != seat]
    if len(others) > 1:
        raise MalformedInput(f"say which seat: attack {card.name} {others[0]}")
    return others[0]


def _standing(state: AvState, seat: int, remedy: AvCard) -> AvCard:
    car = state.cars[seat]
    standing = ([car.attack] if car.attack else []) + ([AvCard.SPEED_LIMIT] if car.limit else [])
    for attack in standing:
        if cures(remedy, attack):
            return attack
    if standing:
        return standing[0]
    raise MalformedInput(f"no token to take off: say which, e.g. remedy {remedy.name} STOP")


def parse_move(text: str, state: AvState, seat: int) -> Any:
    """The action ``seat`` names by ``text``; MalformedInput (one line) if it names none."""
    _, words = plain_words(text)
    if not words:
        raise MalformedInput(f"not a move: {text!r} ({HELP})")
    verb, args = words[0].lower(), words[1:]
    flags = {w.lower() for w in args[1:]}
    simple = {
        "draw": av.DrawPile,
        "take": av.DrawDiscard,
        "turbo": av.Turbo,
        "end": av.EndTurn,
        "uturn": av.UTurn,
        "u-turn": av.UTurn,
        "demi-tour": av.UTurn,
        "pass": av.Pass,
    }
    if verb in simple and not args:
        return simple[verb](seat)
    if verb in ("cf", "coup-fourre", "coup-fourré"):
        if args:
            return av.CoupFourre(seat, _card(args[0]))
        safety = SAFETY_OF[state.pending] if state.pending is not None else None
        if safety is None:
            raise MalformedInput("no attack to answer: say which safety, e.g. cf DRIVING_ACE")
        return av.CoupFourre(seat, safety)
    if not args or verb not in ("play", "move", "attack", "remedy", "safety", "discard"):
        raise MalformedInput(f"not a move: {text!r} ({HELP})")
    card = _card(args[0])
    kind = KIND[card]
    if verb == "discard":
        return av.Discard(seat, card)
    if verb == "move" or (verb == "play" and kind is Kind.DISTANCE):
        accelerated = bool(flags & {"acc", "accelerated", "+", "acceleration"})
        shortcut = bool(flags & {"sc", "shortcut"})
        return av.Move(seat, card, accelerated, shortcut)
    if verb == "attack" or (verb == "play" and kind is Kind.ATTACK):
        return av.Attack(seat, card, _target(state, seat, args[1:], card))
    if verb == "remedy" or (verb == "play" and kind is Kind.REMEDY):
        attack = _card(args[1]) if len(args) > 1 else _standing(state, seat, card)
        return av.Remedy(seat, card, attack)
    if verb == "safety" or (verb == "play" and kind is Kind.SAFETY):
        return av.Safety(seat, card)
    if card is AvCard.TURBO:
        return av.Turbo(seat)
    if card is AvCard.U_TURN:
        return av.UTurn(seat)
    raise MalformedInput(
        f"{card.name} is played with a distance card: move D100 acc"
        if card is AvCard.ACCELERATION
        else f"say how to play {card.name} ({HELP})"
    )
