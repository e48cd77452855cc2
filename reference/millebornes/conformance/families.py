"""The rule families as the conformance protocol sees them (PROTO-FAMILIES).

Every family of :mod:`millebornes.registry` (the one registry the API, the tools and the
tests use) gets one :class:`Family` entry here: the family object's functions, plus what
only the protocol needs — the capability an engine declares to play the family, the field
that marks its states, its ``start`` fields, and whether it answers ``score`` and
``shuffle``. A new family plugs in through the registry, and nothing here asks which
family it holds."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.family import RuleFamily
from millebornes.core.shuffle import round_seed, shuffled
from millebornes.families.asduvolant.cards import DATA as AV_DATA
from millebornes.families.asduvolant.family import AS_DU_VOLANT
from millebornes.families.classic.edition import load_edition
from millebornes.families.classic.engine import new_match
from millebornes.families.classic.family import CLASSIC as CLASSIC_FAMILY
from millebornes.families.classic.serialize import STATE_FORMAT
from millebornes.families.funspeed.cards import DATA as FS_DATA
from millebornes.families.funspeed.family import FUN_SPEED
from millebornes.registry import FAMILIES as REGISTRY

JsonDict = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Family:
    """What the protocol needs of one rule family (states and actions are the family's own)."""

    name: str
    editions: tuple[str, ...]
    """The edition ids whose cases and ``start`` requests this family plays."""
    capability: str | None
    """The capability an engine declares to play it (PROTO-FAMILIES); None: every engine."""
    state_key: tuple[str, str]
    """The field and value that mark the family's state JSON (how a loaded state is routed
    to its family, and how the runner checks the states an engine returns)."""
    start: Callable[[str, int, tuple[str, ...], object, Mapping[str, object]], Any]
    """(edition, players, options, deck, extras) → the state after the deal; ``extras`` holds
    the fields of :attr:`start_fields` the request gave. Raises :class:`MalformedInput`, or
    :class:`IllegalAction` for a deck the family refuses as a move."""
    state_from_dict: Callable[[object], Any]
    state_to_dict: Callable[[Any], JsonDict]
    action_from_dict: Callable[[object], Any]
    action_to_dict: Callable[[Any], JsonDict]
    legal_actions: Callable[[Any], Sequence[Any]]
    apply: Callable[[Any, Any], Any]
    score: Callable[[Any], JsonDict] | None = None
    """The answer to ``score`` (PROTO-SCORE), or None: the family keeps no score sheet."""
    shuffle: Callable[[str, int, int, int], list[str]] | None = None
    """(edition, players, seed, round) → the shuffled deck (PROTO-SHUFFLE), or None."""
    start_fields: tuple[str, ...] = ()
    """The optional ``start`` fields besides the deck that the family's game is built from
    (PROTO-START); a ``start`` of another family giving one of them is malformed."""


def _start(family: RuleFamily[Any, Any]) -> Callable[..., Any]:
    """PROTO-START for ``family``: a new game dealt from the deck given, on the board and
    with the seed given where the family takes them; a deck that is not the box is refused
    by the family (:class:`IllegalAction` for the classic deal's rules, else malformed)."""

    def start(
        edition: str,
        players: int,
        options: tuple[str, ...],
        deck: object,
        extras: Mapping[str, object],
    ) -> Any:
        if not isinstance(deck, list):
            raise MalformedInput(f"deck: a list of cards, not {type(deck).__name__}")
        # the family checks the seed it takes (As du Volant: RUL-AV-RESHUFFLE-SEED)
        seed: Any = extras.get("seed", 0 if "seed" in family_start_fields(family) else None)
        return family.new_game(
            edition, players, options, seed=seed, deck=deck, board=extras.get("board")
        )

    return start


def _classic_deck(family: RuleFamily[Any, Any]) -> Callable[[str, int, int, int], list[str]]:
    """PROTO-SHUFFLE: the portable shuffle of spec/shuffle.md, round seeds included: the
    deck of the deal ``family`` makes from the round's seed (its chance action)."""

    def deck(edition: str, players: int, seed: int, round_number: int) -> list[str]:
        rules = load_edition(edition)
        if players not in rules.seat_counts:
            raise MalformedInput(f"{edition} is not played by {players}")
        deal = family.chance_action(new_match(edition, players), round_seed(seed, round_number))
        return [card.name for card in deal.deck]

    return deck


_START_FIELDS = {AS_DU_VOLANT.name: ("board", "seed"), FUN_SPEED.name: ("seed",)}
"""The optional ``start`` fields of each family (PROTO-START): As du Volant's board and
reshuffle seed, Fun & Speed's reshuffle seed (RUL-FS-RESHUFFLE-SEED)."""


BOXES: dict[str, Callable[[int, Sequence[str]], Sequence[Any]]] = {
    FUN_SPEED.name: lambda players, options: FS_DATA.deck(),
    AS_DU_VOLANT.name: AV_DATA.deck,
}
"""The playing cards of each rule family's game at a seat count, in box order: what its
deal from a seed shuffles (FS-DEAL, AV-DEAL), and what ``shuffle`` answers shuffled
(PROTO-FAMILY-KINDS)."""

SCORED = frozenset({AS_DU_VOLANT.name})
"""The rule families whose ``score`` the protocol answers with the family's own result
(winners and points, PROTO-FAMILY-KINDS); the others answer ``unsupported``."""


def _family_deck(family: RuleFamily[Any, Any]) -> Callable[[str, int, int, int], list[str]] | None:
    """PROTO-FAMILY-KINDS: the family's box at that seat count shuffled by the portable
    shuffle with the seed of that game of a series (s + r - 1, as SHUFFLE-MATCH-SEEDS);
    None for a family without a box here."""
    box = BOXES.get(family.name)
    if box is None:
        return None

    def deck(edition: str, players: int, seed: int, round_number: int) -> list[str]:
        if players not in family.edition_info()[0].seat_counts:
            raise MalformedInput(f"players: {edition} is not played by {players}")
        # the protocol's shuffle takes no options: the deck of a game without any
        return [card.name for card in shuffled(box(players, ()), round_seed(seed, round_number))]

    return deck


def family_start_fields(family: RuleFamily[Any, Any]) -> tuple[str, ...]:
    return _START_FIELDS.get(family.name, ())


def entry(family: RuleFamily[Any, Any]) -> Family:
    """The protocol's view of a family object (PROTO-FAMILIES): the classic family needs no
    capability and marks its states with ``format``; every other family is named by its
    capability ``family:<name>`` and by its states' ``family`` field. The classic family
    answers ``score`` with its score sheet; a family of :data:`SCORED` with its own result,
    and a family of :data:`BOXES` answers ``shuffle`` (PROTO-FAMILY-KINDS). Any object of a registry
    family's name will do (a mutant of it, for the mutation harness)."""
    classic = family.name == CLASSIC_FAMILY.name
    return Family(
        name=family.name,
        editions=family.editions,
        capability=None if classic else f"family:{family.name}",
        state_key=("format", STATE_FORMAT) if classic else ("family", family.name),
        start=_start(family),
        state_from_dict=family.state_from_dict,
        state_to_dict=family.state_to_dict,
        action_from_dict=family.action_from_dict,
        action_to_dict=family.action_to_dict,
        legal_actions=family.legal_actions,
        apply=family.apply,
        score=family.score if classic or family.name in SCORED else None,
        shuffle=_classic_deck(family) if classic else _family_deck(family),
        start_fields=family_start_fields(family),
    )


FAMILIES: dict[str, Family] = {family.name: entry(family) for family in REGISTRY}
"""Every family of the registry, by name; the classic one first."""

CLASSIC = FAMILIES[CLASSIC_FAMILY.name]

START_FIELDS = frozenset(name for family in FAMILIES.values() for name in family.start_fields)
"""Every optional ``start`` field some family takes (PROTO-START)."""


def start_extras(family: Family, given: Mapping[str, object]) -> dict[str, object]:
    """The fields of ``given`` that ``family``'s start takes; :class:`MalformedInput` for one
    that only another family takes (a start field is never silently dropped)."""
    for name in sorted(START_FIELDS & given.keys()):
        if name not in family.start_fields:
            raise MalformedInput(f"{name}: the {family.name} family's start has no {name}")
    return {name: given[name] for name in family.start_fields if name in given}


def for_edition(
    edition: str,
    families: Sequence[str] = tuple(FAMILIES),
    table: Mapping[str, Family] | None = None,
) -> Family | None:
    """The family of ``families`` that plays ``edition``, or None; ``table`` holds the
    entries by name (:data:`FAMILIES` by default)."""
    entries = FAMILIES if table is None else table
    return next((entries[n] for n in families if edition in entries[n].editions), None)


def for_state(
    data: object,
    families: Sequence[str] = tuple(FAMILIES),
    table: Mapping[str, Family] | None = None,
) -> Family:
    """The family whose state ``data`` says it is: a state naming a ``family`` belongs to
    that family, any other to the classic one (whose reader then says what is wrong);
    ``table`` holds the entries by name (:data:`FAMILIES` by default)."""
    entries = FAMILIES if table is None else table
    if isinstance(data, dict) and "family" in data:
        name = data["family"]
        found = next(
            (entries[n] for n in families if entries[n].state_key == ("family", name)), None
        )
        if found is None:
            known = [
                entries[n].state_key[1] for n in families if entries[n].state_key[0] == "family"
            ]
            raise MalformedInput(
                f"family: {name!r} is not a rule family this engine plays: {known}"
            )
        return found
    return entries[CLASSIC.name]  # looked up, so that a test may replace an entry
