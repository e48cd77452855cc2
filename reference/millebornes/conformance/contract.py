"""Positions that pin what the text states and a playout rarely shows (issue: the spec as a
contract): wrong-moment actions, targets, wrong seats, the coup-fourré's discard order and
empty draw pile, ``extended_by`` as a team, passed-over seats, the legal actions at a deal
and at an extension decision, extension points for shut-out teams.

Every position is emitted in the configurations it names, with the answer the engine
gives (applied, rejected, legal actions or score sheet), whatever it is: these cases
exist so that each alternative reading of the text fails at least one of them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from millebornes.conformance.canon import JsonDict
from millebornes.conformance.cases import actions_to_list, make_case, state_json
from millebornes.conformance.configs import Config
from millebornes.conformance.scenarios import distance_cards, round_over_position
from millebornes.conformance.tags import (
    Tags,
    precondition_tags,
    rejection_tags,
    score_case_tags,
    step_tags,
)
from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import CATEGORY, Card, Category
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import apply, legal_actions, new_match, violations
from millebornes.families.classic.position import position
from millebornes.families.classic.serialize import action_to_dict, score_to_dict
from millebornes.families.classic.state import Phase, State, Tableau

ROLLING = Tableau(battle=(Card.ROLL,))
AT_700 = (Card.D200, Card.D200, Card.D100, Card.D100, Card.D100)
PROVENANCE: JsonDict = {"method": "position", "seed": None}


@dataclass(frozen=True, slots=True)
class Position:
    """One contract position: a step (``action`` given), a legal-actions or a score case."""

    slug: str
    description: str
    configs: tuple[tuple[str, int], ...]
    build: Callable[[Config], tuple[State, Action | None]]
    rules: tuple[str, ...] = ()
    """Rules the case pins beyond those its tags derive (the statement it was built for)."""
    kind: str = "step"


# --- the states -------------------------------------------------------------------


def _play(config: Config, phase: Phase = Phase.PLAY) -> State:
    """Seat 0's turn (``phase``), teams 0 and 1 rolling; seat 0 holds a 25 and a
    Puncture-Proof, seat 1 an Extra Tank and a 50."""
    return position(
        config.edition,
        config.players,
        fill_hands=True,  # a loadable state (INV-HAND-SIZE)
        hands={0: [Card.D25, Card.PUNCTURE_PROOF], 1: [Card.EXTRA_TANK, Card.D50]},
        tableaus={0: ROLLING, 1: ROLLING},
        phase=phase,
    )


def _loadable(config: Config, **placed: Any) -> State:
    """A position with every hand topped up, so that it loads (INV-HAND-SIZE)."""
    return position(config.edition, config.players, fill_hands=True, **placed)


def _teams(config: Config) -> int:
    return load_edition(config.edition).teams_by_seats[config.players]


def _window(config: Config, draw_pile: tuple[Card, ...] | None = None) -> State:
    """Seat 0 has just laid a Flat Tire on the last team; its first seat holds the
    Puncture-Proof and acts; the seats between hold a card each."""
    last = _teams(config) - 1  # the last team, and its first seat
    hands = {seat: [Card.D50] for seat in range(1, config.players)}
    hands[0] = [Card.D25]
    hands[last] = [Card.PUNCTURE_PROOF, Card.D75]
    return position(
        config.edition,
        config.players,
        fill_hands=True,  # a loadable state (INV-HAND-SIZE)
        hands=hands,
        tableaus={0: ROLLING, last: Tableau(battle=(Card.ROLL, Card.FLAT_TIRE))},
        phase=Phase.COUP_FOURRE,
        actor=last,
        turn=0,
        pending_hazard=Card.FLAT_TIRE,
        draw_pile=draw_pile,
    )


def _holder(state: State) -> int:
    assert state.actor is not None
    return state.actor


def _deck(config: Config) -> tuple[Card, ...]:
    return load_edition(config.edition).playing_cards(config.players)


def _round_over(config: Config) -> State:
    return round_over_position(
        config, {0: Tableau(battle=(Card.ROLL,), distance=(Card.D100,))}, extended_by=None
    )


def _both_hazards(config: Config, pending: Card | None) -> State:
    """Team 1 under a Stop and a Speed Limit; in a window on ``pending`` its first seat
    holds Right of Way, else it is that seat's turn with Right of Way in hand."""
    stopped = Tableau(battle=(Card.ROLL, Card.STOP), speed=(Card.SPEED_LIMIT,))
    return position(
        config.edition,
        config.players,
        fill_hands=True,  # a loadable state (INV-HAND-SIZE)
        hands={0: [Card.D25], 1: [Card.RIGHT_OF_WAY, Card.D50]},
        tableaus={0: ROLLING, 1: stopped},
        discard_pile=(Card.D25,),
        phase=Phase.COUP_FOURRE if pending else Phase.PLAY,
        actor=1,
        turn=0 if pending else 1,
        pending_hazard=pending,
    )


