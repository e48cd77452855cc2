"""Canonical JSON for As du Volant states and actions, validated at the boundary.

A state carries its board (the board file's fields, BOARD-FILE), its options
in canonical order, cards by their IDs and the token supply by token kind;
the text is canonical (sorted keys), so equal states give equal text. Reading
checks every field and raises :class:`MalformedInput` naming the one that is
wrong (LOAD-AV-FORMAT), then checks the state as a whole
(:func:`millebornes.families.asduvolant.validate.load_problems`: the well-formedness checks,
then every state invariant). Text that is not canonical (a hand out of card order,
options out of order or repeated, a field the state does not have) is refused, never
mended.
"""

from __future__ import annotations

from typing import Any

from millebornes.core import jsonio
from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import (
    canonical,
    card_list,
    field_reader,
    json_bool,
    json_field,
    json_int,
    optional_card,
    parse_json,
    seat_or_none,
)
from millebornes.families.asduvolant.actions import (
    ACTIONS,
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
from millebornes.families.asduvolant.cards import DATA, OPTIONS, TOKENS, AvCard, parse_av_card
from millebornes.families.asduvolant.engine import check_options, new_game
from millebornes.families.asduvolant.state import AvPhase, AvState, Car
from millebornes.families.asduvolant.track import board_from_dict
from millebornes.families.asduvolant.validate import check_position, load_problems, option_problems

FAMILY = "as-du-volant"

ACTION_TYPES: dict[type, str] = {
    DrawPile: "draw_pile", DrawDiscard: "draw_discard", Move: "move", Attack: "attack",
    Remedy: "remedy", Safety: "safety", Turbo: "turbo", Discard: "discard",
    EndTurn: "end_turn", CoupFourre: "coup_fourre", UTurn: "u_turn", Pass: "pass",
}  # fmt: skip
_BY_TYPE = {name: kind for kind, name in ACTION_TYPES.items()}
_read_field = field_reader(
    parse_av_card, frozenset({"card", "attack"}), frozenset({"accelerated", "shortcut"})
)

# --- actions -------------------------------------------------------------------------------


def action_to_dict(action: AvAction) -> dict[str, Any]:
    return jsonio.action_to_dict(action, ACTION_TYPES[type(action)])


def action_from_dict(data: object) -> AvAction:
    """The action ``data`` describes, or :class:`MalformedInput` naming the wrong field."""
    action: AvAction = jsonio.action_from_dict(data, _BY_TYPE, _read_field)
    return action


# --- states --------------------------------------------------------------------------------


def _name(card: AvCard | None) -> str | None:
    return None if card is None else card.name


def _car_to_dict(car: Car) -> dict[str, Any]:
    return {
        "square": car.square,
        "lane": car.lane,
        "attack": _name(car.attack),
        "limit": car.limit,
        "safeties": [c.name for c in car.safeties],
        "coups_fourres": [c.name for c in car.coups_fourres],
        "laid_100": car.laid_100,
        "laid_200": car.laid_200,
        "laid_distance": car.laid_distance,
    }


def state_to_dict(state: AvState) -> dict[str, Any]:
    return {
        "family": FAMILY,
        "players": state.players,
        "options": [o for o in OPTIONS if o in state.options],
        "board": state.board.to_dict(),
        "seed": state.seed,
        "phase": state.phase.value,
        "actor": state.actor,
        "turn": state.turn,
        "draw_pile": [c.name for c in state.draw_pile],
        "discard_pile": [c.name for c in state.discard_pile],
        "hands": [[c.name for c in hand] for hand in state.hands],
        "cars": [_car_to_dict(car) for car in state.cars],
        "supply": {kind.name: n for kind, n in zip(TOKENS, state.supply, strict=True)},
        "taken": _name(state.taken),
        "plays": state.plays,
        "played": state.played,
        "forced": state.forced,
        "stuck": state.stuck,
        "pending": _name(state.pending),
        "source": state.source,
        "mover": state.mover,
        "origin": None if state.origin is None else list(state.origin),
        "moved": _name(state.moved),
        "resume": state.resume,
        "reshuffles": state.reshuffles,
        "winners": list(state.winners),
    }


def to_json(state: AvState) -> str:
    return canonical(state_to_dict(state))


def _maybe_card(value: object, field: str) -> AvCard | None:
    return optional_card(value, field, parse_av_card)


def _cards(value: object, field: str) -> tuple[AvCard, ...]:
    return card_list(value, field, parse_av_card)


def _count(value: object, field: str) -> int:
    number = json_int(value, field)
    assert number is not None
    if number < 0:
        raise MalformedInput(f"{field}: a whole number from 0, not {number}")
    return number


def _car_from(value: object, field: str) -> Car:
    if not isinstance(value, dict):
        raise MalformedInput(f"{field}: a JSON object, not {value!r}")
    _no_other_fields(value, _CAR_FIELDS, field)
    car = Car(
        square=_count(json_field(value, "square"), f"{field}.square"),
        lane=_count(json_field(value, "lane"), f"{field}.lane"),
        attack=_maybe_card(json_field(value, "attack"), f"{field}.attack"),
        limit=json_bool(json_field(value, "limit"), f"{field}.limit"),
        safeties=_cards(json_field(value, "safeties"), f"{field}.safeties"),
        coups_fourres=_cards(json_field(value, "coups_fourres"), f"{field}.coups_fourres"),
        laid_100=_count(json_field(value, "laid_100"), f"{field}.laid_100"),
        laid_200=_count(json_field(value, "laid_200"), f"{field}.laid_200"),
        laid_distance=_count(json_field(value, "laid_distance"), f"{field}.laid_distance"),
    )
    return car


def _supply(value: object) -> tuple[int, ...]:
    if not isinstance(value, dict) or sorted(value) != sorted(k.name for k in TOKENS):
        raise MalformedInput(f"supply: one count per token kind {[k.name for k in TOKENS]}")
    return tuple(_count(value[kind.name], f"supply.{kind.name}") for kind in TOKENS)


def _origin(value: object) -> tuple[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != 2:
        raise MalformedInput(f"origin: a [square, lane] pair or null, not {value!r}")
    return _count(value[0], "origin[0]"), _count(value[1], "origin[1]")


_CAR_FIELDS = frozenset(_car_to_dict(Car(0, 0)))


def _no_other_fields(data: dict[str, Any], known: frozenset[str], where: str) -> None:
    jsonio.no_other_fields(data, known, where, "an As du Volant")


_seat = jsonio.json_seat


def state_from_dict(data: object) -> AvState:
    """The state ``data`` describes: its fields read (each error naming its field), then
    the state itself checked (:func:`~millebornes.families.asduvolant.validate.load_problems`,
    the error starting with the failed checks' IDs); else :class:`MalformedInput`."""
    state = unchecked_state_from_dict(data)
    problems = load_problems(state)
    if problems:
        raise MalformedInput("invalid state: " + "; ".join(problems))
    return state


def unchecked_state_from_dict(data: object) -> AvState:
    """The state ``data`` describes, its fields checked but not the state itself: for
    tools that build malformed states on purpose (the conformance probes), never input.
    Options are checked here (LOAD-AV-OPTIONS), since the state keeps them as a set."""
    if not isinstance(data, dict):
        raise MalformedInput(f"state: a JSON object, not {type(data).__name__}")
    if data.get("family") != FAMILY:
        raise MalformedInput(f"family: {FAMILY!r} expected, not {data.get('family')!r}")
    _no_other_fields(data, _STATE_FIELDS, "state")
    players = json_int(json_field(data, "players"), "players")
    if players not in DATA.seats:
        raise MalformedInput(f"players: AV-SEATS allows {DATA.seats}, not {players}")
    options = json_field(data, "options")
    if not isinstance(options, list) or not all(isinstance(o, str) for o in options):
        raise MalformedInput("options: a list of option names")
    wrong_options = option_problems(players, options)
    if wrong_options:
        raise MalformedInput("invalid state: " + "; ".join(wrong_options))
    phase_name = json_field(data, "phase")  # outside the try: its MalformedInput is a ValueError
    try:
        phase = AvPhase(phase_name)
    except ValueError:
        raise MalformedInput(f"phase: unknown phase {phase_name!r}") from None
    hands, cars, winners = (json_field(data, k) for k in ("hands", "cars", "winners"))
    for name, value in (("hands", hands), ("cars", cars)):
        if not isinstance(value, list) or len(value) != players:
            raise MalformedInput(f"{name}: {players} entries, one per seat (LOAD-AV-SEATS)")
    if not isinstance(winners, list):
        raise MalformedInput("winners: a list of seats")
    seed = json_int(json_field(data, "seed"), "seed")
    return AvState(
        players=players,
        options=check_options(players, options),
        board=board_from_dict(json_field(data, "board")),
        seed=_count(seed, "seed"),
        phase=phase,
        actor=seat_or_none(json_field(data, "actor"), "actor", players),
        turn=_seat(json_field(data, "turn"), "turn", players),
        draw_pile=_cards(json_field(data, "draw_pile"), "draw_pile"),
        discard_pile=_cards(json_field(data, "discard_pile"), "discard_pile"),
        hands=tuple(_cards(h, f"hands[{i}]") for i, h in enumerate(hands)),
        cars=tuple(_car_from(c, f"cars[{i}]") for i, c in enumerate(cars)),
        supply=_supply(json_field(data, "supply")),
        taken=_maybe_card(json_field(data, "taken"), "taken"),
        plays=_count(json_field(data, "plays"), "plays"),
        played=_count(json_field(data, "played"), "played"),
        forced=json_bool(json_field(data, "forced"), "forced"),
        stuck=_count(json_field(data, "stuck"), "stuck"),
        pending=_maybe_card(json_field(data, "pending"), "pending"),
        source=seat_or_none(json_field(data, "source"), "source", players),
        mover=seat_or_none(json_field(data, "mover"), "mover", players),
        origin=_origin(json_field(data, "origin")),
        moved=_maybe_card(json_field(data, "moved"), "moved"),
        resume=seat_or_none(json_field(data, "resume"), "resume", players),
        reshuffles=_count(json_field(data, "reshuffles"), "reshuffles"),
        winners=tuple(_seat(w, f"winners[{i}]", players) for i, w in enumerate(winners)),
    )


def check_whole(state: AvState) -> None:
    """Raise :class:`MalformedInput` unless ``state`` holds together as a position: well
    formed, the cards and tokens the box's, the cars on the board, who acts and what the
    windows hold (:func:`~millebornes.families.asduvolant.validate.check_position`)."""
    check_position(state)


_STATE_FIELDS = frozenset(state_to_dict(new_game(2, seed=0)))


def from_json(text: str | bytes) -> AvState:
    """The state ``text`` describes (bytes must be UTF-8), read within the bounds of
    :func:`~millebornes.core.jsonio.parse_json`; else :class:`MalformedInput`."""
    return state_from_dict(parse_json(text, "state"))


def action_from_json(text: str | bytes) -> AvAction:
    """The action ``text`` describes (bytes must be UTF-8), or :class:`MalformedInput`."""
    return action_from_dict(parse_json(text, "action"))


def action_to_json(action: AvAction) -> str:
    return canonical(action_to_dict(action))


if set(ACTION_TYPES) != set(ACTIONS):  # every action kind has a JSON name
    raise RuntimeError("an action kind has no JSON name")
