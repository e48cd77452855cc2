"""Impossible Fun & Speed and As du Volant states: the probes of the families' loaders.

Each probe is ``(check, description, state)``: the JSON form of a state no play could
produce, made from a sound dealt state by the change the description names, and the ID
of a check of spec/conformance/malformed.md that must refuse it (the state may break
others too). The family's ``from_json`` must raise ``MalformedInput`` naming ``check``;
the tests assert it of every probe, and the family suites can turn each into a case
whose expected outcome is ``malformed``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from millebornes.conformance.canon import JsonDict
from millebornes.core.errors import MalformedInput
from millebornes.families.asduvolant import engine as av_engine
from millebornes.families.asduvolant import serialize as av_serialize
from millebornes.families.asduvolant import validate as av_validate
from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.serialize import state_to_dict as av_to_dict
from millebornes.families.funspeed import engine as fs_engine
from millebornes.families.funspeed import serialize as fs_serialize
from millebornes.families.funspeed import validate as fs_validate
from millebornes.families.funspeed.cards import FsCard
from millebornes.families.funspeed.serialize import state_to_dict as fs_to_dict

Probe = tuple[str, str, JsonDict]
Change = Callable[[JsonDict], None]


def _take(data: JsonDict, card: str) -> str:
    """Take ``card`` out of the draw pile (else a hand), so that the card it becomes
    elsewhere keeps the box whole."""
    for cards in (data["draw_pile"], *data["hands"]):
        if card in cards:
            cards.remove(card)
            return card
    raise ValueError(f"no {card} to take")


def _probes(base: JsonDict, changes: list[tuple[str, Change]]) -> list[Probe]:
    out = []
    for check, change in changes:
        data = copy.deepcopy(base)
        change(data)
        out.append((check, " ".join((change.__doc__ or "").split()), data))
    return out


# --- Fun & Speed ---------------------------------------------------------------------------


def _fs_window(data: JsonDict, phase: str, **fields: object) -> None:
    data.update({"phase": phase, "actor": 1, "turn": 0, **fields})


def fs_hand_of_six(data: JsonDict) -> None:
    """Between turns, seat 1 holds six cards."""
    data["hands"][1] = sorted(
        [*data["hands"][1], data["draw_pile"].pop(), data["draw_pile"].pop()], key=_fs_order
    )


def fs_hand_of_two(data: JsonDict) -> None:
    """Between turns, seat 1 holds two cards."""
    data["discard_pile"] += [data["hands"][1].pop(), data["hands"][1].pop()]


def fs_play_step_without_draw(data: JsonDict) -> None:
    """Seat 0 at its play step with the four cards of the turn's start: no card drawn."""
    data["phase"] = "play"


def fs_borne_window_asked_seat_short(data: JsonDict) -> None:
    """A Borne window whose seat asked holds three cards (nobody has reacted)."""
    data["zones"][0]["distance"] = [[_take(data, "D25"), 0]]
    data["discard_pile"].append(data["hands"][1].pop())
    _fs_window(data, "borne", layer=0)


def fs_holdup_window_layer_short(data: JsonDict) -> None:
    """A Hold Up window whose layer, the turn's player, holds three cards."""
    data["zones"][0]["distance"] = [[_take(data, "D25"), 0]]
    data["discard_pile"].append(data["hands"][0].pop())
    _fs_window(data, "holdup", layer=0)


def fs_stop_and_gas(data: JsonDict) -> None:
    """Stop and Out of Gas both stand on zone 1, one in the Radar slot."""
    data["zones"][1].update(attack=_take(data, "STOP"), radar=_take(data, "OUT_OF_GAS"))


def fs_two_radars(data: JsonDict) -> None:
    """Two Radars on zone 1, one as its attack."""
    data["zones"][1].update(attack=_take(data, "SPEED_LIMIT"), radar=_take(data, "SPEED_LIMIT"))


def fs_borne_as_radar(data: JsonDict) -> None:
    """A Borne in zone 1's Radar slot."""
    data["zones"][1]["radar"] = _take(data, "D25")


def fs_roll_as_attack(data: JsonDict) -> None:
    """Roll stands as zone 1's attack."""
    data["zones"][1]["attack"] = _take(data, "ROLL")


def fs_stop_as_borne(data: JsonDict) -> None:
    """A Stop laid as a Borne."""
    data["zones"][1]["distance"] = [[_take(data, "STOP"), 0]]


def fs_borne_as_safety(data: JsonDict) -> None:
    """A Borne among zone 1's safeties."""
    data["zones"][1]["safeties"] = [_take(data, "D25")]