def _deciding(config: Config, seat: int) -> State:
    """Allonge: ``seat``'s team has just reached 700 km exactly and ``seat`` decides."""
    team = seat % _teams(config)
    return position(
        config.edition,
        config.players,
        fill_hands=True,  # a loadable state (INV-HAND-SIZE)
        hands={seat: [Card.D25]},
        tableaus={team: Tableau(battle=(Card.ROLL,), distance=AT_700)},
        phase=Phase.EXTENSION,
        actor=seat,
    )


def _empty_pile(config: Config, empty: tuple[int, ...]) -> State:
    """The draw pile is empty; seat 0 plays; the seats in ``empty`` hold no card.

    The hands are not topped up: once the draw pile is empty short hands are loadable
    (INV-HAND-SIZE), and a topped-up hand would not be passed over."""
    hands = {s: [Card.D50] for s in range(config.players) if s not in empty}
    hands[0] = [Card.D25]
    return position(
        config.edition,
        config.players,
        hands=hands,
        tableaus={t: ROLLING for t in range(_teams(config))},
        draw_pile=(),
    )


def _extension_lost(config: Config) -> State:
    """Team 0 called the extension and stopped short of 1000 km; team 1 reached it; the
    last team has no distance (shut out) and scores the extension points too."""
    teams = _teams(config)
    tableaus = {
        0: Tableau(battle=(Card.ROLL,), distance=AT_700),
        1: Tableau(battle=(Card.ROLL,), distance=(*AT_700, Card.D100, Card.D100, Card.D100)),
    }
    if teams == 2:  # nobody reached 1000: team 1, shut out, scores the extension
        tableaus = {0: tableaus[0]}
    return round_over_position(config, tableaus, extended_by=0)


def _last_distance(config: Config) -> State:
    """Seat 0 holds a 25, the only distance card outside the discard pile; the draw pile
    still holds two cards, neither of them distance; every team is rolling."""
    rules = load_edition(config.edition)
    teams = _teams(config)
    cards = rules.playing_cards(config.players)
    others = [c for c in cards if CATEGORY[c] is not Category.DISTANCE]
    for _ in range(teams):  # the Rolls on the tableaus
        others.remove(Card.ROLL)
    size = rules.hand_size
    hands = {0: [Card.D25, *others[:size]]}  # the actor has drawn: one card over the size
    for seat in range(1, config.players):
        hands[seat] = others[seat * size + 1 : (seat + 1) * size + 1]
    start = config.players * size + 1
    return position(
        config.edition,
        config.players,
        hands=hands,
        tableaus={t: ROLLING for t in range(teams)},
        draw_pile=tuple(others[start : start + 2]),
    )


def _at_the_goal_dealt_by_1(config: Config) -> State:
    """Seat 1 dealt this round; seat 0 holds the 25 that brings team 0 to the goal."""
    goal = load_edition(config.edition).goal_for(config.players, config.options)
    short = distance_cards(config, goal - 25)
    assert short is not None
    return _loadable(
        config,
        hands={0: [Card.D25]},
        tableaus={0: Tableau(battle=(Card.ROLL,), distance=short)},
        dealer=1,
    )


# --- the positions ------------------------------------------------------------------

C3 = (("classic", 3),)
C346 = (("classic", 3), ("classic", 4), ("classic", 6))


