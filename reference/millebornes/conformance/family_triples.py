"""Three cases or more for every behaviour a family suite pins (issue 23).

A suite whose only witness of a rule is one case lets a defensible other reading pass
by one lucky position. This module adds, per family, chosen positions (other seat
counts, cards and seats than the suites' own) so that every reading mutant of
``devtools/millebornes_dev/funspeed.py`` and ``asduvolant.py`` fails three cases at
least; tests/conformance/test_family_triples.py holds the suites to it through
``conformance/strength.json``.

Rejections are found, not written: :func:`_rejecting` takes the first well-formed action
of a position that breaks the rule named (with as few other rules as the position
allows), so a case names exactly what the reference refuses. The other cases are
applied steps of actions chosen for the behaviour, built by the suites' own helpers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any, TypeVar

from millebornes.conformance import asduvolant_suite as av
from millebornes.conformance import funspeed_suite as fs
from millebornes.conformance.family_suite import rejection
from millebornes.core.shuffle import shuffled
from millebornes.families.asduvolant import engine as av_engine
from millebornes.families.asduvolant.actions import Attack as AvAttack
from millebornes.families.asduvolant.actions import AvAction, Move
from millebornes.families.asduvolant.actions import CoupFourre as AvCoupFourre
from millebornes.families.asduvolant.actions import DrawDiscard as AvDrawDiscard
from millebornes.families.asduvolant.arrange import car, position
from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.serialize import ACTION_TYPES as AV_ACTION_TYPES
from millebornes.families.asduvolant.serialize import action_to_dict as av_action
from millebornes.families.asduvolant.serialize import state_to_dict as av_state
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes.families.asduvolant.track import default_board
from millebornes.families.funspeed import engine as fs_engine
from millebornes.families.funspeed.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawPile,
    FsAction,
    LayBorne,
    Mirror,
    Pass,
    Remedy,
    Safety,
    Trash,
)
from millebornes.families.funspeed.all_actions import every_action as fs_every_action
from millebornes.families.funspeed.cards import DATA as FS_DATA
from millebornes.families.funspeed.cards import FsCard
from millebornes.families.funspeed.state import FsPhase, FsState, Zone

JsonDict = dict[str, Any]
S = TypeVar("S")
X = TypeVar("X")
A = AvCard
F = FsCard


def _rejecting(
    state: S, rule: str, actions: Iterable[X], broken: Callable[[S, X], Sequence[str]]
) -> tuple[X, tuple[str, ...]]:
    """The first of ``actions`` that breaks ``rule`` in ``state``, with the fewest other
    rules broken, and what it breaks; a position that cannot witness ``rule`` is a bug here."""
    found = [(a, tuple(broken(state, a))) for a in actions]
    hits = [(a, b) for a, b in found if rule in b]
    assert hits, f"no action breaks {rule} in the chosen position"
    return min(hits, key=lambda hit: len(hit[1]))


WORDS = {
    "RUL-FS-EMPTY-PILE": "an empty draw pile is never drawn from",
    "FS-ATTACK-TARGET": "an attack is aimed at an opponent, never at oneself",
    "FS-IMMUNITY": "no attack lands on a zone that holds its safety",
    "FS-ATTACK-ONE": "no attack lands on a zone its kind already occupies",
    "FS-HELICOPTER": "Hélicoptère is aimed at an opponent",
    "FS-POLICE": "Police is called on an opponent",
    "RUL-FS-POLICE": "Police takes a card the opponent holds",
    "FS-UTURN": "the player who laid a Borne may not Demi-tour it",
    "FS-KILLER": "the player who laid a Borne may not call Bornes Killer on it",
    "RUL-FS-HOLDUP-WRONG": "a wrong Hold Up forfeits a card the caller's zone holds",
    "FS-REMEDY-TOP": "on one's turn the remedy covers the attack; an answer chooses",
    "RUL-FS-RADAR-DOUBLED": "a Radar judges the km laid, Accélérateurs included",
    "FS-ACCEL": "the Accélérateurs laid with a Borne come from the hand",
    "FS-REMEDY-OUT-OF-TURN": "an answer out of turn leaves the turn where it was",
    "RUL-FS-SAFETY-CURES": "a safety laid cures the attack it guards against",
    "FS-CF": "a coup-fourré is worth 200 km toward the goal",
    "FS-MIRROR-BACK": "the attacker may send his attack back again",
    "FS-MIRROR-BLOCKED": "an attack that cannot land on the attacker stops there",
    "FS-TRASH": "Poubelle takes every 200, the player's own too",
    "FS-GUARD-END": "with no card left to draw the game ends, the greatest totals winning",
    "FS-DISCARD": "with nothing playable any card may be discarded, a single-use one too",
    "RUL-FS-NO-200-LIMIT": "a zone may hold more than two 200s",
    "FS-TURN-ORDER": "hands are refilled from the turn player leftwards, the turn goes left",
    "AV-DISCARD-PLAY": "a card taken from the discard pile is the card played",
    "AV-MOVE-FREE": "a stopped car does not move",
    "AV-MAX-200": "no car moves by a third 200",
    "RUL-AV-ACCEL-TOKEN": "a Limite de Vitesse token caps an accelerated move too",
    "AV-LIMIT-TOKEN": "a Limite de Vitesse token lets 50 km through, not 75",
    "AV-LIMIT-SQUARE": "a car leaves a speed-limit square within its limit",
    "AV-ACCEL": "an accelerated move from a speed-limit square keeps within it",
    "AV-MOVE-EXACT": "no move goes past the finish",
    "AV-NO-PASSING": "no car passes a full square",
    "AV-ATTACK": "an attack is laid on an opponent's car",
    "AV-IMMUNITY": "no attack lands on a car with its safety",
    "RUL-AV-ONE-ATTACK": "a stopped car takes no second stopping attack",
    "RUL-AV-TOKEN-SUPPLY": "an attack needs its token in the supply",
    "AV-REMEDY": "a remedy cures its own attack only",
    "AV-UTURN": "the mover may not Demi-tour his own move",
    "AV-BONUS": "a car under a Limite de Vitesse token takes no bonus",
    "AV-CF-TURN": "the coup-fourré player plays next",
}
"""What each behaviour pinned here means, in words: the cases' descriptions end with it."""


