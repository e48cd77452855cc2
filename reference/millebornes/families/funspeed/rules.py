"""Fun & Speed preconditions as data: for each action kind, an ordered table of
(rule ID, predicate), read by ``violations`` and ``legal_actions`` alike.

As in :mod:`millebornes.families.classic.rules`, a predicate returns True when the action
respects its rule, and every predicate is total, so a refusal names every rule
the action breaks, in table order.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any, Final, TypeVar

from millebornes.core.preconditions import beyond_head, less, respects
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
from millebornes.families.funspeed.cards import DATA, KM, SAFETY_OF, FsCard, cures
from millebornes.families.funspeed.plays import plays
from millebornes.families.funspeed.state import (
    PHASE_ATTACK,
    PHASE_BORNE,
    PHASE_DRAW,
    PHASE_HOLDUP,
    PHASE_PLAY,
    WINDOWS,
    FsPhase,
    FsState,
)

A = TypeVar("A")
Rule = tuple[str, Callable[[FsState, A], bool]]


# --- who acts, when, with what -------------------------------------------------------


def _is_actor(state: FsState, action: FsAction) -> bool:
    # FS-ACTOR: only the seat the state names may act, in turn or in a window.
    return action.seat == state.actor


def _drawing(state: FsState, action: FsAction) -> bool:
    # FS-DRAW: a turn starts with the draw, and only then.
    return state.phase is PHASE_DRAW


def _playing(state: FsState, action: FsAction) -> bool:
    # FS-PLAY-ONE: one card is laid or discarded after the draw (or again, FS-REPLAY).
    return state.phase is PHASE_PLAY


def _holds(card: FsCard) -> Callable[[FsState, FsAction], bool]:
    """FS-CARD-IN-HAND for an action whose card is fixed by its kind (a special)."""

    def holds(state: FsState, action: FsAction) -> bool:
        return card in state.hands[action.seat]

    return holds


def _card_in_hand(
    state: FsState, action: LayBorne | Attack | Remedy | Safety | Discard | CoupFourre
) -> bool:
    # FS-CARD-IN-HAND
    return action.card in state.hands[action.seat]


def _in_window(*phases: FsPhase) -> Callable[[FsState, FsAction], bool]:
    """RUL-FS-WINDOWS: a reaction is made only in its own window."""

    def in_window(state: FsState, action: FsAction) -> bool:
        return state.phase in phases

    return in_window


def _opponent(state: FsState, action: Attack | Helicopter | Police) -> bool:
    # FS-ATTACK-TARGET, FS-HELICOPTER, FS-POLICE: aimed at an opponent, never oneself.
    return action.target != action.seat


# --- drawing -----------------------------------------------------------------------------


def _pile_not_empty(state: FsState, action: DrawPile) -> bool:
    # RUL-FS-EMPTY-PILE: an empty pile is replaced by the shuffled discard pile as soon as it
    # runs out, so it is empty at a draw only in a loaded state; it is never drawn from.
    return bool(state.draw_pile)


def _discard_not_empty(state: FsState, action: DrawDiscard) -> bool:
    # RUL-FS-DISCARD-TOP: the top card of a discard pile that holds one.
    return bool(state.discard_pile)


DRAW_PILE_RULES: tuple[Rule[DrawPile], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-DRAW", _drawing),
    ("RUL-FS-EMPTY-PILE", _pile_not_empty),
)
DRAW_DISCARD_RULES: tuple[Rule[DrawDiscard], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-DRAW", _drawing),
    ("RUL-FS-DISCARD-TOP", _discard_not_empty),
)


# --- Bornes ------------------------------------------------------------------------------


_ACCELERATOR: Final = FsCard.ACCELERATOR
"""Read once: asked of every Borne candidate (an enum member read as an attribute costs
several times a global on Python 3.11)."""


def _accelerators_held(state: FsState, action: LayBorne) -> bool:
    # FS-ACCEL, RUL-FS-ACCEL-TWO: at most two Accélérateurs, each from the hand.
    return (
        action.accelerators <= DATA.max_accelerators
        and state.hands[action.seat].count(_ACCELERATOR) >= action.accelerators
    )


def _no_attack_standing(state: FsState, action: LayBorne) -> bool:
    # FS-BORNE-FREE (FS-NO-ROLL: nothing else is needed, no Feu Vert).
    return state.zones[action.seat].attack is None


def _within_radar(state: FsState, action: LayBorne) -> bool:
    # FS-BORNE-RADAR, RUL-FS-RADAR-DOUBLED: the km laid, Accélérateurs included.
    laid = KM[action.card] << action.accelerators
    return state.zones[action.seat].radar is None or laid <= DATA.radar_max_km


BORNE_RULES: tuple[Rule[LayBorne], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-PLAY-ONE", _playing),
    ("FS-CARD-IN-HAND", _card_in_hand),
    ("FS-ACCEL", _accelerators_held),
    ("FS-BORNE-FREE", _no_attack_standing),
    ("FS-BORNE-RADAR", _within_radar),
)
# RUL-FS-NO-200-LIMIT: no row limits the number of 200s.


# --- attacks -----------------------------------------------------------------------------


def receivable(state: FsState, attack: FsCard, seat: int) -> bool:
    """Could ``attack`` land on ``seat``'s zone? (FS-IMMUNITY, FS-ATTACK-ONE.)"""
    zone = state.zones[seat]
    return SAFETY_OF[attack] not in zone.safeties and zone.standing(attack) is None