def _step(state: State, action: Action) -> tuple[State, Action | None]:
    return state, action


POSITIONS: tuple[Position, ...] = (
    Position("play-before-draw", "a play before the turn's draw breaks TURN-PLAY-OR-DISCARD, "
             "not TURN-DRAW", C3,
             lambda c: _step(_play(c, Phase.DRAW), Play(0, Card.D25, 0))),
    Position("discard-before-draw", "a discard before the turn's draw", C3,
             lambda c: _step(_play(c, Phase.DRAW), Discard(0, Card.D25))),
    Position("draw-in-window", "the safety's holder draws in a coup-fourré window: TURN-DRAW, "
             "not CF-WINDOW", C346,
             lambda c: _step(s := _window(c), Draw(_holder(s)))),
    Position("draw-in-window-wrong-seat", "the attacker's left draws in a coup-fourré window",
             C3, lambda c: _step(_window(c), Draw(1))),
    Position("play-in-window", "the holder lays the safety as a play instead of a coup-fourré",
             C3, lambda c: _step(s := _window(c), Play(_holder(s), Card.PUNCTURE_PROOF,
                                                        s.team_of(_holder(s))))),
    Position("discard-in-window", "the holder discards in a coup-fourré window", C3,
             lambda c: _step(s := _window(c), Discard(_holder(s), Card.D75))),
    Position("coup-fourre-outside-window", "a coup-fourré with no hazard pending: CF-WINDOW and "
             "CF-MATCHING-SAFETY", C346,
             lambda c: _step(_play(c), CoupFourre(0, Card.PUNCTURE_PROOF))),
    Position("decline-outside-window", "a decline with no window open", C3,
             lambda c: _step(_play(c), Decline(0))),
    Position("coup-fourre-wrong-seat", "a coup-fourré called by a seat the window does not name",
             C346, lambda c: _step(_window(c), CoupFourre(1, Card.PUNCTURE_PROOF))),
    Position("decline-wrong-seat", "a decline by a seat the window does not name", C346,
             lambda c: _step(_window(c), Decline(1))),
    Position("deal-wrong-seat", "the last dealer deals again: TURN-ACTOR only, not "
             "MATCH-DEALER-ROTATION", C346,
             lambda c: _step(_round_over(c), Deal(0, _deck(c)))),
    Position("deal-wrong-seat-first-round", "seat 1 deals the first round of a match", C3,
             lambda c: _step(new_match(c.edition, c.players), Deal(1, _deck(c))),
             ("STATE-BEFORE-DEAL",)),
    Position("deal-first-round", "seat 0 deals the first round from a state before any deal",
             C3, lambda c: _step(new_match(c.edition, c.players), Deal(0, _deck(c))),
             ("STATE-BEFORE-DEAL", "STATE-ROUND", "STATE-DEALER")),
    Position("deal-by-seat-1", "seat 1 deals the second round: the cards go round from seat "
             "2, and seat 2 plays first", C346,
             lambda c: _step(_round_over(c), Deal(1, _deck(c))),
             ("SETUP-DEAL", "SETUP-FIRST-PLAYER", "MATCH-DEALER-ROTATION")),
    Position("round-ends-dealt-by-1", "the goal is reached in a round seat 1 dealt: seat 2 "
             "deals the next", C346,
             lambda c: _step(_at_the_goal_dealt_by_1(c), Play(0, Card.D25, 0)),
             ("MATCH-DEALER-ROTATION",)),
    Position("deal-in-window", "the safety's holder deals in a coup-fourré window: SETUP-DEAL",
             C3, lambda c: _step(s := _window(c), Deal(_holder(s), _deck(c)))),
    Position("discard-at-round-over", "the next dealer discards once the round is over: "
             "TURN-PLAY-OR-DISCARD", C3, lambda c: _step(_round_over(c), Discard(1, Card.D25))),
    Position("at-round-over", "the legal actions once the round is over, with cards "
             "still in the hands: none, the next deal is a chance node", C346,
             lambda c: (apply(_at_the_goal_dealt_by_1(c), Play(0, Card.D25, 0)), None),
             ("STATE-TURN",), kind="legal"),
    Position("deal-with-memo", "a deck with a memo card in place of a playing card: "
             "BOX-CONTENTS only", C346,
             lambda c: _step(_round_over(c), Deal(1, (*_deck(c)[:-1], Card.MEMO))),
             ("SETUP-MEMO",)),
    Position("deal-during-play", "the player to act deals in the middle of a round", C3,
             lambda c: _step(_play(c), Deal(0, _deck(c)))),
    Position("safety-out-of-turn", "seat 1 lays a safety on seat 0's turn: TURN-ACTOR, not "
             "SAFE-ON-TURN", C346, lambda c: _step(_play(c), Play(1, Card.EXTRA_TANK, 1))),
    Position("memo-played", "a memo card played: CARD-IN-HAND and SETUP-MEMO", C3,
             lambda c: _step(_play(c), Play(0, Card.MEMO, 0))),
    Position("memo-discarded", "a memo card discarded", C3,
             lambda c: _step(_play(c), Discard(0, Card.MEMO))),
    Position("memo-coup-fourre", "a memo card offered as a coup-fourré", C3,
             lambda c: _step(s := _window(c), CoupFourre(_holder(s), Card.MEMO))),
    Position("remedy-on-other-team", "Gasoline laid on another team while the own team is out "
             "of gas: judged on the own tableau, TARGET-OWN-TEAM only", C3,
             lambda c: _step(_loadable(c, hands={0: [Card.GASOLINE]},
                                      tableaus={0: Tableau(battle=(Card.ROLL, Card.OUT_OF_GAS))}),
                             Play(0, Card.GASOLINE, 1))),
    Position("safety-on-other-team", "a safety laid on another team", C346,
             lambda c: _step(_play(c), Play(0, Card.PUNCTURE_PROOF, 1))),
    Position("roll-on-other-team", "a Roll laid on another team while the own team waits for "
             "one", C3, lambda c: _step(_loadable(c, hands={0: [Card.ROLL]}),
                                        Play(0, Card.ROLL, 1))),
    Position("distance-on-other-team-not-rolling", "a 25 aimed at a rolling team by a team "
             "that is not rolling: DIST-ROLLING is judged on the own tableau", C3,
             lambda c: _step(_loadable(c, hands={0: [Card.D25]},
                                      tableaus={1: ROLLING}), Play(0, Card.D25, 1))),
    Position("decline-empty-draw-pile", "a decline once the draw pile is empty: the hazard "
             "stands and the attacker's left plays from the hand", C346,
             lambda c: _step(s := _window(c, draw_pile=()), Decline(_holder(s)))),
    Position("cf-empty-pile-no-turn", "a coup-fourré once the draw pile is empty: no "
             "replacement, no turn; the attacker's left plays (RUL-CF-EMPTY-PILE)", C346,
             lambda c: _step(s := _window(c, draw_pile=()),
                             CoupFourre(_holder(s), Card.PUNCTURE_PROOF)),
             ("RUL-CF-EMPTY-PILE",)),
    Position("cf-clears-two-stop", "Right of Way as a coup-fourré on a Stop while a Speed "
             "Limit stands: Stop then Speed Limit go to the discard pile", C346,
             lambda c: _step(_both_hazards(c, Card.STOP), CoupFourre(1, Card.RIGHT_OF_WAY)),
             ("STATE-PILE-ORDER",)),
    Position("cf-clears-two-speed-limit", "Right of Way as a coup-fourré on a Speed Limit "
             "while a Stop stands: Stop then Speed Limit go to the discard pile", C346,
             lambda c: _step(_both_hazards(c, Card.SPEED_LIMIT),
                             CoupFourre(1, Card.RIGHT_OF_WAY)), ("STATE-PILE-ORDER",)),
    Position("safety-clears-two", "Right of Way laid on a turn under a Stop and a Speed Limit: "
             "Stop then Speed Limit go to the discard pile", C346,
             lambda c: _step(_both_hazards(c, None), Play(1, Card.RIGHT_OF_WAY, 1)),
             ("STATE-PILE-ORDER",)),
    Position("extension-by-partner", "the extension called by a seat whose team number is not "
             "its seat: extended_by is the team", (("allonge", 6),),
             lambda c: _step(_deciding(c, 4), Extension(4, extend=True)), ("STATE-EXTENDED-BY",)),
    Position("extension-by-seat-3", "the extension called by seat 3, of team 0", (("allonge", 6),),
             lambda c: _step(_deciding(c, 3), Extension(3, extend=True)), ("STATE-EXTENDED-BY",)),
    Position("extension-by-seat-5", "the extension called by seat 5, of team 2", (("allonge", 6),),
             lambda c: _step(_deciding(c, 5), Extension(5, extend=True)), ("STATE-EXTENDED-BY",)),
    Position("extension-wrong-seat", "another seat answers the extension decision",
             (("allonge", 3), ("allonge", 6)),
             lambda c: _step(_deciding(c, 0), Extension(1, extend=True))),
    Position("extension-outside-decision", "an extension called during a turn",
             (("allonge", 3),), lambda c: _step(_play(c), Extension(0, extend=True))),
    Position("passed-over-one", "the draw pile is empty and the next seat has no card: it is "
             "passed over", C346, lambda c: _step(_empty_pile(c, (1,)), Discard(0, Card.D25))),
    Position("passed-over-two", "two seats in a row without cards are passed over",
             (("classic", 4), ("classic", 6)),
             lambda c: _step(_empty_pile(c, (1, 2)), Discard(0, Card.D25))),
    Position("distance-exhausted-pile-not-empty", "the last distance card out of the discard "
             "pile is laid while the draw pile still holds other cards: the round ends "
             "(END-DISTANCE-EXHAUSTED counts distance cards, not cards)",
             (("cars", 2), ("asterix", 3), ("cars", 4)),
             lambda c: _step(_last_distance(c), Play(0, Card.D25, 0)),
             ("END-DISTANCE-EXHAUSTED",)),
    Position("extension-decision", "the legal actions at an extension decision: stop and "
             "extend", (("allonge", 2), ("allonge", 3), ("allonge", 6)),
             lambda c: (_deciding(c, 0), None), ("EXT-DECISION",), kind="legal"),
    Position("before-first-deal", "a match before its first deal: a chance node, no legal "
             "action", C3, lambda c: (new_match(c.edition, c.players), None),
             ("STATE-BEFORE-DEAL",), kind="legal"),
    Position("extension-lost-shutout", "the extension called and lost: every other team scores "
             "it, a shut-out team included", (("allonge", 2), ("allonge", 3), ("allonge", 6)),
             lambda c: (_extension_lost(c), None), ("SCORE-EXTENSION",), kind="score"),
)  # fmt: skip


