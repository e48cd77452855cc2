"""Malformed states (spec/conformance/malformed.md): one step case per check, per edition.

Each case carries a state that fails a check of malformed.md, made from a sound state
of a dealt round by one change, and an action the actor could take were the state
sound. An engine must answer ``malformed`` rather than judge the action. The case
lists, as its rules, every check the reference engine finds the state failing; the
generator stops if the reference engine would load the state, or if the check a
change is meant to break is not among those it fails.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from millebornes.conformance.canon import JsonDict
from millebornes.conformance.cases import make_case
from millebornes.conformance.configs import Config
from millebornes.conformance.tags import Tags
from millebornes.families.classic import new_round
from millebornes.families.classic.cards import KM, Card
from millebornes.families.classic.engine import apply, legal_actions
from millebornes.families.classic.serialize import (
    action_to_dict,
    state_to_dict,
    unchecked_state_from_dict,
)
from millebornes.families.classic.state import Phase, State
from millebornes.families.classic.validate import load_problems

Change = Callable[[JsonDict, State], None]
"""Changes the JSON form of a state in place; the state is the sound one it came from."""


@dataclass(frozen=True, slots=True)
class Breach:
    slug: str
    checks: tuple[str, ...]
    """The checks the change is meant to break: at least one must be among those failed."""
    change: Change
    before_draw: bool = False
    """Change the state before the actor draws (phase draw), not after (phase play)."""
    applies: Callable[[State], bool] | None = None
    """Whether the edition has what the change needs (memo cards, say); None: every
    edition has it. (A default function would show its memory address in the API page,
    which then differs from build to build.)"""

    @property
    def description(self) -> str:
        return " ".join((self.change.__doc__ or self.slug).split())


def _ordered(names: list[str]) -> list[str]:
    return [card.name for card in sorted(Card[name] for name in names)]


def _take(data: JsonDict, card: Card) -> str:
    """Take ``card`` from the bottom of the draw pile, or from a hand (put back in order)."""
    for zone in (data["draw_pile"], *data["hands"]):
        for i in range(len(zone) - 1, -1, -1):
            if zone[i] == card.name:
                return str(zone.pop(i))
    raise LookupError(f"no {card.name} left to take")


def _other_seat(state: State) -> int:
    assert state.actor is not None
    return (state.actor + 1) % state.players


def _drive(data: JsonDict, state: State, km: int) -> None:
    """The actor's team rolling with distance cards adding up to ``km`` (at most two 200s
    first, then the largest cards that fit)."""
    team = data["tableaus"][state.team_of(state.turn)]
    team["battle"] = [_take(data, Card.ROLL)]
    left, two_hundreds = km, 0
    for card in (Card.D200, Card.D100, Card.D75, Card.D50, Card.D25):
        while left >= KM[card] and (card is not Card.D200 or two_hundreds < 2):
            team["distance"].append(_take(data, card))
            two_hundreds += card is Card.D200
            left -= KM[card]


def actor_out_of_turn(data: JsonDict, state: State) -> None:
    """The actor is not the seat whose turn it is, in the middle of that turn."""
    data["actor"] = _other_seat(state)


def pending_hazard_outside_window(data: JsonDict, state: State) -> None:
    """A pending hazard while no coup-fourré window is open (phase play)."""
    data["pending_hazard"] = Card.STOP.name


def pending_card_not_a_hazard(data: JsonDict, state: State) -> None:
    """The pending card of a coup-fourré window is a distance card."""
    data["phase"], data["pending_hazard"] = Phase.COUP_FOURRE.value, Card.D25.name


def hand_over_size(data: JsonDict, state: State) -> None:
    """The seat that is not acting holds one card more than the hand size."""
    seat = _other_seat(state)
    data["hands"][seat] = _ordered([*data["hands"][seat], data["draw_pile"].pop()])


def hand_over_limit(data: JsonDict, state: State) -> None:
    """A hand holds two cards more than the hand size."""
    seat = _other_seat(state)
    extra = [data["draw_pile"].pop(), data["draw_pile"].pop()]
    data["hands"][seat] = _ordered([*data["hands"][seat], *extra])


def third_200(data: JsonDict, state: State) -> None:
    """A rolling team has laid one more 200 km card than the edition allows."""
    team = data["tableaus"][state.team_of(state.turn)]
    team["battle"] = [_take(data, Card.ROLL)]
    team["distance"] = [_take(data, Card.D200) for _ in range(state.rules.max_200_per_round + 1)]


def past_the_goal(data: JsonDict, state: State) -> None:
    """A team's distance is 25 km past the goal."""
    _drive(data, state, state.goal + 25)


def goal_reached_mid_round(data: JsonDict, state: State) -> None:
    """A team is exactly at the goal, yet the round goes on (phase play)."""
    _drive(data, state, state.goal)


def card_missing(data: JsonDict, state: State) -> None:
    """The bottom card of the draw pile is gone: the box is one card short."""
    data["draw_pile"].pop()


def card_extra(data: JsonDict, state: State) -> None:
    """A fifth 200 km card lies under the draw pile."""
    data["draw_pile"].append(Card.D200.name)


def mark_without_safety(data: JsonDict, state: State) -> None:
    """A coup-fourré mark on a safety the team has not laid."""
    data["tableaus"][0]["coups_fourres"] = [Card.DRIVING_ACE.name]


def hazard_on_a_team_not_rolling(data: JsonDict, state: State) -> None:
    """A Stop on a team that never started: hazards only land on rolling teams."""
    data["tableaus"][state.team_of(state.turn)]["battle"] = [_take(data, Card.STOP)]


