"""The classic family as the API sees it: classic, Cars, Astérix and the Allonge rules.

:data:`CLASSIC` satisfies :class:`~millebornes.core.family.RuleFamily`. Every method is
the family's own function (engine, scoring, JSON, transcript); this module only gives
them the protocol's names and refuses what is not the family's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.family import EditionInfo, JsonDict, ModuleFamily, SeatCount, read_deck
from millebornes.families.classic import engine, serialize
from millebornes.families.classic.actions import ACTION_ORDER, Action, Deal
from millebornes.families.classic.cards import Card, parse_card
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.rules import RULES, ClassicRules
from millebornes.families.classic.scoring import match_winners
from millebornes.families.classic.state import State
from millebornes.families.classic.transcript import describe, status_line


def _card(value: object, field: str) -> Card:
    try:
        return parse_card(value)
    except MalformedInput as error:
        raise MalformedInput(f"{field}: {error}") from None


@dataclass(frozen=True, eq=False)
class ClassicFamily(ModuleFamily):
    """The classic rule family (spec/rules/, spec/editions/): its tables and transitions,
    and its chance transition ``deal`` (the dealer's deck shuffled from a seed)."""

    name = "classic"
    editions = edition_ids()
    engine = engine
    json = serialize
    state_type = State
    action_types = ACTION_ORDER
    rules: ClassicRules = RULES
    transitions: Mapping[type, engine.Transition] = field(
        default_factory=lambda: engine.TRANSITIONS
    )
    deal: Callable[[State, int], Deal] = deal_from_seed

    def edition_info(self) -> tuple[EditionInfo, ...]:
        """SEAT-COUNTS, SEAT-TEAMS, GOAL-DISTANCE, GOAL-BY-SEATS, from each edition's data."""
        infos = []
        for edition in self.editions:
            rules = load_edition(edition)
            seats = tuple(
                SeatCount(
                    players=players,
                    teams=rules.teams_by_seats[players],
                    goal=rules.goal_for(players, ()),
                    goal_with_option={
                        name: rules.goal_for(players, (name,))
                        for name, option in rules.options.items()
                        if players in option.seats and option.goal is not None
                    },
                )
                for players in rules.seat_counts
            )
            infos.append(EditionInfo(edition, self.name, rules.title, seats, tuple(rules.options)))
        return tuple(infos)

    def new_game(
        self,
        edition: str,
        players: int,
        options: Sequence[str],
        *,
        seed: int | None,
        deck: Sequence[Any] | None,
        board: object | None,
    ) -> State:
        """A match with its first round dealt by seat 0 (RUL-FIRST-DEALER, SETUP-SHUFFLE)."""
        if board is not None:
            raise MalformedInput("board: the classic family is not played on a board")
        if (seed is None) == (deck is None):
            raise MalformedInput("give exactly one of seed and deck")
        state = engine.new_match(edition, players, tuple(options))
        if deck is not None:
            dealt: State = self.apply(state, Deal(0, read_deck(deck, Card, _card)))
        else:
            dealt = self.apply(state, self.chance_action(state, seed or 0))
        return dealt

    def is_chance(self, state: State) -> bool:
        return engine.is_chance(state)

    def chance_action(self, state: State, seed: int) -> Action:
        """The dealer's deal, shuffled by the portable shuffle (SHUFFLE-DECK-ORDER)."""
        if not engine.is_chance(state):
            raise MalformedInput(f"phase: {state.phase.value} is not a deal")
        return self.deal(state, seed)

    def winners(self, state: State) -> tuple[int, ...]:
        """MATCH-TARGET, RUL-MATCH-TIE: the winning teams once the match is over."""
        return match_winners(state)

    def score(self, state: State) -> JsonDict:
        """The round's score sheet and the match winners (PROTO-SCORE's answer)."""
        return serialize.score_to_dict(state)

    def describe_action(self, state: State, action: Action) -> str:
        return describe(state, action)

    def describe_state(self, state: State) -> str:
        return status_line(state)


CLASSIC = ClassicFamily()
"""The classic family object."""
