"""The greedy bot's choice read straight off the fast engines (the classic family's, Fun &
Speed's and As du Volant's), for the search bot's playouts.

A playout asks the greedy bot at every step. Through the reference that means a seat's
view of a reference state per step (and the fast engine would need ``to_reference``
first): most of a playout's time. These classes make the same choice from the fast
state's own lists of ints: the same scores as :func:`millebornes.apps.bots._fs_value`
and :func:`~millebornes.apps.bots._av_value`, the same ties broken by the same seeded
draws (one draw among tied choices, none for a single best, in the legal order), so
a playout gives the same result on either engine (``tests/test_search.py`` compares
them). Each score below names the reference function it mirrors; a change there must
be made here too, or that test fails.

Only public fields of the fast states are read (another module owns those engines).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from millebornes.core.shuffle import SplitMix64
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant import cards as avc
from millebornes.families.classic.actions import CoupFourre, Discard, Extension, Play
from millebornes.families.classic.cards import (
    CATEGORY,
    CURES,
    HAZARDS_STOPPED_BY,
    KM,
    PILE,
    REMEDY_OF,
    SAFETY_OF,
    Card,
    Category,
    Pile,
)
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed import cards as fsc
from millebornes.fast import FastState
from millebornes.fast.asduvolant import AvFastState
from millebornes.fast.funspeed import FsFastState
from millebornes.fast.funspeed.tables import BORNE_CARD, BORNE_KM, CURES_INT, D200, NONE

# --- Fun & Speed ---------------------------------------------------------------------------

_FS_KIND_KEEP: tuple[int, ...] = tuple(
    100
    if kind is fsc.Kind.SAFETY
    else fsc.KM[card] // 25 * 5
    if kind is fsc.Kind.DISTANCE
    else -1  # a remedy: it depends on the zone
    if kind is fsc.Kind.REMEDY
    else 50
    if kind is fsc.Kind.ATTACK
    else {
        fsc.FsCard.ACCELERATOR: 40,
        fsc.FsCard.MIRROR: 80,
        fsc.FsCard.U_TURN: 70,
        fsc.FsCard.HELICOPTER: 60,
        fsc.FsCard.POLICE: 35,
        fsc.FsCard.TRASH: 20,
    }.get(card, 30)
    for card, kind in zip(fsc.FsCard, fsc.KIND, strict=True)
)
"""``_fs_keep`` (bots.py) by card, but for remedies (-1), whose worth depends on the zone."""
_FS_SAFETY_OF: tuple[int, ...] = tuple(NONE if s is None else int(s) for s in fsc.SAFETY_OF)


def fs_keep(state: FsFastState, seat: int, card: int) -> int:
    """``bots._fs_keep``: how much keeping ``card`` is worth to ``seat``."""
    keep = _FS_KIND_KEEP[card]
    if keep >= 0:
        return keep
    cures = CURES_INT[card]
    attack, radar = state.attack[seat], state.radar[seat]
    return 90 if (attack != NONE and cures[attack]) or (radar != NONE and cures[radar]) else 45


def fs_value(state: FsFastState, seat: int, action: Any) -> int:
    """``bots._fs_value`` on the fast state (a Police by its target alone)."""
    kind = type(action)
    km = state.km
    mine = km[seat]
    if kind is fs.DrawPile:
        return 10
    if kind is fs.Discard:
        return 30 - fs_keep(state, seat, action.card)
    if kind is fs.LayBorne:
        if not action.announced:
            return -50  # announce every Borne (FS-ANNOUNCE): a Killer cannot strike
        gain = fsc.KM[action.card] << action.accelerators
        return 2000 if mine + gain >= state.goal else 700 + gain
    if kind is fs.Pass:
        return 0
    leader = max(k for s, k in enumerate(km) if s != seat)
    if kind is fs.Attack:
        if not action.announced:
            return -50
        target: int = km[action.target]
        value = 500 + target // 10 + (100 if target == leader else 0)
        return value + (300 if state.goal - target <= 200 else 0)
    if kind is fs.DrawDiscard:
        top = state.discard[-1]
        attack, radar = state.attack[seat], state.radar[seat]
        cures = CURES_INT[top]
        useful = (
            fsc.IS_SAFETY[top]
            or (attack != NONE and cures[attack])
            or (radar != NONE and cures[radar])
        )
        return 20 if useful else 0
    if kind is fs.CoupFourre or kind is fs.Killer:
        return 1000
    if kind is fs.Mirror:
        return 950
    if kind is fs.Remedy:
        on_top: bool = action.remedy_on_top
        return (880 if fsc.ANY_ATTACK[action.card] else 900) + on_top
    if kind is fs.UTurn:
        layer = state.layer if state.layer != NONE else seat
        threat = km[layer]
        return 800 if threat >= state.goal or threat >= max(leader, mine) else -1
    if kind is fs.HoldUp:
        laid: int = state.distance[action.victim][action.index]
        return 700 + BORNE_KM[laid]
    if kind is fs.FalseHoldUp:
        return -100
    if kind is fs.Safety:
        card = action.card
        attack, radar = state.attack[seat], state.radar[seat]
        if (attack != NONE and _FS_SAFETY_OF[attack] == card) or (
            radar != NONE and _FS_SAFETY_OF[radar] == card
        ):
            return 850
        return 700 if len(state.draw) <= 2 * state.players else 350
    if kind is fs.Helicopter:
        ahead = km[action.target] - mine
        return 650 + ahead // 5 if ahead >= 200 else -1
    if kind is fs.Police:
        return 150
    if kind is fs.Trash:
        counts = [sum(BORNE_CARD[b] == D200 for b in laid) for laid in state.distance]
        theirs = max(c for s, c in enumerate(counts) if s != seat)
        return 300 + 50 * (theirs - counts[seat]) if theirs > counts[seat] else -1
    return 0


def _fs_key(action: Any) -> Any:
    """``bots._key``: a Police by its target alone."""
    return (action.seat, action.target) if type(action) is fs.Police else action


class FsGreedy:
    """``GreedyBot`` of Fun & Speed on the fast state: the same choice, the same draws."""

    def __init__(self, seed: int) -> None:
        self._rng = SplitMix64(seed)

    def _pick(self, items: Sequence[Any]) -> Any:
        return items[self._rng.below(len(items))] if len(items) > 1 else items[0]

    def choose(self, state: FsFastState, legal: Sequence[Any]) -> Any:
        seat = legal[0].seat
        # As GreedyBot._fun_speed: the groups (a Police by its target) scored in their
        # order, a tie drawn among the groups, then the Police's card.
        groups: dict[Any, list[Any]] = {}
        for action in legal:
            groups.setdefault(_fs_key(action), []).append(action)
        scored = [(fs_value(state, seat, group[0]), group) for group in groups.values()]
        best = max(value for value, _ in scored)
        group = self._pick([g for value, g in scored if value == best])
        if len(group) == 1:
            return group[0]
        cards = [(fs_keep(state, seat, a.take) - fs_keep(state, seat, a.give), a) for a in group]
        top = max(value for value, _ in cards)
        return self._pick([a for value, a in cards if value == top])


# --- As du Volant --------------------------------------------------------------------------

_AV_KIND_KEEP: tuple[int, ...] = tuple(
    100
    if kind is avc.Kind.SAFETY
    else avc.KM[card] // 25 * 5
    if kind is avc.Kind.DISTANCE
    else -1
    if kind is avc.Kind.REMEDY
    else 50
    if kind is avc.Kind.ATTACK
    else 60
    for card, kind in zip(avc.AvCard, avc.KIND, strict=True)
)
"""``_av_keep`` (bots.py) by card, but for remedies (-1), whose worth depends on the car."""
_AV_SAFETY_OF: tuple[int, ...] = tuple(NONE if s is None else int(s) for s in avc.SAFETY_OF)
_AV_REMEDY_OF: tuple[int, ...] = tuple(NONE if r is None else int(r) for r in avc.REMEDY_OF)
_AV_LIMIT = int(avc.AvCard.SPEED_LIMIT)


def av_km(state: AvFastState, seat: int) -> int:
    """``AsDuVolantView.km``: how far ``seat``'s car stands along the track."""
    return state.board.squares[state.square[seat]].km