def draw_from_empty_pile(data: JsonDict, state: State) -> None:
    """A draw is expected, but the draw pile is empty (its cards are in the discard pile)."""
    data["discard_pile"], data["draw_pile"] = data["draw_pile"][::-1], []


def negative_score(data: JsonDict, state: State) -> None:
    """A team's match total is negative."""
    data["scores"][0] = -50


def match_over_early(data: JsonDict, state: State) -> None:
    """The match is over although no team has reached the match target."""
    data["phase"], data["actor"] = Phase.MATCH_OVER.value, None


def hand_out_of_order(data: JsonDict, state: State) -> None:
    """The actor's hand is listed in reverse card order."""
    assert state.actor is not None
    data["hands"][state.actor] = _ordered(data["hands"][state.actor])[::-1]


def memo_in_hand(data: JsonDict, state: State) -> None:
    """A memo card in a hand, and one of that hand's cards set aside in its place."""
    assert state.actor is not None
    hand = data["hands"][state.actor]
    data["set_aside"][0], hand[-1] = hand[-1], data["set_aside"][0]
    data["hands"][state.actor] = _ordered(hand)


def round_zero_in_play(data: JsonDict, state: State) -> None:
    """Round 0, the state before the first deal, in the middle of a turn."""
    data["round"] = 0


def extension_decision(data: JsonDict, state: State) -> None:
    """An extension decision while no team is at the goal (or in an edition without it)."""
    data["phase"] = Phase.EXTENSION.value


def unknown_option(data: JsonDict, state: State) -> None:
    """An option the edition does not offer."""
    data["options"] = sorted([*data["options"], "no_such_option"])


def seat_count_not_offered(data: JsonDict, state: State) -> None:
    """Five players, a seat count no edition offers (the hands are those of the deal)."""
    data["players"] = 5


def actor_not_a_seat(data: JsonDict, state: State) -> None:
    """The actor is a seat number past the last seat."""
    data["actor"] = state.players


BREACHES: tuple[Breach, ...] = (
    Breach("actor-out-of-turn", ("INV-ONE-ACTOR",), actor_out_of_turn),
    Breach("pending-hazard-outside-window", ("INV-COUP-FOURRE-WINDOW",),
           pending_hazard_outside_window),
    Breach("pending-card-not-a-hazard", ("LOAD-PENDING-HAZARD",), pending_card_not_a_hazard),
    Breach("hand-over-size", ("INV-HAND-SIZE",), hand_over_size),
    Breach("hand-over-limit", ("LOAD-HAND-LIMIT",), hand_over_limit),
    Breach("third-200", ("INV-MAX-TWO-200",), third_200),
    Breach("past-the-goal", ("INV-DISTANCE-BOUND",), past_the_goal),
    Breach("goal-reached-mid-round", ("INV-DISTANCE-BOUND",), goal_reached_mid_round),
    Breach("card-missing", ("INV-CARD-CONSERVATION",), card_missing),
    Breach("card-extra", ("INV-CARD-CONSERVATION",), card_extra),
    Breach("mark-without-safety", ("INV-SAFETY-ONCE",), mark_without_safety),
    Breach("hazard-on-a-team-not-rolling", ("INV-PILES-WELL-FORMED",),
           hazard_on_a_team_not_rolling),
    Breach("draw-from-empty-pile", ("INV-ACTOR-CAN-ACT",), draw_from_empty_pile,
           before_draw=True),
    Breach("negative-score", ("INV-MATCH-END",), negative_score),
    Breach("match-over-early", ("INV-MATCH-END",), match_over_early),
    Breach("hand-out-of-order", ("LOAD-HAND-ORDER",), hand_out_of_order),
    Breach("memo-in-hand", ("LOAD-MEMO",), memo_in_hand, applies=lambda s: bool(s.set_aside)),
    Breach("round-zero-in-play", ("LOAD-ROUND",), round_zero_in_play),
    Breach("extension-decision", ("LOAD-EXTENSION", "INV-DISTANCE-BOUND"), extension_decision),
    Breach("unknown-option", ("LOAD-OPTIONS",), unknown_option),
    Breach("seat-count-not-offered", ("LOAD-EDITION",), seat_count_not_offered),
    Breach("actor-not-a-seat", ("LOAD-SEATS",), actor_not_a_seat),
)  # fmt: skip
"""Every change, with the checks it is meant to break (spec/conformance/malformed.md)."""


def failed_checks(data: JsonDict) -> list[str]:
    """The checks of malformed.md the state ``data`` fails, by the reference engine."""
    problems = load_problems(unchecked_state_from_dict(data))
    return sorted({problem.split(":", 1)[0] for problem in problems})


def malformed_state_cases(config: Config) -> Iterator[JsonDict]:
    """One step case per change, from a round of ``config`` dealt with a fixed seed."""
    seed = config.seed("malformed-state", 0)
    before = new_round(config.edition, config.players, config.options, seed=seed)
    after = apply(before, legal_actions(before)[0])  # the first draw
    for breach in BREACHES:
        sound = before if breach.before_draw else after
        if breach.applies is not None and not breach.applies(sound):
            continue
        data = state_to_dict(sound)
        breach.change(data, sound)
        checks = failed_checks(data)
        if not set(breach.checks) & set(checks):
            raise RuntimeError(f"{config.name} {breach.slug}: fails {checks}, not {breach.checks}")
        yield make_case(
            "step",
            config,
            f"malformed-state-{breach.slug}",
            tags=Tags(set(checks), {"malformed"}),
            description=f"a malformed state: {breach.description}",
            provenance={"method": "constructed", "seed": seed},
            input={"state": data, "action": action_to_dict(legal_actions(sound)[0])},
            expected={"outcome": "malformed"},
        )
