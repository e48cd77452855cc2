"""Conformance cases for the As du Volant family: step, rejection, legal and trace.

The cases follow the classic case format (spec/conformance/format.md) with
``edition`` ``as-du-volant``, states and actions in the family's JSON, and the
board in every state and trace (a board file's fields, BOARD-FILE). They live in
``conformance/families/as-du-volant/`` with an index, written by
``python -m millebornes.conformance.family_suites`` (with the kinds every family has).

Every seat count plays one seeded game with an option set of its own (the
policy is Python's ``random.Random(players)``, moving when it can nine times in
ten): a trace per game, the legal actions at the first state of each phase,
a step for the first action of each kind, and for every rule of the
precondition tables the first action that breaks it alone. Arranged positions
add the rejections random games never reach, and a constructed game on a
second board read from a file (``boards/plain.json``) adds a coup-fourré, a
Turbo and a Demi-tour.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from typing import Any

from millebornes._spec import spec_dir
from millebornes.conformance import family_suite
from millebornes.conformance.family_suite import (
    Family,
    malformed_action,
    rejection,
    with_trace,
)
from millebornes.core.shuffle import shuffled
from millebornes.families.asduvolant.actions import (
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
from millebornes.families.asduvolant.arrange import car, position
from millebornes.families.asduvolant.cards import ATTACKS, DATA, KIND, KM, AvCard, Kind
from millebornes.families.asduvolant.engine import (
    _broken,
    apply,
    legal_actions,
    new_game,
)
from millebornes.families.asduvolant.family import AS_DU_VOLANT
from millebornes.families.asduvolant.rules import TABLE_NAME, route, table_of
from millebornes.families.asduvolant.scoring import game_points
from millebornes.families.asduvolant.serialize import (
    ACTION_TYPES,
    action_to_dict,
    state_to_dict,
)
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes.families.asduvolant.track import (
    FORMAT,
    Board,
    board_from_dict,
    default_board,
    load_board,
)

C = AvCard
# The generator's name as its cases record it (provenance.generator): a stable name of
# this suite, kept when the module moved so that the cases stay byte-identical.
FAMILY = Family("as-du-volant", "millebornes.asduvolant.suite")
FOLDER = FAMILY.folder
JsonDict = dict[str, Any]
PLAIN_BOARD = "families/as-du-volant/boards/plain.json"

SEAT_OPTIONS: dict[int, tuple[str, ...]] = {
    2: ("goal_700",), 3: ("bonus",), 4: (), 5: ("accelerated",), 6: ("points_5000",),
}  # fmt: skip
"""The option set each seat count's game is played with, so every option has a game."""

TABLES: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = tuple(
    (name, table_of(kind)) for kind, name in TABLE_NAME.items()
)
"""Every precondition table of the family, by name."""

GAME_RULES = ("AV-BOX", "ASM-AV-COUNTS", "AV-TOKENS", "AV-SEATS", "AV-DEAL",
              "RUL-AV-FIRST-PLAYER", "AV-GOAL", "AV-HAND-SIX", "AV-TURN-ORDER", "AV-NO-ROLL",
              "BOARD-SQUARES", "BOARD-LANES", "BOARD-DARK-LANE", "BOARD-FILE",
              "RUL-AV-BOARD-FILE", "AV-WINNER")  # fmt: skip
"""Rules every whole game exercises, besides the rows of the tables its actions pass."""

OPTION_RULES = {
    "goal_700": ("RUL-AV-700",),
    "accelerated": ("AV-ACCELERATED", "RUL-AV-ACCELERATED"),
    "points_5000": ("AV-POINTS", "RUL-AV-KM-SCORE"),
    "bonus": ("AV-POINTS", "AV-BONUS-GAME", "RUL-AV-KM-SCORE", "RUL-AV-BONUS-STACK"),
    "small_deck": ("AV-SMALL-DECK", "RUL-AV-SMALL-DECK"),
}

VIEW_RULES = frozenset({"AV-HANDS-SECRET"})
"""Rules on what a seat is shown: the protocol exchanges whole states, so no case can
check them (tests/test_bots.py and the adapters' tests do)."""

_EFFECTS = {
    DrawDiscard: ("AV-DISCARD-TAKE", "AV-DISCARD-PLAY", "RUL-AV-DISCARD-PLAYABLE"),
    Move: ("AV-MOVE-EXACT", "RUL-AV-LANE"),
    Attack: ("AV-ATTACK",),
    Remedy: ("AV-REMEDY",),
    Safety: ("AV-SAFETY", "RUL-AV-SAFETY-CURES"),
    Turbo: ("AV-TURBO", "RUL-AV-TURBO"),
    Discard: ("RUL-AV-DISCARD", "RUL-AV-DECLARE"),
    EndTurn: ("AV-ACCELERATED",),
    CoupFourre: ("AV-CF", "AV-CF-TURN"),
    UTurn: ("AV-UTURN", "RUL-AV-UTURN-COUNTS", "AV-TURN-ORDER"),
    Pass: ("AV-PASS",),
}
"""The rules each kind of action's transition carries out, besides its table's rows."""


def table_ids(action: AvAction) -> tuple[str, ...]:
    """The rule IDs of the table that judges ``action`` (all rows, in order)."""
    return tuple(dict.fromkeys(rule_id for rule_id, _ in table_of(type(action))))


