"""A full classic-family state consistent with one seat's view: a determinization.

The seat knows its hand, every tableau, the discard pile, the memo cards set aside
(SETUP-MEMO) and how many cards each other hand and the draw pile hold. The cards it has
not seen (the box at this seat count, BOX-BY-SEATS, less all of those) are dealt at
random into the other hands, each keeping its size, and the draw pile; a seat asked by
an open coup-fourré window holds the safety that answers it. The result
depends on the view and ``rng`` alone, never on the hidden cards of a real state.
"""

from __future__ import annotations

from millebornes.core.errors import MalformedInput
from millebornes.core.hidden import deal_unseen, unseen
from millebornes.core.shuffle import SplitMix64
from millebornes.families.classic.cards import SAFETY_OF, Card
from millebornes.families.classic.state import State
from millebornes.families.classic.view import ClassicView, seat_view


def unseen_cards(view: ClassicView) -> list[Card]:
    """The cards ``view.seat`` has not seen: in the other hands or the draw pile."""
    seen = [*view.hand, *view.discard_pile, *view.rules.memo_cards(view.players)]
    for tableau in view.tableaus:
        seen += tableau.cards()
    box = [card for card, n in view.rules.box_for(view.players) for _ in range(n)]
    return unseen(box, seen)


def determinize(source: State | ClassicView, seat: int, rng: SplitMix64) -> State:
    """A state ``seat`` could be in, given its view of ``source`` (a state or the view
    itself): the unseen cards dealt at random into the other hands and the draw pile."""
    view = source if isinstance(source, ClassicView) else seat_view(source, seat)
    if view.seat != seat:
        raise MalformedInput(f"seat: the view is seat {view.seat}'s, not seat {seat}'s")
    sizes = [None if s == seat else n for s, n in enumerate(view.hand_sizes)]
    # A coup-fourré window asks only a seat that holds the safety (CF-WINDOW): it is
    # open, so the table knows that much of the asked seat's hand.
    holds = {}
    if view.pending_hazard is not None and view.actor is not None and view.actor != seat:
        holds[view.actor] = SAFETY_OF[view.pending_hazard]
    hands, draw_pile = deal_unseen(unseen_cards(view), sizes, view.draw_count, rng, holds)
    return State(
        edition=view.edition,
        options=view.options,
        players=view.players,
        phase=view.phase,
        actor=view.actor,
        turn=view.turn,
        dealer=view.dealer,
        round_number=view.round_number,
        draw_pile=draw_pile,
        discard_pile=view.discard_pile,
        hands=tuple(view.hand if hand is None else hand for hand in hands),
        tableaus=view.tableaus,
        set_aside=view.rules.memo_cards(view.players),
        pending_hazard=view.pending_hazard,
        extended_by=view.extended_by,
        scores=view.scores,
    )