def _av_cures(state: AvFastState, seat: int, card: int) -> bool:
    """Whether ``card`` cures what stands on ``seat``'s car (an attack or the limit)."""
    attack = state.attack[seat]
    if attack != NONE and (avc.ANY_ATTACK[card] or _AV_REMEDY_OF[attack] == card):
        return True
    return state.limit[seat] and (avc.ANY_ATTACK[card] or _AV_REMEDY_OF[_AV_LIMIT] == card)


def av_keep(state: AvFastState, seat: int, card: int) -> int:
    """``bots._av_keep`` on the fast state."""
    keep = _AV_KIND_KEEP[card]
    if keep >= 0:
        return keep
    return 90 if _av_cures(state, seat, card) else 45


def _av_gain(state: AvFastState, seat: int, action: av.Move) -> int:
    """``bots._av_gain``: the km the move would take the car, its bonus counted; -1 if none."""
    board = state.board
    start = state.square[seat]
    square = board.squares[start]
    steps = (avc.KM[action.card] << action.accelerated) // avc.SQUARE_KM
    shortcut = action.shortcut and square.shortcut is not None
    path = board.route(start, steps, shortcut, state.goal)
    if path is None:
        return -1
    end = board.squares[path[-1]]
    bonus = 0 if state.limit[seat] else end.bonus or 0  # AV-BONUS: none under a Limite token
    return end.km + bonus - square.km