def effect_ids(before: AvState, action: AvAction, after: AvState) -> tuple[str, ...]:
    """The rules the step from ``before`` to ``after`` exercises beyond its table."""
    ids = list(_EFFECTS.get(type(action), ()))
    squares = before.board.squares
    if isinstance(action, Move):
        here = before.cars[action.seat]
        path_end = after.cars[action.seat].square
        ids += ["AV-ACCEL"] if action.accelerated else []
        ids += ["BOARD-SHORTCUT", "AV-SHORTCUT"] if action.shortcut else []
        ids += ["BOARD-LIMIT", "AV-LIMIT-SQUARE"] if squares[here.square].limit else []
        ids += ["AV-LIMIT-TOKEN"] if here.limit else []
        if any(squares[s].bonus for s in (path_end, *_landing(before, action))):
            ids += ["BOARD-BONUS", "AV-BONUS", "RUL-AV-BONUS"]
    if isinstance(action, Attack):
        target = before.cars[action.target]
        ids += ["AV-STACK"] if target.attack or target.limit else []
    if isinstance(action, Remedy) and action.card is C.TOW_TRUCK:
        ids.append("AV-TOW-TRUCK")
    if after.phase is AvPhase.COUP_FOURRE:
        ids.append("RUL-AV-CF-WINDOW")
    if after.phase is AvPhase.U_TURN or before.phase is AvPhase.U_TURN:
        ids.append("RUL-AV-UTURN-WINDOW")
    if after.reshuffles > before.reshuffles:
        ids += ["AV-RESHUFFLE", "RUL-AV-RESHUFFLE-SEED"]
    return tuple(ids)


def _landing(state: AvState, action: Move) -> tuple[int, ...]:
    """The square the card alone reaches (a bonus may move the car on from it)."""
    path = route(state, action)
    return path[-1:] if path else ()


def _game_ids(states: list[AvState], actions: list[AvAction]) -> set[str]:
    """Every rule a whole game exercises: the game's, the options', each step's, its end's."""
    first, final = states[0], states[-1]
    ids = set(GAME_RULES)
    ids.add("ASM-AV-LAYOUT" if first.board == default_board() else "BOARD-FILE")
    if first.players in DATA.option_seats["small_deck"]:  # the whole box unless chosen
        ids.add("RUL-AV-SMALL-DECK")
    for option in first.options:
        ids.update(OPTION_RULES[option])
    for before, action, after in zip(states, actions, states[1:], strict=False):
        ids.update(table_ids(action), effect_ids(before, action, after))
    goal = final.board.goal_square(final.goal)
    won = any(c.square == goal for c in final.cars)
    ids.update(("AV-END-FINISH",) if won else ("AV-END-STUCK", "RUL-AV-DECLARE"))
    ids.update(("RUL-AV-FARTHEST-TIE",) if len(final.winners) > 1 else ())
    return ids


def _policy(state: AvState, rng: random.Random) -> AvAction:
    legal = legal_actions(state)
    moves = [a for a in legal if isinstance(a, Move)]
    return rng.choice(moves) if moves and rng.random() < 0.9 else rng.choice(legal)


def _playout(
    players: int, options: tuple[str, ...] | None = None
) -> tuple[tuple[AvCard, ...], list[AvState], list[AvAction]]:
    chosen = SEAT_OPTIONS[players] if options is None else options
    deck = shuffled(DATA.deck(players, chosen), players)
    state = new_game(players, deck=deck, seed=players, options=chosen)
    rng = random.Random(players)
    states, actions = [state], []
    while state.actor is not None:
        action = _policy(state, rng)
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return deck, states, actions


def _case(kind: str, slug: str, state: AvState, ids: Iterable[str], text: str) -> JsonDict:
    return FAMILY.case(kind, slug, state.players, ids, text, options=_options(state))


def _options(state: AvState) -> list[str]:
    seat_options = [o for o in SEAT_OPTIONS[state.players] if o in state.options]
    return seat_options if len(seat_options) == len(state.options) else sorted(state.options)


def family_cases() -> list[JsonDict]:
    """Every case of the family's suite, in a fixed order."""
    cases: list[JsonDict] = []
    stepped: set[str] = set()
    rejected: set[str] = set()
    for players in DATA.seats:
        deck, states, actions = _playout(players)
        text = f"a whole random game, {len(actions)} actions"
        cases.append(_trace("game", deck, states, actions, (_game_ids(states, actions), text)))
        seen_phases: set[AvPhase] = set()
        for step, (state, action) in enumerate(zip(states, actions, strict=False)):
            if state.phase not in seen_phases:
                seen_phases.add(state.phase)
                legal = legal_actions(state)
                text = f"the {len(legal)} legal actions of seat {state.actor} in that phase"
                legal_ids = tuple(i for a in legal for i in table_ids(a))
                case = _case("legal", state.phase.value.replace("_", "-"), state, legal_ids, text)
                case["input"] = {"state": state_to_dict(state)}
                case["expected"] = {"actions": [action_to_dict(a) for a in legal]}
                cases.append(case)
            kind = ACTION_TYPES[type(action)]
            if kind not in stepped:
                stepped.add(kind)
                ids = (*table_ids(action), *effect_ids(state, action, states[step + 1]))
                text = f"{kind} by seat {action.seat} is applied (step {step})"
                case = _case("step", kind.replace("_", "-"), state, ids, text)
                case["input"] = {"state": state_to_dict(state), "action": action_to_dict(action)}
                case["expected"] = {"outcome": "applied", "state": state_to_dict(states[step + 1])}
                cases.append(case)
            if step % 7 == 0 or state.phase is not AvPhase.PLAY:
                cases += _rejections(state, rejected)
    for state in _arranged():
        cases += _rejections(state, rejected)
    cases += [_small_deck_game(players) for players in DATA.option_seats["small_deck"]]
    constructed = [*_blocked_ends(), *_uturn_ends(), *_discards_refused(), _coup_fourre_turn()]
    constructed += [*_end_turns_refused(), *_others_discards(), *_acceleration_taken()]
    constructed += [*_uturn_counts(), *_lanes_and_goal(), *_more_pinned()]
    constructed += [*_shortcut_moves_and_a_malformed_move(), *_uturn_passes_and_a_long_board()]
    constructed += [*_same_move_asked_twice(), *_doubled_without_acceleration()]
    constructed += _turbo_back_in_its_own_turn()
    return [*cases, *constructed, _constructed()]


