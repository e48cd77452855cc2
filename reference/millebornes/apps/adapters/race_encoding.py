"""What the adapters of the two race families share: the codec interface, tensor layouts
and the win/loss and points utilities. Framework-free, like :mod:`.encoding`.

Fun & Speed (:mod:`.funspeed_encoding`) and As du Volant (:mod:`.asduvolant_encoding`)
are played through the neutral API (:func:`millebornes.new_game`,
:func:`millebornes.legal_actions`, :func:`millebornes.apply`, …). Each family has a
*codec* for one seat count and option set: its fixed action table, its observation
layout, its utilities. :func:`.race_codecs.codec_for` finds it from an edition id.

Everyone plays alone in both families, so seats and players coincide; seats in tensors
and action targets are *relative* (offset 0 is the observer or actor, 1 the next seat
to its left, …), so one policy can sit in any seat.

Before the deal is complete there is no engine state (the OpenSpiel game deals the
deck card by card as chance outcomes); ``state`` is then ``None`` and a :class:`Deal`
says what the observer holds so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import millebornes as mb
from millebornes.core.errors import MalformedInput

State = Any
Action = Any

MAX_MOVES = {"fun-speed": 3000, "as-du-volant": 20000}
"""Player moves after which the adapters stop a game of that family without a result
(every return 0; PettingZoo reports a truncation). No rule limits a game's length:
a Fun & Speed player may take the discard and discard again for ever, and random
As du Volant play at six seats can run thousands of moves."""


@dataclass(frozen=True, slots=True)
class Deal:
    """What a seat sees during a card-by-card deal: its cards so far and the rest."""

    hand: tuple[Any, ...]
    hand_sizes: tuple[int, ...]
    to_deal: int


class Layout:
    """Named, consecutive parts of a flat tensor."""

    def __init__(self, parts: Sequence[tuple[str, int]]) -> None:
        self.parts = tuple(parts)
        self.at: dict[str, int] = {}
        start = 0
        for name, size in self.parts:
            self.at[name] = start
            start += size
        self.size = start

    def zeros(self) -> list[float]:
        return [0.0] * self.size


def win_utilities(players: int, winners: Sequence[int]) -> tuple[float, ...]:
    """Zero-sum win/loss: a lone winner +1, each loser -1/(n-1) (so ±1 at two seats);
    with w winners, each gets (n-w)/(n-1) and each loser -w/(n-1); no winner, all 0."""
    w = len(winners)
    if w == 0:
        return (0.0,) * players
    win, loss = (players - w) / (players - 1), -w / (players - 1)
    return tuple(win if seat in winners else loss for seat in range(players))


def lead_utilities(points: Sequence[int]) -> tuple[float, ...]:
    """Zero-sum points: each seat's points minus the mean of all seats' points."""
    mean = sum(points) / len(points)
    return tuple(float(p - mean) for p in points)


def rel(seat: int, observer: int, players: int) -> int:
    """``seat`` relative to ``observer``: 0 itself, 1 its left, …"""
    return (seat - observer) % players


def fill_shared(
    out: list[float],
    at: dict[str, int],
    seat: int,
    *,
    players: int,
    state: Any | None,
    deal: Deal | None,
    phases: Sequence[Any],
) -> bool:
    """Write what both race families show a seat the same way: while dealing, its hand
    so far, the hand sizes and the cards left to deal; once dealt, the phase, who acts
    and whose turn it is (counted from the seat), its hand, every hand's size, the draw
    pile's size and the discard pile (counts and top). True when the game is dealt and
    the family has its own fields to add."""
    n = players
    if state is None:
        if deal is None:
            raise ValueError("an observation needs a state or the deal so far")
        out[at["dealing"]] = 1.0
        for card in deal.hand:
            out[at["hand"] + card] += 1.0
        for k in range(n):
            out[at["hand_sizes"] + k] = float(deal.hand_sizes[(seat + k) % n])
        out[at["draw_pile"]] = float(deal.to_deal)
        return False
    out[at["phase"] + phases.index(state.phase)] = 1.0
    if state.actor is not None:
        out[at["actor"] + rel(state.actor, seat, n)] = 1.0
    out[at["turn"] + rel(state.turn, seat, n)] = 1.0
    for card in state.hands[seat]:
        out[at["hand"] + card] += 1.0
    for k in range(n):
        out[at["hand_sizes"] + k] = float(len(state.hands[(seat + k) % n]))
    out[at["draw_pile"]] = float(len(state.draw_pile))
    for card in state.discard_pile:
        out[at["discard_counts"] + card] += 1.0
    if state.discard_pile:
        out[at["discard_top"] + state.discard_pile[-1]] = 1.0
    return True


class Codec:
    """The interface both race families' codecs offer (see their modules for layouts)."""

    edition: str
    players: int
    options: tuple[str, ...]
    size: int
    """How many distinct action indices there are."""
    layout: Layout
    deck: tuple[Any, ...]
    """The cards of a game in box order (what the shuffle permutes)."""
    kinds: tuple[Any, ...]
    """Every card kind, by index: chance outcome ``i`` deals ``kinds[i]``."""
    hand_size: int
    seed_bytes: int = 0
    """Chance outcomes of 256 each drawn after the deck: the seed of later reshuffles."""
    max_utility: float

    def new_game(self, order: Sequence[Any], seed: int) -> State:
        given = seed if self.seed_bytes else None  # only As du Volant reshuffles from a seed
        return mb.new_game(self.edition, self.players, self.options, seed=given, deck=order)

    # --- actions -------------------------------------------------------------------

    def index(self, action: Action) -> int:
        raise NotImplementedError

    def name(self, index: int) -> str:
        raise NotImplementedError

    def legal(self, state: State, partial: tuple[int, ...] = ()) -> list[int]:
        """The legal indices, ascending, after the first steps ``partial`` of a move."""
        return sorted({self.index(a) for a in mb.legal_actions(state)})

    def step(
        self, state: State, partial: tuple[int, ...], index: int
    ) -> tuple[tuple[int, ...], Action | None]:
        """Index ``index`` chosen after ``partial``: (the partial move, None) while the
        move needs more choices, else ((), the engine action)."""
        seat = mb.actor(state)
        assert seat is not None  # a move is chosen only while someone acts
        return (), self.action(index, seat)

    def action(self, index: int, seat: int) -> Action:
        raise NotImplementedError

    def check_index(self, index: int) -> None:
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise MalformedInput(f"action index {index!r} is not in 0..{self.size - 1}")

    # --- views ---------------------------------------------------------------------

    def observation(
        self, state: State | None, seat: int, partial: tuple[int, ...], deal: Deal | None
    ) -> list[float]:
        raise NotImplementedError

    def observation_string(
        self, state: State | None, seat: int | None, partial: tuple[int, ...], deal: Deal | None
    ) -> str:
        raise NotImplementedError

    def move_lines(
        self, before: State, seat: int, partial: tuple[int, ...], index: int, after: State
    ) -> tuple[str, ...]:
        """What each seat sees of a move: one line per seat."""
        raise NotImplementedError

    def utilities(self, state: State) -> tuple[float, ...]:
        return win_utilities(self.players, mb.winners(state))

    def hands(self, state: State) -> tuple[tuple[Any, ...], ...]:
        return tuple(state.hands)


def hand_line(cards: Sequence[Any]) -> str:
    return " ".join(card.name for card in cards) or "-"


def is_race_edition(edition: object) -> bool:
    """True for Fun & Speed and As du Volant, whose adapters are the race codecs."""
    return edition in ("fun-speed", "as-du-volant")
