"""Mutants of the Fun & Speed rules: each a deliberately broken copy of one rule.

A mutant either judges one row of the family's precondition tables
(:mod:`millebornes.families.funspeed.rules`) with another predicate (the row dropped,
inverted or changed), or wraps one transition of :mod:`millebornes.families.funspeed.engine`
(or swaps one figure of the family's data). Each names the rule IDs it breaks.
They patch the modules in this process (``with mutant.patch():``) and are undone
afterwards; files are never edited. tools/conformance_strength.py runs the
family's cases (conformance/families/fun-speed/) against each: every one must
be killed, that is fail at least one case.

    python tools/funspeed_mutants.py      # list them
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import project_python  # noqa: F401  (re-executes under .venv/bin/python if needed)
from family_mutants import Family
from millebornes.conformance import funspeed_suite as suite
from millebornes.core.shuffle import shuffled
from millebornes.families.funspeed import engine, rules
from millebornes.families.funspeed.actions import (
    Attack,
    Discard,
    FalseHoldUp,
    FsAction,
    Helicopter,
    HoldUp,
    LayBorne,
    Mirror,
    Police,
    Remedy,
    Safety,
    Trash,
)
from millebornes.families.funspeed.cards import DATA, KM, REMEDY_OF, SINGLE_USE, FsCard
from millebornes.families.funspeed.state import FsPhase, FsState, Zone, with_hand, with_zone
from millebornes_invariants.mutants import Mutant, effect_mutant, predicate_mutant, swap_mutant

Wrap = Callable[[Callable[..., FsState]], Callable[..., FsState]]
TABLES = tuple(name for name, _ in suite.TABLES)


def _row(rule_id: str, predicate: Callable[..., bool], *tables: str) -> Callable[[], Any]:
    """Judge ``rule_id`` with ``predicate`` in the named tables (all of them by default)."""
    return predicate_mutant(rule_id, predicate, module=rules, tables=tables or TABLES)


def _data(**figures: Any) -> Callable[[], Any]:
    """The family's data with other figures (spec/families/fun-speed/edition.json)."""
    return swap_mutant(DATA, replace(DATA, **figures))


@contextmanager
def _class_attribute(owner: type, name: str, value: object) -> Iterator[None]:
    original = owner.__dict__[name]
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, original)


# --- predicates: a row dropped, inverted or changed ------------------------------------------


def _always(state: FsState, action: FsAction) -> bool:
    return True


def _never(state: FsState, action: FsAction) -> bool:
    return False


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
    # RUL-FS-DISCARD-FREE read narrowly: a card that leaves the game may not be discarded.
    return action.card in state.hands[action.seat] and not SINGLE_USE[action.card]


# --- transitions -------------------------------------------------------------------------------


def _attack_always_counts(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Attack) -> FsState:
        return original(state, replace(action, announced=True))

    return mutated


def _no_borne_window(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: LayBorne) -> FsState:
        after = original(state, action)
        while after.phase is FsPhase.BORNE:  # everyone passes at once: no Demi-tour possible
            after = engine._pass(after)
        return after

    return mutated


def _win_when_laid(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: LayBorne) -> FsState:
        after = original(state, action)
        reached = engine._reached(after)
        return engine._over(after, reached) if reached else after

    return mutated


def _safety_cures_nothing(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, seat: int, safety: FsCard, crosswise: bool) -> FsState:
        after = original(state, seat, safety, crosswise)
        before = state.zones[seat]
        zone = replace(after.zones[seat], attack=before.attack, radar=before.radar)
        return replace(
            after, zones=with_zone(after.zones, seat, zone), discard_pile=state.discard_pile
        )

    return mutated


def _safety_ends_turn(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Safety) -> FsState:
        after = original(state, action)
        if after.phase is FsPhase.PLAY:
            return engine._end_turn(after)
        return after

    return mutated


