"""Conformance cases for the Fun & Speed family: step, rejection, legal and trace.

The cases follow the classic suite's case format (spec/conformance/format.md),
with ``edition`` ``fun-speed`` and states and actions in the family's JSON
(spec/families/fun-speed/design.md). They live in their own folder,
``conformance/families/fun-speed/``, with an index, so the classic suite is
byte-identical; ``millebornes.conformance.family_suites`` writes them.

Every case comes from a seeded random playout per seat count (the policy is
Python's ``random.Random(players)``, as the provenance says): a trace per game,
the legal actions at the first state of each phase, a step for the first
action of each kind, and for every rule ID of the precondition tables the
first well-formed action that breaks that rule alone.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from millebornes.conformance import family_suite
from millebornes.conformance.family_suite import (
    Family,
    malformed_action,
    rejection,
    with_trace,
)
from millebornes.core.shuffle import shuffled
from millebornes.families.funspeed import rules
from millebornes.families.funspeed.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawPile,
    FalseHoldUp,
    FsAction,
    Helicopter,
    HoldUp,
    LayBorne,
    Mirror,
    Pass,
    Police,
    Remedy,
    Safety,
    Trash,
)
from millebornes.families.funspeed.all_actions import every_action
from millebornes.families.funspeed.cards import DATA, FsCard, parse_fs_card
from millebornes.families.funspeed.engine import _broken, apply, legal_actions, new_game
from millebornes.families.funspeed.family import FUN_SPEED
from millebornes.families.funspeed.serialize import (
    ACTION_TYPES,
    action_to_dict,
    state_to_dict,
)
from millebornes.families.funspeed.state import WINDOWS, FsPhase, FsState, Zone

C = FsCard
# The generator's name as its cases record it (provenance.generator): a stable name of
# this suite, kept when the module moved so that the cases stay byte-identical.
GENERATOR = "millebornes.funspeed.suite"
EDITION = "fun-speed"
FAMILY = Family(EDITION, GENERATOR)
FOLDER = FAMILY.folder
JsonDict = dict[str, Any]

TABLES: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = tuple(
    (name, getattr(rules, name)) for name in dir(rules) if name.endswith("_RULES")
)
"""Every precondition table of the family, by name."""

# Effects every whole game exercises, besides the rows of the tables its actions pass.
GAME_RULES = ("FS-BOX", "ASM-FS-COUNTS", "RUL-FS-SEATS", "FS-GOAL", "FS-DEAL",
              "RUL-FS-FIRST-PLAYER", "FS-ZONE", "FS-KM", "FS-REFILL", "RUL-FS-REFILL-ORDER",
              "FS-TURN-ORDER")  # fmt: skip


def table_ids(action: FsAction) -> tuple[str, ...]:
    """The rule IDs of the table that judges ``action`` (all rows, in order)."""
    kind = type(action).__name__
    for name, table in TABLES:
        rows = [rule_id for rule_id, _ in table]
        if _TABLE_OF.get(kind) == name:
            return tuple(dict.fromkeys(rows))
    return ()


_TABLE_OF = {
    "DrawPile": "DRAW_PILE_RULES", "DrawDiscard": "DRAW_DISCARD_RULES", "LayBorne": "BORNE_RULES",
    "Attack": "ATTACK_RULES", "Remedy": "REMEDY_RULES", "Safety": "SAFETY_RULES",
    "Helicopter": "HELICOPTER_RULES", "Police": "POLICE_RULES", "Trash": "TRASH_RULES",
    "Discard": "DISCARD_RULES", "CoupFourre": "COUP_FOURRE_RULES", "Mirror": "MIRROR_RULES",
    "UTurn": "UTURN_RULES", "Killer": "KILLER_RULES", "HoldUp": "HOLDUP_RULES",
    "FalseHoldUp": "FALSE_HOLDUP_RULES", "Pass": "PASS_RULES",
}  # fmt: skip


_EFFECTS = {
    "LayBorne": ("FS-NO-ROLL", "FS-ANNOUNCE", "RUL-FS-ACCEL-ZONE", "RUL-FS-RADAR-DOUBLED",
                 "RUL-FS-NO-200-LIMIT", "RUL-FS-WINDOWS"),
    "Attack": ("FS-ATTACK-SOUND", "RUL-FS-ANNOUNCE", "RUL-FS-WINDOWS"),
    "Remedy": ("FS-REMEDY-TOP", "RUL-FS-REMEDY-TOP", "FS-SUPER-PARADE"),
    "Safety": ("FS-SAFETY", "RUL-FS-SAFETY-CURES", "FS-REPLAY", "RUL-FS-REPLAY",
               "RUL-FS-HOLDUP"),
    "Discard": ("FS-DISCARD", "RUL-FS-DISCARD-FORCED"),
    "FalseHoldUp": ("RUL-FS-HOLDUP-WRONG",),
    "DrawPile": ("FS-HANDS-SECRET",),
    "CoupFourre": ("RUL-FS-CF-TURN", "FS-CF"),
    "Mirror": ("FS-MIRROR",),
    "UTurn": ("FS-SINGLE-USE", "RUL-FS-ACCEL-ZONE", "FS-END-AFTER-UTURN"),
    "Helicopter": ("RUL-FS-HELICOPTER", "FS-SINGLE-USE"),
    "Police": ("FS-SINGLE-USE",),
    "Trash": ("FS-TRASH", "FS-SINGLE-USE"),
}  # fmt: skip
"""The rules each kind of action's transition carries out, besides its table's rows."""


def effect_ids(before: FsState, action: FsAction, after: FsState) -> tuple[str, ...]:
    """The rules the step from ``before`` to ``after`` exercises beyond its table."""
    ids = list(_EFFECTS.get(type(action).__name__, ()))
    if type(action).__name__ == "Mirror":
        if after.pending is None:
            ids += ["FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN"]
        if before.actor == before.turn:  # the attacker sends his own attack back again
            ids += ["FS-MIRROR-BACK", "RUL-FS-MIRROR-CHAIN"]
    if before.phase is FsPhase.BORNE and after.phase is not FsPhase.BORNE:
        ids.append("FS-END-AFTER-UTURN")
    if after.reshuffles != before.reshuffles:
        ids += ["RUL-FS-EMPTY-PILE", "RUL-FS-RESHUFFLE-SEED"]
    if after.tied:
        ids.append("RUL-FS-HOLDUP")
    if isinstance(action, LayBorne) and action.accelerators:
        ids.append("RUL-FS-ACCEL-TWO")
    return tuple(ids)


def _case(kind: str, slug: str, players: int, ids: tuple[str, ...], text: str) -> JsonDict:
    return FAMILY.case(kind, slug, players, ids, text)


def _playout(players: int) -> tuple[tuple[Any, ...], list[FsState], list[FsAction]]:
    deck = shuffled(DATA.deck(), players)
    state, rng = new_game(players, deck=deck, seed=players), random.Random(players)
    states, actions = [state], []
    while state.actor is not None:
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        states.append(state)
        actions.append(action)
    return deck, states, actions


def family_cases() -> list[JsonDict]:
    """Every case of the family's suite, in a fixed order."""
    cases: list[JsonDict] = []
    stepped: set[str] = set()
    rejected: set[str] = set()
    for players in DATA.seats:
        deck, states, actions = _playout(players)
        ids = set(GAME_RULES)
        for before, action, after in zip(states, actions, states[1:], strict=False):
            ids.update(table_ids(action))
            ids.update(effect_ids(before, action, after))
        final = states[-1]
        ending = "FS-END-GOAL" if any(z.km >= final.goal for z in final.zones) else "FS-GUARD-END"
        ids.add(ending)
        text = f"a whole random game, {len(actions)} actions"
        trace = _trace("game", tuple(deck), states, actions, (ids, text))
        cases.append(trace)
        seen_phases: set[FsPhase] = set()
        for step, (state, action) in enumerate(zip(states, actions, strict=False)):
            if state.phase not in seen_phases:
                seen_phases.add(state.phase)
                legal = legal_actions(state)
                text = f"the {len(legal)} legal actions of seat {state.actor} in that phase"
                legal_ids = tuple(i for a in legal for i in table_ids(a))
                case = _case("legal", state.phase.value, players, legal_ids, text)
                case["input"] = {"state": state_to_dict(state)}
                case["expected"] = {"actions": [action_to_dict(a) for a in legal]}
                cases.append(case)
            kind = ACTION_TYPES[type(action)]
            if kind not in stepped:
                stepped.add(kind)
                ids_step = (*table_ids(action), *effect_ids(state, action, states[step + 1]))
                case = _case("step", kind.replace("_", "-"), players, ids_step,
                             f"{kind} by seat {action.seat} is applied (step {step})")  # fmt: skip
                case["input"] = {"state": state_to_dict(state), "action": action_to_dict(action)}
                case["expected"] = {"outcome": "applied", "state": state_to_dict(states[step + 1])}
                cases.append(case)
            if step % 3 == 0 or state.phase in WINDOWS:
                cases += _rejections(state, players, rejected)
    return [*cases, *_constructed(), *_positions()]


