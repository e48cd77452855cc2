"""The count abstraction of a state: how many cards of each kind lie in each zone.

Piles keep only their top card (the only one that has any effect, PILE-BATTLE,
PILE-SPEED); hands and the draw pile keep only counts (order in a hand carries no
meaning, and the order of the draw pile is chance). Everything a precondition or
a bound needs is kept. :func:`abstract` maps an engine state to this form with
Python integers; :func:`symbolic` builds the same form out of z3 variables.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

import z3

from millebornes.families.classic import State
from millebornes_invariants.z3model.algebra import Num
from millebornes_invariants.z3model.setting import KINDS, NONE, Setting, phase_code, setting


@dataclass(frozen=True, slots=True)
class Abstract:
    phase: Num
    """Code of the phase (:data:`~.setting.PHASES`)."""
    actor: Num
    """The seat expected to act, :data:`~.setting.NONE` once the match is over."""
    turn: Num
    dealer: Num
    pending: Num
    """The hazard of an open coup-fourré window, or NONE."""
    extended_by: Num
    """The team that called the extension this round (EXT-DECISION), or NONE."""
    draw: tuple[Num, ...]
    """Cards of each kind in the draw pile."""
    discard: tuple[Num, ...]
    set_aside: tuple[Num, ...]
    hands: tuple[tuple[Num, ...], ...]
    """Per seat, cards of each kind."""
    tableau: tuple[tuple[Num, ...], ...]
    """Per team, cards of each kind on its tableau (piles, distance, safeties)."""
    marks: tuple[tuple[Num, ...], ...]
    """Per team, the safeties of each kind laid as a coup-fourré."""
    battle_top: tuple[Num, ...]
    speed_top: tuple[Num, ...]
    scores: tuple[Num, ...]

    def variables(self) -> tuple[Num, ...]:
        """Every field, flattened in a fixed order (to pair a symbolic with a concrete state)."""
        return (
            self.phase,
            self.actor,
            self.turn,
            self.dealer,
            self.pending,
            self.extended_by,
            *self.draw,
            *self.discard,
            *self.set_aside,
            *chain.from_iterable(self.hands),
            *chain.from_iterable(self.tableau),
            *chain.from_iterable(self.marks),
            *self.battle_top,
            *self.speed_top,
            *self.scores,
        )


def _counts(cards: tuple[object, ...]) -> tuple[int, ...]:
    found = [0] * len(KINDS)
    for card in cards:
        found[int(card)] += 1  # type: ignore[call-overload]
    return tuple(found)


def _top(pile: tuple[object, ...]) -> int:
    return int(pile[-1]) if pile else NONE  # type: ignore[call-overload]


def setting_of(state: State) -> Setting:
    return setting(state.edition, state.players, state.options)


def abstract(state: State) -> Abstract:
    """The counts of a concrete state, as Python integers."""
    return Abstract(
        phase=phase_code(state.phase),
        actor=NONE if state.actor is None else state.actor,
        turn=state.turn,
        dealer=state.dealer,
        pending=NONE if state.pending_hazard is None else int(state.pending_hazard),
        extended_by=NONE if state.extended_by is None else state.extended_by,
        draw=_counts(state.draw_pile),
        discard=_counts(state.discard_pile),
        set_aside=_counts(state.set_aside),
        hands=tuple(_counts(hand) for hand in state.hands),
        tableau=tuple(_counts(t.cards()) for t in state.tableaus),
        marks=tuple(_counts(t.coups_fourres) for t in state.tableaus),
        battle_top=tuple(_top(t.battle) for t in state.tableaus),
        speed_top=tuple(_top(t.speed) for t in state.tableaus),
        scores=state.scores,
    )


def symbolic(s: Setting, name: str) -> Abstract:
    """A state of ``s`` made of fresh z3 integer variables prefixed ``name``."""

    def var(field: str) -> Num:
        return z3.Int(f"{name}.{field}")

    def row(field: str) -> tuple[Num, ...]:
        return tuple(var(f"{field}.{card.name}") for card in KINDS)

    return Abstract(
        phase=var("phase"),
        actor=var("actor"),
        turn=var("turn"),
        dealer=var("dealer"),
        pending=var("pending"),
        extended_by=var("extended_by"),
        draw=row("draw"),
        discard=row("discard"),
        set_aside=row("set_aside"),
        hands=tuple(row(f"hand{seat}") for seat in range(s.players)),
        tableau=tuple(row(f"tableau{team}") for team in range(s.teams)),
        marks=tuple(row(f"marks{team}") for team in range(s.teams)),
        battle_top=tuple(var(f"battle_top{team}") for team in range(s.teams)),
        speed_top=tuple(var(f"speed_top{team}") for team in range(s.teams)),
        scores=tuple(var(f"score{team}") for team in range(s.teams)),
    )
