"""The immutable state of a match: every card's zone, the phase and who must act.

Nothing is hidden in globals and there is no random generator inside: the deck
order is part of the state, and a new round's order comes in with the ``Deal``
action. Everything that can be derived (a team's distance, whether it is rolling,
the score sheet of a finished round) is computed, not stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from functools import cache

from millebornes.families.classic.cards import CATEGORY, KM, Card, Category
from millebornes.families.classic.edition import Edition, load_edition, rules_for


class Phase(StrEnum):
    """What kind of action the state waits for."""

    DEAL = "deal"
    """Before the first round: the dealer must deal (SETUP-DEAL)."""
    DRAW = "draw"
    """The turn's first step: draw the top card (TURN-DRAW)."""
    PLAY = "play"
    """Play one card or discard one (TURN-PLAY-OR-DISCARD)."""
    COUP_FOURRE = "coup_fourre"
    """A hazard just landed; its target may call coup-fourré or decline (CF-WINDOW)."""
    EXTENSION = "extension"
    """A team reached the short goal exactly: its player stops or calls the extension
    (EXT-DECISION)."""
    ROUND_OVER = "round_over"
    """The round is over and scored; the next dealer must deal (MATCH-DEALER-ROTATION)."""
    MATCH_OVER = "match_over"
    """A team reached the match target (MATCH-TARGET); nothing more happens."""


@dataclass(frozen=True, slots=True)
class Tableau:
    """The cards laid in front of one team (a partnership shares one)."""

    battle: tuple[Card, ...] = ()
    """Battle pile, bottom first; only the top counts (PILE-BATTLE)."""
    speed: tuple[Card, ...] = ()
    """Speed pile, bottom first (PILE-SPEED)."""
    distance: tuple[Card, ...] = ()
    """Distance cards, in the order laid."""
    safeties: tuple[Card, ...] = ()
    """Safeties laid, in the order laid."""
    coups_fourres: tuple[Card, ...] = ()
    """The safeties among ``safeties`` that were laid crosswise as a coup-fourré."""

    @property
    def km(self) -> int:
        return sum(KM[card] for card in self.distance)

    @property
    def battle_top(self) -> Card | None:
        return self.battle[-1] if self.battle else None

    @property
    def speed_top(self) -> Card | None:
        return self.speed[-1] if self.speed else None

    def has_safety(self, card: Card) -> bool:
        return card in self.safeties

    def count_200(self) -> int:
        return self.distance.count(Card.D200)

    def is_rolling(self) -> bool:
        """PILE-ROLLING: a Roll on top, or with Right of Way any top that is not a hazard
        (SAFE-RIGHT-OF-WAY: no Roll needed, hazards land on the last remedy)."""
        top = self.battle[-1] if self.battle else None
        if top is Card.ROLL:
            return True
        if Card.RIGHT_OF_WAY in self.safeties:
            return top is None or CATEGORY[top] is not Category.HAZARD
        return False

    def cards(self) -> tuple[Card, ...]:
        return self.battle + self.speed + self.distance + self.safeties


