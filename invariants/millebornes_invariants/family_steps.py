"""Step invariants of the two race families (Fun & Speed, As du Volant).

A state invariant (the families' catalogues, :mod:`.funspeed_catalogue` and
:mod:`.asduvolant_catalogue`) judges one state; these judge one step — the state
before, the action, the state after — for what no single state shows: who acted, that
cards only moved, that an ended game stays ended, and how a zone's km or a car's square
may change. Each returns problems as ``"ID: problem"`` strings, empty when it holds;
the IDs are the step invariants of spec/invariants.md (INV-FS-STEP-ACTOR, INV-AV-STEP-CAR
and the others of its section on the race families).

Everything is read through the neutral API (:mod:`millebornes.api`) and the states'
own ``all_cards``, so a ruling that changes when a card moves changes nothing here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from millebornes import api
from millebornes.families.asduvolant import actions as av
from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.state import AvState
from millebornes.families.funspeed import actions as fs
from millebornes.families.funspeed.cards import DATA as FS_DATA
from millebornes.families.funspeed.cards import KM as FS_KM
from millebornes.families.funspeed.state import FsState
from millebornes_invariants.catalogue import StepInvariant

StepCheck = Callable[[Any, Any, Any], list[str]]


def _actor(prefix: str) -> StepCheck:
    """The seat that acted was the actor; after the step, only the new actor may act."""

    def check(before: Any, action: Any, after: Any) -> list[str]:
        problems = []
        if action.seat != api.actor(before):
            problems.append(f"seat {action.seat} acted, the actor was {api.actor(before)}")
        seats = {a.seat for a in api.legal_actions(after)}
        if not seats <= {api.actor(after)}:
            problems.append(f"seats {sorted(seats)} may act, the actor is {api.actor(after)}")
        return [f"{prefix}: {p}" for p in problems]

    check.__doc__ = _actor.__doc__
    return check


def _cards(prefix: str, extra: Callable[[Any], tuple[int, ...]] | None = None) -> StepCheck:
    """Every card (and, for As du Volant, every token) of the state before is somewhere in
    the state after, and nothing else: a step only moves things."""

    def check(before: Any, action: Any, after: Any) -> list[str]:
        gained = Counter(after.all_cards()) - Counter(before.all_cards())
        lost = Counter(before.all_cards()) - Counter(after.all_cards())
        problems = []
        if gained or lost:
            problems.append(f"{action} made {dict(gained)} appear, {dict(lost)} vanish")
        if extra is not None and extra(before) != extra(after):
            problems.append(f"{action} changed the tokens {extra(before)} -> {extra(after)}")
        return [f"{prefix}: {p}" for p in problems]

    check.__doc__ = _cards.__doc__
    return check


def _end(prefix: str) -> StepCheck:
    """A game over has no actor, no legal action and winners; a game going on has an actor
    and no winners; once over, a game stays over (no step starts from it)."""

    def check(before: Any, action: Any, after: Any) -> list[str]:
        problems = []
        if api.actor(before) is None:
            problems.append(f"{action} was taken in a game already over")
        over = api.actor(after) is None
        if over and (api.legal_actions(after) or not api.winners(after)):
            problems.append("a game over with a legal action or no winner")
        if not over and api.winners(after):
            problems.append(f"winners {api.winners(after)} named while play goes on")
        return [f"{prefix}: {p}" for p in problems]

    check.__doc__ = _end.__doc__
    return check


# --- Fun & Speed -----------------------------------------------------------------------------

_FS_KM_STILL = (fs.DrawPile, fs.DrawDiscard, fs.Attack, fs.Remedy, fs.Police, fs.Discard,
                fs.Mirror, fs.Pass)  # fmt: skip
"""The actions that lay, take or lose no Borne and no safety: no zone's km changes."""