def can_turn_back(state: FsState, attack: FsCard, seat: int) -> bool:
    """May a Rétroviseur send ``attack`` onto ``seat``? Not when ``seat`` is already stopped
    by another attack, whatever ``attack`` is (FS-MIRROR-BLOCKED: the booklet tests the
    receiver), nor when the attack could not land there at all (RUL-FS-MIRROR-CHAIN)."""
    return state.zones[seat].attack is None and receivable(state, attack, seat)


def _not_immune(state: FsState, action: Attack) -> bool:
    # FS-IMMUNITY
    return SAFETY_OF[action.card] not in state.zones[action.target].safeties


def _room_for_attack(state: FsState, action: Attack) -> bool:
    # FS-ATTACK-ONE: one attack and one Radar at most.
    return state.zones[action.target].standing(action.card) is None


ATTACK_RULES: tuple[Rule[Attack], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-PLAY-ONE", _playing),
    ("FS-CARD-IN-HAND", _card_in_hand),
    ("FS-ATTACK-TARGET", _opponent),
    ("FS-IMMUNITY", _not_immune),
    ("FS-ATTACK-ONE", _room_for_attack),
)


# --- remedies and safeties ----------------------------------------------------------------


def _on_turn_or_answering(state: FsState, action: Remedy) -> bool:
    # FS-REMEDY on one's turn, FS-REMEDY-OUT-OF-TURN in the attack window.
    return state.phase is PHASE_PLAY or state.phase is PHASE_ATTACK


def _matches(state: FsState, action: Remedy) -> bool:
    # FS-REMEDY, FS-SUPER-PARADE
    return cures(action.card, action.attack)


def _attack_to_cure(state: FsState, action: Remedy) -> bool:
    # The attack cured is the one pending in the window (FS-REMEDY-OUT-OF-TURN) or, on
    # one's turn, standing in one's zone however long ago it came (RUL-FS-REMEDY-HELD).
    if state.phase is PHASE_ATTACK:
        return state.pending is action.attack
    return state.zones[action.seat].standing(action.attack) is action.attack


def _covers_on_turn(state: FsState, action: Remedy) -> bool:
    # FS-REMEDY-TOP, RUL-FS-REMEDY-TOP: on one's turn the remedy covers the attack, so it lies
    # on top; only the answer out of turn chooses.
    return state.phase is not PHASE_PLAY or action.remedy_on_top


REMEDY_RULES: tuple[Rule[Remedy], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-REMEDY-OUT-OF-TURN", _on_turn_or_answering),
    ("FS-CARD-IN-HAND", _card_in_hand),
    ("FS-REMEDY", _matches),
    ("RUL-FS-REMEDY-HELD", _attack_to_cure),
    ("FS-REMEDY-TOP", _covers_on_turn),
)

