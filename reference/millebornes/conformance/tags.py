"""Which rule IDs a case covers, derived from what the case exercises.

A case is credited with a rule only if it would fail were that rule implemented
wrongly: the rule decides the expected answer. Each function here reads the
situation (the action's kind and card, the piles it meets, the effect it
triggers) and names the rules that decide it; nothing labels a case with every
ID. Features are short tags for filtering (``--feature``), listed in
spec/conformance/format.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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
from millebornes.families.classic.cards import (
    CATEGORY,
    HAZARDS_STOPPED_BY,
    KM,
    PILE,
    Card,
    Category,
    Pile,
)
from millebornes.families.classic.engine import violations
from millebornes.families.classic.scoring import RoundScore, match_winners, score_round
from millebornes.families.classic.state import Phase, State, Tableau

ROUND_ENDS = (Phase.ROUND_OVER, Phase.MATCH_OVER)

SCORE_ITEM_RULES = {
    "distance": "SCORE-DISTANCE",
    "safeties": "SCORE-SAFETY",
    "all_safeties": "SCORE-ALL-SAFETIES",
    "coups_fourres": "SCORE-COUP-FOURRE",
    "round_win": "SCORE-ROUND-WIN",
    "delayed_action": "SCORE-DELAYED-ACTION",
    "win_without_200": "SCORE-NO-200",
    "extension": "SCORE-EXTENSION",
    "shutout": "SCORE-SHUTOUT",
}
"""The rule that scores each item of a score-sheet line."""


@dataclass(slots=True)
class Tags:
    rules: set[str] = field(default_factory=set)
    features: set[str] = field(default_factory=set)

    def add(self, *rule_ids: str) -> None:
        self.rules.update(rule_ids)

    def mark(self, *features: str) -> None:
        self.features.update(features)

    def merge(self, other: Tags) -> Tags:
        self.rules |= other.rules
        self.features |= other.features
        return self


def configuration_tags(state: State) -> Tags:
    """Features of the configuration itself."""
    tags = Tags()
    if state.players > state.teams:
        tags.mark("partners")
    return tags


def goal_tags(state: State) -> Tags:
    """The rules that fix the goal in force: GOAL-DISTANCE (and an option's rules),
    GOAL-BY-SEATS, EXT-GOAL once the extension is called."""
    tags = Tags()
    rules = state.rules
    if state.extended_by is not None:
        tags.add("EXT-GOAL")
    elif any(rules.options[name].goal is not None for name in state.options):
        for name in state.options:
            tags.add(*rules.options[name].rules)
    elif state.players in rules.goal_by_seats:
        tags.add("GOAL-BY-SEATS")
    else:
        tags.add("GOAL-DISTANCE")
    return tags


def _rolling_by_right_of_way(tableau: Tableau) -> bool:
    return tableau.is_rolling() and tableau.battle_top is not Card.ROLL


def precondition_tags(state: State, action: Action) -> Tags:
    """For a legal action: the preconditions at their boundary, whose wrong implementation
    would refuse it (a second 200, a 50 under a Speed Limit, the exact goal, ...)."""
    tags = Tags()
    match action:
        case Play(seat, card, target):
            tags.merge(_play_preconditions(state, seat, card, target))
        case CoupFourre():
            tags.add("CF-WINDOW", "CF-MATCHING-SAFETY")
        case Decline():
            tags.add("CF-WINDOW")
        case Draw():
            tags.add("TURN-DRAW")
        case Discard(seat, card):
            playable = any(
                not violations(state, Play(seat, card, team)) for team in range(state.teams)
            )
            if playable or CATEGORY[card] is Category.SAFETY:
                tags.add("RUL-DISCARD-ANY")
        case Extension():
            tags.add("EXT-DECISION")
        case Deal():
            tags.add("SETUP-DEAL", "BOX-CONTENTS")
    return tags


def _play_preconditions(state: State, seat: int, card: Card, target: int) -> Tags:
    tags = Tags()
    category = CATEGORY[card]
    own = state.tableaus[state.team_of(seat)]
    aimed = state.tableaus[target]
    tags.add("TARGET-OPPONENT" if category is Category.HAZARD else "TARGET-OWN-TEAM")
    if state.players > state.teams:
        tags.add("RUL-TEAM-SEATING", "SEAT-TEAMS")
    if category is Category.DISTANCE:
        tags.add("DIST-ROLLING", "PILE-ROLLING")
        if _rolling_by_right_of_way(own):
            tags.add("SAFE-RIGHT-OF-WAY")
            tags.mark("right-of-way")
        if own.speed_top is not None and CATEGORY[own.speed_top] is Category.HAZARD:
            tags.add("DIST-SPEED-LIMIT")
            tags.mark("speed-limit")
        if card is Card.D200 and own.count_200() == state.rules.max_200_per_round - 1:
            tags.add("DIST-MAX-200")
        if own.km + KM[card] == state.goal:
            tags.add("DIST-EXACT-GOAL")
            tags.merge(goal_tags(state))
    elif category is Category.HAZARD and PILE[card] is Pile.BATTLE:
        tags.add("HAZ-ROLLING-TARGET", "PILE-ROLLING")
        if _rolling_by_right_of_way(aimed):
            tags.add("SAFE-RIGHT-OF-WAY")
            tags.mark("right-of-way")
    elif category is Category.HAZARD:
        tags.mark("speed-limit")
        if not aimed.is_rolling():
            tags.add("HAZ-SPEED-LIMIT-ANYTIME")
        if aimed.speed_top is not None:
            tags.add("HAZ-SPEED-LIMIT-ONCE")
    elif card is Card.ROLL:
        tags.add("REM-ROLL", "PILE-ROLLING")
    elif category is Category.REMEDY:
        tags.add("REM-MATCH")
        if PILE[card] is Pile.SPEED:
            tags.mark("speed-limit")
    elif category is Category.SAFETY:
        tags.add("SAFE-ON-TURN")
        tags.mark("safety")
    return tags


def effect_tags(before: State, action: Action, after: State) -> Tags:
    """The rules that decide the state an applied action leads to."""
    tags = Tags()
    match action:
        case Draw(seat):
            tags.add("TURN-DRAW")
            if len(before.hands[seat]) == before.rules.hand_size:
                tags.add("TURN-HAND-SIZE")
        case Discard():
            tags.add("TURN-PLAY-OR-DISCARD")
        case Play(seat, card, target):
            tags.add("TURN-PLAY-OR-DISCARD")
            tags.merge(_play_effects(before, seat, card, target, after))
        case CoupFourre(seat, card):
            tags.add("CF-EFFECT", "CF-TURN", "RUL-SAFETY-CLEARS-HAZARD")
            tags.mark("coup-fourre", "safety")
            if card is Card.RIGHT_OF_WAY:
                tags.add("RUL-RIGHT-OF-WAY-CLEARS")
            if before.draw_pile:
                tags.add("CF-REPLACEMENT")
            if len(before.draw_pile) <= 1:
                tags.add("RUL-CF-EMPTY-PILE")
                tags.mark("empty-draw-pile")
        case Decline():
            tags.add("CF-DECLINE")
            tags.mark("coup-fourre")
        case Extension(_, extend):
            tags.add("EXT-DECISION", "EXT-GOAL" if extend else "END-GOAL")
            tags.mark("extension")
        case Deal():
            tags.merge(deal_tags(before, after))
    tags.merge(_turn_passing_tags(before, action, after))
    if after.phase in ROUND_ENDS and before.phase not in ROUND_ENDS:
        tags.merge(round_end_tags(after))
    return tags


def deal_tags(before: State, after: State) -> Tags:
    """A deal: the hands, the draw pile, the first player and the memo cards."""
    tags = Tags()
    tags.add("SETUP-DEAL", "SETUP-FIRST-PLAYER", "SETUP-MEMO", "BOX-CONTENTS", "TURN-HAND-SIZE")
    tags.add("SEAT-COUNTS", "SEAT-TEAMS")
    tags.mark("deal")
    if before.round_number == 0:
        tags.add("RUL-FIRST-DEALER")
    if after.players in after.rules.box_by_seats:
        tags.add("BOX-BY-SEATS")
    if after.players > after.teams:
        tags.add("RUL-TEAM-SEATING")
    return tags


def _play_effects(before: State, seat: int, card: Card, target: int, after: State) -> Tags:
    tags = Tags()
    category = CATEGORY[card]
    if category in (Category.HAZARD, Category.REMEDY):
        tags.add("PILE-SPEED" if PILE[card] is Pile.SPEED else "PILE-BATTLE")
    if category is Category.HAZARD:
        tags.add("CF-WINDOW", "RUL-CF-WHO")
        if after.phase is Phase.COUP_FOURRE:
            tags.mark("coup-fourre")
    elif category is Category.DISTANCE:
        tags.add("DIST-ROLLING")
        if after.tableaus[target].km == before.goal:
            tags.merge(goal_tags(before))
            tags.add("EXT-DECISION" if after.phase is Phase.EXTENSION else "END-GOAL")
            if after.phase is Phase.EXTENSION:
                tags.mark("extension")
        elif before.extended_by is not None:
            tags.add("EXT-GOAL")  # past the short goal: only the extended goal ends the round
    elif category is Category.SAFETY:
        tags.add("SAFE-ON-TURN")
        tags.mark("safety")
        if before.draw_pile:
            tags.add("SAFE-EXTRA-TURN")
            tags.mark("extra-turn")
        else:
            tags.add("RUL-EXTRA-TURN-EMPTY-PILE")
            tags.mark("empty-draw-pile")
        team = before.tableaus[before.team_of(seat)]
        if any(hazard in team.battle + team.speed for hazard in HAZARDS_STOPPED_BY[card]):
            tags.add("RUL-SAFETY-CLEARS-HAZARD")
            if card is Card.RIGHT_OF_WAY:
                tags.add("RUL-RIGHT-OF-WAY-CLEARS")
                tags.mark("right-of-way")
    return tags


def _turn_passing_tags(before: State, action: Action, after: State) -> Tags:
    """Who acts next once a turn is over: TURN-ORDER, RUL-EMPTY-DRAW-PILE."""
    tags = Tags()
    if isinstance(action, (Draw, Deal, CoupFourre)) or after.phase not in (Phase.DRAW, Phase.PLAY):
        return tags
    if after.actor == action.seat and after.phase is Phase.DRAW:
        return tags  # an extra turn (SAFE-EXTRA-TURN)
    tags.add("TURN-ORDER")
    if before.rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED") and not any(
        CATEGORY[card] is Category.DISTANCE for card in after.draw_pile
    ):
        # Only distance cards in hands keep the round going: an engine that forgot them
        # (or the switch) would have ended it here.
        tags.add("END-DISTANCE-EXHAUSTED", "RUL-DISTANCE-EXHAUSTED")
    if after.phase is Phase.PLAY:
        tags.add("RUL-EMPTY-DRAW-PILE")
        tags.mark("empty-draw-pile")
        expected = (before.turn + 1) % before.players
        if after.actor != expected and not isinstance(action, Extension):
            tags.mark("passed-over")
    return tags


def round_end_tags(state: State) -> Tags:
    """A round just ended in ``state``: how it ended, who won, the score sheet, the match."""
    tags = Tags()
    tags.mark("round-end")
    at_goal = any(tableau.km == state.goal for tableau in state.tableaus)
    blocked = not state.draw_pile and not any(state.hands)
    if at_goal:
        tags.add("END-GOAL")
    elif blocked:
        tags.add("RUL-ROUND-BLOCKED")
    elif state.rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED"):
        tags.add("END-DISTANCE-EXHAUSTED", "RUL-DISTANCE-EXHAUSTED")
    tags.merge(sheet_tags(state, score_round(state)))
    tags.add("SCORE-SHEET", "MATCH-TARGET")
    if state.phase is Phase.ROUND_OVER:
        tags.add("MATCH-DEALER-ROTATION")
    else:
        tags.mark("match-end")
        if sum(score >= state.rules.match_target for score in state.scores) > 1:
            tags.add("RUL-MATCH-TIE")
    return tags


def sheet_tags(state: State, sheet: RoundScore) -> Tags:
    """The rules that decide a score sheet: the winner, then each item."""
    tags = Tags()
    rules = state.rules
    points = rules.scoring
    at_goal = any(tableau.km == state.goal for tableau in state.tableaus)
    tags.add("END-WINNER", "SCORE-SHEET")
    if sheet.winner is None:
        tags.mark("no-winner")
        if rules.switch("SW-WIN-REQUIRES-GOAL") and not at_goal:
            tags.add("END-WINNER-AT-GOAL")
        else:
            tags.add("RUL-FARTHEST-TIE")
    elif rules.switch("SW-PLAIN-RACE"):
        tags.add("SCORE-ROUND-WIN")  # the round won is the race sheet's only item
    else:
        tags.add("SCORE-ROUND-WIN", "SCORE-NO-200")
        if points.delayed_action and at_goal:
            tags.add("SCORE-DELAYED-ACTION")
        if rules.switch("SW-WIN-REQUIRES-GOAL"):
            tags.add("END-WINNER-AT-GOAL")
    if rules.switch("SW-PLAIN-RACE"):
        tags.add("MATCH-RACE", "SCORE-RACE-SHEET")
        if not at_goal:
            tags.add("RUL-RACE-NO-FINISHER")
        if state.phase is Phase.MATCH_OVER:
            tags.add("MATCH-RACE-END", "RUL-RACE-ROUNDS")
    if state.extended_by is not None and points.extension:
        tags.add("SCORE-EXTENSION")
        tags.mark("extension")
    for line in sheet.teams:
        for item, rule_id in SCORE_ITEM_RULES.items():
            if getattr(line, item, 0):
                tags.add(rule_id)
        if line.shutout:
            tags.mark("shutout")
            if state.teams > 2 or state.players > state.teams:
                tags.add("RUL-SHUTOUT-TEAM")
    return tags


def score_case_tags(state: State) -> Tags:
    """A score case: the sheet of the round ``state`` ended, and the match winners."""
    tags = sheet_tags(state, score_round(state))
    tags.add("MATCH-TARGET")
    if len(match_winners(state)) > 1:
        tags.add("RUL-MATCH-TIE")
    if state.phase is Phase.MATCH_OVER:
        tags.mark("match-end")
    return tags.merge(configuration_tags(state))


def step_tags(before: State, action: Action, after: State) -> Tags:
    """An applied step: the preconditions at their boundary and the effects."""
    tags = precondition_tags(before, action).merge(effect_tags(before, action, after))
    return tags.merge(configuration_tags(before))


def rejection_tags(state: State, action: Action, rule_ids: tuple[str, ...]) -> Tags:
    """A rejection: the rules it must be rejected for, and the notions they are judged by."""
    tags = Tags(set(rule_ids), {"rejection"})
    if len(rule_ids) > 1:
        tags.mark("multiple-violations")
        tags.add("TURN-PRECONDITIONS")  # every broken rule is named, not only the first
    broken = set(rule_ids)
    if "REM-ROLL" in broken:
        tags.add("RUL-ROLL-ONLY-TO-MOVE")  # the ruling decides when a Roll is refused
    if "HAZ-SPEED-LIMIT-ONCE" in broken:
        tags.add("RUL-SPEED-LIMIT-ONCE")
    if broken & {"DIST-ROLLING", "HAZ-ROLLING-TARGET", "REM-ROLL"}:
        tags.add("PILE-ROLLING")
    if "DIST-EXACT-GOAL" in broken:
        tags.merge(goal_tags(state))
    if "BOX-CONTENTS" in broken and state.players in state.rules.box_by_seats:
        tags.add("BOX-BY-SEATS")
    if broken & {"TARGET-OWN-TEAM", "TARGET-OPPONENT"} and state.players > state.teams:
        tags.add("RUL-TEAM-SEATING")
    if isinstance(action, Play):
        own = state.tableaus[state.team_of(action.seat)]
        if "REM-ROLL" in broken and own.has_safety(Card.RIGHT_OF_WAY):
            tags.add("SAFE-RIGHT-OF-WAY")
    return tags.merge(configuration_tags(state))
