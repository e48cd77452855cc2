"""Fun & Speed transitions: ``new_game``, ``legal_actions``, ``violations``, ``apply``.

``apply`` asks the tables of :mod:`millebornes.families.funspeed.rules` (the ones
``legal_actions`` filters with) and raises :class:`IllegalAction` before
touching anything; each action kind then has one small transition function.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Final

from millebornes.core.checks import check_card, check_flag, check_seat
from millebornes.core.errors import MalformedInput
from millebornes.core.preconditions import Tables, broken_by_kind, checked, kept
from millebornes.core.preconditions import Transition as KindTransition
from millebornes.core.shuffle import MASK64, round_seed, shuffled
from millebornes.core.tuples import sorted_with, without
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
from millebornes.families.funspeed.cards import (
    DATA,
    IS_RADAR,
    IS_REMEDY,
    KIND,
    SAFETY_OF,
    SINGLE_USE,
    FsCard,
    Kind,
    cures,
)
from millebornes.families.funspeed.plays import distinct, plays
from millebornes.families.funspeed.rules import LEAN, RULES, can_turn_back, remember_can_play
from millebornes.families.funspeed.shared import (
    COUP_FOURRE,
    DISCARD,
    DRAW_DISCARD,
    DRAW_PILE,
    FALSE_HOLDUP,
    FALSE_HOLDUP_NONE,
    HOLDUP,
    KILLER,
    MIRROR,
    PASS,
    REMEDY,
    UTURN,
)
from millebornes.families.funspeed.state import (
    KEEP,
    PHASE_ATTACK,
    PHASE_BORNE,
    PHASE_DRAW,
    PHASE_HOLDUP,
    PHASE_OVER,
    PHASE_PLAY,
    Borne,
    FsPhase,
    FsState,
    Zone,
    _Keep,
    evolve,
    with_hand,
    with_zone,
)

# --- starting ------------------------------------------------------------------------------


def new_game(
    players: int, *, deck: tuple[FsCard, ...] | None = None, seed: int | None = None
) -> FsState:
    """A dealt game (FS-DEAL) from a ``seed`` of the portable shuffle or an explicit ``deck``
    order (then ``seed``, default 0, seeds the reshuffles only: RUL-FS-RESHUFFLE-SEED); seat
    0 plays first (RUL-FS-FIRST-PLAYER). Raises :class:`MalformedInput` for a seat count
    outside RUL-FS-SEATS, a seed out of range or a deck that is not the box (FS-BOX)."""
    if isinstance(players, bool) or players not in DATA.seats:
        raise MalformedInput(f"players: RUL-FS-SEATS allows {DATA.seats}, not {players!r}")
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MASK64
    ):
        raise MalformedInput(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    if deck is None:
        if seed is None:
            raise MalformedInput("give a seed or a deck")
        deck = shuffled(DATA.deck(), seed)
    order = tuple(deck)
    if sorted(order) != list(DATA.deck()):
        raise MalformedInput("deck: not the 66 cards of the Fun & Speed box (FS-BOX)")
    dealt = players * DATA.hand_size
    return FsState(
        players=players,
        phase=PHASE_DRAW,
        actor=0,
        turn=0,
        draw_pile=order[dealt:],
        discard_pile=(),
        removed=(),
        hands=tuple(tuple(sorted(order[seat:dealt:players])) for seat in range(players)),
        zones=(Zone(),) * players,
        seed=seed or 0,
    )


# --- asking --------------------------------------------------------------------------------


_CARDS: Final = (FsCard, "Fun & Speed")
_DISTANCE: Final = Kind.DISTANCE
_ATTACK: Final = Kind.ATTACK
_REMEDY: Final = Kind.REMEDY
_SAFETY: Final = Kind.SAFETY
"""Read once: ``check_well_formed`` runs at every ``apply`` (an enum member read as an
attribute costs several times a global on Python 3.11)."""


def _count(value: object, field: str, most: int | None = None) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise MalformedInput(f"{field}: a whole number from 0, not {value!r}")
    if most is not None and value > most:
        raise MalformedInput(f"{field}: {value} is more than the box's {most}")


ACCELERATORS_IN_BOX = dict(DATA.box)[FsCard.ACCELERATOR]
"""The most Accélérateurs an action may name: more than FS-ACCEL allows (two) is an
illegal action, more than the box holds is not an action of this game at all, refused
before any rule computes with the count (FS-BORNE-RADAR doubles the km per Accélérateur)."""


KINDS = frozenset(ACTIONS)
"""The action kinds, for a set lookup: ``isinstance`` with the tuple of seventeen classes
tries them in turn."""
NAME_ONLY_A_SEAT = frozenset((DrawPile, DrawDiscard, Trash, Mirror, UTurn, Killer, Pass))
"""The action kinds whose one field is the seat acting."""


def check_well_formed(state: FsState, action: object) -> None:
    """Raise :class:`MalformedInput` unless ``action`` is an action this state can judge."""
    kind = type(action)
    if kind not in KINDS and not isinstance(action, ACTIONS):  # a subclass passes, as ever
        raise MalformedInput(f"not a Fun & Speed action: {action!r}")
    players = state.players
    check_seat(getattr(action, "seat", None), "seat", players)
    if kind in NAME_ONLY_A_SEAT:
        return
    # The core checks called directly: this runs at every apply.
    if isinstance(action, LayBorne):
        check_card(action.card, "card", _CARDS, _DISTANCE, KIND)
        _count(action.accelerators, "accelerators", ACCELERATORS_IN_BOX)
        check_flag(action.announced, "announced")
    elif isinstance(action, Attack):
        check_card(action.card, "card", _CARDS, _ATTACK, KIND)
        check_seat(action.target, "target", players)
        check_flag(action.announced, "announced")
    elif isinstance(action, Remedy):
        check_card(action.card, "card", _CARDS, _REMEDY, KIND)
        check_card(action.attack, "attack", _CARDS, _ATTACK, KIND)
        check_flag(action.remedy_on_top, "remedy_on_top")
    elif isinstance(action, (Safety, CoupFourre)):
        check_card(action.card, "card", _CARDS, _SAFETY, KIND)
    elif isinstance(action, Discard):
        check_card(action.card, "card", _CARDS, None, KIND)
    elif isinstance(action, (Helicopter, Police)):
        check_seat(action.target, "target", players)
        if isinstance(action, Police):
            check_card(action.take, "take", _CARDS, None, KIND)
            check_card(action.give, "give", _CARDS, None, KIND)
    elif isinstance(action, HoldUp):
        check_seat(action.victim, "victim", players)
        _count(action.index, "index")
    elif isinstance(action, FalseHoldUp) and action.index is not None:
        _count(action.index, "index")


Rules = Tables
"""Action kind to its precondition table (:data:`~millebornes.families.funspeed.rules.RULES`
by default)."""


def violations(state: FsState, action: FsAction, rules: Rules = RULES) -> tuple[str, ...]:
    """The IDs of the rules ``action`` breaks in ``state``, in table order; () if legal."""
    check_well_formed(state, action)
    return broken_by_kind(rules, state, action)


def _broken(state: FsState, action: FsAction) -> tuple[str, ...]:
    """``violations`` by the family's own tables of an action known to be well formed."""
    return broken_by_kind(RULES, state, action)


