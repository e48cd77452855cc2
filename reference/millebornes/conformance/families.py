"""The rule families the conformance protocol reaches, and what ``serve`` and the runner
need of each (PROTO-FAMILIES).

A family (spec/families/fun-speed/design.md) has its own state, actions, precondition
tables and transitions; the protocol drives every family with the same requests. This
registry maps a family's name, and the editions it plays, to the few functions those
requests need: start a game from a deck, read and write states and actions through the
family's boundary (:class:`MalformedInput` naming the field), list the legal actions,
apply one (:class:`IllegalAction` naming the rules broken), and, where the family has
them, the score sheet and the portable shuffle. A new family plugs in with one entry of
:data:`FAMILIES`; the classic family is an entry like the others, so nothing asks which
family it holds.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import round_seed, shuffled
from millebornes.families import asduvolant, funspeed
from millebornes.families.asduvolant import serialize as av_json
from millebornes.families.asduvolant.cards import parse_av_card
from millebornes.families.asduvolant.track import board_from_dict
from millebornes.families.classic import engine
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.serialize import (
    STATE_FORMAT,
    action_from_dict,
    action_to_dict,
    score_to_dict,
    state_from_dict,
    state_to_dict,
)
from millebornes.families.funspeed import serialize as fs_json
from millebornes.families.funspeed.cards import parse_fs_card

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


# --- the classic family: classic, Cars, Astérix, Allonge ------------------------------------


def _classic_start(
    edition: str, players: int, options: tuple[str, ...], deck: object, _: Mapping[str, object]
) -> Any:
    # PROTO-START: seat 0 deals the first round of a new match from the deck given; a deck
    # that is not the box is refused by the deal's rules (IllegalAction).
    deal = action_from_dict({"type": "deal", "seat": 0, "deck": deck})
    return engine.apply(engine.new_match(edition, players, options), deal)


def _classic_deck(edition: str, players: int, seed: int, round_number: int) -> list[str]:
    # PROTO-SHUFFLE: the portable shuffle of spec/shuffle.md, round seeds included.
    rules = load_edition(edition)
    if players not in rules.seat_counts:
        raise MalformedInput(f"{edition} is not played by {players}")
    return [
        card.name for card in shuffled(rules.playing_cards(players), round_seed(seed, round_number))
    ]


CLASSIC = Family(
    name="classic",
    editions=edition_ids(),
    capability=None,
    state_key=("format", STATE_FORMAT),
    start=_classic_start,
    state_from_dict=state_from_dict,
    state_to_dict=state_to_dict,
    action_from_dict=action_from_dict,
    action_to_dict=action_to_dict,
    legal_actions=engine.legal_actions,
    apply=engine.apply,
    score=score_to_dict,
    shuffle=_classic_deck,
)


# --- Fun & Speed -----------------------------------------------------------------------------


def _fs_start(
    edition: str, players: int, options: tuple[str, ...], deck: object, _: Mapping[str, object]
) -> Any:
    # The family's new game: seat 0 first, hands dealt from the deck (FS-DEAL); a deck that
    # is not the box is malformed input at the family's boundary (FS-BOX).
    if options:
        raise MalformedInput(f"options: {edition} has no options, not {list(options)}")
    return funspeed.new_game(players, deck=_cards(deck, parse_fs_card))


def _cards(deck: object, parse: Callable[[object, str], Any]) -> tuple[Any, ...]:
    """A family's deck: a list of its cards, each read by the family's card reader."""
    if not isinstance(deck, list):
        raise MalformedInput(f"deck: a list of cards, not {type(deck).__name__}")
    return tuple(parse(name, f"deck[{i}]") for i, name in enumerate(deck))


def _rule_family(json_forms: ModuleType, game: ModuleType, start: Any, **more: Any) -> Family:
    """The entry of a family of spec/families/: its edition id, capability and state marker
    are its name (PROTO-FAMILIES); ``json_forms`` is its serialize module, ``game`` its
    engine."""
    name = json_forms.FAMILY
    return Family(
        name=name,
        editions=(name,),
        capability=f"family:{name}",
        state_key=("family", name),
        start=start,
        state_from_dict=json_forms.state_from_dict,
        state_to_dict=json_forms.state_to_dict,
        action_from_dict=json_forms.action_from_dict,
        action_to_dict=json_forms.action_to_dict,
        legal_actions=game.legal_actions,
        apply=game.apply,
        **more,
    )


FUN_SPEED = _rule_family(fs_json, funspeed, _fs_start)


# --- As du Volant ----------------------------------------------------------------------------


def _av_start(
    edition: str, players: int, options: tuple[str, ...], deck: object, extras: Mapping[str, object]
) -> Any:
    # The board game from the deck, first card dealt first (AV-DEAL), on the board given (the
    # default layout without one, ASM-AV-LAYOUT), with the seed of the reshuffles
    # (RUL-AV-RESHUFFLE-SEED, 0 without one). A deck that is not the box is malformed (AV-BOX).
    cards = _cards(deck, parse_av_card)
    seed = extras.get("seed", 0)
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise MalformedInput(f"seed: a whole number from 0 to 2**64 - 1, not {seed!r}")
    board = None
    if "board" in extras:
        try:
            board = board_from_dict(extras["board"])
        except MalformedInput as error:  # the loader names the field inside the board file
            text = str(error)
            raise MalformedInput(text if text.startswith("board") else f"board.{text}") from None
    return asduvolant.new_game(players, seed=seed, deck=cards, options=options, board=board)


AS_DU_VOLANT = _rule_family(av_json, asduvolant, _av_start, start_fields=("board", "seed"))


FAMILIES: dict[str, Family] = {family.name: family for family in (CLASSIC, FUN_SPEED, AS_DU_VOLANT)}
"""Every family, by name; the classic one first."""


START_FIELDS = frozenset(name for family in FAMILIES.values() for name in family.start_fields)
"""Every optional ``start`` field some family takes (PROTO-START)."""


def start_extras(family: Family, given: Mapping[str, object]) -> dict[str, object]:
    """The fields of ``given`` that ``family``'s start takes; :class:`MalformedInput` for one
    that only another family takes (a start field is never silently dropped)."""
    for name in sorted(START_FIELDS & given.keys()):
        if name not in family.start_fields:
            raise MalformedInput(f"{name}: the {family.name} family's start has no {name}")
    return {name: given[name] for name in family.start_fields if name in given}


def for_edition(edition: str, families: Sequence[str] = tuple(FAMILIES)) -> Family | None:
    """The family of ``families`` that plays ``edition``, or None."""
    return next((FAMILIES[n] for n in families if edition in FAMILIES[n].editions), None)


def for_state(data: object, families: Sequence[str] = tuple(FAMILIES)) -> Family:
    """The family whose state ``data`` says it is: a state naming a ``family`` belongs to
    that family, any other to the classic one (whose reader then says what is wrong)."""
    if isinstance(data, dict) and "family" in data:
        name = data["family"]
        found = next(
            (FAMILIES[n] for n in families if FAMILIES[n].state_key == ("family", name)), None
        )
        if found is None:
            known = [
                FAMILIES[n].state_key[1] for n in families if FAMILIES[n].state_key[0] == "family"
            ]
            raise MalformedInput(
                f"family: {name!r} is not a rule family this engine plays: {known}"
            )
        return found
    return FAMILIES[CLASSIC.name]  # looked up, so that a test may replace an entry
