"""The table of the docs site's Play page as data: what one seat sees, in every rule family,
as plain JSON values the page draws (``docs/_static/play/play.js``).

Three things per family, and nothing else: each card as ``{id, kind, en, fr}`` (the
edition's own names: the classic family's French names are each edition's, the English
ones are ``spec/cards.json``'s; Fun & Speed and As du Volant carry both in their data), the
public table (classic: each team's piles, distance and safeties; Fun & Speed: each zone;
As du Volant: the track and the cars), and for one action the place it goes (its
*target*: a team's tableau, a seat's zone or car, the discard pile). The legal actions and
their words come from the family's own modules (:mod:`millebornes.apps.board`); nothing here
decides what is legal.

A card that cannot be played is explained by judging one representative play of it
(:func:`representative`), the natural one a player would try: a hazard on the first
opponent, anything else on one's own table. Its refusal is the engine's
(``api.violations``), so the rule IDs shown are the ones the engine enforces.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from millebornes import api
from millebornes._spec import load_json
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant import cards as avc
from millebornes.families.asduvolant.rules import route
from millebornes.families.classic import actions as cl
from millebornes.families.classic.cards import CATEGORY, NAME_EN, Card, Category
from millebornes.families.classic.state import Phase
from millebornes.families.classic.state import State as ClassicState
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed import cards as fsc

State = Any
Action = Any
JsonDict = dict[str, Any]

CLASSIC, FUN_SPEED, AS_DU_VOLANT = "classic", "fun-speed", "as-du-volant"

WINDOWS: dict[str, tuple[str, ...]] = {
    CLASSIC: ("coup_fourre", "extension"),
    FUN_SPEED: ("attack", "borne", "holdup"),
    AS_DU_VOLANT: ("coup_fourre", "u_turn"),
}
"""The phases that ask a seat a question out of the turn's flow (or, for the classic
extension, a yes/no): the page shows them as a prompt with its choices, not as cards."""

IMPLIED_CARD: dict[type, Any] = {
    fs.Helicopter: fsc.FsCard.HELICOPTER,
    fs.Police: fsc.FsCard.POLICE,
    fs.Trash: fsc.FsCard.TRASH,
    fs.Mirror: fsc.FsCard.MIRROR,
    fs.UTurn: fsc.FsCard.U_TURN,
    av.Turbo: avc.AvCard.TURBO,
    av.UTurn: avc.AvCard.U_TURN,
}
"""Actions whose card is their kind (they carry no ``card`` field)."""


def family(state: State) -> str:
    return str(api.family_of(state).name)


@cache
def _english(data_file: str) -> tuple[str, ...]:
    """The English names of a family's kinds, from its edition file (spec/families/…)."""
    return tuple(str(kind["name_en"]) for kind in load_json(data_file)["kinds"])


def card(state: State, which: Any) -> JsonDict:
    """One card as the page draws it: its ID, kind, and English and French names."""
    index = int(which)
    name = family(state)
    if name == CLASSIC:
        return {
            "id": which.name,
            "kind": CATEGORY[index].value,
            "en": NAME_EN[index],
            "fr": state.rules.names_fr[which],
        }
    module: Any = fsc if name == FUN_SPEED else avc
    return {
        "id": which.name,
        "kind": module.KIND[index].value,
        "en": _english(module.DATA_FILE)[index],
        "fr": module.DATA.names_fr[index],
    }


def cards(state: State, some: tuple[Any, ...]) -> list[JsonDict]:
    return [card(state, c) for c in some]


def card_of(action: Action) -> Any | None:
    """The card an action plays, or None (a draw, a pass, an answer without a card)."""
    found = getattr(action, "card", None)
    if found is not None:
        return found
    return IMPLIED_CARD.get(type(action))


def target_of(state: State, action: Action) -> str:
    """Where an action's card goes: ``team:N`` (classic), ``seat:N`` (a zone or a car),
    ``discard``, or ``self`` for a play that goes nowhere on the table (a Turbo)."""
    if isinstance(action, (cl.Discard, fs.Discard, av.Discard, fs.Trash)):
        return "discard"
    if isinstance(action, cl.Play):
        return f"team:{action.target}"
    for field in ("target", "victim"):
        value = getattr(action, field, None)
        if value is not None:
            return f"seat:{value}"
    if isinstance(action, av.Turbo):
        return "self"
    if family(state) == CLASSIC:
        return f"team:{state.team_of(action.seat)}"
    return f"seat:{action.seat}"


def in_window(state: State) -> bool:
    phase = getattr(state, "phase", None)
    return getattr(phase, "value", None) in WINDOWS[family(state)]


# --- the representative play of a card, judged to say why it cannot be played ----------------


