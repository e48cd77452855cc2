"""The classic rule family: 1000 Bornes, Cars, Astérix and the Allonge rules.

The neutral API (:mod:`millebornes`) plays these editions like every other; this package
keeps the family's own names (``Card``, ``Play``, ``new_round``, ``score_round``, …) and
its family object :data:`CLASSIC`.

A whole match is one immutable :class:`State`. Start one with :func:`new_match`
(or :func:`new_round` to deal at once), ask :func:`legal_actions` or
:func:`violations`, and move with :func:`apply`, which returns a new state or
raises :class:`IllegalAction` naming the rule IDs broken. The only chance in the
game is the shuffle: at a chance node (:func:`is_chance`) the dealer's
:class:`Deal` carries the deck order, built from a seed by :func:`deal_from_seed`.
"""

from __future__ import annotations

from millebornes.core.errors import IllegalAction, MalformedInput, MilleBornesError
from millebornes.core.shuffle import SplitMix64, round_seed, shuffled
from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import Card, Category
from millebornes.families.classic.deal import deal_from_seed
from millebornes.families.classic.edition import Edition, edition_ids, load_edition
from millebornes.families.classic.engine import (
    apply,
    is_chance,
    is_legal,
    legal_actions,
    new_match,
    violations,
)
from millebornes.families.classic.family import CLASSIC
from millebornes.families.classic.scoring import (
    RoundScore,
    TeamScore,
    match_winners,
    round_winner,
    score_round,
)
from millebornes.families.classic.serialize import (
    action_from_dict,
    action_from_json,
    action_to_dict,
    action_to_json,
    from_json,
    state_from_dict,
    state_to_dict,
    to_json,
)
from millebornes.families.classic.state import Phase, State, Tableau

__all__ = [
    "CLASSIC", "Action", "Card", "Category", "CoupFourre", "Deal", "Decline", "Discard", "Draw",
    "Edition", "Extension",
    "IllegalAction", "MalformedInput", "MilleBornesError", "Phase", "Play", "RoundScore",
    "SplitMix64", "State", "Tableau", "TeamScore", "action_from_dict", "action_from_json",
    "action_to_dict", "action_to_json", "apply", "deal_from_seed", "edition_ids", "from_json",
    "is_chance", "is_legal", "legal_actions", "load_edition", "match_winners", "new_match",
    "new_round", "round_seed", "round_winner", "score_round", "shuffled", "state_from_dict",
    "state_to_dict", "to_json", "violations",
]  # fmt: skip


def new_round(
    edition: str = "classic",
    players: int = 2,
    options: tuple[str, ...] = (),
    *,
    seed: int | None = None,
    deck: tuple[Card, ...] | None = None,
) -> State:
    """A match with its first round dealt, from an explicit ``deck`` order or a ``seed``."""
    state = new_match(edition, players, options)
    if (seed is None) == (deck is None):
        raise MalformedInput("give exactly one of seed and deck")
    deal = deal_from_seed(state, seed) if seed is not None else Deal(0, deck or ())
    return apply(state, deal)