def is_legal(state: FsState, action: FsAction) -> bool:
    return not violations(state, action)


def legal_actions(state: FsState, rules: Rules = RULES) -> tuple[FsAction, ...]:
    """Every legal action in canonical order: kind (``ACTIONS``), then the fields in order.

    Candidates are built from the state and kept when every row of their table holds,
    so ``legal_actions`` and ``violations`` cannot disagree. With the family's own tables
    the rows and candidates whose answer is known by construction are not asked
    (``rules.LEAN``, ``plays(lean=True)``); other tables (a mutant's) are asked whole of
    every candidate. tests/funspeed/test_fs_legal.py compares both with ``violations``."""
    seat = state.actor
    if seat is None:
        return ()
    own = rules is RULES
    asked = LEAN if own else rules
    if state.phase is not PHASE_PLAY:
        return kept(asked, state, _window_candidates(state, seat, own))
    found = kept(asked, state, plays(state, seat, lean=own))
    if own:
        # What FS-DISCARD-FORCED asks of each discard, and of the one applied next; it
        # forbids every discard once a card can be played, so they are not asked.
        remember_can_play(state, seat, bool(found))
        if found:
            return found
    return found + kept(asked, state, [DISCARD[seat][c] for c in distinct(state.hands[seat])])


def _window_candidates(state: FsState, seat: int, own: bool) -> list[FsAction]:
    """The candidates of every step but the play step: the draw and the windows' answers.
    ``own`` (the family's own tables judge them) leaves out the answers known to break a
    row: a card not held (FS-CARD-IN-HAND), a remedy of another attack (FS-REMEDY)."""
    phase = state.phase
    if phase is PHASE_DRAW:
        return [DRAW_PILE[seat], DRAW_DISCARD[seat]]
    hand = state.hands[seat]
    if phase is PHASE_ATTACK and state.pending is not None:
        pending = state.pending
        safety = SAFETY_OF[pending]
        out: list[FsAction] = [
            remedy
            for c in distinct(hand)
            if IS_REMEDY[c] and not (own and not cures(c, pending))
            for remedy in REMEDY[seat][c][pending]
        ]
        if safety is not None and not (own and safety not in hand):
            out.append(COUP_FOURRE[seat][safety])
        if not (own and _MIRROR not in hand):
            out.append(MIRROR[seat])
        out.append(PASS[seat])
        return out
    if phase is PHASE_BORNE:
        if own and _U_TURN not in hand:
            return [KILLER[seat], PASS[seat]]
        return [UTURN[seat], KILLER[seat], PASS[seat]]
    if phase is PHASE_HOLDUP:
        steals: list[FsAction] = [
            steal
            for victim in state.tied
            for steal in HOLDUP[seat][victim][: len(state.zones[victim].distance)]
        ]
        forfeits = state.zones[seat].forfeitable()
        steals += FALSE_HOLDUP[seat][:forfeits] or [FALSE_HOLDUP_NONE[seat]]
        return [*steals, PASS[seat]]
    return []


