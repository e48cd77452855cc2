"""The transition invariants: pure predicates over one step (state before, action, after).

Some properties cannot be read from a single state: who acts next depends on who
just acted; whether a distance card was laid lawfully depends on the Speed Limit in
force *when* it was laid. These predicates judge a step of the engine against the
rules, restated here independently of the engine's own code.
"""

from __future__ import annotations

from collections import Counter

from millebornes.families.classic import (
    Action,
    Card,
    Category,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Phase,
    Play,
    State,
)
from millebornes.families.classic.cards import CATEGORY, KM, PILE, SAFETY_OF, Pile
from millebornes.families.classic.state_checks import IN_ROUND

OVER = (Phase.ROUND_OVER, Phase.MATCH_OVER)


def _ends_round(before: State, after: State) -> bool:
    return before.phase in IN_ROUND and after.phase in OVER


def scores_grow(before: State, action: Action, after: State) -> list[str]:
    """Scores never decrease within a match, and change only at the step that ends a round."""
    problems = []
    if any(new < old for new, old in zip(after.scores, before.scores, strict=True)):
        problems.append(f"scores went from {before.scores} to {after.scores}")
    if after.scores != before.scores and not _ends_round(before, after):
        problems.append(f"scores changed by {action} although no round ended")
    return problems


# --- who acts next -------------------------------------------------------------------


def _round_may_end(state: State) -> bool:
    """END-GOAL, RUL-ROUND-BLOCKED, END-DISTANCE-EXHAUSTED: a reason for the round to end."""
    if any(t.km == state.goal for t in state.tableaus):
        return True
    if not state.draw_pile and not any(state.hands):
        return True
    if state.rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED"):
        cards = state.draw_pile + tuple(c for hand in state.hands for c in hand)
        return not any(CATEGORY[c] is Category.DISTANCE for c in cards)
    return False


def _passes_to(after: State, seat: int) -> list[str]:
    """The turn went to ``seat`` (TURN-ORDER), or once the draw pile is empty to the first
    seat from there with cards (RUL-EMPTY-DRAW-PILE); or the round ended for a reason."""
    n = after.players
    if after.phase in OVER:
        return [] if _round_may_end(after) else ["the round ended without a reason"]
    expected: int | None = seat % n
    phase = Phase.DRAW
    if not after.draw_pile:
        holders = [(seat + i) % n for i in range(n) if after.hands[(seat + i) % n]]
        expected, phase = (holders[0] if holders else None), Phase.PLAY
    if (after.phase, after.actor) != (phase, expected):
        return [
            f"expected seat {expected} in phase {phase}, got seat {after.actor} in {after.phase}"
        ]
    return []


def _window_or_pass(before: State, action: Play, after: State) -> list[str]:
    """CF-WINDOW, RUL-CF-WHO: a hazard on a team one of whose players holds the matching
    safety opens the window for that player (the first in seat order); else play passes."""
    safety = SAFETY_OF[action.card]
    holders = [s for s in before.members(action.target) if safety in before.hands[s]]
    if not holders:
        return _passes_to(after, action.seat + 1)
    if (after.phase, after.actor) != (Phase.COUP_FOURRE, holders[0]):
        return [f"no coup-fourré window for seat {holders[0]} after {action}"]
    return []