def _small_deck_game(players: int) -> JsonDict:
    """AV-SMALL-DECK: a whole game dealt from the box less one of each attack, chosen as an
    option (a trace: its deck is the small one, so a full-box engine refuses it)."""
    options = (*SEAT_OPTIONS[players], "small_deck")
    deck, states, actions = _playout(players, options)
    text = f"a whole random game with the small deck, {len(actions)} actions"
    return _trace("small-deck", deck, states, actions, (_game_ids(states, actions), text))


JUNK = (C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE, C.SPARE_TIRE, C.SPARE_TIRE, C.END_OF_LIMIT)
"""A hand that cures nothing on a car stopped by an Accident or a Feu Rouge: no play."""


def _constructed_step(slug: str, state: AvState, action: AvAction, extra: Iterable[str],
                      text: str) -> JsonDict:  # fmt: skip
    """A step case from an arranged position: ``action`` applied, the rules it exercises."""
    after = apply(state, action)
    ids = (*table_ids(action), *effect_ids(state, action, after), *extra)
    case = _case("step", slug, state, ids, text)
    case["input"] = {"state": state_to_dict(state), "action": action_to_dict(action)}
    case["expected"] = {"outcome": "applied", "state": state_to_dict(after)}
    case["provenance"] = {"generator": FAMILY.generator, "method": "constructed", "seed": 0}
    return case


def _blocked_ends() -> list[JsonDict]:
    """AV-END-STUCK, RUL-AV-DECLARE: the last of a round of blocked turns ends the game, the
    draw pile never having run out (reshuffles 0); the farthest car wins, cars equally far
    share the win (random games end on the finish)."""
    stopped = {0: car(5, attack=C.ACCIDENT), 1: car(3, 0, attack=C.STOP)}
    three = {**stopped, 2: car(4, 0, attack=C.ACCIDENT)}
    tied = {0: car(5, attack=C.ACCIDENT), 1: car(5, 1, attack=C.STOP)}
    ends = (
        ("blocked-end", position(hands={0: JUNK}, cars=stopped, stuck=1), "two players"),
        ("blocked-end", position(3, hands={0: JUNK}, cars=three, stuck=2), "three players"),
        ("blocked-end-tie", position(hands={0: JUNK}, cars=tied, stuck=1), "a shared win"),
    )
    going = position(hands={0: JUNK}, cars=stopped)
    found = [_constructed_step("blocked-turn", going, Discard(0, C.ROLL), ("AV-END-STUCK",),
                               "a blocked turn before any reshuffle counts")]  # fmt: skip
    for slug, state, about in ends:
        text = f"a round of blocked turns before any reshuffle ends the game ({about})"
        extra = ("AV-END-STUCK", "AV-WINNER", *(("RUL-AV-FARTHEST-TIE",) * (slug[-3:] == "tie")))
        found.append(_constructed_step(slug, state, Discard(0, C.ROLL), extra, text))
    return found


def _uturn_ends() -> list[JsonDict]:
    """RUL-AV-UTURN-COUNTS: a Demi-tour ends the mover's turn, a Turbo's play left included;
    the mover trims to six, then the player on the mover's left plays."""
    mover = [C.TURBO, C.D25, C.D50, C.D75, C.D100, C.D200, C.ACCELERATION]
    holder = [C.U_TURN, C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE]
    turbo = position(3, hands={0: mover, 2: holder})
    window = apply(apply(turbo, Turbo(0)), Move(0, C.D50, False, False))
    trim = apply(window, UTurn(2))
    accelerated = position(3, hands={0: mover[1:], 1: holder}, options=frozenset({"accelerated"}))
    accelerated_window = apply(accelerated, Move(0, C.D25, False, False))
    extra = ("AV-TURBO", "RUL-AV-TURBO")
    return [
        _constructed_step("uturn-after-turbo", window, UTurn(2), extra,
                          "a Demi-tour after a Turbo move: the mover loses the second play"),
        _constructed_step("uturn-trim", trim, Discard(0, C.D200), extra,
                          "the mover trims to six, then the mover's left plays"),
        _constructed_step("uturn-accelerated", accelerated_window, UTurn(1), (),
                          "a Demi-tour ends a turn of the jeu accéléré"),
    ]  # fmt: skip


def _coup_fourre_turn() -> JsonDict:
    """AV-CF-TURN at four players: the coup-fourré player (seat 2) plays next, seat 1 loses
    its turn (at two players the attacker's left is the coup-fourré player anyway)."""
    hands = {0: [C.ACCIDENT, C.STOP, C.D25, C.D50, C.D75, C.ROLL, C.ROLL],
             2: [C.DRIVING_ACE, C.D25, C.D50, C.D75, C.D100, C.ROLL]}  # fmt: skip
    window = apply(position(4, hands=hands), Attack(0, C.ACCIDENT, 2))
    text = "a coup-fourré: the seats between the attacker and its player lose their turn"
    return _constructed_step("cf-turn", window, CoupFourre(2, C.DRIVING_ACE), (), text)


def _discards_refused() -> list[JsonDict]:
    """RUL-AV-DISCARD: no discard while a card of the hand can be played (a move, an attack,
    a cure, a Turbo)."""
    rest = [C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.REPAIRS, C.ROLL]
    flat = {0: car(0, attack=C.FLAT_TIRE)}
    states = (
        ("move", position(3, hands={0: [C.D25, *rest]})),
        ("attack", position(3, hands={0: [C.ACCIDENT, *rest]})),
        ("cure", position(3, hands={0: [C.SPARE_TIRE, *rest]}, cars=flat)),
        ("turbo", position(3, hands={0: [C.TURBO, *rest]})),
    )  # fmt: skip
    found = []
    for slug, state in states:
        action = Discard(0, C.ROLL)
        broken = _broken(state, action)
        assert broken == ("RUL-AV-DISCARD",)
        text = f"a discard is refused while a card can be played ({slug})"
        case = _case("step", f"rul-av-discard-{slug}", state, broken, text)
        case["provenance"] = {"generator": FAMILY.generator, "method": "constructed", "seed": 0}
        found.append(rejection(case, state_to_dict(state), action_to_dict(action), broken))
    return found