def _coup_fourre_gives_no_turn(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Any) -> FsState:
        after = original(state, action)
        if after.phase is FsPhase.PLAY:  # play resumes at the attacker's left, with a draw
            left = (state.turn + 1) % state.players
            return replace(after, phase=FsPhase.DRAW, actor=left, turn=left)
        return after

    return mutated


def _remedy_always_on_top(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Remedy) -> FsState:
        return original(state, replace(action, remedy_on_top=True))

    return mutated


def _answer_takes_the_turn(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Remedy) -> FsState:
        after = original(state, action)
        if state.phase is FsPhase.ATTACK and after.phase is FsPhase.DRAW:
            return replace(after, actor=action.seat, turn=action.seat)
        return after

    return mutated


def _always_receivable(state: FsState, attack: FsCard, seat: int) -> bool:
    return True


def _mirror_leaves_game(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Mirror) -> FsState:
        after = original(state, action)
        pile = list(after.discard_pile)
        at = len(pile) - 1 - pile[::-1].index(FsCard.MIRROR)
        del pile[at]
        return replace(after, discard_pile=tuple(pile), removed=(*after.removed, FsCard.MIRROR))

    return mutated


def _single_use_discarded(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, seat: int, card: FsCard) -> FsState:
        after = original(state, seat, card)
        if len(after.removed) > len(state.removed):
            return replace(after, removed=state.removed, discard_pile=(*after.discard_pile, card))
        return after

    return mutated


def _accelerators_leave_game(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState) -> FsState:
        after = original(state)
        assert state.layer is not None
        boost = state.zones[state.layer].distance[-1][1]
        if not boost:
            return after
        return replace(
            after,
            discard_pile=after.discard_pile[:-boost],
            removed=after.removed + after.discard_pile[-boost:],
        )

    return mutated


def _wrong_call_is_free(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: FalseHoldUp) -> FsState:
        return engine._end_turn(state)

    return mutated


def _stolen_borne_discarded(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: HoldUp) -> FsState:
        after = original(state, action)
        mine = after.zones[action.seat]
        borne = mine.distance[-1]
        zone = replace(mine, distance=mine.distance[:-1])
        after = replace(after, zones=with_zone(after.zones, action.seat, zone))
        return replace(after, discard_pile=after.discard_pile + engine._borne_cards(borne))

    return mutated


def _no_holdup_window(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState) -> FsState:
        after = original(state)
        if state.phase is FsPhase.BORNE and after.phase is FsPhase.HOLDUP:
            return engine._end_turn(after)
        return after

    return mutated


def _unanswered_attack_discarded(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState) -> FsState:
        if state.phase is not FsPhase.ATTACK or state.pending is None:
            return original(state)
        pile = (*state.discard_pile, state.pending)
        return engine._end_turn(replace(state, discard_pile=pile, pending=None, source=None))

    return mutated