def _described(case: JsonDict, rule: str) -> JsonDict:
    case["description"] = f"{case['description']}: {WORDS[rule]} ({rule})"
    return case


# --- Fun & Speed -----------------------------------------------------------------------


PLAIN = (F.D75, F.D100, F.D50, F.D25)
"""Four Bornes: a hand that may play but holds nothing special."""


OTHERS = (
    (F.D100, F.D100, F.D75, F.D50),
    (F.D100, F.D100, F.D75, F.ROLL),
    (F.D100, F.D100, F.D75, F.END_OF_LIMIT),
)
"""The hands of seats 1 to 3 unless a position says otherwise (the box is small: four
copies of one hand would need cards it does not hold)."""


def _attack_window(
    players: int, hands: tuple[tuple[FsCard, ...], ...], zones: Sequence[Zone], attack: FsCard
) -> FsState:
    """Seat 0, on its turn, has just aimed ``attack`` at seat 1, who is asked first."""
    return fs._position(players, hands, tuple(zones), phase=FsPhase.ATTACK, actor=1, turn=0,
                        pending=attack, source=0)  # fmt: skip


def _hands(players: int, given: dict[int, Sequence[FsCard]]) -> tuple[tuple[FsCard, ...], ...]:
    """Every seat's hand: those ``given``, seat 0 :data:`PLAIN`, the others :data:`OTHERS`."""
    default = (PLAIN, *OTHERS)
    return tuple(tuple(given.get(s, default[s])) for s in range(players))


def _fs_play(players: int, hand0: Sequence[FsCard], zones: dict[int, Zone] | None = None,
             others: dict[int, Sequence[FsCard]] | None = None) -> FsState:  # fmt: skip
    """Seat 0 at its play step with ``hand0``; the other seats hold ``others`` or their
    default hands."""
    given = zones or {}
    return fs._position(
        players, _hands(players, {**(others or {}), 0: hand0}),
        tuple(given.get(s, Zone()) for s in range(players)),
        phase=FsPhase.PLAY, actor=0, turn=0,
    )  # fmt: skip