def _refused(slug: str, state: AvState, action: AvAction, text: str) -> JsonDict:
    """A rejection case from an arranged position: ``action`` breaks what the tables say."""
    broken = _broken(state, action)
    assert broken, f"{slug}: the reference accepts it"
    case = _case("step", slug, state, broken, f"{ACTION_TYPES[type(action)]} is refused: {text}")
    case["provenance"] = {"generator": FAMILY.generator, "method": "constructed", "seed": 0}
    return rejection(case, state_to_dict(state), action_to_dict(action), broken)


def _legal(slug: str, state: AvState, text: str) -> JsonDict:
    """A legal-actions case from an arranged position."""
    legal = legal_actions(state)
    case = _case("legal", slug, state, (i for a in legal for i in table_ids(a)), text)
    case["input"] = {"state": state_to_dict(state)}
    case["expected"] = {"actions": [action_to_dict(a) for a in legal]}
    case["provenance"] = {"generator": FAMILY.generator, "method": "constructed", "seed": 0}
    return case


# The cases below pin what the mechanical run (conformance/mechanical-as-du-volant.json)
# found no case pinned: each names the changes of the engine it tells apart.


def _end_turns_refused() -> list[JsonDict]:
    """AV-ACCELERATED: a turn ends by choice only in the jeu accéléré and at its play step:
    not after a Turbo in a plain game, not in a coup-fourré window, not once it is over."""
    turbo = apply(position(hands={0: [C.TURBO, C.D25, C.D50, C.ROLL, C.ROLL, C.ROLL]}), Turbo(0))
    fast = frozenset({"accelerated"})
    hands = {0: [C.ACCIDENT, C.D25, C.D50, C.ROLL, C.ROLL, C.ROLL],
             1: [C.DRIVING_ACE, C.D25, C.D50, C.D75, C.ROLL, C.ROLL]}  # fmt: skip
    window = apply(position(3, hands=hands, options=fast), Attack(0, C.ACCIDENT, 1))
    stuck = position(hands={0: JUNK[1:]}, cars={0: car(5, attack=C.ACCIDENT)}, stuck=1,
                     options=fast)  # fmt: skip
    over = apply(apply(stuck, Discard(0, C.ROLL)), EndTurn(0))  # a blocked turn ends it
    assert over.phase is AvPhase.OVER
    return [
        _refused("av-accelerated-after-turbo", turbo, EndTurn(0), "a plain game after a Turbo"),
        _refused("av-accelerated-cf-window", window, EndTurn(1), "a coup-fourré window"),
        _refused("av-accelerated-over", over, EndTurn(0), "the game is over"),
    ]


def _others_discards() -> list[JsonDict]:
    """AV-ACTOR: another seat's discard is refused for that alone, whether or not the turn
    player could play (the discard rule asks about the seat that discards)."""
    hand = [C.D25, C.D50, C.ROLL, C.ROLL, C.ROLL, C.ROLL]
    found = [
        _refused(f"av-actor-discard-seat-{seat}", position(3, actor=turn, hands={turn: hand}),
                 Discard(seat, C.REPAIRS), f"seat {seat} is not the turn player, who could play")
        for turn, seat in ((1, 0), (1, 2), (0, 1))
    ]  # fmt: skip
    return found


def _acceleration_taken() -> list[JsonDict]:
    """AV-DISCARD-PLAY, RUL-AV-DISCARD-PLAYABLE: an Accélération taken from the discard pile
    is played with a distance card, a doubled move; it may be taken when the only doubled
    move is through a shortcut (seat 0 on square 12, the main route full at square 13);
    without a distance card to double it may not, though the hand holds a Turbo it could
    play (the plays of the card taken are the Accélération's alone)."""
    hand = [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS]
    turbo = [C.TURBO, C.ROLL, C.ROLL, C.GASOLINE, C.REPAIRS, C.SPARE_TIRE]
    no_distance = position(phase=AvPhase.DRAW, discard=[C.ACCELERATION], hands={0: turbo})
    drawing = position(phase=AvPhase.DRAW, discard=[C.ACCELERATION], hands={0: hand})
    taken = apply(drawing, DrawDiscard(0))
    blocked = {0: car(12), 1: car(13, 0), 2: car(13, 1)}
    entry = position(3, phase=AvPhase.DRAW, discard=[C.ACCELERATION], hands={0: hand},
                     cars=blocked)  # fmt: skip
    return [
        _legal("acceleration-on-top", drawing, "an Accélération on the discard pile, a move open"),
        _constructed_step("acceleration-take", drawing, DrawDiscard(0), (),
                          "taking an Accélération that doubles a move on the main route"),
        _legal("acceleration-taken", taken, "after taking an Accélération: doubled moves"),
        _refused("av-discard-play-plain-move", taken, Move(0, C.D25, False, False),
                 "the Accélération taken must be played"),
        _constructed_step("acceleration-taken-move", taken, Move(0, C.D50, True, False), (),
                          "the Accélération taken doubles a move"),
        _legal("acceleration-shortcut", entry,
               "an Accélération whose only doubled move takes the shortcut may be taken"),
        _constructed_step("acceleration-shortcut-take", entry, DrawDiscard(0), (),
                          "taking an Accélération playable through the shortcut"),
        _legal("acceleration-shortcut-only", apply(entry, DrawDiscard(0)),
               "square 13 is full at three players (two lanes): only the shortcut is open"),
        _legal("acceleration-no-distance", no_distance,
               "an Accélération on the discard pile and no distance card in hand"),
        _refused("rul-av-discard-playable-acceleration", no_distance, DrawDiscard(0),
                 "no distance card for the Accélération to double (a Turbo does not count)"),
    ]  # fmt: skip


