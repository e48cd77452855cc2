"""The public transition functions: ``legal_actions``, ``violations``, ``apply``.

Each rule's effect is a small pure function from a state to a new state. ``apply``
first asks the precondition tables of :mod:`millebornes.families.classic.rules` (the same ones
``legal_actions`` uses) and raises :class:`IllegalAction` with the broken rule IDs
before touching anything, so a rejected action leaves no trace.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from types import MappingProxyType

from millebornes.core.errors import MalformedInput
from millebornes.core.preconditions import Rule, broken, checked, respects
from millebornes.core.preconditions import Transition as KindTransition
from millebornes.families.classic.actions import (
    Action,
    CoupFourre,
    Deal,
    Decline,
    Discard,
    Draw,
    Extension,
    Play,
)
from millebornes.families.classic.cards import (
    CATEGORY,
    HAZARDS_STOPPED_BY,
    PILE,
    SAFETY_OF,
    Card,
    Category,
    Pile,
)
from millebornes.families.classic.edition import edition_ids, load_edition
from millebornes.families.classic.rules import RULES, ClassicRules
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.state import Phase, State, Tableau, evolve

# --- starting a match ------------------------------------------------------------


def new_match(edition: str = "classic", players: int = 2, options: tuple[str, ...] = ()) -> State:
    """A match before its first deal: seat 0 is to deal (RUL-FIRST-DEALER, STATE-BEFORE-DEAL;
    one tableau and one score per team, STATE-TEAMS).

    The playing cards wait in the draw pile in box order; the ``Deal`` action
    brings the shuffled order. Raises :class:`MalformedInput` for a seat count
    (SEAT-COUNTS) or an option (GOAL-DISTANCE) that the edition does not offer.
    """
    rules = load_edition(edition)
    if players not in rules.teams_by_seats:
        raise MalformedInput(
            f"SEAT-COUNTS: {rules.title} is played by {rules.seat_counts} players, not {players}"
        )
    for name in options:
        option = rules.options.get(name)
        if option is None:
            raise MalformedInput(
                f"unknown option {name!r}; {edition} offers {tuple(rules.options)}"
            )
        if players not in option.seats:
            raise MalformedInput(f"option {name!r} is offered at {option.seats} players only")
    teams = rules.teams_by_seats[players]  # SEAT-TEAMS
    return State(
        edition=edition,
        options=tuple(sorted(set(options))),
        players=players,
        phase=Phase.DEAL,
        actor=0,
        turn=0,
        dealer=0,
        round_number=0,
        draw_pile=rules.playing_cards(players),
        discard_pile=(),
        hands=((),) * players,
        tableaus=(Tableau(),) * teams,
        set_aside=rules.memo_cards(players),
        pending_hazard=None,
        extended_by=None,
        scores=(0,) * teams,
    )


def is_chance(state: State) -> bool:
    """True when the next action is a ``Deal``: the shuffle is the only chance in the game.

    ``legal_actions`` lists no deal (there is one per order of the deck); build one
    with :func:`millebornes.core.shuffle.deal_from_seed` or from an explicit order.
    """
    return state.phase is Phase.DEAL or state.phase is Phase.ROUND_OVER


# --- asking ----------------------------------------------------------------------


def check_well_formed(state: State, action: Action) -> None:
    """Raise :class:`MalformedInput` unless ``action`` is an action this state can judge."""
    if not isinstance(action, (Deal, Draw, Play, Discard, CoupFourre, Decline, Extension)):
        raise MalformedInput(f"not an action: {action!r}")
    # bool is an int to Python, not a seat; a deck must be a tuple to keep states hashable.
    if type(action.seat) is not int or not 0 <= action.seat < state.players:
        raise MalformedInput(
            f"seat {action.seat!r} does not exist: seats are 0..{state.players - 1}"
        )
    if isinstance(action, (Play, Discard, CoupFourre)) and not isinstance(action.card, Card):
        raise MalformedInput(f"unknown card {action.card!r}")
    if isinstance(action, Play) and (
        type(action.target) is not int or not 0 <= action.target < state.teams
    ):
        raise MalformedInput(
            f"team {action.target!r} does not exist: teams are 0..{state.teams - 1}"
        )
    if isinstance(action, Deal) and not (
        isinstance(action.deck, tuple) and all(isinstance(card, Card) for card in action.deck)
    ):
        raise MalformedInput("a deck is a tuple of cards")
    if isinstance(action, Extension) and not isinstance(action.extend, bool):
        raise MalformedInput(f"extend is true or false, not {action.extend!r}")


def violations(state: State, action: Action, rules: ClassicRules = RULES) -> tuple[str, ...]:
    """The IDs of the rules ``action`` breaks in ``state``, in a fixed order; () if legal.
    ``rules`` holds the tables judged by (the family's own by default)."""
    check_well_formed(state, action)
    tables = rules.tables
    if isinstance(action, Play):
        return broken(tables[action.card], state, action)
    return broken(tables[type(action)], state, action)


def legal_actions(state: State, rules: ClassicRules = RULES) -> tuple[Action, ...]:
    """Every legal action, in canonical order (kind, then card, then target team).

    Empty when the match is over and at a chance node (:func:`is_chance`).
    """
    tables = rules.tables
    seat = state.actor
    if seat is None:
        return ()
    phase = state.phase
    if phase is Phase.DRAW:
        draw = _DRAWS[seat]
        return (draw,) if respects(tables[Draw], state, draw) else ()
    if phase is Phase.PLAY:
        return _plays_and_discards(state, seat, rules.play_beyond_head)
    if phase is Phase.COUP_FOURRE and state.pending_hazard is not None:
        safety = SAFETY_OF[state.pending_hazard]
        options: list[Action] = []
        if safety is not None:
            call = CoupFourre(seat, safety)
            if respects(tables[CoupFourre], state, call):
                options.append(call)
        decline = Decline(seat)
        if respects(tables[Decline], state, decline):
            options.append(decline)
        return tuple(options)
    if phase is Phase.EXTENSION:
        choices = (Extension(seat, extend=False), Extension(seat, extend=True))
        return tuple(c for c in choices if respects(tables[Extension], state, c))
    return ()


_SEATS = range(max(max(load_edition(e).seat_counts) for e in edition_ids()))
# Actions are immutable values, so legal_actions hands out shared instances instead of
# building new ones for every state (the hot path of random playouts).
_DRAWS = tuple(Draw(seat) for seat in _SEATS)
_PLAYS = tuple(tuple(tuple(Play(s, c, t) for t in _SEATS) for c in Card) for s in _SEATS)
_DISCARDS = tuple(tuple(Discard(s, c) for c in Card) for s in _SEATS)


def _plays_and_discards(
    state: State, seat: int, beyond_head: tuple[tuple[Rule[State, Play], ...], ...]
) -> tuple[Action, ...]:
    """The actor's plays and discards. Every candidate is the actor's, in the play phase,
    with a card from the hand, aimed where its kind goes: the head of each table holds by
    construction, so only the rest is asked (tests compare with asking ``violations``)."""
    teams = len(state.tableaus)
    own = seat % teams
    opponents = tuple(team for team in range(teams) if team != own)
    kinds = sorted(set(state.hands[seat]))
    plays: list[Action] = []
    seat_plays = _PLAYS[seat]
    for card in kinds:
        table = beyond_head[card]
        # Hazards go to opponents and everything else home (TARGET-OPPONENT,
        # TARGET-OWN-TEAM): no other target is ever legal.
        for target in opponents if CATEGORY[card] is Category.HAZARD else (own,):
            play = seat_plays[card][target]
            if respects(table, state, play):
                plays.append(play)
    # The discard table is the common head and SETUP-MEMO, which every card of a hand meets
    # (RUL-DISCARD-ANY): every card may go.
    seat_discards = _DISCARDS[seat]
    plays.extend(seat_discards[card] for card in kinds)
    return tuple(plays)


def is_legal(state: State, action: Action) -> bool:
    return not violations(state, action)


# --- doing -----------------------------------------------------------------------

Transition = KindTransition[State]


def apply(
    state: State,
    action: Action,
    rules: ClassicRules = RULES,
    transitions: Mapping[type, Transition] | None = None,
) -> State:
    """The state after ``action``; raises :class:`IllegalAction` (state untouched) if illegal.
    ``rules`` and ``transitions`` (action kind to its effect) are the family's own by
    default (:data:`TRANSITIONS`)."""
    mine = TRANSITIONS if transitions is None else transitions
    return checked(violations(state, action, rules), mine, state, action)


def _without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _with(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    cards = list(hand)
    insort(cards, card)
    return tuple(cards)


def _put(items: tuple[Tableau, ...], index: int, item: Tableau) -> tuple[Tableau, ...]:
    return items[:index] + (item,) + items[index + 1 :]


def _put_hand(
    hands: tuple[tuple[Card, ...], ...], seat: int, hand: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    return hands[:seat] + (hand,) + hands[seat + 1 :]


def _deal(state: State, action: Deal) -> State:
    """SETUP-DEAL, SETUP-SHUFFLE, SETUP-MEMO, SETUP-FIRST-PLAYER: one card at a time from
    the dealer's left until each hand is full; the rest, in order, is the draw pile
    (STATE-PILE-ORDER). The deal alone sets ``dealer`` and counts ``round`` (STATE-DEALER,
    STATE-ROUND)."""
    rules = state.rules
    n = state.players
    dealt = n * rules.hand_size
    hands = tuple(
        tuple(sorted(action.deck[(seat - action.seat - 1) % n : dealt : n])) for seat in range(n)
    )
    first = (action.seat + 1) % n
    return evolve(
        state,
        phase=Phase.DRAW,
        actor=first,
        turn=first,
        dealer=action.seat,
        round_number=state.round_number + 1,
        draw_pile=action.deck[dealt:],
        discard_pile=(),
        hands=hands,
        tableaus=(Tableau(),) * state.teams,
        set_aside=rules.memo_cards(state.players),
        pending_hazard=None,
        extended_by=None,
    )


def _draw(state: State, action: Draw) -> State:
    """TURN-DRAW: the top card of the draw pile goes to the player's hand; with the one
    card played after it, the hand is back to its size at the end of the turn (TURN-HAND-SIZE)."""
    seat = action.seat
    hand = _with(state.hands[seat], state.draw_pile[0])
    return evolve(
        state,
        draw_pile=state.draw_pile[1:],
        hands=_put_hand(state.hands, seat, hand),
        phase=Phase.PLAY,
    )


def _discard(state: State, action: Discard) -> State:
    """TURN-PLAY-OR-DISCARD, RUL-DISCARD-ANY: the card goes face up on the discard pile."""
    seat = action.seat
    after = evolve(
        state,
        hands=_put_hand(state.hands, seat, _without(state.hands[seat], action.card)),
        discard_pile=(*state.discard_pile, action.card),
    )
    return _turn_from(after, seat + 1)


def _play(state: State, action: Play) -> State:
    seat, card, target = action.seat, action.card, action.target
    hands = _put_hand(state.hands, seat, _without(state.hands[seat], card))
    tableau = state.tableaus[target]
    category = CATEGORY[card]
    if category is Category.DISTANCE:
        tableau = Tableau(
            tableau.battle,
            tableau.speed,
            (*tableau.distance, card),
            tableau.safeties,
            tableau.coups_fourres,
        )
        after = evolve(state, hands=hands, tableaus=_put(state.tableaus, target, tableau))
        if tableau.km == state.goal:
            if _may_extend(after):
                return evolve(after, phase=Phase.EXTENSION, actor=seat, turn=seat)
            return _end_round(after)  # END-GOAL
        return _turn_from(after, seat + 1)
    if category is Category.SAFETY:
        return _lay_safety_on_turn(state, hands, seat, card)
    # Hazards and remedies go on the battle or speed pile (PILE-BATTLE, PILE-SPEED).
    if PILE[card] is Pile.SPEED:
        tableau = Tableau(
            tableau.battle,
            (*tableau.speed, card),
            tableau.distance,
            tableau.safeties,
            tableau.coups_fourres,
        )
    else:
        tableau = Tableau(
            (*tableau.battle, card),
            tableau.speed,
            tableau.distance,
            tableau.safeties,
            tableau.coups_fourres,
        )
    after = evolve(state, hands=hands, tableaus=_put(state.tableaus, target, tableau))
    if category is Category.HAZARD:
        holder = _safety_holder(after, target, card)
        if holder is not None:
            # CF-WINDOW, RUL-CF-WHO: the holder of the matching safety may react.
            return evolve(after, phase=Phase.COUP_FOURRE, actor=holder, pending_hazard=card)
    return _turn_from(after, seat + 1)


def _safety_holder(state: State, team: int, hazard: Card) -> int | None:
    safety = SAFETY_OF[hazard]
    for seat in state.members(team):
        if safety in state.hands[seat]:
            return seat
    return None


def _laid(tableau: Tableau, safety: Card, crosswise: bool) -> tuple[Tableau, tuple[Card, ...]]:
    """The tableau with ``safety`` laid, and the hazards it clears (RUL-SAFETY-CLEARS-HAZARD).

    Every matching hazard showing on top of a pile goes; one already covered by
    its remedy is left alone. Right of Way clears a Stop and a Speed Limit
    (RUL-RIGHT-OF-WAY-CLEARS).
    """
    battle, speed = tableau.battle, tableau.speed
    cleared: list[Card] = []
    for hazard in HAZARDS_STOPPED_BY[safety]:
        if PILE[hazard] is Pile.SPEED:
            if speed and speed[-1] is hazard:
                speed = speed[:-1]
                cleared.append(hazard)
        elif battle and battle[-1] is hazard:
            battle = battle[:-1]
            cleared.append(hazard)
    laid = Tableau(
        battle=battle,
        speed=speed,
        distance=tableau.distance,
        safeties=(*tableau.safeties, safety),
        coups_fourres=(*tableau.coups_fourres, safety) if crosswise else tableau.coups_fourres,
    )
    return laid, tuple(cleared)


def _lay_safety_on_turn(
    state: State, hands: tuple[tuple[Card, ...], ...], seat: int, safety: Card
) -> State:
    """SAFE-ON-TURN, SAFE-EXTRA-TURN, RUL-EXTRA-TURN-EMPTY-PILE."""
    team = state.team_of(seat)
    tableau, cleared = _laid(state.tableaus[team], safety, crosswise=False)
    after = evolve(
        state,
        hands=hands,
        tableaus=_put(state.tableaus, team, tableau),
        discard_pile=state.discard_pile + cleared,
    )
    if after.draw_pile:
        return evolve(after, phase=Phase.DRAW, actor=seat, turn=seat)
    return _turn_from(after, seat + 1)


def _coup_fourre(state: State, action: CoupFourre) -> State:
    """CF-EFFECT, CF-REPLACEMENT, CF-TURN, RUL-CF-EMPTY-PILE: with a card in the draw pile the
    player draws a replacement and takes the turn; with none, neither, and play goes on
    from the attacker's left."""
    seat = action.seat
    team = state.team_of(seat)
    tableau, cleared = _laid(state.tableaus[team], action.card, crosswise=True)
    hand = _without(state.hands[seat], action.card)
    draw_pile = state.draw_pile
    if draw_pile:
        hand, draw_pile = _with(hand, draw_pile[0]), draw_pile[1:]
    after = evolve(
        state,
        hands=_put_hand(state.hands, seat, hand),
        tableaus=_put(state.tableaus, team, tableau),
        discard_pile=state.discard_pile + cleared,
        draw_pile=draw_pile,
        pending_hazard=None,
    )
    if not state.draw_pile:
        # RUL-CF-EMPTY-PILE: no replay once the draw pile is empty, as for any safety.
        return _turn_from(after, state.turn + 1)
    # The turn passes straight to the player: those seated between lose theirs.
    return _turn_from(after, seat)


def _decline(state: State, action: Decline) -> State:
    """CF-DECLINE: the hazard stands; play goes on from the attacker's left."""
    return _turn_from(evolve(state, pending_hazard=None), state.turn + 1)


def _may_extend(state: State) -> bool:
    """EXT-DECISION: with SW-EXTENSION, reaching a goal shorter than the extension goal
    exactly, before anyone has called the extension, opens the decision."""
    rules = state.rules
    return (
        rules.switch("SW-EXTENSION")
        and state.extended_by is None
        and rules.extension_goal is not None
        and state.goal < rules.extension_goal
    )


def _extension(state: State, action: Extension) -> State:
    """EXT-DECISION, EXT-GOAL: stop and win now, or move the goal for everyone and play on;
    ``extended_by`` records the caller's team, not the seat (STATE-EXTENDED-BY)."""
    if not action.extend:
        return _end_round(state)
    extended = evolve(state, extended_by=state.team_of(action.seat))
    return _turn_from(extended, action.seat + 1)


def _distance_left(state: State) -> bool:
    """Is a distance card still in the draw pile or a hand (END-DISTANCE-EXHAUSTED)?"""
    if any(CATEGORY[card] is Category.DISTANCE for card in state.draw_pile):
        return True
    return any(CATEGORY[card] is Category.DISTANCE for hand in state.hands for card in hand)


def _turn_from(state: State, seat: int) -> State:
    """Give the turn to ``seat`` (TURN-ORDER), or to the next seat with cards once the
    draw pile is empty (RUL-EMPTY-DRAW-PILE); end the round when nobody has any
    (RUL-ROUND-BLOCKED)."""
    n = state.players
    seat %= n
    if state.rules.switch("SW-ROUND-END-DISTANCE-EXHAUSTED") and not _distance_left(state):
        return _end_round(state)  # END-DISTANCE-EXHAUSTED, RUL-DISTANCE-EXHAUSTED
    if state.draw_pile:
        return evolve(state, phase=Phase.DRAW, actor=seat, turn=seat, pending_hazard=None)
    for step in range(n):
        candidate = (seat + step) % n
        if state.hands[candidate]:
            return evolve(state, phase=Phase.PLAY, actor=candidate, turn=candidate)
    return _end_round(state)


def _end_round(state: State) -> State:
    """Score the round into the match totals (SCORE-SHEET); MATCH-TARGET decides what follows.

    Between rounds ``actor`` and ``turn`` name the next dealer while ``dealer`` still names
    the last one; once the match is over ``turn`` is left as it was (STATE-TURN, STATE-PHASES).
    """
    sheet = score_round(state)
    scores = tuple(
        total + line.total for total, line in zip(state.scores, sheet.teams, strict=True)
    )
    if max(scores) >= state.rules.match_target:
        return evolve(state, phase=Phase.MATCH_OVER, actor=None, scores=scores, pending_hazard=None)
    next_dealer = (state.dealer + 1) % state.players  # MATCH-DEALER-ROTATION
    return evolve(
        state,
        phase=Phase.ROUND_OVER,
        actor=next_dealer,
        turn=next_dealer,
        scores=scores,
        pending_hazard=None,
    )


TRANSITIONS: Mapping[type, Transition] = MappingProxyType(
    {
        Draw: _draw,
        Play: _play,
        Discard: _discard,
        CoupFourre: _coup_fourre,
        Decline: _decline,
        Deal: _deal,
        Extension: _extension,
    }
)
"""Each action kind's transition, applied once the tables have found nothing broken."""
