"""Canonical JSON for states and actions: sorted keys, no spaces, LF-free, exact round trip.

``from_json(to_json(s)) == s`` for every state, and ``to_json(from_json(t)) == t``
for every canonical text. Reading checks the shape of every field (LOAD-FORMAT) and
then the state itself (:func:`millebornes.families.classic.validate.load_problems`: well
formed, and every state invariant holds); anything wrong raises :class:`MalformedInput`
saying what and where.
Text is read by :func:`~millebornes.core.jsonio.load_json`, the JSON boundary every family
shares, which bounds nesting depth and the digits of integers explicitly, so that neither
Python's recursion limit nor its 4,300-digit limit on integers ever surfaces as anything
but :class:`MalformedInput`.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, assert_never

from millebornes.core.errors import MalformedInput
from millebornes.core.jsonio import canonical, load_json, shown
from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import Card, parse_card
from millebornes.families.classic.scoring import RoundScore, match_winners, score_round
from millebornes.families.classic.state import Phase, State, Tableau
from millebornes.families.classic.validate import load_problems

STATE_FORMAT = "millebornes-state/1"


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card.name for card in cards]


def state_to_dict(state: State) -> dict[str, Any]:
    return {
        "format": STATE_FORMAT,
        "edition": state.edition,
        "options": list(state.options),
        "players": state.players,
        "phase": state.phase.value,
        "actor": state.actor,
        "turn": state.turn,
        "dealer": state.dealer,
        "round": state.round_number,
        "draw_pile": _names(state.draw_pile),
        "discard_pile": _names(state.discard_pile),
        "hands": [_names(hand) for hand in state.hands],
        "tableaus": [
            {
                "battle": _names(t.battle),
                "speed": _names(t.speed),
                "distance": _names(t.distance),
                "safeties": _names(t.safeties),
                "coups_fourres": _names(t.coups_fourres),
            }
            for t in state.tableaus
        ],
        "set_aside": _names(state.set_aside),
        "pending_hazard": state.pending_hazard.name if state.pending_hazard is not None else None,
        "extended_by": state.extended_by,
        "scores": list(state.scores),
    }


def to_json(state: State) -> str:
    return canonical(state_to_dict(state))


class _Reader:
    """Field access that names the path of whatever is wrong."""

    def __init__(self, data: Any, path: str) -> None:
        if not isinstance(data, dict):
            raise MalformedInput(f"{path}: expected an object, got {type(data).__name__}")
        self.data = data
        self.path = path

    def expect_keys(self, keys: set[str]) -> None:
        missing = keys - self.data.keys()
        extra = self.data.keys() - keys
        if missing or extra:
            raise MalformedInput(
                f"{self.path}: missing {sorted(missing)} / unexpected {sorted(extra)}"
            )

    def value(self, key: str) -> Any:
        return self.data[key]

    def integer(self, key: str, *, optional: bool = False) -> Any:
        value = self.data[key]
        if value is None and optional:
            return None
        if not isinstance(value, int) or isinstance(value, bool):
            raise MalformedInput(f"{self.path}.{key}: expected an integer, got {shown(value)}")
        return value

    def string(self, key: str) -> str:
        value = self.data[key]
        if not isinstance(value, str):
            raise MalformedInput(f"{self.path}.{key}: expected a string, got {shown(value)}")
        return value

    def cards(self, key: str) -> tuple[Card, ...]:
        return _cards(self.data[key], f"{self.path}.{key}")

    def card(self, key: str, *, optional: bool = False) -> Card | None:
        value = self.data[key]
        if value is None and optional:
            return None
        return _card(value, f"{self.path}.{key}")

    def items(self, key: str) -> list[Any]:
        value = self.data[key]
        if not isinstance(value, list):
            raise MalformedInput(f"{self.path}.{key}: expected a list, got {shown(value)}")
        return value


def _card(value: Any, path: str) -> Card:
    try:
        return parse_card(value)
    except MalformedInput as error:
        raise MalformedInput(f"{path}: {error}") from None


def _cards(value: Any, path: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise MalformedInput(f"{path}: expected a list of cards, got {shown(value)}")
    return tuple(_card(item, f"{path}[{i}]") for i, item in enumerate(value))


_STATE_KEYS = {
    "format", "edition", "options", "players", "phase", "actor", "turn", "dealer", "round",
    "draw_pile", "discard_pile", "hands", "tableaus", "set_aside", "pending_hazard",
    "extended_by", "scores",
}  # fmt: skip
_TABLEAU_KEYS = {"battle", "speed", "distance", "safeties", "coups_fourres"}


def state_from_dict(data: Any) -> State:
    """The state ``data`` describes, if it is loadable
    (:func:`~millebornes.families.classic.validate.load_problems`: well formed, every state
    invariant holding); else :class:`MalformedInput` naming what."""
    state = unchecked_state_from_dict(data)
    problems = load_problems(state)
    if problems:
        raise MalformedInput("invalid state: " + "; ".join(problems))
    return state


def unchecked_state_from_dict(data: Any) -> State:
    """The state ``data`` describes, its fields checked (LOAD-FORMAT) but not the state
    itself: for tools that build malformed states on purpose, never for input."""
    r = _Reader(data, "state")
    r.expect_keys(_STATE_KEYS)
    if r.value("format") != STATE_FORMAT:
        got = shown(r.value("format"))
        raise MalformedInput(f"state.format: expected {STATE_FORMAT!r}, got {got}")
    options = r.items("options")
    if not all(isinstance(name, str) for name in options):
        raise MalformedInput("state.options: expected a list of option names")
    phase_name = r.string("phase")
    if phase_name not in {p.value for p in Phase}:
        raise MalformedInput(f"state.phase: unknown phase {shown(phase_name)}")
    tableaus = []
    for i, item in enumerate(r.items("tableaus")):
        t = _Reader(item, f"state.tableaus[{i}]")
        t.expect_keys(_TABLEAU_KEYS)
        tableaus.append(
            Tableau(
                battle=t.cards("battle"),
                speed=t.cards("speed"),
                distance=t.cards("distance"),
                safeties=t.cards("safeties"),
                coups_fourres=t.cards("coups_fourres"),
            )
        )
    scores = r.items("scores")
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
        raise MalformedInput("state.scores: expected a list of integers")
    return State(
        edition=r.string("edition"),
        options=tuple(options),
        players=r.integer("players"),
        phase=Phase(phase_name),
        actor=r.integer("actor", optional=True),
        turn=r.integer("turn"),
        dealer=r.integer("dealer"),
        round_number=r.integer("round"),
        draw_pile=r.cards("draw_pile"),
        discard_pile=r.cards("discard_pile"),
        hands=tuple(_cards(h, f"state.hands[{i}]") for i, h in enumerate(r.items("hands"))),
        tableaus=tuple(tableaus),
        set_aside=r.cards("set_aside"),
        pending_hazard=r.card("pending_hazard", optional=True),
        extended_by=r.integer("extended_by", optional=True),
        scores=tuple(scores),
    )


def from_json(text: str | bytes) -> State:
    return state_from_dict(load_json(text))


# --- actions ---------------------------------------------------------------------


def action_to_dict(action: Action) -> dict[str, Any]:
    match action:
        case Deal(seat, deck):
            return {"type": "deal", "seat": seat, "deck": _names(deck)}
        case Draw(seat):
            return {"type": "draw", "seat": seat}
        case Play(seat, card, target):
            return {"type": "play", "seat": seat, "card": card.name, "target": target}
        case Discard(seat, card):
            return {"type": "discard", "seat": seat, "card": card.name}
        case CoupFourre(seat, card):
            return {"type": "coup_fourre", "seat": seat, "card": card.name}
        case Decline(seat):
            return {"type": "decline", "seat": seat}
        case Extension(seat, extend):
            return {"type": "extension", "seat": seat, "extend": extend}
        case _:
            assert_never(action)


_ACTION_KEYS = {
    "deal": {"type", "seat", "deck"},
    "draw": {"type", "seat"},
    "play": {"type", "seat", "card", "target"},
    "discard": {"type", "seat", "card"},
    "coup_fourre": {"type", "seat", "card"},
    "decline": {"type", "seat"},
    "extension": {"type", "seat", "extend"},
}


def action_from_dict(data: Any) -> Action:
    r = _Reader(data, "action")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in _ACTION_KEYS:
        raise MalformedInput(
            f"action.type: unknown action type {shown(kind)}; known: {sorted(_ACTION_KEYS)}"
        )
    r.expect_keys(_ACTION_KEYS[kind])
    seat = r.integer("seat")
    if kind == "deal":
        return Deal(seat, r.cards("deck"))
    if kind == "draw":
        return Draw(seat)
    if kind == "decline":
        return Decline(seat)
    if kind == "extension":
        extend = r.value("extend")
        if not isinstance(extend, bool):
            raise MalformedInput(f"action.extend: expected true or false, got {shown(extend)}")
        return Extension(seat, extend)
    card = _card(r.value("card"), "action.card")
    if kind == "play":
        return Play(seat, card, r.integer("target"))
    if kind == "discard":
        return Discard(seat, card)
    return CoupFourre(seat, card)


def action_to_json(action: Action) -> str:
    return canonical(action_to_dict(action))


def action_from_json(text: str | bytes) -> Action:
    return action_from_dict(load_json(text))


def sheet_to_dict(sheet: RoundScore) -> dict[str, Any]:
    """A score sheet: the winner, and per team each item and the total (SCORE-SHEET)."""
    teams = []
    for line in sheet.teams:
        items = {f.name: getattr(line, f.name) for f in fields(line) if f.name != "team"}
        teams.append({"team": line.team, "items": items, "total": line.total})
    return {"winner": sheet.winner, "teams": teams}


def score_to_dict(state: State) -> dict[str, Any]:
    """The answer to a score request: the round's sheet and the match winners (MATCH-TARGET,
    RUL-MATCH-TIE; empty while the match goes on)."""
    return {"sheet": sheet_to_dict(score_round(state)), "match_winners": list(match_winners(state))}