_MIRROR: Final = FsCard.MIRROR
_U_TURN: Final = FsCard.U_TURN
"""Read once: asked at every attack and Borne window (an enum member read as an attribute
costs several times a global on Python 3.11)."""


# --- doing ---------------------------------------------------------------------------------


Transition = KindTransition[FsState]
"""The effect of one action kind: (state, action) to the next state, applied after the
checks."""


def apply(
    state: FsState,
    action: FsAction,
    rules: Rules = RULES,
    transitions: Mapping[type, Transition] | None = None,
) -> FsState:
    """The state after ``action``; raises :class:`IllegalAction` (state untouched) if illegal.
    ``rules`` and ``transitions`` (action kind to its effect) are the family's own by
    default (:data:`TRANSITIONS`)."""
    mine = TRANSITIONS if transitions is None else transitions
    return checked(violations(state, action, rules), mine, state, action)


def _draw_pile(state: FsState, action: DrawPile) -> FsState:
    return _draw(state, action.seat, PHASE_PLAY)


def _draw_discard(state: FsState, action: DrawDiscard) -> FsState:
    card, pile = state.discard_pile[-1], state.discard_pile[:-1]
    hands = _given(state.hands, action.seat, card)
    return evolve(state, hands=hands, discard_pile=pile, phase=PHASE_PLAY)


def _discard(state: FsState, action: Discard) -> FsState:
    hands = _spent(state.hands, action.seat, action.card)
    return _end_turn(state, hands=hands, discard_pile=(*state.discard_pile, action.card))


def _killer(state: FsState, action: Killer) -> FsState:
    return _changed(state, _cancel_borne(state), action.seat, end=True)  # FS-KILLER


