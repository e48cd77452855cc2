"""The Fun & Speed mutants: each a Fun & Speed family object with one table row or one
transition replaced.

The "this row always holds" mutants come from :func:`~.harness.always_holds`. The others
judge a row another way, or wrap transitions. A rule implemented by a helper of several
transitions or by a figure of the family's data (the refill at the end of a turn, the
km that reach the goal, the single-use cards, the box) is broken by wrapping each
transition that ends in it, or the family's ``deal``; the description says which.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import shuffled
from millebornes.families.funspeed import engine
from millebornes.families.funspeed.actions import (
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
from millebornes.families.funspeed.cards import DATA, KM, REMEDY_OF, SAFETY_OF, SINGLE_USE, FsCard
from millebornes.families.funspeed.family import FUN_SPEED
from millebornes.families.funspeed.rules import can_turn_back, receivable
from millebornes.families.funspeed.state import FsPhase, FsState, Zone, with_hand, with_zone
from millebornes_dev.harness import (
    Build,
    Mutant,
    Transition,
    after,
    always_holds,
    never,
    predicate,
    wrap,
    wrap_all,
    wrapped_field,
)

FAMILY = FUN_SPEED.name

NAMED: dict[str, tuple[str, str]] = {
    "FS-ACTOR": ("fs-any-seat-acts", "a seat other than the one asked may act"),
    "FS-DRAW": ("fs-draw-any-time", "a card may be drawn after the draw step"),
    "FS-PLAY-ONE": ("fs-play-before-draw", "a card may be laid before drawing"),
    "FS-CARD-IN-HAND": ("fs-card-not-held", "a card that is not in the hand may be played"),
    "RUL-FS-EMPTY-PILE": ("fs-draw-empty-pile", "the empty draw pile may be drawn from"),
    "FS-DISCARD-FORCED": ("fs-discard-free", "a card may be discarded when another could be "
                          "played (RUL-FS-DISCARD-FORCED read the classic way)"),
    "FS-REMEDY-TOP": ("fs-remedy-top-on-turn", "the curer on his turn chooses the top card too"),
    "RUL-FS-DISCARD-TOP": ("fs-draw-empty-discard",
                           "the top of an empty discard pile may be taken"),
    "FS-BORNE-FREE": ("fs-borne-while-attacked", "a Borne may be laid under an attack"),
    "FS-BORNE-RADAR": ("fs-radar-ignored", "a Radar limits nothing"),
    "FS-ATTACK-TARGET": ("fs-attack-self", "a player may attack himself"),
    "FS-IMMUNITY": ("fs-attack-immune", "an attack lands on a player who holds its safety"),
    "FS-ATTACK-ONE": ("fs-attacks-stack", "a second attack lands on a standing one"),
    "FS-REMEDY": ("fs-any-remedy", "any remedy cures any attack"),
    "RUL-FS-REMEDY-HELD": ("fs-remedy-unheld-attack",
                           "a remedy may cure an attack that is not there"),
    "FS-CF": ("fs-coup-fourre-any-safety", "any safety makes a coup-fourré"),
    "RUL-FS-WINDOWS": ("fs-reaction-out-of-window",
                       "a reaction or a pass may be made outside its window"),
    "FS-UTURN": ("fs-uturn-own-borne", "a player may Demi-tour his own Borne"),
    "FS-KILLER": ("fs-killer-own-borne", "a player may call Bornes Killer on his own Borne"),
    "RUL-FS-ANNOUNCE": ("fs-killer-announced", "Bornes Killer cancels an announced Borne"),
    "FS-HOLDUP": ("fs-holdup-without-tie", "Hold Up may steal when nobody is tied"),
    "RUL-FS-HOLDUP": ("fs-holdup-any-index",
                      "Hold Up may name a Borne or a card that is not there"),
    "FS-HOLDUP-WRONG": ("fs-wrong-call-on-tie", "a tie may be answered by the wrong call"),
    "FS-HELICOPTER": ("fs-helicopter-self", "a player may Hélicoptère himself"),
    "FS-POLICE": ("fs-police-self", "a player may call the Police on himself"),
    "RUL-FS-POLICE": ("fs-police-take-anything",
                      "Police may take a card the opponent does not hold"),
}  # fmt: skip
"""The names the suites knew some "always holds" mutants by."""

GENERATED: tuple[Mutant, ...] = tuple(always_holds(FUN_SPEED, NAMED))


def _on(kinds: tuple[type, ...], change: Callable[[FsState, Any, FsState], FsState]) -> Build:
    return wrap(kinds, after(change))


def _everywhere(change: Callable[[FsState, Any, FsState], FsState]) -> Build:
    return wrap_all(after(change))


# --- rows judged another way ------------------------------------------------------------------


def _accelerators_not_held(state: FsState, action: LayBorne) -> bool:
    # FS-ACCEL without its second half: the Accélérateurs need not be in the hand.
    return action.accelerators <= DATA.max_accelerators


def _radar_on_face_value(state: FsState, action: LayBorne) -> bool:
    # RUL-FS-RADAR-DOUBLED read the other way: Radar judges the card, not the km laid.
    return state.zones[action.seat].radar is None or KM[action.card] <= DATA.radar_max_km


def _one_slot(state: FsState, action: Attack) -> bool:
    # FS-ATTACK-ONE read as "one card at most": a Radar keeps every other attack out.
    zone = state.zones[action.target]
    return zone.attack is None and zone.radar is None


def _on_turn_only(state: FsState, action: Remedy) -> bool:
    return state.phase is FsPhase.PLAY


def _no_super_parade(state: FsState, action: Remedy) -> bool:
    return REMEDY_OF[action.attack] is action.card


def _target_mirrors_only(state: FsState, action: Mirror) -> bool:
    # The attacker may not send his own attack back again (FS-MIRROR-BACK dropped).
    return state.phase is FsPhase.ATTACK and state.actor != state.turn


def _give_from_own_hand(state: FsState, action: Police) -> bool:
    # RUL-FS-POLICE read the other way: the card given comes from the hand held before.
    hand = list(state.hands[action.seat])
    if FsCard.POLICE not in hand:
        return False
    hand.remove(FsCard.POLICE)
    return action.give in hand


def _first_borne_needs_roll(state: FsState, action: LayBorne) -> bool:
    # FS-NO-ROLL read the classic way: a zone's first Borne needs a Feu Vert held.
    zone = state.zones[action.seat]
    return zone.attack is None and (bool(zone.distance) or FsCard.ROLL in state.hands[action.seat])


def _two_200s_at_most(state: FsState, action: LayBorne) -> bool:
    # RUL-FS-NO-200-LIMIT read the classic way (at most two 200s in a zone).
    zone = state.zones[action.seat]
    laid = sum(card is FsCard.D200 for card, _ in zone.distance)
    return zone.attack is None and (action.card is not FsCard.D200 or laid < 2)


def _specials_kept(state: FsState, action: Discard) -> bool:
    # RUL-FS-DISCARD-FORCED read narrowly: a card that leaves the game may not be discarded.
    return action.card in state.hands[action.seat] and not SINGLE_USE[action.card]


# --- the goal: which seats a step's km take there ------------------------------------------


def _going(
    state: FsState, moved: tuple[int, ...], cause: int, *, end: bool, next_seat: int | None = None
) -> FsState:
    """The game after a change of totals, as ``engine._opened`` goes on when nobody is at the
    goal: the turn ends if ``end``, and the Hold Up window opens (RUL-FS-HOLDUP)."""
    if end:
        state = engine._end_turn(state, next_seat)
        if state.phase is FsPhase.OVER:
            return state
    return replace(state, phase=FsPhase.HOLDUP, actor=(cause + 1) % state.players, layer=cause,
                   announced=True, tied=engine._ties(state, moved))  # fmt: skip


def _goes_on(state: FsState, action: Any, nxt: FsState, reached: tuple[int, ...]) -> FsState:
    """``nxt``, a game the step ended at the goal, with ``reached`` as the seats at the goal:
    with none, the game goes on as the transition goes on when nobody is there."""
    if reached == nxt.winners:
        return nxt
    if reached:
        return replace(nxt, winners=reached)
    going = replace(nxt, winners=(), phase=state.phase, actor=state.actor)
    if isinstance(action, Safety):  # FS-REPLAY: the Hold Up window, then a draw
        return _going(going, (action.seat,), action.seat, end=False)
    if isinstance(action, CoupFourre):  # RUL-FS-CF-TURN
        return _going(going, (action.seat,), action.seat, end=True, next_seat=action.seat)
    if isinstance(action, HoldUp):  # play resumes as before the call
        return engine._resume(going)
    if isinstance(action, Helicopter):
        return _going(going, (action.seat, action.target), action.seat, end=True)
    if isinstance(action, Pass) and state.layer is not None:  # the Borne stood
        layer = state.layer
        return _going(replace(going, layer=layer), (layer,), layer, end=True)
    return engine._end_turn(going)


def _counted(km: Callable[[Zone], int], goal: Callable[[FsState], int]) -> Build:
    """Every transition wrapped: a game ended at the goal ends only for the seats whose
    ``km`` reach ``goal`` (FS-END-GOAL with other figures)."""

    def change(state: FsState, action: Any, nxt: FsState) -> FsState:
        if nxt.phase is not FsPhase.OVER or state.phase is FsPhase.OVER:
            return nxt
        if not any(zone.km >= nxt.goal for zone in nxt.zones):
            return nxt  # ended by the empty pile, not at the goal
        target = goal(nxt)
        reached = tuple(s for s, zone in enumerate(nxt.zones) if km(zone) >= target)
        return _goes_on(state, action, nxt, reached)

    return _everywhere(change)


def _without_cf_bonus(zone: Zone) -> int:
    return zone.km - len(zone.coups_fourres) * (DATA.coup_fourre_km - DATA.safety_km)


# --- the refill at the end of a turn ---------------------------------------------------------

SPENDING = (Attack, Remedy, Safety, Helicopter, Police, Trash, Discard, CoupFourre, Mirror, UTurn)
"""The action kinds that take one card from the acting seat's hand."""


