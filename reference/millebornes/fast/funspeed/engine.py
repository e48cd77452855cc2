"""A fast, mutable twin of the Fun & Speed reference engine for random playouts and search.

:class:`FsFastState` holds exactly what a reference
:class:`~millebornes.families.funspeed.state.FsState` holds
(``FsFastState.from_reference(state).to_reference() == state``), in mutable lists of
``int`` cards, plus each seat's race total (FS-KM), kept up to date whenever a zone
changes instead of summed at every question. The phase is a small int
(:mod:`millebornes.fast.funspeed.tables`); a Borne laid is one int, its card times four
plus its Accélérateurs.

``legal_actions`` lists the same action objects as the reference, in the same canonical
order; :meth:`FsFastState.step` checks every precondition before it changes anything,
like the reference ``apply``. An action it finds illegal or malformed is handed to the
reference, which raises the exact :class:`~millebornes.core.errors.IllegalAction` (with
its rule IDs) or :class:`~millebornes.core.errors.MalformedInput`. Reshuffles use the
reference's portable shuffle and seeds (RUL-FS-RESHUFFLE-SEED). The reference stays the
source of truth; ``tests/fast/test_funspeed_differential.py`` compares the two.
"""

from __future__ import annotations

from bisect import insort
from typing import NoReturn

from millebornes.core.shuffle import round_seed
from millebornes.families.funspeed import engine as reference
from millebornes.families.funspeed.actions import (
    Attack,
    CoupFourre,
    Discard,
    DrawDiscard,
    DrawPile,
    FalseHoldUp,
    FsAction,
    Helicopter,
    HoldUp,
    Killer,
    LayBorne,
    Mirror,
    Pass,
    Police,
    Remedy,
    Safety,
    Trash,
    UTurn,
)
from millebornes.families.funspeed.cards import DATA, FsCard
from millebornes.families.funspeed.shared import (
    ATTACK as ATTACK_ACTIONS,
)
from millebornes.families.funspeed.shared import (
    COUP_FOURRE,
    DISCARD,
    DRAW_DISCARD,
    DRAW_PILE,
    FALSE_HOLDUP,
    FALSE_HOLDUP_NONE,
    KILLER,
    LAY_BORNE,
    PASS,
    REMEDY,
    SAFETY,
    UTURN,
)
from millebornes.families.funspeed.shared import (
    HELICOPTER as HELICOPTER_ACTIONS,
)
from millebornes.families.funspeed.shared import (
    HOLDUP as HOLDUP_ACTIONS,
)
from millebornes.families.funspeed.shared import (
    MIRROR as MIRROR_ACTIONS,
)
from millebornes.families.funspeed.shared import (
    TRASH as TRASH_ACTIONS,
)
from millebornes.families.funspeed.state import FsState, Zone
from millebornes.fast.errors import EngineMismatch
from millebornes.fast.funspeed.tables import (
    ACCELERATOR,
    ATTACK,
    ATTACKS,
    BORNE,
    BORNE_CARD,
    BORNE_CARDS,
    BORNE_KM,
    CARDS,
    COUP_FOURRE_EXTRA_KM,
    CURES_INT,
    D200,
    DISTANCE,
    DRAW,
    HAND_SIZE,
    HELICOPTER,
    HOLDUP,
    MAX_ACCELERATORS,
    MAX_RESHUFFLES,
    MIRROR,
    NONE,
    ONCE,
    OVER,
    PHASE_INT,
    PHASES,
    PLAY,
    POLICE,
    POLICE_ACTIONS,
    RADAR,
    RADAR_MAX_KM,
    REMEDIES,
    SAFETIES,
    SAFETY_INT_OF,
    SAFETY_KM,
    TRASH,
    U_TURN,
    WINDOWS,
)
from millebornes.fast.shuffle import shuffled


def _card(value: object, kind: tuple[bool, ...] | None = None) -> int:
    """``value`` as a plain int when it is a card (of ``kind``, when given), else NONE:
    the caller then hands the action to the reference, which names the field."""
    if type(value) is not FsCard:
        return NONE
    card: int = value + 0  # int's own addition: an exact int, not the enum member
    if kind is not None and not kind[card]:
        return NONE
    return card


