"""Players that choose an action: the interface every bot follows, and the random bot.

A bot is asked only at a state where one of its seats acts and the state is not a
chance node; it answers with one of ``legal_actions(state)``. Bots are deterministic
given their seed, so a game between bots is reproducible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from millebornes.actions import Action
from millebornes.engine import legal_actions
from millebornes.errors import MalformedInput
from millebornes.shuffle import SplitMix64
from millebornes.state import State


class Bot(Protocol):
    """Chooses one legal action at a state where someone must act (not a deal)."""

    name: str

    def choose(self, state: State) -> Action: ...


class RandomBot:
    """Every legal action equally likely, drawn from SplitMix64 (portable, seeded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = SplitMix64(seed)

    def choose(self, state: State) -> Action:
        choices = legal_actions(state)
        return choices[self._rng.below(len(choices))]


BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot}
"""Bot constructors by name; each takes a seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`), seeded with ``seed``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise MalformedInput(f"bot: unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return factory(seed)