Hands = tuple[tuple[FsCard, ...], ...]


def _given(hands: Hands, seat: int, card: FsCard) -> Hands:
    """``card`` joins ``seat``'s hand (kept sorted)."""
    return with_hand(hands, seat, sorted_with(hands[seat], card))


def _spent(hands: Hands, seat: int, card: FsCard) -> Hands:
    """``card`` leaves ``seat``'s hand."""
    return with_hand(hands, seat, without(hands[seat], card))


def _spend(state: FsState, seat: int, card: FsCard) -> FsState:
    """``card`` leaves ``seat``'s hand."""
    return evolve(state, hands=_spent(state.hands, seat, card))


def _use_once(state: FsState, seat: int, card: FsCard) -> FsState:
    """FS-SINGLE-USE: a Demi-tour, Hélicoptère, Police or Poubelle played leaves the game
    (discarded, it goes to the discard pile like any card)."""
    after = _spend(state, seat, card)
    return evolve(after, removed=(*after.removed, card)) if SINGLE_USE[card] else after


def _borne_cards(borne: Borne) -> tuple[FsCard, ...]:
    """A Borne and its Accélérateurs, as they go to the discard (RUL-FS-ACCEL-ZONE)."""
    card, boost = borne
    return (card,) + (FsCard.ACCELERATOR,) * boost


def _set_zone(state: FsState, seat: int, zone: Zone) -> FsState:
    return evolve(state, zones=with_zone(state.zones, seat, zone))


def _lay_borne(state: FsState, action: LayBorne) -> FsState:
    """FS-ACCEL, FS-ANNOUNCE, RUL-FS-WINDOWS: the Borne is laid with its Accélérateurs and the
    Borne window asks the layer's opponents, from the layer's left."""
    seat = action.seat
    hands = _spent(state.hands, seat, action.card)
    for _ in range(action.accelerators):
        hands = _spent(hands, seat, FsCard.ACCELERATOR)
    zone = state.zones[seat]
    zone = zone.with_distance((*zone.distance, (action.card, action.accelerators)))
    return evolve(
        state,
        hands=hands,
        zones=with_zone(state.zones, seat, zone),
        phase=PHASE_BORNE,
        actor=(seat + 1) % state.players,
        layer=seat,
        announced=action.announced,
    )


def _attack(state: FsState, action: Attack) -> FsState:
    """FS-ATTACK-SOUND: an attack without its sound is discarded; one that counts opens the
    attack window, which asks its target only (RUL-FS-WINDOWS)."""
    hands = _spent(state.hands, action.seat, action.card)
    if not action.announced:
        return _end_turn(state, hands=hands, discard_pile=(*state.discard_pile, action.card))
    return evolve(
        state,
        hands=hands,
        phase=PHASE_ATTACK,
        actor=action.target,
        pending=action.card,
        source=action.seat,
    )


def _cure(zone: Zone, attack: FsCard) -> Zone:
    return replace(zone, radar=None) if IS_RADAR[attack] else replace(zone, attack=None)


def _remedy(state: FsState, action: Remedy) -> FsState:
    """FS-REMEDY (on one's turn, in one's zone), FS-REMEDY-OUT-OF-TURN (in the attack window,
    without taking the turn); FS-REMEDY-TOP: the top card is the one the action names (on
    one's turn always the remedy, by the table)."""
    seat = action.seat
    zones = state.zones
    if state.phase is PHASE_PLAY:
        zones = with_zone(zones, seat, _cure(zones[seat], action.attack))
    pair = (action.attack, action.card) if action.remedy_on_top else (action.card, action.attack)
    hands = _spent(state.hands, seat, action.card)
    return _end_turn(state, hands=hands, zones=zones, discard_pile=state.discard_pile + pair)


