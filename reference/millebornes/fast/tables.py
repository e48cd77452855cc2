"""Integer tables for the fast engine, derived once from the reference's card and edition data.

The fast engine keeps cards as plain ``int`` values (``int(Card.X)``): an ``IntEnum``
member hashes through a Python-level ``Enum.__hash__``, which the reference pays at
every ``set(hand)``. Card kinds become bits of an ``int`` so that "which kinds may be
played" is one mask and "may this card be played" one shift and one ``&``.
Nothing here is a new fact: every figure is read from
:mod:`millebornes.families.classic.cards` or the edition's data, as the reference reads it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Final

from millebornes.families.classic.actions import CoupFourre, Decline, Discard, Draw, Extension, Play
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
from millebornes.families.classic.edition import edition_ids, load_edition, rules_for

CARDS: Final[tuple[Card, ...]] = tuple(Card)
"""``CARDS[i]`` is the card whose integer value is ``i``: the way back to the reference."""

NONE: Final = -1
"""The top of an empty pile, as an int (the reference says ``None``)."""


def plain(card: Card) -> int:
    """``card`` as a plain ``int``. ``card + 0`` is ``int``'s own addition, which returns an
    exact ``int``: measured, it costs a fraction of ``int(card)`` (which goes through the
    enum's machinery), and mypyc compiles it to one machine addition. A plain small int is
    also the very object the hands hold, so ``in`` and ``remove`` find it by identity."""
    return card + 0


def ints(cards: Iterable[Card]) -> list[int]:
    """The cards as plain ints (see :func:`plain`)."""
    return [card + 0 for card in cards]


def _bits(kinds: object) -> int:
    return sum(1 << int(card) for card in Card if CATEGORY[card] is kinds)


DISTANCE_BITS: Final = _bits(Category.DISTANCE)
HAZARD_BITS: Final = _bits(Category.HAZARD)
REMEDY_BITS: Final = _bits(Category.REMEDY)
SAFETY_BITS: Final = _bits(Category.SAFETY)
DISTANCE_CARDS: Final = tuple(int(c) for c in Card if CATEGORY[c] is Category.DISTANCE)
HAZARDS: Final = tuple(int(c) for c in Card if CATEGORY[c] is Category.HAZARD)
REMEDIES: Final = tuple(int(c) for c in Card if CATEGORY[c] is Category.REMEDY)
SPEED_PILE_BITS: Final = sum(1 << int(card) for card in Card if PILE[card] is Pile.SPEED)
"""Hazards and remedies that go on the speed pile (PILE-SPEED); the others go on the battle
pile (PILE-BATTLE)."""

SAFETY_BIT_OF: Final[tuple[int, ...]] = tuple(
    0 if SAFETY_OF[card] is None else 1 << int(SAFETY_OF[card] or 0) for card in Card
)
"""For each hazard, the bit of the safety that protects from it (SAFE-IMMUNITY); 0 if none."""

SAFETY_INT_OF: Final[tuple[int, ...]] = tuple(NONE if s is None else int(s) for s in SAFETY_OF)
CURES_INT: Final[tuple[int, ...]] = tuple(NONE if h is None else int(h) for h in CURES)
KM_INT: Final[tuple[int, ...]] = tuple(KM)

STOPPED_BY: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(int(h) for h in Card if SAFETY_OF[h] is card) for card in Card
)
"""For each safety, the hazards it clears when laid (RUL-SAFETY-CLEARS-HAZARD)."""

ROLL: Final = int(Card.ROLL)
STOP: Final = int(Card.STOP)
SPEED_LIMIT: Final = int(Card.SPEED_LIMIT)
RIGHT_OF_WAY_BIT: Final = 1 << int(Card.RIGHT_OF_WAY)
D200: Final = int(Card.D200)

_SEATS = range(max(max(load_edition(e).seat_counts) for e in edition_ids()))
# The same shared, immutable action objects for every state, as the reference hands out.
DRAWS: Final = tuple(Draw(seat) for seat in _SEATS)
PLAYS: Final = tuple(tuple(tuple(Play(s, c, t) for t in _SEATS) for c in Card) for s in _SEATS)
DISCARDS: Final = tuple(tuple(Discard(s, c) for c in Card) for s in _SEATS)
DECLINES: Final = tuple(Decline(seat) for seat in _SEATS)
COUPS: Final = tuple(tuple(CoupFourre(s, c) for c in Card) for s in _SEATS)
EXTENSIONS: Final = tuple((Extension(s, extend=False), Extension(s, extend=True)) for s in _SEATS)


@dataclass(frozen=True, slots=True)
class Match:
    """What never changes during a match: its identity and the edition's figures for it."""

    edition: str
    options: tuple[str, ...]
    players: int
    teams: int
    hand_size: int
    goal: int
    """The round's goal before any extension (GOAL-DISTANCE, GOAL-BY-SEATS)."""
    extension_goal: int
    """The goal once the extension is called (EXT-GOAL); ``goal`` if the edition has none."""
    may_extend: bool
    """EXT-DECISION applies: SW-EXTENSION on and a shorter goal than the extension goal."""
    ends_when_distance_exhausted: bool
    """SW-ROUND-END-DISTANCE-EXHAUSTED."""
    speed_limit_max_km: int
    max_200: int
    members: tuple[tuple[int, ...], ...]
    """The seats of each team (RUL-TEAM-SEATING)."""
    opponents: tuple[tuple[int, ...], ...]
    """The other teams of each team, in team order."""
    playing_cards: tuple[int, ...]
    """The shuffled cards, sorted (BOX-CONTENTS)."""
    memo_cards: tuple[Card, ...]
    match_target: int


@cache
def match_of(edition: str, players: int, options: tuple[str, ...]) -> Match:
    """The fixed figures of a match, read the way the reference reads them."""
    rules = rules_for(edition, options)  # the options' switches and match target, as State.rules
    teams = rules.teams_by_seats[players]
    goal = rules.goal_for(players, options)  # as State.goal reads it
    extension_goal = rules.extension_goal if rules.extension_goal is not None else goal
    return Match(
        edition=edition,
        options=options,
        players=players,
        teams=teams,
        hand_size=rules.hand_size,
        goal=goal,
        extension_goal=extension_goal,
        may_extend=rules.switch("SW-EXTENSION") and goal < extension_goal,
        ends_when_distance_exhausted=rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED"),
        speed_limit_max_km=rules.speed_limit_max_km,
        max_200=rules.max_200_per_round,
        members=tuple(tuple(range(team, players, teams)) for team in range(teams)),
        opponents=tuple(tuple(t for t in range(teams) if t != team) for team in range(teams)),
        playing_cards=tuple(sorted(int(c) for c in rules.playing_cards(players))),
        memo_cards=rules.memo_cards(players),
        match_target=rules.match_target,
    )
