"""A fast, mutable twin of the As du Volant reference engine for random playouts and search.

:class:`AvFastState` holds exactly what a reference
:class:`~millebornes.families.asduvolant.state.AvState` holds
(``AvFastState.from_reference(state).to_reference() == state``), in mutable lists of
``int`` cards and one list per car field; the board is read through
:class:`~millebornes.fast.asduvolant.tables.BoardTables` (every route tabled once).

``legal_actions`` lists the reference's shared action objects in its canonical order,
judged by the same rows as the reference's tables (rules.py), written out for ints.
:meth:`AvFastState.step` takes an action only if it is in the legal list of the state
(kept from ``legal_actions`` until the state changes, or worked out then), so it checks
every precondition before changing anything; an action it refuses is handed to the
reference, which raises the exact :class:`~millebornes.core.errors.IllegalAction` (with
its rule IDs) or :class:`~millebornes.core.errors.MalformedInput`. Reshuffles use the
reference's portable shuffle and seeds (RUL-AV-RESHUFFLE-SEED).
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterable
from typing import NoReturn

from millebornes.core.shuffle import MASK64, round_seed
from millebornes.families.asduvolant import engine as reference
from millebornes.families.asduvolant.actions import (
    SHARED_ATTACKS,
    SHARED_DISCARDS,
    SHARED_DRAW_DISCARDS,
    SHARED_DRAW_PILES,
    SHARED_END_TURNS,
    SHARED_MOVES,
    SHARED_REMEDIES,
    SHARED_SAFETIES,
    SHARED_TURBOS,
    Attack,
    AvAction,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    EndTurn,
    Move,
    Pass,
    Remedy,
    Safety,
    Turbo,
    UTurn,
)
from millebornes.families.asduvolant.cards import DATA, SQUARE_KM
from millebornes.families.asduvolant.state import AvState, Car, box_tokens
from millebornes.families.asduvolant.track import Board, default_board
from millebornes.fast.asduvolant.tables import (
    ACCELERATION,
    CARD_KM,
    CARDS,
    COUP_FOURRE,
    CURES,
    D100,
    D200,
    DRAW,
    HAND_SIZE,
    IS_ATTACK,
    IS_DISTANCE,
    IS_REMEDY,
    IS_SAFETY,
    LIMIT_TOKEN_KM,
    LIMITS_ONLY,
    MAX_200,
    MAX_STEPS,
    NONE,
    NOT_FROM_DISCARD,
    OVER,
    PHASE_INT,
    PHASES,
    PLAY,
    SAFETY_INT,
    SPEED_LIMIT,
    STEPS,
    TOKEN_INDEX,
    TRIM,
    TURBO,
    TURBO_DRAWS,
    U_TURN,
    U_TURN_PHASE,
    BoardTables,
    board_tables,
)
from millebornes.fast.errors import EngineMismatch
from millebornes.fast.shuffle import shuffled

_SEATS = range(max(DATA.seats))
COUP_FOURRES = tuple(tuple(CoupFourre(s, c) for c in CARDS) for s in _SEATS)
UTURNS = tuple(UTurn(s) for s in _SEATS)
PASSES = tuple(Pass(s) for s in _SEATS)
DRAW_BOTH = tuple((SHARED_DRAW_PILES[s], SHARED_DRAW_DISCARDS[s]) for s in _SEATS)
DRAW_PILE_ONLY = tuple((SHARED_DRAW_PILES[s],) for s in _SEATS)
"""The draw step's legal lists, built once: half the actions of a game are draws."""


def _card(value: int | None) -> int:
    return NONE if value is None else value + 0  # int's addition: a plain int, not the member