def _lay_safety(state: FsState, seat: int, safety: FsCard, crosswise: bool) -> FsState:
    """FS-SAFETY, RUL-FS-SAFETY-CURES: the safety is laid and cures the matching standing
    attacks (Véhicule Prioritaire: Feu Rouge and Radar), which go to the discard pile."""
    after = _spend(state, seat, safety)
    zone = after.zones[seat]
    cured = tuple(a for a in (zone.attack, zone.radar) if a is not None and SAFETY_OF[a] is safety)
    for attack in cured:
        zone = _cure(zone, attack)
    zone = replace(
        zone,
        safeties=(*zone.safeties, safety),
        coups_fourres=(*zone.coups_fourres, safety) if crosswise else zone.coups_fourres,
    )
    zones = with_zone(after.zones, seat, zone)
    return evolve(after, zones=zones, discard_pile=after.discard_pile + cured)


def _safety(state: FsState, action: Safety) -> FsState:
    """FS-SAFETY, FS-REPLAY, RUL-FS-REPLAY: 100 km, then the player plays again from the draw
    step, as at the start of a turn (after the Hold Up window the change opens)."""
    after = _lay_safety(state, action.seat, action.card, crosswise=False)
    return _changed(state, after, action.seat, end=False)


def _coup_fourre(state: FsState, action: CoupFourre) -> FsState:
    """FS-CF, RUL-FS-CF-TURN: the attack goes to the discard, the safety lies crosswise (200 km),
    the attacker's turn ends and the coup-fourré player takes the next turn, draw first."""
    assert state.pending is not None  # guaranteed by FS-CF in the table
    after = evolve(
        state, discard_pile=(*state.discard_pile, state.pending), pending=None, source=None
    )
    after = _lay_safety(after, action.seat, action.card, crosswise=True)
    return _changed(state, after, action.seat, end=True, next_seat=action.seat)


def _mirror(state: FsState, action: Mirror) -> FsState:
    """FS-MIRROR, FS-MIRROR-BACK, FS-MIRROR-BLOCKED, RUL-FS-MIRROR-CHAIN."""
    attack, back_to = state.pending, state.source
    assert attack is not None and back_to is not None  # an attack window holds both
    hands = _spent(state.hands, action.seat, FsCard.MIRROR)
    after = evolve(state, hands=hands, discard_pile=(*state.discard_pile, FsCard.MIRROR))
    if can_turn_back(after, attack, back_to):
        return evolve(after, actor=back_to, source=action.seat)
    # Turned back on a player already stopped (or who could not receive it): the Rétroviseur,
    # then the attack on top, go to the discard pile, in the order the booklet names them.
    return _end_turn(after, discard_pile=(*after.discard_pile, attack))


def _cancel_borne(state: FsState) -> FsState:
    """FS-UTURN, FS-KILLER, RUL-FS-ACCEL-ZONE: the Borne just laid and its Accélérateurs go to
    the discard pile; the window closes."""
    layer = state.layer
    assert layer is not None  # a Borne window names its layer
    zone = state.zones[layer]
    borne = zone.distance[-1]
    zones = with_zone(state.zones, layer, zone.with_distance(zone.distance[:-1]))
    return evolve(state, zones=zones, discard_pile=state.discard_pile + _borne_cards(borne))


def _uturn(state: FsState, action: UTurn) -> FsState:
    """FS-UTURN, FS-SINGLE-USE: the Demi-tour leaves the game and cancels the Borne."""
    after = _cancel_borne(_use_once(state, action.seat, FsCard.U_TURN))
    return _changed(state, after, action.seat, end=True)


def _holdup(state: FsState, action: HoldUp) -> FsState:
    """FS-HOLDUP: the Borne taken, with its Accélérateurs, joins the caller's zone; play then
    resumes as before the action: the window closes, and the ties the steal makes open no
    other (RUL-FS-HOLDUP)."""
    victim = state.zones[action.victim]
    borne = victim.distance[action.index]
    rest = victim.distance[: action.index] + victim.distance[action.index + 1 :]
    after = _set_zone(state, action.victim, victim.with_distance(rest))
    mine = after.zones[action.seat]
    after = _set_zone(after, action.seat, mine.with_distance((*mine.distance, borne)))
    if reached := _reached(after):
        return _over(after, reached)  # FS-END-GOAL
    return _resume(after)


