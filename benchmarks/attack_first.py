"""The greedy bot with attacks first, as a tournament entrant: the policy the search bot
plays its own seat with (:data:`millebornes.apps.search.ATTACK_FIRST`), set against the
greedy bot to measure what the attack bonus is worth alone.

    PYTHONPATH=benchmarks .venv/bin/millebornes tournament --edition classic \
        --bots greedy,attack_first:AttackFirst --games 1000 --workers 2

``ATTACK_BONUS`` in the environment sets another bonus (the classic family's and As du
Volant's: the greedy bot's Fun & Speed scores take none). Not a test: figures go into
issue notes and the search module's docs.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from millebornes.apps.bots import GreedyBot
from millebornes.apps.search import ATTACK_FIRST
from millebornes.core.errors import MalformedInput


def _bonus() -> int:
    text = os.environ["ATTACK_BONUS"]
    try:
        return int(text)
    except ValueError:
        raise MalformedInput(f"ATTACK_BONUS: {text!r} is not a whole number") from None


class AttackFirst(GreedyBot):
    """The greedy bot with the family's :data:`ATTACK_FIRST` bonus (or ``ATTACK_BONUS``)."""

    name = "attack-first"

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        self.attack_bonus = _bonus() if "ATTACK_BONUS" in os.environ else ATTACK_FIRST[type(view)]
        return super().decide(view, legal)