def av_value(state: AvFastState, seat: int, action: Any, mine: int, leader: int) -> int:
    """``bots._av_value`` on the fast state; ``mine`` and ``leader`` are the km of the
    seat's car and of the best other car."""
    kind = type(action)
    if kind is av.Move:
        gain = _av_gain(state, seat, action)
        if mine + gain >= state.goal:
            return 3000
        return 700 + gain - (40 if action.accelerated else 0)
    if kind is av.Discard:
        return 30 - av_keep(state, seat, action.card)
    if kind is av.DrawPile:
        return 10
    if kind is av.Attack:
        target = av_km(state, action.target)
        value = 500 + target // 10 + (100 if target == leader else 0)
        value += 300 if state.goal - target <= 200 else 0
        return value - (150 if avc.IS_LIMIT[action.card] else 0)
    if kind is av.CoupFourre:
        return 1000
    if kind is av.UTurn:
        mover = state.mover if state.mover != NONE else seat
        return 800 if av_km(state, mover) >= max(mine, leader) else -1
    if kind is av.Remedy:
        return 900
    if kind is av.Safety:
        attack = state.attack[seat]
        card = action.card
        if (attack != NONE and _AV_SAFETY_OF[attack] == card) or (
            state.limit[seat] and _AV_SAFETY_OF[_AV_LIMIT] == card
        ):
            return 850
        return 350
    if kind is av.Turbo:
        return 1500
    if kind is av.EndTurn:
        return 35
    return 0  # Pass, DrawDiscard (bots._av_value scores neither)


class AvGreedy:
    """``GreedyBot`` of As du Volant on the fast state: the same choice, the same draws
    (``attack_bonus`` as the greedy bot's, added to every attack)."""

    def __init__(self, seed: int, attack_bonus: int = 0) -> None:
        self._rng = SplitMix64(seed)
        self.attack_bonus = attack_bonus

    def choose(self, state: AvFastState, legal: Sequence[Any]) -> Any:
        seat = legal[0].seat
        kms = [av_km(state, s) for s in range(state.players)]
        mine = kms[seat]
        leader = max(k for s, k in enumerate(kms) if s != seat)
        bonus = self.attack_bonus
        scored = [
            av_value(state, seat, a, mine, leader) + (bonus if type(a) is av.Attack else 0)
            for a in legal
        ]
        best = max(scored)
        tied = [a for value, a in zip(scored, legal, strict=True) if value == best]
        return tied[self._rng.below(len(tied))] if len(tied) > 1 else tied[0]


