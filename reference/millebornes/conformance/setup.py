"""Shuffle and set-up cases: a seed gives a deck; a deck and seats give the dealt round.

These cases read only the edition data (box, hand size, seats, options), so they
are built for every edition and seat count straight from it.
"""

from __future__ import annotations

from collections.abc import Iterator

from millebornes.conformance.canon import JsonDict
from millebornes.conformance.cases import make_case, state_json
from millebornes.conformance.configs import Config
from millebornes.conformance.tags import Tags, deal_tags
from millebornes.core.errors import IllegalAction
from millebornes.core.shuffle import round_seed, shuffled
from millebornes.families.classic.actions import Deal
from millebornes.families.classic.cards import Card
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.engine import apply, new_match

SHUFFLE_SEEDS: tuple[tuple[int, int], ...] = ((0, 1), (1, 1), (2026, 1), (2**64 - 1, 1), (41, 3))
"""(match seed, round) pairs: round 3 of seed 41 is shuffled with seed 43, and the last
seed wraps (SHUFFLE-MATCH-SEEDS)."""
SHUFFLE_RULES = (
    "SHUFFLE-PRNG",
    "SHUFFLE-BOUNDED",
    "SHUFFLE-ALGORITHM",
    "SHUFFLE-DECK-ORDER",
    "SETUP-SHUFFLE",
    "BOX-CONTENTS",
)


def shuffle_cases(edition: str) -> Iterator[JsonDict]:
    """For each different box of the edition (BOX-BY-SEATS), the deck of several seeds."""
    rules = load_edition(edition)
    boxes_seen: set[tuple[object, ...]] = set()
    for players in rules.seat_counts:
        box = rules.playing_cards(players)
        if box in boxes_seen:
            continue
        boxes_seen.add(box)
        config = Config(edition, players)
        for seed, round_number in SHUFFLE_SEEDS:
            tags = Tags(set(SHUFFLE_RULES), {"shuffle"})
            if round_number > 1:
                tags.add("SHUFFLE-MATCH-SEEDS")
            if players in rules.box_by_seats:
                tags.add("BOX-BY-SEATS")
            deck = shuffled(box, round_seed(seed, round_number))
            yield make_case(
                "shuffle",
                config,
                f"seed-{seed}-round-{round_number}",
                tags=tags,
                description=(
                    f"the deck of round {round_number} of a match seeded with {seed}, with the "
                    f"{len(box)} playing cards of {rules.title} at {players} players"
                ),
                provenance={"method": "shuffle", "seed": seed},
                input={"seed": seed, "round": round_number},
                expected={"deck": [card.name for card in deck]},
                data_case=True,
            )


def setup_cases(config: Config) -> Iterator[JsonDict]:
    """The deal of a round from an explicit deck; a deck that is not the box in use."""
    rules = load_edition(config.edition)
    seed = config.seed("setup", 0)
    box = rules.playing_cards(config.players)
    deck = shuffled(box, seed)
    before = new_match(config.edition, config.players, config.options)
    after = apply(before, Deal(0, deck))
    yield make_case(
        "setup",
        config,
        "deal",
        tags=deal_tags(before, after),
        description=(
            f"seat 0 deals the first round at {config.players} players: "
            f"{rules.hand_size} cards each from its left, the rest is the draw pile"
        ),
        provenance={"method": "shuffle", "seed": seed},
        input={"deck": [card.name for card in deck]},
        expected={"outcome": "applied", "state": state_json(after)},
        data_case=True,
    )
    if config.players in rules.box_by_seats:
        full = tuple(card for card, n in rules.box if card is not Card.MEMO for _ in range(n))
        if sorted(full) != sorted(box):
            yield _refused_deck(config, "full-box", full, "the full box, not this seat count's")


def _refused_deck(config: Config, slug: str, deck: tuple[Card, ...], what: str) -> JsonDict:
    try:
        apply(new_match(config.edition, config.players, config.options), Deal(0, deck))
    except IllegalAction as error:
        rule_ids = error.rule_ids
    else:  # pragma: no cover - the deck is built not to be the box
        raise RuntimeError(f"{config.name}: the {slug} deck was accepted")
    tags = Tags(set(rule_ids), {"rejection", "deal"})
    if config.players in load_edition(config.edition).box_by_seats:
        tags.add("BOX-BY-SEATS")
    return make_case(
        "setup",
        config,
        slug,
        tags=tags,
        description=f"a deal from {what} is refused: the deck must be the box in use",
        provenance={"method": "constructed", "seed": None},
        input={"deck": [card.name for card in deck]},
        expected={"outcome": "rejected", "rules": list(rule_ids)},
        data_case=True,
    )


def edition_setup_cases(edition: str) -> Iterator[JsonDict]:
    """Per edition: a deck a card short; a seat count and an option the edition refuses;
    each option another edition offers and this one does not."""
    rules = load_edition(edition)
    first = Config(edition, rules.seat_counts[0])
    box = rules.playing_cards(first.players)
    yield _refused_deck(first, "short-deck", shuffled(box, 7)[:-1], "a deck one card short")
    missing = next(n for n in range(1, max(rules.seat_counts) + 2) if n not in rules.seat_counts)
    yield make_case(
        "setup",
        Config(edition, missing),
        "seat-count",
        tags=Tags({"SEAT-COUNTS"}, {"malformed"}),
        description=f"{rules.title} is not played by {missing}: starting a round is malformed",
        provenance={"method": "constructed", "seed": None},
        input={"deck": [card.name for card in box]},
        expected={"outcome": "malformed"},
    )
    for name, option in sorted(rules.options.items()):
        refused = [n for n in rules.seat_counts if n not in option.seats]
        if not refused:
            continue
        config = Config(edition, refused[0], (name,))
        yield make_case(
            "setup",
            config,
            "option-refused",
            tags=Tags(set(option.rules), {"malformed"}),
            description=(
                f"the option {name} is offered at {list(option.seats)} players only: "
                f"starting a round with it at {refused[0]} players is malformed"
            ),
            provenance={"method": "constructed", "seed": None},
            input={"deck": [card.name for card in rules.playing_cards(refused[0])]},
            expected={"outcome": "malformed"},
        )
    yield from _options_not_offered(edition)


def _options_not_offered(edition: str) -> Iterator[JsonDict]:
    """An option of another edition asked of this one is malformed (e.g. the race in the
    Allonge rules, RUL-RACE-EXTENSION); the case carries the option's rules, so the
    edition's rulings on them are credited to it."""
    rules = load_edition(edition)
    players = rules.seat_counts[0]
    elsewhere = {
        name: option
        for other in edition_ids()
        for name, option in load_edition(other).options.items()
        if name not in rules.options
    }
    for name, option in sorted(elsewhere.items()):
        yield make_case(
            "setup",
            Config(edition, players, (name,)),
            "option-not-offered",
            tags=Tags(set(option.rules), {"malformed"}),
            description=(
                f"{rules.title} does not offer the option {name}: starting a round with it "
                "is malformed"
            ),
            provenance={"method": "constructed", "seed": None},
            input={"deck": [card.name for card in rules.playing_cards(players)]},
            expected={"outcome": "malformed"},
        )
