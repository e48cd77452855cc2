"""The classic family's chance move: the dealer's deck order, shuffled from a seed."""

from __future__ import annotations

from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import shuffled
from millebornes.families.classic.actions import Deal
from millebornes.families.classic.cards import Card
from millebornes.families.classic.state import State


def deal_from_seed(state: State, seed: int) -> Deal:
    """The dealer's ``Deal`` with the playing cards in box order shuffled by ``seed``
    (SETUP-SHUFFLE, SHUFFLE-DECK-ORDER)."""
    if state.actor is None:
        raise MalformedInput("the match is over: nobody deals")
    deck: tuple[Card, ...] = shuffled(state.rules.playing_cards(state.players), seed)
    return Deal(state.actor, deck)