# FS-SAFETY: on one's turn nothing else restricts a safety (RUL-FS-SAFETY-CURES).
SAFETY_RULES: tuple[Rule[Safety], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-PLAY-ONE", _playing),
    ("FS-CARD-IN-HAND", _card_in_hand),
)


_last_answer: list[tuple[FsState, int, bool]] = []
"""The last :func:`can_play` answer, with the state object and seat it was about."""


def can_play(state: FsState, seat: int) -> bool:
    """Could ``seat`` lay some card of its hand at the play step of ``state``? Judged by the
    tables themselves, whoever asks, whenever (FS-DISCARD-FORCED).

    Every discard candidate of ``legal_actions`` asks this of the same state, and ``apply``
    of the discard chosen asks it once more: the last answer is kept with the state object
    it was about (states are immutable, and the one kept cannot be freed, so its identity
    cannot be taken by another)."""
    if _last_answer:
        last, last_seat, answer = _last_answer[0]
        if last is state and last_seat == seat:
            return answer
    step = state
    if state.phase is not PHASE_PLAY or state.actor != seat:
        step = replace(state, phase=PHASE_PLAY, actor=seat)
    # The lean candidates by the lean tables: what the whole tables say of every play,
    # without the rows and candidates whose answer is known (LEAN, plays(lean=True)).
    answer = any(respects(LEAN[type(play)], step, play) for play in plays(step, seat, lean=True))
    remember_can_play(state, seat, answer)
    return answer


def remember_can_play(state: FsState, seat: int, answer: bool) -> None:
    """Keep ``answer`` as :func:`can_play`'s for ``seat`` in ``state``: ``legal_actions``
    found it judging the plays by these tables."""
    _last_answer[:] = [(state, seat, answer)]


def _nothing_playable(state: FsState, action: Discard) -> bool:
    # FS-DISCARD-FORCED, RUL-FS-DISCARD-FORCED: no card of the hand could be played at the
    # play step (FS-ACTOR and FS-PLAY-ONE name a discard at the wrong moment).
    return not can_play(state, action.seat)


DISCARD_RULES: tuple[Rule[Discard], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-PLAY-ONE", _playing),
    ("FS-CARD-IN-HAND", _card_in_hand),
    ("FS-DISCARD-FORCED", _nothing_playable),
)


# --- specials ------------------------------------------------------------------------------


HELICOPTER_RULES: tuple[Rule[Helicopter], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-PLAY-ONE", _playing),
    ("FS-CARD-IN-HAND", _holds(FsCard.HELICOPTER)),
    ("FS-HELICOPTER", _opponent),
)


def _take_in_their_hand(state: FsState, action: Police) -> bool:
    # RUL-FS-POLICE: the card taken is in the opponent's (non-empty) hand.
    return action.take in state.hands[action.target]


def _give_in_hand(state: FsState, action: Police) -> bool:
    # FS-CARD-IN-HAND, RUL-FS-POLICE: given from the hand once the card taken joined it.
    hand = list(state.hands[action.seat])
    if FsCard.POLICE in hand:
        hand.remove(FsCard.POLICE)
    return action.give in hand or action.give is action.take


POLICE_RULES: tuple[Rule[Police], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-PLAY-ONE", _playing),
    ("FS-CARD-IN-HAND", _holds(FsCard.POLICE)),
    ("FS-POLICE", _opponent),
    ("RUL-FS-POLICE", _take_in_their_hand),
    ("FS-CARD-IN-HAND", _give_in_hand),
)

# FS-TRASH: nothing but holding it (it may be played with no 200 laid).
TRASH_RULES: tuple[Rule[Trash], ...] = (
    ("FS-ACTOR", _is_actor),
    ("FS-PLAY-ONE", _playing),
    ("FS-CARD-IN-HAND", _holds(FsCard.TRASH)),
)


# --- reactions ----------------------------------------------------------------------------


def _matching_safety(state: FsState, action: CoupFourre) -> bool:
    # FS-CF: the safety that matches the pending attack.
    return state.pending is not None and SAFETY_OF[state.pending] is action.card