def _refill(state: FsState, action: Any, nxt: FsState) -> list[tuple[int, tuple[FsCard, ...]]]:
    """The cards the end of the turn gave each seat from the draw pile (FS-REFILL), seat by
    seat in the order given; [] when the step drew none or cannot be read that way."""
    if isinstance(action, (DrawPile, DrawDiscard, LayBorne)) or nxt.reshuffles != state.reshuffles:
        return []
    drawn = state.draw_pile[: len(state.draw_pile) - len(nxt.draw_pile)]
    if not drawn or state.draw_pile[len(drawn) :] != nxt.draw_pile:
        return []
    n = state.players
    given, at = [], 0
    for step in range(n):
        seat = (state.turn + step) % n
        held = len(state.hands[seat]) - (seat == action.seat and isinstance(action, SPENDING))
        count = max(0, DATA.hand_size - held)
        cards = drawn[at : at + count]
        if Counter(cards) - Counter(nxt.hands[seat]):
            return []
        given.append((seat, cards))
        at += count
    return given if at == len(drawn) else []


def _take_back(hand: tuple[FsCard, ...], cards: tuple[FsCard, ...]) -> tuple[FsCard, ...]:
    rest = Counter(hand) - Counter(cards)
    return tuple(sorted(rest.elements()))


def _refill_from_the_left(state: FsState, action: Any, nxt: FsState) -> FsState:
    """The end of the turn run one seat on: the refill starts at the turn player's left,
    and a game the empty pile stops there keeps that seat as its ``turn``."""
    if _exhausted_now(state, nxt):
        return replace(nxt, turn=(state.turn + 1) % state.players)
    given = _refill(state, action, nxt)
    if not given:
        return nxt
    drawn = tuple(card for _, cards in given for card in cards)
    counts = dict((seat, len(cards)) for seat, cards in given)
    hands = list(nxt.hands)
    for seat, cards in given:
        hands[seat] = _take_back(hands[seat], cards)
    at = 0
    n = state.players
    for step in range(1, n + 1):  # from the turn player's left, the turn player last
        seat = (state.turn + step) % n
        cards = drawn[at : at + counts[seat]]
        hands[seat] = tuple(sorted((*hands[seat], *cards)))
        at += counts[seat]
    return replace(nxt, hands=tuple(hands))