def _refill_from_the_left(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(
        state: FsState, next_seat: int | None = None, phase: FsPhase = FsPhase.DRAW
    ) -> FsState:
        following = (state.turn + 1) % state.players if next_seat is None else next_seat
        shifted = replace(state, turn=(state.turn + 1) % state.players)
        return original(shifted, next_seat=following, phase=phase)

    return mutated


def _turn_to_the_right(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(
        state: FsState, next_seat: int | None = None, phase: FsPhase = FsPhase.DRAW
    ) -> FsState:
        right = (state.turn - 1) % state.players
        return original(state, next_seat=right if next_seat is None else next_seat, phase=phase)

    return mutated


def _only_the_turn_refills(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(
        state: FsState, next_seat: int | None = None, phase: FsPhase = FsPhase.DRAW
    ) -> FsState:
        after = original(state, next_seat=next_seat, phase=phase)
        hands = list(after.hands)
        back: list[FsCard] = []
        for seat, hand in enumerate(state.hands):
            if seat != state.turn and len(hand) < DATA.hand_size:
                extra = list(after.hands[seat])
                for card in hand:
                    extra.remove(card)
                hands[seat], back = hand, [*back, *extra]
        return replace(after, hands=tuple(hands), draw_pile=(*back, *after.draw_pile))

    return mutated


def _never_turned_over(state: FsState) -> FsState | None:
    return None


def _exhausted_without_winner(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState) -> FsState:
        return replace(original(state), winners=())

    return mutated


def _goal_passed_only(original: Callable[..., tuple[int, ...]]) -> Callable[..., tuple[int, ...]]:
    def mutated(state: FsState) -> tuple[int, ...]:
        return tuple(s for s in original(state) if state.zones[s].km > state.goal)

    return mutated


def _accelerators_ignored(zone: Zone) -> int:
    return sum(KM[card] for card, _ in zone.distance)


def _trash_spares_own(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Trash) -> FsState:
        after = original(state, action)
        own = state.zones[action.seat]
        pile = list(after.discard_pile)
        for borne in own.distance:
            if borne[0] is FsCard.D200:
                for card in engine._borne_cards(borne):
                    pile.remove(card)
        zones = with_zone(after.zones, action.seat, own)
        return replace(after, zones=zones, discard_pile=tuple(pile))

    return mutated


def _helicopter_swaps_hands(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Helicopter) -> FsState:
        after = original(state, action)
        if after.phase is FsPhase.OVER:
            return after
        mine, theirs = after.hands[action.seat], after.hands[action.target]
        hands = with_hand(with_hand(after.hands, action.seat, theirs), action.target, mine)
        return replace(after, hands=hands)

    return mutated


def _police_takes_nothing(original: Callable[..., FsState]) -> Callable[..., FsState]:
    def mutated(state: FsState, action: Police) -> FsState:
        return engine._end_turn(engine._use_once(state, action.seat, FsCard.POLICE))

    return mutated


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


MUTANTS: tuple[Mutant, ...] = (
    # who acts, when, with what
    Mutant("fs-any-seat-acts", "a seat other than the one asked may act", ("FS-ACTOR",),
           _row("FS-ACTOR", _always)),
    Mutant("fs-draw-any-time", "a card may be drawn after the draw step", ("FS-DRAW",),
           _row("FS-DRAW", _always)),
    Mutant("fs-play-before-draw", "a card may be laid before drawing", ("FS-PLAY-ONE",),
           _row("FS-PLAY-ONE", _always)),
    Mutant("fs-card-not-held", "a card that is not in the hand may be played",
           ("FS-CARD-IN-HAND",), _row("FS-CARD-IN-HAND", _always)),
    Mutant("fs-draw-empty-pile", "the empty draw pile may be drawn from", ("RUL-FS-EMPTY-PILE",),
           _row("RUL-FS-EMPTY-PILE", _always)),
    Mutant("fs-draw-empty-discard", "the top of an empty discard pile may be taken",
           ("RUL-FS-DISCARD-TOP",), _row("RUL-FS-DISCARD-TOP", _always)),
    Mutant("fs-no-discard-draw", "the top of the discard pile may never be taken",
           ("FS-DRAW", "RUL-FS-DISCARD-TOP"), _row("RUL-FS-DISCARD-TOP", _never)),
    # Bornes
    Mutant("fs-accelerators-not-held", "Accélérateurs need not be in the hand", ("FS-ACCEL",),
           _row("FS-ACCEL", _accelerators_not_held)),
    Mutant("fs-borne-while-attacked", "a Borne may be laid under an attack", ("FS-BORNE-FREE",),
           _row("FS-BORNE-FREE", _always)),
    Mutant("fs-radar-ignored", "a Radar limits nothing", ("FS-BORNE-RADAR",),
           _row("FS-BORNE-RADAR", _always)),
    Mutant("fs-radar-face-value", "a Radar judges the card, not the km its Accélérateurs make",
           ("RUL-FS-RADAR-DOUBLED",), _row("FS-BORNE-RADAR", _radar_on_face_value)),
    Mutant("fs-accelerators-ignored", "Accélérateurs add no km", ("FS-ACCEL", "FS-KM"),
           lambda: _class_attribute(Zone, "borne_km", property(_accelerators_ignored))),
    # attacks
    Mutant("fs-attack-self", "a player may attack himself", ("FS-ATTACK-TARGET",),
           _row("FS-ATTACK-TARGET", _always)),
    Mutant("fs-attack-immune", "an attack lands on a player who holds its safety",
           ("FS-IMMUNITY",), _row("FS-IMMUNITY", _always)),
    Mutant("fs-attacks-stack", "a second attack lands on a standing one", ("FS-ATTACK-ONE",),
           _row("FS-ATTACK-ONE", _always)),
    Mutant("fs-radar-fills-zone", "a standing Radar keeps every other attack out",
           ("FS-ATTACK-ONE",), _row("FS-ATTACK-ONE", _one_slot)),
    Mutant("fs-attack-without-sound", "an attack laid without its sound counts",
           ("FS-ATTACK-SOUND",), effect_mutant(engine._attack, _attack_always_counts)),
    Mutant("fs-unanswered-attack-discarded", "an attack nobody answers is discarded, not laid",
           ("RUL-FS-WINDOWS", "FS-ZONE"),
           effect_mutant(engine._pass, _unanswered_attack_discarded)),
    # remedies and safeties
    Mutant("fs-remedy-on-turn-only", "an attacked player may not answer with a remedy at once",
           ("FS-REMEDY-OUT-OF-TURN",), _row("FS-REMEDY-OUT-OF-TURN", _on_turn_only)),
    Mutant("fs-answer-takes-turn", "the player who answers out of turn plays next",
           ("FS-REMEDY-OUT-OF-TURN",), effect_mutant(engine._remedy, _answer_takes_the_turn)),
    Mutant("fs-any-remedy", "any remedy cures any attack", ("FS-REMEDY",),
           _row("FS-REMEDY", _always)),
    Mutant("fs-no-super-parade", "Super Parade cures nothing", ("FS-SUPER-PARADE", "FS-REMEDY"),
           _row("FS-REMEDY", _no_super_parade)),
    Mutant("fs-remedy-unheld-attack", "a remedy may cure an attack that is not there",
           ("RUL-FS-REMEDY-HELD",), _row("RUL-FS-REMEDY-HELD", _always)),
    Mutant("fs-remedy-top-ignored", "the remedy always lies on top, whatever the curer chose",
           ("FS-REMEDY-TOP",), effect_mutant(engine._remedy, _remedy_always_on_top)),
    Mutant("fs-safety-cures-nothing", "a safety leaves its attack standing",
           ("RUL-FS-SAFETY-CURES",), effect_mutant(engine._lay_safety, _safety_cures_nothing)),
    Mutant("fs-safety-no-replay", "a safety laid ends the turn", ("FS-REPLAY", "RUL-FS-REPLAY"),
           effect_mutant(engine._safety, _safety_ends_turn)),
    Mutant("fs-safeties-no-km", "safeties add no km", ("FS-KM", "FS-SAFETY"),
           _data(safety_km=0, coup_fourre_km=0)),
    # coup-fourré and Rétroviseur
    Mutant("fs-coup-fourre-any-safety", "any safety makes a coup-fourré", ("FS-CF",),
           _row("FS-CF", _always)),
    Mutant("fs-coup-fourre-100", "a coup-fourré is worth 100 km, not 200", ("FS-CF", "FS-KM"),
           _data(coup_fourre_km=DATA.safety_km)),
    Mutant("fs-coup-fourre-no-turn", "after a coup-fourré play resumes at the attacker's left",
           ("RUL-FS-CF-TURN",), effect_mutant(engine._coup_fourre, _coup_fourre_gives_no_turn)),
    Mutant("fs-mirror-once", "the attacker may not send his attack back again",
           ("FS-MIRROR-BACK", "RUL-FS-MIRROR-CHAIN"),
           _row("RUL-FS-WINDOWS", _target_mirrors_only, "MIRROR_RULES")),
    Mutant("fs-mirror-onto-stopped", "an attack turned back on a stopped attacker still lands",
           ("FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN"),
           swap_mutant(rules.receivable, _always_receivable)),
    Mutant("fs-mirror-leaves-game", "a Rétroviseur leaves the game instead of the discard",
           ("FS-MIRROR",), effect_mutant(engine._mirror, _mirror_leaves_game)),
    # reactions to a Borne
    Mutant("fs-reaction-out-of-window", "a reaction or a pass may be made outside its window",
           ("RUL-FS-WINDOWS",), _row("RUL-FS-WINDOWS", _always)),
    Mutant("fs-no-borne-window", "nobody is asked after a Borne: no Demi-tour, no Bornes Killer",
           ("FS-UTURN", "FS-KILLER", "RUL-FS-WINDOWS"),
           effect_mutant(engine._lay_borne, _no_borne_window)),
    Mutant("fs-win-before-uturn", "the game ends as soon as the winning Borne is laid",
           ("FS-END-AFTER-UTURN",), effect_mutant(engine._lay_borne, _win_when_laid)),
    Mutant("fs-uturn-own-borne", "a player may Demi-tour his own Borne", ("FS-UTURN",),
           _row("FS-UTURN", _always)),
    Mutant("fs-killer-own-borne", "a player may call Bornes Killer on his own Borne",
           ("FS-KILLER",), _row("FS-KILLER", _always)),
    Mutant("fs-killer-announced", "Bornes Killer cancels an announced Borne",
           ("RUL-FS-ANNOUNCE", "FS-KILLER"), _row("RUL-FS-ANNOUNCE", _always)),
    Mutant("fs-announcement-optional", "a Borne laid without its announcement counts",
           ("FS-ANNOUNCE", "RUL-FS-ANNOUNCE"), _row("RUL-FS-ANNOUNCE", _never)),
    Mutant("fs-accelerators-leave-game", "a cancelled Borne's Accélérateurs leave the game",
           ("RUL-FS-ACCEL-ZONE",), effect_mutant(engine._cancel_borne, _accelerators_leave_game)),
    # Hold Up
    Mutant("fs-holdup-without-tie", "Hold Up may steal when nobody is tied", ("FS-HOLDUP",),
           _row("FS-HOLDUP", _always)),
    Mutant("fs-holdup-any-index", "Hold Up may name a Borne or a card that is not there",
           ("RUL-FS-HOLDUP",), _row("RUL-FS-HOLDUP", _always)),
    Mutant("fs-wrong-call-on-tie", "a tie may be answered by the wrong call",
           ("FS-HOLDUP-WRONG",), _row("FS-HOLDUP-WRONG", _always)),
    Mutant("fs-wrong-call-free", "a wrong Hold Up costs nothing", ("FS-HOLDUP-WRONG",),
           effect_mutant(engine._false_holdup, _wrong_call_is_free)),
    Mutant("fs-stolen-borne-discarded", "the Borne stolen by Hold Up goes to the discard",
           ("FS-HOLDUP",), effect_mutant(engine._holdup, _stolen_borne_discarded)),
    Mutant("fs-no-holdup-window", "nobody is asked to call Hold Up",
           ("FS-HOLDUP", "RUL-FS-WINDOWS"), effect_mutant(engine._pass, _no_holdup_window)),
    # specials
    Mutant("fs-helicopter-self", "a player may Hélicoptère himself", ("FS-HELICOPTER",),
           _row("FS-HELICOPTER", _always)),
    Mutant("fs-helicopter-swaps-hands", "Hélicoptère swaps the hands too",
           ("RUL-FS-HELICOPTER",), effect_mutant(engine._helicopter, _helicopter_swaps_hands)),
    Mutant("fs-police-self", "a player may call the Police on himself", ("FS-POLICE",),
           _row("FS-POLICE", _always)),
    Mutant("fs-police-take-anything", "Police may take a card the opponent does not hold",
           ("RUL-FS-POLICE",), _row("RUL-FS-POLICE", _always)),
    Mutant("fs-police-give-own", "Police may not give back the card it has just taken",
           ("RUL-FS-POLICE",), _row("FS-CARD-IN-HAND", _give_from_own_hand, "POLICE_RULES")),
    Mutant("fs-police-takes-nothing", "Police is spent without taking or giving", ("FS-POLICE",),
           effect_mutant(engine._police, _police_takes_nothing)),
    Mutant("fs-trash-spares-own", "Poubelle spares the player's own 200s", ("FS-TRASH",),
           effect_mutant(engine._trash, _trash_spares_own)),
    Mutant("fs-single-use-discarded", "Demi-tour, Hélicoptère, Police, Poubelle go to the discard",
           ("FS-SINGLE-USE",), effect_mutant(engine._use_once, _single_use_discarded)),
    # deal, turns, refill, end
    Mutant("fs-deal-in-blocks", "each hand is dealt as four cards in a row", ("FS-DEAL",),
           effect_mutant(engine.new_game, _dealt_in_blocks)),
    Mutant("fs-second-seat-starts", "seat 1 plays first", ("RUL-FS-FIRST-PLAYER",),
           effect_mutant(engine.new_game, _second_seat_starts)),
    Mutant("fs-refill-from-left", "hands are refilled from the turn player's left",
           ("RUL-FS-REFILL-ORDER",), effect_mutant(engine._end_turn, _refill_from_the_left)),
    Mutant("fs-turn-to-right", "the turn passes to the right", ("FS-TURN-ORDER",),
           effect_mutant(engine._end_turn, _turn_to_the_right)),
    Mutant("fs-pile-never-turned", "the discard pile is never turned into a new draw pile",
           ("RUL-FS-EMPTY-PILE",), swap_mutant(engine._refill_pile, _never_turned_over)),
    Mutant("fs-exhausted-no-winner", "a game stopped by the empty pile has no winner",
           ("RUL-FS-EMPTY-PILE",), effect_mutant(engine._exhausted, _exhausted_without_winner)),
    Mutant("fs-goal-passed-only", "the goal must be passed, not just reached", ("FS-END-GOAL",),
           effect_mutant(engine._reached, _goal_passed_only)),
    Mutant("fs-only-turn-refills", "only the turn player's hand is refilled", ("FS-REFILL",),
           effect_mutant(engine._end_turn, _only_the_turn_refills)),
    Mutant("fs-specials-not-discarded", "a card that leaves the game may not be discarded",
           ("FS-DISCARD", "RUL-FS-DISCARD-FREE"),
           _row("FS-CARD-IN-HAND", _specials_kept, "DISCARD_RULES")),
    Mutant("fs-feu-vert-to-start", "a zone's first Borne needs a Feu Vert in the hand",
           ("FS-NO-ROLL",), _row("FS-BORNE-FREE", _first_borne_needs_roll)),
    Mutant("fs-two-200s", "a zone holds at most two 200s", ("RUL-FS-NO-200-LIMIT",),
           _row("FS-BORNE-FREE", _two_200s_at_most)),
    Mutant("fs-box-counts", "the box holds one 25 fewer and one 100 more",
           ("FS-BOX", "ASM-FS-COUNTS"),
           _data(box=tuple((c, n + (c is FsCard.D100) - (c is FsCard.D25)) for c, n in DATA.box))),
    Mutant("fs-no-six-seats", "six players may not play", ("RUL-FS-SEATS",),
           _data(seats=tuple(n for n in DATA.seats if n != 6))),
    Mutant("fs-goal-1000-at-4", "the goal is 1000 km at four players too", ("FS-GOAL",),
           _data(goal_by_seats={})),
)  # fmt: skip

FAMILY = Family(suite.EDITION, suite.FOLDER, suite.check_case, MUTANTS)


def main() -> int:
    argparse.ArgumentParser(description="List the Fun & Speed mutants.").parse_args()
    for m in MUTANTS:
        print(f"{m.name:<30} {', '.join(m.breaks):<38} {m.description}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