COUP_FOURRE_RULES: tuple[Rule[CoupFourre], ...] = (
    ("FS-ACTOR", _is_actor),
    ("RUL-FS-WINDOWS", _in_window(PHASE_ATTACK)),
    ("FS-CARD-IN-HAND", _card_in_hand),
    ("FS-CF", _matching_safety),
)

# FS-MIRROR, FS-MIRROR-BACK: any attack, Radar included, as often as Rétroviseurs last.
MIRROR_RULES: tuple[Rule[Mirror], ...] = (
    ("FS-ACTOR", _is_actor),
    ("RUL-FS-WINDOWS", _in_window(PHASE_ATTACK)),
    ("FS-CARD-IN-HAND", _holds(FsCard.MIRROR)),
)


def _not_the_layer(state: FsState, action: UTurn | Killer) -> bool:
    # FS-UTURN, FS-KILLER: an opponent of the player who laid the Borne.
    return action.seat != state.layer


UTURN_RULES: tuple[Rule[UTurn], ...] = (
    ("FS-ACTOR", _is_actor),
    ("RUL-FS-WINDOWS", _in_window(PHASE_BORNE)),
    ("FS-CARD-IN-HAND", _holds(FsCard.U_TURN)),
    ("FS-UTURN", _not_the_layer),
)


def _unannounced(state: FsState, action: Killer) -> bool:
    # FS-KILLER, RUL-FS-ANNOUNCE: only a Borne laid without its announcement.
    return not state.announced


KILLER_RULES: tuple[Rule[Killer], ...] = (
    ("FS-ACTOR", _is_actor),
    ("RUL-FS-WINDOWS", _in_window(PHASE_BORNE)),
    ("FS-KILLER", _not_the_layer),
    ("RUL-FS-ANNOUNCE", _unannounced),
)


def _victim_tied(state: FsState, action: HoldUp) -> bool:
    # FS-HOLDUP: the change made a tie, and the victim is a tied player other than the caller.
    return action.victim in state.tied and action.victim != action.seat


def _borne_exists(state: FsState, action: HoldUp) -> bool:
    # RUL-FS-HOLDUP: any one Borne card of the victim's zone; a tied player whose total is
    # all safeties has no Borne to steal.
    return 0 <= action.index < len(state.zones[action.victim].distance)


HOLDUP_RULES: tuple[Rule[HoldUp], ...] = (
    ("FS-ACTOR", _is_actor),
    ("RUL-FS-WINDOWS", _in_window(PHASE_HOLDUP)),
    ("FS-HOLDUP", _victim_tied),
    ("RUL-FS-HOLDUP", _borne_exists),
)


def _no_tie(state: FsState, action: FalseHoldUp) -> bool:
    # FS-HOLDUP-WRONG: a call when the change made no tie is the wrong moment.
    return not state.tied


def _forfeit_exists(state: FsState, action: FalseHoldUp) -> bool:
    # FS-HOLDUP-WRONG, RUL-FS-HOLDUP-WRONG: a card of one's zone the caller picks (Bornes then
    # safeties), or nothing if none.
    cards = state.zones[action.seat].forfeitable()
    if action.index is None:
        return cards == 0
    return 0 <= action.index < cards


FALSE_HOLDUP_RULES: tuple[Rule[FalseHoldUp], ...] = (
    ("FS-ACTOR", _is_actor),
    ("RUL-FS-WINDOWS", _in_window(PHASE_HOLDUP)),
    ("FS-HOLDUP-WRONG", _no_tie),
    ("RUL-FS-HOLDUP-WRONG", _forfeit_exists),
)

PASS_RULES: tuple[Rule[Pass], ...] = (
    ("FS-ACTOR", _is_actor),
    ("RUL-FS-WINDOWS", _in_window(*WINDOWS)),
)


_Table = tuple[Rule[Any], ...]
# One action kind's precondition table. A private name: the API pages would render a
# public alias, and a bare ``Rule`` there links two other families' ``Rule`` at once.