def _only_the_turn_refills(state: FsState, action: Any, nxt: FsState) -> FsState:
    given = _refill(state, action, nxt)
    if not given:
        return nxt
    hands = list(nxt.hands)
    back: list[FsCard] = []
    for seat, cards in sorted(given):
        if seat != state.turn and cards:
            hands[seat] = _take_back(hands[seat], cards)
            back += sorted(cards)
    return replace(nxt, hands=tuple(hands), draw_pile=(*back, *nxt.draw_pile))


def _turn_to_the_right(state: FsState, action: Any, nxt: FsState) -> FsState:
    n = state.players
    if nxt.phase is FsPhase.DRAW and nxt.turn == (state.turn + 1) % n != state.turn:
        right = (state.turn - 1) % n
        return replace(nxt, actor=right, turn=right)
    return nxt


def _never_reshuffled(state: FsState, action: Any, nxt: FsState) -> FsState:
    if nxt.reshuffles > state.reshuffles:
        return engine._exhausted(nxt)  # the game ends where the pile would be reshuffled
    return nxt


def _reshuffle_unshuffled(state: FsState, action: Any, nxt: FsState) -> FsState:
    # RUL-FS-EMPTY-PILE read the old way: the discard pile is turned over, not shuffled
    # (here: in card order, whatever order it lay in).
    if nxt.reshuffles > state.reshuffles:
        return replace(nxt, draw_pile=tuple(sorted(nxt.draw_pile)))
    return nxt