def _mixed(state: FsState, seed: int) -> FsState:
    """``state`` with its draw pile shuffled: in box order its top cards are alike, and a
    refill in another seat order would deal the same hands."""
    return replace(state, draw_pile=shuffled(state.draw_pile, seed))


def _fs_reject(slug: str, state: FsState, rule: str, ids: tuple[str, ...] = ()) -> JsonDict:
    action, _ = _rejecting(state, rule, fs_every_action(state), fs_engine._broken)
    return _described(
        fs._position_case("step", f"triple-{slug}", state, action, (rule, *ids)), rule
    )


def _fs_step(slug: str, state: FsState, action: FsAction, ids: tuple[str, ...]) -> JsonDict:
    return _described(fs._position_case("step", f"triple-{slug}", state, action, ids), ids[0])


def _fs_rejections() -> list[JsonDict]:
    """Rows that a forgetful engine would let through: three positions each."""
    cases: list[JsonDict] = []
    for players in (3, 4):  # RUL-FS-EMPTY-PILE: the pile ran out at this turn's draw
        empty = _fs_play(players, (F.D25, *PLAIN))
        empty = replace(empty, draw_pile=(), discard_pile=empty.draw_pile)
        cases.append(_fs_reject(f"empty-pile-{players}p", empty, "RUL-FS-EMPTY-PILE"))
    for players, attack, target, shield in (
        (2, F.STOP, 1, F.RIGHT_OF_WAY),
        (3, F.ACCIDENT, 2, F.DRIVING_ACE),
        (4, F.FLAT_TIRE, 3, F.PUNCTURE_PROOF),
    ):
        hand = (attack, *PLAIN)
        plain = _fs_play(players, hand)
        cases.append(_fs_reject(f"attack-self-{players}p", plain, "FS-ATTACK-TARGET"))
        immune = _fs_play(players, hand, {target: Zone(safeties=(shield,))})
        cases.append(_fs_reject(f"attack-immune-{players}p", immune, "FS-IMMUNITY"))
        standing = F.OUT_OF_GAS if attack is not F.STOP else F.ACCIDENT
        full = _fs_play(players, hand, {target: Zone(attack=standing)})
        cases.append(_fs_reject(f"attack-on-attack-{players}p", full, "FS-ATTACK-ONE"))
        helicopter = _fs_play(players, (F.HELICOPTER, *PLAIN))
        cases.append(_fs_reject(f"helicopter-self-{players}p", helicopter, "FS-HELICOPTER"))
        police = _fs_play(players, (F.POLICE, *PLAIN), others={1: (F.STOP, F.ROLL, F.D25, F.D50)})
        cases.append(_fs_reject(f"police-self-{players}p", police, "FS-POLICE"))
        cases.append(_fs_reject(f"police-take-missing-{players}p", police, "RUL-FS-POLICE"))
    for players, attack, remedy in ((2, F.FLAT_TIRE, F.SPARE_TIRE), (3, F.STOP, F.ROLL),
                                    (4, F.OUT_OF_GAS, F.GASOLINE)):  # fmt: skip
        cured = _fs_play(players, (remedy, *PLAIN), {0: Zone(attack=attack)})
        under = Remedy(0, remedy, attack, False)  # on one's turn the remedy covers the attack
        cases.append(_fs_step(f"remedy-under-on-turn-{players}p", cured, under,
                              ("FS-REMEDY-TOP", "RUL-FS-REMEDY-TOP")))  # fmt: skip
    for players in (2, 3, 4):  # a Borne's window: its layer may not cancel it
        layer = (F.U_TURN, F.D50, F.D25, F.MIRROR, F.D75)
        laid = _fs_play(players, layer, others={1: (F.U_TURN, F.D25, F.D50, F.D75)})
        for announced, rule in ((True, "FS-UTURN"), (False, "FS-KILLER")):
            window = fs_engine.apply(laid, LayBorne(0, F.D50, 0, announced))
            cases.append(_fs_reject(f"{rule.lower()}-own-{players}p", window, rule))
    # FS-ACCEL: the Accélérateurs laid with a Borne come from the hand (the engine lists
    # only what the hand holds, so only a refused step can show it): none held, or fewer.
    holding: tuple[tuple[int, tuple[FsCard, ...]], ...] = (
        (2, (F.D25, *PLAIN)), (3, (F.ACCELERATOR, *PLAIN)), (4, (F.D25, *PLAIN)),
    )  # fmt: skip
    for players, held in holding:
        short = _fs_play(players, held)
        cases.append(_fs_reject(f"accelerators-not-held-{players}p", short, "FS-ACCEL"))
    for players, safety in ((2, F.EXTRA_TANK), (3, F.PUNCTURE_PROOF), (4, F.RIGHT_OF_WAY)):
        window = fs_engine.apply(_fs_play(players, (safety, *PLAIN)), Safety(0, safety))
        cases.append(_fs_reject(f"false-holdup-index-{players}p", window, "RUL-FS-HOLDUP-WRONG"))
    return cases


