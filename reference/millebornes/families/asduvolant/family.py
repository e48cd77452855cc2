"""As du Volant as the API sees it.

:data:`AS_DU_VOLANT` satisfies :class:`~millebornes.core.family.RuleFamily`. The game is
played on a board (a board file, BOARD-FILE; the default layout ASM-AV-LAYOUT when none is
given); its reshuffles are made inside ``apply`` from the seed the state carries
(RUL-AV-RESHUFFLE-SEED), so no chance node is left to the caller.
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
from millebornes.families.asduvolant import engine, serialize
from millebornes.families.asduvolant.actions import ACTIONS, AvAction
from millebornes.families.asduvolant.cards import DATA, OPTIONS, AvCard, parse_av_card
from millebornes.families.asduvolant.rules import RULES
from millebornes.families.asduvolant.scoring import game_points
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes.families.asduvolant.track import Board, board_from_dict, default_board

NAME = serialize.FAMILY
EDITIONS: tuple[str, ...] = (NAME,)


def _board(board: object | None) -> Board | None:
    """A board object, or a board file's JSON read by the board loader (BOARD-FILE)."""
    if board is None or isinstance(board, Board):
        return board
    try:
        return board_from_dict(board)
    except MalformedInput as error:  # the loader names the field inside the board file
        text = str(error)
        raise MalformedInput(text if text.startswith("board") else f"board.{text}") from None


@dataclass(frozen=True, eq=False)
class AsDuVolantFamily(ModuleFamily):
    """The As du Volant rule family (spec/families/as-du-volant/): its tables, its
    transitions, ``deal``, the transition that starts a game (AV-DEAL), and ``points``, the
    points of a finished game (AV-POINTS)."""

    name = NAME
    editions = EDITIONS
    engine = engine
    json = serialize
    state_type = AvState
    action_types = ACTIONS
    rules: engine.Rules = field(default_factory=lambda: RULES)
    transitions: Mapping[type, engine.Transition] = field(
        default_factory=lambda: engine.TRANSITIONS
    )
    deal: Callable[..., AvState] = engine.new_game
    points: Callable[[AvState], tuple[int, ...]] = game_points

    def edition_info(self) -> tuple[EditionInfo, ...]:
        """AV-SEATS, AV-GOAL, RUL-AV-700: everyone alone; the options by seat count."""
        seats = tuple(
            SeatCount(
                players=n,
                teams=n,
                goal=DATA.goal,
                goal_with_option={
                    name: goal
                    for name, goal in DATA.option_goal.items()
                    if n in DATA.option_seats[name]
                },
            )
            for n in DATA.seats
        )
        return (EditionInfo(NAME, NAME, DATA.title, seats, OPTIONS, default_board().name),)

    def new_game(
        self,
        edition: str,
        players: int,
        options: Sequence[str],
        *,
        seed: int | None,
        deck: Sequence[Any] | None,
        board: object | None,
    ) -> AvState:
        """A dealt game on ``board``, seat 0 first (AV-DEAL, RUL-AV-FIRST-PLAYER); with a
        ``deck``, ``seed`` (default 0) seeds the reshuffles only."""
        if edition != NAME:
            raise MalformedInput(f"edition: {edition!r} is not played by the {NAME} family")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise MalformedInput(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
        cards = None if deck is None else read_deck(deck, AvCard, parse_av_card)
        return self.deal(
            players, seed=seed, deck=cards, options=tuple(options), board=_board(board)
        )

    def chance_action(self, state: AvState, seed: int) -> AvAction:
        raise MalformedInput(
            f"{NAME} has no chance node: its reshuffles follow the state's seed"
            " (RUL-AV-RESHUFFLE-SEED)"
        )

    def score(self, state: AvState) -> JsonDict:
        """The game's winners and, once it is over, each seat's points (AV-POINTS: all 0
        unless an option counts points)."""
        points = self.points(state) if state.phase is AvPhase.OVER else None
        return {"winners": list(state.winners), "points": None if points is None else list(points)}

    def describe_state(self, state: AvState) -> str:
        km = [state.board.squares[car.square].km for car in state.cars]
        return race_line(state.phase.value, state.goal, len(state.draw_pile), km, state.actor)


AS_DU_VOLANT = AsDuVolantFamily()
"""The As du Volant family object."""
