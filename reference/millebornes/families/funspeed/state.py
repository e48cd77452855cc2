"""The immutable state of a Fun & Speed game: every card's zone, the phase, who acts.

A player's zone (FS-ZONE) replaces the classic battle and speed piles. An open
reaction window (RUL-FS-WINDOWS) is part of the state: its phase, the seat it is
asking (``actor``), and what it is about (``pending``, ``source``, ``layer``,
``announced``, ``tied``). Nothing is hidden; after the deal the only chance is the
reshuffle of the discard pile, ordered by the seed the state carries (RUL-FS-EMPTY-PILE,
RUL-FS-RESHUFFLE-SEED).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final

from millebornes.core.tuples import with_item
from millebornes.families.funspeed.cards import DATA, IS_RADAR, KM, FsCard

Borne = tuple[FsCard, int]
"""A Borne laid in a zone with the number of Accélérateurs laid with it (RUL-FS-ACCEL-ZONE)."""


class FsPhase(StrEnum):
    DRAW = "draw"
    """The turn's first step (FS-DRAW)."""
    PLAY = "play"
    """Lay or discard one card (FS-PLAY-ONE, FS-REPLAY)."""
    ATTACK = "attack"
    """Attack window: the pending attack's target answers or passes (RUL-FS-WINDOWS)."""
    BORNE = "borne"
    """Borne window: opponents of the layer may cancel the Borne (FS-UTURN, FS-KILLER)."""
    HOLDUP = "holdup"
    """Hold Up window: every seat may call Hold Up (FS-HOLDUP, FS-HOLDUP-WRONG)."""
    OVER = "over"
    """The game is over (FS-END-GOAL, FS-GUARD-END)."""


# The phases by module name as well, for the engine's hot paths: on Python 3.11 reading a
# member as an attribute of its enum (``FsPhase.PLAY``) costs several times a global, and
# the precondition tables ask the phase for every candidate action.
PHASE_DRAW: Final = FsPhase.DRAW
PHASE_PLAY: Final = FsPhase.PLAY
PHASE_ATTACK: Final = FsPhase.ATTACK
PHASE_BORNE: Final = FsPhase.BORNE
PHASE_HOLDUP: Final = FsPhase.HOLDUP
PHASE_OVER: Final = FsPhase.OVER

WINDOWS = (FsPhase.ATTACK, FsPhase.BORNE, FsPhase.HOLDUP)


_SAFETY_KM: Final = DATA.safety_km
_CROSSWISE_EXTRA: Final = DATA.coup_fourre_km - DATA.safety_km
"""What a safety laid crosswise adds to a safety's km (FS-KM), read once: the race totals
are asked after every change of a zone."""


@dataclass(frozen=True, slots=True)
class Zone:
    """One player's zone de jeu (FS-ZONE)."""

    distance: tuple[Borne, ...] = ()
    safeties: tuple[FsCard, ...] = ()
    coups_fourres: tuple[FsCard, ...] = ()
    """The safeties among ``safeties`` laid crosswise (FS-CF)."""
    attack: FsCard | None = None
    """The standing attack other than Radar (FS-ATTACK-ONE)."""
    radar: FsCard | None = None
    """The standing Radar (FS-ATTACK-ONE)."""

    @property
    def borne_km(self) -> int:
        """Km of Bornes, each doubled per Accélérateur (FS-KM)."""
        km = 0
        for card, boost in self.distance:  # a loop, not sum(...): a generator costs a call
            km += KM[card] << boost
        return km

    @property
    def km(self) -> int:
        """FS-KM: Bornes plus 100 km per safety, 200 km per coup-fourré; the race total that
        reaches the goal and that Hold Up compares (RUL-FS-HOLDUP)."""
        bonus = len(self.safeties) * _SAFETY_KM + len(self.coups_fourres) * _CROSSWISE_EXTRA
        return self.borne_km + bonus

    def with_distance(self, distance: tuple[Borne, ...]) -> Zone:
        """This zone with ``distance`` for its Bornes: ``dataclasses.replace`` for the hot
        path (a Borne laid, lost, cancelled or stolen), which inspects the fields at every
        call."""
        return Zone(distance, self.safeties, self.coups_fourres, self.attack, self.radar)

    def standing(self, attack: FsCard) -> FsCard | None:
        """The standing card of ``attack``'s kind: Radar or the other attack (FS-ATTACK-ONE)."""
        return self.radar if IS_RADAR[attack] else self.attack

    def forfeitable(self) -> int:
        """How many cards a wrong Hold Up may cost: Bornes then safeties (FS-HOLDUP-WRONG)."""
        return len(self.distance) + len(self.safeties)

    def cards(self) -> tuple[FsCard, ...]:
        cards: list[FsCard] = []
        for card, boost in self.distance:
            cards.append(card)
            cards.extend([FsCard.ACCELERATOR] * boost)
        cards.extend(self.safeties)
        cards.extend(c for c in (self.attack, self.radar) if c is not None)
        return tuple(cards)