def _false_holdup(state: FsState, action: FalseHoldUp) -> FsState:
    """FS-HOLDUP-WRONG, RUL-FS-HOLDUP-WRONG: the caller loses the Borne or safety of his zone
    he picks; play resumes as before the call (the window closes)."""
    if action.index is None:
        return _resume(state)
    zone = state.zones[action.seat]
    index = action.index
    lost: tuple[FsCard, ...]
    if index < len(zone.distance):
        lost = _borne_cards(zone.distance[index])
        zone = zone.with_distance(zone.distance[:index] + zone.distance[index + 1 :])
    else:
        safety = zone.safeties[index - len(zone.distance)]
        lost = (safety,)
        zone = replace(
            zone,
            safeties=tuple(s for s in zone.safeties if s is not safety),
            coups_fourres=tuple(s for s in zone.coups_fourres if s is not safety),
        )
    zones = with_zone(state.zones, action.seat, zone)
    return _resume(state, zones=zones, discard_pile=state.discard_pile + lost)


def _helicopter(state: FsState, action: Helicopter) -> FsState:
    """FS-HELICOPTER, RUL-FS-HELICOPTER: whole zones change hands; seats and hands stay."""
    after = _use_once(state, action.seat, FsCard.HELICOPTER)
    mine, theirs = after.zones[action.seat], after.zones[action.target]
    after = _set_zone(_set_zone(after, action.seat, theirs), action.target, mine)
    return _changed(state, after, action.seat, end=True)


def _police(state: FsState, action: Police) -> FsState:
    """FS-POLICE, RUL-FS-POLICE: take one chosen card, give one back."""
    after = _use_once(state, action.seat, FsCard.POLICE)
    hands = _spent(after.hands, action.target, action.take)
    hands = _given(hands, action.seat, action.take)
    hands = _spent(hands, action.seat, action.give)
    return _end_turn(after, hands=_given(hands, action.target, action.give))


def _trash(state: FsState, action: Trash) -> FsState:
    """FS-TRASH: every laid 200, with its Accélérateurs, goes to the discard pile."""
    after = _use_once(state, action.seat, FsCard.TRASH)
    thrown: tuple[FsCard, ...] = ()
    for seat, zone in enumerate(after.zones):
        keep = tuple(b for b in zone.distance if b[0] is not FsCard.D200)
        for borne in zone.distance:
            if borne[0] is FsCard.D200:
                thrown += _borne_cards(borne)
        after = _set_zone(after, seat, zone.with_distance(keep))
    after = evolve(after, discard_pile=after.discard_pile + thrown)
    return _changed(state, after, action.seat, end=True)


def _pass(state: FsState, action: Pass | None = None) -> FsState:
    """RUL-FS-WINDOWS: the seat asked passes; the next eligible seat is asked, or the window
    closes and its event stands."""
    seat = state.actor
    assert seat is not None  # PASS_RULES: only in a window, where someone is asked
    n = state.players
    if state.phase is PHASE_ATTACK:
        attack = state.pending
        assert attack is not None
        zone = state.zones[seat]
        zone = replace(zone, radar=attack) if IS_RADAR[attack] else replace(zone, attack=attack)
        zones = with_zone(state.zones, seat, zone)
        return _end_turn(state, zones=zones)
    layer = state.layer
    assert layer is not None
    nxt = (seat + 1) % n
    if state.phase is PHASE_BORNE:
        if nxt != layer:
            return evolve(state, actor=nxt)
        # FS-END-AFTER-UTURN: the Borne stood through its window; now its km count, and the
        # change it made to its layer's total opens the Hold Up window (RUL-FS-HOLDUP).
        return _opened(state, (layer,), layer, end=True)
    if seat == layer:  # the Hold Up window asks the seat that made the change last
        return _resume(state)
    return evolve(state, actor=nxt)


# --- ends of turns and of the game -----------------------------------------------------------


