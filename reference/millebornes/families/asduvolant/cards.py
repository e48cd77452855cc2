"""As du Volant card kinds, tokens and figures, read from ``spec/families/as-du-volant``.

As in the other families, cards are kinds in a closed enum whose order is the
order of the data file's ``kinds`` (AV-BOX); what cures what, which safety
protects from which attack and which attack only limits speed are data, turned
here into tuples indexed by the card's integer value.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from types import MappingProxyType

from millebornes._spec import load_json
from millebornes.core.card_data import flags, links
from millebornes.core.errors import MalformedInput

DATA_FILE = "families/as-du-volant/edition.json"


class AvCard(IntEnum):
    """Every As du Volant card kind, in the canonical order of the data file."""

    D25 = 0
    D50 = 1
    D75 = 2
    D100 = 3
    D200 = 4
    STOP = 5
    SPEED_LIMIT = 6
    OUT_OF_GAS = 7
    FLAT_TIRE = 8
    ACCIDENT = 9
    ROLL = 10
    END_OF_LIMIT = 11
    GASOLINE = 12
    SPARE_TIRE = 13
    REPAIRS = 14
    TOW_TRUCK = 15
    RIGHT_OF_WAY = 16
    EXTRA_TANK = 17
    PUNCTURE_PROOF = 18
    DRIVING_ACE = 19
    TURBO = 20
    ACCELERATION = 21
    U_TURN = 22

    def __repr__(self) -> str:
        return f"AvCard.{self.name}"


class Kind(StrEnum):
    DISTANCE = "distance"
    ATTACK = "attack"
    REMEDY = "remedy"
    SAFETY = "safety"
    SPECIAL = "special"


OPTIONS = ("goal_700", "accelerated", "points_5000", "bonus", "small_deck")
"""The variants, in canonical order (AV-GOAL, AV-ACCELERATED, AV-POINTS, AV-BONUS-GAME,
AV-SMALL-DECK)."""


@dataclass(frozen=True, slots=True)
class AsDuVolantData:
    """The family's figures (AV-BOX, AV-TOKENS, AV-SEATS, AV-SMALL-DECK, AV-GOAL, ...)."""

    title: str
    box: tuple[tuple[AvCard, int], ...]
    box_total: int
    not_from_discard: frozenset[AvCard]
    tokens: MappingProxyType[AvCard, int]
    small_deck_removed: tuple[AvCard, ...]
    hand_size: int
    seats: tuple[int, ...]
    dark_lane_seats: int
    goal: int
    option_seats: MappingProxyType[str, tuple[int, ...]]
    option_goal: MappingProxyType[str, int]
    limit_token_km: int
    max_200: int
    turbo_draws: int
    points: MappingProxyType[str, int]
    names_fr: tuple[str, ...]

    def deck(self, players: int, options: Iterable[str] = ()) -> tuple[AvCard, ...]:
        """The cards of a ``players``-seat game in box order, what the shuffle permutes:
        the box, less one of each attack with the option ``small_deck`` (AV-SMALL-DECK,
        allowed at two or three players only; ``players`` is checked by the options)."""
        cards = [card for card, n in self.box for _ in range(n)]
        if "small_deck" in options:
            for card in self.small_deck_removed:
                cards.remove(card)
        return tuple(cards)

    def goal_for(self, options: frozenset[str]) -> int:
        """AV-GOAL, RUL-AV-700: 1000 km, or the goal of a chosen option."""
        return min([self.goal, *(self.option_goal[o] for o in options if o in self.option_goal)])


