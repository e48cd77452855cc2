"""The Fun & Speed state invariants: pure predicates over one state, each under its ID.

As in :mod:`millebornes.families.classic.state_checks`, each returns the problems it
finds in words (empty when the state satisfies it) and its docstring is the text of its
invariant in spec/invariants.md. They are the family's boundary too: a state read from
outside is refused unless every one holds
(:func:`millebornes.families.funspeed.validate.load_problems`), and the invariants
catalogue lists these same functions (:data:`STATE_CHECKS`). They assume a well-formed
state (one hand and one zone per seat, seats that exist: LOAD-FS-SEATS).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from types import MappingProxyType

from millebornes.core.loading import liveness_check
from millebornes.families.funspeed.cards import DATA, IS_RADAR, KIND, SAFETY_OF, SINGLE_USE, Kind
from millebornes.families.funspeed.engine import legal_actions
from millebornes.families.funspeed.rules import receivable
from millebornes.families.funspeed.state import WINDOWS, FsPhase, FsState

HAND = DATA.hand_size


def card_conservation(state: FsState) -> list[str]:
    """Every card of the 66-card box is in exactly one place: the draw pile, the discard
    pile, the cards removed from play, a hand, a zone (Bornes with their Accélérateurs,
    safeties, the standing attack and Radar) or, in an attack window, the attack
    travelling."""
    counts, box = Counter(state.all_cards()), Counter(dict(DATA.box))
    if counts == box:
        return []
    gained = {card.name: n for card, n in (counts - box).items()}
    lost = {card.name: n for card, n in (box - counts).items()}
    return [f"the cards are not the box's: gained {gained} and lost {lost}"]


def hand_sizes(state: FsState) -> list[str]:
    """Between turns every hand holds four cards; at the play step the player whose turn
    it is holds five (the four of every turn's start and the card drawn, 001 §COMMENT
    JOUER: « Vous avez maintenant 5 cartes en main ») and everyone else four; in an attack
    window nobody holds more than four, and only the seats it is about (the turn's player,
    the seat asked, the attack's source) hold fewer; in a Borne window everyone holds four
    but the layer, who holds two to four; in a Hold Up window everyone holds four."""
    if state.phase is FsPhase.OVER:
        return [
            f"seat {s} holds {len(h)} cards" for s, h in enumerate(state.hands) if len(h) > HAND + 1
        ]
    involved = {state.turn, state.actor, state.source, state.layer}
    problems = []
    for seat, hand in enumerate(state.hands):
        size = len(hand)
        if state.phase is FsPhase.DRAW:
            wrong = size != HAND
        elif state.phase is FsPhase.PLAY and seat == state.actor:
            wrong = size != HAND + 1
        elif state.phase is FsPhase.BORNE and seat == state.layer:
            # the Borne and up to two Accélérateurs were laid from five
            wrong = not HAND - DATA.max_accelerators <= size <= HAND
        elif state.phase is not FsPhase.ATTACK or seat not in involved:
            # a Hold Up window opens after the turn's refill, or after a safety laid from
            # five on one's own turn; nobody reacts with a card of the hand in a Borne
            # window without ending the turn
            wrong = size != HAND
        else:
            wrong = size > HAND
        if wrong:
            problems.append(f"seat {seat} holds {size} cards in phase {state.phase}")
    return problems


def zone_contents(state: FsState) -> list[str]:
    """Every zone holds only what it may: Bornes (distance cards, each with none to two
    Accélérateurs) as its distance, distinct safeties as its safeties with the
    coup-fourré marks among them, one attack other than Radar in its attack slot and a
    Radar in its Radar slot; the cards removed from play are single-use specials."""
    problems = []
    for seat, zone in enumerate(state.zones):
        where = f"zone {seat}"
        for card, boost in zone.distance:
            if KIND[card] is not Kind.DISTANCE:
                problems.append(f"{where} counts {card.name} as a Borne")
            if not 0 <= boost <= DATA.max_accelerators:
                problems.append(f"{where} has a Borne with {boost} Accélérateurs")
        if any(KIND[card] is not Kind.SAFETY for card in zone.safeties):
            problems.append(f"{where} has a non-safety among its safeties")
        if len(set(zone.safeties)) != len(zone.safeties):
            problems.append(f"{where} laid a safety twice")
        marks = zone.coups_fourres
        if len(set(marks)) != len(marks) or not set(marks) <= set(zone.safeties):
            problems.append(f"{where} has a coup-fourré mark on a safety it did not lay")
        if zone.attack is not None and (
            KIND[zone.attack] is not Kind.ATTACK or IS_RADAR[zone.attack]
        ):
            problems.append(f"{where} has {zone.attack.name} standing as its attack")
        if zone.radar is not None and not IS_RADAR[zone.radar]:
            problems.append(f"{where} has {zone.radar.name} in its Radar slot")
    removed = sorted({card.name for card in state.removed if not SINGLE_USE[card]})
    if removed:
        problems.append(f"{removed} removed from play, though not single-use")
    return problems


def immunity(state: FsState) -> list[str]:
    """No attack stands on a zone holding the safety that protects from it (a safety laid
    cures the matching attacks, and no attack is laid on an immune zone)."""
    return [
        f"zone {seat}: {attack.name} stands beside its safety"
        for seat, zone in enumerate(state.zones)
        for attack in (zone.attack, zone.radar)
        if attack is not None and SAFETY_OF[attack] in zone.safeties
    ]


def one_actor(state: FsState) -> list[str]:
    """One seat acts until the game is over, and it is the right one: at the draw and the
    play step, the player whose turn it is; in an attack window the target, the attack
    coming from the other seat of the exchange, one of them the turn's player; in a Borne
    window an opponent of the layer, whose turn it is; in a Hold Up window any seat (the
    seat whose action changed the totals is asked last)."""
    phase, actor, turn = state.phase, state.actor, state.turn
    if (phase is FsPhase.OVER) != (actor is None):
        return [f"actor {actor} in phase {phase}"]
    if phase in (FsPhase.DRAW, FsPhase.PLAY) and actor != turn:
        return [f"seat {actor} acts in seat {turn}'s turn"]
    if phase is FsPhase.ATTACK and (actor == state.source or turn not in (actor, state.source)):
        return [f"attack window asking seat {actor} from seat {state.source} in seat {turn}'s turn"]
    if phase is FsPhase.BORNE and state.layer != turn:
        return [f"seat {state.layer} laid a Borne in seat {turn}'s turn"]
    if phase is FsPhase.BORNE and actor == state.layer:
        return [f"the Borne window asks its own layer, seat {actor}"]
    return []


def windows(state: FsState) -> list[str]:
    """A window holds exactly what opened it: an attack window an attack travelling, from
    its source, that its target could receive (not immune, its slot free); a Borne window
    the seat that laid the Borne, whose zone holds it; a Hold Up window the seat whose
    action changed the race totals, and the ties that change made, each seat of a tie above
    zero and level with another (RUL-FS-HOLDUP); no ties outside a Hold Up window; outside
    a Borne window every Borne counts as announced."""
    phase, problems = state.phase, []
    in_attack = phase is FsPhase.ATTACK
    if (state.pending is not None) != in_attack or (state.source is not None) != in_attack:
        problems.append(f"pending {state.pending} from seat {state.source} in phase {phase}")
    if (state.layer is not None) != (phase in WINDOWS[1:]):
        problems.append(f"layer {state.layer} in phase {phase}")
    if problems:
        return problems
    pending, actor = state.pending, state.actor
    if in_attack and pending is not None and actor is not None:
        if KIND[pending] is not Kind.ATTACK:
            problems.append(f"the attack window is about {pending.name}, not an attack")
        elif not receivable(state, pending, actor):
            problems.append(f"seat {actor} cannot receive {pending.name}")
    if phase is FsPhase.BORNE and state.layer is not None and not state.zones[state.layer].distance:
        problems.append(f"seat {state.layer} opened a Borne window without a Borne")
    km = [zone.km for zone in state.zones]
    if state.tied and phase is not FsPhase.HOLDUP:
        problems.append(f"ties {list(state.tied)} outside a Hold Up window")
    if list(state.tied) != sorted(set(state.tied)) or any(
        km[s] <= 0 or km.count(km[s]) < 2 for s in state.tied
    ):
        problems.append(f"ties {list(state.tied)} at totals {km}")
    if not state.announced and phase is not FsPhase.BORNE:
        problems.append(f"an unannounced Borne in phase {phase}")
    return problems


def goal_and_winners(state: FsState) -> list[str]:
    """While play goes on nobody has won and nobody is at the goal, but the layer of a
    Borne still in its window; the game is over with its winners sorted and distinct:
    every seat at or past the goal, or when nobody reached it, once the piles ran out, the
    seats with the greatest total."""
    km = [zone.km for zone in state.zones]
    reached = tuple(seat for seat, value in enumerate(km) if value >= state.goal)
    if state.phase is not FsPhase.OVER:
        problems = [f"winners {list(state.winners)} while play goes on"] if state.winners else []
        early = [s for s in reached if not (state.phase is FsPhase.BORNE and s == state.layer)]
        problems += [
            f"seat {s} is at {km[s]} km, the goal {state.goal}, but play goes on" for s in early
        ]
        return problems
    winners = state.winners
    if list(winners) != sorted(set(winners)) or not winners:
        return [f"the game is over with winners {list(winners)}"]
    if reached:
        return (
            []
            if winners == reached
            else [f"winners {list(winners)}, but {list(reached)} reached the goal"]
        )
    best = tuple(seat for seat, value in enumerate(km) if value == max(km))
    if winners != best:
        return [f"winners {list(winners)}, but {list(best)} went farthest"]
    if state.draw_pile or (state.discard_pile and state.reshuffles < DATA.max_reshuffles):
        return ["the game ended with nobody at the goal while cards were left to draw"]
    return []


def draw_pile(state: FsState) -> list[str]:
    """A turn starts with cards in the draw pile: an empty pile is replaced by the
    reshuffled discard pile, or the game ends (RUL-FS-EMPTY-PILE, FS-GUARD-END); the
    discard pile is reshuffled at most ``max_reshuffles`` times."""
    problems = []
    if state.phase is FsPhase.DRAW and not state.draw_pile:
        problems.append("a draw is expected from an empty draw pile")
    if state.reshuffles > DATA.max_reshuffles:
        problems.append(f"{state.reshuffles} reshuffles, over {DATA.max_reshuffles}")
    return problems


actor_can_act = liveness_check(legal_actions)
"""INV-FS-ACTOR-CAN-ACT, shared by the race families (:mod:`millebornes.core.loading`)."""


STATE_CHECKS: Mapping[str, Callable[[FsState], list[str]]] = MappingProxyType(
    {
        "INV-FS-CARD-CONSERVATION": card_conservation,
        "INV-FS-HAND-SIZE": hand_sizes,
        "INV-FS-ZONES": zone_contents,
        "INV-FS-IMMUNITY": immunity,
        "INV-FS-ONE-ACTOR": one_actor,
        "INV-FS-WINDOWS": windows,
        "INV-FS-GOAL": goal_and_winners,
        "INV-FS-DRAW-PILE": draw_pile,
        "INV-FS-ACTOR-CAN-ACT": actor_can_act,
    }
)
"""Every Fun & Speed state invariant of spec/invariants.md by its ID; the liveness check
comes last, since it runs the engine on a state the others have found sound."""
