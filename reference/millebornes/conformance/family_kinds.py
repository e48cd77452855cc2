"""The kinds of case the classic suite has beyond step, legal and trace, for the rule families.

Each family's suite (``funspeed_suite``, ``asduvolant_suite``) plays its own games; this
module adds, from the family's data and engine alone, the cases every family has:

- ``setup``: the deal from a deck at every seat count and option set, and the starts that
  are malformed (a seat count, an option, a deck or a seed the family refuses);
- ``shuffle``: the deck the portable shuffle deals from a seed (FS-DEAL and AV-DEAL deal a
  seeded game with it), answered by the protocol's ``shuffle`` (PROTO-FAMILY-KINDS);
- reshuffles as ``step`` cases: the action that draws from an empty pile, and the state
  after (the protocol's ``shuffle`` shuffles a box, not a discard pile, so it cannot say
  how a discard pile is turned into a draw pile);
- ``score`` cases, for a family the protocol's ``score`` answers (As du Volant's points);
- malformed states as ``step`` cases, from probes (``check_ids``, description, state JSON):
  :data:`PROBES` is the registry a family's loader checks plug into;
- board files (As du Volant): a ``setup`` case per refusal of BOARD-FILE, and a game on a
  board read from a file other than the default;
- a rejection for every action kind at every phase the suite's rejections miss (the
  wrong-moment rows of the family's precondition tables).

A family takes part through one :class:`Kinds` entry of :data:`KINDS`; the suites call
:func:`with_kinds` on their own cases.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from millebornes._spec import spec_dir
from millebornes.conformance import asduvolant_suite, family_malformed, funspeed_suite
from millebornes.conformance.families import BOXES, entry, start_extras
from millebornes.conformance.family_suite import Family, rejection, with_trace
from millebornes.conformance.setup import SHUFFLE_SEEDS
from millebornes.core.errors import MalformedInput
from millebornes.core.family import RuleFamily
from millebornes.core.shuffle import round_seed, shuffled
from millebornes.families.asduvolant.arrange import car, position
from millebornes.families.asduvolant.cards import DATA as AV_DATA
from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.family import AS_DU_VOLANT
from millebornes.families.asduvolant.state import AvPhase
from millebornes.families.funspeed.all_actions import every_action as fs_every_action
from millebornes.families.funspeed.family import FUN_SPEED

JsonDict = dict[str, Any]

Probe = tuple[tuple[str, ...], str, JsonDict]
"""A malformed state: the checks it fails (the case's rules), what is wrong, its JSON."""
ProbeSource = Callable[[], Iterable[Probe]]

SHUFFLE_RULES = ("SHUFFLE-PRNG", "SHUFFLE-BOUNDED", "SHUFFLE-ALGORITHM", "SHUFFLE-DECK-ORDER")
"""The portable shuffle's rules, which every shuffle case exercises (spec/shuffle.md)."""

PLAIN_BOARD = "families/as-du-volant/boards/plain.json"

GAMES_PER_SEATS = 4
"""Random games tried per seat count when looking for a reshuffle or a phase."""
STATES_PER_PHASE = 3
"""The states of each phase of a random game searched for refusals (the first ones)."""
MAX_STEPS = 5000
"""A random game longer than this is cut (none comes near: a few hundred actions)."""


@dataclass(frozen=True, slots=True)
class Kinds:
    """What the builders of this module need of one family: its data and its rule IDs."""

    family: Family
    engine: RuleFamily[Any, Any]
    option_sets: Callable[[int], tuple[tuple[str, ...], ...]]
    """The option sets whose deal gets a setup case at a seat count."""
    deal_rules: tuple[str, ...]
    """The rules every deal exercises (the box, the deal, the seats, the first player)."""
    small_box_rules: tuple[str, ...]
    """The rules a deal from a box smaller than the largest table's exercises."""
    seat_rules: tuple[str, ...]
    """The rules a seat count the family does not offer breaks."""
    option_rules: Mapping[str, tuple[str, ...]]
    """The rules of each option."""
    every_action: Callable[[Any], Sequence[Any]]
    """Every well-formed action of every seat (a superset of the legal ones)."""
    reshuffle_rules: tuple[str, ...]
    """The rules a draw from an empty pile exercises; () leaves out reshuffle cases."""
    scored: bool = False
    """Whether the protocol's ``score`` answers for the family (PROTO-FAMILY-KINDS)."""

    @property
    def edition(self) -> str:
        return self.family.edition

    def box(self, players: int, options: Sequence[str] = ()) -> tuple[Any, ...]:
        """The playing cards at a seat count and options, in box order (the shuffle's
        input; ``shuffle`` over the protocol takes no options)."""
        return tuple(BOXES[self.edition](players, options))

    @property
    def seats(self) -> tuple[int, ...]:
        return self.engine.edition_info()[0].seat_counts


# --- the registry of malformed-state probes -----------------------------------------------

PROBES: dict[str, list[ProbeSource]] = {}
"""Each family's sources of malformed states: the hook for the family's loader checks
(its section of spec/conformance/malformed.md). A source is called once per generation
and each probe becomes one step case; the family's own probes below are the first
source, and the probe list of ``family_malformed`` is meant to join them here."""


def register_probes(edition: str, source: ProbeSource) -> None:
    """Add a source of malformed states to ``edition``'s suite."""
    PROBES.setdefault(edition, []).append(source)


# --- the cases ----------------------------------------------------------------------------


def _case(
    k: Kinds,
    kind: str,
    slug: str,
    players: int,
    about: tuple[Iterable[str], str],
    *,
    options: Sequence[str] = (),
    seed: int | None = None,
    method: str = "constructed",
    features: Sequence[str] = (),
) -> JsonDict:
    """A case of ``k``'s suite: ``about`` is its rules and its description."""
    ids, text = about
    case = k.family.case(kind, slug, players, ids, text, options=options, seed=seed, method=method)
    case["features"] = sorted({*case["features"], *features})
    return case


def _deck(k: Kinds, players: int, seed: int, options: Sequence[str] = ()) -> list[str]:
    return [card.name for card in shuffled(k.box(players, options), seed)]


def _deal_ids(k: Kinds, players: int, options: Sequence[str]) -> list[str]:
    ids = [*k.deal_rules, *(r for o in options for r in k.option_rules.get(o, ()))]
    if k.box(players, options) != k.box(players):
        ids += k.small_box_rules
    return ids


def _start(k: Kinds, players: int, options: Sequence[str], given: JsonDict) -> Any:
    """The dealt game a protocol ``start`` with ``given`` (deck and extras) answers."""
    view = entry(k.engine)
    extras = start_extras(view, given)
    return view.start(k.edition, players, tuple(options), given["deck"], extras)


def setup_cases(k: Kinds) -> list[JsonDict]:
    """The deal at every seat count and option set, from a deck shuffled with the seat
    count as its seed."""
    cases = []
    for players in k.seats:
        for options in k.option_sets(players):
            given = {"deck": _deck(k, players, players, options)}
            state = _start(k, players, options, given)
            text = f"the deal at {players} players" + "".join(f", option {o}" for o in options)
            case = _case(
                k,
                "setup",
                "deal",
                players,
                (_deal_ids(k, players, options), text),
                options=options,
                seed=players,
                method="shuffle",
            )
            case["input"] = given
            case["expected"] = {"outcome": "applied", "state": k.engine.state_to_dict(state)}
            cases.append(case)
    return cases


def _malformed_start(
    k: Kinds,
    slug: str,
    players: int,
    given: JsonDict,
    about: tuple[Iterable[str], str],
    *,
    options: Sequence[str] = (),
) -> JsonDict:
    """A setup case whose ``start`` is malformed input; the generator checks the reference
    refuses it as such."""
    try:
        _start(k, players, options, given)
    except MalformedInput:
        pass
    else:
        raise RuntimeError(f"{k.edition} {slug}: the reference accepts the start")
    case = _case(k, "setup", slug, players, about, options=options, features=["malformed"])
    case["input"] = given
    case["expected"] = {"outcome": "malformed"}
    return case


def _swapped(k: Kinds, players: int) -> list[str]:
    """The box's cards with one copy of the last card kind in box order replaced by the
    first: the right count, the wrong cards (sorted, less than the box's)."""
    deck = _deck(k, players, 1)
    order = [card.name for card in sorted(set(k.box(players, ())))]
    deck[deck.index(order[-1])] = order[0]
    return deck


def refused_setup_cases(k: Kinds) -> list[JsonDict]:
    """Starts the family refuses as malformed input (PROTO-FAMILIES): a seat count it is
    not played by, a deck a card short or of another seat count, an option it does not
    offer there."""
    low, high = min(k.seats), max(k.seats)
    full = _deck(k, high, 1)
    cases = [
        _malformed_start(
            k,
            "seat-count",
            high + 1,
            {"deck": full},
            (k.seat_rules, f"the family is not played by {high + 1}: the start is malformed"),
        ),
        _malformed_start(
            k,
            "short-deck",
            low,
            {"deck": _deck(k, low, 1)[:-1]},
            (k.deal_rules, "a deck one card short is not the box: the start is malformed"),
        ),
        _malformed_start(
            k,
            "unknown-card",
            low,
            {"deck": ["JOKER", *_deck(k, low, 1)[1:]]},
            (k.deal_rules, "a deck with a card no box holds is malformed"),
        ),
        _malformed_start(
            k,
            "swapped-card",
            low,
            {"deck": _swapped(k, low)},
            (k.deal_rules, "a deck with one card too many and another too few is malformed"),
        ),
    ]
    offered = set(k.option_rules)
    for name in sorted(offered):  # an option that deals fewer cards (AV-SMALL-DECK)
        played = [n for n in k.seats if (name,) in k.option_sets(n)]
        if played and k.box(played[0], (name,)) != k.box(played[0]):
            text = f"the whole box dealt with the option {name} is not its deck: malformed"
            given = {"deck": _deck(k, played[0], 1)}
            ids = _deal_ids(k, played[0], (name,))
            cases.append(
                _malformed_start(k, "other-box", played[0], given, (ids, text), options=(name,))
            )
    for name in sorted(offered):
        refused = [n for n in k.seats if (name,) not in k.option_sets(n)]
        if refused:
            text = f"the option {name} is not played at {refused[0]} players: malformed"
            given = {"deck": _deck(k, refused[0], 1)}
            cases.append(
                _malformed_start(
                    k,
                    "option-refused",
                    refused[0],
                    given,
                    (k.option_rules[name], text),
                    options=(name,),
                )
            )
    if not offered:
        text = "the family offers no option: a start with goal_700 is malformed"
        given = {"deck": _deck(k, low, 1)}
        cases.append(
            _malformed_start(
                k, "option-not-offered", low, given, (k.deal_rules, text), options=("goal_700",)
            )
        )
    return cases


def shuffle_cases(k: Kinds) -> list[JsonDict]:
    """For each different box of the family, the deck the portable shuffle makes from
    several seeds (a game is dealt from it, FS-DEAL/AV-DEAL); ``round`` r shuffles with
    the seed s + r - 1 (SHUFFLE-MATCH-SEEDS), as for the classic family."""
    cases, seen = [], set()
    for players in k.seats:
        box = k.box(players)
        if box in seen:
            continue
        seen.add(box)
        for seed, round_number in SHUFFLE_SEEDS:
            ids = [*SHUFFLE_RULES, *_deal_ids(k, players, ())]
            ids += ["SHUFFLE-MATCH-SEEDS"] if round_number > 1 else []
            text = (
                f"the deck of game {round_number} of a series seeded with {seed}: the "
                f"{len(box)} cards of the family at {players} players, shuffled"
            )
            case = _case(
                k,
                "shuffle",
                f"seed-{seed}-round-{round_number}",
                players,
                (ids, text),
                seed=seed,
                method="shuffle",
                features=["shuffle"],
            )
            case["input"] = {"seed": seed, "round": round_number}
            case["expected"] = {"deck": _deck(k, players, round_seed(seed, round_number))}
            cases.append(case)
    return cases


# --- random games -------------------------------------------------------------------------


def random_game(
    k: Kinds, players: int, seed: int, options: Sequence[str] = (), board: object = None
) -> tuple[list[str], list[Any], list[Any]]:
    """A game dealt from the deck shuffled with ``seed``, played by uniformly random
    choices (``random.Random(seed)``): the deck, the states and the actions."""
    deck = _deck(k, players, seed, options)
    given: JsonDict = {"deck": deck} | ({"board": board} if board is not None else {})
    state = _start(k, players, options, given)
    rng = random.Random(seed)
    states: list[Any] = [state]
    actions: list[Any] = []
    while k.engine.actor(state) is not None and len(actions) < MAX_STEPS:
        action = rng.choice(k.engine.legal_actions(state))
        state = k.engine.apply(state, action)
        states.append(state)
        actions.append(action)
    return deck, states, actions


def _table_ids(k: Kinds, action: Any) -> tuple[str, ...]:
    return tuple(dict.fromkeys(rule for rule, _ in k.engine.rules[type(action)]))  # type: ignore[attr-defined]


def _applied(
    k: Kinds,
    slug: str,
    step: tuple[Any, Any, Any],
    about: tuple[Iterable[str], str],
    seed: int,
) -> JsonDict:
    """A step case of a random game: ``step`` is the state before, the action, the state
    after; ``about`` the rules and the description."""
    before, action, after = step
    case = _case(
        k, "step", slug, before.players, about, seed=seed, method="playout", features=["positional"]
    )
    case["input"] = {
        "state": k.engine.state_to_dict(before),
        "action": k.engine.action_to_dict(action),
    }
    case["expected"] = {"outcome": "applied", "state": k.engine.state_to_dict(after)}
    return case


def reshuffle_cases(k: Kinds) -> list[JsonDict]:
    """For every seat count, the first step of a random game whose draw pile grows (the
    discard pile becomes the draw pile: AV-RESHUFFLE, RUL-FS-EMPTY-PILE), and in the first
    game with two, the second too (RUL-AV-RESHUFFLE-SEED: the seed + 2)."""
    if not k.reshuffle_rules:
        return []
    cases, second = [], False
    for players in k.seats:
        for seed in range(100 * players, 100 * players + GAMES_PER_SEATS):
            _, states, actions = random_game(k, players, seed)
            grows = [
                i
                for i, (before, after) in enumerate(pairwise(states))
                if len(after.draw_pile) > len(before.draw_pile)
            ]
            chosen = grows[:1] if second else grows[:2]
            second = second or len(chosen) == 2
            for n, i in enumerate(chosen, start=1):
                ids = (*_table_ids(k, actions[i]), *k.reshuffle_rules)
                text = f"the draw pile runs out: the discard pile is turned into it (time {n})"
                cases.append(
                    _applied(
                        k,
                        f"reshuffle-{seed}-{n}",
                        (states[i], actions[i], states[i + 1]),
                        (ids, text),
                        seed,
                    )
                )
            if grows:
                break
    return cases


# --- wrong moments ------------------------------------------------------------------------


def _moment(state: Any) -> str:
    return str(state.phase.value)


def wrong_moment_cases(k: Kinds, existing: Sequence[JsonDict]) -> list[JsonDict]:
    """For every phase of random games and every action kind that has no legal action
    there, a rejection of the actor's action of that kind breaking the fewest rules,
    unless a rejection case of the suite already has that kind in that phase: every
    wrong-moment row of the family's tables gets a case, the kinds a phase allows but the
    hand does not too (what the wrong-moment row of an allowed kind cannot show). A phase
    random games never reach (As du Volant's trim after a Demi-tour) is taken from the
    first of the suite's constructed states in it."""
    covered = {
        (c["input"]["state"]["phase"], c["input"]["action"]["type"])
        for c in existing
        if c["kind"] == "step" and c["expected"].get("outcome") == "rejected"
    }
    cases: list[JsonDict] = []
    looked: dict[str, int] = {}

    def refuse_in(state: Any, players: int, options: Sequence[str], method: str) -> None:
        looked[_moment(state)] = looked.get(_moment(state), 0) + 1
        if looked[_moment(state)] > STATES_PER_PHASE * len(k.seats):
            return
        seat = k.engine.actor(state)
        seat = 0 if seat is None else seat
        legal_kinds = {type(a) for a in k.engine.legal_actions(state)}
        best: dict[str, tuple[tuple[str, ...], Any]] = {}
        for action in k.every_action(state):
            if action.seat != seat or type(action) in legal_kinds:
                continue
            kind = k.engine.action_to_dict(action)["type"]
            if (_moment(state), kind) in covered:
                continue
            broken = k.engine.violations(state, action)
            if kind not in best or len(broken) < len(best[kind][0]):
                best[kind] = (broken, action)
        for kind, (broken, action) in best.items():
            covered.add((_moment(state), kind))
            slug = f"refused-in-{_moment(state)}-{kind}".replace("_", "-")
            text = f"{kind} in phase {_moment(state)}, where it has no legal form, is refused"
            case = _case(k, "step", slug, players, (broken, text), options=options,
                         method=method, seed=players, features=["positional"])  # fmt: skip
            data = k.engine.action_to_dict(action)
            cases.append(rejection(case, k.engine.state_to_dict(state), data, broken))

    for players in k.seats:
        per_game: dict[str, int] = {}
        _, states, _ = random_game(k, players, players)
        for state in states:
            per_game[_moment(state)] = per_game.get(_moment(state), 0) + 1
            if per_game[_moment(state)] <= STATES_PER_PHASE:
                refuse_in(state, players, (), "playout")
    for c in existing:
        state = c["input"].get("state") if isinstance(c.get("input"), dict) else None
        if isinstance(state, dict) and state.get("phase") not in looked:
            if "malformed" in c["features"]:
                continue
            refuse_in(k.engine.state_from_dict(state), c["players"], c["options"], "constructed")
    return cases


# --- malformed states ---------------------------------------------------------------------


def malformed_state_cases(k: Kinds, probes: Iterable[Probe]) -> list[JsonDict]:
    """A step case per probe: the state is malformed, so the answer is ``malformed`` whatever
    the action (the first legal action of a game dealt at the state's seat count, or at the
    fewest seats when the count itself is wrong). The generator stops if the reference
    loads the state."""
    cases = []
    for number, (check_ids, description, state) in enumerate(probes, start=1):
        try:
            k.engine.state_from_dict(state)
        except MalformedInput:
            pass
        else:
            raise RuntimeError(f"{k.edition} probe {description!r}: the reference loads it")
        players = state.get("players")
        seats = players if isinstance(players, int) and players in k.seats else min(k.seats)
        sound = _start(k, seats, (), {"deck": _deck(k, seats, 0)})
        action = k.engine.action_to_dict(k.engine.legal_actions(sound)[0])
        slug = f"malformed-state-{number}-{check_ids[0].lower()}"
        case = _case(
            k,
            "step",
            slug,
            seats,
            (check_ids, f"a malformed state: {description}"),
            features=["malformed", "positional"],
        )
        case["input"] = {"state": state, "action": action}
        case["expected"] = {"outcome": "malformed"}
        cases.append(case)
    return cases


def own_probes(k: Kinds, seat_rule: str, card_rule: str) -> Callable[[], list[Probe]]:
    """Probes every family's loader refuses today: a seat count it is not played by, a card
    no box holds in a hand."""

    def probes() -> list[Probe]:
        dealt = k.engine.state_to_dict(_start(k, 2, (), {"deck": _deck(k, 2, 0)}))
        seats = {**dealt, "players": max(k.seats) + 1}
        card = {**dealt, "hands": [["JOKER", *dealt["hands"][0][1:]], *dealt["hands"][1:]]}
        return [
            ((seat_rule,), f"players is {max(k.seats) + 1}, a seat count not offered", seats),
            ((card_rule,), "a hand holds JOKER, a card no box holds", card),
        ]

    return probes


# --- As du Volant: score sheets and board files -------------------------------------------


def score_cases(k: Kinds) -> list[JsonDict]:
    """The family's ``score`` answer (winners, and each seat's points once the game is over
    with a points option, else 0; null before the end) on finished random games of every
    option set, on shared wins and on games not over."""
    if not k.scored:
        return []
    cases = []
    for options, seats in (((), (2, 4, 6)), (("points_5000",), (2, 3, 5)), (("bonus",), (3, 4, 6))):
        for players in seats:
            _, states, _ = random_game(k, players, players, options)
            for label, state in (("over", states[-1]), ("under-way", states[len(states) // 2])):
                if label == "under-way" and options:
                    continue
                cases.append(_score_case(k, f"{label}-{players}", state, options, players))
    for players, options in ((2, ()), (3, ("points_5000",)), (4, ("bonus",))):
        cases.append(_score_case(k, "shared-win", _shared_win(players, options), options, 0))
    # AV-BONUS-GAME's bonus for a finish before any reshuffle: only with ``bonus``, only then
    # and RUL-AV-BONUS-STACK's plain win: no 200 and no 100
    bonus, points = ("bonus",), ("points_5000",)
    arrivals = ((bonus, 0, 0), (bonus, 1, 0), (points, 0, 0), (bonus, 0, 1))
    for options, reshuffles, laid_200 in arrivals:
        state = _arrival(3, options, reshuffles, laid_200)
        slug = f"arrival-{'before' if reshuffles == 0 else 'after'}-reshuffle"
        slug += "-with-200" if laid_200 else ""
        cases.append(_score_case(k, slug, state, options, 0))
    return cases


def _arrival(players: int, options: Sequence[str], reshuffles: int, laid_200: int) -> Any:
    """A game won on the finish by seat 0's 25 km, with ``reshuffles`` reshuffles made and
    ``laid_200`` 200s laid before."""
    c = AvCard
    hands = {0: [c.D25, c.D50, c.ROLL, c.ROLL, c.GASOLINE, c.GASOLINE]}
    state = position(players, hands=hands, reshuffles=reshuffles, options=frozenset(options))
    finish = state.board.goal_square(state.goal)
    before = next(i for i, sq in enumerate(state.board.squares) if sq.next == finish)
    moves = {"laid_distance": 1 + laid_200, "laid_200": laid_200}
    # seat 1 on the shortcut (square 41, 350 km): a square numbered past the finish
    cars = {0: car(before, 0, **moves), 1: car(41, 0, laid_distance=1)}
    state = position(players, hands=hands, cars=cars, reshuffles=reshuffles,
                     options=frozenset(options))  # fmt: skip
    action = AS_DU_VOLANT.action_from_dict({"type": "move", "seat": 0, "card": "D25",
                                            "accelerated": False, "shortcut": False})  # fmt: skip
    after = AS_DU_VOLANT.apply(state, action)
    if after.phase is not AvPhase.OVER or after.winners != (0,):
        raise RuntimeError(f"no arrival: {after.phase} {after.winners}")
    return after


def _score_case(k: Kinds, slug: str, state: Any, options: Sequence[str], seed: int) -> JsonDict:
    over = state.phase is AvPhase.OVER
    ids = ["AV-WINNER", *(r for o in options for r in k.option_rules.get(o, ()))]
    ids += ["AV-END-STUCK"] if over and len(state.winners) > 1 else []
    text = f"the score of a game {'over' if over else 'under way'}" + (
        f" with {', '.join(options)}" if options else ""
    )
    case = _case(
        k,
        "score",
        slug,
        state.players,
        (ids, text),
        options=options,
        seed=seed,
        method="playout" if seed else "constructed",
        features=["positional"],
    )
    case["input"] = {"state": k.engine.state_to_dict(state)}
    case["expected"] = k.engine.score(state)
    return case


def _shared_win(players: int, options: Sequence[str]) -> Any:
    """AV-END-STUCK: a round of blocked turns after the pile ran out ends the game with two
    cars side by side farthest along: both win."""
    c = AvCard
    junk = [c.ROLL, c.ROLL, c.GASOLINE, c.GASOLINE, c.SPARE_TIRE, c.SPARE_TIRE, c.END_OF_LIMIT]
    cars = {0: car(5, 0, attack=c.ACCIDENT), 1: car(5, 1, attack=c.STOP)}
    cars |= {seat: car(2, seat % 2, attack=c.STOP) for seat in range(2, players)}
    state = position(
        players,
        hands={0: junk},
        cars=cars,
        reshuffles=1,
        stuck=players - 1,
        options=frozenset(options),
    )
    action = AS_DU_VOLANT.action_from_dict({"type": "discard", "seat": 0, "card": "ROLL"})
    after = AS_DU_VOLANT.apply(state, action)
    if after.phase is not AvPhase.OVER or len(after.winners) < 2:
        raise RuntimeError(f"no shared win at {players} players: {after.winners}")
    return after


def _from_25(board: JsonDict) -> None:
    """The plain board without its 0 km square: the route runs from 25 km (square 0, now
    wide enough for every car) to the finish."""
    squares = board["squares"][1:]
    for square in squares:
        square["id"] -= 1
        square["next"] = None if square["next"] is None else square["next"] - 1
    squares[0]["lanes"] = 6
    board.update(squares=squares, finish=len(squares) - 1)


def _stall(board: JsonDict) -> None:
    """A square at 50 km again (41) between the plain board's 50 km and 75 km squares."""
    board["squares"][2]["next"] = len(board["squares"])
    board["squares"].append({"id": len(board["squares"]), "km": 50, "lanes": 2, "next": 3})


def _shorten(board: JsonDict) -> None:
    """The plain board ends at 975 km: its 1000 km square is gone, the one before ends it."""
    board["squares"].pop()
    board["squares"][-1]["next"] = None
    board["finish"] = len(board["squares"]) - 1


def _extend(board: JsonDict, last: JsonDict) -> None:
    """The plain board's finish (square 40) leads on to a new square, the new finish."""
    board["squares"][40]["next"] = len(board["squares"])
    board["squares"].append({"id": len(board["squares"]), **last, "next": None})
    board["finish"] = len(board["squares"]) - 1


def _branch(board: JsonDict, *squares: tuple[int, int | None], shortcut: int = 0) -> None:
    """A shortcut from square 3 (75 km) through new squares (their km and ``next``, from
    41 on); the first new square takes its own shortcut to ``shortcut`` if given."""
    board["squares"][3]["shortcut"] = len(board["squares"])
    for km, following in squares:
        square = {"id": len(board["squares"]), "km": km, "lanes": 2, "next": following}
        board["squares"].append(square)
    if shortcut:
        board["squares"][41]["shortcut"] = shortcut


BOARD_BREACHES: tuple[tuple[str, str, Callable[[JsonDict], None]], ...] = (
    ("empty", "board.format", lambda b: b.clear()),
    ("unknown-field", "board.colour", lambda b: b.update(colour="red")),
    ("format", "board.format", lambda b: b.update(format="mille-bornes-av-board/9")),
    ("name", "board.name", lambda b: b.update(name="")),
    ("missing-name", "board.name", lambda b: b.pop("name")),
    ("squares-short", "board.squares", lambda b: b.update(squares=b["squares"][:1])),
    ("square-not-object", "board.squares[3]", lambda b: b["squares"].__setitem__(3, 7)),
    ("square-field", "board.squares[3].colour", lambda b: b["squares"][3].update(colour=1)),
    ("square-missing", "board.squares[3].lanes", lambda b: b["squares"][3].pop("lanes")),
    ("square-id", "board.squares[3].id", lambda b: b["squares"][3].update(id=4)),
    ("next-unknown", "board.squares[3].next", lambda b: b["squares"][3].update(next=999)),
    ("shortcut-unknown", "board.squares[3].shortcut",
     lambda b: b["squares"][3].update(shortcut=999)),
    ("lanes", "board.squares[3].lanes", lambda b: b["squares"][3].update(lanes=0)),
    ("dark-lanes", "board.squares[3].dark_lanes",
     lambda b: b["squares"][3].update(dark_lanes=b["squares"][3]["lanes"])),
    ("limit", "board.squares[3].limit", lambda b: b["squares"][3].update(limit=30)),
    ("bonus", "board.squares[3].bonus", lambda b: b["squares"][3].update(bonus=0)),
    ("km-step", "board.squares[3].km", lambda b: b["squares"][3].update(km=80)),
    ("start-unknown", "board.start", lambda b: b.update(start=999)),
    ("finish-unknown", "board.finish", lambda b: b.update(finish=999)),
    ("finish-not-last", "board.squares", lambda b: b.update(finish=b["finish"] - 1)),
    ("route-km", "board.squares[3].km", lambda b: b["squares"][3].update(km=100)),
    ("start-limit", "board.squares[0]", lambda b: b["squares"][0].update(limit=50)),
    ("start-lanes", "board.squares[0].lanes", lambda b: b["squares"][0].update(lanes=2)),
    ("stray-square", "board.squares[41]", lambda b: b["squares"].append(
        {"id": len(b["squares"]), "km": 100, "lanes": 2, "next": None})),
    # found by the mechanical run (conformance/mechanical-as-du-volant.json): checks whose
    # every change the cases above let through
    ("start-dark-lanes", "board.squares[0].lanes",
     lambda b: b["squares"][0].update(dark_lanes=1)),  # 5 lanes of 6: not every car
    ("dark-lanes-over", "board.squares[3].dark_lanes",
     lambda b: b["squares"][3].update(dark_lanes=3)),  # more dark lanes than lanes
    ("finish-km", "board.squares", lambda b: _extend(b, {"km": 1025, "lanes": 6})),
    ("shortcut-on-route", "board.squares[3].shortcut",
     lambda b: b["squares"][3].update(shortcut=5)),
    ("shortcut-back", "board.squares[3].shortcut", lambda b: _branch(b, (100, 2))),
    ("shortcut-dead-end", "board.squares[3].shortcut", lambda b: _branch(b, (100, None))),
    ("shortcut-km", "board.squares[41]", lambda b: _branch(b, (75, 5))),
    ("shortcut-loop", "board.squares[41]", lambda b: _branch(b, (100, 42), (125, 41))),
    ("shortcut-from-branch", "board.squares[41].shortcut",
     lambda b: _branch(b, (100, 6), shortcut=7)),
    ("shortcut-level", "board.squares[3].shortcut", lambda b: _branch(b, (100, 4))),
    ("dark-lanes-negative", "board.squares[3].dark_lanes",
     lambda b: b["squares"][3].update(dark_lanes=-1)),
    ("next-negative", "board.squares[3].next", lambda b: b["squares"][3].update(next=-1)),
    ("start-one-past", "board.start", lambda b: b.update(start=len(b["squares"]))),
    ("finish-short", "board.squares", _shorten),
    ("start-km", "board.squares", _from_25),
    ("square-id-low", "board.squares[3].id", lambda b: b["squares"][3].update(id=2)),
    ("squares-not-list", "board.squares", lambda b: b.update(squares=3)),
    ("finish-loop", "board.squares", lambda b: b["squares"][40].update(next=39)),
    ("lanes-bool", "board.squares[3].lanes", lambda b: b["squares"][3].update(lanes=True)),
    ("format-old", "board.format", lambda b: b.update(format="mille-bornes-av-board/0")),
    ("shortcut-km-down", "board.squares[41]", lambda b: _branch(b, (50, 5))),
    ("next-one-past", "board.squares[3].next",
     lambda b: b["squares"][3].update(next=len(b["squares"]))),
    ("km-jump", "board.squares[4].km", lambda b: b["squares"][2].update(next=4, shortcut=3)),
    ("km-stall", "board.squares[41].km", _stall),
)  # fmt: skip
"""A change of the plain board file per refusal of BOARD-FILE, and the field the refusal
names (the squares' indexes are the plain board's)."""


def board_file_cases(k: Kinds) -> list[JsonDict]:
    """A ``start`` on a board file that breaks BOARD-FILE is malformed, one case per refusal;
    a deal and a random game on a valid board other than the default."""
    plain = _plain_board()
    cases = []
    for slug, field, change in BOARD_BREACHES:
        board = json_copy(plain)
        change(board)
        given = {"deck": _deck(k, 2, 2), "board": board}
        try:
            _start(k, 2, (), given)
        except MalformedInput as error:
            if not str(error).startswith(field):
                raise RuntimeError(f"board {slug}: refused for {error}, not {field}") from None
        else:
            raise RuntimeError(f"board {slug}: the reference accepts it")
        text = f"a board file that breaks BOARD-FILE ({field}) is malformed"
        case = _case(
            k,
            "setup",
            f"board-{slug}",
            2,
            (("BOARD-FILE",), text),
            features=["malformed", "board-file"],
        )
        case["input"] = given
        case["expected"] = {"outcome": "malformed"}
        cases.append(case)
    given = {"deck": _deck(k, 3, 3), "board": plain}
    ids = ["BOARD-FILE", "RUL-AV-BOARD-FILE", *_deal_ids(k, 3, ())]
    ids.remove("ASM-AV-LAYOUT")
    case = _case(
        k,
        "setup",
        "board-plain",
        3,
        (ids, "the deal on a board read from a file"),
        seed=3,
        method="shuffle",
        features=["board-file"],
    )
    case["input"] = given
    case["expected"] = {
        "outcome": "applied",
        "state": k.engine.state_to_dict(_start(k, 3, (), given)),
    }
    return [*cases, case, _board_variant(k, plain), _board_trace(k, plain)]


def _board_variant(k: Kinds, plain: JsonDict) -> JsonDict:
    """A valid board the checks must not refuse: a start of eight lanes, one dark (room for
    more than every car) and a shortcut that rejoins the main route further on."""
    board = json_copy(plain)
    board["squares"][0].update(lanes=8, dark_lanes=1)
    _branch(board, (100, 5))
    given = {"deck": _deck(k, 2, 2), "board": board}
    text = "the deal on a valid board file with a wide start and a shortcut"
    case = _case(k, "setup", "board-variant", 2, (("BOARD-FILE", "BOARD-SHORTCUT"), text),
                 seed=2, method="shuffle", features=["board-file"])  # fmt: skip
    case["input"] = given
    dealt = k.engine.state_to_dict(_start(k, 2, (), given))
    case["expected"] = {"outcome": "applied", "state": dealt}
    return case


def _board_trace(k: Kinds, board: JsonDict) -> JsonDict:
    deck, states, actions = random_game(k, 4, 4, (), board)
    ids = {"BOARD-FILE", "RUL-AV-BOARD-FILE", "AV-WINNER", *k.deal_rules} - {"ASM-AV-LAYOUT"}
    ids |= {rule for action in actions for rule in _table_ids(k, action)}
    text = f"a whole random game on a board read from a file, {len(actions)} actions"
    case = _case(
        k,
        "trace",
        "board-file-game",
        4,
        (ids, text),
        seed=4,
        method="playout",
        features=["board-file"],
    )
    # the board as states write it (the file's form, defaults and comment left out)
    given = {
        "board": k.engine.state_to_dict(states[0])["board"],
        "options": [],
        "seed": 0,
        "deck": deck,
        "actions": [k.engine.action_to_dict(a) for a in actions],
    }
    return with_trace(case, given, states, k.engine.state_to_dict)


def _plain_board() -> JsonDict:
    board: JsonDict = json.loads((spec_dir() / PLAIN_BOARD).read_text(encoding="utf-8"))
    return board


def json_copy(value: JsonDict) -> JsonDict:
    copied: JsonDict = json.loads(json.dumps(value))
    return copied


# --- the families -------------------------------------------------------------------------


def _av_option_sets(players: int) -> tuple[tuple[str, ...], ...]:
    return ((), *((o,) for o, seats in AV_DATA.option_seats.items() if players in seats))


FS = Kinds(
    family=funspeed_suite.FAMILY,
    engine=FUN_SPEED,
    option_sets=lambda players: ((),),
    deal_rules=(
        "FS-BOX",
        "ASM-FS-COUNTS",
        "FS-DEAL",
        "RUL-FS-SEATS",
        "RUL-FS-FIRST-PLAYER",
        "FS-GOAL",
    ),
    small_box_rules=(),
    seat_rules=("RUL-FS-SEATS",),
    option_rules={},
    every_action=fs_every_action,
    # the draw pile's end: the discard pile reshuffled from the seed (RUL-FS-EMPTY-PILE)
    reshuffle_rules=("RUL-FS-EMPTY-PILE",),
)

AV = Kinds(
    family=asduvolant_suite.FAMILY,
    engine=AS_DU_VOLANT,
    option_sets=_av_option_sets,
    deal_rules=(
        "AV-BOX",
        "ASM-AV-COUNTS",
        "AV-TOKENS",
        "AV-DEAL",
        "AV-SEATS",
        "RUL-AV-FIRST-PLAYER",
        "AV-GOAL",
        "ASM-AV-LAYOUT",
    ),
    small_box_rules=("AV-SMALL-DECK", "RUL-AV-SMALL-DECK"),
    seat_rules=("AV-SEATS",),
    option_rules=asduvolant_suite.OPTION_RULES | {"goal_700": ("RUL-AV-700", "AV-GOAL")},
    every_action=asduvolant_suite.every_action,
    reshuffle_rules=("AV-RESHUFFLE", "RUL-AV-RESHUFFLE-SEED"),
    scored=True,
)

KINDS: dict[str, Kinds] = {k.edition: k for k in (FS, AV)}
"""Each family's entry, by edition."""

register_probes(FS.edition, own_probes(FS, "RUL-FS-SEATS", "FS-BOX"))
register_probes(AV.edition, own_probes(AV, "AV-SEATS", "AV-BOX"))
# every impossible state of the loaders' checks (spec/conformance/malformed.md)
register_probes(FS.edition, family_malformed.suite_probes(FS.edition))
register_probes(AV.edition, family_malformed.suite_probes(AV.edition))


def seed_cases(k: Kinds, rule: str) -> list[JsonDict]:
    """A family whose ``start`` takes the reshuffle seed: given, the state carries it; out
    of range or not a whole number, the start is malformed (``rule``: RUL-AV-RESHUFFLE-SEED,
    RUL-FS-RESHUFFLE-SEED)."""
    given = {"deck": _deck(k, 2, 2), "seed": 2**64 - 1}
    state = _start(k, 2, (), given)
    ids = (rule, *_deal_ids(k, 2, ()))
    case = _case(
        k,
        "setup",
        "seed",
        2,
        (ids, "the deal with the largest reshuffle seed"),
        seed=2,
        method="shuffle",
    )
    case["input"] = given
    case["expected"] = {"outcome": "applied", "state": k.engine.state_to_dict(state)}
    refused = [
        _malformed_start(
            k,
            f"seed-{slug}",
            2,
            {"deck": _deck(k, 2, 2), "seed": seed},
            ((rule,), f"the reshuffle seed {seed!r} is malformed"),
        )
        for slug, seed in (("negative", -1), ("too-large", 2**64), ("text", "5"), ("bool", True))
    ]
    return [case, *refused]


def kinds_cases(edition: str, existing: Sequence[JsonDict]) -> list[JsonDict]:
    """The cases this module adds to ``edition``'s suite, whose own cases are ``existing``."""
    k = KINDS[edition]
    probes = [probe for source in PROBES.get(edition, []) for probe in source()]
    cases = [
        *setup_cases(k),
        *refused_setup_cases(k),
        *shuffle_cases(k),
        *reshuffle_cases(k),
        *score_cases(k),
        *malformed_state_cases(k, probes),
        *wrong_moment_cases(k, existing),
    ]
    if k is AV:
        cases += [*seed_cases(k, "RUL-AV-RESHUFFLE-SEED"), *board_file_cases(k)]
    else:  # Fun & Speed's start takes the reshuffle seed too
        cases += seed_cases(k, "RUL-FS-RESHUFFLE-SEED")
    return cases


def with_kinds(edition: str, existing: Sequence[JsonDict]) -> list[JsonDict]:
    """``existing`` (a family suite's own cases) and the cases this module adds."""
    return [*existing, *kinds_cases(edition, existing)]