@dataclass(frozen=True, slots=True)
class State:
    """A whole match at one moment. Seats are numbered clockwise; a seat's left is seat + 1."""

    edition: str
    options: tuple[str, ...]
    """Names of the edition's options in force, sorted."""
    players: int
    phase: Phase
    actor: int | None
    """The one seat that may act now (TURN-ACTOR); None once the match is over."""
    turn: int
    """The seat whose turn it is; during a coup-fourré window, the attacker."""
    dealer: int
    round_number: int
    """1 for the first round; 0 before the first deal."""
    draw_pile: tuple[Card, ...]
    """Face down, top card first."""
    discard_pile: tuple[Card, ...]
    """Face up, top card last."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's hand, sorted in card order (order in hand carries no meaning)."""
    tableaus: tuple[Tableau, ...]
    """One per team; team of seat s is s mod the number of teams (RUL-TEAM-SEATING)."""
    set_aside: tuple[Card, ...]
    """Memo cards, out of play (SETUP-MEMO)."""
    pending_hazard: Card | None
    """During a coup-fourré window: the hazard just laid on the actor's team."""
    extended_by: int | None
    """The team that called the extension this round (EXT-DECISION), if any."""
    scores: tuple[int, ...]
    """Match total of each team, including every finished round."""

    @property
    def rules(self) -> Edition:
        """The edition's rules with this match's options in force (their switches and
        match target)."""
        return rules_for(self.edition, self.options)

    @property
    def teams(self) -> int:
        return len(self.tableaus)

    def team_of(self, seat: int) -> int:
        return seat % len(self.tableaus)

    def members(self, team: int) -> tuple[int, ...]:
        return tuple(range(team, self.players, len(self.tableaus)))

    @property
    def goal(self) -> int:
        """The goal in force: the extension goal once the extension is called (EXT-GOAL),
        else the round's goal for this seat count and options (GOAL-DISTANCE, GOAL-BY-SEATS)."""
        if self.extended_by is not None:
            return _extension_goal(self.edition)
        return _goal(self.edition, self.players, self.options)

    @property
    def box(self) -> tuple[tuple[Card, int], ...]:
        """The box in play at this seat count (BOX-CONTENTS, BOX-BY-SEATS)."""
        return self.rules.box_for(self.players)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of every zone; conservation says this is the box."""
        cards = self.draw_pile + self.discard_pile + self.set_aside
        for hand in self.hands:
            cards += hand
        for tableau in self.tableaus:
            cards += tableau.cards()
        return cards


@cache
def _goal(edition: str, players: int, options: tuple[str, ...]) -> int:
    # Cached: the distance rules ask for the goal for every candidate card.
    return load_edition(edition).goal_for(players, options)


@cache
def _extension_goal(edition: str) -> int:
    goal = load_edition(edition).extension_goal
    if goal is None:
        raise ValueError(f"edition {edition} has no extension goal")
    return goal


class _Keep(Enum):
    KEEP = 0


KEEP = _Keep.KEEP


def evolve(
    s: State,
    *,
    phase: Phase | _Keep = KEEP,
    actor: int | _Keep | None = KEEP,
    turn: int | _Keep = KEEP,
    dealer: int | _Keep = KEEP,
    round_number: int | _Keep = KEEP,
    draw_pile: tuple[Card, ...] | _Keep = KEEP,
    discard_pile: tuple[Card, ...] | _Keep = KEEP,
    hands: tuple[tuple[Card, ...], ...] | _Keep = KEEP,
    tableaus: tuple[Tableau, ...] | _Keep = KEEP,
    set_aside: tuple[Card, ...] | _Keep = KEEP,
    pending_hazard: Card | _Keep | None = KEEP,
    extended_by: int | _Keep | None = KEEP,
    scores: tuple[int, ...] | _Keep = KEEP,
) -> State:
    """``s`` with the given fields changed: ``dataclasses.replace`` for the hot path.

    ``replace`` inspects the fields at every call; the engine builds a new state at
    every action, and this positional construction is about twice as fast. The match's
    identity (edition, options, players) never changes, so it cannot be passed.
    """
    return State(
        s.edition,
        s.options,
        s.players,
        s.phase if phase is KEEP else phase,
        s.actor if actor is KEEP else actor,
        s.turn if turn is KEEP else turn,
        s.dealer if dealer is KEEP else dealer,
        s.round_number if round_number is KEEP else round_number,
        s.draw_pile if draw_pile is KEEP else draw_pile,
        s.discard_pile if discard_pile is KEEP else discard_pile,
        s.hands if hands is KEEP else hands,
        s.tableaus if tableaus is KEEP else tableaus,
        s.set_aside if set_aside is KEEP else set_aside,
        s.pending_hazard if pending_hazard is KEEP else pending_hazard,
        s.extended_by if extended_by is KEEP else extended_by,
        s.scores if scores is KEEP else scores,
    )