def _changed(
    before: FsState, after: FsState, cause: int, *, end: bool, next_seat: int | None = None
) -> FsState:
    """``cause``'s action took ``before`` to ``after``: the seats whose race totals it changed
    may have made a tie (RUL-FS-HOLDUP)."""
    moved = tuple(s for s in range(after.players) if before.zones[s].km != after.zones[s].km)
    return _opened(after, moved, cause, end=end, next_seat=next_seat)


def _opened(
    state: FsState,
    moved: tuple[int, ...],
    cause: int,
    *,
    end: bool,
    next_seat: int | None = None,
) -> FsState:
    """After a change of the race totals of ``moved`` made by ``cause``: the game ends if a
    seat reached the goal (FS-END-GOAL); otherwise the turn ends if ``end`` (FS-REFILL, to
    ``next_seat`` or the left), and a change opens the Hold Up window, which asks every seat
    from ``cause``'s left, ``cause`` last, and when it closes the turn player draws
    (RUL-FS-WINDOWS, RUL-FS-HOLDUP). Without a change play goes straight on."""
    if reached := _reached(state):
        return _over(state, reached)
    if end:
        state = _end_turn(state, next_seat)
        if state.phase is PHASE_OVER:
            return state
    if not moved:
        return state if end else _resume(state)
    return evolve(
        state,
        phase=PHASE_HOLDUP,
        actor=(cause + 1) % state.players,
        layer=cause,
        announced=True,
        tied=_ties(state, moved),
    )


def _ties(state: FsState, moved: tuple[int, ...]) -> tuple[int, ...]:
    """RUL-FS-HOLDUP: the seats of every tie a change made: each seat of ``moved`` whose race
    total (FS-KM), above zero, equals another seat's, with those seats; sorted."""
    km = [zone.km for zone in state.zones]
    found: set[int] = set()
    for seat in moved:
        equal = [o for o in range(state.players) if o != seat and km[o] == km[seat]]
        if km[seat] > 0 and equal:
            found.update((seat, *equal))
    return tuple(sorted(found))


def _reached(state: FsState) -> tuple[int, ...]:
    """FS-END-GOAL: the seats at or past the goal (Bornes and safeties, FS-KM)."""
    return tuple(s for s, zone in enumerate(state.zones) if zone.km >= state.goal)


def _over(state: FsState, winners: tuple[int, ...]) -> FsState:
    return evolve(
        state,
        phase=PHASE_OVER,
        actor=None,
        winners=winners,
        pending=None,
        source=None,
        layer=None,
        announced=True,
        tied=(),
    )


def _replenished(state: FsState) -> FsState:
    """RUL-FS-EMPTY-PILE, RUL-FS-RESHUFFLE-SEED: as soon as the draw pile is empty, the whole
    discard pile, shuffled with seed + k for the k-th time, becomes the new draw pile; at
    most ``max_reshuffles`` times (FS-GUARD-END)."""
    if state.draw_pile or not state.discard_pile or state.reshuffles >= DATA.max_reshuffles:
        return state
    k = state.reshuffles + 1
    return evolve(
        state,
        draw_pile=shuffled(state.discard_pile, round_seed(state.seed, k + 1)),
        discard_pile=(),
        reshuffles=k,
    )


def _draw(state: FsState, seat: int, phase: FsPhase | None = None) -> FsState:
    """The top card of the draw pile joins ``seat``'s hand, and play goes on to ``phase`` if
    one is named; a pile it empties is replaced at once (RUL-FS-EMPTY-PILE). When no pile
    can give a card, nothing is drawn."""
    state = _replenished(state)
    if not state.draw_pile:
        return state if phase is None else evolve(state, phase=phase)
    card, pile = state.draw_pile[0], state.draw_pile[1:]
    hands = _given(state.hands, seat, card)
    after = evolve(
        state, hands=hands, draw_pile=pile, phase=state.phase if phase is None else phase
    )
    return _replenished(after)