def _reshuffle_same_seed(state: FsState, action: Any, nxt: FsState) -> FsState:
    # RUL-FS-RESHUFFLE-SEED read another way: every reshuffle uses the game's seed itself.
    if nxt.reshuffles > state.reshuffles:
        return replace(nxt, draw_pile=shuffled(sorted(nxt.draw_pile), nxt.seed))
    return nxt


def _exhausted_now(state: FsState, nxt: FsState) -> bool:
    """Did this step end the game for want of cards (RUL-FS-EMPTY-PILE), not at the goal?"""
    ended = nxt.phase is FsPhase.OVER and state.phase is not FsPhase.OVER
    return ended and not any(zone.km >= nxt.goal for zone in nxt.zones)


def _exhausted_without_winner(state: FsState, action: Any, nxt: FsState) -> FsState:
    return replace(nxt, winners=()) if _exhausted_now(state, nxt) else nxt


# --- single transitions -----------------------------------------------------------------------


def _attack_always_counts(original: Transition) -> Transition:
    def mutated(state: FsState, action: Attack) -> FsState:
        return original(state, replace(action, announced=True))  # type: ignore[no-any-return]

    return mutated


def _remedy_always_on_top(original: Transition) -> Transition:
    def mutated(state: FsState, action: Remedy) -> FsState:
        return original(state, replace(action, remedy_on_top=True))  # type: ignore[no-any-return]

    return mutated


def _accelerators_ignored(state: FsState, action: LayBorne, nxt: FsState) -> FsState:
    if not action.accelerators:
        return nxt
    zone = nxt.zones[action.seat]
    zone = replace(zone, distance=(*zone.distance[:-1], (action.card, 0)))
    pile = (*nxt.discard_pile, *(FsCard.ACCELERATOR,) * action.accelerators)
    return replace(nxt, zones=with_zone(nxt.zones, action.seat, zone), discard_pile=pile)


def _no_borne_window(state: FsState, action: LayBorne, nxt: FsState) -> FsState:
    while nxt.phase is FsPhase.BORNE:  # everyone passes at once: no Demi-tour possible
        nxt = engine._pass(nxt)
    return nxt


def _win_when_laid(state: FsState, action: LayBorne, nxt: FsState) -> FsState:
    reached = engine._reached(nxt)
    return engine._over(nxt, reached) if reached else nxt


def _safety_cures_nothing(state: FsState, action: Safety | CoupFourre, nxt: FsState) -> FsState:
    before = state.zones[action.seat]
    cured = [a for a in (before.attack, before.radar) if a is not None]
    cured = [a for a in cured if SAFETY_OF[a] is action.card]
    if not cured:
        return nxt
    zone = replace(nxt.zones[action.seat], attack=before.attack, radar=before.radar)
    pile = list(nxt.discard_pile)
    for attack in cured:
        if attack in pile:
            del pile[len(pile) - 1 - pile[::-1].index(attack)]
    return replace(nxt, zones=with_zone(nxt.zones, action.seat, zone), discard_pile=tuple(pile))


def _safety_ends_turn(state: FsState, action: Safety, nxt: FsState) -> FsState:
    if nxt.phase is FsPhase.OVER:
        return nxt
    return engine._end_turn(replace(nxt, layer=None, tied=()))


def _replay_without_draw(state: FsState, action: Safety, nxt: FsState) -> FsState:
    # RUL-FS-REPLAY read the old way: one more card at once, no draw (and no window).
    if nxt.phase is FsPhase.OVER:
        return nxt
    return replace(nxt, phase=FsPhase.PLAY, actor=action.seat, layer=None, tied=())


def _cf_turn_without_draw(state: FsState, action: CoupFourre, nxt: FsState) -> FsState:
    # RUL-FS-CF-TURN read the old way: the coup-fourré player's turn starts at the play step.
    if nxt.phase is FsPhase.OVER:
        return nxt
    resumed = engine._resume(nxt)
    return resumed if resumed.phase is FsPhase.OVER else replace(resumed, phase=FsPhase.PLAY)


def _coup_fourre_gives_no_turn(state: FsState, action: CoupFourre, nxt: FsState) -> FsState:
    if nxt.phase is not FsPhase.OVER:  # play resumes at the attacker's left
        left = (state.turn + 1) % state.players
        actor = left if nxt.phase is FsPhase.DRAW else nxt.actor
        return replace(nxt, actor=actor, turn=left)
    return nxt


def _answer_takes_the_turn(state: FsState, action: Remedy, nxt: FsState) -> FsState:
    if state.phase is FsPhase.ATTACK and nxt.phase is FsPhase.DRAW:
        return replace(nxt, actor=action.seat, turn=action.seat)
    return nxt


