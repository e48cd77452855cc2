"""A full Fun & Speed state consistent with one seat's view: a determinization.

The seat knows its hand, every zone, the discard pile, the cards out of play, the attack
travelling in an open window and how many cards each other hand and the draw pile hold.
The cards it has not seen (the box, FS-BOX, less all of those) are dealt at random into
the other hands, each keeping its size, and the draw pile; the seed of the reshuffles to
come, which no seat knows (RUL-FS-RESHUFFLE-SEED), is drawn at random too. The result
depends on the view and ``rng`` alone.
"""

from __future__ import annotations

from millebornes.core.errors import MalformedInput
from millebornes.core.hidden import deal_unseen, unseen
from millebornes.core.shuffle import SplitMix64
from millebornes.families.funspeed.cards import DATA, FsCard
from millebornes.families.funspeed.state import FsState
from millebornes.families.funspeed.view import FunSpeedView, seat_view


def unseen_cards(view: FunSpeedView) -> list[FsCard]:
    """The cards ``view.seat`` has not seen: in the other hands or the hidden draw pile."""
    seen = [*view.hand, *view.discard_pile, *view.removed]
    for zone in view.zones:
        seen += zone.cards()
    if view.pending is not None:
        seen.append(view.pending)
    return unseen(DATA.deck(), seen)


def determinize(source: FsState | FunSpeedView, seat: int, rng: SplitMix64) -> FsState:
    """A state ``seat`` could be in, given its view of ``source`` (a state or the view
    itself): the unseen cards dealt at random into the other hands and the draw pile."""
    view = source if isinstance(source, FunSpeedView) else seat_view(source, seat)
    if view.seat != seat:
        raise MalformedInput(f"seat: the view is seat {view.seat}'s, not seat {seat}'s")
    sizes = [None if s == seat else n for s, n in enumerate(view.hand_sizes)]
    hands, draw_pile = deal_unseen(unseen_cards(view), sizes, view.draw_count, rng)
    # Half the 64-bit range: the k-th reshuffle uses seed + k, which must stay a valid seed.
    seed = rng.next_u64() >> 1
    return FsState(
        players=view.players,
        phase=view.phase,
        actor=view.actor,
        turn=view.turn,
        draw_pile=draw_pile,
        discard_pile=view.discard_pile,
        removed=view.removed,
        hands=tuple(view.hand if hand is None else hand for hand in hands),
        zones=view.zones,
        pending=view.pending,
        source=view.source,
        layer=view.layer,
        announced=view.announced,
        tied=view.tied,
        seed=seed,
        reshuffles=view.reshuffles,
        winners=view.winners,
    )
