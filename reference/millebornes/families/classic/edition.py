"""Editions as data, read from ``spec/editions/<id>.json``.

An edition fixes the box, the hand size, the seat counts and their teams, the
goal and its options, the scoring table and the match target. The engine reads
every figure from here; nothing re-types a card count.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from types import MappingProxyType
from typing import Any

from millebornes._spec import load_json, spec_dir
from millebornes.core.errors import MalformedInput
from millebornes.families.classic.cards import Card


@dataclass(frozen=True, slots=True)
class Option:
    """A variant offered by an edition (e.g. the 700 km round, the plain race)."""

    name: str
    description: str
    seats: tuple[int, ...]
    goal: int | None
    rules: tuple[str, ...]
    switches: MappingProxyType[str, bool]
    """The rule switches the option sets while it is in force (e.g. SW-PLAIN-RACE)."""
    match_target: int | None
    """When given, replaces the edition's match target (MATCH-RACE-END: the rounds to win)."""


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points of the score sheet (SCORE-* rules); 0 where an edition does not score an item."""

    per_safety: int
    all_safeties_bonus: int
    per_coup_fourre: int
    round_win: int
    delayed_action: int
    win_without_200: int
    extension: int
    shutout: int


@dataclass(frozen=True, slots=True)
class Switch:
    """A named rule switch (spec/switches.json): which rules it changes, and its default."""

    id: str
    description: str
    rules: tuple[str, ...]
    default: bool


@cache
def switches() -> MappingProxyType[str, Switch]:
    """Every rule switch the specification defines, by ID."""
    return MappingProxyType(
        {
            item["id"]: Switch(
                id=item["id"],
                description=item["description"],
                rules=tuple(item["rules"]),
                default=bool(item["default"]),
            )
            for item in load_json("switches.json")["switches"]
        }
    )


@dataclass(frozen=True, slots=True)
class Edition:
    id: str
    title: str
    box: tuple[tuple[Card, int], ...]
    """The edition's full box: each card kind with its count, in canonical card order
    (BOX-CONTENTS). Some editions use fewer cards at some seat counts: see ``box_for``."""
    box_total: int
    box_by_seats: MappingProxyType[int, tuple[tuple[Card, int], ...]]
    hand_size: int
    teams_by_seats: MappingProxyType[int, int]
    goal: int
    goal_by_seats: MappingProxyType[int, int]
    extension_goal: int | None
    options: MappingProxyType[str, Option]
    max_200_per_round: int
    speed_limit_max_km: int
    switches: MappingProxyType[str, bool]
    """The value of every rule switch of spec/switches.json in this edition."""
    scoring: Scoring
    match_target: int
    names_fr: MappingProxyType[Card, str]

    @property
    def seat_counts(self) -> tuple[int, ...]:
        return tuple(sorted(self.teams_by_seats))

    def box_for(self, players: int) -> tuple[tuple[Card, int], ...]:
        """The box used at this seat count (BOX-BY-SEATS; the full box unless the data says)."""
        return self.box_by_seats.get(players, self.box)

    def count(self, card: Card, players: int) -> int:
        return dict(self.box_for(players)).get(card, 0)

    def playing_cards(self, players: int) -> tuple[Card, ...]:
        """The cards shuffled and dealt at this seat count, in box order (all but memo cards)."""
        return tuple(
            card for card, n in self.box_for(players) if card is not Card.MEMO for _ in range(n)
        )

    def memo_cards(self, players: int) -> tuple[Card, ...]:
        return (Card.MEMO,) * self.count(Card.MEMO, players)

    def goal_for(self, players: int, options: tuple[str, ...]) -> int:
        """The goal of a round (GOAL-DISTANCE, GOAL-BY-SEATS): an option's goal overrides
        the seat count's, which overrides the edition's."""
        for name in options:
            goal = self.options[name].goal
            if goal is not None:
                return goal
        return self.goal_by_seats.get(players, self.goal)

    def switch(self, switch_id: str) -> bool:
        return self.switches[switch_id]

    def with_options(self, options: tuple[str, ...]) -> Edition:
        """The edition as a match with ``options`` plays it: each option's switches and
        match target in force (the goal stays with :meth:`goal_for`)."""
        chosen = [self.options[name] for name in options]
        switched = dict(self.switches)
        for option in chosen:
            switched.update(option.switches)
        targets = [o.match_target for o in chosen if o.match_target is not None]
        return replace(
            self,
            switches=MappingProxyType(switched),
            match_target=targets[0] if targets else self.match_target,
        )


def _box(counts: dict[str, int]) -> tuple[tuple[Card, int], ...]:
    return tuple(sorted((Card[name], int(n)) for name, n in counts.items() if int(n) > 0))


def _edition_from_data(data: dict[str, Any]) -> Edition:
    box = _box(data["box"])
    total = sum(n for _, n in box)
    if total != data["box_total"]:
        raise RuntimeError(
            f"edition {data['id']}: box counts add to {total}, not {data['box_total']}"
        )
    named = set(data["switches"]).union(*(o.get("switches", {}) for o in data["options"].values()))
    unknown = named - set(switches())
    if unknown:
        raise RuntimeError(f"edition {data['id']}: unknown switches {sorted(unknown)}")
    options = {
        name: Option(
            name=name,
            description=spec["description"],
            seats=tuple(spec["seats"]),
            goal=spec.get("goal"),
            rules=tuple(spec["rules"]),
            switches=MappingProxyType(
                {sid: bool(on) for sid, on in spec.get("switches", {}).items()}
            ),
            match_target=spec.get("match_target"),
        )
        for name, spec in data["options"].items()
    }
    return Edition(
        id=data["id"],
        title=data["title"],
        box=box,
        box_total=total,
        box_by_seats=MappingProxyType(
            {int(k): _box(data["box"] | overrides) for k, overrides in data["box_by_seats"].items()}
        ),
        hand_size=int(data["hand_size"]),
        teams_by_seats=MappingProxyType(
            {int(k): int(v["teams"]) for k, v in data["seats"].items()}
        ),
        goal=int(data["goal"]),
        goal_by_seats=MappingProxyType({int(k): int(v) for k, v in data["goal_by_seats"].items()}),
        extension_goal=data["extension_goal"],
        options=MappingProxyType(options),
        max_200_per_round=int(data["max_200_per_round"]),
        speed_limit_max_km=int(data["speed_limit_max_km"]),
        switches=MappingProxyType(
            {sid: bool(data["switches"].get(sid, sw.default)) for sid, sw in switches().items()}
        ),
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


@cache
def rules_for(edition_id: str, options: tuple[str, ...]) -> Edition:
    """The edition with ``options`` in force (:meth:`Edition.with_options`); what
    ``State.rules`` answers."""
    return load_edition(edition_id).with_options(options)