def fs_stop_beside_right_of_way(data: JsonDict) -> None:
    """Stop stands on a zone holding Right of Way."""
    data["zones"][1].update(safeties=[_take(data, "RIGHT_OF_WAY")], attack=_take(data, "STOP"))


def fs_plain_card_removed(data: JsonDict) -> None:
    """A plain D25 among the cards removed from play."""
    data["removed"] = [_take(data, "D25")]


def fs_attack_at_source(data: JsonDict) -> None:
    """An attack window aimed at its own source."""
    _fs_window(data, "attack", pending=_take(data, "STOP"), source=1)


def fs_attack_about_borne(data: JsonDict) -> None:
    """An attack window about a Borne."""
    _fs_window(data, "attack", pending=_take(data, "D25"), source=0)


def fs_attack_on_immune(data: JsonDict) -> None:
    """An attack window aimed at a target immune to the attack."""
    data["zones"][1]["safeties"] = [_take(data, "RIGHT_OF_WAY")]
    _fs_window(data, "attack", pending=_take(data, "STOP"), source=0)


def fs_borne_window_asks_layer(data: JsonDict) -> None:
    """A Borne window asking its own layer."""
    data["zones"][0]["distance"] = [[_take(data, "D25"), 0]]
    _fs_window(data, "borne", actor=0, layer=0)


def fs_holdup_false_tie(data: JsonDict) -> None:
    """A Hold Up window naming a tie of seats that are level at 0 km."""
    _fs_window(data, "holdup", layer=0, tied=[0, 1])


def fs_tie_outside_holdup(data: JsonDict) -> None:
    """Ties named outside a Hold Up window."""
    data["tied"] = [0, 1]


def fs_over_without_winner(data: JsonDict) -> None:
    """A finished game with nobody near the goal and no winner."""
    data.update(phase="over", actor=None)


def fs_past_goal_in_play(data: JsonDict) -> None:
    """1,400 km while play goes on."""
    data["zones"][1]["distance"] = [[_take(data, "D200"), 2], [_take(data, "D200"), 0]]
    for _ in range(2):
        _take(data, "ACCELERATOR")


def fs_winners_in_play(data: JsonDict) -> None:
    """Winners named while play goes on."""
    data["winners"] = [0]


def fs_actor_off_turn(data: JsonDict) -> None:
    """Outside a window, the actor is not the seat whose turn it is."""
    data["turn"] = 1


def fs_empty_pile_at_draw(data: JsonDict) -> None:
    """A draw expected from an empty pile, the discard pile holding the rest."""
    data["discard_pile"] += data["draw_pile"]
    data.update(draw_pile=[])


def fs_reshuffled_too_often(data: JsonDict) -> None:
    """The discard pile reshuffled more times than the engine guard allows."""
    data["reshuffles"] = 99


def fs_card_extra(data: JsonDict) -> None:
    """A card the box does not hold (a fourth 200 km Borne)."""
    data["draw_pile"].append("D200")


def fs_hand_unsorted(data: JsonDict) -> None:
    """A hand out of card order."""
    data["hands"][0].reverse()


def fs_hands_missing(data: JsonDict) -> None:
    """One hand fewer than the seats."""
    data["hands"].pop()


def _fs_order(name: str) -> int:
    return [c.name for c in FsCard].index(name)