@dataclass(frozen=True, slots=True)
class FsState:
    """A Fun & Speed game at one moment. Seats are numbered clockwise; seat + 1 is the left."""

    players: int
    phase: FsPhase
    actor: int | None
    """The one seat that may act (FS-ACTOR); None once the game is over."""
    turn: int
    """The seat whose turn it is."""
    draw_pile: tuple[FsCard, ...]
    """Face down, top card first."""
    discard_pile: tuple[FsCard, ...]
    """Face up, top card last."""
    removed: tuple[FsCard, ...]
    """Cards out of play (FS-SINGLE-USE), in the order they left."""
    hands: tuple[tuple[FsCard, ...], ...]
    """Each seat's hand, sorted in card order."""
    zones: tuple[Zone, ...]
    pending: FsCard | None = None
    """In an attack window: the attack travelling, in no zone yet."""
    source: int | None = None
    """In an attack window: the seat the attack comes from (where a Rétroviseur sends it)."""
    layer: int | None = None
    """In a Borne window: the seat whose Borne opened it; in a Hold Up window: the seat whose
    action changed the race totals (the window asks from its left, and it last)."""
    announced: bool = True
    """In a Borne window: whether the Borne was announced (FS-ANNOUNCE); true otherwise."""
    tied: tuple[int, ...] = ()
    """In a Hold Up window: the seats of the ties the change made, sorted (RUL-FS-HOLDUP);
    () when it made none, and outside a Hold Up window."""
    seed: int = 0
    """The seed of the reshuffles: reshuffle k uses seed + k (RUL-FS-RESHUFFLE-SEED)."""
    reshuffles: int = 0
    """How many times the discard pile became the draw pile (RUL-FS-EMPTY-PILE)."""
    winners: tuple[int, ...] = ()

    @property
    def goal(self) -> int:
        return DATA.goal_for(self.players)  # FS-GOAL

    @property
    def target(self) -> int | None:
        """In an attack window, the seat the pending attack is aimed at: the one asked."""
        return self.actor if self.phase is FsPhase.ATTACK else None

    def all_cards(self) -> tuple[FsCard, ...]:
        """Every card of every zone; FS-BOX says this is the box."""
        cards = self.draw_pile + self.discard_pile + self.removed
        for hand in self.hands:
            cards += hand
        for zone in self.zones:
            cards += zone.cards()
        if self.pending is not None:
            cards += (self.pending,)
        return cards


with_zone = with_item
with_hand = with_item


class _Keep(Enum):
    KEEP = 0


KEEP = _Keep.KEEP
"""The default of :func:`evolve`'s fields: leave it as it is."""


def evolve(
    s: FsState,
    *,
    phase: FsPhase | _Keep = KEEP,
    actor: int | _Keep | None = KEEP,
    turn: int | _Keep = KEEP,
    draw_pile: tuple[FsCard, ...] | _Keep = KEEP,
    discard_pile: tuple[FsCard, ...] | _Keep = KEEP,
    removed: tuple[FsCard, ...] | _Keep = KEEP,
    hands: tuple[tuple[FsCard, ...], ...] | _Keep = KEEP,
    zones: tuple[Zone, ...] | _Keep = KEEP,
    pending: FsCard | _Keep | None = KEEP,
    source: int | _Keep | None = KEEP,
    layer: int | _Keep | None = KEEP,
    announced: bool | _Keep = KEEP,
    tied: tuple[int, ...] | _Keep = KEEP,
    reshuffles: int | _Keep = KEEP,
    winners: tuple[int, ...] | _Keep = KEEP,
) -> FsState:
    """``s`` with the given fields changed: ``dataclasses.replace`` for the hot path, as the
    classic family's ``evolve``. ``replace`` inspects the fields at every call, and every
    action builds a new state; this positional construction is about twice as fast. The
    game's identity (players, seed) never changes, so it cannot be passed."""
    return FsState(
        s.players,
        s.phase if phase is KEEP else phase,
        s.actor if actor is KEEP else actor,
        s.turn if turn is KEEP else turn,
        s.draw_pile if draw_pile is KEEP else draw_pile,
        s.discard_pile if discard_pile is KEEP else discard_pile,
        s.removed if removed is KEEP else removed,
        s.hands if hands is KEEP else hands,
        s.zones if zones is KEEP else zones,
        s.pending if pending is KEEP else pending,
        s.source if source is KEEP else source,
        s.layer if layer is KEEP else layer,
        s.announced if announced is KEEP else announced,
        s.tied if tied is KEEP else tied,
        s.seed,
        s.reshuffles if reshuffles is KEEP else reshuffles,
        s.winners if winners is KEEP else winners,
    )