def _uturn_counts() -> list[JsonDict]:
    """AV-UTURN: the move cancelled counts for nothing, its 100 or 200 included, whatever the
    car had laid before (a second and a third 100, a second 200)."""
    found = []
    for card, laid in ((C.D100, {"laid_100": 1}), (C.D100, {"laid_100": 2}),
                       (C.D200, {"laid_200": 1})):  # fmt: skip
        count = sum(laid.values())
        mover = car(1 + count, 0, laid_distance=count, **laid)
        hands = {0: [card, C.D25, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE],
                 1: [C.U_TURN, C.D25, C.D50, C.ROLL, C.SPARE_TIRE, C.SPARE_TIRE]}  # fmt: skip
        window = apply(position(hands=hands, cars={0: mover}), Move(0, card, False, False))
        assert window.phase is AvPhase.U_TURN
        nth = ("second", "third")[count - 1]
        found.append(_constructed_step(
            f"uturn-{card.name.lower()}-{count + 1}", window, UTurn(1), (),
            f"a Demi-tour cancels the car's {nth} {KM[card]} km card"))  # fmt: skip
    return found


def _lanes_and_goal() -> list[JsonDict]:
    """BOARD-DARK-LANE: a dark lane is used from four players on, and at two or three a
    square of two lanes, one dark, holds one car; RUL-AV-700: no move past 700 km; AV-CF-TURN
    in the jeu accéléré (no trim: the attacker holds five); AV-PASS: the second holder of a
    Demi-tour is asked when the first passes."""
    four = position(4, hands={0: [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE]},
                    cars={0: car(12), 1: car(13, 0), 2: car(13, 1)})  # fmt: skip
    narrow = _plain_board(lanes={1: (2, 1)})
    one_lane = position(3, hands={0: [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE]},
                        cars={1: car(1, 0)}, board=narrow)  # fmt: skip
    seven = frozenset({"goal_700"})
    near = position(hands={0: [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE]},
                    cars={0: car(27)}, options=seven)  # fmt: skip
    hands = {0: [C.ACCIDENT, C.D25, C.D50, C.ROLL, C.ROLL, C.ROLL],
             1: [C.DRIVING_ACE, C.D25, C.D50, C.D75, C.ROLL, C.ROLL]}  # fmt: skip
    fast = position(3, hands=hands, options=frozenset({"accelerated"}))
    window = apply(fast, Attack(0, C.ACCIDENT, 1))
    holders = {0: [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE],
               1: [C.U_TURN, C.D25, C.ROLL, C.SPARE_TIRE, C.SPARE_TIRE, C.REPAIRS],
               2: [C.U_TURN, C.D50, C.ROLL, C.REPAIRS, C.REPAIRS, C.GASOLINE]}  # fmt: skip
    asked = apply(position(3, hands=holders), Move(0, C.D25, False, False))
    speed = [C.D25, C.D50, C.ACCELERATION, C.ROLL, C.GASOLINE, C.GASOLINE]
    limit_75 = position(hands={0: speed}, cars={0: car(6, laid_distance=1)})  # square 6: 75
    limit_50 = position(hands={0: speed}, cars={0: car(10, laid_distance=1)})  # square 10: 50
    assert asked.phase is AvPhase.U_TURN and asked.actor == 1
    return [
        _constructed_step("dark-lane", four, Move(0, C.D25, False, False), ("BOARD-DARK-LANE",),
                          "at four players the dark lane of a full square is free"),
        _refused("av-no-passing-one-lane", one_lane, Move(0, C.D25, False, False),
                 "at three players a square of two lanes, one dark, holds one car"),
        _refused("av-move-exact-past-700", near, Move(0, C.D50, False, False),
                 "the race to 700 km ends on the 700 km square"),
        _legal("goal-700-near", near, "no move goes past 700 km"),
        _constructed_step("cf-accelerated", window, CoupFourre(1, C.DRIVING_ACE), (),
                          "a coup-fourré in the jeu accéléré: the turn passes, no trim"),
        _constructed_step("uturn-second-holder", asked, Pass(1), (),
                          "the first holder of a Demi-tour passes: the second is asked"),
        _constructed_step("accelerated-on-75", limit_75, Move(0, C.D25, True, False), (),
                          "on a 75 km limit square a doubled 25 km (50 km) is allowed"),
        _constructed_step("accelerated-on-50", limit_50, Move(0, C.D25, True, False), (),
                          "on a 50 km limit square a doubled 25 km (50 km) is allowed"),
    ]  # fmt: skip


def _more_pinned() -> list[JsonDict]:
    """AV-CF: the safety of the pending attack, no other; AV-ACCELERATED in a Demi-tour
    window; RUL-AV-DISCARD when the one move left takes the shortcut; AV-END-STUCK's tie
    between a car on the shortcut and one on the main route at the same km; RUL-AV-TURBO: a
    coup-fourré cutting a Turbo short (the coup-fourré player draws back to six at once),
    and a trim from eight cards (two Turbos) that needs two discards."""
    junk = [C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE]
    safeties = {0: [C.STOP, C.D25, *junk], 1: [C.RIGHT_OF_WAY, C.EXTRA_TANK, *junk]}
    cf_window = apply(position(hands=safeties), Attack(0, C.STOP, 1))
    fast = frozenset({"accelerated"})
    holders = {0: [C.D25, C.D50, *junk], 1: [C.U_TURN, C.D25, C.D50, *junk[1:]]}
    uturn_window = apply(position(hands=holders, options=fast), Move(0, C.D25, False, False))
    blocked = {0: car(12), 1: car(13, 0), 2: car(13, 1)}
    shortcut_only = position(3, hands={0: [C.D25, *junk, C.REPAIRS]}, cars=blocked)
    far = {0: car(14, 0, attack=C.ACCIDENT), 1: car(41, 0, attack=C.STOP)}  # both 350 km
    tie = position(hands={0: JUNK}, cars=far, stuck=1)
    turbo_hand = [C.TURBO, C.ACCIDENT, C.D25, C.D50, *junk[:3]]
    cut = apply(position(hands={0: turbo_hand, 1: [C.DRIVING_ACE, C.D25, *junk]}), Turbo(0))
    cut = apply(cut, Attack(0, C.ACCIDENT, 1))
    two_turbos = [C.TURBO, C.TURBO, C.D25, C.D50, *junk[:3]]
    trim = apply(position(hands={0: two_turbos, 1: [C.U_TURN, C.D25, *junk]}), Turbo(0))
    trim = apply(apply(apply(trim, Turbo(0)), Move(0, C.D25, False, False)), UTurn(1))
    assert trim.phase is AvPhase.TRIM and len(trim.hands[0]) == 8
    card = trim.hands[0][0]
    return [
        _refused("av-cf-other-safety", cf_window, CoupFourre(1, C.EXTRA_TANK),
                 "a coup-fourré with another safety than the attack's"),
        _refused("av-accelerated-uturn-window", uturn_window, EndTurn(1),
                 "a Demi-tour window of the jeu accéléré"),
        _refused("rul-av-discard-shortcut-only", shortcut_only, Discard(0, C.ROLL),
                 "the one move left takes the shortcut"),
        _constructed_step("blocked-end-tie-shortcut", tie, Discard(0, C.ROLL),
                          ("AV-END-STUCK", "AV-WINNER", "RUL-AV-FARTHEST-TIE"),
                          "cars equally far, one on the shortcut, share the win"),
        _constructed_step("cf-cuts-turbo", cut, CoupFourre(1, C.DRIVING_ACE), ("RUL-AV-TURBO",),
                          "a coup-fourré cuts a Turbo short: the turn player trims to six"),
        _constructed_step("trim-from-eight", trim, Discard(0, card), ("RUL-AV-TURBO",),
                          "a Demi-tour after two Turbos: eight cards, a discard leaves seven"),
    ]  # fmt: skip


