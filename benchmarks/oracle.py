"""The search bot told what its seat cannot see, as tournament entrants: what the hidden
cards cost the search, measured against the greedy bot.

- ``KnownHands``: every sample holds the other seats' real hands; the draw pile's
  order is still unknown (each sample shuffles the real draw pile).
- ``KnownDraws``: every sample is the real state, hands and draw pile's order (in As du
  Volant the order of the reshuffles to come stays unknown: each sample draws its seed).

    PYTHONPATH=benchmarks .venv/bin/millebornes tournament --edition classic \\
        --bots oracle:KnownHands,greedy --seed 3 --games 12 --workers 2

Both search with 0.2 CPU s a move and the bot's other defaults. They read the state on
purpose, so they are no bots to play with: the tournament seats an author's class
behind the seat's view (:mod:`millebornes.apps.entrants`), and importing this module
lets these two, and only these, sit at the table themselves. Not a test: figures go
into issue notes and docs/bots.md.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from millebornes.apps import entrants
from millebornes.apps.bots import Bot, View
from millebornes.apps.search import Budget, SearchBot
from millebornes.core.errors import MalformedInput
from millebornes.core.shuffle import SplitMix64, shuffled
from millebornes.families.asduvolant.state import AvState


class KnownHands(SearchBot):
    """The search bot whose samples hold the other seats' real hands."""

    name = "known-hands"
    draws_known = False

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed, Budget(seconds=0.2))
        self._state: Any = None

    def choose(self, state: Any) -> Any:
        self._state = state
        try:
            return super().choose(state)
        finally:
            self._state = None

    def _sample(self, view: View, rng: SplitMix64) -> Any:
        state = self._state
        if state is None:  # asked by a view alone (decide): there is no state to read
            raise MalformedInput(f"bot {self.name}: reads the state, so it must be asked by choose")
        pile = state.draw_pile if self.draws_known else shuffled(state.draw_pile, rng.next_u64())
        # The seed of As du Volant's reshuffles to come (RUL-AV-RESHUFFLE-SEED) is drawn,
        # as in a determinization: no one at the table knows that order yet.
        seed = {"seed": rng.next_u64() >> 1} if isinstance(state, AvState) else {}
        return dataclasses.replace(state, draw_pile=pile, **seed)


class KnownDraws(KnownHands):
    """The search bot whose samples are the real state, the draw pile's order too."""

    name = "known-draws"
    draws_known = True


_behind_the_view = entrants._named


def _seated(bot: Any, spec: str) -> Bot:
    """An oracle sits at the table itself (its ``choose`` sees the state); any other
    class entrant behind the view, as always."""
    if isinstance(bot, KnownHands):
        bot.name = spec
        return bot
    return _behind_the_view(bot, spec)


entrants._named = _seated