def _constructed() -> list[JsonDict]:
    """A short game built from a chosen deck: a Rétroviseur chain on a Radar, then a
    coup-fourré and the turn it gives (playouts rarely reach them)."""
    hands = (
        (C.FLAT_TIRE, C.MIRROR, C.SPEED_LIMIT, C.D25),
        (C.PUNCTURE_PROOF, C.MIRROR, C.D50, C.D75),
    )
    rest = list(DATA.deck())
    for card in (*hands[0], *hands[1]):
        rest.remove(card)
    deck = tuple(card for pair in zip(*hands, strict=True) for card in pair) + tuple(rest)
    actions: list[FsAction] = [
        DrawPile(0), Attack(0, C.SPEED_LIMIT, 1, True), Mirror(1), Mirror(0), Pass(1),
        DrawPile(1), LayBorne(1, C.D50, 0, True), Pass(0), Pass(0), Pass(1), DrawPile(0),
        Attack(0, C.FLAT_TIRE, 1, True), CoupFourre(1, C.PUNCTURE_PROOF), Pass(0), Pass(1),
        DrawPile(1),
    ]  # fmt: skip
    states = [new_game(2, deck=deck)]
    ids: set[str] = {"FS-DEAL", "FS-BOX", "FS-REFILL", "FS-TURN-ORDER", "RUL-FS-CF-TURN"}
    for action in actions:
        states.append(apply(states[-1], action))
        ids.update(table_ids(action), effect_ids(states[-2], action, states[-1]))
    text = "a Radar turned back twice by Rétroviseurs, then a coup-fourré and its turn"
    trace = _trace("mirror-chain-and-coup-fourre", deck, states, actions, (ids, text))
    trace["provenance"] = {"generator": GENERATOR, "method": "constructed", "seed": 0}
    return [trace]