def _shortcut_moves_and_a_malformed_move() -> list[JsonDict]:
    """AV-SHORTCUT, AV-ACCEL, AV-MOVE-EXACT: the moves of each distance card, in full, on
    the entry square of the shortcut (square 12) without the Accélération (the plain move
    and the shortcut), with it (those two, each also doubled), and off an entry square with
    it (the plain move and the doubled one, no shortcut); and a move laying an attack card,
    which the state cannot judge: malformed input, not a move to refuse (PROTO-ERRORS, the
    card of a move is a distance card)."""
    junk = [C.ROLL, C.GASOLINE, C.GASOLINE]
    entry = position(hands={0: [C.D25, C.D50, C.D75, *junk]}, cars={0: car(12)})
    boosted = [C.D25, C.D50, C.ACCELERATION, *junk]
    entry_boosted = position(hands={0: boosted}, cars={0: car(12)})
    main_boosted = position(hands={0: boosted}, cars={0: car(2)})
    stop = position(hands={0: [C.D25, C.D50, C.STOP, *junk]})
    action = {"type": "move", "seat": 0, "card": "STOP", "accelerated": False, "shortcut": False}
    text = "a move laying an attack card is malformed input, not an illegal move"
    case = _case("step", "malformed-move-attack-card", stop, ("AV-MOVE-EXACT",), text)
    malformed = malformed_action(case, AS_DU_VOLANT, stop, action)
    malformed["provenance"] = {"generator": FAMILY.generator, "method": "constructed", "seed": 0}
    return [
        _legal("shortcut-entry", entry,
               "on the shortcut's entry square: each card's plain move and its shortcut"),
        _legal("shortcut-entry-accelerated", entry_boosted,
               "on the entry square with the Accélération: each move also doubled"),
        _legal("accelerated-main-route", main_boosted,
               "off an entry square with the Accélération: plain and doubled, no shortcut"),
        malformed,
    ]  # fmt: skip


def _uturn_passes_and_a_long_board() -> list[JsonDict]:
    """AV-PASS, RUL-AV-UTURN-WINDOW: at three players, the second holder of a Demi-tour
    passes after the first did: the move stands and the turn ends (the first, between the
    mover and the second, is not asked again). RUL-AV-LANE, BOARD-FILE: on a board of
    more than 256 squares (BOARD-FILE sets no bound: seven shortcuts, from km 0 to 150 to
    the finish, hold squares 1 to 252, the main route 253 to 292), a car landing beside
    another on square 272 takes lane 1, the lowest left free (and none lands there once
    both lanes are taken, AV-NO-PASSING), and a car reaching the finish,
    square 292, from the end of a shortcut wins (AV-END-FINISH) and, with the option bonus,
    scores its arrival (AV-POINTS): squares are found and compared by their numbers,
    however large."""
    holders = {0: [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE],
               1: [C.U_TURN, C.D25, C.ROLL, C.SPARE_TIRE, C.SPARE_TIRE, C.REPAIRS],
               2: [C.U_TURN, C.D50, C.ROLL, C.REPAIRS, C.REPAIRS, C.GASOLINE]}  # fmt: skip
    last = apply(apply(position(3, hands=holders), Move(0, C.D25, False, False)), Pass(1))
    assert last.phase is AvPhase.U_TURN and last.actor == 2
    # The main route: the start (square 0), then km 25 to 1000 on squares 253 to 292.
    main: list[JsonDict] = [{"id": 0, "km": 0, "lanes": 6, "next": 253}]
    main += [{"id": 252 + i, "km": 25 * i, "lanes": 2, "next": 253 + i} for i in range(1, 41)]
    main[-1]["next"] = None  # the finish
    branches: list[JsonDict] = []
    for entry in main[:7]:  # a shortcut from each of km 0 to 150 to the finish
        first = 1 + len(branches)
        entry["shortcut"] = first
        kms = range(entry["km"] + 25, 1000, 25)
        branches += [{"id": first + i, "km": km, "lanes": 2, "next": first + i + 1}
                     for i, km in enumerate(kms)]  # fmt: skip
        branches[-1]["next"] = 292
    squares = [main[0], *branches, *main[1:]]
    long = board_from_dict({"format": FORMAT, "name": "long-shortcuts", "start": 0,
                            "finish": 292, "squares": squares})  # fmt: skip
    hand = [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE]
    taken = position(hands={0: hand}, cars={0: car(271), 1: car(272, 0)}, board=long)
    full = {0: car(271), 1: car(272, 0), 2: car(272, 1)}
    blocked = position(3, hands={0: hand}, cars=full, board=long)
    assert not any(isinstance(a, Move) for a in legal_actions(blocked))
    home = position(hands={0: hand}, cars={0: car(39)}, board=long)  # a shortcut's end
    assert apply(home, Move(0, C.D25, False, False)).winners == (0,)
    points = frozenset({"bonus"})  # AV-BONUS-GAME: an arrival before any reshuffle scores
    home_points = position(hands={0: hand}, cars={0: car(39)}, board=long, options=points)
    won = apply(home_points, Move(0, C.D25, False, False))
    text = "the points of a game won on square 292 of a long board, with its arrival bonus"
    score = _case("score", "points-finish-on-square-over-256", won,
                  ("AV-WINNER", "AV-BONUS-GAME", "BOARD-FILE"), text)  # fmt: skip
    score["features"] = sorted({*score["features"], "positional"})
    score["input"] = {"state": state_to_dict(won)}
    score["expected"] = AS_DU_VOLANT.score(won)
    score["provenance"] = {"generator": FAMILY.generator, "method": "constructed", "seed": 0}
    return [
        _constructed_step("uturn-every-holder-passed", last, Pass(2), ("RUL-AV-UTURN-WINDOW",),
                          "the last holder of a Demi-tour passes: the move stands"),
        _constructed_step("lane-on-square-over-256", taken, Move(0, C.D25, False, False),
                          ("BOARD-FILE", "BOARD-LANES"),
                          "a car lands beside another on square 272 of a long board: lane 1"),
        _constructed_step("finish-on-square-over-256", home, Move(0, C.D25, False, False),
                          ("BOARD-FILE", "AV-END-FINISH"),
                          "from a shortcut's end to the finish, square 292 of a long board: a win"),
        score,
        _legal("full-square-over-256", blocked,
               "square 272 of a long board full (both lanes taken): no move onto it"),
    ]  # fmt: skip