def funspeed_probes() -> list[Probe]:
    """Every impossible Fun & Speed state of the list, from a dealt three-seat game."""
    base = fs_to_dict(fs_engine.new_game(3, seed=11))
    return _probes(
        base,
        [
            ("INV-FS-HAND-SIZE", fs_hand_of_six),
            ("INV-FS-HAND-SIZE", fs_hand_of_two),
            ("INV-FS-ZONES", fs_stop_and_gas),
            ("INV-FS-ZONES", fs_two_radars),
            ("INV-FS-ZONES", fs_borne_as_radar),
            ("INV-FS-ZONES", fs_roll_as_attack),
            ("INV-FS-ZONES", fs_stop_as_borne),
            ("INV-FS-ZONES", fs_borne_as_safety),
            ("INV-FS-IMMUNITY", fs_stop_beside_right_of_way),
            ("INV-FS-ZONES", fs_plain_card_removed),
            ("INV-FS-ONE-ACTOR", fs_attack_at_source),
            ("INV-FS-WINDOWS", fs_attack_about_borne),
            ("INV-FS-WINDOWS", fs_attack_on_immune),
            ("INV-FS-ONE-ACTOR", fs_borne_window_asks_layer),
            ("INV-FS-WINDOWS", fs_holdup_false_tie),
            ("INV-FS-WINDOWS", fs_tie_outside_holdup),
            ("INV-FS-GOAL", fs_over_without_winner),
            ("INV-FS-GOAL", fs_past_goal_in_play),
            ("INV-FS-GOAL", fs_winners_in_play),
            ("INV-FS-ONE-ACTOR", fs_actor_off_turn),
            ("INV-FS-DRAW-PILE", fs_empty_pile_at_draw),
            ("INV-FS-DRAW-PILE", fs_reshuffled_too_often),
            ("INV-FS-CARD-CONSERVATION", fs_card_extra),
            ("LOAD-FS-HAND-ORDER", fs_hand_unsorted),
            ("LOAD-FS-SEATS", fs_hands_missing),
            ("INV-FS-HAND-SIZE", fs_play_step_without_draw),
            ("INV-FS-HAND-SIZE", fs_borne_window_asked_seat_short),
            ("INV-FS-HAND-SIZE", fs_holdup_window_layer_short),
        ],
    )


# --- As du Volant --------------------------------------------------------------------------


def _token(data: JsonDict, kind: str, change: int = -1) -> None:
    data["supply"][kind] += change


def av_hand_of_seven(data: JsonDict) -> None:
    """Seat 1 holds seven cards out of its turn."""
    data["hands"][1] = sorted([*data["hands"][1], data["draw_pile"].pop()], key=_av_order)


def av_hand_of_three(data: JsonDict) -> None:
    """Seat 1 holds three cards out of its turn."""
    data["discard_pile"] += [data["hands"][1].pop() for _ in range(3)]


def av_two_limits(data: JsonDict) -> None:
    """Two Speed Limit tokens on one car, one as its stopping attack."""
    data["cars"][1].update(attack="SPEED_LIMIT", limit=True)
    _token(data, "SPEED_LIMIT", -2)


def av_d25_token(data: JsonDict) -> None:
    """A D25 as a car's attack token."""
    data["cars"][1]["attack"] = "D25"


def av_roll_token(data: JsonDict) -> None:
    """A Roll as a car's attack token."""
    data["cars"][1]["attack"] = "ROLL"


def av_d25_safety(data: JsonDict) -> None:
    """A D25 among a car's safeties."""
    data["cars"][1]["safeties"] = [_take(data, "D25")]


def av_accident_on_ace(data: JsonDict) -> None:
    """An Accident on a car holding Driving Ace."""
    data["cars"][1].update(attack="ACCIDENT", safeties=[_take(data, "DRIVING_ACE")])
    _token(data, "ACCIDENT")
    _token(data, "DRIVING_ACE")


def av_three_200s(data: JsonDict) -> None:
    """Three 200s counted on one car."""
    data["cars"][1].update(square=3, lane=0, laid_200=3, laid_distance=3)


def av_200s_without_move(data: JsonDict) -> None:
    """200s counted on a car that made no move."""
    data["cars"][1]["laid_200"] = 1


def av_moves_on_start(data: JsonDict) -> None:
    """30 moves counted on a car standing on the start square."""
    data["cars"][1]["laid_distance"] = 30


def av_finish_in_play(data: JsonDict) -> None:
    """A car on the finish while play goes on."""
    data["cars"][1].update(square=data["board"]["finish"], lane=0, laid_distance=5)


def av_over_without_winner(data: JsonDict) -> None:
    """A game over with no winner."""
    data.update(phase="over", actor=None)


def av_winners_in_play(data: JsonDict) -> None:
    """Winners named while play goes on."""
    data["winners"] = [0]


def _av_cf(data: JsonDict, pending: str) -> None:
    # The attack played lies on the discard pile; the window only names it.
    data["discard_pile"].append(_take(data, pending))
    data.update(phase="coup_fourre", actor=1, pending=pending, source=0, played=1)


def av_cf_without_safety(data: JsonDict) -> None:
    """A coup-fourré window asking a target without the safety."""
    _av_cf(data, "STOP")


def av_cf_about_d25(data: JsonDict) -> None:
    """A coup-fourré window about a D25."""
    _av_cf(data, "D25")


def _av_uturn(data: JsonDict, actor: int, origin: list[int]) -> None:
    data["cars"][0].update(square=2, lane=0, laid_distance=1)
    data.update(phase="u_turn", actor=actor, mover=0, origin=origin, moved="D50", played=1)