class FsFastState:
    """A Fun & Speed game at one moment, mutable. :meth:`step` changes it; :meth:`apply`
    copies first."""

    __slots__ = (
        "actor",
        "announced",
        "attack",
        "can_play",
        "coups",
        "discard",
        "distance",
        "draw",
        "goal",
        "hands",
        "km",
        "layer",
        "pending",
        "phase",
        "players",
        "radar",
        "removed",
        "reshuffles",
        "safeties",
        "seed",
        "source",
        "tied",
        "turn",
        "winners",
    )  # fmt: skip

    players: int
    goal: int
    phase: int
    actor: int | None
    turn: int
    draw: list[int]
    """The draw pile, top card LAST (the reference lists it top first): a draw is a pop."""
    discard: list[int]
    """Top card last, as the reference."""
    removed: list[int]
    hands: list[list[int]]
    """Each hand sorted in card order, as the reference keeps them."""
    distance: list[list[int]]
    """Per seat, the Bornes laid, each ``card * 4 + accelerators``."""
    safeties: list[list[int]]
    coups: list[list[int]]
    attack: list[int]
    """Per seat, the standing attack other than Radar, or NONE (FS-ATTACK-ONE)."""
    radar: list[int]
    km: list[int]
    """Per seat, the race total (FS-KM), recomputed whenever the zone changes."""
    pending: int
    source: int
    layer: int
    announced: bool
    tied: tuple[int, ...]
    seed: int
    reshuffles: int
    winners: tuple[int, ...]
    can_play: int
    """FS-DISCARD-FORCED's answer for the actor at this play step (1 or 0) once
    ``legal_actions`` found it, -1 until then; every change of the state resets it."""

    # --- to and from the reference ---------------------------------------------------

    @classmethod
    def from_reference(cls, state: FsState) -> FsFastState:
        """The fast twin of a reference state (any phase)."""
        self = cls()
        n = state.players
        self.players = n
        self.goal = DATA.goal_for(n)
        self.phase = PHASE_INT[state.phase]
        self.actor = state.actor
        self.turn = state.turn
        self.draw = [c + 0 for c in reversed(state.draw_pile)]
        self.discard = [c + 0 for c in state.discard_pile]
        self.removed = [c + 0 for c in state.removed]
        self.hands = [[c + 0 for c in hand] for hand in state.hands]
        zones = state.zones
        self.distance = [[(c + 0) * 4 + boost for c, boost in z.distance] for z in zones]
        self.safeties = [[c + 0 for c in z.safeties] for z in zones]
        self.coups = [[c + 0 for c in z.coups_fourres] for z in zones]
        self.attack = [NONE if z.attack is None else z.attack + 0 for z in zones]
        self.radar = [NONE if z.radar is None else z.radar + 0 for z in zones]
        self.km = [0] * n
        for seat in range(n):
            self._rekm(seat)
        self.pending = NONE if state.pending is None else state.pending + 0
        self.source = NONE if state.source is None else state.source
        self.layer = NONE if state.layer is None else state.layer
        self.announced = state.announced
        self.tied = state.tied
        self.seed = state.seed
        self.reshuffles = state.reshuffles
        self.winners = state.winners
        self.can_play = -1
        return self

    def to_reference(self) -> FsState:
        """The reference state this one stands for."""
        card = CARDS.__getitem__  # map() with it builds the FsCard tuples at C speed
        zones = tuple(
            Zone(
                tuple((CARDS[b >> 2], b & 3) for b in self.distance[s]),
                tuple(map(card, self.safeties[s])),
                tuple(map(card, self.coups[s])),
                None if self.attack[s] == NONE else CARDS[self.attack[s]],
                None if self.radar[s] == NONE else CARDS[self.radar[s]],
            )
            for s in range(self.players)
        )
        return FsState(
            players=self.players,
            phase=PHASES[self.phase],
            actor=self.actor,
            turn=self.turn,
            draw_pile=tuple(map(card, reversed(self.draw))),
            discard_pile=tuple(map(card, self.discard)),
            removed=tuple(map(card, self.removed)),
            hands=tuple(tuple(map(card, hand)) for hand in self.hands),
            zones=zones,
            pending=None if self.pending == NONE else CARDS[self.pending],
            source=None if self.source == NONE else self.source,
            layer=None if self.layer == NONE else self.layer,
            announced=self.announced,
            tied=self.tied,
            seed=self.seed,
            reshuffles=self.reshuffles,
            winners=self.winners,
        )

    def copy(self) -> FsFastState:
        """An independent copy (for search: step the copy, keep the original)."""
        new = FsFastState()
        new.players = self.players
        new.goal = self.goal
        new.phase = self.phase
        new.actor = self.actor
        new.turn = self.turn
        new.draw = self.draw[:]
        new.discard = self.discard[:]
        new.removed = self.removed[:]
        new.hands = [h[:] for h in self.hands]
        new.distance = [d[:] for d in self.distance]
        new.safeties = [s[:] for s in self.safeties]
        new.coups = [c[:] for c in self.coups]
        new.attack = self.attack[:]
        new.radar = self.radar[:]
        new.km = self.km[:]
        new.pending = self.pending
        new.source = self.source
        new.layer = self.layer
        new.announced = self.announced
        new.tied = self.tied
        new.seed = self.seed
        new.reshuffles = self.reshuffles
        new.winners = self.winners
        new.can_play = self.can_play
        return new

    def _rekm(self, seat: int) -> None:
        """FS-KM: Bornes (doubled per Accélérateur), 100 km a safety, 200 a coup-fourré."""
        km = 0
        for b in self.distance[seat]:
            km += BORNE_KM[b]
        km += len(self.safeties[seat]) * SAFETY_KM + len(self.coups[seat]) * COUP_FOURRE_EXTRA_KM
        self.km[seat] = km

    # --- asking ----------------------------------------------------------------------

    def legal_actions(self) -> tuple[FsAction, ...]:
        """The reference's ``legal_actions``: the same objects, in the same canonical order."""
        seat = self.actor
        if seat is None:
            return ()
        phase = self.phase
        if phase == PLAY:
            found = self._plays(seat)
            self.can_play = 1 if found else 0
            if found:
                return tuple(found)
            discards = DISCARD[seat]
            previous = NONE
            out: list[FsAction] = []
            for c in self.hands[seat]:
                if c != previous:
                    out.append(discards[c])
                    previous = c
            return tuple(out)
        if phase == DRAW:
            if self.draw:
                return (DRAW_PILE[seat], DRAW_DISCARD[seat]) if self.discard else (DRAW_PILE[seat],)
            return (DRAW_DISCARD[seat],) if self.discard else ()
        if phase == ATTACK:
            return self._answers(seat)
        if phase == BORNE:
            layer = self.layer
            found = []
            if seat != layer:
                if U_TURN in self.hands[seat]:
                    found.append(UTURN[seat])
                if not self.announced:
                    found.append(KILLER[seat])
            found.append(PASS[seat])
            return tuple(found)
        if phase == HOLDUP:
            return self._holdups(seat)
        return ()

    def _answers(self, seat: int) -> tuple[FsAction, ...]:
        """The attack window (RUL-FS-WINDOWS): a remedy that cures the pending attack, either
        card on top (FS-REMEDY-OUT-OF-TURN, FS-REMEDY-TOP), its safety (FS-CF), a
        Rétroviseur (FS-MIRROR), or let it land."""
        pending = self.pending
        found: list[FsAction] = []
        if pending == NONE:
            return ()
        hand = self.hands[seat]
        remedies = REMEDY[seat]
        previous = NONE
        for c in hand:
            if c != previous:
                previous = c
                if REMEDIES[c] and CURES_INT[c][pending]:
                    found.extend(remedies[c][pending])
        safety = SAFETY_INT_OF[pending]
        if safety != NONE and safety in hand:
            found.append(COUP_FOURRE[seat][safety])
        if MIRROR in hand:
            found.append(MIRROR_ACTIONS[seat])
        found.append(PASS[seat])
        return tuple(found)

    def _holdups(self, seat: int) -> tuple[FsAction, ...]:
        """The Hold Up window (FS-HOLDUP, FS-HOLDUP-WRONG, RUL-FS-HOLDUP-WRONG)."""
        found: list[FsAction] = []
        tied = self.tied
        if tied:
            for victim in tied:
                if victim != seat:
                    found.extend(HOLDUP_ACTIONS[seat][victim][: len(self.distance[victim])])
        else:
            forfeits = len(self.distance[seat]) + len(self.safeties[seat])
            if forfeits:
                found.extend(FALSE_HOLDUP[seat][:forfeits])
            else:
                found.append(FALSE_HOLDUP_NONE[seat])
        found.append(PASS[seat])
        return tuple(found)

    def _plays(self, seat: int) -> list[FsAction]:
        """The legal plays of the play step, discards aside, in the reference's canonical
        order (:func:`millebornes.families.funspeed.plays.plays`, filtered by its tables)."""
        hand = self.hands[seat]
        n = self.players
        distinct: list[int] = []
        previous = NONE
        for c in hand:
            if c != previous:
                distinct.append(c)
                previous = c
        found: list[FsAction] = []
        # Bornes: FS-BORNE-FREE, FS-BORNE-RADAR, FS-ACCEL.
        if self.attack[seat] == NONE:
            most = min(hand.count(ACCELERATOR), MAX_ACCELERATORS)
            radar = self.radar[seat] != NONE
            boosts = LAY_BORNE[seat]
            for c in distinct:
                if DISTANCE[c]:
                    table = boosts[c]
                    for k in range(most + 1):
                        if radar and BORNE_KM[c * 4 + k] > RADAR_MAX_KM:
                            break  # more Accélérateurs only double it again
                        found.extend(table[k])
        # Attacks: FS-ATTACK-TARGET, FS-IMMUNITY, FS-ATTACK-ONE.
        others = [t for t in range(n) if t != seat]
        attacks = ATTACK_ACTIONS[seat]
        for c in distinct:
            if ATTACKS[c]:
                safety = SAFETY_INT_OF[c]
                slots = self.radar if RADAR[c] else self.attack
                for t in others:
                    if slots[t] == NONE and safety not in self.safeties[t]:
                        found.extend(attacks[c][t])
        # Remedies on one's turn: the remedy on top (FS-REMEDY, RUL-FS-REMEDY-HELD).
        mine_attack, mine_radar = self.attack[seat], self.radar[seat]
        if mine_attack != NONE or mine_radar != NONE:
            standing = sorted(a for a in (mine_attack, mine_radar) if a != NONE)
            remedies = REMEDY[seat]
            for c in distinct:
                if REMEDIES[c]:
                    cured = CURES_INT[c]
                    for a in standing:
                        if cured[a]:
                            found.append(remedies[c][a][1])
        safeties = SAFETY[seat]
        for c in distinct:
            if SAFETIES[c]:
                found.append(safeties[c])
        if HELICOPTER in hand:
            helicopters = HELICOPTER_ACTIONS[seat]
            found.extend(helicopters[t] for t in others)
        if POLICE in hand:
            found.extend(self._police(seat, distinct, others))
        if TRASH in hand:
            found.append(TRASH_ACTIONS[seat])
        return found

    def _police(self, seat: int, mine: list[int], others: list[int]) -> list[FsAction]:
        """FS-POLICE, RUL-FS-POLICE: a card of an opponent's hand taken, one given back from
        the hand once the card taken joined it (the Police itself only if a second one is
        held, or if it is the card taken)."""
        second_police = self.hands[seat].count(POLICE) > 1
        found: list[FsAction] = []
        for t in others:
            table = POLICE_ACTIONS[seat][t]
            previous = NONE
            for take in self.hands[t]:
                if take == previous:
                    continue
                previous = take
                row = table[take]
                gives = mine if take in mine else sorted([*mine, take])
                for give in gives:
                    if give != POLICE or second_police or take == POLICE:
                        found.append(row[give])
        return found

    def _can_play(self, seat: int) -> bool:
        """FS-DISCARD-FORCED: could ``seat`` lay some card at this play step?"""
        if self.can_play < 0:
            self.can_play = 1 if self._plays(seat) else 0
        return self.can_play == 1

    def is_over(self) -> bool:
        return self.phase == OVER

    # --- doing -----------------------------------------------------------------------

    def apply(self, action: FsAction) -> FsFastState:
        """A new state after ``action``; this one is left as it was (like the reference)."""
        new = self.copy()
        new.step(action)
        return new

    def _reject(self, action: object) -> NoReturn:
        """Raise what the reference raises for ``action`` here, or EngineMismatch."""
        reference.apply(self.to_reference(), action)  # type: ignore[arg-type]
        raise EngineMismatch(f"the fast engine refused {action!r}, which the reference accepts")

    def step(self, action: FsAction) -> None:
        """Take ``action`` in place, after checking every precondition; an illegal or
        malformed action raises the reference's error and changes nothing."""
        kind = type(action)
        seat = getattr(action, "seat", None)
        if type(seat) is not int or seat != self.actor:
            self._reject(action)
        if kind is DrawPile:
            self._draw_pile(seat, action)  # type: ignore[arg-type]
        elif kind is DrawDiscard:
            self._draw_discard(seat, action)  # type: ignore[arg-type]
        elif kind is LayBorne:
            self._lay_borne(seat, action)  # type: ignore[arg-type]
        elif kind is Attack:
            self._attack(seat, action)  # type: ignore[arg-type]
        elif kind is Remedy:
            self._remedy(seat, action)  # type: ignore[arg-type]
        elif kind is Safety:
            self._safety(seat, action)  # type: ignore[arg-type]
        elif kind is Discard:
            self._discard(seat, action)  # type: ignore[arg-type]
        elif kind is Pass:
            if self.phase not in WINDOWS:
                self._reject(action)
            self.can_play = -1
            self._pass(seat)
        elif kind is Helicopter:
            self._helicopter(seat, action)  # type: ignore[arg-type]
        elif kind is Police:
            self._police_step(seat, action)  # type: ignore[arg-type]
        elif kind is Trash:
            if self.phase != PLAY or TRASH not in self.hands[seat]:
                self._reject(action)
            self.can_play = -1
            self._trash(seat)
        elif kind is CoupFourre:
            self._coup_fourre(seat, action)  # type: ignore[arg-type]
        elif kind is Mirror:
            if self.phase != ATTACK or MIRROR not in self.hands[seat]:
                self._reject(action)
            self.can_play = -1
            self._mirror(seat)
        elif kind is UTurn or kind is Killer:
            self._cancel(seat, action)  # type: ignore[arg-type]
        elif kind is HoldUp:
            self._holdup(seat, action)  # type: ignore[arg-type]
        elif kind is FalseHoldUp:
            self._false_holdup(seat, action)  # type: ignore[arg-type]
        else:
            self._reject(action)

    # --- the actions ---------------------------------------------------------------------

    def _draw_pile(self, seat: int, action: DrawPile) -> None:
        """FS-DRAW, RUL-FS-EMPTY-PILE."""
        if self.phase != DRAW or not self.draw:
            self._reject(action)
        self.can_play = -1
        self._draw(seat, PLAY)

    def _draw_discard(self, seat: int, action: DrawDiscard) -> None:
        """FS-DRAW, RUL-FS-DISCARD-TOP: the top card of the discard pile."""
        if self.phase != DRAW or not self.discard:
            self._reject(action)
        self.can_play = -1
        insort(self.hands[seat], self.discard.pop())
        self.phase = PLAY

    def _safety(self, seat: int, action: Safety) -> None:
        """FS-SAFETY, FS-REPLAY: 100 km, then the player plays again from the draw step."""
        card = _card(action.card, SAFETIES)
        if self.phase != PLAY or card == NONE or card not in self.hands[seat]:
            self._reject(action)
        self.can_play = -1
        before = self.km[:]
        self._lay_safety(seat, card, False)
        self._changed(before, seat, False, NONE)

    def _discard(self, seat: int, action: Discard) -> None:
        """FS-DISCARD, FS-DISCARD-FORCED: only when no card of the hand can be played."""
        card = _card(action.card)
        if self.phase != PLAY or card == NONE or card not in self.hands[seat]:
            self._reject(action)
        if self._can_play(seat):
            self._reject(action)
        self.can_play = -1
        self.hands[seat].remove(card)
        self.discard.append(card)
        self._end_turn(NONE)

    def _cancel(self, seat: int, action: UTurn | Killer) -> None:
        """FS-UTURN (the Demi-tour leaves the game), FS-KILLER (at an unannounced Borne): an
        opponent of the layer cancels the Borne just laid; the turn ends."""
        uturn = type(action) is UTurn
        if (
            self.phase != BORNE
            or seat == self.layer
            or (U_TURN not in self.hands[seat] if uturn else self.announced)
        ):
            self._reject(action)
        self.can_play = -1
        before = self.km[:]
        if uturn:
            self._use_once(seat, U_TURN)
        self._cancel_borne()
        self._changed(before, seat, True, NONE)

    def _lay_borne(self, seat: int, action: LayBorne) -> None:
        """FS-ACCEL, FS-ANNOUNCE, RUL-FS-WINDOWS: the Borne is laid with its Accélérateurs and
        the Borne window asks the layer's opponents, from the layer's left."""
        card = _card(action.card, DISTANCE)
        boost = action.accelerators
        hand = self.hands[seat]
        if (
            self.phase != PLAY
            or card == NONE
            or type(boost) is not int
            or not 0 <= boost <= MAX_ACCELERATORS
            or type(action.announced) is not bool
            or card not in hand
            or hand.count(ACCELERATOR) < boost
            or self.attack[seat] != NONE
            or (self.radar[seat] != NONE and BORNE_KM[card * 4 + boost] > RADAR_MAX_KM)
        ):
            self._reject(action)
        self.can_play = -1
        hand.remove(card)
        for _ in range(boost):
            hand.remove(ACCELERATOR)
        self.distance[seat].append(card * 4 + boost)
        self._rekm(seat)
        self.phase = BORNE
        self.actor = (seat + 1) % self.players
        self.layer = seat
        self.announced = action.announced

    def _attack(self, seat: int, action: Attack) -> None:
        """FS-ATTACK-SOUND: an attack without its sound is discarded; one that counts opens
        the attack window, which asks its target only (RUL-FS-WINDOWS)."""
        card = _card(action.card, ATTACKS)
        target = action.target
        if (
            self.phase != PLAY
            or card == NONE
            or type(target) is not int
            or not 0 <= target < self.players
            or type(action.announced) is not bool
            or card not in self.hands[seat]
            or target == seat
            or SAFETY_INT_OF[card] in self.safeties[target]
            or (self.radar if RADAR[card] else self.attack)[target] != NONE
        ):
            self._reject(action)
        self.can_play = -1
        self.hands[seat].remove(card)
        if not action.announced:
            self.discard.append(card)
            self._end_turn(NONE)
            return
        self.phase = ATTACK
        self.actor = target
        self.pending = card
        self.source = seat

    def _remedy(self, seat: int, action: Remedy) -> None:
        """FS-REMEDY (on one's turn, in one's zone), FS-REMEDY-OUT-OF-TURN (in the attack
        window), FS-REMEDY-TOP (which card lies on top of the discard pile)."""
        card = _card(action.card, REMEDIES)
        attack = _card(action.attack, ATTACKS)
        on_top = action.remedy_on_top
        phase = self.phase
        if phase == PLAY:
            held = (self.radar if attack != NONE and RADAR[attack] else self.attack)[seat]
            where_ok = attack != NONE and held == attack and on_top is True
        else:
            where_ok = phase == ATTACK and self.pending == attack
        if (
            NONE in (card, attack)
            or type(on_top) is not bool
            or not where_ok
            or not CURES_INT[card][attack]
            or card not in self.hands[seat]
        ):
            self._reject(action)
        self.can_play = -1
        self.hands[seat].remove(card)
        if phase == PLAY:
            if RADAR[attack]:
                self.radar[seat] = NONE
            else:
                self.attack[seat] = NONE
        if on_top:
            self.discard.append(attack)
            self.discard.append(card)
        else:
            self.discard.append(card)
            self.discard.append(attack)
        self.pending = NONE
        self.source = NONE
        self._end_turn(NONE)

    def _lay_safety(self, seat: int, safety: int, crosswise: bool) -> None:
        """FS-SAFETY, RUL-FS-SAFETY-CURES: the safety is laid and cures the matching standing
        attacks, which go to the discard pile (the attack, then the Radar)."""
        self.hands[seat].remove(safety)
        attack = self.attack[seat]
        if attack != NONE and SAFETY_INT_OF[attack] == safety:
            self.attack[seat] = NONE
            self.discard.append(attack)
        radar = self.radar[seat]
        if radar != NONE and SAFETY_INT_OF[radar] == safety:
            self.radar[seat] = NONE
            self.discard.append(radar)
        self.safeties[seat].append(safety)
        if crosswise:
            self.coups[seat].append(safety)
        self._rekm(seat)

    def _coup_fourre(self, seat: int, action: CoupFourre) -> None:
        """FS-CF, RUL-FS-CF-TURN: the attack goes to the discard, the safety lies crosswise,
        the coup-fourré player takes the next turn, draw first."""
        card = _card(action.card, SAFETIES)
        if (
            self.phase != ATTACK
            or card == NONE
            or card not in self.hands[seat]
            or self.pending == NONE
            or SAFETY_INT_OF[self.pending] != card
        ):
            self._reject(action)
        self.can_play = -1
        before = self.km[:]
        self.discard.append(self.pending)
        self.pending = NONE
        self.source = NONE
        self._lay_safety(seat, card, True)
        self._changed(before, seat, True, seat)

    def _mirror(self, seat: int) -> None:
        """FS-MIRROR, FS-MIRROR-BACK, FS-MIRROR-BLOCKED, RUL-FS-MIRROR-CHAIN."""
        attack, back_to = self.pending, self.source
        self.hands[seat].remove(MIRROR)
        self.discard.append(MIRROR)
        if (
            self.attack[back_to] == NONE
            and SAFETY_INT_OF[attack] not in self.safeties[back_to]
            and (self.radar if RADAR[attack] else self.attack)[back_to] == NONE
        ):
            self.actor = back_to
            self.source = seat
            return
        self.discard.append(attack)
        self.pending = NONE
        self.source = NONE
        self._end_turn(NONE)

    def _use_once(self, seat: int, card: int) -> None:
        """FS-SINGLE-USE: the card played leaves the hand, and the game if single-use."""
        self.hands[seat].remove(card)
        if ONCE[card]:
            self.removed.append(card)

    def _cancel_borne(self) -> None:
        """FS-UTURN, FS-KILLER, RUL-FS-ACCEL-ZONE: the Borne just laid and its Accélérateurs
        go to the discard pile."""
        layer = self.layer
        borne = self.distance[layer].pop()
        self.discard.extend(BORNE_CARDS[borne])
        self._rekm(layer)

    def _holdup(self, seat: int, action: HoldUp) -> None:
        """FS-HOLDUP, RUL-FS-HOLDUP: the Borne taken joins the caller's zone; play resumes."""
        victim, index = action.victim, action.index
        if (
            self.phase != HOLDUP
            or type(victim) is not int
            or not 0 <= victim < self.players
            or type(index) is not int
            or index < 0
            or victim not in self.tied
            or victim == seat
            or index >= len(self.distance[victim])
        ):
            self._reject(action)
        self.can_play = -1
        borne = self.distance[victim].pop(index)
        self.distance[seat].append(borne)
        self._rekm(victim)
        self._rekm(seat)
        reached = self._reached()
        if reached:
            self._over(reached)  # FS-END-GOAL
        else:
            self._resume(self.turn)

    def _false_holdup(self, seat: int, action: FalseHoldUp) -> None:
        """FS-HOLDUP-WRONG, RUL-FS-HOLDUP-WRONG: the caller loses the Borne or safety he
        picks (Bornes, then safeties); play resumes."""
        index = action.index
        distance = self.distance[seat]
        safeties = self.safeties[seat]
        forfeits = len(distance) + len(safeties)
        fits = forfeits == 0 if index is None else type(index) is int and 0 <= index < forfeits
        if self.phase != HOLDUP or self.tied or not fits:
            self._reject(action)
        self.can_play = -1
        if index is not None:
            if index < len(distance):
                self.discard.extend(BORNE_CARDS[distance.pop(index)])
            else:
                safety = safeties[index - len(distance)]
                self.safeties[seat] = [s for s in safeties if s != safety]
                self.coups[seat] = [s for s in self.coups[seat] if s != safety]
                self.discard.append(safety)
            self._rekm(seat)
        self._resume(self.turn)

    def _helicopter(self, seat: int, action: Helicopter) -> None:
        """FS-HELICOPTER, RUL-FS-HELICOPTER: whole zones change hands; seats and hands stay."""
        target = action.target
        if (
            self.phase != PLAY
            or HELICOPTER not in self.hands[seat]
            or type(target) is not int
            or not 0 <= target < self.players
            or target == seat
        ):
            self._reject(action)
        self.can_play = -1
        before = self.km[:]
        self._use_once(seat, HELICOPTER)
        for zone in (self.distance, self.safeties, self.coups):
            zone[seat], zone[target] = zone[target], zone[seat]
        for slot in (self.attack, self.radar, self.km):
            slot[seat], slot[target] = slot[target], slot[seat]
        self._changed(before, seat, True, NONE)

    def _police_step(self, seat: int, action: Police) -> None:
        """FS-POLICE, RUL-FS-POLICE: take one chosen card, give one back."""
        target = action.target
        take = _card(action.take)
        give = _card(action.give)
        hand = self.hands[seat]
        if (
            self.phase != PLAY
            or type(target) is not int
            or not 0 <= target < self.players
            or NONE in (take, give)
            or POLICE not in hand
            or target == seat
            or take not in self.hands[target]
            or not (give == take or (give in hand and (give != POLICE or hand.count(POLICE) > 1)))
        ):
            self._reject(action)
        self.can_play = -1
        self._use_once(seat, POLICE)
        theirs = self.hands[target]
        theirs.remove(take)
        insort(hand, take)
        hand.remove(give)
        insort(theirs, give)
        self._end_turn(NONE)

    def _trash(self, seat: int) -> None:
        """FS-TRASH: every laid 200, with its Accélérateurs, goes to the discard pile."""
        before = self.km[:]
        self._use_once(seat, TRASH)
        for s in range(self.players):
            distance = self.distance[s]
            if any(BORNE_CARD[b] == D200 for b in distance):
                for b in distance:
                    if BORNE_CARD[b] == D200:
                        self.discard.extend(BORNE_CARDS[b])
                self.distance[s] = [b for b in distance if BORNE_CARD[b] != D200]
                self._rekm(s)
        self._changed(before, seat, True, NONE)

    def _pass(self, seat: int) -> None:
        """RUL-FS-WINDOWS: the seat asked passes; the next eligible seat is asked, or the
        window closes and its event stands."""
        if self.phase == ATTACK:
            attack = self.pending
            if RADAR[attack]:
                self.radar[seat] = attack
            else:
                self.attack[seat] = attack
            self.pending = NONE
            self.source = NONE
            self._end_turn(NONE)
            return
        layer = self.layer
        nxt = (seat + 1) % self.players
        if self.phase == BORNE:
            if nxt != layer:
                self.actor = nxt
                return
            # FS-END-AFTER-UTURN: the Borne stood; the change it made opens the Hold Up window.
            self._opened((layer,), layer, True, NONE)
            return
        if seat == layer:  # the Hold Up window asks the seat that made the change last
            self._resume(self.turn)
        else:
            self.actor = nxt

    # --- ends of turns and of the game -------------------------------------------------

    def _changed(self, before: list[int], cause: int, end: bool, next_seat: int) -> None:
        """``cause``'s action changed the zones from race totals ``before``: the seats whose
        totals it changed may have made a tie (RUL-FS-HOLDUP)."""
        km = self.km
        moved = tuple(s for s in range(self.players) if before[s] != km[s])
        self._opened(moved, cause, end, next_seat)

    def _opened(self, moved: tuple[int, ...], cause: int, end: bool, next_seat: int) -> None:
        """FS-END-GOAL, FS-REFILL, RUL-FS-HOLDUP: as the reference's ``_opened``."""
        reached = self._reached()
        if reached:
            self._over(reached)
            return
        if end:
            self._end_turn(next_seat)
            if self.phase == OVER:
                return
        if not moved:
            if not end:
                self._resume(self.turn)
            return
        self.phase = HOLDUP
        self.actor = (cause + 1) % self.players
        self.layer = cause
        self.announced = True
        self.tied = self._ties(moved)

    def _ties(self, moved: tuple[int, ...]) -> tuple[int, ...]:
        """RUL-FS-HOLDUP: each moved seat whose total, above zero, equals another's, with
        those seats; sorted."""
        km = self.km
        found: set[int] = set()
        for seat in moved:
            mine = km[seat]
            if mine > 0:
                equal = [o for o in range(self.players) if o != seat and km[o] == mine]
                if equal:
                    found.add(seat)
                    found.update(equal)
        return tuple(sorted(found))

    def _reached(self) -> tuple[int, ...]:
        """FS-END-GOAL: the seats at or past the goal."""
        goal = self.goal
        return tuple(s for s, km in enumerate(self.km) if km >= goal)

    def _over(self, winners: tuple[int, ...]) -> None:
        self.phase = OVER
        self.actor = None
        self.winners = winners
        self.pending = NONE
        self.source = NONE
        self.layer = NONE
        self.announced = True
        self.tied = ()

    def _replenish(self) -> None:
        """RUL-FS-EMPTY-PILE, RUL-FS-RESHUFFLE-SEED: an empty draw pile is replaced at once by
        the discard pile shuffled with the k-th reshuffle's seed, at most MAX_RESHUFFLES
        times (FS-GUARD-END)."""
        if self.draw or not self.discard or self.reshuffles >= MAX_RESHUFFLES:
            return
        k = self.reshuffles + 1
        pile = shuffled(self.discard, round_seed(self.seed, k + 1))
        self.draw = list(reversed(pile))
        self.discard = []
        self.reshuffles = k

    def _draw(self, seat: int, phase: int) -> bool:
        """The top card of the draw pile joins ``seat``'s hand and play goes on to ``phase``
        (unless NONE); a pile it empties is replaced at once. False if nothing was drawn."""
        if not self.draw:
            self._replenish()
        if phase != NONE:
            self.phase = phase
        if not self.draw:
            return False
        insort(self.hands[seat], self.draw.pop())
        if not self.draw:
            self._replenish()
        return True

    def _exhausted(self) -> None:
        """FS-GUARD-END: a card must be drawn and none can be; the greatest totals win."""
        best = max(self.km)
        self._over(tuple(s for s, km in enumerate(self.km) if km == best))

    def _resume(self, turn: int) -> None:
        """The turn player is at the draw step; any window is closed (FS-REPLAY too). When
        no card can be drawn, FS-GUARD-END ends the game."""
        self._replenish()
        if not self.draw:
            self.turn = turn
            self._exhausted()
            return
        self.phase = DRAW
        self.actor = turn
        self.turn = turn
        self.layer = NONE
        self.announced = True
        self.tied = ()
        self.pending = NONE
        self.source = NONE

    def _end_turn(self, next_seat: int) -> None:
        """FS-REFILL, RUL-FS-REFILL-ORDER, FS-TURN-ORDER, RUL-FS-CF-TURN: every hand below
        four is completed from the turn player leftwards; the next turn starts."""
        n = self.players
        turn = self.turn
        hands = self.hands
        for step in range(n):
            seat = (turn + step) % n
            while len(hands[seat]) < HAND_SIZE:
                if not self._draw(seat, NONE):
                    self._exhausted()
                    return
        self._resume((turn + 1) % n if next_seat == NONE else next_seat)
