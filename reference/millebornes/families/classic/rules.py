"""Preconditions as data: for each kind of action, an ordered table of (rule ID, predicate).

A predicate returns True when the action respects its rule. ``violations`` lists
the IDs of every predicate that fails, in table order; ``legal_actions`` keeps
the candidates for which every predicate holds. Both read the same tables, so
they cannot disagree. Predicates are total: each one can be asked about any
well-formed action, whatever the others answer, so a rejection names every rule
the action breaks, not just the first (TURN-PRECONDITIONS). Each predicate's docstring
says what it tests and what it is judged on: ``tools/preconditions.py`` renders them
into spec/rules/preconditions.md, the normative text of these tables.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from millebornes.core import preconditions
from millebornes.families.classic.actions import (
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
    CURES,
    KM,
    PILE,
    SAFETY_OF,
    Card,
    Category,
    Pile,
)
from millebornes.families.classic.state import Phase, State, Tableau

A = TypeVar("A", Deal, Draw, Play, Discard, CoupFourre, Decline, Extension)
Rule = preconditions.Rule[State, A]
"""One row of a classic table. The engine reads the tables with the functions every family
shares, :func:`~millebornes.core.preconditions.broken` and
:func:`~millebornes.core.preconditions.respects`."""


# --- who acts, and when --------------------------------------------------------


def _is_actor(
    state: State, action: Deal | Draw | Play | Discard | CoupFourre | Decline | Extension
) -> bool:
    """The acting seat is the seat the state names as ``actor``.

    Judged on the seats: the action's and the state's ``actor``.
    """
    # TURN-ACTOR: only the seat the state names may act.
    return action.seat == state.actor


def _in_play_phase(state: State, action: Play | Discard) -> bool:
    """The state is in phase ``play``: the turn's draw is made (or there is none, the draw
    pile being empty) and nothing else is pending.

    Judged on the phase.
    """
    # TURN-PLAY-OR-DISCARD: one card is played or discarded, after the draw.
    return state.phase is Phase.PLAY


def _in_hand(state: State, action: Play | Discard | CoupFourre) -> bool:
    """The card is in the acting seat's own hand.

    Judged on the acting seat's hand.
    """
    # CARD-IN-HAND: the card comes from the acting player's own hand.
    return action.card in state.hands[action.seat]


def _not_memo(state: State, action: Play | Discard | CoupFourre) -> bool:
    """The card is not a memo card.

    Judged on the card named.
    """
    # SETUP-MEMO: memo cards are never played or discarded. CARD-IN-HAND rejects them too
    # (no hand ever holds one); this row says why, so an engine cannot treat MEMO as a card.
    return action.card is not Card.MEMO


COMMON_PLAY: tuple[Rule[Play], ...] = (
    ("TURN-ACTOR", _is_actor),
    ("TURN-PLAY-OR-DISCARD", _in_play_phase),
    ("CARD-IN-HAND", _in_hand),
)


# --- where a card goes ---------------------------------------------------------


def _own(state: State, action: Play) -> Tableau:
    tableaus = state.tableaus
    return tableaus[action.seat % len(tableaus)]


def _targets_own_team(state: State, action: Play) -> bool:
    """The target is the acting player's own team.

    Judged on the target team number.
    """
    # TARGET-OWN-TEAM: distance, remedies and safeties go on one's own tableau.
    return action.target == state.team_of(action.seat)


def _targets_opponent(state: State, action: Play) -> bool:
    """The target is a team other than the acting player's own.

    Judged on the target team number.
    """
    # TARGET-OPPONENT: hazards go on an opposing team's tableau.
    return action.target != state.team_of(action.seat)


# --- distance ------------------------------------------------------------------


def _own_team_rolling(state: State, action: Play) -> bool:
    """The team is rolling (PILE-ROLLING).

    Judged on the acting player's own team's tableau, whatever the target.
    """
    # DIST-ROLLING
    return _own(state, action).is_rolling()


def _within_speed_limit(state: State, action: Play) -> bool:
    """No Speed Limit tops the speed pile, or the card goes no farther than the edition's
    ``speed_limit_max_km``.

    Judged on the acting player's own team's tableau, whatever the target.
    """
    # DIST-SPEED-LIMIT: under a Speed Limit, only cards up to the edition's limit (50 km).
    return (
        _own(state, action).speed_top is not Card.SPEED_LIMIT
        or KM[action.card] <= state.rules.speed_limit_max_km
    )


def _within_200_quota(state: State, action: Play) -> bool:
    """The card is not a 200 km, or the team has laid fewer than the edition's
    ``max_200_per_round``.

    Judged on the acting player's own team's tableau, whatever the target.
    """
    # DIST-MAX-200: at most two 200 km cards per team and round.
    return (
        action.card is not Card.D200
        or _own(state, action).count_200() < state.rules.max_200_per_round
    )


def _not_past_goal(state: State, action: Play) -> bool:
    """The team's distance plus the card's stays within the goal in force.

    Judged on the acting player's own team's tableau, whatever the target.
    """
    # DIST-EXACT-GOAL: the goal is reached exactly, never passed.
    return _own(state, action).km + KM[action.card] <= state.goal


DISTANCE_RULES: tuple[Rule[Play], ...] = (
    *COMMON_PLAY,
    ("TARGET-OWN-TEAM", _targets_own_team),
    ("DIST-ROLLING", _own_team_rolling),
    ("DIST-SPEED-LIMIT", _within_speed_limit),
    ("DIST-MAX-200", _within_200_quota),
    ("DIST-EXACT-GOAL", _not_past_goal),
)


# --- hazards -------------------------------------------------------------------


def _target_not_immune(state: State, action: Play) -> bool:
    """The target has not laid the safety that protects from this hazard.

    Judged on the target team's tableau.
    """
    # SAFE-IMMUNITY: no hazard on a team that laid the matching safety.
    safety = SAFETY_OF[action.card]
    return safety is None or not state.tableaus[action.target].has_safety(safety)


def _target_rolling(state: State, action: Play) -> bool:
    """The target team is rolling (PILE-ROLLING).

    Judged on the target team's tableau.
    """
    # HAZ-ROLLING-TARGET: Stop, Out of Gas, Flat Tire and Accident hit a rolling team only.
    return state.tableaus[action.target].is_rolling()


def _no_speed_limit_standing(state: State, action: Play) -> bool:
    """No Speed Limit tops the target's speed pile.

    Judged on the target team's tableau.
    """
    # HAZ-SPEED-LIMIT-ONCE, RUL-SPEED-LIMIT-ONCE (HAZ-SPEED-LIMIT-ANYTIME: nothing else
    # restricts it).
    return state.tableaus[action.target].speed_top is not Card.SPEED_LIMIT


BATTLE_HAZARD_RULES: tuple[Rule[Play], ...] = (
    *COMMON_PLAY,
    ("TARGET-OPPONENT", _targets_opponent),
    ("SAFE-IMMUNITY", _target_not_immune),
    ("HAZ-ROLLING-TARGET", _target_rolling),
)

SPEED_LIMIT_RULES: tuple[Rule[Play], ...] = (
    *COMMON_PLAY,
    ("TARGET-OPPONENT", _targets_opponent),
    ("SAFE-IMMUNITY", _target_not_immune),
    ("HAZ-SPEED-LIMIT-ONCE", _no_speed_limit_standing),
)


# --- remedies ------------------------------------------------------------------


def _cures_top(state: State, action: Play) -> bool:
    """The hazard this remedy cures tops the pile the remedy goes on.

    Judged on the acting player's own team's tableau, whatever the target.
    """
    # REM-MATCH: a remedy covers its own hazard, showing on top of its pile.
    tableau = _own(state, action)
    top = tableau.speed_top if PILE[action.card] is Pile.SPEED else tableau.battle_top
    return top is not None and top is CURES[action.card]


def _roll_lets_team_roll(state: State, action: Play) -> bool:
    """The team is not rolling, and its battle pile is empty or topped by a Stop or a remedy.

    Judged on the acting player's own team's tableau, whatever the target.
    """
    # REM-ROLL, RUL-ROLL-ONLY-TO-MOVE: a Roll starts the team, or follows a Stop or a remedy;
    # never laid while rolling (so never with Right of Way unless a hazard a Roll cannot
    # cure shows).
    tableau = _own(state, action)
    top = tableau.battle_top
    return not tableau.is_rolling() and (
        top is None or top is Card.STOP or CATEGORY[top] is Category.REMEDY
    )


REMEDY_RULES: tuple[Rule[Play], ...] = (
    *COMMON_PLAY,
    ("TARGET-OWN-TEAM", _targets_own_team),
    ("REM-MATCH", _cures_top),
)

ROLL_RULES: tuple[Rule[Play], ...] = (
    *COMMON_PLAY,
    ("TARGET-OWN-TEAM", _targets_own_team),
    ("REM-ROLL", _roll_lets_team_roll),
)

# A memo card is never in a hand and is never a move (SETUP-MEMO); it has no target row.
MEMO_RULES: tuple[Rule[Play], ...] = (*COMMON_PLAY, ("SETUP-MEMO", _not_memo))

# SAFE-ON-TURN: a safety may be laid at any point of one's turn after the draw.
SAFETY_RULES: tuple[Rule[Play], ...] = (*COMMON_PLAY, ("TARGET-OWN-TEAM", _targets_own_team))


def _play_rules(card: Card) -> tuple[Rule[Play], ...]:
    category = CATEGORY[card]
    if category is Category.DISTANCE:
        return DISTANCE_RULES
    if category is Category.HAZARD:
        return SPEED_LIMIT_RULES if PILE[card] is Pile.SPEED else BATTLE_HAZARD_RULES
    if category is Category.REMEDY:
        return ROLL_RULES if card is Card.ROLL else REMEDY_RULES
    if category is Category.SAFETY:
        return SAFETY_RULES
    return MEMO_RULES


PLAY_RULES: tuple[tuple[Rule[Play], ...], ...] = tuple(_play_rules(card) for card in Card)
"""The table for playing each card kind, indexed by ``int(card)``."""

TARGET_RULES = ("TARGET-OWN-TEAM", "TARGET-OPPONENT")


def beyond_head(table: tuple[Rule[Play], ...]) -> tuple[Rule[Play], ...]:
    """A play table without its head: the common rows and the target row."""
    return tuple(row for row in table[len(COMMON_PLAY) :] if row[0] not in TARGET_RULES)


PLAY_RULES_BEYOND_HEAD: tuple[tuple[Rule[Play], ...], ...] = tuple(
    beyond_head(table) for table in PLAY_RULES
)
"""The same tables without their head: the common rows (TURN-ACTOR, TURN-PLAY-OR-DISCARD,
CARD-IN-HAND) and the target row that follows them (TARGET-OWN-TEAM or TARGET-OPPONENT).
``legal_actions`` only builds plays by the actor, in the play phase, of a card in hand,
aimed where its kind goes, which satisfy the head by construction; it asks the rest."""


# --- the other actions -----------------------------------------------------------


def _in_draw_phase(state: State, action: Draw) -> bool:
    """The state is in phase ``draw``.

    Judged on the phase.
    """
    # TURN-DRAW: a turn starts with the draw, and only then.
    return state.phase is Phase.DRAW


DRAW_RULES: tuple[Rule[Draw], ...] = (("TURN-ACTOR", _is_actor), ("TURN-DRAW", _in_draw_phase))

# RUL-DISCARD-ANY: nothing but the common head restricts a discard (SETUP-MEMO holds for
# every card a hand can hold).
DISCARD_RULES: tuple[Rule[Discard], ...] = (
    ("TURN-ACTOR", _is_actor),
    ("TURN-PLAY-OR-DISCARD", _in_play_phase),
    ("CARD-IN-HAND", _in_hand),
    ("SETUP-MEMO", _not_memo),
)


def _in_window(state: State, action: CoupFourre | Decline) -> bool:
    """The state is in phase ``coup_fourre`` (a window is open).

    Judged on the phase.
    """
    # CF-WINDOW: a coup-fourré (or declining one) happens only in the window.
    return state.phase is Phase.COUP_FOURRE


def _matches_pending_hazard(state: State, action: CoupFourre) -> bool:
    """A hazard is pending and this card is the safety that protects from it.

    Judged on the pending hazard (already on the attacked team's tableau).
    """
    # CF-MATCHING-SAFETY
    hazard = state.pending_hazard
    return hazard is not None and SAFETY_OF[hazard] is action.card


COUP_FOURRE_RULES: tuple[Rule[CoupFourre], ...] = (
    ("TURN-ACTOR", _is_actor),
    ("CF-WINDOW", _in_window),
    ("CARD-IN-HAND", _in_hand),
    ("SETUP-MEMO", _not_memo),
    ("CF-MATCHING-SAFETY", _matches_pending_hazard),
)

DECLINE_RULES: tuple[Rule[Decline], ...] = (("TURN-ACTOR", _is_actor), ("CF-WINDOW", _in_window))


def _between_rounds(state: State, action: Deal) -> bool:
    """The state is in phase ``deal`` or ``round_over``.

    Judged on the phase.
    """
    # SETUP-DEAL: a deal starts a match or follows a finished round.
    return state.phase is Phase.DEAL or state.phase is Phase.ROUND_OVER


def _deck_is_the_box(state: State, action: Deal) -> bool:
    """The deck holds exactly the edition's playing cards at this seat count (the box
    without the memo cards), in any order.

    Judged on the deck against the box in use.
    """
    # BOX-CONTENTS: the deck is exactly the edition's playing cards, in some order.
    return sorted(action.deck) == list(state.rules.playing_cards(state.players))


DEAL_RULES: tuple[Rule[Deal], ...] = (
    ("TURN-ACTOR", _is_actor),
    ("SETUP-DEAL", _between_rounds),
    ("BOX-CONTENTS", _deck_is_the_box),
)


def _deciding(state: State, action: Extension) -> bool:
    """The state is in phase ``extension``.

    Judged on the phase.
    """
    # EXT-DECISION: the choice is made only when a team has just reached the short goal.
    return state.phase is Phase.EXTENSION


EXTENSION_RULES: tuple[Rule[Extension], ...] = (
    ("TURN-ACTOR", _is_actor),
    ("EXT-DECISION", _deciding),
)


@dataclass(frozen=True, eq=False)
class ClassicRules:
    """Every precondition table of the family, as one value: ``tables`` maps each card to
    the table of playing it and every other action kind (``Draw``, ``Discard``, …) to its
    table. The engine's functions take it as a parameter, :data:`RULES` by default; the
    family object holds the one it plays by. The tables without their head that
    ``legal_actions`` asks (:data:`PLAY_RULES_BEYOND_HEAD`) are derived from ``tables``."""

    tables: Mapping[object, tuple[Rule[Any], ...]]
    play_beyond_head: tuple[tuple[Rule[Play], ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        derived = tuple(beyond_head(self.tables[card]) for card in Card)
        object.__setattr__(self, "play_beyond_head", derived)


RULES = ClassicRules(
    MappingProxyType(
        {
            **{card: PLAY_RULES[card] for card in Card},
            Draw: DRAW_RULES,
            Discard: DISCARD_RULES,
            CoupFourre: COUP_FOURRE_RULES,
            Decline: DECLINE_RULES,
            Deal: DEAL_RULES,
            Extension: EXTENSION_RULES,
        }
    )
)
"""The classic family's tables: the play table of each card, and the table of each other
action kind."""