def av_uturn_without_card(data: JsonDict) -> None:
    """A Demi-tour window asking a seat without a Demi-tour."""
    _av_uturn(data, 1, [0, 0])


def av_uturn_asks_mover(data: JsonDict) -> None:
    """A Demi-tour window asking the mover itself."""
    _av_uturn(data, 0, [0, 0])


def av_uturn_origin_off_board(data: JsonDict) -> None:
    """A Demi-tour window whose origin is off the board."""
    _av_uturn(data, 1, [999, 0])


def _av_uturn_window(data: JsonDict) -> None:
    """A sound Demi-tour window: seat 0 moved 50 km with its turn's one play, and seat 1,
    holding a Demi-tour, is asked."""
    held = data["hands"][1]
    data["draw_pile"].append(held.pop())
    data["hands"][1] = sorted([*held, _take(data, "U_TURN")], key=_av_order)
    data["discard_pile"].append(_take(data, "D50"))  # drawn, then played: six are left
    _av_uturn(data, 1, [0, 0])


def av_uturn_move_not_counted(data: JsonDict) -> None:
    """A Demi-tour window whose mover's car does not count the move it would take back."""
    _av_uturn_window(data)
    data["cars"][0]["laid_distance"] = 0


def av_window_without_play(data: JsonDict) -> None:
    """A Demi-tour window in a turn with no card played."""
    _av_uturn_window(data)
    data["played"] = 0


def av_window_hand_of_seven(data: JsonDict) -> None:
    """The mover holds seven cards in a Demi-tour window with one play, the one made."""
    _av_uturn_window(data)
    data["hands"][0] = sorted([*data["hands"][0], data["draw_pile"].pop()], key=_av_order)


def av_play_step_hand_of_two(data: JsonDict) -> None:
    """Two cards at a play step with two plays left after one card played."""
    data["discard_pile"] += [data["hands"][0].pop() for _ in range(4)]
    data.update(phase="play", plays=2, played=1)


def av_reshuffles_at_the_last(data: JsonDict) -> None:
    """2**64 - 1 reshuffles: one more would not fit in 64 bits."""
    data["reshuffles"] = 2**64 - 1


def av_trim_hand_of_five(data: JsonDict) -> None:
    """A trim phase for a hand of five."""
    data["discard_pile"].append(data["hands"][0].pop())
    data.update(phase="trim", resume=1)


def av_taken_not_in_hand(data: JsonDict) -> None:
    """A card taken from the discard pile that is not in the hand."""
    data["hands"][0] = sorted([*data["hands"][0], data["draw_pile"].pop()], key=_av_order)
    card = next(c for c in ("ROLL", "GASOLINE", "REPAIRS") if c not in data["hands"][0])
    data.update(phase="play", taken=card)


def av_taken_unplayable(data: JsonDict) -> None:
    """A card taken from the discard pile that no play can use (a remedy with nothing to
    cure): the player may neither play another card nor discard it."""
    card = _take(data, "REPAIRS")  # drawn from the discard pile: the hand holds seven
    data["hands"][0] = sorted([*data["hands"][0], card], key=_av_order)
    data.update(phase="play", taken=card)


def av_stuck_past_seats(data: JsonDict) -> None:
    """More blocked turns in a row than seats."""
    data.update(stuck=data["players"] + 1, reshuffles=1)


def av_seed_past_64_bits(data: JsonDict) -> None:
    """A reshuffle seed of 2**64 + 5."""
    data["seed"] = 2**64 + 5


def av_card_missing(data: JsonDict) -> None:
    """A card missing from the game."""
    data["draw_pile"].pop()


def av_token_missing(data: JsonDict) -> None:
    """A Stop token missing from the supply."""
    _token(data, "STOP")


def av_hand_unsorted(data: JsonDict) -> None:
    """A hand out of card order."""
    data["hands"][0].reverse()


def av_options_repeated(data: JsonDict) -> None:
    """An option written twice."""
    data["options"] = ["bonus", "bonus"]


def av_options_unsorted(data: JsonDict) -> None:
    """Options out of their canonical order."""
    data["options"] = ["bonus", "accelerated"]


def av_hands_missing(data: JsonDict) -> None:
    """One hand fewer than the seats."""
    data["hands"].pop()


def _av_order(name: str) -> int:
    return [c.name for c in AvCard].index(name)


