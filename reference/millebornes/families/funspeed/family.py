"""Fun & Speed as the API sees it.

:data:`FUN_SPEED` satisfies :class:`~millebornes.core.family.RuleFamily`. The game has
no chance node after the deal: its reshuffles are made inside ``apply`` from the seed the
state carries (RUL-FS-EMPTY-PILE, RUL-FS-RESHUFFLE-SEED); and it keeps no score sheet
beyond its winners (FS-END-GOAL).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.family import (
    EditionInfo,
    JsonDict,
    ModuleFamily,
    SeatCount,
    race_line,
    read_deck,
)
from millebornes.families.funspeed import engine, serialize
from millebornes.families.funspeed.actions import ACTIONS, FsAction
from millebornes.families.funspeed.cards import DATA, FsCard, parse_fs_card
from millebornes.families.funspeed.rules import RULES
from millebornes.families.funspeed.state import FsState

NAME = serialize.FAMILY
EDITIONS: tuple[str, ...] = (NAME,)


@dataclass(frozen=True, eq=False)
class FunSpeedFamily(ModuleFamily):
    """The Fun & Speed rule family (spec/families/fun-speed/): its tables, its transitions,
    and ``deal``, the transition that starts a game (FS-DEAL)."""

    name = NAME
    editions = EDITIONS
    engine = engine
    json = serialize
    state_type = FsState
    action_types = ACTIONS
    rules: engine.Rules = field(default_factory=lambda: RULES)
    transitions: Mapping[type, engine.Transition] = field(
        default_factory=lambda: engine.TRANSITIONS
    )
    deal: Callable[..., FsState] = engine.new_game

    def edition_info(self) -> tuple[EditionInfo, ...]:
        """RUL-FS-SEATS, FS-GOAL: everyone alone, the goal by seat count."""
        seats = tuple(SeatCount(n, n, DATA.goal_for(n)) for n in DATA.seats)
        return (EditionInfo(NAME, NAME, DATA.title, seats, ()),)

    def new_game(
        self,
        edition: str,
        players: int,
        options: Sequence[str],
        *,
        seed: int | None,
        deck: Sequence[Any] | None,
        board: object | None,
    ) -> FsState:
        """A dealt game, seat 0 first (FS-DEAL, RUL-FS-FIRST-PLAYER); with a ``deck``,
        ``seed`` (default 0) seeds the reshuffles only (RUL-FS-RESHUFFLE-SEED)."""
        if edition != NAME:
            raise MalformedInput(f"edition: {edition!r} is not played by the {NAME} family")
        if options:
            raise MalformedInput(f"options: {NAME} has no options, not {list(options)}")
        if board is not None:
            raise MalformedInput(f"board: {NAME} is not played on a board")
        cards = None if deck is None else read_deck(deck, FsCard, parse_fs_card)
        return self.deal(players, deck=cards, seed=seed)

    def chance_action(self, state: FsState, seed: int) -> FsAction:
        raise MalformedInput(
            f"{NAME} has no chance node: its reshuffles follow the state's seed"
            " (RUL-FS-RESHUFFLE-SEED)"
        )

    def score(self, state: FsState) -> JsonDict:
        """The game's result: its winners (FS-END-GOAL; the family keeps no points)."""
        return {"winners": list(state.winners)}

    def describe_state(self, state: FsState) -> str:
        km = [zone.km for zone in state.zones]
        return race_line(state.phase.value, state.goal, len(state.draw_pile), km, state.actor)


FUN_SPEED = FunSpeedFamily()
"""The Fun & Speed family object."""
