"""The closed union of actions. Each names the seat that takes it."""

from __future__ import annotations

from dataclasses import dataclass

from millebornes.families.classic.cards import Card


@dataclass(frozen=True, slots=True)
class Deal:
    """The dealer shuffles and deals: ``deck`` is the shuffled order, first card dealt first."""

    seat: int
    deck: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile (TURN-DRAW)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Play:
    """Lay ``card`` on the tableau of team ``target``."""

    seat: int
    card: Card
    target: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` face up on the discard pile."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class CoupFourre:
    """Lay ``card``, the safety matching the hazard just laid, as a coup-fourré."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class Decline:
    """Let the hazard just laid stand (CF-DECLINE)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Extension:
    """Stop at the short goal and win (``extend=False``) or call the extension (EXT-DECISION)."""

    seat: int
    extend: bool


Action = Deal | Draw | Play | Discard | CoupFourre | Decline | Extension

ACTION_ORDER: tuple[type, ...] = (Deal, Draw, Play, Discard, CoupFourre, Decline, Extension)
"""Canonical order of action kinds in ``legal_actions``."""
