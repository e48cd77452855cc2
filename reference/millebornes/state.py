"""The immutable state of a match: every card's zone, the phase and who must act.

Nothing is hidden in globals and there is no random generator inside: the deck
order is part of the state, and a new round's order comes in with the ``Deal``
action. Everything that can be derived (a team's distance, whether it is rolling,
the score sheet of a finished round) is computed, not stored.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from millebornes.cards import CATEGORY, KM, Card, Category
from millebornes.edition import Edition, load_edition


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
        """ROLLING: a Roll on top, or with Right of Way any top that is not a hazard
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
    scores: tuple[int, ...]
    """Match total of each team, including every finished round."""

    @property
    def rules(self) -> Edition:
        return load_edition(self.edition)

    @property
    def teams(self) -> int:
        return len(self.tableaus)

    def team_of(self, seat: int) -> int:
        return seat % len(self.tableaus)

    def members(self, team: int) -> tuple[int, ...]:
        return tuple(range(team, self.players, len(self.tableaus)))

    @property
    def goal(self) -> int:
        return self.rules.goal_for(self.options)

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of every zone; conservation says this is the box."""
        cards = self.draw_pile + self.discard_pile + self.set_aside
        for hand in self.hands:
            cards += hand
        for tableau in self.tableaus:
            cards += tableau.cards()
        return cards