def _mirror_always_lands(original: Transition) -> Transition:
    def mutated(state: FsState, action: Mirror) -> FsState:
        attack, back_to = state.pending, state.source
        assert attack is not None and back_to is not None
        spent = engine._spend(state, action.seat, FsCard.MIRROR)
        spent = replace(spent, discard_pile=(*spent.discard_pile, FsCard.MIRROR))
        if receivable(spent, attack, back_to):
            return original(state, action)  # type: ignore[no-any-return]
        return replace(spent, actor=back_to, source=action.seat)  # received all the same

    return mutated


def _mirror_tests_the_card(original: Transition) -> Transition:
    # FS-MIRROR-BLOCKED read the old way: only an attack that could not land is blocked, so a
    # Radar returned onto a player stopped by another attack still comes to him.
    def mutated(state: FsState, action: Mirror) -> FsState:
        attack, back_to = state.pending, state.source
        assert attack is not None and back_to is not None
        spent = engine._spend(state, action.seat, FsCard.MIRROR)
        spent = replace(spent, discard_pile=(*spent.discard_pile, FsCard.MIRROR))
        if receivable(spent, attack, back_to) and not can_turn_back(spent, attack, back_to):
            return replace(spent, actor=back_to, source=action.seat)
        return original(state, action)  # type: ignore[no-any-return]

    return mutated


def _mirror_on_top(state: FsState, action: Mirror, nxt: FsState) -> FsState:
    # The blocked pair discarded the other way round: the Rétroviseur on top.
    pile = nxt.discard_pile
    if nxt.pending is None and state.pending is not None and pile[-2:] == (
        FsCard.MIRROR, state.pending
    ):  # fmt: skip
        return replace(nxt, discard_pile=(*pile[:-2], state.pending, FsCard.MIRROR))
    return nxt


def _holdup_on_bornes_only(state: FsState, action: Any, nxt: FsState) -> FsState:
    # RUL-FS-HOLDUP read the old way: Bornes only, and a window only after a Borne stood.
    if nxt.phase is not FsPhase.HOLDUP or nxt.layer is None:
        return nxt
    if state.phase is not FsPhase.BORNE:
        return engine._resume(nxt)
    layer = nxt.layer
    km = nxt.zones[layer].borne_km
    tied = [s for s in range(nxt.players) if s != layer and nxt.zones[s].borne_km == km]
    return replace(nxt, tied=tuple(sorted((layer, *tied))) if tied and km else ())


def _mirror_leaves_game(state: FsState, action: Mirror, nxt: FsState) -> FsState:
    pile = list(nxt.discard_pile)
    if FsCard.MIRROR not in pile:
        return nxt
    del pile[len(pile) - 1 - pile[::-1].index(FsCard.MIRROR)]
    return replace(nxt, discard_pile=tuple(pile), removed=(*nxt.removed, FsCard.MIRROR))


def _accelerators_leave_game(state: FsState, action: UTurn | Killer, nxt: FsState) -> FsState:
    assert state.layer is not None
    boost = state.zones[state.layer].distance[-1][1]
    if not boost or nxt.discard_pile[-boost:] != (FsCard.ACCELERATOR,) * boost:
        return nxt
    return replace(
        nxt,
        discard_pile=nxt.discard_pile[:-boost],
        removed=nxt.removed + nxt.discard_pile[-boost:],
    )


def _wrong_call_is_free(state: FsState, action: FalseHoldUp, nxt: FsState) -> FsState:
    return engine._end_turn(state)


def _stolen_borne_discarded(state: FsState, action: HoldUp, nxt: FsState) -> FsState:
    mine = nxt.zones[action.seat]
    borne = mine.distance[-1]
    zone = replace(mine, distance=mine.distance[:-1])
    nxt = replace(nxt, zones=with_zone(nxt.zones, action.seat, zone))
    return replace(nxt, discard_pile=nxt.discard_pile + engine._borne_cards(borne))


def _no_holdup_window(state: FsState, action: Any, nxt: FsState) -> FsState:
    if nxt.phase is FsPhase.HOLDUP and state.phase is not FsPhase.HOLDUP:
        return engine._resume(nxt)
    return nxt


def _unanswered_attack_discarded(original: Transition) -> Transition:
    def mutated(state: FsState, action: Pass) -> FsState:
        if state.phase is not FsPhase.ATTACK or state.pending is None:
            return original(state, action)  # type: ignore[no-any-return]
        pile = (*state.discard_pile, state.pending)
        return engine._end_turn(replace(state, discard_pile=pile, pending=None, source=None))

    return mutated