def _same_move_asked_twice() -> list[JsonDict]:
    """AV-NO-PASSING, RUL-AV-DISCARD: two positions whose legal actions are asked one after
    the other, each judged on its own state alone (PROTO-SESSION). Seat 0 holds one distance
    card, a 25 km, and no Accélération: from the start its move is open; on square 2, with
    square 3 full (two cars, the two lanes in use at three players), it is blocked, so only
    discards are left. The second is asked right after the first, about the same move: its
    route is found again from its own car, not taken over from the position before."""
    hand = [C.D25, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE, C.REPAIRS, C.REPAIRS]
    open_road = position(3, hands={0: hand})
    full = {0: car(2), 1: car(3, 0), 2: car(3, 1)}
    blocked = position(3, hands={0: hand}, cars=full)
    assert not any(isinstance(a, Move) for a in legal_actions(blocked))
    return [
        _legal("one-25-km-open", open_road, "a lone 25 km from the start: the move is open"),
        _legal("one-25-km-blocked-next", blocked,
               "asked next, the same 25 km onto a full square: only discards"),
    ]  # fmt: skip


def _doubled_without_acceleration() -> list[JsonDict]:
    """AV-CARD-IN-HAND, AV-ACCEL: a doubled move needs the Accélération in hand as well as
    the distance card; holding a 50 km card but no Accélération, the car may move 50 km but
    not 100."""
    hand = [C.D25, C.D50, C.ROLL, C.ROLL, C.GASOLINE, C.GASOLINE]
    plain = position(hands={0: hand})
    return [
        _refused("av-card-in-hand-no-acceleration", plain, Move(0, C.D50, True, False),
                 "a doubled move without the Accélération in hand"),
    ]  # fmt: skip


def _turbo_back_in_its_own_turn() -> list[JsonDict]:
    """RUL-AV-TURBO, AV-RESHUFFLE: a Turbo's draw emptied the draw pile, the reshuffle put
    the Turbo back in it, and the same turn drew it and played it again: three Turbos in
    one turn, though the box holds two. Seat 0 holds ten cards with four plays left after
    five cards played, more than the box's two Turbos could give; the state loads and the
    turn goes on (a game from a deal reaches such a turn:
    tests/asduvolant/test_av_serialize.py)."""
    hand = [C.D25, C.D25, C.D50, C.D50, C.D75, C.D100, C.ROLL, C.GASOLINE, C.SPARE_TIRE,
            C.REPAIRS]  # fmt: skip
    third = position(hands={0: hand}, discard=[C.TURBO, C.TURBO], plays=4, played=5,
                     reshuffles=1)  # fmt: skip
    return [
        _constructed_step("turbo-back-from-the-reshuffle", third, Move(0, C.D25, False, False),
                          ("RUL-AV-TURBO", "AV-RESHUFFLE"),
                          "ten cards and four plays left in a turn of three Turbos: a move"),
    ]  # fmt: skip


def _plain_board(lanes: dict[int, tuple[int, int]]) -> Board:
    """The board of ``boards/plain.json`` with some squares' lanes and dark lanes changed."""
    data = json.loads((spec_dir() / PLAIN_BOARD).read_text(encoding="utf-8"))
    for square, (count, dark) in lanes.items():
        data["squares"][square].update(lanes=count, dark_lanes=dark)
    return board_from_dict(data)


ONLY_WITH_ANOTHER = frozenset({"AV-UTURN", "RUL-AV-DISCARD-PLAYABLE", "RUL-AV-CF-WINDOW"})
"""Rows no action breaks alone: a Demi-tour window never asks the mover, a card that may
not be taken from the discard pile has no play either, and out of a coup-fourré window
no attack is pending to match."""


