"""Card kinds and how they relate, read from ``spec/cards.json``.

Cards are kinds, not objects: a closed enum. The relations between kinds (which
remedy cures which hazard, which safety protects from it, how far a distance card
goes) are data in the spec; this module turns them into tuples indexed by the
card's integer value so that the rules can look them up cheaply.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum

from millebornes._spec import load_json
from millebornes.core.errors import MalformedInput


class Card(IntEnum):
    """Every card kind of every edition; the order is the canonical order of cards.json."""

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
    RIGHT_OF_WAY = 15
    EXTRA_TANK = 16
    PUNCTURE_PROOF = 17
    DRIVING_ACE = 18
    MEMO = 19

    def __repr__(self) -> str:
        return f"Card.{self.name}"


class Category(StrEnum):
    DISTANCE = "distance"
    HAZARD = "hazard"
    REMEDY = "remedy"
    SAFETY = "safety"
    MEMO = "memo"


class Pile(StrEnum):
    BATTLE = "battle"
    SPEED = "speed"


def _load() -> tuple[
    tuple[Category, ...],
    tuple[int, ...],
    tuple[Pile | None, ...],
    tuple[Card | None, ...],
    tuple[Card | None, ...],
    tuple[str, ...],
]:
    kinds = load_json("cards.json")["kinds"]
    ids = [kind["id"] for kind in kinds]
    if ids != [card.name for card in Card]:
        raise RuntimeError(f"spec/cards.json lists {ids}, the engine's Card enum differs")
    category = tuple(Category(kind["category"]) for kind in kinds)
    km = tuple(int(kind.get("km", 0)) for kind in kinds)
    pile = tuple(Pile(kind["pile"]) if "pile" in kind else None for kind in kinds)
    remedy = tuple(Card[kind["remedy"]] if "remedy" in kind else None for kind in kinds)
    safety = tuple(Card[kind["safety"]] if "safety" in kind else None for kind in kinds)
    name_en = tuple(str(kind["name_en"]) for kind in kinds)
    return category, km, pile, remedy, safety, name_en


CATEGORY, KM, PILE, REMEDY_OF, SAFETY_OF, NAME_EN = _load()
"""Per-card tables indexed by ``int(card)``: category, km (distance cards),
pile (hazards and remedies), remedy and safety (hazards), English name."""

HAZARDS: tuple[Card, ...] = tuple(c for c in Card if CATEGORY[c] is Category.HAZARD)
SAFETIES: tuple[Card, ...] = tuple(c for c in Card if CATEGORY[c] is Category.SAFETY)

HAZARDS_STOPPED_BY: tuple[tuple[Card, ...], ...] = tuple(
    tuple(h for h in HAZARDS if SAFETY_OF[h] is card) for card in Card
)
"""For each safety, the hazards it protects from (Right of Way: Stop and Speed Limit)."""

CURES: tuple[Card | None, ...] = tuple(
    next((h for h in HAZARDS if REMEDY_OF[h] is card), None) for card in Card
)
"""For each remedy, the hazard it cures (Roll cures Stop)."""


def parse_card(name: object) -> Card:
    """The card named ``name`` (its spec id), or :class:`MalformedInput`."""
    if isinstance(name, str) and name in Card.__members__:
        return Card[name]
    raise MalformedInput(f"unknown card {name!r}; known cards: {', '.join(Card.__members__)}")
