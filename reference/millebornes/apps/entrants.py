"""Who may enter a tournament: a bot of the roster by name, or any Python callable.

The bot interface for authors: name ``module:attribute`` on the command line
(``--bots greedy,mymod:choose``), where the attribute is

- a function of the seat's view, ``choose(view) -> action``, or of the view and the
  legal actions, ``choose(view, legal) -> action`` (the view is the family's: see
  :func:`millebornes.apps.bots.seat_view`; the action must be one of the legal actions
  of the state, :func:`millebornes.legal_actions`);
- or a class taking a seed, whose instances have ``decide(view, legal) -> action`` (the
  :class:`~millebornes.apps.bots.Bot` protocol).

The module must be importable where the games are played (``PYTHONPATH``, and on every
Dask worker). An action that is not legal ends the tournament with an error naming the bot.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence
from typing import Any

from millebornes.apps.bots import Bot, _Seated
from millebornes.apps.roster import BOTS
from millebornes.apps.search import Budget, SearchBot
from millebornes.core.errors import MalformedInput


class CallableBot(_Seated):
    """A bot made of a function of the view (and, if it takes two arguments, the legal
    actions); what it returns is checked against the legal actions."""

    def __init__(self, name: str, function: Callable[..., Any], seed: int = 0) -> None:
        super().__init__(seed)
        self.name = name
        self._function = function
        self._with_legal = _takes_two(function)

    def decide(self, view: Any, legal: Sequence[Any]) -> Any:
        arguments = (view, tuple(legal)) if self._with_legal else (view,)
        try:
            action = self._function(*arguments)
        except Exception as error:  # a bot from outside: one line, no traceback
            raise MalformedInput(
                f"bot {self.name}: failed: {type(error).__name__}: {error}"
            ) from None
        if action not in legal:
            raise MalformedInput(f"bot {self.name}: chose {action!r}, not a legal action")
        return action


def _takes_two(function: Callable[..., Any]) -> bool:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):  # a builtin without a signature: the view alone
        return False
    positional = [p for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    return len(positional) >= 2 or any(p.kind is p.VAR_POSITIONAL for p in parameters)


def _imported(spec: str) -> Any:
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise MalformedInput(f"bots: {spec!r} is neither a known bot nor module:function")
    try:
        module = importlib.import_module(module_name)
    except Exception as error:  # any import failure of the author's module is one line
        raise MalformedInput(f"bots: cannot import {module_name!r}: {error}") from None
    target: Any = module
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise MalformedInput(f"bots: {module_name!r} has no {attribute!r}")
        target = getattr(target, part)
    if not callable(target):
        raise MalformedInput(f"bots: {spec} is not callable")
    return target


def entrant(spec: str, budget: Budget | None = None) -> Callable[[int], Bot]:
    """The constructor (by seed) of the bot ``spec`` names: a roster name (the search
    bots given ``budget`` instead of their level's, when one is given) or
    ``module:attribute`` (see the module's docstring)."""
    if spec in BOTS:
        if budget is not None and spec.startswith("search"):
            return lambda seed: SearchBot(seed, budget)
        return BOTS[spec]
    if ":" not in spec:
        known = ", ".join(BOTS)
        raise MalformedInput(f"bots: unknown bot {spec!r} (known: {known}, or module:function)")
    target = _imported(spec)
    if inspect.isclass(target):
        if not callable(getattr(target, "decide", None)):
            raise MalformedInput(f"bots: the class {spec} has no decide(view, legal)")
        factory: Callable[[int], Any] = target
        return lambda seed: _named(factory(seed), spec)
    return lambda seed: CallableBot(spec, target, seed)


def _named(bot: Any, spec: str) -> Bot:
    """An author's bot instance used at the table through :meth:`_Seated.choose`."""
    return CallableBot(spec, bot.decide, 0)
