"""Fun & Speed card kinds and the family's data, read from ``spec/families/fun-speed``.

As in :mod:`millebornes.families.classic.cards`, cards are kinds, not objects: a closed enum whose
order is the order of the data file's ``kinds`` (FS-BOX). Kinds shared with the
classic family keep the classic IDs; the relations between kinds (which remedy
cures which attack, which safety protects from it) are data, turned here into
tuples indexed by the card's integer value.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from types import MappingProxyType

from millebornes._spec import load_json
from millebornes.core.card_data import flags, links
from millebornes.core.errors import MalformedInput

DATA_FILE = "families/fun-speed/edition.json"


class FsCard(IntEnum):
    """Every Fun & Speed card kind, in the canonical order of the data file."""

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
    SUPER_PARADE = 15
    RIGHT_OF_WAY = 16
    EXTRA_TANK = 17
    PUNCTURE_PROOF = 18
    DRIVING_ACE = 19
    ACCELERATOR = 20
    MIRROR = 21
    U_TURN = 22
    HELICOPTER = 23
    POLICE = 24
    TRASH = 25

    def __repr__(self) -> str:
        return f"FsCard.{self.name}"


class Kind(StrEnum):
    DISTANCE = "distance"
    ATTACK = "attack"
    REMEDY = "remedy"
    SAFETY = "safety"
    SPECIAL = "special"


@dataclass(frozen=True, slots=True)
class FunSpeedData:
    """The family's figures (FS-BOX, FS-GOAL, RUL-FS-SEATS, FS-BORNE-RADAR, FS-ACCEL, FS-KM,
    FS-GUARD-END)."""

    title: str
    box: tuple[tuple[FsCard, int], ...]
    box_total: int
    hand_size: int
    seats: tuple[int, ...]
    goal: int
    goal_by_seats: MappingProxyType[int, int]
    radar_max_km: int
    max_accelerators: int
    safety_km: int
    coup_fourre_km: int
    max_reshuffles: int
    """The engine's guard, not the booklet's: the draw pile is made again from the discard
    pile at most this many times (FS-GUARD-END)."""
    names_fr: tuple[str, ...]

    def goal_for(self, players: int) -> int:
        return self.goal_by_seats.get(players, self.goal)

    def deck(self) -> tuple[FsCard, ...]:
        """The 66 cards in box order: what the shuffle permutes (FS-DEAL)."""
        return tuple(card for card, n in self.box for _ in range(n))


def _load() -> tuple[FunSpeedData, list[dict[str, object]]]:
    data = load_json(DATA_FILE)
    kinds: list[dict[str, object]] = data["kinds"]
    ids = [kind["id"] for kind in kinds]
    if ids != [card.name for card in FsCard]:
        raise RuntimeError(f"{DATA_FILE} lists {ids}, the engine's FsCard enum differs")
    box = tuple((FsCard[name], int(n)) for name, n in data["box"].items())
    box = tuple(sorted(box))
    total = sum(n for _, n in box)
    if total != data["box_total"]:  # ASM-FS-COUNTS must add up to the stated 66
        raise RuntimeError(f"{DATA_FILE}: box counts add to {total}, not {data['box_total']}")
    figures = FunSpeedData(
        title=str(data["title"]),
        box=box,
        box_total=total,
        hand_size=int(data["hand_size"]),
        seats=tuple(int(n) for n in data["seats"]),
        goal=int(data["goal"]),
        goal_by_seats=MappingProxyType({int(k): int(v) for k, v in data["goal_by_seats"].items()}),
        radar_max_km=int(data["radar_max_km"]),
        max_accelerators=int(data["max_accelerators"]),
        safety_km=int(data["safety_km"]),
        coup_fourre_km=int(data["coup_fourre_km"]),
        max_reshuffles=int(data["max_reshuffles"]),
        names_fr=tuple(str(kind["name_fr"]) for kind in kinds),
    )
    return figures, kinds


DATA, _KINDS = _load()

KIND: tuple[Kind, ...] = tuple(Kind(str(k["category"])) for k in _KINDS)
KM: tuple[int, ...] = tuple(int(str(k.get("km", 0))) for k in _KINDS)
IS_RADAR: tuple[bool, ...] = flags(_KINDS, "radar")
SINGLE_USE: tuple[bool, ...] = flags(_KINDS, "single_use")
"""FS-SINGLE-USE: the cards that leave the game once played."""
ANY_ATTACK: tuple[bool, ...] = flags(_KINDS, "any_attack")
"""FS-SUPER-PARADE: the remedy that cures any one attack."""
REMEDY_OF: tuple[FsCard | None, ...] = links(_KINDS, "remedy", FsCard)
SAFETY_OF: tuple[FsCard | None, ...] = links(_KINDS, "safety", FsCard)
SOUND: tuple[str, ...] = tuple(str(k.get("sound", "")) for k in _KINDS)

IS_DISTANCE: tuple[bool, ...] = tuple(kind is Kind.DISTANCE for kind in KIND)
IS_ATTACK: tuple[bool, ...] = tuple(kind is Kind.ATTACK for kind in KIND)
IS_REMEDY: tuple[bool, ...] = tuple(kind is Kind.REMEDY for kind in KIND)
IS_SAFETY: tuple[bool, ...] = tuple(kind is Kind.SAFETY for kind in KIND)
"""Each card's kind as a flag, for the engine's hot loops over a hand: on Python 3.11 reading
an enum member (``Kind.ATTACK``) is several times the cost of indexing a tuple."""

ATTACKS: tuple[FsCard, ...] = tuple(c for c in FsCard if KIND[c] is Kind.ATTACK)
SAFETIES: tuple[FsCard, ...] = tuple(c for c in FsCard if KIND[c] is Kind.SAFETY)
DISTANCES: tuple[FsCard, ...] = tuple(c for c in FsCard if KIND[c] is Kind.DISTANCE)


def cures(remedy: FsCard, attack: FsCard) -> bool:
    """FS-REMEDY, FS-SUPER-PARADE: does ``remedy`` cure ``attack``?"""
    return KIND[attack] is Kind.ATTACK and (ANY_ATTACK[remedy] or REMEDY_OF[attack] is remedy)


def parse_fs_card(name: object, field: str = "card") -> FsCard:
    """The card named ``name`` (its ID), or :class:`MalformedInput` naming ``field``."""
    if isinstance(name, str) and name in FsCard.__members__:
        return FsCard[name]
    raise MalformedInput(f"{field}: unknown Fun & Speed card {name!r}")
