"""A fast, mutable twin of the reference engine for random playouts and search.

:class:`FastState` holds exactly what a reference :class:`~millebornes.families.classic.state.State`
holds (``FastState.of(state).to_state() == state``), in mutable lists of ``int``
cards, plus a few figures the reference derives on demand (each team's km, 200 km
cards, safeties as bits, the distance cards still to lay). What a play can change is
local: only the tableau it lands on. So for each tableau the engine caches two masks
of card kinds, the kinds its team may play on it and the hazards an opponent may lay
on it, and recomputes them only when that tableau (or the goal) changes.

``legal_actions`` lists the same action objects as the reference, in the same
canonical order; :meth:`FastState.step` checks every precondition before it changes
anything, like the reference ``apply``. An action it finds illegal or malformed is
handed to the reference, which raises the exact :class:`~millebornes.core.errors.IllegalAction`
or :class:`~millebornes.core.errors.MalformedInput`; scoring at the end of a round is the
reference's own :func:`~millebornes.families.classic.scoring.score_round`. The reference stays the
source of truth; ``tests/fast`` compares the two on random states of every edition.
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from millebornes.families.classic import engine as reference
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
from millebornes.families.classic.cards import Card
from millebornes.families.classic.scoring import score_round
from millebornes.families.classic.state import Phase, State, Tableau
from millebornes.fast.errors import EngineMismatch
from millebornes.fast.tables import (
    CARDS,
    COUPS,
    CURES_INT,
    D200,
    DECLINES,
    DISCARDS,
    DISTANCE_BITS,
    DISTANCE_CARDS,
    DRAWS,
    EXTENSIONS,
    HAZARD_BITS,
    HAZARDS,
    KM_INT,
    NONE,
    PLAYS,
    REMEDIES,
    REMEDY_BITS,
    RIGHT_OF_WAY_BIT,
    ROLL,
    SAFETY_BIT_OF,
    SAFETY_BITS,
    SAFETY_INT_OF,
    SPEED_LIMIT,
    SPEED_PILE_BITS,
    STOP,
    STOPPED_BY,
    Match,
    ints,
    match_of,
    plain,
)

DEAL: Final = Phase.DEAL
DRAW: Final = Phase.DRAW
PLAY: Final = Phase.PLAY
COUP_FOURRE: Final = Phase.COUP_FOURRE
EXTENSION: Final = Phase.EXTENSION
ROUND_OVER: Final = Phase.ROUND_OVER
MATCH_OVER: Final = Phase.MATCH_OVER

STALE: Final = -1
"""A mask that must be recomputed (its tableau changed)."""


class FastState:
    """A match at one moment, mutable. :meth:`step` changes it; :meth:`apply` copies first."""

    __slots__ = (
        "actor",
        "battle",
        "coups",
        "dealer",
        "discard",
        "distance",
        "distance_left",
        "draw",
        "extended_by",
        "goal",
        "hands",
        "hazard_masks",
        "km",
        "match",
        "n200",
        "own_masks",
        "pending",
        "phase",
        "round_number",
        "safeties",
        "safety_bits",
        "scores",
        "set_aside",
        "speed",
        "turn",
    )  # fmt: skip

    match: Match
    phase: Phase
    actor: int | None
    turn: int
    dealer: int
    round_number: int
    draw: list[int]
    """The draw pile, top card LAST (the reference lists it top first)."""
    discard: list[int]
    """The discard pile, top card last."""
    hands: list[list[int]]
    """Each seat's hand, sorted."""
    battle: list[list[int]]
    speed: list[list[int]]
    distance: list[list[int]]
    safeties: list[list[int]]
    coups: list[list[int]]
    km: list[int]
    n200: list[int]
    safety_bits: list[int]
    pending: int
    """The pending hazard, or NONE."""
    extended_by: int | None
    scores: list[int]
    distance_left: int
    """Distance cards in the draw pile and the hands (END-DISTANCE-EXHAUSTED)."""
    goal: int
    own_masks: list[int]
    """Per team: the bits of the card kinds its own players may lay on it, or STALE."""
    hazard_masks: list[int]
    """Per team: the bits of the hazards an opponent may lay on it, or STALE."""
    set_aside: tuple[Card, ...]

    def __init__(self, match: Match) -> None:
        """Only the match: :meth:`of` and :meth:`copy` fill in the rest."""
        self.match = match

    # --- to and from the reference ---------------------------------------------

    @classmethod
    def of(cls, state: State) -> FastState:
        """The fast twin of a reference state (any phase, any edition)."""
        match = match_of(state.edition, state.players, state.options)
        self = cls(match)
        self.phase = state.phase
        self.actor = state.actor
        self.turn = state.turn
        self.dealer = state.dealer
        self.round_number = state.round_number
        self.draw = ints(reversed(state.draw_pile))
        self.discard = ints(state.discard_pile)
        self.hands = [ints(hand) for hand in state.hands]
        tableaus = state.tableaus
        self.battle = [ints(t.battle) for t in tableaus]
        self.speed = [ints(t.speed) for t in tableaus]
        self.distance = [ints(t.distance) for t in tableaus]
        self.safeties = [ints(t.safeties) for t in tableaus]
        self.coups = [ints(t.coups_fourres) for t in tableaus]
        self.km = [sum(KM_INT[c] for c in d) for d in self.distance]
        self.n200 = [d.count(D200) for d in self.distance]
        self.safety_bits = [sum(1 << c for c in set(s)) for s in self.safeties]
        self.pending = NONE if state.pending_hazard is None else plain(state.pending_hazard)
        self.extended_by = state.extended_by
        self.scores = list(state.scores)
        in_play = self.draw + [c for hand in self.hands for c in hand]
        self.distance_left = sum(1 for c in in_play if DISTANCE_BITS >> c & 1)
        self.goal = match.goal if state.extended_by is None else match.extension_goal
        self.own_masks = [STALE] * match.teams
        self.hazard_masks = [STALE] * match.teams
        self.set_aside = state.set_aside
        return self

    def to_state(self) -> State:
        """The reference state this one stands for."""
        match = self.match
        card = CARDS.__getitem__  # map() with it builds the Card tuples at C speed
        return State(
            edition=match.edition,
            options=match.options,
            players=match.players,
            phase=self.phase,
            actor=self.actor,
            turn=self.turn,
            dealer=self.dealer,
            round_number=self.round_number,
            draw_pile=tuple(map(card, reversed(self.draw))),
            discard_pile=tuple(map(card, self.discard)),
            hands=tuple(tuple(map(card, hand)) for hand in self.hands),
            tableaus=tuple(
                Tableau(
                    battle=tuple(map(card, self.battle[t])),
                    speed=tuple(map(card, self.speed[t])),
                    distance=tuple(map(card, self.distance[t])),
                    safeties=tuple(map(card, self.safeties[t])),
                    coups_fourres=tuple(map(card, self.coups[t])),
                )
                for t in range(match.teams)
            ),
            set_aside=self.set_aside,
            pending_hazard=None if self.pending == NONE else CARDS[self.pending],
            extended_by=self.extended_by,
            scores=tuple(self.scores),
        )

    def copy(self) -> FastState:
        """An independent copy (for search: step the copy, keep the original)."""
        new = FastState(self.match)
        new.phase = self.phase
        new.actor = self.actor
        new.turn = self.turn
        new.dealer = self.dealer
        new.round_number = self.round_number
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.hands = [h[:] for h in self.hands]
        new.battle = [p[:] for p in self.battle]
        new.speed = [p[:] for p in self.speed]
        new.distance = [p[:] for p in self.distance]
        new.safeties = [p[:] for p in self.safeties]
        new.coups = [p[:] for p in self.coups]
        new.km = self.km[:]
        new.n200 = self.n200[:]
        new.safety_bits = self.safety_bits[:]
        new.pending = self.pending
        new.extended_by = self.extended_by
        new.scores = self.scores[:]
        new.distance_left = self.distance_left
        new.goal = self.goal
        new.own_masks = self.own_masks[:]
        new.hazard_masks = self.hazard_masks[:]
        new.set_aside = self.set_aside
        return new

    # --- asking --------------------------------------------------------------------

    def is_chance(self) -> bool:
        """True when the next action is a ``Deal``
        (as :func:`millebornes.families.classic.engine.is_chance`)."""
        return self.phase is DEAL or self.phase is ROUND_OVER

    def legal_actions(self) -> tuple[Action, ...]:
        """The reference's ``legal_actions``: the same objects, in the same canonical order."""
        seat = self.actor
        if seat is None:
            return ()
        phase = self.phase
        if phase is DRAW:
            return (DRAWS[seat],)
        if phase is PLAY:
            return self._plays_and_discards(seat)
        if phase is COUP_FOURRE:
            if self.pending == NONE:
                return ()
            safety = SAFETY_INT_OF[self.pending]
            if safety != NONE and safety in self.hands[seat]:
                return (COUPS[seat][safety], DECLINES[seat])
            return (DECLINES[seat],)
        if phase is EXTENSION:
            return EXTENSIONS[seat]
        return ()

    def _plays_and_discards(self, seat: int) -> tuple[Action, ...]:
        """TURN-PLAY-OR-DISCARD: each kind in hand, laid where the masks allow, then
        discarded (RUL-DISCARD-ANY); hazards go to opponents (TARGET-OPPONENT), the
        rest home (TARGET-OWN-TEAM)."""
        team = seat % self.match.teams
        own = self.own_masks[team]
        if own == STALE:
            own = self._refresh(team)
        opponents = self.match.opponents[team]
        hazard_masks = self.hazard_masks
        seat_plays = PLAYS[seat]
        seat_discards = DISCARDS[seat]
        plays: list[Action] = []
        discards: list[Action] = []
        previous = NONE
        for card in self.hands[seat]:
            if card == previous:
                continue
            previous = card
            if HAZARD_BITS >> card & 1:
                for target in opponents:
                    mask = hazard_masks[target]
                    if mask == STALE:
                        self._refresh(target)
                        mask = hazard_masks[target]
                    if mask >> card & 1:
                        plays.append(seat_plays[card][target])
            elif own >> card & 1:
                plays.append(seat_plays[card][team])
            discards.append(seat_discards[card])
        plays.extend(discards)
        return tuple(plays)

    def _refresh(self, team: int) -> int:
        """Recompute both masks of ``team``'s tableau; return the own mask.

        Own plays: DIST-ROLLING, DIST-SPEED-LIMIT, DIST-MAX-200, DIST-EXACT-GOAL for
        distance; REM-ROLL and REM-MATCH for remedies; SAFE-ON-TURN for safeties.
        Hazards on it: SAFE-IMMUNITY, HAZ-ROLLING-TARGET, HAZ-SPEED-LIMIT-ONCE.
        """
        battle, speed, bits = self.battle[team], self.speed[team], self.safety_bits[team]
        top = battle[-1] if battle else NONE
        speed_top = speed[-1] if speed else NONE
        rolling = top == ROLL or (
            bits & RIGHT_OF_WAY_BIT != 0 and (top == NONE or not HAZARD_BITS >> top & 1)
        )
        own = SAFETY_BITS
        if rolling:
            room = self.goal - self.km[team]
            limit = self.match.speed_limit_max_km if speed_top == SPEED_LIMIT else room
            quota_left = self.n200[team] < self.match.max_200
            for card in DISTANCE_CARDS:
                km = KM_INT[card]
                if km <= room and km <= limit and (quota_left or card != D200):
                    own |= 1 << card
        elif top in (NONE, STOP) or REMEDY_BITS >> top & 1:
            own |= 1 << ROLL
        for remedy in REMEDIES:
            pile_top = speed_top if SPEED_PILE_BITS >> remedy & 1 else top
            if remedy != ROLL and pile_top == CURES_INT[remedy] != NONE:
                own |= 1 << remedy
        hazards = 0
        for hazard in HAZARDS:
            lands = (speed_top != SPEED_LIMIT) if SPEED_PILE_BITS >> hazard & 1 else rolling
            if lands and not SAFETY_BIT_OF[hazard] & bits:
                hazards |= 1 << hazard
        self.own_masks[team] = own
        self.hazard_masks[team] = hazards
        return own

    # --- doing -----------------------------------------------------------------------

    def apply(self, action: Action) -> FastState:
        """A new state after ``action``; this one is left as it was (like the reference)."""
        new = self.copy()
        new.step(action)
        return new

    def step(self, action: Action) -> None:
        """Take ``action`` in place, after checking every precondition; an illegal or
        malformed action raises the reference's error and changes nothing."""
        kind = type(action)
        seat = action.seat
        if seat != self.actor or not isinstance(seat, int):
            self._reject(action)
        if kind is Draw:
            if self.phase is not DRAW:
                self._reject(action)
            insort(self.hands[seat], self.draw.pop())  # TURN-DRAW
            self.phase = PLAY
        elif kind is Discard:
            self._discard(seat, action)  # type: ignore[arg-type]
        elif kind is Play:
            self._play(seat, action)  # type: ignore[arg-type]
        elif kind is Decline:
            if self.phase is not COUP_FOURRE:
                self._reject(action)
            self.pending = NONE  # CF-DECLINE
            self._turn_from(self.turn + 1)
        elif kind is CoupFourre:
            self._coup_fourre(seat, action)  # type: ignore[arg-type]
        elif kind is Extension:
            self._extension(seat, action)  # type: ignore[arg-type]
        elif kind is Deal:
            self._deal(seat, action)  # type: ignore[arg-type]
        else:
            self._reject(action)

    def _reject(self, action: object) -> None:
        """Raise what the reference raises for ``action`` here, or EngineMismatch."""
        reference.apply(self.to_state(), action)  # type: ignore[arg-type]
        raise EngineMismatch(f"the fast engine refused {action!r}, which the reference accepts")

    def _held(self, seat: int, action: Discard | Play | CoupFourre, phase: Phase) -> int:
        """The action's card, as an int, once it is checked to be a card the seat holds
        in ``phase``. From here on the engine compares plain ints: the hand's own small
        int objects, found by identity, not through ``Card``'s comparison."""
        card = action.card
        if self.phase is not phase or type(card) is not Card:
            self._reject(action)
        c = plain(card)
        if c not in self.hands[seat]:
            self._reject(action)
        return c

    def _discard(self, seat: int, action: Discard) -> None:
        c = self._held(seat, action, PLAY)
        self.hands[seat].remove(c)  # RUL-DISCARD-ANY
        self.discard.append(c)
        if DISTANCE_BITS >> c & 1:
            self.distance_left -= 1
        self._turn_from(seat + 1)

    def _play(self, seat: int, action: Play) -> None:
        c, target = self._held(seat, action, PLAY), action.target
        match = self.match
        if type(target) is not int or not 0 <= target < match.teams:
            self._reject(action)
        team = seat % match.teams
        if HAZARD_BITS >> c & 1:
            mask = self.hazard_masks[target]
            if mask == STALE:
                self._refresh(target)
                mask = self.hazard_masks[target]
            if target == team or not mask >> c & 1:
                self._reject(action)
        else:
            mask = self.own_masks[team]
            if mask == STALE:
                mask = self._refresh(team)
            if target != team or not mask >> c & 1:
                self._reject(action)
        self.hands[seat].remove(c)
        self.own_masks[target] = self.hazard_masks[target] = STALE
        if DISTANCE_BITS >> c & 1:
            self.distance[target].append(c)
            self.distance_left -= 1
            self.km[target] += KM_INT[c]
            if c == D200:
                self.n200[target] += 1
            if self.km[target] == self.goal:
                if match.may_extend and self.extended_by is None:
                    self.phase, self.actor, self.turn = EXTENSION, seat, seat  # EXT-DECISION
                else:
                    self._end_round()  # END-GOAL
                return
            self._turn_from(seat + 1)
            return
        if SAFETY_BITS >> c & 1:
            self._lay_safety(target, c, crosswise=False)
            if self.draw:  # SAFE-EXTRA-TURN
                self.phase, self.actor, self.turn = DRAW, seat, seat
            else:  # RUL-EXTRA-TURN-EMPTY-PILE
                self._turn_from(seat + 1)
            return
        (self.speed if SPEED_PILE_BITS >> c & 1 else self.battle)[target].append(c)
        if HAZARD_BITS >> c & 1:
            safety = SAFETY_INT_OF[c]
            for member in match.members[target]:
                if safety in self.hands[member]:  # CF-WINDOW, RUL-CF-WHO
                    self.phase, self.actor, self.pending = COUP_FOURRE, member, c
                    return
        self._turn_from(seat + 1)

    def _lay_safety(self, team: int, safety: int, crosswise: bool) -> None:
        """RUL-SAFETY-CLEARS-HAZARD: the hazards it protects from leave the tops of the piles."""
        for hazard in STOPPED_BY[safety]:
            pile = (self.speed if SPEED_PILE_BITS >> hazard & 1 else self.battle)[team]
            if pile and pile[-1] == hazard:
                self.discard.append(pile.pop())
        self.safeties[team].append(safety)
        self.safety_bits[team] |= 1 << safety
        if crosswise:
            self.coups[team].append(safety)
        self.own_masks[team] = self.hazard_masks[team] = STALE

    def _coup_fourre(self, seat: int, action: CoupFourre) -> None:
        """CF-EFFECT, CF-REPLACEMENT, CF-TURN, RUL-CF-EMPTY-PILE."""
        c = self._held(seat, action, COUP_FOURRE)
        if self.pending == NONE or SAFETY_INT_OF[self.pending] != c:
            self._reject(action)
        hand = self.hands[seat]
        hand.remove(c)
        self._lay_safety(seat % self.match.teams, c, crosswise=True)
        self.pending = NONE
        if self.draw:
            insort(hand, self.draw.pop())
            self._turn_from(seat)  # straight to the player: those between lose their turn
        else:  # no replacement and no replay: on from the attacker's left
            self._turn_from(self.turn + 1)

    def _extension(self, seat: int, action: Extension) -> None:
        """EXT-DECISION, EXT-GOAL."""
        if self.phase is not EXTENSION or type(action.extend) is not bool:
            self._reject(action)
        if not action.extend:
            self._end_round()
            return
        self.extended_by = seat % self.match.teams
        self.goal = self.match.extension_goal
        self.own_masks = [STALE] * self.match.teams
        self._turn_from(seat + 1)

    def _deal(self, seat: int, action: Deal) -> None:
        """SETUP-DEAL, SETUP-SHUFFLE, SETUP-MEMO, SETUP-FIRST-PLAYER."""
        match = self.match
        deck = action.deck
        if not self.is_chance() or not all(type(c) is Card for c in deck):
            self._reject(action)
        cards = ints(deck)
        if tuple(sorted(cards)) != match.playing_cards:
            self._reject(action)
        n = match.players
        dealt = n * match.hand_size
        self.hands = [sorted(cards[(s - seat - 1) % n : dealt : n]) for s in range(n)]
        self.draw = cards[dealt:][::-1]
        self.discard = []
        teams = match.teams
        self.battle, self.speed, self.distance = _empty(teams), _empty(teams), _empty(teams)
        self.safeties, self.coups = _empty(teams), _empty(teams)
        self.km, self.n200, self.safety_bits = [0] * teams, [0] * teams, [0] * teams
        self.own_masks, self.hazard_masks = [STALE] * teams, [STALE] * teams
        self.distance_left = sum(1 for c in cards if DISTANCE_BITS >> c & 1)
        self.goal = match.goal
        first = (seat + 1) % n
        self.phase, self.actor, self.turn, self.dealer = DRAW, first, first, seat
        self.round_number += 1
        self.pending = NONE
        self.extended_by = None
        self.set_aside = match.memo_cards

    def _turn_from(self, seat: int) -> None:
        """TURN-ORDER, RUL-EMPTY-DRAW-PILE, RUL-ROUND-BLOCKED, END-DISTANCE-EXHAUSTED."""
        match = self.match
        n = match.players
        seat %= n
        if match.ends_when_distance_exhausted and not self.distance_left:
            self._end_round()
        elif self.draw:
            self.phase, self.actor, self.turn = DRAW, seat, seat
        else:
            hands = self.hands
            for step in range(n):
                candidate = (seat + step) % n
                if hands[candidate]:
                    self.phase, self.actor, self.turn = PLAY, candidate, candidate
                    return
            self._end_round()

    def _end_round(self) -> None:
        """SCORE-SHEET by the reference's own scoring; MATCH-TARGET, MATCH-DEALER-ROTATION."""
        self.pending = NONE
        sheet = score_round(self.to_state())
        lines = sheet.teams
        self.scores = [total + line.total for total, line in zip(self.scores, lines, strict=True)]
        if max(self.scores) >= self.match.match_target:
            self.phase, self.actor = MATCH_OVER, None
            return
        dealer = (self.dealer + 1) % self.match.players
        self.phase, self.actor, self.turn = ROUND_OVER, dealer, dealer


def _empty(teams: int) -> list[list[int]]:
    return [[] for _ in range(teams)]
