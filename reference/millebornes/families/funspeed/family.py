"""Fun & Speed as the API sees it.

:data:`FUN_SPEED` satisfies :class:`~millebornes.core.family.RuleFamily`. The game has
no chance node after the deal (RUL-FS-EMPTY-PILE turns the discard over, unshuffled) and
no score sheet beyond its winners (FS-WIN).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.family import EditionInfo, JsonDict, SeatCount, describe_fields, read_deck
from millebornes.families.funspeed import engine, serialize
from millebornes.families.funspeed.actions import ACTIONS, FsAction
from millebornes.families.funspeed.cards import DATA, FsCard, parse_fs_card
from millebornes.families.funspeed.state import FsState

NAME = serialize.FAMILY


class FunSpeedFamily:
    """The Fun & Speed rule family (spec/families/fun-speed/)."""

    name = NAME
    editions: tuple[str, ...] = (NAME,)

    def edition_info(self) -> tuple[EditionInfo, ...]:
        """RUL-FS-SEATS, FS-GOAL: everyone alone, the goal by seat count."""
        seats = tuple(SeatCount(n, n, DATA.goal_for(n)) for n in DATA.seats)
        return (EditionInfo(NAME, NAME, DATA.title, seats, ()),)

    def owns_state(self, value: object) -> bool:
        return isinstance(value, FsState)

    def owns_action(self, value: object) -> bool:
        return isinstance(value, ACTIONS)

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
        """A dealt game, seat 0 first (FS-DEAL, RUL-FS-FIRST-PLAYER)."""
        if edition != NAME:
            raise MalformedInput(f"edition: {edition!r} is not played by the {NAME} family")
        if options:
            raise MalformedInput(f"options: {NAME} has no options, not {list(options)}")
        if board is not None:
            raise MalformedInput(f"board: {NAME} is not played on a board")
        cards = None if deck is None else read_deck(deck, FsCard, parse_fs_card)
        return engine.new_game(players, deck=cards, seed=seed)

    def actor(self, state: FsState) -> int | None:
        return state.actor

    def is_chance(self, state: FsState) -> bool:
        return False

    def chance_action(self, state: FsState, seed: int) -> FsAction:
        raise MalformedInput(f"{NAME} has no chance node after the deal (RUL-FS-EMPTY-PILE)")

    def legal_actions(self, state: FsState) -> tuple[FsAction, ...]:
        return engine.legal_actions(state)

    def violations(self, state: FsState, action: FsAction) -> tuple[str, ...]:
        return engine.violations(state, action)

    def apply(self, state: FsState, action: FsAction) -> FsState:
        return engine.apply(state, action)

    def winners(self, state: FsState) -> tuple[int, ...]:
        """FS-WIN: the seats that won, once the game is over."""
        return state.winners

    def score(self, state: FsState) -> JsonDict:
        """The game's result: its winners (the family keeps no points)."""
        return {"winners": list(state.winners)}

    def state_to_dict(self, state: FsState) -> JsonDict:
        return serialize.state_to_dict(state)

    def state_from_dict(self, data: object) -> FsState:
        return serialize.state_from_dict(data)

    def action_to_dict(self, action: FsAction) -> JsonDict:
        return serialize.action_to_dict(action)

    def action_from_dict(self, data: object) -> FsAction:
        return serialize.action_from_dict(data)

    def describe_action(self, state: FsState, action: FsAction) -> str:
        return describe_fields(serialize.action_to_dict(action))

    def describe_state(self, state: FsState) -> str:
        km = ", ".join(f"seat {seat} {zone.km} km" for seat, zone in enumerate(state.zones))
        who = "the game is over" if state.actor is None else f"seat {state.actor} to act"
        return (
            f"{state.phase.value}, goal {state.goal} km, draw pile {len(state.draw_pile)}"
            f" cards; {km}; next: {who}"
        )


FUN_SPEED = FunSpeedFamily()
"""The Fun & Speed family object."""
