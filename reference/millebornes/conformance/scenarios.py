"""Positions built for what the playouts rarely reach (``position`` from the cards that matter).

These cases give their state directly: no deck and actions lead to them, so an
engine that cannot load a state skips them (feature ``positional``). Each
scenario is checked against the engine before it is kept: a scenario whose
action is not judged as intended in an edition is simply not emitted there.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from millebornes.conformance.canon import JsonDict
from millebornes.conformance.cases import make_case, state_json
from millebornes.conformance.configs import Config
from millebornes.conformance.mine import Mined, Miner
from millebornes.conformance.tags import Tags, rejection_tags, score_case_tags, step_tags
from millebornes.core.errors import MalformedInput
from millebornes.families.classic.actions import Action, Discard, Play
from millebornes.families.classic.cards import CATEGORY, KM, Card, Category
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import apply, violations
from millebornes.families.classic.position import position
from millebornes.families.classic.serialize import action_to_dict, score_to_dict
from millebornes.families.classic.state import Phase, State, Tableau

ROLLING = (Card.ROLL,)

Scenario = Callable[[Config], tuple[State, Action] | None]


def distance_cards(config: Config, total: int) -> tuple[Card, ...] | None:
    """Distance cards of the box adding up to ``total`` km (largest first, 200s within
    the limit), or None."""
    rules = load_edition(config.edition)
    counts = Counter(rules.playing_cards(config.players))
    kinds = sorted((c for c in counts if CATEGORY[c] is Category.DISTANCE), key=lambda c: -KM[c])
    cards: list[Card] = []
    left = total
    for card in kinds:
        limit = counts[card] - 1  # keep one in the box for the hand
        if card is Card.D200:
            limit = min(limit, rules.max_200_per_round)
        while left >= KM[card] and limit > 0:
            cards.append(card)
            left -= KM[card]
            limit -= 1
    return tuple(cards) if left == 0 else None


def third_200(config: Config) -> tuple[State, Action] | None:
    """DIST-MAX-200 alone: a rolling team with its two 200s; the player holds a third."""
    rules = load_edition(config.edition)
    laid = (Card.D200,) * rules.max_200_per_round
    state = position(
        config.edition,
        config.players,
        config.options,
        hands={0: [Card.D200, Card.D25]},
        tableaus={0: Tableau(battle=ROLLING, distance=laid)},
        fill_hands=True,  # a loadable state: every hand full (INV-HAND-SIZE)
    )
    return state, Play(0, Card.D200, 0)


def past_the_goal(config: Config) -> tuple[State, Action] | None:
    """DIST-EXACT-GOAL alone: 25 km short of the goal, the player tries a 50."""
    goal = _goal(config)
    laid = distance_cards(config, goal - 25)
    if laid is None:
        return None
    state = position(
        config.edition,
        config.players,
        config.options,
        hands={0: [Card.D50, Card.D25]},
        tableaus={0: Tableau(battle=ROLLING, distance=laid)},
        fill_hands=True,  # a loadable state: every hand full (INV-HAND-SIZE)
    )
    return state, Play(0, Card.D50, 0)


def tie_at_match_target(config: Config) -> tuple[State, Action] | None:
    """RUL-MATCH-TIE: the last card of a blocked round is discarded; every team had the
    same distance and each reaches the match target with the same total. Not in the
    race (MATCH-RACE-END): a round without a winner adds nothing there, so no tie."""
    rules = load_edition(config.edition).with_options(config.options)
    if rules.switch("SW-PLAIN-RACE"):
        return None
    teams = rules.teams_by_seats[config.players]
    scores = [rules.match_target - 50] * teams
    state = position(
        config.edition,
        config.players,
        config.options,
        hands={0: [Card.STOP]},
        tableaus={team: Tableau(battle=ROLLING, distance=(Card.D100,)) for team in range(teams)},
        draw_pile=(),
        scores=scores,
    )
    return state, Discard(0, Card.STOP)


def race_won(config: Config) -> tuple[State, Action] | None:
    """MATCH-RACE-END: every team has won one round less than the match needs; team 0,
    25 km short of the goal, lays a 25 and wins the match (a points match goes on)."""
    rules = load_edition(config.edition).with_options(config.options)
    laid = distance_cards(config, _goal(config) - 25)
    if laid is None:
        return None
    teams = rules.teams_by_seats[config.players]
    state = position(
        config.edition,
        config.players,
        config.options,
        hands={0: [Card.D25]},
        tableaus={0: Tableau(battle=ROLLING, distance=laid)},
        scores=[rules.match_target - 1] * teams,
        fill_hands=True,  # a loadable state: every hand full (INV-HAND-SIZE)
    )
    return state, Play(0, Card.D25, 0)


def farthest_wins_blocked(config: Config) -> tuple[State, Action] | None:
    """RUL-RACE-NO-FINISHER: the last card of a blocked round is discarded; team 0 is
    farthest and, in the race, wins the round without finishing."""
    teams = load_edition(config.edition).teams_by_seats[config.players]
    tableaus = {team: Tableau(battle=ROLLING, distance=(Card.D100,)) for team in range(teams)}
    tableaus[0] = Tableau(battle=ROLLING, distance=(Card.D100, Card.D25))
    state = position(
        config.edition,
        config.players,
        config.options,
        hands={0: [Card.STOP]},
        tableaus=tableaus,
        draw_pile=(),
    )
    return state, Discard(0, Card.STOP)


def _goal(config: Config) -> int:
    return load_edition(config.edition).goal_for(config.players, config.options)


REJECTION_SCENARIOS: dict[str, Scenario] = {
    "DIST-MAX-200": third_200,
    "DIST-EXACT-GOAL": past_the_goal,
}
"""Positions refused for one rule alone; used where the playouts found no such rejection."""

STEP_SCENARIOS: dict[str, Scenario] = {
    "RUL-MATCH-TIE": tie_at_match_target,
    "MATCH-RACE-END": race_won,
    "RUL-RACE-NO-FINISHER": farthest_wins_blocked,
}
"""Positions whose action exercises a rule; used where no playout step covers it."""


def round_over_position(
    config: Config, tableaus: dict[int, Tableau], extended_by: int | None
) -> State:
    """A round just over (seat 0 dealt, seat 1 deals next), the draw pile empty."""
    return position(
        config.edition,
        config.players,
        config.options,
        tableaus=tableaus,
        draw_pile=(),
        phase=Phase.ROUND_OVER,
        actor=1,
        turn=1,
        extended_by=extended_by,
    )


def every_safety_at_the_goal(config: Config) -> State | None:
    """A round just over: team 0 reached the goal after the draw pile ran out, with all the
    safeties, one of them a coup-fourré (SCORE-ALL-SAFETIES, SCORE-DELAYED-ACTION)."""
    distance = distance_cards(config, _goal(config))
    rules = load_edition(config.edition)
    safeties = tuple(c for c, _ in rules.box_for(config.players) if CATEGORY[c] is Category.SAFETY)
    if distance is None or not safeties:
        return None
    winner = Tableau(
        battle=ROLLING, distance=distance, safeties=safeties, coups_fourres=safeties[:1]
    )
    return round_over_position(
        config, {0: winner, 1: Tableau(battle=ROLLING, distance=(Card.D100,))}, None
    )


def _extension_lost(config: Config, caller: int, reacher: int) -> State | None:
    """A round just over: team ``caller`` called the extension and stopped at 100 km,
    team ``reacher`` reached the longer goal."""
    goal = load_edition(config.edition).extension_goal
    distance = distance_cards(config, goal) if goal is not None else None
    if distance is None:
        return None
    tableaus = {
        caller: Tableau(battle=ROLLING, distance=(Card.D100,)),
        reacher: Tableau(battle=ROLLING, distance=distance),
    }
    return round_over_position(config, tableaus, extended_by=caller)


def extension_lost(config: Config) -> State | None:
    """A round just over: team 0 called the extension, and team 1 reached the longer goal
    (SCORE-EXTENSION: every other team scores it)."""
    return _extension_lost(config, caller=0, reacher=1)


def extension_lost_by_the_last_team(config: Config) -> State | None:
    """A round just over: the last team called the extension, and team 0 reached the
    longer goal (SCORE-EXTENSION: every other team scores it, whatever its number)."""
    last = load_edition(config.edition).teams_by_seats[config.players] - 1
    return _extension_lost(config, caller=last, reacher=0)


SCORE_SCENARIOS: dict[str, tuple[str, Callable[[Config], State | None]]] = {
    "all-safeties-position": ("SCORE-ALL-SAFETIES", every_safety_at_the_goal),
    "extension-position": ("SCORE-EXTENSION", extension_lost),
    "extension-last-team-position": ("SCORE-EXTENSION", extension_lost_by_the_last_team),
}
"""End-of-round positions for score items the playouts reach only by luck, by case name:
the rule each exercises and the position; kept in an edition only where the item scores
there."""
EVERY_CONFIGURATION = frozenset({"extension-last-team-position"})
"""The score positions built at every seat count (the others only at an edition's first):
who scores a lost extension depends on the number of teams."""


def build(config: Config, rule_id: str) -> tuple[State, Action] | None:
    """The scenario for ``rule_id`` in ``config``, or None if there is none or it cannot be
    built with this edition's box."""
    scenario = REJECTION_SCENARIOS.get(rule_id) or STEP_SCENARIOS.get(rule_id)
    if scenario is None:
        return None
    try:
        return scenario(config)
    except MalformedInput:
        return None


def score_scenario_cases(config: Config, *, first_of_edition: bool) -> Iterator[JsonDict]:
    """The score cases of :data:`SCORE_SCENARIOS` that the edition's data makes count (at
    other than the edition's first configuration, only :data:`EVERY_CONFIGURATION`)."""
    for name, (rule_id, scenario) in SCORE_SCENARIOS.items():
        if not first_of_edition and name not in EVERY_CONFIGURATION:
            continue
        try:
            state = scenario(config)
        except MalformedInput:
            continue
        if state is None:
            continue
        tags = score_case_tags(state)
        if rule_id not in tags.rules:
            continue
        yield make_case(
            "score",
            config,
            name,
            tags=tags,
            description=" ".join((scenario.__doc__ or rule_id).split()),
            provenance={"method": "position", "seed": None},
            input={"state": state_json(state)},
            expected=score_to_dict(state),
        )


def scenario_cases(config: Config, miner: Miner, mined: Mined) -> Iterator[JsonDict]:
    """Positions for the rules the playouts did not reach cleanly in this configuration."""
    covered = {rule for pick in mined.applied for rule in pick.tags.rules}
    wanted = [r for r in REJECTION_SCENARIOS if r not in miner.clean]
    wanted += [r for r in STEP_SCENARIOS if r not in covered]
    for rule_id in wanted:
        built = build(config, rule_id)
        if built is not None:
            yield from _positional(config, rule_id, *built)


def _positional(config: Config, rule_id: str, state: State, action: Action) -> Iterator[JsonDict]:
    """The step case of a scenario (and the score case when it ends the round), kept only
    if the engine judges it as the scenario intends."""
    provenance = {"method": "position", "seed": None}
    slug = rule_id.lower()
    common = {"state": state_json(state), "action": action_to_dict(action)}
    broken = violations(state, action)
    if broken:
        if broken == (rule_id,):
            yield make_case(
                "step",
                config,
                f"reject-{slug}-position",
                tags=rejection_tags(state, action, broken).merge(Tags(features={"positional"})),
                description=f"a position built for {rule_id}: the action is refused",
                provenance=provenance,
                input=common,
                expected={"outcome": "rejected", "rules": list(broken)},
            )
        return
    after = apply(state, action)
    tags = step_tags(state, action, after)
    if rule_id not in tags.rules:
        return
    yield make_case(
        "step",
        config,
        f"{slug}-position",
        tags=tags,
        description=f"a position built for {rule_id}",
        provenance=provenance,
        input=common,
        expected={"outcome": "applied", "state": state_json(after)},
    )
    if after.phase in (Phase.ROUND_OVER, Phase.MATCH_OVER):
        yield make_case(
            "score",
            config,
            f"{slug}-position",
            tags=score_case_tags(after),
            description=f"the score sheet after the position built for {rule_id}",
            provenance=provenance,
            input={"state": state_json(after)},
            expected=score_to_dict(after),
        )