def _trash_spares_own(state: FsState, action: Trash, nxt: FsState) -> FsState:
    own = state.zones[action.seat]
    pile = list(nxt.discard_pile)
    for borne in own.distance:
        if borne[0] is FsCard.D200:
            for card in engine._borne_cards(borne):
                pile.remove(card)
    return replace(nxt, zones=with_zone(nxt.zones, action.seat, own), discard_pile=tuple(pile))


def _helicopter_swaps_hands(state: FsState, action: Helicopter, nxt: FsState) -> FsState:
    if nxt.phase is FsPhase.OVER:
        return nxt
    mine, theirs = nxt.hands[action.seat], nxt.hands[action.target]
    hands = with_hand(with_hand(nxt.hands, action.seat, theirs), action.target, mine)
    return replace(nxt, hands=hands)


def _police_takes_nothing(state: FsState, action: Police, nxt: FsState) -> FsState:
    return engine._end_turn(engine._use_once(state, action.seat, FsCard.POLICE))


def _single_use_discarded(state: FsState, action: FsAction, nxt: FsState) -> FsState:
    gone = nxt.removed[len(state.removed) :]
    if not gone:
        return nxt
    at = len(state.discard_pile)
    pile = nxt.discard_pile
    # where it was spent, before what the play discards (at the end if the pile was turned)
    kept = pile[:at] == state.discard_pile
    pile = (*pile[:at], *gone, *pile[at:]) if kept else (*pile, *gone)
    return replace(nxt, removed=state.removed, discard_pile=pile)


# --- the deal ----------------------------------------------------------------------------------


