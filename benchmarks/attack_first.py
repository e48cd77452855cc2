"""The greedy bot with attacks first, as a tournament entrant: the policy the search bot
plays its own seat with (:data:`millebornes.apps.search.ATTACK_FIRST`), set against the
greedy bot to measure what the attack bonus is worth alone, and what other hand-made
changes of the greedy scores are worth.

    PYTHONPATH=benchmarks .venv/bin/millebornes tournament --edition classic \
        --bots greedy,attack_first:AttackFirst --games 1000 --workers 2

``ATTACK_BONUS`` in the environment sets another bonus (the classic family's and As du
Volant's: the greedy bot's Fun & Speed scores take none). ``ADJUST`` adds to the scores
of some kinds of action, as comma-separated ``KIND:POINTS``: ``KIND`` is the action's
class name (``Discard``, ``LayBorne``, ``Move``...), the name followed by ``.`` and a
card name for that card only (``Discard.STOP``), or followed by ``+acc`` for an
accelerated Fun & Speed Borne or As du Volant move (``LayBorne+acc``); a kind named
twice adds up. ``ADJUST=Discard.STOP:20`` makes the bot readier to discard a Stop.
``COUNTING=1`` makes its classic discards count the cards not seen, as the search's own
policy does (:data:`millebornes.apps.search.COUNTING`, whose figures it measured); the
``ADJUST`` figures in ``docs/bots.md`` were measured without it.
Not a test: figures go into issue notes and the search module's docs.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from millebornes.apps.bots import GreedyBot
from millebornes.apps.search import ATTACK_FIRST
from millebornes.core.errors import MalformedInput


def _whole(name: str, text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise MalformedInput(f"{name}: {text!r} is not a whole number") from None


def _adjustments(text: str) -> dict[str, int]:
    """``ADJUST``'s ``KIND:POINTS`` list as a table (see the module's docstring)."""
    table: dict[str, int] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        kind, colon, points = part.rpartition(":")
        if not colon or not kind:
            raise MalformedInput(f"ADJUST: {part!r} is not KIND:POINTS")
        table[kind] = table.get(kind, 0) + _whole(f"ADJUST {kind}", points)
    return table


def _kinds(action: Any) -> list[str]:
    """The ``ADJUST`` names ``action`` answers to: its class, its card, its acceleration."""
    name = type(action).__name__
    card = getattr(action, "card", None)
    kinds = [name] if card is None else [name, f"{name}.{card.name}"]
    if getattr(action, "accelerated", False) or getattr(action, "accelerators", 0):
        kinds.append(f"{name}+acc")
    return kinds


class AttackFirst(GreedyBot):
    """The greedy bot with the family's :data:`ATTACK_FIRST` bonus (or ``ATTACK_BONUS``),
    ``ADJUST``'s points added to the scores of the kinds it names, and with ``COUNTING=1``
    the cards not seen counted in its classic discards."""

    name = "attack-first"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.adjust: dict[str, int] = {}

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        bonus = os.environ.get("ATTACK_BONUS")
        self.attack_bonus = (
            _whole("ATTACK_BONUS", bonus) if bonus is not None else ATTACK_FIRST[type(view)]
        )
        self.adjust = _adjustments(os.environ.get("ADJUST", ""))
        counting = os.environ.get("COUNTING", "0")
        if counting not in ("0", "1"):
            raise MalformedInput(f"COUNTING: {counting!r} is neither 0 nor 1")
        self.counting = counting == "1"
        return super().decide(view, legal)

    def _adjust(self, action: Any) -> int:
        return super()._adjust(action) + sum(self.adjust.get(k, 0) for k in _kinds(action))
