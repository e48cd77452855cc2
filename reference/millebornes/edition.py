"""Editions as data, read from ``spec/editions/<id>.json``.

An edition fixes the box, the hand size, the seat counts and their teams, the
goal and its options, the scoring table and the match target. The engine reads
every figure from here; nothing re-types a card count.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import Any

from millebornes._spec import load_json, spec_dir
from millebornes.cards import Card
from millebornes.errors import MalformedInput


@dataclass(frozen=True, slots=True)
class Option:
    """A variant offered by an edition (e.g. the 700 km round)."""

    name: str
    description: str
    seats: tuple[int, ...]
    goal: int | None
    rules: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points of the score sheet (SCORE-* rules)."""

    per_safety: int
    per_coup_fourre: int
    round_win: int
    win_without_200: int
    shutout: int


@dataclass(frozen=True, slots=True)
class Edition:
    id: str
    title: str
    box: tuple[tuple[Card, int], ...]
    """Each card kind of the box with its count, in canonical card order (BOX-CONTENTS)."""
    box_total: int
    hand_size: int
    teams_by_seats: MappingProxyType[int, int]
    goal: int
    options: MappingProxyType[str, Option]
    max_200_per_round: int
    speed_limit_max_km: int
    scoring: Scoring
    match_target: int
    names_fr: MappingProxyType[Card, str]

    @property
    def seat_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.teams_by_seats))

    def count(self, card: Card) -> int:
        return dict(self.box).get(card, 0)

    def playing_cards(self) -> tuple[Card, ...]:
        """The cards that are shuffled and dealt, in box order (every kind but memo cards)."""
        return tuple(card for card, n in self.box if card is not Card.MEMO for _ in range(n))

    def memo_cards(self) -> tuple[Card, ...]:
        return (Card.MEMO,) * self.count(Card.MEMO)

    def goal_for(self, options: tuple[str, ...]) -> int:
        """The goal of a round (GOAL-DISTANCE): an option's goal overrides the edition's."""
        for name in options:
            goal = self.options[name].goal
            if goal is not None:
                return goal
        return self.goal


def _edition_from_data(data: dict[str, Any]) -> Edition:
    box = tuple((Card[name], int(n)) for name, n in data["box"].items())
    box = tuple(sorted(box))
    total = sum(n for _, n in box)
    if total != data["box_total"]:
        raise RuntimeError(
            f"edition {data['id']}: box counts add to {total}, not {data['box_total']}"
        )
    options = {
        name: Option(
            name=name,
            description=spec["description"],
            seats=tuple(spec["seats"]),
            goal=spec.get("goal"),
            rules=tuple(spec["rules"]),
        )
        for name, spec in data["options"].items()
    }
    return Edition(
        id=data["id"],
        title=data["title"],
        box=box,
        box_total=total,
        hand_size=int(data["hand_size"]),
        teams_by_seats=MappingProxyType(
            {int(k): int(v["teams"]) for k, v in data["seats"].items()}
        ),
        goal=int(data["goal"]),
        options=MappingProxyType(options),
        max_200_per_round=int(data["max_200_per_round"]),
        speed_limit_max_km=int(data["speed_limit_max_km"]),
        scoring=Scoring(**data["scoring"]),
        match_target=int(data["match_target"]),
        names_fr=MappingProxyType({Card[k]: v for k, v in data["names_fr"].items()}),
    )


def edition_ids() -> tuple[str, ...]:
    """Every edition that has a data file in spec/editions/."""
    return tuple(sorted(p.stem for p in (spec_dir() / "editions").glob("*.json")))


@cache
def load_edition(edition_id: str) -> Edition:
    """The edition with this id, or :class:`MalformedInput` if there is none."""
    if edition_id not in edition_ids():
        raise MalformedInput(f"unknown edition {edition_id!r}; known: {', '.join(edition_ids())}")
    return _edition_from_data(load_json(f"editions/{edition_id}.json"))