def _case(config: Config, spec: Position, state: State, action: Action | None) -> JsonDict:
    """The case of one position, with the answer the engine gives."""
    given: JsonDict = {"state": state_json(state)}
    if spec.kind == "legal":
        legal = legal_actions(state)
        tags = Tags(set(spec.rules))
        for candidate in legal:
            tags.merge(precondition_tags(state, candidate))
        expected: JsonDict = {"actions": actions_to_list(legal)}
    elif spec.kind == "score":
        tags, expected = score_case_tags(state), score_to_dict(state)
    else:
        assert action is not None
        given["action"] = action_to_dict(action)
        broken = violations(state, action)
        if broken:
            tags = rejection_tags(state, action, broken)
            expected = {"outcome": "rejected", "rules": list(broken)}
        else:
            after = apply(state, action)
            tags = step_tags(state, action, after)
            expected = {"outcome": "applied", "state": state_json(after)}
    return make_case(
        spec.kind,
        config,
        spec.slug,
        tags=tags.merge(Tags(set(spec.rules), {"positional"})),
        description=spec.description,
        provenance=PROVENANCE,
        input=given,
        expected=expected,
    )


def contract_cases(config: Config) -> Iterator[JsonDict]:
    """The contract positions that name this configuration (never with options)."""
    if config.options:
        return
    for spec in POSITIONS:
        if (config.edition, config.players) in spec.configs:
            state, action = spec.build(config)
            yield _case(config, spec, state, action)
