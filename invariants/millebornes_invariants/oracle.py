"""A brute-force oracle for legality: every conceivable action, judged one by one.

``legal_actions`` builds its candidates cleverly; the oracle builds every
well-formed non-deal action of every seat and keeps those ``violations`` accepts.
Tests compare the two, so the shortcut cannot drift from the precondition tables.
"""

from __future__ import annotations

from millebornes.families.classic import (
    Action,
    Card,
    CoupFourre,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
    State,
    violations,
)


def conceivable_actions(state: State) -> list[Action]:
    """Every well-formed non-deal action of every seat, card and target team."""
    actions: list[Action] = []
    for seat in range(state.players):
        actions += [Draw(seat), Decline(seat), Extension(seat, False), Extension(seat, True)]
        for card in Card:
            actions += [Discard(seat, card), CoupFourre(seat, card)]
            actions += [Play(seat, card, team) for team in range(state.teams)]
    return actions


def legal_by_violations(state: State) -> set[Action]:
    """The conceivable actions that break no rule."""
    return {action for action in conceivable_actions(state) if not violations(state, action)}
