"""What one seat may see of an As du Volant game: the seat's view, for bots.

A seat sees its own hand, the board and every car with its tokens and safeties, the
token supply, the discard pile (face up), the number of cards in each hand and in the
draw pile, and the turn's public facts (plays left, the card taken from the discard
pile, the open window). It never sees another seat's hand (AV-HANDS-SECRET), the draw
pile's order or the seed that orders the reshuffles to come (RUL-AV-RESHUFFLE-SEED): two
states that differ only there give the seat the same :class:`AsDuVolantView`.
"""

from __future__ import annotations

from dataclasses import dataclass

from millebornes.families.asduvolant.cards import AvCard
from millebornes.families.asduvolant.state import AvPhase, AvState, Car
from millebornes.families.asduvolant.track import Board


@dataclass(frozen=True, slots=True)
class AsDuVolantView:
    """One seat's view of an As du Volant game (every field is public but ``hand``)."""

    seat: int
    players: int
    options: frozenset[str]
    board: Board
    phase: AvPhase
    actor: int | None
    turn: int
    hand: tuple[AvCard, ...]
    """The seat's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    draw_count: int
    """How many cards the draw pile holds (never their order)."""
    discard_pile: tuple[AvCard, ...]
    """Face up, top card last."""
    cars: tuple[Car, ...]
    supply: tuple[int, ...]
    taken: AvCard | None
    plays: int
    played: int
    forced: bool
    """Whether every play of the turn so far was a forced discard (RUL-AV-DECLARE)."""
    stuck: int
    pending: AvCard | None
    source: int | None
    mover: int | None
    origin: tuple[int, int] | None
    moved: AvCard | None
    resume: int | None
    """While trimming: the seat that plays next (AV-CF-TURN)."""
    reshuffles: int
    winners: tuple[int, ...]
    goal: int

    def km(self, seat: int) -> int:
        """How far ``seat``'s car stands along the track."""
        return self.board.squares[self.cars[seat].square].km


def seat_view(state: AvState, seat: int) -> AsDuVolantView:
    """What ``seat`` may see of ``state``."""
    return AsDuVolantView(
        seat=seat,
        players=state.players,
        options=state.options,
        board=state.board,
        phase=state.phase,
        actor=state.actor,
        turn=state.turn,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        draw_count=len(state.draw_pile),
        discard_pile=state.discard_pile,
        cars=state.cars,
        supply=state.supply,
        taken=state.taken,
        plays=state.plays,
        played=state.played,
        forced=state.forced,
        stuck=state.stuck,
        pending=state.pending,
        source=state.source,
        mover=state.mover,
        origin=state.origin,
        moved=state.moved,
        resume=state.resume,
        reshuffles=state.reshuffles,
        winners=state.winners,
        goal=state.goal,
    )