def _dealt_in_blocks(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(players: int, *, deck: Any = None, seed: int | None = None) -> FsState:
        state = original(players, deck=deck, seed=seed)
        order = shuffled(DATA.deck(), seed) if seed is not None else tuple(deck)
        size = DATA.hand_size
        hands = tuple(tuple(sorted(order[s * size : (s + 1) * size])) for s in range(players))
        return replace(state, hands=hands)

    return mutated


def _second_seat_starts(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(players: int, **given: Any) -> FsState:
        return replace(original(players, **given), actor=1, turn=1)

    return mutated


def _other_box(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(players: int, *, deck: Any = None, seed: int | None = None) -> FsState:
        if deck is not None:  # the real box is one 25 short, one 100 over the mutant's
            raise MalformedInput("deck: not the cards of the Fun & Speed box (FS-BOX)")
        return original(players, deck=deck, seed=seed)

    return mutated


def _no_four(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(players: int, **given: Any) -> FsState:
        if players == 4:
            raise MalformedInput("players: RUL-FS-SEATS allows 2 and 3")
        return original(players, **given)

    return mutated


ENDING = (Safety, CoupFourre, HoldUp, Helicopter, Pass)
SINGLE_USE_KINDS = (UTurn, Helicopter, Police, Trash)

SPECS: tuple[tuple[str, str, tuple[str, ...], Build], ...] = (
    ("fs-no-discard-draw", "the top of the discard pile may never be taken",
     ("FS-DRAW", "RUL-FS-DISCARD-TOP"), predicate("RUL-FS-DISCARD-TOP", never)),
    ("fs-accelerators-not-held", "Accélérateurs need not be in the hand", ("FS-ACCEL",),
     predicate("FS-ACCEL", _accelerators_not_held)),
    ("fs-radar-face-value", "a Radar judges the card, not the km its Accélérateurs make",
     ("RUL-FS-RADAR-DOUBLED",), predicate("FS-BORNE-RADAR", _radar_on_face_value)),
    ("fs-accelerators-ignored", "Accélérateurs add no km: laid with a Borne, they go to the "
     "discard pile (the Borne transition)", ("FS-ACCEL", "FS-KM"),
     _on((LayBorne,), _accelerators_ignored)),
    ("fs-radar-fills-zone", "a standing Radar keeps every other attack out", ("FS-ATTACK-ONE",),
     predicate("FS-ATTACK-ONE", _one_slot)),
    ("fs-attack-without-sound", "an attack laid without its sound counts", ("FS-ATTACK-SOUND",),
     wrap((Attack,), _attack_always_counts)),
    ("fs-unanswered-attack-discarded", "an attack nobody answers is discarded, not laid",
     ("RUL-FS-WINDOWS", "FS-ZONE"), wrap((Pass,), _unanswered_attack_discarded)),
    ("fs-remedy-on-turn-only", "an attacked player may not answer with a remedy at once",
     ("FS-REMEDY-OUT-OF-TURN",), predicate("FS-REMEDY-OUT-OF-TURN", _on_turn_only)),
    ("fs-answer-takes-turn", "the player who answers out of turn plays next",
     ("FS-REMEDY-OUT-OF-TURN",), _on((Remedy,), _answer_takes_the_turn)),
    ("fs-no-super-parade", "Super Parade cures nothing", ("FS-SUPER-PARADE", "FS-REMEDY"),
     predicate("FS-REMEDY", _no_super_parade)),
    ("fs-remedy-top-ignored", "the remedy always lies on top, whatever the curer chose",
     ("FS-REMEDY-TOP",), wrap((Remedy,), _remedy_always_on_top)),
    ("fs-safety-cures-nothing", "a safety leaves its attack standing (the safety and "
     "coup-fourré transitions)", ("RUL-FS-SAFETY-CURES",),
     _on((Safety, CoupFourre), _safety_cures_nothing)),
    ("fs-safety-no-replay", "a safety laid ends the turn", ("FS-REPLAY", "RUL-FS-REPLAY"),
     _on((Safety,), _safety_ends_turn)),
    ("fs-replay-without-draw", "after a safety the player lays one more card without a draw "
     "(the old RUL-FS-REPLAY)", ("FS-REPLAY", "RUL-FS-REPLAY"),
     _on((Safety,), _replay_without_draw)),
    ("fs-cf-turn-without-draw", "the coup-fourré player's turn starts without a draw (the old "
     "RUL-FS-CF-TURN)", ("RUL-FS-CF-TURN",), _on((CoupFourre,), _cf_turn_without_draw)),
    ("fs-safeties-no-km", "safeties add no km: the goal is reached by Bornes alone (every "
     "transition that ends the game at the goal)", ("FS-KM", "FS-SAFETY"),
     _counted(lambda zone: zone.borne_km, lambda state: state.goal)),
    ("fs-coup-fourre-100", "a coup-fourré is worth 100 km, not 200, toward the goal (every "
     "transition that ends the game at the goal)", ("FS-CF", "FS-KM"),
     _counted(_without_cf_bonus, lambda state: state.goal)),
    ("fs-coup-fourre-no-turn", "after a coup-fourré play resumes at the attacker's left",
     ("RUL-FS-CF-TURN",), _on((CoupFourre,), _coup_fourre_gives_no_turn)),
    ("fs-mirror-once", "the attacker may not send his attack back again",
     ("FS-MIRROR-BACK", "RUL-FS-MIRROR-CHAIN"),
     predicate("RUL-FS-WINDOWS", _target_mirrors_only, (Mirror,))),
    ("fs-mirror-onto-stopped", "an attack turned back on a stopped attacker still lands",
     ("FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN"), wrap((Mirror,), _mirror_always_lands)),
    ("fs-mirror-tests-card", "a Radar returned onto a stopped player lands (the old "
     "FS-MIRROR-BLOCKED, which tested the card)", ("FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN"),
     wrap((Mirror,), _mirror_tests_the_card)),
    ("fs-mirror-blocked-order", "a blocked Rétroviseur lies on top of its attack",
     ("FS-MIRROR-BLOCKED",), _on((Mirror,), _mirror_on_top)),
    ("fs-holdup-bornes-only", "Hold Up counts Bornes only, after a Borne only (the old "
     "RUL-FS-HOLDUP)", ("RUL-FS-HOLDUP",), _everywhere(_holdup_on_bornes_only)),
    ("fs-mirror-leaves-game", "a Rétroviseur leaves the game instead of the discard",
     ("FS-MIRROR",), _on((Mirror,), _mirror_leaves_game)),
    ("fs-no-borne-window", "nobody is asked after a Borne: no Demi-tour, no Bornes Killer",
     ("FS-UTURN", "FS-KILLER", "RUL-FS-WINDOWS"), _on((LayBorne,), _no_borne_window)),
    ("fs-win-before-uturn", "the game ends as soon as the winning Borne is laid",
     ("FS-END-AFTER-UTURN",), _on((LayBorne,), _win_when_laid)),
    ("fs-announcement-optional", "a Borne laid without its announcement counts",
     ("FS-ANNOUNCE", "RUL-FS-ANNOUNCE"), predicate("RUL-FS-ANNOUNCE", never)),
    ("fs-accelerators-leave-game", "a cancelled Borne's Accélérateurs leave the game (the "
     "Demi-tour and Bornes Killer transitions)", ("RUL-FS-ACCEL-ZONE",),
     _on((UTurn, Killer), _accelerators_leave_game)),
    ("fs-wrong-call-free", "a wrong Hold Up costs nothing", ("FS-HOLDUP-WRONG",),
     _on((FalseHoldUp,), _wrong_call_is_free)),
    ("fs-stolen-borne-discarded", "the Borne stolen by Hold Up goes to the discard",
     ("FS-HOLDUP",), _on((HoldUp,), _stolen_borne_discarded)),
    ("fs-no-holdup-window", "nobody is asked to call Hold Up (every transition that changes "
     "a total)", ("FS-HOLDUP", "RUL-FS-WINDOWS"), _everywhere(_no_holdup_window)),
    ("fs-helicopter-swaps-hands", "Hélicoptère swaps the hands too", ("RUL-FS-HELICOPTER",),
     _on((Helicopter,), _helicopter_swaps_hands)),
    ("fs-police-give-own", "Police may not give back the card it has just taken",
     ("RUL-FS-POLICE",), predicate("FS-CARD-IN-HAND", _give_from_own_hand, (Police,))),
    ("fs-police-takes-nothing", "Police is spent without taking or giving", ("FS-POLICE",),
     _on((Police,), _police_takes_nothing)),
    ("fs-trash-spares-own", "Poubelle spares the player's own 200s", ("FS-TRASH",),
     _on((Trash,), _trash_spares_own)),
    ("fs-single-use-discarded", "Demi-tour, Hélicoptère, Police, Poubelle go to the discard "
     "(their four transitions)", ("FS-SINGLE-USE",), _on(SINGLE_USE_KINDS, _single_use_discarded)),
    ("fs-deal-in-blocks", "each hand is dealt as four cards in a row", ("FS-DEAL",),
     wrapped_field("deal", _dealt_in_blocks)),
    ("fs-second-seat-starts", "seat 1 plays first", ("RUL-FS-FIRST-PLAYER",),
     wrapped_field("deal", _second_seat_starts)),
    ("fs-refill-from-left", "hands are refilled from the turn player's left (every transition "
     "that ends a turn)", ("RUL-FS-REFILL-ORDER",), _everywhere(_refill_from_the_left)),
    ("fs-turn-to-right", "the turn passes to the right (every transition that ends a turn)",
     ("FS-TURN-ORDER",), _everywhere(_turn_to_the_right)),
    ("fs-pile-never-reshuffled", "the discard pile never becomes a new draw pile: the game "
     "ends there (every transition that draws)", ("RUL-FS-EMPTY-PILE",),
     _everywhere(_never_reshuffled)),
    ("fs-reshuffle-unshuffled", "the discard pile becomes the draw pile unshuffled (the old "
     "RUL-FS-EMPTY-PILE)", ("RUL-FS-EMPTY-PILE",), _everywhere(_reshuffle_unshuffled)),
    ("fs-reshuffle-same-seed", "every reshuffle uses the game's seed itself",
     ("RUL-FS-RESHUFFLE-SEED",), _everywhere(_reshuffle_same_seed)),
    ("fs-exhausted-no-winner", "a game stopped by the engine's guard has no winner",
     ("FS-GUARD-END",), _everywhere(_exhausted_without_winner)),
    ("fs-goal-passed-only", "the goal must be passed, not just reached", ("FS-END-GOAL",),
     _counted(lambda zone: zone.km, lambda state: state.goal + 1)),
    ("fs-only-turn-refills", "only the turn player's hand is refilled (every transition that "
     "ends a turn)", ("FS-REFILL",), _everywhere(_only_the_turn_refills)),
    ("fs-specials-not-discarded", "a card that leaves the game may not be discarded",
     ("FS-DISCARD", "RUL-FS-DISCARD-FORCED"),
     predicate("FS-CARD-IN-HAND", _specials_kept, (Discard,))),
    ("fs-feu-vert-to-start", "a zone's first Borne needs a Feu Vert in the hand",
     ("FS-NO-ROLL",), predicate("FS-BORNE-FREE", _first_borne_needs_roll)),
    ("fs-two-200s", "a zone holds at most two 200s", ("RUL-FS-NO-200-LIMIT",),
     predicate("FS-BORNE-FREE", _two_200s_at_most)),
    ("fs-box-counts", "the box holds one 25 fewer and one 100 more: the deal refuses the real "
     "box's cards", ("FS-BOX", "ASM-FS-COUNTS"), wrapped_field("deal", _other_box)),
    ("fs-no-four-seats", "four players may not play (the deal refuses them)", ("RUL-FS-SEATS",),
     wrapped_field("deal", _no_four)),
    ("fs-goal-1000-at-4", "the goal is 1000 km at four players too (every transition that "
     "ends the game at the goal)", ("FS-GOAL",),
     _counted(lambda zone: zone.km, lambda state: DATA.goal)),
)  # fmt: skip
WRITTEN: tuple[Mutant, ...] = tuple(
    Mutant(name, description, breaks, FAMILY, build) for name, description, breaks, build in SPECS
)

MUTANTS: tuple[Mutant, ...] = GENERATED + WRITTEN
BY_NAME: dict[str, Mutant] = {m.name: m for m in MUTANTS}