def _fs_km(before: FsState, action: Any, after: FsState) -> list[str]:
    """FS-KM: how each action may change the zones' km."""
    old = [zone.km for zone in before.zones]
    new = [zone.km for zone in after.zones]
    changed = {s for s in range(before.players) if old[s] != new[s]}
    seat = action.seat
    gain = new[seat] - old[seat]
    if isinstance(action, _FS_KM_STILL):
        ok = not changed
    elif isinstance(action, fs.LayBorne):
        ok = changed <= {seat} and gain == FS_KM[action.card] << action.accelerators
    elif isinstance(action, fs.Safety):
        ok = changed <= {seat} and gain == FS_DATA.safety_km
    elif isinstance(action, fs.CoupFourre):
        ok = changed <= {seat} and gain == FS_DATA.coup_fourre_km
    elif isinstance(action, fs.Helicopter):
        ok = new[seat] == old[action.target] and new[action.target] == old[seat]
    elif isinstance(action, fs.HoldUp):  # one Borne moves from the victim to the caller
        ok = changed <= {seat, action.victim} and sum(new) == sum(old)
    else:  # a false Hold Up, a Demi-tour, Bornes Killer, the Poubelle: only losses
        ok = all(n <= o for n, o in zip(new, old, strict=True))
    return [] if ok else [f"INV-FS-STEP-KM: {action} changed the km {old} -> {new}"]


def _fs_removed(before: FsState, action: Any, after: FsState) -> list[str]:
    """FS-SINGLE-USE: cards removed from play never come back."""
    if after.removed[: len(before.removed)] != before.removed:
        return [f"INV-FS-STEP-CARDS: {action} brought back a card removed from play"]
    return []


FS_STEP_INVARIANTS: tuple[StepInvariant[Any, Any], ...] = (
    StepInvariant("INV-FS-STEP-ACTOR", ("FS-ACTOR", "RUL-FS-WINDOWS"), _actor("INV-FS-STEP-ACTOR")),
    StepInvariant("INV-FS-STEP-CARDS", ("FS-BOX", "FS-SINGLE-USE"), _cards("INV-FS-STEP-CARDS")),
    StepInvariant("INV-FS-STEP-CARDS", ("FS-BOX", "FS-SINGLE-USE"), _fs_removed),
    StepInvariant("INV-FS-STEP-END", ("FS-END-GOAL", "RUL-FS-EMPTY-PILE"), _end("INV-FS-STEP-END")),
    StepInvariant("INV-FS-STEP-KM", ("FS-KM", "FS-ACCEL", "FS-HELICOPTER"), _fs_km),
)


# --- As du Volant ----------------------------------------------------------------------------


def _av_cars(before: AvState, action: Any, after: AvState) -> list[str]:
    """AV-MOVE-EXACT, AV-UTURN, AV-MAX-200: a car leaves its square only by its own Move
    (bonus included) or by a Demi-tour cancelling that move; its count of 200s follows."""
    problems = []
    movers: set[int] = set()
    if isinstance(action, av.Move):
        movers = {action.seat}
    elif isinstance(action, av.UTurn) and before.mover is not None:
        movers = {before.mover}
    for seat, (old, new) in enumerate(zip(before.cars, after.cars, strict=True)):
        if seat not in movers and (old.square, old.lane, old.laid_200) != (
            new.square,
            new.lane,
            new.laid_200,
        ):
            problems.append(f"{action} moved seat {seat}'s car")
    if isinstance(action, av.Move):
        gain = after.cars[action.seat].laid_200 - before.cars[action.seat].laid_200
        if gain != (action.card is AvCard.D200):
            problems.append(f"{action} counted {gain} more 200s")
    return [f"INV-AV-STEP-CAR: {p}" for p in problems]


AV_STEP_INVARIANTS: tuple[StepInvariant[Any, Any], ...] = (
    StepInvariant("INV-AV-STEP-ACTOR", ("AV-ACTOR", "AV-PASS"), _actor("INV-AV-STEP-ACTOR")),
    StepInvariant(
        "INV-AV-STEP-CARDS",
        ("AV-BOX", "AV-TOKENS"),
        _cards("INV-AV-STEP-CARDS", lambda state: state.token_counts()),
    ),
    StepInvariant("INV-AV-STEP-END", ("AV-END-FINISH", "AV-END-STUCK"), _end("INV-AV-STEP-END")),
    StepInvariant("INV-AV-STEP-CAR", ("AV-MOVE-EXACT", "AV-UTURN", "AV-MAX-200"), _av_cars),
)

STEP_INVARIANTS: dict[str, tuple[StepInvariant[Any, Any], ...]] = {
    "fun-speed": FS_STEP_INVARIANTS,
    "as-du-volant": AV_STEP_INVARIANTS,
}
"""Each race family's step invariants, by family name."""


def broken_step_invariants(before: Any, action: Any, after: Any) -> list[str]:
    """Every step invariant of the step's family that the step breaks."""
    family = api.family_of(before).name
    return [p for inv in STEP_INVARIANTS[family] for p in inv.check(before, action, after)]