# --- the classic family --------------------------------------------------------------------

_C_ROLL = int(Card.ROLL)
_C_END_OF_LIMIT = int(Card.END_OF_LIMIT)
_C_RIGHT_OF_WAY = int(Card.RIGHT_OF_WAY)
_C_SPEED_LIMIT = int(Card.SPEED_LIMIT)
_C_D200 = int(Card.D200)
_C_KIND: tuple[Category, ...] = tuple(CATEGORY[c] for c in Card)
_C_KM: tuple[int, ...] = tuple(KM[c] for c in Card)
_C_SPEED_PILE: tuple[bool, ...] = tuple(PILE[c] is Pile.SPEED for c in Card)
_C_HAZARD: tuple[bool, ...] = tuple(kind is Category.HAZARD for kind in _C_KIND)
_C_CURES: tuple[int, ...] = tuple(NONE if h is None else int(h) for h in CURES)
_C_GUARD: tuple[int, ...] = tuple(NONE if s is None else int(s) for s in SAFETY_OF)
_C_REMEDY_OF: tuple[int, ...] = tuple(NONE if r is None else int(r) for r in REMEDY_OF)
_C_STOPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(int(h) for h in hazards) for hazards in HAZARDS_STOPPED_BY
)


def _rolling(top: int, right_of_way: bool) -> bool:
    """``Tableau.is_rolling`` from the battle pile's top (NONE if empty)."""
    if top == _C_ROLL:
        return True
    return right_of_way and (top == NONE or not _C_HAZARD[top])


def _c_unseen(state: FastState, seat: int, card: int) -> int:
    """``bots.unseen`` on the fast state: in the draw pile or another hand."""
    found = state.draw.count(card)
    for other, hand in enumerate(state.hands):
        if other != seat:
            found += hand.count(card)
    return found


def _c_usefulness(state: FastState, seat: int, card: int, counting: bool = False) -> int:
    """``bots._usefulness`` on the fast state."""
    teams = state.match.teams
    team = seat % teams
    kind = _C_KIND[card]
    if kind is Category.SAFETY:
        return 100
    if kind is Category.DISTANCE:
        if state.km[team] + _C_KM[card] > state.goal:
            return 0
        if card == _C_D200:  # DIST-MAX-200
            left = state.match.max_200 - state.n200[team]
            if left <= 0 or (counting and state.hands[seat].count(card) > left):
                return 0
        return _C_KM[card] // 25 * 5
    if kind is Category.REMEDY:
        hazard = _C_CURES[card]
        guard = _C_GUARD[hazard] if hazard != NONE else NONE
        if guard != NONE and guard in state.safeties[team]:
            return 0  # the safety already does its work
        battle, speed = state.battle[team], state.speed[team]
        if hazard != NONE and (
            (battle and battle[-1] == hazard) or (speed and speed[-1] == hazard)
        ):
            return 90
        if counting and hazard != NONE:
            if guard != NONE and guard in state.hands[seat]:
                return 3
            if card != _C_ROLL and _c_unseen(state, seat, hazard) <= 0:
                return 1
        return 15 if state.hands[seat].count(card) > 1 else 45
    guard = _C_GUARD[card]
    if all(guard != NONE and guard in state.safeties[t] for t in range(teams) if t != team):
        return 0  # no opponent it could stop
    return 30 if _C_SPEED_PILE[card] else 50