class AvFastState:
    """An As du Volant game at one moment, mutable. :meth:`step` changes it; :meth:`apply`
    copies first."""

    __slots__ = (
        "accelerated",
        "actor",
        "attack",
        "board",
        "coups",
        "discard",
        "draw",
        "forced",
        "goal",
        "hands",
        "laid_100",
        "laid_200",
        "laid_distance",
        "lane",
        "legal",
        "limit",
        "moved",
        "mover",
        "options",
        "origin",
        "pending",
        "phase",
        "played",
        "players",
        "plays",
        "reshuffles",
        "resume",
        "safeties",
        "seed",
        "source",
        "square",
        "stuck",
        "supply",
        "tables",
        "taken",
        "turn",
        "winners",
    )  # fmt: skip

    players: int
    options: frozenset[str]
    board: Board
    tables: BoardTables
    goal: int
    accelerated: bool
    seed: int
    phase: int
    actor: int
    """NONE once the game is over."""
    turn: int
    draw: list[int]
    """The draw pile, top card LAST (the reference lists it top first): a draw is a pop."""
    discard: list[int]
    hands: list[list[int]]
    """Each hand sorted in card order, as the reference keeps them."""
    square: list[int]
    lane: list[int]
    attack: list[int]
    limit: list[bool]
    safeties: list[list[int]]
    coups: list[list[int]]
    laid_100: list[int]
    laid_200: list[int]
    laid_distance: list[int]
    supply: list[int]
    taken: int
    plays: int
    played: int
    forced: bool
    stuck: int
    pending: int
    source: int
    mover: int
    origin: tuple[int, int] | None
    moved: int
    resume: int
    reshuffles: int
    winners: tuple[int, ...]
    legal: tuple[AvAction, ...] | None
    """The legal actions of this state once asked; every change resets it."""

    # --- dealing, and to and from the reference -------------------------------------

    @classmethod
    def new_game(
        cls,
        players: object,
        *,
        seed: object,
        options: Iterable[str] = (),
        board: Board | None = None,
    ) -> AvFastState:
        """The fast twin of the reference's ``new_game(players, seed=seed, options=options,
        board=board)`` (AV-DEAL), dealt here from the same portable shuffle of the same
        cards as ints: in a short random game the reference's deal (its checks, its sorting
        of enum members) would cost as much as the play. Input the reference would refuse
        is handed to it, which raises its :class:`MalformedInput`."""
        # ``object`` parameters: a compiled build would otherwise turn True into 1 before
        # anything here saw it.
        if (
            isinstance(players, bool)
            or not isinstance(players, int)
            or players not in DATA.seats
            or isinstance(seed, bool)
            or not isinstance(seed, int)
            or not 0 <= seed <= MASK64
        ):
            reference.new_game(players, seed=seed, options=options, board=board)  # type: ignore[arg-type]
            raise EngineMismatch(f"the reference deals a game of {players!r}, seed {seed!r}")
        chosen = reference.check_options(players, options)
        board = default_board() if board is None else board
        deck = shuffled(_deck(players, chosen), seed)
        dealt = players * HAND_SIZE
        self = cls()
        self.players = players
        self.options = chosen
        self.board = board
        self.goal = DATA.goal_for(chosen)
        self.accelerated = "accelerated" in chosen
        self.tables = board_tables(board, self.goal, players)
        self.seed = seed
        self.phase = PLAY if self.accelerated else DRAW
        self.actor = 0
        self.turn = 0
        self.draw = list(reversed(deck[dealt:]))
        self.discard = []
        self.hands = [sorted(deck[seat:dealt:players]) for seat in range(players)]
        self.square = [board.start] * players
        self.lane = list(range(players))
        self.attack = [NONE] * players
        self.limit = [False] * players
        self.safeties = [[] for _ in range(players)]
        self.coups = [[] for _ in range(players)]
        self.laid_100 = [0] * players
        self.laid_200 = [0] * players
        self.laid_distance = [0] * players
        self.supply = list(_BOX_TOKENS)
        self.taken = self.pending = self.source = self.mover = self.moved = NONE
        self.resume = NONE
        self.plays = 1
        self.played = self.stuck = self.reshuffles = 0
        self.forced = True
        self.origin = None
        self.winners = ()
        self.legal = None
        return self

    @classmethod
    def from_reference(cls, state: AvState) -> AvFastState:
        """The fast twin of a reference state (any phase)."""
        self = cls()
        self.players = state.players
        self.options = state.options
        self.board = state.board
        self.goal = state.goal
        self.accelerated = state.accelerated
        self.tables = board_tables(state.board, self.goal, state.players)
        self.seed = state.seed
        self.phase = PHASE_INT[state.phase]
        self.actor = NONE if state.actor is None else state.actor
        self.turn = state.turn
        self.draw = [c + 0 for c in reversed(state.draw_pile)]
        self.discard = [c + 0 for c in state.discard_pile]
        self.hands = [[c + 0 for c in hand] for hand in state.hands]
        cars = state.cars
        self.square = [car.square for car in cars]
        self.lane = [car.lane for car in cars]
        self.attack = [_card(car.attack) for car in cars]
        self.limit = [car.limit for car in cars]
        self.safeties = [[c + 0 for c in car.safeties] for car in cars]
        self.coups = [[c + 0 for c in car.coups_fourres] for car in cars]
        self.laid_100 = [car.laid_100 for car in cars]
        self.laid_200 = [car.laid_200 for car in cars]
        self.laid_distance = [car.laid_distance for car in cars]
        self.supply = list(state.supply)
        self.taken = _card(state.taken)
        self.plays = state.plays
        self.played = state.played
        self.forced = state.forced
        self.stuck = state.stuck
        self.pending = _card(state.pending)
        self.source = NONE if state.source is None else state.source
        self.mover = NONE if state.mover is None else state.mover
        self.origin = state.origin
        self.moved = _card(state.moved)
        self.resume = NONE if state.resume is None else state.resume
        self.reshuffles = state.reshuffles
        self.winners = state.winners
        self.legal = None
        return self

    def to_reference(self) -> AvState:
        """The reference state this one stands for."""
        card = CARDS.__getitem__
        cars = tuple(
            Car(
                self.square[s],
                self.lane[s],
                None if self.attack[s] == NONE else CARDS[self.attack[s]],
                self.limit[s],
                tuple(map(card, self.safeties[s])),
                tuple(map(card, self.coups[s])),
                self.laid_100[s],
                self.laid_200[s],
                self.laid_distance[s],
            )
            for s in range(self.players)
        )
        return AvState(
            players=self.players,
            options=self.options,
            board=self.board,
            seed=self.seed,
            phase=PHASES[self.phase],
            actor=None if self.actor == NONE else self.actor,
            turn=self.turn,
            draw_pile=tuple(map(card, reversed(self.draw))),
            discard_pile=tuple(map(card, self.discard)),
            hands=tuple(tuple(map(card, hand)) for hand in self.hands),
            cars=cars,
            supply=tuple(self.supply),
            taken=None if self.taken == NONE else CARDS[self.taken],
            plays=self.plays,
            played=self.played,
            forced=self.forced,
            stuck=self.stuck,
            pending=None if self.pending == NONE else CARDS[self.pending],
            source=None if self.source == NONE else self.source,
            mover=None if self.mover == NONE else self.mover,
            origin=self.origin,
            moved=None if self.moved == NONE else CARDS[self.moved],
            resume=None if self.resume == NONE else self.resume,
            reshuffles=self.reshuffles,
            winners=self.winners,
        )

    def copy(self) -> AvFastState:
        """An independent copy (for search: step the copy, keep the original)."""
        new = AvFastState()
        for name in _SCALARS:
            setattr(new, name, getattr(self, name))
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.hands = [h[:] for h in self.hands]
        new.square = self.square[:]
        new.lane = self.lane[:]
        new.attack = self.attack[:]
        new.limit = self.limit[:]
        new.safeties = [s[:] for s in self.safeties]
        new.coups = [c[:] for c in self.coups]
        new.laid_100 = self.laid_100[:]
        new.laid_200 = self.laid_200[:]
        new.laid_distance = self.laid_distance[:]
        new.supply = self.supply[:]
        return new

    def is_over(self) -> bool:
        return self.phase == OVER

    # --- asking ----------------------------------------------------------------------

    def legal_actions(self) -> tuple[AvAction, ...]:
        """The reference's ``legal_actions``: the same objects, in the same canonical order."""
        legal = self.legal
        if legal is None:
            legal = self.legal = self._legal()
        return legal

    def _legal(self) -> tuple[AvAction, ...]:
        seat = self.actor
        if seat == NONE:
            return ()
        phase = self.phase
        if phase == PLAY:
            plays = self._plays(seat)
            if not plays and self.taken == NONE:  # RUL-AV-DISCARD, AV-DISCARD-PLAY
                discards = SHARED_DISCARDS[seat]
                previous = NONE
                for c in self.hands[seat]:
                    if c != previous:
                        plays.append(discards[c])
                        previous = c
            # AV-ACCELERATED, RUL-AV-ACCELERATED
            if self.accelerated and self.played > 0 and len(self.hands[seat]) <= HAND_SIZE:
                plays.append(SHARED_END_TURNS[seat])
            return tuple(plays)
        if phase == DRAW:
            if self._may_take(seat):  # AV-DISCARD-TAKE, RUL-AV-DISCARD-PLAYABLE
                return DRAW_BOTH[seat]
            return DRAW_PILE_ONLY[seat]
        if phase == COUP_FOURRE:
            safety = SAFETY_INT[self.pending]
            if safety != NONE and safety in self.hands[seat]:  # AV-CF
                return (COUP_FOURRES[seat][safety], PASSES[seat])
            return (PASSES[seat],)
        if phase == U_TURN_PHASE:
            if U_TURN in self.hands[seat] and seat != self.mover:  # AV-UTURN
                return (UTURNS[seat], PASSES[seat])
            return (PASSES[seat],)
        if phase == TRIM and self.taken == NONE:  # RUL-AV-TURBO
            discards = SHARED_DISCARDS[seat]
            out: list[AvAction] = []
            previous = NONE
            for c in self.hands[seat]:
                if c != previous:
                    out.append(discards[c])
                    previous = c
            return tuple(out)
        return ()

    def _may_take(self, seat: int) -> bool:
        """AV-DISCARD-TAKE and RUL-AV-DISCARD-PLAYABLE: the top discard may be taken and
        one of its plays is legal once it is in the hand."""
        discard = self.discard
        if not discard or NOT_FROM_DISCARD[discard[-1]]:
            return False
        # Only the plays that lay the card taken count (AV-DISCARD-PLAY), and the hand's
        # other cards matter only to an Accélération (the distance cards it doubles).
        card = discard[-1]
        found: list[AvAction] = []
        if IS_ATTACK[card]:
            self._attacks(seat, card, found)
        elif IS_REMEDY[card]:
            self._remedies(seat, card, found)
        elif IS_SAFETY[card] or card == TURBO:
            return True  # AV-SAFETY, AV-TURBO: nothing else restricts them
        elif card == ACCELERATION and self.attack[seat] == NONE:  # AV-MOVE-FREE
            taken = self.taken
            self.taken = card
            try:
                previous = NONE
                for c in self.hands[seat]:
                    if IS_DISTANCE[c] and c != previous:
                        self._moves(seat, c, True, found)
                        previous = c
            finally:
                self.taken = taken
        return bool(found)

    def _plays(self, seat: int) -> list[AvAction]:
        """The plays of the hand, in the reference's order (rules.py MOVE_RULES ...
        TURBO_RULES, less the head every candidate meets by construction)."""
        hand = self.hands[seat]
        taken = self.taken
        untaken = taken == NONE  # AV-DISCARD-PLAY: a card taken must be the card laid
        attack = self.attack[seat]
        standing = attack != NONE or self.limit[seat]
        found: list[AvAction] = []
        previous = NONE
        accelerating = ACCELERATION in hand
        for card in hand:
            if card == previous:
                continue
            previous = card
            if IS_DISTANCE[card]:
                if attack == NONE:  # AV-MOVE-FREE
                    self._moves(seat, card, accelerating, found)
            elif IS_ATTACK[card]:
                if untaken or taken == card:
                    self._attacks(seat, card, found)
            elif IS_REMEDY[card]:
                if standing and (untaken or taken == card):  # AV-STACK: a token to take off
                    self._remedies(seat, card, found)
            elif IS_SAFETY[card] and (untaken or taken == card):
                found.append(SHARED_SAFETIES[seat][card])
        if TURBO in hand and (untaken or taken == TURBO):  # AV-TURBO
            found.append(SHARED_TURBOS[seat])
        return found

    def _attacks(self, seat: int, card: int, found: list[AvAction]) -> None:
        """An attack card's plays, one per target (ATTACK_RULES)."""
        safety = SAFETY_INT[card]
        limit_only = LIMITS_ONLY[card]
        if self.supply[TOKEN_INDEX[card]] <= 0:  # RUL-AV-TOKEN-SUPPLY
            return
        attacks = SHARED_ATTACKS[seat][card]
        for target in range(self.players):
            if (
                target != seat  # AV-ATTACK
                and safety not in self.safeties[target]  # AV-IMMUNITY
                # RUL-AV-ONE-ATTACK, AV-STACK
                and not (self.limit[target] if limit_only else self.attack[target] != NONE)
            ):
                found.append(attacks[target])

    def _remedies(self, seat: int, card: int, found: list[AvAction]) -> None:
        """A remedy card's plays: each standing token it cures, in card order (AV-STACK,
        AV-REMEDY, AV-TOW-TRUCK)."""
        attack = self.attack[seat]
        cures = CURES[card]
        remedies = SHARED_REMEDIES[seat][card]
        if attack != NONE and attack < SPEED_LIMIT and cures[attack]:
            found.append(remedies[attack])
        if self.limit[seat] and cures[SPEED_LIMIT]:
            found.append(remedies[SPEED_LIMIT])
        if attack > SPEED_LIMIT and cures[attack]:
            found.append(remedies[attack])

    def _moves(self, seat: int, card: int, accelerating: bool, found: list[AvAction]) -> None:
        """A distance card's moves: plain, shortcut, accelerated, both (MOVE_RULES)."""
        taken = self.taken
        km = CARD_KM[card]
        if card == D200 and self.laid_200[seat] >= MAX_200:  # AV-MAX-200
            return
        limited = self.limit[seat]
        if limited and km > LIMIT_TOKEN_KM:  # AV-LIMIT-TOKEN
            return
        square = self.square[seat]
        tables = self.tables
        square_limit = tables.limit[square]
        if km > square_limit:  # AV-LIMIT-SQUARE
            return
        moves = SHARED_MOVES[seat][card]
        entry = tables.entry[square]
        base = square * MAX_STEPS
        routes = tables.routes
        steps = STEPS[card]
        if taken in (NONE, card):  # AV-DISCARD-PLAY
            path = routes[(base + steps) * 2]
            if path is not None and self._clear(seat, path):  # AV-MOVE-EXACT, AV-NO-PASSING
                found.append(moves[0])
            if entry:  # AV-SHORTCUT
                path = routes[(base + steps) * 2 + 1]
                if path is not None and self._clear(seat, path):
                    found.append(moves[1])
        if not accelerating or (taken not in (NONE, card, ACCELERATION)):
            return
        doubled = km << 1
        if limited and doubled > LIMIT_TOKEN_KM:  # RUL-AV-ACCEL-TOKEN
            return
        if doubled > square_limit:  # AV-ACCEL
            return
        path = routes[(base + 2 * steps) * 2]
        if path is not None and self._clear(seat, path):
            found.append(moves[2])
        if entry:
            path = routes[(base + 2 * steps) * 2 + 1]
            if path is not None and self._clear(seat, path):
                found.append(moves[3])

    def _clear(self, seat: int, path: tuple[int, ...]) -> bool:
        """AV-NO-PASSING: no full square on the way, a free lane at the end (BOARD-LANES)."""
        # Plain loops and no list of the other cars: this is asked of every candidate move,
        # and a car off the path (nearly always) costs one test.
        squares = self.square
        players = self.players
        for s in range(players):
            square = squares[s]
            if s != seat and square in path:
                cars = 0
                for other in range(players):
                    if other != seat and squares[other] == square:
                        cars += 1
                if cars >= self.tables.lanes[square]:
                    return False
        return True

    # --- doing -----------------------------------------------------------------------

    def apply(self, action: AvAction) -> AvFastState:
        """A new state after ``action``; this one is left as it was (like the reference)."""
        new = self.copy()
        new.step(action)
        return new

    def _reject(self, action: object) -> NoReturn:
        """Raise what the reference raises for ``action`` here, or EngineMismatch."""
        reference.apply(self.to_reference(), action)  # type: ignore[arg-type]
        raise EngineMismatch(f"the fast engine refused {action!r}, which the reference accepts")

    def _check_other(self, action: AvAction, legal: tuple[AvAction, ...]) -> None:
        """Accept an action equal to a legal one if the reference finds it well formed (an
        equal value of another type, True for 1, is not); else raise the reference's error."""
        if action not in legal:
            self._reject(action)
        reference.check_well_formed(self.to_reference(), action)

    def step(self, action: AvAction) -> None:
        """Take ``action`` in place, if it is one of the legal actions of the state; an
        illegal or malformed action raises the reference's error and changes nothing."""
        legal = self.legal
        if legal is None:
            legal = self._legal()
        # Legal actions are the reference's shared instances, so identity finds the one
        # chosen from the list; any other object (an equal action built elsewhere, or a
        # malformed one) goes the slow way.
        for candidate in legal:
            if candidate is action:
                break
        else:
            self._check_other(action, legal)
        self.legal = None
        seat = action.seat
        kind = type(action)
        # The kinds in order of how often random play takes them (draws, moves, attacks).
        if kind is DrawPile:
            self.phase = PLAY
            self._draw(seat)
        elif kind is Move:
            self._move(seat, action)  # type: ignore[arg-type]
        elif kind is Attack:
            self._attack(seat, action)  # type: ignore[arg-type]
        elif kind is Discard:
            self._discard(seat, action.card + 0)  # type: ignore[union-attr]
        elif kind is DrawDiscard:
            card = self.discard.pop()
            insort(self.hands[seat], card)
            self.phase = PLAY
            self.taken = card
        elif kind is Remedy:
            self._lay(seat, action.card + 0)  # type: ignore[union-attr]
            self._cure(seat, action.attack + 0)  # type: ignore[union-attr]
            self._played(False)
        elif kind is Safety:
            self._clip(seat, action.card + 0, False)  # type: ignore[union-attr]
            self.played += 1
            self._played(False)
        elif kind is Turbo:
            self._lay(seat, TURBO)
            for _ in range(TURBO_DRAWS):
                self._draw(seat)
            if not self.accelerated:
                self.plays += TURBO_DRAWS
            self._played(False)
        elif kind is EndTurn:
            self._end_turn(NONE)
        elif kind is CoupFourre:
            self._coup_fourre(seat, action.card + 0)  # type: ignore[union-attr]
        elif kind is UTurn:
            self._uturn(seat)
        else:
            self._pass(seat)

    def _draw(self, seat: int) -> bool:
        """AV-DRAW, AV-RESHUFFLE, RUL-AV-RESHUFFLE-SEED: one card to ``seat``'s hand, the
        discard pile shuffled into the draw pile first if need be; False if none is left."""
        draw = self.draw
        if not draw:
            if not self.discard:
                return False
            seed = round_seed(self.seed, self.reshuffles + 2)  # reshuffle k uses seed + k
            draw.extend(reversed(shuffled(self.discard, seed)))
            self.discard = []
            self.reshuffles += 1
        insort(self.hands[seat], draw.pop())
        return True

    def _lay(self, seat: int, card: int) -> None:
        """AV-PLAY-ONE: the card shown goes on the discard pile."""
        self.hands[seat].remove(card)
        self.discard.append(card)
        self.taken = NONE
        self.played += 1

    def _played(self, forced: bool) -> None:
        """A play is over: the turn goes on (AV-TURBO, AV-ACCELERATED) or ends."""
        self.forced = self.forced and forced
        if self.accelerated:
            self.phase = PLAY
            self.actor = self.turn
            return
        self.plays -= 1
        if self.plays > 0:
            self.phase = PLAY
            self.actor = self.turn
            return
        self._end_turn(NONE)

    def _landing_lane(self, seat: int, square: int) -> int:
        """RUL-AV-LANE: the free lane with the lowest number."""
        squares, lanes = self.square, self.lane
        taken = 0  # the lanes of the other cars on the square, as bits: no list to build
        for s in range(self.players):
            if s != seat and squares[s] == square:
                taken |= 1 << lanes[s]
        lane = 0
        while taken >> lane & 1:
            lane += 1
        return lane

    def _move(self, seat: int, action: Move) -> None:
        """AV-MOVE-EXACT, AV-BONUS, then the Demi-tour window (RUL-AV-UTURN-WINDOW)."""
        card = action.card + 0
        square, lane = self.square[seat], self.lane[seat]
        steps = STEPS[card] << action.accelerated
        path = self.tables.routes[((square * MAX_STEPS) + steps) * 2 + action.shortcut]
        assert path is not None  # AV-MOVE-EXACT, checked by legal_actions
        end = path[-1]
        self.lane[seat] = self._landing_lane(seat, end)
        self.square[seat] = end
        self.laid_100[seat] += card == D100
        self.laid_200[seat] += card == D200
        self.laid_distance[seat] += 1
        hand = self.hands[seat]
        hand.remove(card)
        self.discard.append(card)
        if action.accelerated:
            hand.remove(ACCELERATION)
            self.discard.append(ACCELERATION)
        self.taken = NONE
        self.played += 1
        self._bonus(seat)
        holders = self._uturn_holders(seat, seat)
        if holders:
            self.phase = U_TURN_PHASE
            self.actor = holders[0]
            self.mover = seat
            self.origin = (square, lane)
            self.moved = card
            return
        self._move_stands(seat)

    def _bonus(self, seat: int) -> None:
        """AV-BONUS, RUL-AV-BONUS: one exact move along the main route, lost when it cannot
        be made or the car has a Limite de Vitesse token."""
        square = self.square[seat]
        bonus = self.tables.bonus[square]
        if not bonus or self.limit[seat]:
            return
        path = self.board.route(square, bonus // SQUARE_KM, False, self.goal)
        if path is None or not self._clear(seat, path):
            return
        end = path[-1]
        self.lane[seat] = self._landing_lane(seat, end)
        self.square[seat] = end

    def _uturn_holders(self, mover: int, after: int) -> list[int]:
        """RUL-AV-UTURN-WINDOW: the mover's opponents after ``after``, leftwards, holding a
        Demi-tour."""
        n = self.players
        holders = []
        for step in range(1, n):
            s = (after + step) % n
            if s == mover:
                break
            if U_TURN in self.hands[s]:
                holders.append(s)
        return holders

    def _move_stands(self, seat: int) -> None:
        """AV-END-FINISH: a car on the finish wins once no Demi-tour came."""
        self.mover = NONE
        self.origin = None
        self.moved = NONE
        if self.square[seat] == self.tables.finish:
            self._over((seat,))
        else:
            self._played(False)

    def _attack(self, seat: int, action: Attack) -> None:
        """AV-ATTACK; RUL-AV-CF-WINDOW: a target holding the safety is asked first."""
        card = action.card + 0
        target = action.target
        self._lay(seat, card)
        if SAFETY_INT[card] in self.hands[target]:
            self.phase = COUP_FOURRE
            self.actor = target
            self.pending = card
            self.source = seat
            return
        self._land(card, target)
        self._played(False)

    def _land(self, attack: int, target: int) -> None:
        """AV-TOKENS: the attack's token leaves the supply for the front of the car."""
        if LIMITS_ONLY[attack]:
            self.limit[target] = True
        else:
            self.attack[target] = attack
        self.supply[TOKEN_INDEX[attack]] -= 1

    def _cure(self, seat: int, attack: int) -> None:
        """AV-REMEDY: the token goes back to the supply."""
        if LIMITS_ONLY[attack]:
            self.limit[seat] = False
        else:
            self.attack[seat] = NONE
        self.supply[TOKEN_INDEX[attack]] += 1

    def _clip(self, seat: int, safety: int, crosswise: bool) -> None:
        """AV-SAFETY, RUL-AV-SAFETY-CURES: the token on the car, matching attacks cured."""
        self.safeties[seat].append(safety)
        if crosswise:
            self.coups[seat].append(safety)
        self.supply[TOKEN_INDEX[safety]] -= 1
        self.hands[seat].remove(safety)
        self.taken = NONE
        attack = self.attack[seat]
        limited = self.limit[seat]
        if attack != NONE and SAFETY_INT[attack] == safety:
            self._cure(seat, attack)
        if limited and SAFETY_INT[SPEED_LIMIT] == safety:
            self._cure(seat, SPEED_LIMIT)

    def _discard(self, seat: int, card: int) -> None:
        """RUL-AV-DISCARD, RUL-AV-DECLARE; RUL-AV-TURBO when trimming."""
        trimming = self.phase == TRIM
        self._lay(seat, card)
        if not trimming:
            self._played(True)
        elif len(self.hands[seat]) <= HAND_SIZE:
            resume = self.resume
            self.resume = NONE
            self._end_turn(resume)

    def _coup_fourre(self, seat: int, safety: int) -> None:
        """AV-CF, AV-CF-TURN: the attack never lands; the player refills to six, plays next."""
        self._clip(seat, safety, True)
        while len(self.hands[seat]) < HAND_SIZE and self._draw(seat):
            pass
        self.pending = NONE
        self.source = NONE
        self.forced = False
        if len(self.hands[self.turn]) > HAND_SIZE:  # RUL-AV-TURBO: a Turbo cut short
            self.phase = TRIM
            self.actor = self.turn
            self.resume = seat
            return
        self._end_turn(seat)

    def _uturn(self, seat: int) -> None:
        """AV-UTURN, RUL-AV-UTURN-COUNTS: the car goes back, the move counts for nothing."""
        mover, origin, card = self.mover, self.origin, self.moved
        assert origin is not None
        self.square[mover], self.lane[mover] = origin
        self.laid_100[mover] -= card == D100
        self.laid_200[mover] -= card == D200
        self.laid_distance[mover] -= 1
        played = self.played
        self._lay(seat, U_TURN)
        self.played = played
        self._draw(seat)
        self.mover = NONE
        self.origin = None
        self.moved = NONE
        self.forced = False
        following = (mover + 1) % self.players
        if len(self.hands[mover]) > HAND_SIZE:  # RUL-AV-TURBO
            self.phase = TRIM
            self.actor = mover
            self.resume = following
            return
        self._end_turn(following)

    def _pass(self, seat: int) -> None:
        """AV-PASS: the attack lands, or the next Demi-tour holder is asked, or the move
        stands."""
        if self.phase == COUP_FOURRE:
            attack = self.pending
            self.pending = NONE
            self.source = NONE
            self._land(attack, seat)
            self.actor = self.turn
            self._played(False)
            return
        mover = self.mover
        holders = self._uturn_holders(mover, seat)
        if holders:
            self.actor = holders[0]
            return
        self._move_stands(mover)

    def _over(self, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.actor = NONE
        self.winners = winners
        self.pending = NONE
        self.source = NONE
        self.mover = NONE
        self.origin = None
        self.moved = NONE
        self.taken = NONE

    def _end_turn(self, next_seat: int) -> None:
        """AV-HAND-SIX, AV-TURN-ORDER, AV-END-STUCK."""
        n = self.players
        blocked = self.forced and self.played > 0  # RUL-AV-DECLARE
        self.stuck = self.stuck + 1 if blocked else 0
        if self.stuck >= n:
            km = [self.tables.km[square] for square in self.square]
            best = max(km)
            self._over(tuple(s for s, value in enumerate(km) if value == best))
            return
        turn = self.turn
        hands = self.hands
        for step in range(n):
            seat = (turn + step) % n
            while len(hands[seat]) < HAND_SIZE and self._draw(seat):
                pass
        following = (turn + 1) % n if next_seat == NONE else next_seat
        self.phase = PLAY if self.accelerated else DRAW
        self.actor = following
        self.turn = following
        self.taken = NONE
        self.plays = 1
        self.played = 0
        self.forced = True


_DECKS: dict[tuple[int, frozenset[str]], tuple[int, ...]] = {}
_BOX_TOKENS = box_tokens()


def _deck(players: int, options: frozenset[str]) -> tuple[int, ...]:
    """The reference's deck (AV-BOX, AV-SMALL-DECK) in box order, as ints; what is shuffled."""
    key = (players, options)
    deck = _DECKS.get(key)
    if deck is None:
        deck = _DECKS[key] = tuple(c + 0 for c in DATA.deck(players, options))
    return deck


_SCALARS = (
    "accelerated", "actor", "board", "forced", "goal", "legal", "mover", "moved",
    "options", "origin", "pending", "phase", "played", "players", "plays", "reshuffles",
    "resume", "seed", "source", "stuck", "tables", "taken", "turn", "winners",
)  # fmt: skip
"""The fields a copy shares: ints, tuples and the immutable board, options and legal list."""
