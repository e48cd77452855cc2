"""A full As du Volant state consistent with one seat's view: a determinization.

The seat knows its hand, the board and every car, the discard pile and how many cards
each other hand and the draw pile hold. The cards it has not seen (the game's deck,
AV-BOX and AV-SMALL-DECK, less its hand, the discard pile and the safeties beside the
board) are dealt at random into the other hands, each keeping its size, and the draw
pile; a seat asked by an open window holds the card that lets it answer. The seed that
orders the reshuffles to come (RUL-AV-RESHUFFLE-SEED) is hidden too: it is drawn from
``rng``. The result depends on the view and ``rng`` alone.
"""

from __future__ import annotations

from millebornes.core.errors import MalformedInput
from millebornes.core.hidden import deal_unseen, unseen
from millebornes.core.shuffle import SplitMix64
from millebornes.families.asduvolant.cards import DATA, SAFETY_OF, AvCard
from millebornes.families.asduvolant.state import AvPhase, AvState
from millebornes.families.asduvolant.view import AsDuVolantView, seat_view


def unseen_cards(view: AsDuVolantView) -> list[AvCard]:
    """The cards ``view.seat`` has not seen: in the other hands or the draw pile."""
    seen = [*view.hand, *view.discard_pile]
    for car in view.cars:
        seen += car.safeties
    return unseen(DATA.deck(view.players), seen)


def _held(view: AsDuVolantView) -> dict[int, AvCard]:
    """What an open window tells of the asked seat's hand: it holds the safety against
    the attack (RUL-AV-CF-WINDOW) or a Demi-tour (RUL-AV-UTURN-WINDOW)."""
    asked = view.actor
    if asked is None or asked == view.seat:
        return {}
    safety = SAFETY_OF[view.pending] if view.pending is not None else None
    if view.phase is AvPhase.COUP_FOURRE and safety is not None:
        return {asked: safety}
    if view.phase is AvPhase.U_TURN:
        return {asked: AvCard.U_TURN}
    return {}


def determinize(source: AvState | AsDuVolantView, seat: int, rng: SplitMix64) -> AvState:
    """A state ``seat`` could be in, given its view of ``source`` (a state or the view
    itself): the unseen cards dealt at random into the other hands and the draw pile, and
    a random reshuffle seed."""
    view = source if isinstance(source, AsDuVolantView) else seat_view(source, seat)
    if view.seat != seat:
        raise MalformedInput(f"seat: the view is seat {view.seat}'s, not seat {seat}'s")
    sizes = [None if s == seat else n for s, n in enumerate(view.hand_sizes)]
    hands, draw_pile = deal_unseen(unseen_cards(view), sizes, view.draw_count, rng, _held(view))
    # Half the 64-bit range: the reshuffle k uses seed + k, which must stay a valid seed.
    seed = rng.next_u64() >> 1
    return AvState(
        players=view.players,
        options=view.options,
        board=view.board,
        seed=seed,
        phase=view.phase,
        actor=view.actor,
        turn=view.turn,
        draw_pile=draw_pile,
        discard_pile=view.discard_pile,
        hands=tuple(view.hand if hand is None else hand for hand in hands),
        cars=view.cars,
        supply=view.supply,
        taken=view.taken,
        plays=view.plays,
        played=view.played,
        forced=view.forced,
        stuck=view.stuck,
        pending=view.pending,
        source=view.source,
        mover=view.mover,
        origin=view.origin,
        moved=view.moved,
        resume=view.resume,
        reshuffles=view.reshuffles,
        winners=view.winners,
    )
