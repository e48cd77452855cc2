"""The two ways an input can be refused.

An *illegal action* is a well-formed move that the rules forbid: it names the rule
IDs it breaks. *Malformed input* is something that is not a move or a state at
all (an unknown card, a seat that does not exist, JSON of the wrong shape, a state
that fails validation). Keeping them apart lets a caller tell a rules dispute from
a bug in its own code.
"""

from __future__ import annotations


class MilleBornesError(Exception):
    """Base class of the engine's errors."""


class IllegalAction(MilleBornesError):
    """A well-formed action that breaks the rules; the state it was tried on is unchanged.

    ``action`` is the family's own action (the core names no family, so it is typed as
    any object); ``rule_ids`` are the rules it breaks, in table order."""

    def __init__(self, action: object, rule_ids: tuple[str, ...]) -> None:
        self.action = action
        self.rule_ids = rule_ids
        super().__init__(f"illegal action {action}: breaks {', '.join(rule_ids)}")


class MalformedInput(MilleBornesError, ValueError):
    """Input that is not a valid card, seat, action or state; says what is wrong."""