def representative(state: State, seat: int, which: Any) -> Action:
    """The play of ``which`` a player would try first: a hazard or an attack on the first
    opponent (team or seat), a remedy on the attack it cures, anything else on oneself."""
    name = family(state)
    if name == CLASSIC:
        own = state.team_of(seat)
        if CATEGORY[which] is Category.HAZARD:
            return cl.Play(seat, which, next(t for t in range(state.teams) if t != own))
        return cl.Play(seat, which, own)
    opponent = next(s for s in range(state.players) if s != seat)
    if name == FUN_SPEED:
        return _fun_speed(state, seat, opponent, which)
    return _as_du_volant(state, seat, opponent, which)


def _cured(module: Any, standing: list[Any], remedy: Any) -> Any:
    """The attack a remedy would take away: a standing one it cures, else the first it cures."""
    for attack in standing + list(module.ATTACKS):
        if module.cures(remedy, attack):
            return attack
    return module.ATTACKS[0]


def _distance(hand: tuple[Any, ...], module: Any) -> Any:
    """The first distance card in ``hand`` (an Accélérateur is played with one), else 25 km."""
    return next((c for c in hand if module.KIND[c] is module.Kind.DISTANCE), module.KM.index(25))


def _fun_speed(state: State, seat: int, opponent: int, which: fsc.FsCard) -> Action:
    kind = fsc.KIND[which]
    zone = state.zones[seat]
    if kind is fsc.Kind.DISTANCE:
        return fs.LayBorne(seat, which, 0, True)
    if kind is fsc.Kind.ATTACK:
        return fs.Attack(seat, which, opponent, True)
    if kind is fsc.Kind.REMEDY:
        standing = [a for a in (zone.attack, zone.radar) if a is not None]
        return fs.Remedy(seat, which, _cured(fsc, standing, which), True)
    if kind is fsc.Kind.SAFETY:
        return fs.Safety(seat, which)
    if which is fsc.FsCard.ACCELERATOR:
        borne = fsc.FsCard(_distance(state.hands[seat], fsc))
        return fs.LayBorne(seat, borne, 1, True)
    if which is fsc.FsCard.HELICOPTER:
        return fs.Helicopter(seat, opponent)
    if which is fsc.FsCard.POLICE:
        theirs = state.hands[opponent]
        return fs.Police(seat, opponent, theirs[0] if theirs else which, which)
    simple: dict[fsc.FsCard, type] = {
        fsc.FsCard.MIRROR: fs.Mirror,
        fsc.FsCard.U_TURN: fs.UTurn,
        fsc.FsCard.TRASH: fs.Trash,
    }
    return simple[which](seat)


def _as_du_volant(state: State, seat: int, opponent: int, which: avc.AvCard) -> Action:
    kind = avc.KIND[which]
    car = state.cars[seat]
    if kind is avc.Kind.DISTANCE:
        return av.Move(seat, which, False, False)
    if kind is avc.Kind.ATTACK:
        return av.Attack(seat, which, opponent)
    if kind is avc.Kind.REMEDY:
        standing = ([car.attack] if car.attack else []) + ([avc.AvCard.SPEED_LIMIT] * car.limit)
        return av.Remedy(seat, which, _cured(avc, standing, which))
    if kind is avc.Kind.SAFETY:
        return av.Safety(seat, which)
    if which is avc.AvCard.ACCELERATION:
        return av.Move(seat, avc.AvCard(_distance(state.hands[seat], avc)), True, False)
    if which is avc.AvCard.TURBO:
        return av.Turbo(seat)
    return av.UTurn(seat)


# --- the public table of each family --------------------------------------------------------


def table(state: State, seat: int | None) -> JsonDict:
    """Everything on the table that every seat sees, in the family's shape."""
    top = state.discard_pile[-1] if state.discard_pile else None
    common: JsonDict = {
        "draw_pile": len(state.draw_pile),
        "discard_top": card(state, top) if top is not None else None,
        "discard_size": len(state.discard_pile),
        "hand_sizes": [len(hand) for hand in state.hands],
    }
    name = family(state)
    if name == CLASSIC:
        return {**common, **_classic_table(state, seat)}
    if name == FUN_SPEED:
        return {**common, **_fun_speed_table(state)}
    return {**common, **_as_du_volant_table(state)}


def _classic_table(state: ClassicState, seat: int | None) -> JsonDict:
    teams = []
    for team, tableau in enumerate(state.tableaus):
        teams.append(
            {
                "team": team,
                "seats": list(state.members(team)),
                "yours": seat is not None and state.team_of(seat) == team,
                "battle": card(state, tableau.battle_top) if tableau.battle_top else None,
                "battle_size": len(tableau.battle),
                "speed": card(state, tableau.speed_top) if tableau.speed_top else None,
                "distance": cards(state, tableau.distance),
                "km": tableau.km,
                "safeties": [
                    {**card(state, c), "coup_fourre": c in tableau.coups_fourres}
                    for c in tableau.safeties
                ],
                "rolling": tableau.is_rolling(),
                "match": state.scores[team],
            }
        )
    return {
        "round": state.round_number,
        "goal": state.goal,
        "match_target": state.rules.match_target,
        "extended": state.extended_by is not None,
        "pending": card(state, state.pending_hazard) if state.pending_hazard else None,
        "teams": teams,
    }


