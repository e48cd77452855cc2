"""The immutable state of an As du Volant game: the cars on the track, every card and
token, the phase and the one seat that may act.

A car (its square and lane, its tokens, the safeties laid beside the board and
what it played that the scores count) replaces the classic piles. An open
window (RUL-AV-CF-WINDOW, RUL-AV-UTURN-WINDOW) is part of the state. The state holds
everything, the hands too (what one seat may see of it is its view, AV-HANDS-SECRET);
the only chance after the deal is a reshuffle, seeded from ``seed``
(RUL-AV-RESHUFFLE-SEED).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from typing import TypedDict, Unpack

from millebornes.families.asduvolant.cards import DATA, TOKENS, AvCard
from millebornes.families.asduvolant.track import Board


class AvPhase(StrEnum):
    DRAW = "draw"
    """The turn's first step (AV-DRAW)."""
    PLAY = "play"
    """Play or discard a card (AV-PLAY-ONE); again after a Turbo or in the jeu accéléré."""
    COUP_FOURRE = "coup_fourre"
    """The target of the pending attack may answer with a coup-fourré (RUL-AV-CF-WINDOW)."""
    U_TURN = "u_turn"
    """Opponents holding a Demi-tour may cancel the move just made (RUL-AV-UTURN-WINDOW)."""
    TRIM = "trim"
    """The player whose Turbo a coup-fourré or a Demi-tour cut short discards down to six
    (RUL-AV-TURBO, RUL-AV-UTURN-COUNTS)."""
    OVER = "over"
    """The game is over (AV-END-FINISH, AV-END-STUCK)."""


WINDOWS = (AvPhase.COUP_FOURRE, AvPhase.U_TURN)


@dataclass(frozen=True)
class Car:
    """One player's car: where it stands and what it carries. Not slotted, as
    :class:`AvState` (:func:`evolve_car`)."""

    square: int
    lane: int
    attack: AvCard | None = None
    """The stopping attack token in front of the car (RUL-AV-ONE-ATTACK)."""
    limit: bool = False
    """Whether a Limite de Vitesse token stands in front of the car (AV-LIMIT-TOKEN)."""
    safeties: tuple[AvCard, ...] = ()
    """The safeties laid (their cards beside the board, their tokens on the car)."""
    coups_fourres: tuple[AvCard, ...] = ()
    """The safeties among ``safeties`` laid by coup-fourré (AV-CF)."""
    laid_100: int = 0
    laid_200: int = 0
    laid_distance: int = 0
    """Distance cards whose moves stand (AV-MAX-200, AV-POINTS, RUL-AV-UTURN-COUNTS)."""

    def tokens(self) -> tuple[AvCard, ...]:
        """The tokens on or before the car (AV-TOKENS)."""
        standing = [self.attack] if self.attack is not None else []
        standing += [AvCard.SPEED_LIMIT] if self.limit else []
        return (*standing, *self.safeties)