RULES: Mapping[type, _Table] = MappingProxyType(
    {
        DrawPile: DRAW_PILE_RULES,
        DrawDiscard: DRAW_DISCARD_RULES,
        LayBorne: BORNE_RULES,
        Attack: ATTACK_RULES,
        Remedy: REMEDY_RULES,
        Safety: SAFETY_RULES,
        Helicopter: HELICOPTER_RULES,
        Police: POLICE_RULES,
        Trash: TRASH_RULES,
        Discard: DISCARD_RULES,
        CoupFourre: COUP_FOURRE_RULES,
        Mirror: MIRROR_RULES,
        UTurn: UTURN_RULES,
        Killer: KILLER_RULES,
        HoldUp: HOLDUP_RULES,
        FalseHoldUp: FALSE_HOLDUP_RULES,
        Pass: PASS_RULES,
    }
)
"""Each action kind's table: what the engine's functions judge by, unless given others."""


# --- what legal_actions asks of its own candidates -------------------------------------------

_PLAY_HEAD = ("FS-ACTOR", "FS-PLAY-ONE", "FS-CARD-IN-HAND")
_WINDOW_HEAD = ("FS-ACTOR", "RUL-FS-WINDOWS")

HEAD: Mapping[type, tuple[str, ...]] = MappingProxyType(
    {
        DrawPile: ("FS-ACTOR", "FS-DRAW"),
        DrawDiscard: ("FS-ACTOR", "FS-DRAW"),
        LayBorne: _PLAY_HEAD,
        Attack: _PLAY_HEAD,
        Remedy: ("FS-ACTOR", "FS-REMEDY-OUT-OF-TURN", "FS-CARD-IN-HAND"),
        Safety: _PLAY_HEAD,
        Helicopter: _PLAY_HEAD,
        Police: _PLAY_HEAD,
        Trash: _PLAY_HEAD,
        Discard: _PLAY_HEAD,
        CoupFourre: (*_WINDOW_HEAD, "FS-CARD-IN-HAND"),
        Mirror: (*_WINDOW_HEAD, "FS-CARD-IN-HAND"),
        UTurn: (*_WINDOW_HEAD, "FS-CARD-IN-HAND"),
        Killer: _WINDOW_HEAD,
        HoldUp: _WINDOW_HEAD,
        FalseHoldUp: _WINDOW_HEAD,
        Pass: _WINDOW_HEAD,
    }
)
"""The rows each table starts with that the family's own ``legal_actions`` candidates meet
by construction: they are the actor's, at the step or in the window they belong to (a
remedy on one's turn or in the attack window), with a card of the hand (the specials,
the Rétroviseur, the Demi-tour and the coup-fourré's safety are proposed only when held)."""

BUILT: Mapping[type, tuple[str, ...]] = MappingProxyType(
    {
        LayBorne: ("FS-ACCEL", "FS-BORNE-FREE"),
        Attack: ("FS-ATTACK-TARGET",),
        Remedy: ("FS-REMEDY", "RUL-FS-REMEDY-HELD", "FS-REMEDY-TOP"),
        Helicopter: ("FS-HELICOPTER",),
        Police: ("FS-POLICE", "RUL-FS-POLICE"),
        CoupFourre: ("FS-CF",),
        HoldUp: ("RUL-FS-HOLDUP",),
        FalseHoldUp: ("RUL-FS-HOLDUP-WRONG",),
    }
)
"""Rows beyond the head that those candidates meet by construction too: a Borne with at most
two Accélérateurs, all held, and none while an attack stands (``plays(lean=True)``);
attacks and the specials aimed at opponents only; a remedy of the attack standing or
pending that it cures, on top on one's turn; the safety of the pending attack; a Borne the
victim has, a card of one's own zone (``engine._window_candidates``)."""

LEAN: Mapping[type, _Table] = MappingProxyType(
    {
        kind: less(beyond_head(table, HEAD[kind]), BUILT.get(kind, ()))
        for kind, table in RULES.items()
    }
)
"""The rows the family's own ``legal_actions`` asks of its candidates: each table less
:data:`HEAD` and :data:`BUILT`. Any other tables (a mutant's) are asked whole, of every
candidate; ``apply`` always asks the whole table of the action it is given."""
