"""What the race families' loaders share (Fun & Speed, As du Volant): the order of the
checks a state from outside must pass, the well-formedness checks every family words
alike, and liveness. Each family names its own checks (spec/conformance/malformed.md)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

S = TypeVar("S")


def load_problems(
    state: S,
    shape: Callable[[S], list[str]],
    checks: Mapping[str, Callable[[S], list[str]]],
    liveness: str,
) -> list[str]:
    """Everything that keeps ``state`` from being loaded: its shape first (``shape``, whose
    problems stop there, since the invariants read through it), then ``ID: problem`` for
    every broken state invariant of ``checks``, ``liveness`` last: it runs the engine, so
    it is asked only of a state every other check found sound. Empty when it may load."""
    problems = shape(state)
    if problems:
        return problems
    for invariant, check in checks.items():
        if invariant == liveness and problems:
            break
        problems += [f"{invariant}: {problem}" for problem in check(state)]
    return problems


def seat_problems(
    check: str, players: int, named: Mapping[str, int | None], winners: Sequence[int]
) -> list[str]:
    """``check``'s problems with the seats a state names: each of ``named`` (null allowed)
    and every winner must be a seat of a ``players``-seat game."""
    problems = [
        f"{check}: {name} {seat} is not a seat"
        for name, seat in named.items()
        if seat is not None and not 0 <= seat < players
    ]
    if any(not 0 <= seat < players for seat in winners):
        problems.append(f"{check}: winners {list(winners)} are not all seats")
    return problems


def hand_order_problems(check: str, hands: Sequence[Sequence[Any]]) -> list[str]:
    """``check``'s problems with the hands: each is written in card order, its one form."""
    return [
        f"{check}: hand {seat} is not in card order"
        for seat, hand in enumerate(hands)
        if list(hand) != sorted(hand)
    ]


def liveness_check(legal_actions: Callable[[Any], Sequence[object]]) -> Callable[[Any], list[str]]:
    """A family's liveness invariant over its ``legal_actions``."""

    def actor_can_act(state: Any) -> list[str]:
        """The seat expected to act has at least one legal action: no state of the game is a
        dead end before it is over."""
        if state.actor is None or legal_actions(state):
            return []
        return [f"seat {state.actor} has no legal action in phase {state.phase}"]

    return actor_can_act
