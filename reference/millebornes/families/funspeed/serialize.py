"""Canonical JSON for Fun & Speed states and actions, validated at the boundary.

Cards are written by their IDs, a zone's distance as ``[card, accelerators]``
pairs, absent values as null; the text is canonical as for the classic family
(sorted keys), so equal states give equal text. Reading checks every field and
raises :class:`MalformedInput` naming the one that is wrong (LOAD-FS-FORMAT), then checks the
state as a whole: :func:`millebornes.families.funspeed.validate.load_problems`, the
well-formedness checks then every state invariant. Text that is not canonical (a hand out of
card order, a field the state does not have) is refused, never mended.
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
from millebornes.core.shuffle import MASK64
from millebornes.families.funspeed.actions import (
    ACTIONS,
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    FalseHoldUp,
    FsAction,
    Helicopter,
    HoldUp,
    Killer,
    LayBorne,
    Mirror,
    Pass,
    Police,
    Remedy,
    Safety,
    Trash,
    UTurn,
)
from millebornes.families.funspeed.cards import DATA, FsCard, parse_fs_card
from millebornes.families.funspeed.engine import new_game
from millebornes.families.funspeed.state import FsPhase, FsState, Zone
from millebornes.families.funspeed.validate import load_problems

FAMILY = "fun-speed"

ACTION_TYPES: dict[type, str] = {
    DrawPile: "draw_pile", DrawDiscard: "draw_discard", LayBorne: "borne", Attack: "attack",
    Remedy: "remedy", Safety: "safety", Helicopter: "helicopter", Police: "police",
    Trash: "trash", Discard: "discard", CoupFourre: "coup_fourre", Mirror: "mirror",
    UTurn: "u_turn", Killer: "killer", HoldUp: "holdup", FalseHoldUp: "false_holdup",
    Pass: "pass",
}  # fmt: skip
_BY_TYPE = {name: kind for kind, name in ACTION_TYPES.items()}
_CARD_FIELDS = frozenset({"card", "attack", "take", "give"})
_FLAG_FIELDS = frozenset({"announced", "remedy_on_top"})

# --- actions -------------------------------------------------------------------------------


def action_to_dict(action: FsAction) -> dict[str, Any]:
    return jsonio.action_to_dict(action, ACTION_TYPES[type(action)])


_read_field = field_reader(
    parse_fs_card, _CARD_FIELDS, _FLAG_FIELDS, lambda kind, name: kind is FalseHoldUp
)


def action_from_dict(data: object) -> FsAction:
    """The action ``data`` describes, or :class:`MalformedInput` naming the wrong field."""
    action: FsAction = jsonio.action_from_dict(data, _BY_TYPE, _read_field)
    return action


# --- states --------------------------------------------------------------------------------


def _maybe_card(value: object, field: str) -> FsCard | None:
    return optional_card(value, field, parse_fs_card)


def _cards(values: list[FsCard]) -> list[str]:
    return [card.name for card in values]


def _zone_to_dict(zone: Zone) -> dict[str, Any]:
    return {
        "distance": [[card.name, boost] for card, boost in zone.distance],
        "safeties": _cards(list(zone.safeties)),
        "coups_fourres": _cards(list(zone.coups_fourres)),
        "attack": zone.attack.name if zone.attack else None,
        "radar": zone.radar.name if zone.radar else None,
    }


def state_to_dict(state: FsState) -> dict[str, Any]:
    return {
        "family": FAMILY,
        "players": state.players,
        "phase": state.phase.value,
        "actor": state.actor,
        "turn": state.turn,
        "draw_pile": _cards(list(state.draw_pile)),
        "discard_pile": _cards(list(state.discard_pile)),
        "removed": _cards(list(state.removed)),
        "hands": [_cards(list(hand)) for hand in state.hands],
        "zones": [_zone_to_dict(zone) for zone in state.zones],
        "pending": state.pending.name if state.pending else None,
        "source": state.source,
        "layer": state.layer,
        "announced": state.announced,
        "tied": list(state.tied),
        "seed": state.seed,
        "reshuffles": state.reshuffles,
        "winners": list(state.winners),
    }


def to_json(state: FsState) -> str:
    return canonical(state_to_dict(state))


def _cards_in(value: object, field: str) -> tuple[FsCard, ...]:
    return card_list(value, field, parse_fs_card)


def _zone_from(value: object, field: str) -> Zone:
    if not isinstance(value, dict):
        raise MalformedInput(f"{field}: a JSON object, not {value!r}")
    _no_other_fields(value, _ZONE_FIELDS, field)
    distance = json_field(value, "distance")
    if not isinstance(distance, list):
        raise MalformedInput(f"{field}.distance: a list of [card, accelerators] pairs")
    bornes = []
    for i, pair in enumerate(distance):
        where = f"{field}.distance[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            raise MalformedInput(f"{where}: a [card, accelerators] pair, not {pair!r}")
        boost = json_int(pair[1], f"{where}[1]")
        if boost is None or not 0 <= boost <= DATA.max_accelerators:
            raise MalformedInput(f"{where}[1]: 0 to {DATA.max_accelerators} Accélérateurs")
        bornes.append((parse_fs_card(pair[0], f"{where}[0]"), boost))
    zone = Zone(
        distance=tuple(bornes),
        safeties=_cards_in(json_field(value, "safeties"), f"{field}.safeties"),
        coups_fourres=_cards_in(json_field(value, "coups_fourres"), f"{field}.coups_fourres"),
        attack=_maybe_card(json_field(value, "attack"), f"{field}.attack"),
        radar=_maybe_card(json_field(value, "radar"), f"{field}.radar"),
    )
    return zone


_STATE_FIELDS = frozenset(state_to_dict(new_game(2, seed=0)))
_ZONE_FIELDS = frozenset(_zone_to_dict(Zone()))


def _no_other_fields(data: dict[str, Any], known: frozenset[str], where: str) -> None:
    jsonio.no_other_fields(data, known, where, "a Fun & Speed")


_seat = jsonio.json_seat


def state_from_dict(data: object) -> FsState:
    """The state ``data`` describes: its fields read (each error naming its field), then
    the state itself checked (:func:`~millebornes.families.funspeed.validate.load_problems`,
    the error starting with the failed checks' IDs); else :class:`MalformedInput`."""
    state = unchecked_state_from_dict(data)
    problems = load_problems(state)
    if problems:
        raise MalformedInput("invalid state: " + "; ".join(problems))
    return state


def unchecked_state_from_dict(data: object) -> FsState:
    """The state ``data`` describes, its fields checked but not the state itself: for
    tools that build malformed states on purpose (the conformance probes), never input."""
    if not isinstance(data, dict):
        raise MalformedInput(f"state: a JSON object, not {type(data).__name__}")
    if data.get("family") != FAMILY:
        raise MalformedInput(f"family: {FAMILY!r} expected, not {data.get('family')!r}")
    _no_other_fields(data, _STATE_FIELDS, "state")
    players = json_int(json_field(data, "players"), "players")
    if players not in DATA.seats:
        raise MalformedInput(f"players: RUL-FS-SEATS allows {DATA.seats}, not {players}")
    phase_name = json_field(data, "phase")  # outside the try: its MalformedInput is a ValueError
    try:
        phase = FsPhase(phase_name)
    except ValueError:
        raise MalformedInput(f"phase: unknown phase {phase_name!r}") from None
    hands, zones = json_field(data, "hands"), json_field(data, "zones")
    for name, value in (("hands", hands), ("zones", zones)):
        if not isinstance(value, list) or len(value) != players:
            raise MalformedInput(f"{name}: {players} entries, one per seat (LOAD-FS-SEATS)")
    winners, tied = json_field(data, "winners"), json_field(data, "tied")
    for name, value in (("winners", winners), ("tied", tied)):
        if not isinstance(value, list):
            raise MalformedInput(f"{name}: a list of seats")
    return FsState(
        players=players,
        phase=phase,
        actor=seat_or_none(json_field(data, "actor"), "actor", players),
        turn=_seat(json_field(data, "turn"), "turn", players),
        draw_pile=_cards_in(json_field(data, "draw_pile"), "draw_pile"),
        discard_pile=_cards_in(json_field(data, "discard_pile"), "discard_pile"),
        removed=_cards_in(json_field(data, "removed"), "removed"),
        hands=tuple(_cards_in(h, f"hands[{i}]") for i, h in enumerate(hands)),
        zones=tuple(_zone_from(z, f"zones[{i}]") for i, z in enumerate(zones)),
        pending=_maybe_card(json_field(data, "pending"), "pending"),
        source=seat_or_none(json_field(data, "source"), "source", players),
        layer=seat_or_none(json_field(data, "layer"), "layer", players),
        announced=json_bool(json_field(data, "announced"), "announced"),
        tied=tuple(_seat(t, f"tied[{i}]", players) for i, t in enumerate(tied)),
        seed=_whole(json_field(data, "seed"), "seed", MASK64),
        reshuffles=_whole(json_field(data, "reshuffles"), "reshuffles", MASK64),
        winners=tuple(_seat(w, f"winners[{i}]", players) for i, w in enumerate(winners)),
    )


def _whole(value: object, field: str, top: int) -> int:
    number = json_int(value, field)
    if number is None or not 0 <= number <= top:
        raise MalformedInput(f"{field}: a whole number from 0 to {top}, not {value!r}")
    return number


def from_json(text: str | bytes) -> FsState:
    """The state ``text`` describes (bytes must be UTF-8), read within the bounds of
    :func:`~millebornes.core.jsonio.parse_json`; else :class:`MalformedInput`."""
    return state_from_dict(parse_json(text, "state"))


def action_from_json(text: str | bytes) -> FsAction:
    """The action ``text`` describes (bytes must be UTF-8), or :class:`MalformedInput`."""
    return action_from_dict(parse_json(text, "action"))


def action_to_json(action: FsAction) -> str:
    return canonical(action_to_dict(action))


if set(ACTION_TYPES) != set(ACTIONS):  # every action kind has a JSON name
    raise RuntimeError("an action kind has no JSON name")