def _c_safety_value(state: FastState, team: int, card: int) -> int:
    """``bots._safety_value``: what the safety would leave on the team's own tableau."""
    battle, speed = state.battle[team], state.speed[team]
    top = battle[-1] if battle else NONE
    speed_top = speed[-1] if speed else NONE
    after_top, after_speed = top, speed_top
    for hazard in _C_STOPS[card]:  # RUL-SAFETY-CLEARS-HAZARD, as bots.with_safety
        if _C_SPEED_PILE[hazard]:
            if speed_top == hazard:
                after_speed = speed[-2] if len(speed) > 1 else NONE
        elif top == hazard:
            after_top = battle[-2] if len(battle) > 1 else NONE
    right_of_way = _C_RIGHT_OF_WAY in state.safeties[team]
    if _rolling(after_top, right_of_way or card == _C_RIGHT_OF_WAY) and not _rolling(
        top, right_of_way
    ):
        return 850  # it unblocks the team
    if speed_top == _C_SPEED_LIMIT and after_speed != _C_SPEED_LIMIT:
        return 550
    if len(state.draw) <= 2 * state.match.players:
        return 700
    return 20


_DISCARD_MOST = 30
"""The most a discard scores (``30 - usefulness``, usefulness at least 0)."""


def c_value(state: FastState, seat: int, action: Any, counting: bool = False) -> int:
    """``bots._value`` on the fast state."""
    kind = type(action)
    if kind is Discard:
        return _DISCARD_MOST - _c_usefulness(state, seat, action.card, counting)
    if kind is not Play:
        return 0
    team = seat % state.match.teams
    card: int = action.card
    category = _C_KIND[card]
    if category is Category.DISTANCE:
        km = _C_KM[card]
        return 1000 if state.km[team] + km == state.goal else 400 + km
    if category is Category.REMEDY:
        if card == _C_END_OF_LIMIT:
            most = state.match.speed_limit_max_km
            return 600 if any(_C_KM[c] > most for c in state.hands[seat]) else 100
        return 900
    if category is Category.SAFETY:
        return _c_safety_value(state, team, card)
    target: int = action.target
    target_km = state.km[target]
    behind = target_km >= state.km[team]
    value = (350 if behind else 250) if _C_SPEED_PILE[card] else (650 if behind else 450)
    if state.goal - target_km <= 200:
        value += 200  # the target is about to finish
    if counting:
        value -= 2 * _c_unseen(state, seat, _C_REMEDY_OF[card])
    return value + target_km // 10


class ClassicGreedy:
    """``GreedyBot`` of the classic family on the fast state: the same choice, the same
    draws, with no reference state nor view built per step (``attack_bonus`` as the
    greedy bot's, added to every hazard laid; ``counting`` as the greedy bot's)."""

    def __init__(self, seed: int, attack_bonus: int = 0, counting: bool = False) -> None:
        self._rng = SplitMix64(seed)
        self.attack_bonus = attack_bonus
        self.counting = counting

    def choose(self, state: FastState, legal: Sequence[Any]) -> Any:
        first = legal[0]
        seat = first.seat
        if type(first) is Extension:  # bots._extension_choice (EXT-DECISION)
            team = seat % state.match.teams
            rivals = max(k for t, k in enumerate(state.km) if t != team)
            extend = len(state.draw) >= 20 and rivals <= state.goal - 300
            for action in legal:
                if action.extend == extend:
                    return action
            return first
        for action in legal:
            if type(action) is CoupFourre:
                return action
        best = -(1 << 30)
        tied: list[Any] = []
        bonus = self.attack_bonus
        for action in legal:
            # The discards come last and score 30 at most: once a play scores more, none
            # of them can be chosen, nor tie (the same choice as scoring them all).
            if best > _DISCARD_MOST and type(action) is Discard:
                break
            value = c_value(state, seat, action, self.counting)
            if bonus and type(action) is Play and _C_HAZARD[action.card]:
                value += bonus
            if value > best:
                best, tied = value, [action]
            elif value == best:
                tied.append(action)
        return tied[self._rng.below(len(tied))] if len(tied) > 1 else tied[0]
