"""Every bot by name, for the commands, the tournament and the examples: the random and
greedy bots (:mod:`millebornes.apps.bots`) and the search bot at each of its levels
(:mod:`millebornes.apps.search`). A name is a constructor that takes a seed."""

from __future__ import annotations

from collections.abc import Callable

from millebornes.apps.bots import Bot, GreedyBot, RandomBot
from millebornes.apps.search import LEVELS, search_bot
from millebornes.core.errors import MalformedInput

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": search_bot("medium"),
    **{f"search-{level}": search_bot(level) for level in LEVELS},
}
"""Bot constructors by name; each takes a seed."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """The bot called ``name`` (see :data:`BOTS`), seeded with ``seed``."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise MalformedInput(f"bot: unknown bot {name!r} (known: {', '.join(BOTS)})") from None
    return factory(seed)