def asduvolant_probes() -> list[Probe]:
    """Every impossible As du Volant state of the list, from a dealt three-seat game."""
    base = av_to_dict(av_engine.new_game(3, seed=11))
    for hand in base["hands"]:
        if len(set(hand)) < 2:
            raise ValueError("the base deal needs hands of two kinds at least")
    return _probes(
        base,
        [
            ("INV-AV-HAND-SIZE", av_hand_of_seven),
            ("INV-AV-HAND-SIZE", av_hand_of_three),
            ("INV-AV-CAR-TOKENS", av_two_limits),
            ("INV-AV-CAR-TOKENS", av_d25_token),
            ("INV-AV-CAR-TOKENS", av_roll_token),
            ("INV-AV-CAR-TOKENS", av_d25_safety),
            ("INV-AV-CAR-TOKENS", av_accident_on_ace),
            ("INV-AV-MAX-TWO-200", av_three_200s),
            ("INV-AV-MOVES-COUNTED", av_200s_without_move),
            ("INV-AV-MOVES-COUNTED", av_moves_on_start),
            ("INV-AV-CARS-ON-BOARD", av_finish_in_play),
            ("INV-AV-FINISH", av_over_without_winner),
            ("INV-AV-FINISH", av_winners_in_play),
            ("INV-AV-WINDOWS", av_cf_without_safety),
            ("INV-AV-WINDOWS", av_cf_about_d25),
            ("INV-AV-WINDOWS", av_uturn_without_card),
            ("INV-AV-ONE-ACTOR", av_uturn_asks_mover),
            ("INV-AV-WINDOWS", av_uturn_origin_off_board),
            ("INV-AV-HAND-SIZE", av_trim_hand_of_five),
            ("INV-AV-COUNTERS", av_taken_not_in_hand),
            ("INV-AV-ACTOR-CAN-ACT", av_taken_unplayable),
            ("INV-AV-COUNTERS", av_stuck_past_seats),
            ("INV-AV-COUNTERS", av_seed_past_64_bits),
            ("INV-AV-CARD-CONSERVATION", av_card_missing),
            ("INV-AV-TOKEN-CONSERVATION", av_token_missing),
            ("LOAD-AV-HAND-ORDER", av_hand_unsorted),
            ("LOAD-AV-OPTIONS", av_options_repeated),
            ("LOAD-AV-OPTIONS", av_options_unsorted),
            ("LOAD-AV-SEATS", av_hands_missing),
            ("INV-AV-WINDOWS", av_uturn_move_not_counted),
            ("INV-AV-COUNTERS", av_window_without_play),
            ("INV-AV-HAND-SIZE", av_window_hand_of_seven),
            ("INV-AV-HAND-SIZE", av_play_step_hand_of_two),
            ("INV-AV-COUNTERS", av_reshuffles_at_the_last),
        ],
    )


def _failed_checks(
    build: Callable[[object], Any], problems: Callable[[Any], list[str]], data: object
) -> tuple[str, ...]:
    """The IDs of the loader checks ``data`` fails, in the loader's order; empty when the
    state cannot be built at all (a field the JSON form itself refuses)."""
    try:
        state = build(data)
    except MalformedInput:
        return ()
    return tuple(dict.fromkeys(problem.split(":", 1)[0] for problem in problems(state)))


def fs_problems(data: object) -> tuple[str, ...]:
    return _failed_checks(fs_serialize.unchecked_state_from_dict, fs_validate.load_problems, data)


def av_problems(data: object) -> tuple[str, ...]:
    return _failed_checks(av_serialize.unchecked_state_from_dict, av_validate.load_problems, data)


# --- the suites' malformed-state cases ------------------------------------------------------

_FAMILY_PROBES: dict[str, tuple[Callable[[], list[Probe]], Callable[[object], tuple[str, ...]]]] = {
    "fun-speed": (funspeed_probes, fs_problems),
    "as-du-volant": (asduvolant_probes, av_problems),
}


def suite_probes(edition: str) -> Callable[[], list[tuple[tuple[str, ...], str, JsonDict]]]:
    """The probes of ``edition`` as the family suite's malformed-state cases take them:
    ``(checks, description, state)``, ``checks`` being every check the state fails, as
    the loader names them (the probe's own check when the state cannot even be built)."""
    probes, problems = _FAMILY_PROBES[edition]

    def source() -> list[tuple[tuple[str, ...], str, JsonDict]]:
        out = []
        for check, description, data in probes():
            failed = problems(data) or (check,)
            if check not in failed:  # a probe that no longer fails its own check is stale
                raise AssertionError(f"{edition} probe {description!r} passes {check}")
            out.append((failed, description, data))
        return out

    return source