def turn_order(before: State, action: Action, after: State) -> list[str]:
    """Turns pass to the left; a safety laid on one's turn gives another (while the draw
    pile lasts); a hazard opens a coup-fourré window for the attacked player who holds the
    matching safety; a coup-fourré gives the turn to its player, skipping the seats
    between; declining it gives the turn to the attacker's left; the dealer's left starts
    a round."""
    seat = action.seat
    match action:
        case Draw():
            ok = after.phase is Phase.PLAY and after.actor == seat
            return [] if ok else [f"after drawing, seat {after.actor} acts in {after.phase}"]
        case Deal():
            first = (seat + 1) % after.players  # SETUP-FIRST-PLAYER
            return [] if after.actor == first else [f"seat {after.actor} starts, not {first}"]
        case Decline():
            return _passes_to(after, before.turn + 1)  # CF-DECLINE
        case CoupFourre():
            # CF-TURN; RUL-CF-EMPTY-PILE: no turn once the draw pile is empty.
            return _passes_to(after, seat if before.draw_pile else before.turn + 1)
        case Extension(extend=extend):
            if not extend:
                return [] if after.phase in OVER else ["the round goes on after stopping"]
            return _passes_to(after, seat + 1)
        case Play(card=card):
            category = CATEGORY[card]
            if category is Category.SAFETY and before.draw_pile:  # SAFE-EXTRA-TURN
                ok = after.phase is Phase.DRAW and after.actor == seat
                return [] if ok else [f"no extra turn after {card.name}: seat {after.actor}"]
            if category is Category.HAZARD:
                return _window_or_pass(before, action, after)
            if after.phase is Phase.EXTENSION:
                ok = category is Category.DISTANCE and after.actor == seat
                return [] if ok else [f"extension decision for seat {after.actor} after {action}"]
            return _passes_to(after, seat + 1)
        case Discard():
            return _passes_to(after, seat + 1)
    return []


# --- where the cards go --------------------------------------------------------------


def _zones(state: State) -> dict[str, tuple[Card, ...]]:
    zones = {"draw pile": state.draw_pile, "set aside": state.set_aside}
    for seat, hand in enumerate(state.hands):
        zones[f"hand {seat}"] = hand
    for team, t in enumerate(state.tableaus):
        for name in ("battle", "speed", "distance", "safeties", "coups_fourres"):
            zones[f"team {team} {name}"] = getattr(t, name)
    return zones


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1 :]


def _cleared(
    before: State, team: int, safety: Card, zones: dict[str, tuple[Card, ...]]
) -> list[Card]:
    """RUL-SAFETY-CLEARS-HAZARD: take each matching hazard off the top of its pile."""
    gone = []
    for pile in ("battle", "speed"):
        cards = zones[f"team {team} {pile}"]
        if cards and CATEGORY[cards[-1]] is Category.HAZARD and SAFETY_OF[cards[-1]] is safety:
            zones[f"team {team} {pile}"] = cards[:-1]
            gone.append(cards[-1])
    return gone


def _expected(before: State, action: Action) -> tuple[dict[str, tuple[Card, ...]], list[Card]]:
    """The zones after ``action`` and the cards it adds to the discard pile."""
    zones = _zones(before)
    added: list[Card] = []
    match action:
        case Draw(seat=seat):  # TURN-DRAW: the top card, and only it
            zones["draw pile"] = before.draw_pile[1:]
            zones[f"hand {seat}"] = tuple(sorted((*before.hands[seat], before.draw_pile[0])))
        case Discard(seat=seat, card=card):
            zones[f"hand {seat}"] = _without(before.hands[seat], card)
            added.append(card)
        case Play(seat=seat, card=card, target=target):
            zones[f"hand {seat}"] = _without(before.hands[seat], card)
            category = CATEGORY[card]
            if category is Category.DISTANCE:
                zone = f"team {target} distance"
            elif category is Category.SAFETY:
                zone = f"team {target} safeties"
                added += _cleared(before, target, card, zones)
            else:
                zone = f"team {target} {'speed' if PILE[card] is Pile.SPEED else 'battle'}"
            zones[zone] = (*zones[zone], card)
        case CoupFourre(seat=seat, card=card):  # CF-EFFECT, CF-REPLACEMENT
            team = before.team_of(seat)
            hand = _without(before.hands[seat], card)
            if before.draw_pile:
                hand = tuple(sorted((*hand, before.draw_pile[0])))
                zones["draw pile"] = before.draw_pile[1:]
            zones[f"hand {seat}"] = hand
            added += _cleared(before, team, card, zones)
            zones[f"team {team} safeties"] += (card,)
            zones[f"team {team} coups_fourres"] += (card,)
    return zones, added