def _position(
    players: int,
    hands: tuple[tuple[FsCard, ...], ...],
    zones: tuple[Zone, ...],
    **moment: Any,
) -> FsState:
    """A loadable position (FS-BOX): the given hands and zones, every other card in the draw
    pile in box order; ``moment`` gives the phase, the seat asked and the window's fields."""
    rest = list(DATA.deck())
    pending = [moment["pending"]] if moment.get("pending") is not None else []
    for card in [*(c for h in hands for c in h), *(c for z in zones for c in z.cards()), *pending]:
        rest.remove(card)
    return FsState(
        players=players,
        draw_pile=tuple(rest),
        discard_pile=(),
        removed=(),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        zones=zones,
        **moment,
    )


def _positions() -> list[JsonDict]:
    """Chosen positions that random games rarely reach: a Radar with Accélérateurs, a third
    200 in a zone, the goal reached exactly (by a Borne, by a safety, by a coup-fourré's
    200 km), a Poubelle that finds 200s in several zones, the laying player's own among
    them."""
    radar = _position(
        2,
        ((C.D25, C.D50, C.ACCELERATOR, C.ACCELERATOR, C.GASOLINE), (C.D75, C.D100, C.STOP, C.ROLL)),
        (Zone(radar=C.SPEED_LIMIT), Zone()),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    cf_goal = _position(
        2,
        ((C.D25, C.D50, C.STOP, C.ROLL), (C.PUNCTURE_PROOF, C.D75, C.GASOLINE, C.MIRROR)),
        (Zone(), Zone(distance=((C.D200, 0), (C.D200, 0), (C.D200, 0), (C.D100, 0), (C.D100, 0)))),
        phase=FsPhase.ATTACK, actor=1, turn=0, pending=C.FLAT_TIRE, source=0,
    )  # fmt: skip
    four = tuple((C.D25, C.D50, C.STOP, C.ROLL) for _ in range(3))
    safety_goal = _position(
        4,
        ((C.EXTRA_TANK, C.D75, C.D100, C.GASOLINE, C.MIRROR), *four),
        (Zone(distance=((C.D200, 0), (C.D200, 0), (C.D200, 0))), Zone(), Zone(), Zone()),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    borne_goal = _position(
        4,
        ((C.D100, C.D100, C.GASOLINE, C.MIRROR), *four),
        (Zone(distance=((C.D200, 0), (C.D200, 0), (C.D200, 0), (C.D25, 0), (C.D75, 0))),
         Zone(), Zone(), Zone()),
        phase=FsPhase.BORNE, actor=3, turn=0, layer=0,
    )  # fmt: skip
    trash = _position(
        3,
        ((C.TRASH, C.D75, C.GASOLINE, C.MIRROR, C.STOP), (C.D25, C.D50, C.ROLL, C.STOP),
         (C.D25, C.D50, C.ROLL, C.REPAIRS)),
        (Zone(distance=((C.D200, 1), (C.D100, 0))), Zone(distance=((C.D200, 0), (C.D50, 0))),
         Zone(distance=((C.D200, 0),))),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    third_200 = _position(
        2,
        ((C.D200, C.D25, C.GASOLINE, C.MIRROR, C.STOP), (C.D75, C.D100, C.STOP, C.ROLL)),
        (Zone(distance=((C.D200, 0), (C.D200, 0))), Zone()),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    steps: tuple[tuple[str, FsState, FsAction, tuple[str, ...]], ...] = (
        ("third-200", third_200, LayBorne(0, C.D200, 0, True), ("RUL-FS-NO-200-LIMIT",)),
        ("radar-doubled-applied", radar, LayBorne(0, C.D25, 1, True), ("RUL-FS-RADAR-DOUBLED",)),
        ("radar-doubled-rejected", radar, LayBorne(0, C.D50, 1, True), ("RUL-FS-RADAR-DOUBLED",)),
        ("coup-fourre-reaches-goal", cf_goal, CoupFourre(1, C.PUNCTURE_PROOF),
         ("FS-KM", "FS-END-GOAL", "FS-GOAL")),
        ("safety-reaches-goal", safety_goal, Safety(0, C.EXTRA_TANK),
         ("FS-KM", "FS-END-GOAL", "FS-GOAL")),
        ("borne-reaches-goal", borne_goal, Pass(3), ("FS-KM", "FS-END-GOAL", "FS-GOAL")),
        ("trash-in-every-zone", trash, Trash(0), ("RUL-FS-ACCEL-ZONE",)),
    )  # fmt: skip
    found = [_position_case("legal", "radar-doubled", radar, None, ("RUL-FS-RADAR-DOUBLED",))]
    found += [_position_case("step", slug, s, a, ids) for slug, s, a, ids in steps]
    found += _ruled_positions() + _mechanical_positions()
    found += _accelerator_hands_and_out_of_turn_discards()
    return found + _police_u_turn_and_refill_at_the_end()


def _ruled_positions() -> list[JsonDict]:
    """Three cases or more for each reading issue 23 settled, so that the old reading fails
    several: the draw after a safety, ties made by a safety or a coup-fourré, the reshuffle,
    a Rétroviseur onto a stopped receiver, a discard refused while a card can be played."""
    plain = (C.D75, C.D100, C.D50, C.D25)
    cases: list[JsonDict] = []
    replay_ids = ("FS-REPLAY", "RUL-FS-REPLAY")
    for players, hand in ((2, C.RIGHT_OF_WAY), (3, C.EXTRA_TANK), (4, C.DRIVING_ACE)):
        safety = _position(
            players, ((hand, *plain), *(plain,) * (players - 1)), (Zone(),) * players,
            phase=FsPhase.PLAY, actor=0, turn=0,
        )  # fmt: skip
        cases.append(_position_case("step", f"safety-opens-holdup-{players}p", safety,
                                    Safety(0, hand), replay_ids))  # fmt: skip
        window = apply(safety, Safety(0, hand))
        while window.actor != 0:
            window = apply(window, Pass(window.actor or 0))
        cases.append(_position_case("step", f"replay-draws-{players}p", window, Pass(0),
                                    replay_ids))  # fmt: skip
    tie_zones = (Zone(distance=((C.D100, 0),)), Zone(distance=((C.D200, 0),)), Zone())
    tie = _position(
        3, ((C.DRIVING_ACE, *plain), plain, (C.STOP, C.ROLL, C.D25, C.D50)), tie_zones,
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    cases.append(_position_case("step", "tie-by-safety", tie, Safety(0, C.DRIVING_ACE),
                                ("RUL-FS-HOLDUP",)))  # fmt: skip
    tied = apply(tie, Safety(0, C.DRIVING_ACE))
    cases.append(_position_case("legal", "tie-by-safety", tied, None, ("RUL-FS-HOLDUP",)))
    cases.append(_position_case("step", "tie-by-safety-steal", tied, HoldUp(1, 0, 0),
                                ("RUL-FS-HOLDUP", "FS-HOLDUP")))  # fmt: skip
    cf = _position(
        3, (plain, plain, (C.PUNCTURE_PROOF, *plain[:3])),
        (Zone(), Zone(distance=((C.D200, 0),)), Zone()),
        phase=FsPhase.ATTACK, actor=2, turn=0, pending=C.FLAT_TIRE, source=0,
    )  # fmt: skip
    cases.append(_position_case("step", "tie-by-coup-fourre", cf, CoupFourre(2, C.PUNCTURE_PROOF),
                                ("RUL-FS-HOLDUP", "RUL-FS-CF-TURN")))  # fmt: skip
    cf_tied = apply(cf, CoupFourre(2, C.PUNCTURE_PROOF))
    cases.append(_position_case("legal", "tie-by-coup-fourre", cf_tied, None, ("RUL-FS-HOLDUP",)))
    for seed in (0, 5, 11):
        pile = _position(2, (plain, plain), (Zone(), Zone()), phase=FsPhase.DRAW, actor=0,
                         turn=0, seed=seed)  # fmt: skip
        pile = replace(pile, draw_pile=pile.draw_pile[:1], discard_pile=pile.draw_pile[1:])
        cases.append(_position_case("step", f"reshuffle-seed-{seed}", pile, DrawPile(0),
                                    ("RUL-FS-EMPTY-PILE", "RUL-FS-RESHUFFLE-SEED")))  # fmt: skip
    # A draw step never faces an empty draw pile (the pile is replaced before the step,
    # INV-FS-DRAW-PILE: a malformed-state case refuses that state); at the play step, after
    # the last card was drawn, a second draw breaks the empty pile's row with the phase's.
    empty = _position(2, ((C.D25, *plain), plain), (Zone(), Zone()), phase=FsPhase.PLAY,
                      actor=0, turn=0)  # fmt: skip
    empty = replace(empty, draw_pile=(), discard_pile=(*empty.draw_pile, *empty.discard_pile))
    cases.append(_position_case("step", "empty-pile-refused", empty, DrawPile(0),
                                ("RUL-FS-EMPTY-PILE",)))  # fmt: skip
    # A Radar sent back onto a player stopped by another attack: blocked whatever the
    # standing attack, though a Radar would have room beside it.
    for standing in (C.ACCIDENT, C.STOP, C.OUT_OF_GAS):
        blocked = _position(
            2, ((C.D25, *plain[:3]), (C.MIRROR, *plain[:3])),
            (Zone(attack=standing), Zone()),
            phase=FsPhase.ATTACK, actor=1, turn=0, pending=C.SPEED_LIMIT, source=0,
        )  # fmt: skip
        slug = f"mirror-radar-stopped-by-{standing.name.lower()}"
        ids = ("FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN")
        cases.append(_position_case("step", slug, blocked, Mirror(1), ids))
    for card in (C.REPAIRS, C.STOP, C.TRASH):
        armed = _position(
            2, ((card, C.MIRROR, C.ACCELERATOR, C.U_TURN, C.D50), plain),
            (Zone(attack=C.ACCIDENT), Zone()), phase=FsPhase.PLAY, actor=0, turn=0,
        )  # fmt: skip
        cases.append(_position_case("legal", f"discard-forced-{card.name.lower()}", armed, None,
                                    ("FS-DISCARD-FORCED", "RUL-FS-DISCARD-FORCED")))  # fmt: skip
        cases.append(_position_case("step", f"discard-refused-{card.name.lower()}", armed,
                                    Discard(0, C.D50),
                                    ("FS-DISCARD-FORCED", "RUL-FS-DISCARD-FORCED")))  # fmt: skip
    police = _position(
        2, ((C.POLICE, C.D25, C.D50, C.ACCELERATOR, C.MIRROR), (C.RIGHT_OF_WAY, *plain[:3])),
        (Zone(), Zone()), phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    for slug, action in (
        ("police", Police(0, 1, C.RIGHT_OF_WAY, C.MIRROR)),
        ("police-give-back", Police(0, 1, C.RIGHT_OF_WAY, C.RIGHT_OF_WAY)),
        ("police-self", Police(0, 0, C.D25, C.D50)),
        ("police-take-missing", Police(0, 1, C.TRASH, C.MIRROR)),
    ):
        cases.append(_position_case("step", slug, police, action, ("FS-POLICE", "RUL-FS-POLICE")))
    helicopter = _position(
        3, ((C.HELICOPTER, C.D25, C.D50, C.MIRROR, C.ACCELERATOR), plain, plain),
        (Zone(distance=((C.D25, 0),)), Zone(), Zone(distance=((C.D200, 1),))),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    for slug, copter in (("helicopter", Helicopter(0, 2)), ("helicopter-self", Helicopter(0, 0))):
        cases.append(_position_case("step", slug, helicopter, copter,
                                    ("FS-HELICOPTER", "RUL-FS-HELICOPTER")))  # fmt: skip
    # A Borne that reaches the goal opens its window first (FS-END-AFTER-UTURN).
    for players in (2, 3, 4):
        short = DATA.goal_for(players) - 100  # 100 km short of the goal (FS-GOAL)
        far = Zone(distance=((C.D200, 0),) * 3 + ((C.D100, 0),) * ((short - 600) // 100))
        at_goal = _position(
            players,
            ((C.D100, C.D25, C.D50, C.MIRROR, C.GASOLINE),
             *((C.STOP, C.ROLL, C.D25, C.D50),) * (players - 1)),
            (far, *(Zone(),) * (players - 1)), phase=FsPhase.PLAY, actor=0, turn=0,
        )  # fmt: skip
        slug, laid = f"borne-at-goal-waits-{players}p", LayBorne(0, C.D100, 0, True)
        cases.append(_position_case("step", slug, at_goal, laid, ("FS-END-AFTER-UTURN",)))
    return cases


def _mechanical_positions() -> list[JsonDict]:
    """Positions for what the mechanical run (conformance/mechanical-fun-speed.json) found
    no case pinned: the Accélérateurs a Borne may take (two legal, three illegal, four or a
    boolean not an action at all); a Hold Up naming a Borne past the victim's last; an
    answer curing another attack than the pending one; a wrong Hold Up's lost safety that
    was a coup-fourré; the engine guard's end with totals above 256 km."""
    plain = (C.D75, C.D100, C.D50, C.D25)
    boost = _position(
        2, ((C.D25, C.ACCELERATOR, C.ACCELERATOR, C.ACCELERATOR, C.GASOLINE), plain),
        (Zone(), Zone()), phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    three = LayBorne(0, C.D25, 3, True)
    found = [
        _position_case("legal", "two-accelerators", boost, None, ("FS-ACCEL",)),
        _position_case(
            "step", "three-accelerators", boost, three, ("FS-ACCEL", "RUL-FS-ACCEL-TWO")
        ),
    ]
    lay = {"type": "borne", "seat": 0, "card": "D25", "announced": True}
    accelerators = (("four-accelerators", 4), ("accelerators-bool", True),
                    ("negative-accelerators", -1))  # fmt: skip
    for slug, count in accelerators:
        found.append(_malformed_action(slug, boost, {**lay, "accelerators": count}))
    tie_zones = (Zone(distance=((C.D100, 0),)), Zone(distance=((C.D200, 0),)), Zone())
    tie = _position(
        3, ((C.DRIVING_ACE, *plain), plain, (C.STOP, C.ROLL, C.D25, C.D50)), tie_zones,
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    tied = apply(tie, Safety(0, C.DRIVING_ACE))
    assert tied.phase is FsPhase.HOLDUP and tied.actor is not None
    found.append(_position_case("step", "holdup-past-last", tied, HoldUp(tied.actor, 0, 2),
                                ("RUL-FS-HOLDUP",)))  # fmt: skip
    other = _position(
        2, (plain, (C.GASOLINE, C.D25, C.D50, C.D75)), (Zone(), Zone()),
        phase=FsPhase.ATTACK, actor=1, turn=0, pending=C.STOP, source=0,
    )  # fmt: skip
    found.append(_position_case("step", "remedy-other-attack", other,
                                Remedy(1, C.GASOLINE, C.OUT_OF_GAS, True),
                                ("RUL-FS-REMEDY-HELD",)))  # fmt: skip
    aces = (C.RIGHT_OF_WAY, C.DRIVING_ACE)
    lucky = _position(
        2, ((C.EXTRA_TANK, *plain), plain), (Zone(), Zone(safeties=aces, coups_fourres=aces)),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    window = apply(lucky, Safety(0, C.EXTRA_TANK))
    assert window.phase is FsPhase.HOLDUP and window.actor == 1 and not window.tied
    wrong = ("FS-HOLDUP-WRONG", "RUL-FS-HOLDUP-WRONG")
    found.append(
        _position_case("step", "false-holdup-coup-fourre", window, FalseHoldUp(1, 1), wrong)
    )
    found.append(_position_case("step", "false-holdup-nothing", window, FalseHoldUp(1, None),
                                wrong))  # fmt: skip
    found.append(_position_case("step", "false-holdup-past-last", window, FalseHoldUp(1, 3),
                                wrong))  # fmt: skip
    lower = _position(
        2, (plain, (C.ROLL, C.D25, C.D50, C.D75)), (Zone(), Zone()),
        phase=FsPhase.ATTACK, actor=1, turn=0, pending=C.OUT_OF_GAS, source=0,
    )  # fmt: skip
    held = ("RUL-FS-REMEDY-HELD",)
    cure_stop = Remedy(1, C.ROLL, C.STOP, True)
    found.append(_position_case("step", "remedy-lower-attack", lower, cure_stop, held))
    found += _more_mechanical_positions(plain)
    junk = (C.GASOLINE, C.GASOLINE, C.SPARE_TIRE, C.SPARE_TIRE, C.REPAIRS)
    far = (Zone(distance=((C.D200, 0), (C.D100, 0))), Zone(distance=((C.D200, 0),)))
    guard = _position(2, (junk, plain), far, phase=FsPhase.PLAY, actor=0, turn=0,
                      reshuffles=DATA.max_reshuffles)  # fmt: skip
    guard = replace(guard, draw_pile=(), discard_pile=guard.draw_pile)
    found.append(_position_case("step", "guard-end-far", guard, Discard(0, C.REPAIRS),
                                ("FS-GUARD-END",)))  # fmt: skip
    return found


def _more_mechanical_positions(plain: tuple[FsCard, ...]) -> list[JsonDict]:
    """A wrong Hold Up losing the second safety of a zone with two Bornes; the coup-fourré
    offered in an attack window, and refused with another safety; seat 1 attacking seat 0;
    a Police giving a card the player does not hold, of a lower or a higher number."""
    aces = (C.RIGHT_OF_WAY, C.DRIVING_ACE)
    zone = Zone(distance=((C.D25, 0), (C.D50, 0)), safeties=aces, coups_fourres=aces)
    bornes = _position(
        2, ((C.EXTRA_TANK, *plain), (C.D75, C.D100, C.STOP, C.ROLL)), (Zone(), zone),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    window = apply(bornes, Safety(0, C.EXTRA_TANK))
    assert window.phase is FsPhase.HOLDUP and window.actor == 1 and not window.tied
    wrong = ("FS-HOLDUP-WRONG", "RUL-FS-HOLDUP-WRONG")
    answer = _position(
        2, (plain, (C.RIGHT_OF_WAY, C.EXTRA_TANK, C.D25, C.D50)), (Zone(), Zone()),
        phase=FsPhase.ATTACK, actor=1, turn=0, pending=C.STOP, source=0,
    )  # fmt: skip
    second = _position(
        2, (plain, (C.STOP, C.D25, C.D50, C.D75, C.ROLL)), (Zone(), Zone()),
        phase=FsPhase.PLAY, actor=1, turn=1,
    )  # fmt: skip
    police = _position(
        2, ((C.POLICE, C.D25, C.D50, C.ACCELERATOR, C.MIRROR), (C.RIGHT_OF_WAY, *plain[:3])),
        (Zone(), Zone()), phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    police_ids = ("FS-POLICE", "RUL-FS-POLICE")
    trash = _position(
        2, ((C.TRASH, *plain), (C.STOP, C.ROLL, C.GASOLINE, C.MIRROR)),
        (Zone(), Zone(distance=((C.D100, 0),) * 3)), phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    return [
        _position_case("step", "false-holdup-second-safety", window, FalseHoldUp(1, 3), wrong),
        _position_case("step", "false-holdup-first-safety", window, FalseHoldUp(1, 2), wrong),
        _position_case("step", "trash-nothing-far", trash, Trash(0), ("FS-TRASH", "RUL-FS-HOLDUP")),
        _position_case("legal", "coup-fourre-offered", answer, None, ("FS-CF",)),
        _position_case("step", "coup-fourre-other-safety", answer,
                       CoupFourre(1, C.EXTRA_TANK), ("FS-CF",)),
        _position_case("legal", "seat-1-attacks", second, None, ("FS-ATTACK-TARGET",)),
        _position_case("step", "police-give-higher", police,
                       Police(0, 1, C.RIGHT_OF_WAY, C.TRASH), police_ids),
        _position_case("step", "police-give-lower", police,
                       Police(0, 1, C.RIGHT_OF_WAY, C.D75), police_ids),
    ]  # fmt: skip


def _accelerator_hands_and_out_of_turn_discards() -> list[JsonDict]:
    """FS-ACCEL: a hand with one Accélérateur lays each Borne with it and without it, and a
    pair of 25 km Bornes offers each of those Bornes once; FS-CARD-IN-HAND: a hand of five
    100 km Bornes, one kind only, lays one. FS-ACTOR, FS-DISCARD-FORCED: a discard out of
    turn by a player who could play nothing is refused for FS-ACTOR alone, since the forced
    discard weighs the discarder's own hand (a player stopped by a Feu Rouge holding Bornes
    and an Essence; one holding remedies with no attack to cure), never the hand of the
    player whose turn it is, who could play."""
    one = _position(
        2, ((C.D25, C.D25, C.D50, C.ACCELERATOR, C.GASOLINE), (C.D75, C.D100, C.STOP, C.ROLL)),
        (Zone(), Zone()), phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    same = _position(
        2, ((C.D100,) * 5, (C.D75, C.D50, C.STOP, C.ROLL)), (Zone(), Zone()),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip
    hands = ((C.D25, C.D50, C.D75, C.GASOLINE), (C.D25, C.D50, C.D75, C.D100, C.STOP),
             (C.GASOLINE, C.SPARE_TIRE, C.REPAIRS, C.END_OF_LIMIT))  # fmt: skip
    out_of_turn = _position(
        3, hands, (Zone(attack=C.STOP), Zone(), Zone()), phase=FsPhase.PLAY, actor=1, turn=1
    )
    forced = ("FS-DISCARD-FORCED", "RUL-FS-DISCARD-FORCED")
    return [
        _position_case("legal", "one-accelerator", one, None, ("FS-ACCEL", "RUL-FS-ACCEL-TWO")),
        _position_case("legal", "one-kind-hand", same, None, ("FS-CARD-IN-HAND",)),
        _position_case("step", "discard-out-of-turn-stopped", out_of_turn,
                       Discard(0, C.D25), forced),
        _position_case("step", "discard-out-of-turn-remedies", out_of_turn,
                       Discard(2, C.GASOLINE), forced),
    ]  # fmt: skip


def _police_u_turn_and_refill_at_the_end() -> list[JsonDict]:
    """Three more positions for what the mechanical run found no case pinned. FS-POLICE,
    RUL-FS-POLICE, FS-GUARD-END: a Police played once the last card was drawn and no
    reshuffle is left; its exchange stands in the state the game ends in (an action's
    change is laid before the engine guard ends the game). FS-UTURN, FS-KILLER: in the
    window of a Borne laid without its announcement, the opponent holding a Demi-tour is
    offered it beside Killer and the pass. FS-REFILL, FS-GUARD-END: a Borne laid with two
    Accélérateurs stands through its window, then the layer's hand cannot be refilled
    from a spent draw pile: the game ends, the greatest total winning."""
    spent = DATA.max_reshuffles
    police = _position(
        2,
        ((C.POLICE, C.D25, C.D50, C.ACCELERATOR, C.MIRROR),
         (C.RIGHT_OF_WAY, C.D75, C.D100, C.STOP)),
        (Zone(distance=((C.D100, 0),)), Zone(distance=((C.D50, 0),))),
        phase=FsPhase.PLAY, actor=0, turn=0, reshuffles=spent,
    )  # fmt: skip
    police = replace(police, draw_pile=(), discard_pile=police.draw_pile)
    u_turn = _position(
        2, ((C.D25, C.D50, C.GASOLINE, C.STOP), (C.U_TURN, C.D75, C.D100, C.ROLL)),
        (Zone(distance=((C.D100, 0),)), Zone()),
        phase=FsPhase.BORNE, actor=1, turn=0, layer=0, announced=False,
    )  # fmt: skip
    refill = _position(
        2, ((C.GASOLINE, C.STOP), (C.D75, C.D100, C.D50, C.ROLL)),
        (Zone(distance=((C.D25, 2),)), Zone(distance=((C.D50, 0),))),
        phase=FsPhase.BORNE, actor=1, turn=0, layer=0, reshuffles=spent,
    )  # fmt: skip
    refill = replace(refill, draw_pile=(), discard_pile=refill.draw_pile)
    return [
        _position_case("step", "police-last-card", police,
                       Police(0, 1, C.RIGHT_OF_WAY, C.MIRROR),
                       ("FS-POLICE", "RUL-FS-POLICE", "FS-GUARD-END")),
        _position_case("legal", "borne-window-u-turn", u_turn, None,
                       ("FS-UTURN", "FS-KILLER", "RUL-FS-WINDOWS")),
        _position_case("step", "refill-runs-out", refill, Pass(1),
                       ("FS-REFILL", "FS-GUARD-END")),
    ]  # fmt: skip


def _malformed_action(slug: str, state: FsState, action: JsonDict) -> JsonDict:
    """A step case whose action the state cannot judge: malformed input (PROTO-ERRORS)."""
    text = "an action the state cannot judge is malformed input, not an illegal move"
    case = _case("step", f"malformed-{slug}", state.players, ("FS-ACCEL",), text)
    case = malformed_action(case, FUN_SPEED, state, action)
    case["provenance"] = {"generator": GENERATOR, "method": "position", "seed": 0}
    return case


def _position_case(
    kind: str, slug: str, state: FsState, action: FsAction | None, ids: tuple[str, ...]
) -> JsonDict:
    """A step (``action`` applied or rejected) or legal case from a chosen position."""
    if action is None:
        legal = legal_actions(state)
        ids = (*ids, *(i for a in legal for i in table_ids(a)))
        text = f"the {len(legal)} legal actions of seat {state.actor} in a chosen position"
        expected: JsonDict = {"actions": [action_to_dict(a) for a in legal]}
    elif broken := _broken(state, action):
        ids = (*ids, *broken)
        text = f"{ACTION_TYPES[type(action)]} is refused in a chosen position"
        expected = {"outcome": "rejected", "rules": list(broken)}
    else:
        after = apply(state, action)
        ids = (*ids, *table_ids(action), *effect_ids(state, action, after))
        text = f"{ACTION_TYPES[type(action)]} by seat {action.seat} in a chosen position"
        expected = {"outcome": "applied", "state": state_to_dict(after)}
    case = _case(kind, f"position-{slug}", state.players, ids, text)
    case["input"] = {"state": state_to_dict(state)}
    if action is not None:
        case["input"]["action"] = action_to_dict(action)
    if expected.get("outcome") == "rejected":
        case["rejects"] = expected["rules"]
    case["expected"] = expected
    case["provenance"] = {"generator": GENERATOR, "method": "position", "seed": 0}
    return case


def _trace(
    slug: str,
    deck: tuple[FsCard, ...],
    states: list[FsState],
    actions: list[FsAction],
    about: tuple[set[str], str],
) -> JsonDict:
    """A trace case: the deck and actions in; every digest and the final state out."""
    given = {
        "deck": [c.name for c in deck],
        "seed": states[0].seed,
        "actions": [action_to_dict(a) for a in actions],
    }
    case = _case("trace", slug, states[0].players, tuple(about[0]), about[1])
    return with_trace(case, given, states, state_to_dict)


ONLY_WITH_ANOTHER = frozenset({"FS-KILLER", "FS-UTURN", "RUL-FS-EMPTY-PILE"})
"""Rows no action of a played game breaks alone: the layer is never asked in its own Borne
window, and the draw pile is replaced the moment it runs out (a chosen position breaks
RUL-FS-EMPTY-PILE alone); a case breaks them with one other rule."""


def _rejections(state: FsState, players: int, done: set[str]) -> list[JsonDict]:
    """For each rule not yet covered, the first action that breaks it alone in ``state``."""

    def make(rule: str, action: FsAction, broken: Sequence[str]) -> JsonDict:
        kind = ACTION_TYPES[type(action)]
        slug = f"{rule.lower()}-{kind.replace('_', '-')}"
        case = _case("step", slug, players, tuple(broken), f"{kind} is refused: it breaks {rule}")
        return rejection(case, state_to_dict(state), action_to_dict(action), broken)

    def breaks(action: FsAction) -> tuple[str, ...]:
        return _broken(state, action)

    return family_suite.rejections(every_action(state), breaks, ONLY_WITH_ANOTHER, done, make)


def check_case(case: JsonDict) -> list[str]:
    """What the reference family engine gets wrong on ``case``: [] when it passes."""
    return family_suite.check_case(case, FUN_SPEED)


def _deck(names: list[str]) -> list[Any]:
    return [parse_fs_card(name, "deck") for name in names]
