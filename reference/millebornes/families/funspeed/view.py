"""What one seat may see of a Fun & Speed game: the seat's view, for bots.

A seat sees its own hand, every zone (FS-ZONE), the discard pile (face up,
FS-DISCARD), the cards out of play, the number of cards in each hand and in the draw
pile, and the open window (RUL-FS-WINDOWS). It never sees another seat's hand
(FS-HANDS-SECRET), the draw pile's order or the seed that orders the reshuffles to come
(RUL-FS-RESHUFFLE-SEED): two states that differ only there give the seat the same
:class:`FunSpeedView`.

One action reads an opponent's hand by the rules themselves: the Police, whose player
takes "a card of his choice" from that hand (FS-POLICE). :func:`public_key` names an
action without what the seat cannot know before playing it, so a bot chooses whether
to play the Police, and on whom, from the view alone.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from millebornes.families.funspeed.actions import FsAction, Police
from millebornes.families.funspeed.cards import FsCard
from millebornes.families.funspeed.state import FsPhase, FsState, Zone


@dataclass(frozen=True, slots=True)
class FunSpeedView:
    """One seat's view of a Fun & Speed game (every field is public but ``hand``)."""

    seat: int
    players: int
    phase: FsPhase
    actor: int | None
    turn: int
    hand: tuple[FsCard, ...]
    """The seat's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    draw_count: int
    """How many cards the draw pile holds (never their order)."""
    discard_pile: tuple[FsCard, ...]
    """Face up, top card last."""
    removed: tuple[FsCard, ...]
    zones: tuple[Zone, ...]
    pending: FsCard | None
    source: int | None
    layer: int | None
    announced: bool
    tied: tuple[int, ...]
    reshuffles: int
    winners: tuple[int, ...]
    goal: int


def seat_view(state: FsState, seat: int) -> FunSpeedView:
    """What ``seat`` may see of ``state``."""
    return FunSpeedView(
        seat=seat,
        players=state.players,
        phase=state.phase,
        actor=state.actor,
        turn=state.turn,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        draw_count=len(state.draw_pile),
        discard_pile=state.discard_pile,
        removed=state.removed,
        zones=state.zones,
        pending=state.pending,
        source=state.source,
        layer=state.layer,
        announced=state.announced,
        tied=state.tied,
        reshuffles=state.reshuffles,
        winners=state.winners,
        goal=state.goal,
    )


def public_key(action: FsAction) -> Hashable:
    """``action`` as its player knows it before playing it: a Police is known by its target
    only (the card taken is chosen once the hand is seen, FS-POLICE); any other action is
    known whole."""
    if isinstance(action, Police):
        return ("police", action.seat, action.target)
    return action