def card_flow(before: State, action: Action, after: State) -> list[str]:
    """Each action moves exactly the cards the rules name: a draw takes the top card of the
    draw pile into the hand; a play moves one card from the hand to a tableau (a safety
    also clears the matching hazard on top to the discard pile); a discard moves one card
    to the top of the discard pile; a coup-fourré lays the safety, discards the hazard and
    replaces the card from the draw pile; a deal gives each hand its size from the box."""
    if isinstance(action, Deal):
        return _deal_flow(after)
    if not isinstance(action, (Draw, Discard, Play, CoupFourre, Decline, Extension)):
        return []
    zones, added = _expected(before, action)
    problems = [
        f"{zone}: expected {[c.name for c in cards]}, found {[c.name for c in got]}"
        for zone, cards in zones.items()
        if (got := _zones(after)[zone]) != cards
    ]
    kept, new = (
        after.discard_pile[: len(before.discard_pile)],
        after.discard_pile[len(before.discard_pile) :],
    )
    if kept != before.discard_pile or Counter(new) != Counter(added):
        problems.append(
            f"discard pile gained {[c.name for c in new]}, expected {[c.name for c in added]}"
        )
    if isinstance(action, Discard) and new and new[-1] is not action.card:
        problems.append("the discarded card is not on top of the discard pile")
    return problems


def _deal_flow(after: State) -> list[str]:
    """SETUP-DEAL, SETUP-MEMO: fresh tableaus, empty discard pile, full hands from the box."""
    problems = []
    size = after.rules.hand_size
    if any(len(hand) != size for hand in after.hands):
        problems.append(f"hands of {[len(h) for h in after.hands]} cards after the deal")
    if after.discard_pile or any(t.cards() or t.coups_fourres for t in after.tableaus):
        problems.append("cards left on the table from the last round")
    dealt = Counter(after.draw_pile) + Counter(c for hand in after.hands for c in hand)
    playing = Counter({card: n for card, n in after.box if card is not Card.MEMO})
    if dealt != playing:
        problems.append("the deal is not the box's playing cards")
    return problems


# --- distance laid lawfully ----------------------------------------------------------


def distance_lawful(before: State, action: Action, after: State) -> list[str]:
    """Each distance card is laid by a player of the team, on its turn, while the team is
    rolling, within the Speed Limit then in force, within the 200s allowed and without
    passing the goal — all judged in the state before it was laid."""
    if isinstance(action, Deal):
        return []
    grew = [
        team
        for team, (old, new) in enumerate(zip(before.tableaus, after.tableaus, strict=True))
        if old.distance != new.distance
    ]
    if not grew:
        return []
    if not (isinstance(action, Play) and CATEGORY[action.card] is Category.DISTANCE):
        return [f"distance changed on {action}"]
    team, card = before.team_of(action.seat), action.card
    own = before.tableaus[team]
    problems = []
    if grew != [team] or after.tableaus[team].distance != (*own.distance, card):
        problems.append(f"{card.name} by seat {action.seat} changed the distance of teams {grew}")
    top = own.battle_top
    rolling = top is Card.ROLL or (
        Card.RIGHT_OF_WAY in own.safeties and (top is None or CATEGORY[top] is not Category.HAZARD)
    )
    if not rolling:
        problems.append(f"{card.name} laid by a team not rolling (top {top})")
    limit = before.rules.speed_limit_max_km
    if own.speed_top is Card.SPEED_LIMIT and KM[card] > limit:
        problems.append(f"{card.name} laid under a Speed Limit of {limit} km")
    if card is Card.D200 and own.count_200() >= before.rules.max_200_per_round:
        problems.append("a 200 km card beyond the number allowed")
    if own.km + KM[card] > before.goal:
        problems.append(f"{card.name} takes the team past the goal {before.goal}")
    return problems