def _fun_speed_table(state: State) -> JsonDict:
    zones = []
    for seat, zone in enumerate(state.zones):
        zones.append(
            {
                "seat": seat,
                "bornes": [
                    {**card(state, borne), "accelerators": boost} for borne, boost in zone.distance
                ],
                "km": zone.km,
                "borne_km": zone.borne_km,
                "safeties": [
                    {**card(state, c), "coup_fourre": c in zone.coups_fourres}
                    for c in zone.safeties
                ],
                "attack": card(state, zone.attack) if zone.attack is not None else None,
                "radar": card(state, zone.radar) if zone.radar is not None else None,
            }
        )
    return {
        "goal": fsc.DATA.goal_for(state.players),
        "removed": len(state.removed),
        "pending": card(state, state.pending) if state.pending is not None else None,
        "source": state.source,
        "layer": state.layer,
        "zones": zones,
    }


def _as_du_volant_table(state: State) -> JsonDict:
    board = state.board
    main = board.main
    on_main = set(main)
    squares = []
    for square in board.squares:
        lanes: list[int | None] = [None] * state.lanes(square.id)
        for seat, car in enumerate(state.cars):
            if car.square == square.id and car.lane < len(lanes):
                lanes[car.lane] = seat
        squares.append(
            {
                "id": square.id,
                "km": square.km,
                "lanes": lanes,
                "limit": square.limit,
                "bonus": square.bonus,
                "next": square.next,
                "shortcut": square.shortcut,
                "main": square.id in on_main,
            }
        )
    cars = []
    for seat, car in enumerate(state.cars):
        cars.append(
            {
                "seat": seat,
                "square": car.square,
                "lane": car.lane,
                "km": board.squares[car.square].km,
                "attack": card(state, car.attack) if car.attack is not None else None,
                "limit": car.limit,
                "safeties": [
                    {**card(state, c), "coup_fourre": c in car.coups_fourres} for c in car.safeties
                ],
                "laid_200": car.laid_200,
            }
        )
    return {
        "goal": state.goal,
        "board": board.name,
        "main": list(main),
        "start": board.start,
        "finish": board.finish,
        "squares": squares,
        "cars": cars,
        "supply": {token.name: n for token, n in zip(avc.TOKENS, state.supply, strict=True)},
        "plays_left": state.plays,
        "taken": card(state, state.taken) if state.taken is not None else None,
        "pending": card(state, state.pending) if state.pending is not None else None,
        "mover": state.mover,
        "max_200": avc.DATA.max_200,
    }


def card_kind(state: State, card_id: str) -> Any:
    """The card kind of ``state``'s family named ``card_id``; ValueError naming the field."""
    if not isinstance(card_id, str):
        raise ValueError(f"card: a card ID, not {card_id!r}")
    name = family(state)
    kinds: Any = Card if name == CLASSIC else fsc.FsCard if name == FUN_SPEED else avc.AvCard
    if card_id not in kinds.__members__:
        raise ValueError(f"card: unknown card {card_id[:20]!r}")
    return kinds[card_id]


def names_fr(state: State) -> dict[str, str]:
    """Every card kind of ``state``'s edition by ID, with its French name (the edition's own)."""
    name = family(state)
    kinds: Any = Card if name == CLASSIC else fsc.FsCard if name == FUN_SPEED else avc.AvCard
    return {which.name: str(card(state, which)["fr"]) for which in kinds}


def car_route(before: State, action: Action, after: State) -> list[int] | None:
    """The squares an As du Volant car went through, in order, when ``action`` moved it:
    the move's route (``rules.route``, AV-MOVE-EXACT), then its bonus move when it made one
    (AV-BONUS); None for any other action."""
    if not isinstance(action, av.Move):
        return None
    path = route(before, action)
    if path is None:
        return None
    squares = list(path)
    landed = after.cars[action.seat].square
    bonus = before.board.squares[path[-1]].bonus
    if landed != path[-1] and bonus:
        extra = before.board.route(path[-1], bonus // avc.SQUARE_KM, False, before.goal)
        squares += list(extra or ())
    return squares


def over(state: State) -> bool:
    """The game (a classic round) is over: nothing to play until the next deal."""
    if family(state) == CLASSIC:
        return bool(state.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER))
    return api.actor(state) is None