def _fs_steps() -> list[JsonDict]:
    """Applied steps whose outcome another reading would change."""
    cases: list[JsonDict] = []
    for players in (3, 4):  # RUL-FS-RADAR-DOUBLED: the km laid, not the card's face value
        radar = _fs_play(players, (F.D25, F.D50, F.ACCELERATOR, F.ACCELERATOR, F.GASOLINE),
                         {0: Zone(radar=F.SPEED_LIMIT)})  # fmt: skip
        cases.append(_fs_step(f"radar-doubled-{players}p", radar, LayBorne(0, F.D25, 2, True),
                              ("RUL-FS-RADAR-DOUBLED",)))  # fmt: skip
        legal = fs._position_case("legal", f"triple-radar-doubled-{players}p", radar, None,
                                  ("RUL-FS-RADAR-DOUBLED",))  # fmt: skip
        cases.append(_described(legal, "RUL-FS-RADAR-DOUBLED"))
    # FS-REMEDY-OUT-OF-TURN, FS-REMEDY-TOP: the answer out of turn chooses the top card,
    # and play goes on at the attacker's left, not at the answerer's.
    for players, attacker, target in ((3, 0, 2), (4, 0, 2), (4, 1, 3)):
        hands = _hands(players, {target: (F.SPARE_TIRE, F.D25, F.D50, F.D75)})
        window = fs._position(
            players, hands, (Zone(),) * players, phase=FsPhase.ATTACK, actor=target,
            turn=attacker, pending=F.FLAT_TIRE, source=attacker,
        )  # fmt: skip
        answer = Remedy(target, F.SPARE_TIRE, F.FLAT_TIRE, False)
        cases.append(_fs_step(f"answer-under-{players}p-{attacker}-{target}", _mixed(window, 3),
                              answer, ("FS-REMEDY-OUT-OF-TURN", "FS-REMEDY-TOP")))  # fmt: skip
    for players, attack, safety in ((2, F.FLAT_TIRE, F.PUNCTURE_PROOF), (3, F.STOP, F.RIGHT_OF_WAY),
                                    (4, F.OUT_OF_GAS, F.EXTRA_TANK)):  # fmt: skip
        stopped = _fs_play(players, (safety, *PLAIN), {0: Zone(attack=attack)})
        cases.append(_fs_step(f"safety-cures-{players}p", stopped, Safety(0, safety),
                              ("RUL-FS-SAFETY-CURES",)))  # fmt: skip
    # FS-CF: 200 km, which reach the goal where 100 would not.
    for players, attack, safety in ((3, F.FLAT_TIRE, F.PUNCTURE_PROOF),
                                    (4, F.FLAT_TIRE, F.PUNCTURE_PROOF),
                                    (3, F.ACCIDENT, F.DRIVING_ACE)):  # fmt: skip
        short = FS_DATA.goal_for(players) - 200
        twos = min(3, short // 200)
        zone = Zone(distance=((F.D200, 0),) * twos + ((F.D100, 0),) * ((short - 200 * twos) // 100))
        hands = _hands(players, {1: (safety, F.D75, F.GASOLINE, F.MIRROR)})
        zones = [Zone()] * players
        zones[1] = zone
        window = _attack_window(players, hands, zones, attack)
        cases.append(
            _fs_step(
                f"coup-fourre-reaches-goal-{players}p-{safety.name.lower().replace('_', '-')}",
                window,
                CoupFourre(1, safety),
                ("FS-CF", "FS-KM", "FS-END-GOAL"),
            )
        )
    cases += _fs_mirrors()
    for players in (2, 3, 4):  # FS-TRASH: the player's own 200s go too
        trash = _fs_play(players, (F.TRASH, *PLAIN),
                         {0: Zone(distance=((F.D200, 0), (F.D50, 0))),
                          1: Zone(distance=((F.D200, 1),))})  # fmt: skip
        cases.append(_fs_step(f"trash-own-{players}p", trash, Trash(0), ("FS-TRASH",)))
    # FS-GUARD-END: no card left to draw, the greatest totals win.
    for players, kms in (
        (2, (F.D50, F.D100)),
        (3, (F.D100, F.D25, F.D100)),
        (4, (F.D25, F.D25, F.D50, F.D50)),
    ):
        totals = {s: Zone(distance=((km, 0),)) for s, km in enumerate(kms)}
        last = _fs_play(players, (F.TRASH, *PLAIN), totals)
        last = replace(last, draw_pile=(), discard_pile=last.draw_pile,
                       reshuffles=FS_DATA.max_reshuffles)  # fmt: skip
        cases.append(_fs_step(f"guard-end-{players}p", last, Trash(0), ("FS-GUARD-END",)))
    # RUL-FS-DISCARD-FORCED: a stopped player with no cure discards, a single-use card too.
    for players in (3, 4):
        stuck = _fs_play(players, (F.U_TURN, F.MIRROR, F.D25, F.D50, F.ACCELERATOR),
                         {0: Zone(attack=F.ACCIDENT)})  # fmt: skip
        cases.append(_fs_step(f"discard-special-{players}p", stuck, Discard(0, F.U_TURN),
                              ("FS-DISCARD", "RUL-FS-DISCARD-FORCED")))  # fmt: skip
    for players in (3, 4):  # RUL-FS-NO-200-LIMIT: a third 200 and more
        many = _fs_play(players, (F.D200, F.D25, F.GASOLINE, F.MIRROR, F.STOP),
                        {0: Zone(distance=((F.D200, 0),) * 2)})  # fmt: skip
        cases.append(_fs_step(f"third-200-{players}p", many, LayBorne(0, F.D200, 0, True),
                              ("RUL-FS-NO-200-LIMIT",)))  # fmt: skip
    return cases + _fs_turn_ends() + _fs_four_seat_games()


def _fs_mirrors() -> list[JsonDict]:
    """FS-MIRROR-BACK: the attacker may send his attack back again; FS-MIRROR-BLOCKED: an
    attack that cannot land on the attacker stops there."""
    cases: list[JsonDict] = []
    for players, attack in ((2, F.ACCIDENT), (3, F.SPEED_LIMIT), (4, F.OUT_OF_GAS)):
        hands = _hands(
            players,
            {0: (attack, F.MIRROR, F.D25, F.D50, F.D75), 1: (F.MIRROR, F.D25, F.D50, F.D75)},
        )
        start = fs._position(players, hands, (Zone(),) * players,
                             phase=FsPhase.PLAY, actor=0, turn=0)  # fmt: skip
        back = fs_engine.apply(fs_engine.apply(start, Attack(0, attack, 1, True)), Mirror(1))
        cases.append(_fs_step(f"mirror-back-again-{players}p", back, Mirror(0),
                              ("FS-MIRROR-BACK", "RUL-FS-MIRROR-CHAIN")))  # fmt: skip
    for players, attack, own in ((2, F.STOP, Zone(attack=F.STOP)),
                                 (3, F.FLAT_TIRE, Zone(safeties=(F.PUNCTURE_PROOF,))),
                                 (4, F.SPEED_LIMIT, Zone(radar=F.SPEED_LIMIT))):  # fmt: skip
        hands = _hands(players, {1: (F.MIRROR, F.D25, F.D50, F.D75)})
        zones = [Zone()] * players
        zones[0] = own
        window = _attack_window(players, hands, zones, attack)
        cases.append(
            _fs_step(
                f"mirror-cannot-land-{players}p",
                _mixed(window, players),
                Mirror(1),
                ("FS-MIRROR-BLOCKED", "RUL-FS-MIRROR-CHAIN"),
            )
        )
    return cases


def _fs_turn_ends() -> list[JsonDict]:
    """FS-TURN-ORDER, RUL-FS-REFILL-ORDER: a Stop sent back and forth by Rétroviseurs leaves
    two hands short when it is taken; they are refilled from the turn player leftwards,
    and the next turn is the left neighbour's."""
    cases: list[JsonDict] = []
    for players, seed in ((3, 1), (4, 2), (2, 7)):
        hands = _hands(
            players,
            {0: (F.STOP, F.MIRROR, F.D25, F.D50, F.D75), 1: (F.MIRROR, F.D25, F.D50, F.D75)},
        )
        start = _mixed(fs._position(players, hands, (Zone(),) * players,
                                    phase=FsPhase.PLAY, actor=0, turn=0), seed)  # fmt: skip
        window = start
        for action in (Attack(0, F.STOP, 1, True), Mirror(1), Mirror(0)):
            window = fs_engine.apply(window, action)
        cases.append(
            _fs_step(
                f"stop-taken-after-mirrors-{players}p",
                window,
                Pass(1),
                ("FS-TURN-ORDER", "FS-REFILL", "RUL-FS-REFILL-ORDER"),
            )
        )
    return cases


def _fs_four_seat_games() -> list[JsonDict]:
    """RUL-FS-SEATS: games of four players, dealt from a deck (traces)."""
    cases: list[JsonDict] = []
    for seed in (41, 42):
        deck = shuffled(FS_DATA.deck(), seed)
        states = [fs_engine.new_game(4, deck=deck, seed=seed)]
        actions: list[FsAction] = [DrawPile(0)]
        states.append(fs_engine.apply(states[0], actions[0]))
        text = "four players: the deal and the first draw"
        ids = {"RUL-FS-SEATS", "FS-DEAL", "FS-GOAL"}
        cases.append(fs._trace(f"triple-four-seats-{seed}", tuple(deck), states, actions,
                               (ids, text)))  # fmt: skip
    return cases


def funspeed_cases() -> list[JsonDict]:
    """The Fun & Speed cases this module adds."""
    return [*_fs_rejections(), *_fs_steps()]


# --- As du Volant ------------------------------------------------------------------------


def _av_case(kind: str, slug: str, state: AvState, ids: Iterable[str], text: str) -> JsonDict:
    case = av._case(kind, f"triple-{slug}", state, ids, text)
    case["provenance"] = {"generator": av.FAMILY.generator, "method": "position", "seed": 0}
    return case


def _av_reject(slug: str, state: AvState, rule: str,
               actions: Iterable[AvAction] | None = None) -> JsonDict:  # fmt: skip
    chosen = av.every_action(state) if actions is None else actions
    action, broken = _rejecting(state, rule, chosen, av_engine._broken)
    text = f"{AV_ACTION_TYPES[type(action)]} is refused in a chosen position"
    case = _described(_av_case("step", slug, state, broken, text), rule)
    return rejection(case, av_state(state), av_action(action), broken)


def _av_step(slug: str, state: AvState, action: AvAction, ids: tuple[str, ...]) -> JsonDict:
    after = av_engine.apply(state, action)
    all_ids = (*ids, *av.table_ids(action), *av.effect_ids(state, action, after))
    text = f"{AV_ACTION_TYPES[type(action)]} by seat {action.seat} in a chosen position"
    case = _described(_av_case("step", slug, state, all_ids, text), ids[0])
    case["input"] = {"state": av_state(state), "action": av_action(action)}
    case["expected"] = {"outcome": "applied", "state": av_state(after)}
    return case


MOVER = (A.D25, A.D50, A.D75, A.D100, A.D200, A.ACCELERATION, A.ACCIDENT)
"""A hand with every distance a move may need, an Accélération and an attack."""


def _av_rejections() -> list[JsonDict]:
    """Rows that a forgetful engine would let through: three positions each (with the
    suite's own, at least three)."""
    cases: list[JsonDict] = []
    for players, taken in ((2, A.STOP), (3, A.ACCIDENT), (4, A.SPEED_LIMIT)):  # AV-DISCARD-PLAY
        drawn = av_engine.apply(
            position(players, phase=AvPhase.DRAW, discard=[taken], hands={0: list(MOVER[:6])}),
            AvDrawDiscard(0),
        )
        cases.append(_av_reject(f"taken-not-played-{players}p", drawn, "AV-DISCARD-PLAY"))
    for players, attack, square in ((3, A.STOP, 2), (4, A.FLAT_TIRE, 7), (5, A.OUT_OF_GAS, 12)):
        stopped = position(players, hands={0: list(MOVER)}, cars={0: car(square, attack=attack)})
        cases.append(_av_reject(f"move-stopped-{players}p", stopped, "AV-MOVE-FREE"))
    for players, square in ((3, 8), (4, 12), (5, 3)):  # AV-MAX-200
        two = position(players, hands={0: list(MOVER)},
                       cars={0: car(square, laid_200=2, laid_distance=2)})  # fmt: skip
        cases.append(_av_reject(f"third-200-{players}p", two, "AV-MAX-200"))
    for players, square in ((3, 1), (4, 8), (5, 17)):  # the Limite de Vitesse token
        limited = position(players, hands={0: list(MOVER)}, cars={0: car(square, limit=True)})
        cases.append(_av_reject(f"accel-token-{players}p", limited, "RUL-AV-ACCEL-TOKEN"))
        seventy_five = [Move(0, A.D75, False, False)]
        cases.append(_av_reject(f"limit-token-75-{players}p", limited, "AV-LIMIT-TOKEN",
                                seventy_five))  # fmt: skip
    for players, square in ((3, 10), (4, 20), (5, 32)):  # AV-LIMIT-SQUARE: 50 km squares
        slow = position(players, hands={0: list(MOVER)}, cars={0: car(square)})
        cases.append(_av_reject(f"limit-square-{players}p", slow, "AV-LIMIT-SQUARE"))
    for players, square in ((3, 6), (4, 15), (5, 26)):  # AV-ACCEL: 75 km squares
        fast = position(players, hands={0: list(MOVER)}, cars={0: car(square)})
        cases.append(_av_reject(f"accel-square-{players}p", fast, "AV-ACCEL"))
    for players, square in ((3, 37), (4, 39), (5, 35)):  # AV-MOVE-EXACT
        near = position(players, hands={0: list(MOVER)}, cars={0: car(square)})
        cases.append(_av_reject(f"past-finish-{players}p", near, "AV-MOVE-EXACT"))
    cases += _av_blocked_and_attacks()
    return cases


def _av_blocked_and_attacks() -> list[JsonDict]:
    cases: list[JsonDict] = []
    # AV-NO-PASSING: a full square ahead (a one-lane square, or a three-lane one).
    for players, square, behind in ((2, 8, 7), (3, 23, 21), (4, 3, 1)):
        lanes = default_board().squares[square].lanes
        cars = {0: car(behind), **{1 + lane: car(square, lane) for lane in range(lanes)}}
        full = position(players, hands={0: list(MOVER)}, cars=cars)
        cases.append(_av_reject(f"full-square-{players}p", full, "AV-NO-PASSING"))
    for players, attack, target in ((2, A.STOP, 1), (4, A.FLAT_TIRE, 3), (5, A.OUT_OF_GAS, 2)):
        hand = [attack, A.D25, A.D50, A.ROLL, A.ROLL, A.GASOLINE]
        plain = position(players, hands={0: hand})
        cases.append(_av_reject(f"attack-self-{players}p", plain, "AV-ATTACK"))
        safety = {A.STOP: A.RIGHT_OF_WAY, A.FLAT_TIRE: A.PUNCTURE_PROOF,
                  A.OUT_OF_GAS: A.EXTRA_TANK}[attack]  # fmt: skip
        immune = position(
            players, hands={0: hand}, cars={target: car(0, target, safeties=(safety,))}
        )
        cases.append(_av_reject(f"attack-immune-{players}p", immune, "AV-IMMUNITY"))
        standing = A.ACCIDENT
        stopped = position(players, hands={0: hand},
                           cars={target: car(2, 0, attack=standing)})  # fmt: skip
        cases.append(_av_reject(f"attack-on-attack-{players}p", stopped, "RUL-AV-ONE-ATTACK"))
    # RUL-AV-TOKEN-SUPPLY: all five tokens of an attack on cars (the attacker's own among
    # them, or not), none left for a sixth.
    for attack, seats in ((A.OUT_OF_GAS, (0, 1, 2, 3, 4)), (A.FLAT_TIRE, (1, 2, 3, 4, 5))):
        cars = {s: car(s + 1, 0, attack=attack) for s in seats}
        hand = [attack, A.D25, A.ROLL, A.ROLL, A.GASOLINE, A.REPAIRS, A.REPAIRS]
        empty = position(6, hands={0: hand}, cars=cars)
        cases.append(
            _av_reject(
                f"no-token-{attack.name.lower().replace('_', '-')}", empty, "RUL-AV-TOKEN-SUPPLY"
            )
        )
    for players, attack, wrong in ((2, A.FLAT_TIRE, A.REPAIRS), (3, A.STOP, A.GASOLINE),
                                   (5, A.ACCIDENT, A.SPARE_TIRE)):  # fmt: skip
        hurt = position(players, hands={0: [wrong, A.D25, A.ROLL, A.ROLL, A.GASOLINE,
                                            A.SPARE_TIRE, A.REPAIRS][:7]},
                        cars={0: car(3, attack=attack)})  # fmt: skip
        cases.append(_av_reject(f"wrong-remedy-{players}p", hurt, "AV-REMEDY"))
    for players, card in ((3, A.D50), (4, A.D75), (5, A.D25)):  # AV-UTURN: not one's own move
        hands = {0: [A.U_TURN, card, A.D25, A.ROLL, A.GASOLINE, A.REPAIRS, A.ROLL],
                 1: [A.U_TURN, A.D25, A.D50, A.ROLL, A.GASOLINE, A.REPAIRS]}  # fmt: skip
        window = av_engine.apply(position(players, hands=hands), Move(0, card, False, False))
        cases.append(_av_reject(f"uturn-own-{players}p", window, "AV-UTURN"))
    return cases


def _av_steps() -> list[JsonDict]:
    """Applied steps whose outcome another reading would change."""
    cases: list[JsonDict] = []
    # AV-BONUS, AV-LIMIT-TOKEN: a car under a Limite de Vitesse token takes no bonus.
    for players, square in ((2, 3), (3, 12), (4, 22)):
        limited = position(players, hands={0: list(MOVER)}, cars={0: car(square, limit=True)})
        cases.append(
            _av_step(
                f"bonus-under-limit-{players}p",
                limited,
                Move(0, A.D50, False, False),
                ("AV-BONUS", "AV-LIMIT-TOKEN"),
            )
        )
    # AV-CF-TURN: the coup-fourré player plays next, the seats between lose their turn.
    for players, attacker, target in ((3, 0, 2), (5, 0, 3), (6, 1, 4)):
        hands = {attacker: [A.ACCIDENT, A.STOP, A.D25, A.D50, A.D75, A.ROLL, A.ROLL],
                 target: [A.DRIVING_ACE, A.D25, A.D50, A.D75, A.D100, A.ROLL]}  # fmt: skip
        start = position(players, hands=hands, actor=attacker)
        window = av_engine.apply(start, AvAttack(attacker, A.ACCIDENT, target))
        cases.append(_av_step(f"cf-turn-{players}p", window, AvCoupFourre(target, A.DRIVING_ACE),
                              ("AV-CF-TURN",)))  # fmt: skip
    return cases


def asduvolant_cases() -> list[JsonDict]:
    """The As du Volant cases this module adds."""
    return [*_av_rejections(), *_av_steps()]


ADDED: dict[str, Callable[[], list[JsonDict]]] = {
    fs.EDITION: funspeed_cases,
    av.FAMILY.edition: asduvolant_cases,
}


def with_triples(edition: str, existing: Sequence[JsonDict]) -> list[JsonDict]:
    """``existing`` (a family suite's cases) and the cases this module adds for it."""
    return [*existing, *ADDED[edition]()]