def _exhausted(state: FsState) -> FsState:
    """FS-GUARD-END: a card must be drawn and none can be; the game ends, the greatest totals
    win together."""
    best = max(zone.km for zone in state.zones)
    return _over(state, tuple(s for s, zone in enumerate(state.zones) if zone.km == best))


Cards = tuple[FsCard, ...]


def _laid(
    state: FsState,
    hands: Hands | _Keep,
    zones: tuple[Zone, ...] | _Keep,
    discard_pile: Cards | _Keep,
) -> FsState:
    """``state`` with the changes an action handed to the end of its turn, if any."""
    if hands is KEEP and zones is KEEP and discard_pile is KEEP:
        return state
    return evolve(state, hands=hands, zones=zones, discard_pile=discard_pile)


def _resume(
    state: FsState,
    turn: int | None = None,
    *,
    hands: Hands | _Keep = KEEP,
    zones: tuple[Zone, ...] | _Keep = KEEP,
    discard_pile: Cards | _Keep = KEEP,
) -> FsState:
    """The turn player (``turn``, by default the state's) is at the draw step: the start of a
    turn, or the replay a safety gives (FS-REPLAY); any window is closed. When no card can be
    drawn, FS-GUARD-END ends the game.

    ``hands``, ``zones`` and ``discard_pile``, when given, are what the action that led here
    changed: they are laid in the same new state (one state per action instead of two),
    or first in one of their own when the draw pile is empty (the reshuffle takes the
    discard pile as the action left it)."""
    turn = state.turn if turn is None else turn
    if not state.draw_pile:
        state = _laid(state, hands, zones, discard_pile)
        hands = zones = discard_pile = KEEP
        state = _replenished(state)
        if not state.draw_pile:
            return _exhausted(evolve(state, turn=turn))  # _over closes the window too
    return evolve(
        state,
        phase=PHASE_DRAW,
        actor=turn,
        turn=turn,
        layer=None,
        announced=True,
        tied=(),
        pending=None,
        source=None,
        hands=hands,
        zones=zones,
        discard_pile=discard_pile,
    )


def _end_turn(
    state: FsState,
    next_seat: int | None = None,
    *,
    hands: Hands | _Keep = KEEP,
    zones: tuple[Zone, ...] | _Keep = KEEP,
    discard_pile: Cards | _Keep = KEEP,
) -> FsState:
    """FS-REFILL, RUL-FS-REFILL-ORDER, FS-TURN-ORDER: every hand below four is completed from
    the turn player leftwards; the next turn goes to the left (or to the coup-fourré player,
    RUL-FS-CF-TURN) and starts with its draw. ``hands``, ``zones`` and ``discard_pile`` are
    what the action ending the turn changed (:func:`_resume`): laid first in a state of
    their own only when a card must be drawn."""
    n = state.players
    size = DATA.hand_size
    if not all(len(hand) >= size for hand in (state.hands if hands is KEEP else hands)):
        state = _laid(state, hands, zones, discard_pile)
        hands = zones = discard_pile = KEEP
        for step in range(n):
            seat = (state.turn + step) % n
            while len(state.hands[seat]) < size:
                drawn = _draw(state, seat)
                if drawn is state:  # nothing could be drawn
                    return _exhausted(state)  # FS-GUARD-END
                state = drawn
    following = (state.turn + 1) % n if next_seat is None else next_seat
    return _resume(state, following, hands=hands, zones=zones, discard_pile=discard_pile)


TRANSITIONS: Mapping[type, Transition] = MappingProxyType(
    {
        DrawPile: _draw_pile,
        DrawDiscard: _draw_discard,
        LayBorne: _lay_borne,
        Attack: _attack,
        Remedy: _remedy,
        Safety: _safety,
        Helicopter: _helicopter,
        Police: _police,
        Trash: _trash,
        Discard: _discard,
        CoupFourre: _coup_fourre,
        Mirror: _mirror,
        UTurn: _uturn,
        Killer: _killer,
        HoldUp: _holdup,
        FalseHoldUp: _false_holdup,
        Pass: _pass,
    }
)
"""Each action kind's transition, applied once the tables have found nothing broken."""