def _load() -> tuple[AsDuVolantData, list[dict[str, object]]]:
    data = load_json(DATA_FILE)
    kinds: list[dict[str, object]] = data["kinds"]
    ids = [kind["id"] for kind in kinds]
    if ids != [card.name for card in AvCard]:
        raise RuntimeError(f"{DATA_FILE} lists {ids}, the engine's AvCard enum differs")
    box = tuple(sorted((AvCard[name], int(n)) for name, n in data["box"].items()))
    total = sum(n for _, n in box)
    if total != data["box_total"]:  # ASM-AV-COUNTS must add up to the stated total
        raise RuntimeError(f"{DATA_FILE}: box counts add to {total}, not {data['box_total']}")
    options = data["options"]
    if tuple(options) != OPTIONS:
        raise RuntimeError(f"{DATA_FILE}: options {list(options)}, the engine knows {OPTIONS}")
    figures = AsDuVolantData(
        title=str(data["title"]),
        box=box,
        box_total=total,
        not_from_discard=frozenset(AvCard[n] for n in data["not_from_discard"]),
        tokens=MappingProxyType({AvCard[k]: int(v) for k, v in data["tokens"].items()}),
        small_deck_removed=tuple(AvCard[n] for n in data["small_deck_removed"]),
        hand_size=int(data["hand_size"]),
        seats=tuple(int(n) for n in data["seats"]),
        dark_lane_seats=int(data["dark_lane_seats"]),
        goal=int(data["goal"]),
        option_seats=MappingProxyType(
            {name: tuple(int(n) for n in o["seats"]) for name, o in options.items()}
        ),
        option_goal=MappingProxyType(
            {name: int(o["goal"]) for name, o in options.items() if "goal" in o}
        ),
        limit_token_km=int(data["limit_token_km"]),
        max_200=int(data["max_200"]),
        turbo_draws=int(data["turbo_draws"]),
        points=MappingProxyType({k: int(v) for k, v in data["points"].items()}),
        names_fr=tuple(str(kind["name_fr"]) for kind in kinds),
    )
    return figures, kinds


DATA, _KINDS = _load()

KIND: tuple[Kind, ...] = tuple(Kind(str(k["category"])) for k in _KINDS)
KM: tuple[int, ...] = tuple(int(str(k.get("km", 0))) for k in _KINDS)
IS_LIMIT: tuple[bool, ...] = flags(_KINDS, "limit")
"""The attack that only limits speed (AV-LIMIT-TOKEN); the others stop the car."""
ANY_ATTACK: tuple[bool, ...] = flags(_KINDS, "any_attack")
"""AV-TOW-TRUCK: the remedy that cures any one attack."""
REMEDY_OF: tuple[AvCard | None, ...] = links(_KINDS, "remedy", AvCard)
SAFETY_OF: tuple[AvCard | None, ...] = links(_KINDS, "safety", AvCard)

ATTACKS: tuple[AvCard, ...] = tuple(c for c in AvCard if KIND[c] is Kind.ATTACK)
SAFETIES: tuple[AvCard, ...] = tuple(c for c in AvCard if KIND[c] is Kind.SAFETY)
DISTANCES: tuple[AvCard, ...] = tuple(c for c in AvCard if KIND[c] is Kind.DISTANCE)
TOKENS: tuple[AvCard, ...] = (*ATTACKS, *SAFETIES)
"""The token kinds, one per attack and per safety (AV-TOKENS), in card order."""
TOKEN_INDEX: MappingProxyType[AvCard, int] = MappingProxyType({t: i for i, t in enumerate(TOKENS)})
"""Each token kind's place in ``TOKENS`` (and in a state's supply)."""
SQUARE_KM = 25
"""BOARD-SQUARES: every square is 25 km."""


def cures(remedy: AvCard, attack: AvCard) -> bool:
    """AV-REMEDY, AV-TOW-TRUCK: does ``remedy`` cure ``attack``?"""
    return KIND[attack] is Kind.ATTACK and (ANY_ATTACK[remedy] or REMEDY_OF[attack] is remedy)


def parse_av_card(name: object, field: str = "card") -> AvCard:
    """The card named ``name`` (its ID), or :class:`MalformedInput` naming ``field``."""
    if isinstance(name, str) and name in AvCard.__members__:
        return AvCard[name]
    raise MalformedInput(f"{field}: unknown As du Volant card {name!r}")