@dataclass(frozen=True)
class AvState:
    """An As du Volant game at one moment. Seats are numbered clockwise; seat + 1 is the left.

    Not slotted: :func:`evolve` copies its attribute dictionary, the cheapest way to build
    the next state."""

    players: int
    options: frozenset[str]
    board: Board
    seed: int
    """The seed of reshuffle k is seed + k (RUL-AV-RESHUFFLE-SEED)."""
    phase: AvPhase
    actor: int | None
    """The one seat that may act (AV-ACTOR); None once the game is over."""
    turn: int
    """The seat whose turn it is."""
    draw_pile: tuple[AvCard, ...]
    """Face down, top card first."""
    discard_pile: tuple[AvCard, ...]
    """Face up, top card last."""
    hands: tuple[tuple[AvCard, ...], ...]
    """Each seat's hand, sorted in card order."""
    cars: tuple[Car, ...]
    supply: tuple[int, ...]
    """The tokens not on any car, per kind of ``TOKENS`` (AV-TOKENS)."""
    taken: AvCard | None = None
    """The card taken from the discard pile, which the next play must use (AV-DISCARD-PLAY)."""
    plays: int = 1
    """Plays left in this turn (AV-PLAY-ONE, AV-TURBO); unused in the jeu accéléré."""
    played: int = 0
    """Cards played or discarded this turn (RUL-AV-ACCELERATED)."""
    forced: bool = True
    """Whether every play of this turn so far was a discard, which RUL-AV-DISCARD allows
    only when nothing else is legal (RUL-AV-DECLARE)."""
    stuck: int = 0
    """Blocked turns in a row (AV-END-STUCK)."""
    pending: AvCard | None = None
    """In a coup-fourré window: the attack travelling, on no car yet."""
    source: int | None = None
    """In a coup-fourré window: the attacker."""
    mover: int | None = None
    """In a Demi-tour window: the seat whose move may be cancelled."""
    origin: tuple[int, int] | None = None
    """In a Demi-tour window: the square and lane the mover left."""
    moved: AvCard | None = None
    """In a Demi-tour window: the distance card of the move."""
    resume: int | None = None
    """While trimming: the seat that plays next (the coup-fourré player, AV-CF-TURN, or the
    left of a mover whose move a Demi-tour cancelled, RUL-AV-UTURN-COUNTS)."""
    reshuffles: int = 0
    """How many times the discard pile became the draw pile (AV-RESHUFFLE, AV-BONUS-GAME)."""
    winners: tuple[int, ...] = ()

    @property
    def goal(self) -> int:
        return _goal(self.options)  # AV-GOAL, RUL-AV-700

    @property
    def accelerated(self) -> bool:
        return "accelerated" in self.options  # AV-ACCELERATED

    def lanes(self, square: int) -> int:
        return self.board.lanes_for(square, self.players)  # BOARD-DARK-LANE

    def occupied(self, square: int, but: int | None = None) -> tuple[int, ...]:
        """The lanes taken on ``square`` by cars other than seat ``but``'s (BOARD-LANES)."""
        return tuple(
            sorted(c.lane for s, c in enumerate(self.cars) if c.square == square and s != but)
        )

    def all_cards(self) -> tuple[AvCard, ...]:
        """Every card of every place; AV-BOX says this is the game's deck."""
        cards = self.draw_pile + self.discard_pile
        for hand in self.hands:
            cards += hand
        for car in self.cars:
            cards += car.safeties
        return cards

    def token_counts(self) -> tuple[int, ...]:
        """Tokens on cars plus the supply, per kind; AV-TOKENS says these are the box's."""
        on_cars = Counter(token for car in self.cars for token in car.tokens())
        return tuple(on_cars[kind] + n for kind, n in zip(TOKENS, self.supply, strict=True))


class Changes(TypedDict, total=False):
    """The fields of :class:`AvState` a transition may change: all but the game's identity
    (players, options, board, seed)."""

    phase: AvPhase
    actor: int | None
    turn: int
    draw_pile: tuple[AvCard, ...]
    discard_pile: tuple[AvCard, ...]
    hands: tuple[tuple[AvCard, ...], ...]
    cars: tuple[Car, ...]
    supply: tuple[int, ...]
    taken: AvCard | None
    plays: int
    played: int
    forced: bool
    stuck: int
    pending: AvCard | None
    source: int | None
    mover: int | None
    origin: tuple[int, int] | None
    moved: AvCard | None
    resume: int | None
    reshuffles: int
    winners: tuple[int, ...]


_new, _set = object.__new__, object.__setattr__


def evolve(state: AvState, **changes: Unpack[Changes]) -> AvState:
    """``state`` with the given fields changed: ``dataclasses.replace`` for the hot path."""
    # ``replace`` inspects the fields and runs the frozen ``__init__`` (one
    # ``object.__setattr__`` per field) at every call, and the engine builds a new state
    # at every step of every action; a new instance given the merged attribute dictionary
    # whole does the same in one go, several times faster (and about twice as fast as
    # filling the new instance's own dictionary by two updates). The copy is as frozen as
    # the original: only the frozen ``__setattr__`` is bypassed, once, here.
    new = _new(type(state))
    _set(new, "__dict__", state.__dict__ | changes)
    return new


def evolved(state: AvState, changes: Changes) -> AvState:
    """:func:`evolve` with the changes gathered in one dictionary already, as transitions
    that build them up piece by piece do (no second dictionary for the keywords)."""
    new = _new(type(state))
    _set(new, "__dict__", state.__dict__ | changes)
    return new


class CarChanges(TypedDict, total=False):
    """The fields of a :class:`Car` a transition may change."""

    square: int
    lane: int
    attack: AvCard | None
    limit: bool
    safeties: tuple[AvCard, ...]
    coups_fourres: tuple[AvCard, ...]
    laid_100: int
    laid_200: int
    laid_distance: int


def evolve_car(car: Car, **changes: Unpack[CarChanges]) -> Car:
    """``car`` with the given fields changed, as :func:`evolve`."""
    new = _new(type(car))
    _set(new, "__dict__", car.__dict__ | changes)
    return new


@cache
def _goal(options: frozenset[str]) -> int:
    # Cached: the move rules ask for the goal of every candidate move, and a frozenset
    # keeps its hash, so the lookup costs less than the minimum over the options.
    return DATA.goal_for(options)


def box_tokens() -> tuple[int, ...]:
    """AV-TOKENS: the tokens of the box, per kind of ``TOKENS``."""
    return tuple(DATA.tokens[kind] for kind in TOKENS)
