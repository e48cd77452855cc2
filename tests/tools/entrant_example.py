"""Bots of an author's own, entered in the tournament tests as ``module:attribute``."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any


def first_legal(view: Any, legal: Sequence[Any]) -> Any:
    """Always the first legal action (the view and the legal actions)."""
    return legal[0]


def illegal(view: Any) -> Any:
    """A function of the view alone that answers nonsense: the tournament refuses it."""
    return "not an action"


class LastLegal:
    """A class taking a seed, with ``decide(view, legal)``: the last legal action."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        return legal[-1]


def playing(view: Any, legal: Sequence[Any]) -> Any:
    """The first legal action, once it has left its mark that the games have begun (the
    file ``MILLEBORNES_TEST_PLAYING`` names): a test waits for it to interrupt them."""
    Path(os.environ["MILLEBORNES_TEST_PLAYING"]).touch()
    return legal[0]


NOT_CALLABLE = 3
