"""What the model knows about a game: read from the edition data and cards.json.

A :class:`Setting` is one edition at one seat count with its options in force.
Every figure here is read from ``spec/editions/<id>.json`` (through
:func:`millebornes.load_edition`) and every card relation from ``spec/cards.json``
(through :mod:`millebornes.families.classic.cards`): the z3 models never re-type a number.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from millebornes.families.classic import Card, Phase
from millebornes.families.classic.cards import CATEGORY, CURES, KM, PILE, SAFETY_OF, Category, Pile
from millebornes.families.classic.edition import Scoring, rules_for

NONE = -1
"""The code of "no card" (an empty pile, no pending hazard) and of "no seat"."""

KINDS: tuple[Card, ...] = tuple(Card)
"""Every card kind, indexed by ``int(card)``: the model's counts are per kind."""

PHASES: tuple[Phase, ...] = tuple(Phase)
"""Every phase, coded by its position in this tuple."""


def phase_code(phase: Phase) -> int:
    return PHASES.index(phase)


DEAL, DRAW, PLAY, WINDOW, DECISION, ROUND_OVER, MATCH_OVER = (
    phase_code(p)
    for p in (
        Phase.DEAL,
        Phase.DRAW,
        Phase.PLAY,
        Phase.COUP_FOURRE,
        Phase.EXTENSION,
        Phase.ROUND_OVER,
        Phase.MATCH_OVER,
    )
)
IN_ROUND = (DRAW, PLAY, WINDOW, DECISION)
"""The phases of a round under way (cards in hand, nobody scored yet)."""
MOVING = (DRAW, PLAY, WINDOW)
"""The phases in which no team may be at the goal: reaching it ends the round or opens
the extension decision (END-GOAL, EXT-DECISION)."""

DISTANCE = tuple(int(c) for c in KINDS if CATEGORY[c] is Category.DISTANCE)
HAZARDS = tuple(int(c) for c in KINDS if CATEGORY[c] is Category.HAZARD)
REMEDIES = tuple(int(c) for c in KINDS if CATEGORY[c] is Category.REMEDY)
SAFETIES = tuple(int(c) for c in KINDS if CATEGORY[c] is Category.SAFETY)
BATTLE = tuple(int(c) for c in KINDS if PILE[c] is Pile.BATTLE)
SPEED = tuple(int(c) for c in KINDS if PILE[c] is Pile.SPEED)
MEMO = tuple(int(c) for c in KINDS if CATEGORY[c] is Category.MEMO)
ROLL = int(Card.ROLL)
"""The remedy that starts a team (PILE-ROLLING, REM-ROLL)."""
_ROLL_CURES = CURES[Card.ROLL]
STOP = NONE if _ROLL_CURES is None else int(_ROLL_CURES)
"""The hazard a Roll cures."""
SPEED_LIMIT = int(Card.SPEED_LIMIT)
RIGHT_OF_WAY = int(Card.RIGHT_OF_WAY)
"""The safety that also makes a team rolling (SAFE-RIGHT-OF-WAY)."""
D200 = int(Card.D200)
"""The card counted by DIST-MAX-200 and SCORE-NO-200."""


def safety_of(hazard: int) -> int:
    """The safety that protects from ``hazard`` (SAFE-IMMUNITY), or NONE."""
    safety = SAFETY_OF[hazard]
    return NONE if safety is None else int(safety)


def hazards_stopped_by(safety: int) -> tuple[int, ...]:
    return tuple(h for h in HAZARDS if safety_of(h) == safety)


def cured_by(remedy: int) -> int:
    hazard = CURES[remedy]
    return NONE if hazard is None else int(hazard)


@dataclass(frozen=True, slots=True)
class Setting:
    """One edition, seat count and set of options, as the model sees it."""

    edition: str
    players: int
    options: tuple[str, ...]
    teams: int
    box: tuple[int, ...]
    """Count of each kind in the box, indexed by card (BOX-CONTENTS)."""
    playing: tuple[int, ...]
    """The box without the memo cards: what is shuffled and dealt (SETUP-MEMO)."""
    hand_size: int
    goal: int
    """The goal of a round at this seat count with these options (GOAL-DISTANCE, GOAL-BY-SEATS)."""
    extension_goal: int
    """The goal once the extension is called (EXT-GOAL); NONE for an edition without one."""
    may_extend: bool
    """SW-EXTENSION is on and the round's goal is shorter than the extension goal."""
    distance_exhausted_ends: bool
    """SW-ROUND-END-DISTANCE-EXHAUSTED: the round ends once no distance card is left to lay."""
    win_requires_goal: bool
    """SW-WIN-REQUIRES-GOAL: only a team at the goal wins the round."""
    plain_race: bool
    """SW-PLAIN-RACE (option race): the sheet scores 1 for the round won and nothing else."""
    max_200: int
    speed_limit_km: int
    scoring: Scoring
    match_target: int

    def members(self, team: int) -> tuple[int, ...]:
        """The seats of a team (RUL-TEAM-SEATING: seat s plays for team s mod T)."""
        return tuple(range(team, self.players, self.teams))

    @property
    def label(self) -> str:
        options = "+".join(self.options) or "-"
        return f"{self.edition}/{self.players}p/{options}"


@cache
def setting(edition: str, players: int, options: tuple[str, ...] = ()) -> Setting:
    rules = rules_for(edition, tuple(sorted(options)))  # the options' switches and target
    box = tuple(rules.count(card, players) for card in KINDS)
    goal = rules.goal_for(players, tuple(sorted(options)))
    extension_goal = NONE if rules.extension_goal is None else rules.extension_goal
    return Setting(
        edition=edition,
        players=players,
        options=tuple(sorted(options)),
        teams=rules.teams_by_seats[players],
        box=box,
        playing=tuple(0 if int(card) in MEMO else n for card, n in zip(KINDS, box, strict=True)),
        hand_size=rules.hand_size,
        goal=goal,
        extension_goal=extension_goal,
        may_extend=rules.switch("SW-EXTENSION") and goal < extension_goal,
        distance_exhausted_ends=rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED"),
        win_requires_goal=rules.switch("SW-WIN-REQUIRES-GOAL"),
        plain_race=rules.switch("SW-PLAIN-RACE"),
        max_200=rules.max_200_per_round,
        speed_limit_km=rules.speed_limit_max_km,
        scoring=rules.scoring,
        match_target=rules.match_target,
    )


def km(card: int) -> int:
    return KM[card]