def every_action(state: AvState) -> list[AvAction]:
    """Every well-formed action of every seat: a superset of ``legal_actions``."""
    found: list[AvAction] = []
    for seat in range(state.players):
        found += [DrawPile(seat), DrawDiscard(seat), Turbo(seat), EndTurn(seat)]
        found += [UTurn(seat), Pass(seat)]
        for card in AvCard:
            found.append(Discard(seat, card))
            if KIND[card] is Kind.DISTANCE:
                found += [Move(seat, card, b, c) for b in (False, True) for c in (False, True)]
            elif KIND[card] is Kind.ATTACK:
                found += [Attack(seat, card, t) for t in range(state.players)]
            elif KIND[card] is Kind.REMEDY:
                found += [Remedy(seat, card, a) for a in ATTACKS]
            elif KIND[card] is Kind.SAFETY:
                found += [Safety(seat, card), CoupFourre(seat, card)]
    return found


def _rejections(state: AvState, done: set[str]) -> list[JsonDict]:
    """For each rule not yet covered, the first action that breaks it alone in ``state``."""

    def make(rule: str, action: AvAction, broken: Sequence[str]) -> JsonDict:
        kind = ACTION_TYPES[type(action)]
        slug = f"{rule.lower()}-{kind.replace('_', '-')}"
        case = _case("step", slug, state, broken, f"{kind} is refused: it breaks {rule}")
        return rejection(case, state_to_dict(state), action_to_dict(action), broken)

    def breaks(action: AvAction) -> tuple[str, ...]:
        return _broken(state, action)

    return family_suite.rejections(every_action(state), breaks, ONLY_WITH_ANOTHER, done, make)


def _arranged() -> list[AvState]:
    """Positions for the rejections random games do not reach."""
    attacked = {seat: car(seat + 1, 0, attack=C.ACCIDENT) for seat in range(5)}
    mover = [C.D50, C.D200, C.ACCELERATION, C.TOW_TRUCK, C.ROLL, C.ROLL, C.ACCIDENT]
    return [
        position(6, hands={0: mover}, cars=attacked),  # RUL-AV-TOKEN-SUPPLY
        position(hands={0: mover}, cars={0: car(2, laid_200=2, laid_distance=2)}),  # AV-MAX-200
        position(hands={0: mover}, cars={0: car(6)}),  # AV-ACCEL: 75 km square
        position(hands={0: mover}, cars={0: car(2, limit=True)}),  # RUL-AV-ACCEL-TOKEN
        position(  # AV-UTURN: the mover's own Demi-tour
            3,
            hands={
                0: [C.U_TURN, *mover[:5]],
                1: [C.U_TURN, *mover[5:], C.D25, C.GASOLINE, C.REPAIRS],
            },
            cars={0: car(1, laid_distance=1)},  # the move to take back is counted
            phase=AvPhase.U_TURN,
            actor=1,
            turn=0,
            mover=0,
            origin=(0, 0),
            moved=C.D25,
            played=1,
        ),
        position(hands={0: mover}, cars={0: car(38)}),  # AV-MOVE-EXACT: past the finish
        position(phase=AvPhase.DRAW, discard=[C.TOW_TRUCK], cars={0: car(2, attack=C.STOP)}),
        position(phase=AvPhase.DRAW, discard=[C.ACCIDENT], cars={1: car(3, 0, attack=C.STOP)}),
    ]


def _constructed() -> JsonDict:
    """A short game on the board of ``boards/plain.json``, read from its file: a bonus, a
    Demi-tour window passed, a coup-fourré and its turn, a Turbo, a Demi-tour."""
    board = load_board(spec_dir() / PLAIN_BOARD)
    hands = (
        (C.D50, C.ACCIDENT, C.TURBO, C.D25, C.D75, C.ROLL),
        (C.U_TURN, C.DRIVING_ACE, C.D100, C.D25, C.GASOLINE, C.U_TURN),
    )
    draws = (C.REPAIRS, C.D25, C.SPARE_TIRE, C.GASOLINE, C.D50, C.END_OF_LIMIT, C.ROLL)
    rest = list(DATA.deck(2))
    for card in (*hands[0], *hands[1], *draws):
        rest.remove(card)
    deck = tuple(c for pair in zip(*hands, strict=True) for c in pair) + draws + tuple(rest)
    actions: list[AvAction] = [
        DrawPile(0), Move(0, C.D50, False, False), Pass(1),  # 50 km, +50 bonus: 100 km
        DrawPile(1), Move(1, C.D100, False, False),  # seat 0 holds no Demi-tour
        DrawPile(0), Attack(0, C.ACCIDENT, 1), CoupFourre(1, C.DRIVING_ACE),
        DrawPile(1), Move(1, C.D25, False, False),
        DrawPile(0), Turbo(0), Move(0, C.D25, False, False), UTurn(1),
        Discard(0, C.ROLL),
    ]  # fmt: skip
    states = [new_game(2, deck=deck, board=board)]
    for action in actions:
        states.append(apply(states[-1], action))
    ids = _game_ids(states, actions) - {"AV-END-FINISH", "AV-END-STUCK", "RUL-AV-DECLARE"}
    text = "on a board read from a file: a bonus, a coup-fourré, a Turbo cut by a Demi-tour"
    trace = _trace("board-file", deck, states, actions, (ids, text))
    trace["provenance"] = {"generator": FAMILY.generator, "method": "constructed", "seed": 0}
    return trace


def _trace(
    slug: str,
    deck: tuple[AvCard, ...],
    states: list[AvState],
    actions: list[AvAction],
    about: tuple[set[str], str],
) -> JsonDict:
    """A trace case: the board, options, seed, deck and actions in; every digest, the final
    state and, with a points option, the points out."""
    first = states[0]
    given = {
        "board": first.board.to_dict(),
        "options": _options(first),
        "seed": first.seed,
        "deck": [c.name for c in deck],
        "actions": [action_to_dict(a) for a in actions],
    }
    case = with_trace(_case("trace", slug, first, about[0], about[1]), given, states, state_to_dict)
    if states[-1].phase is AvPhase.OVER:
        case["expected"]["points"] = list(game_points(states[-1]))
    return case


def check_case(case: JsonDict) -> list[str]:
    """What the reference family engine gets wrong on ``case``: [] when it passes."""
    return family_suite.check_case(case, AS_DU_VOLANT)
