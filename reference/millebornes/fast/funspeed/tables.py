"""Integer tables for the Fun & Speed fast engine, derived once from the reference's data.

Cards are plain ``int`` values (``int(FsCard.X)``), as in :mod:`millebornes.fast.tables`:
an ``IntEnum`` member compares and hashes through the enum's machinery, a plain int at C
speed. A Borne laid in a zone is one int, ``card * 4 + accelerators``, so a zone's
distance is a list of ints and its km one table lookup per Borne. Nothing here is a new
fact: every figure comes from :mod:`millebornes.families.funspeed.cards`, and the action
objects are the reference's shared instances (:mod:`millebornes.families.funspeed.shared`).
"""

from __future__ import annotations

from typing import Final

from millebornes.families.funspeed.actions import Police
from millebornes.families.funspeed.cards import (
    DATA,
    IS_ATTACK,
    IS_DISTANCE,
    IS_RADAR,
    IS_REMEDY,
    IS_SAFETY,
    KM,
    SAFETY_OF,
    SINGLE_USE,
    FsCard,
    cures,
)
from millebornes.families.funspeed.shared import SEATS
from millebornes.families.funspeed.state import FsPhase

CARDS: Final[tuple[FsCard, ...]] = tuple(FsCard)
"""``CARDS[i]`` is the card whose integer value is ``i``: the way back to the reference."""
N_CARDS: Final = len(CARDS)
NONE: Final = -1
"""No card, no seat (the reference says ``None``)."""

DRAW: Final = 0
PLAY: Final = 1
ATTACK: Final = 2
BORNE: Final = 3
HOLDUP: Final = 4
OVER: Final = 5
PHASES: Final[tuple[FsPhase, ...]] = (
    FsPhase.DRAW,
    FsPhase.PLAY,
    FsPhase.ATTACK,
    FsPhase.BORNE,
    FsPhase.HOLDUP,
    FsPhase.OVER,
)
"""``PHASES[p]`` is the reference phase of the engine's phase number ``p``."""
WINDOWS: Final = (ATTACK, BORNE, HOLDUP)
"""The phases of the reaction windows (RUL-FS-WINDOWS)."""
PHASE_INT: Final[dict[FsPhase, int]] = {phase: i for i, phase in enumerate(PHASES)}

D200: Final = int(FsCard.D200)
ACCELERATOR: Final = int(FsCard.ACCELERATOR)
MIRROR: Final = int(FsCard.MIRROR)
U_TURN: Final = int(FsCard.U_TURN)
HELICOPTER: Final = int(FsCard.HELICOPTER)
POLICE: Final = int(FsCard.POLICE)
TRASH: Final = int(FsCard.TRASH)

DISTANCE: Final[tuple[bool, ...]] = IS_DISTANCE
ATTACKS: Final[tuple[bool, ...]] = IS_ATTACK
REMEDIES: Final[tuple[bool, ...]] = IS_REMEDY
SAFETIES: Final[tuple[bool, ...]] = IS_SAFETY
RADAR: Final[tuple[bool, ...]] = IS_RADAR
ONCE: Final[tuple[bool, ...]] = SINGLE_USE
KM_INT: Final[tuple[int, ...]] = KM
SAFETY_INT_OF: Final[tuple[int, ...]] = tuple(NONE if s is None else int(s) for s in SAFETY_OF)
"""The safety that protects from each attack, or NONE."""
CURES_INT: Final[tuple[tuple[bool, ...], ...]] = tuple(
    tuple(cures(remedy, attack) for attack in FsCard) for remedy in FsCard
)
"""``CURES_INT[remedy][attack]``: FS-REMEDY and FS-SUPER-PARADE (the reference's ``cures``)."""

MAX_ACCELERATORS: Final = DATA.max_accelerators
RADAR_MAX_KM: Final = DATA.radar_max_km
HAND_SIZE: Final = DATA.hand_size
SAFETY_KM: Final = DATA.safety_km
COUP_FOURRE_EXTRA_KM: Final = DATA.coup_fourre_km - DATA.safety_km
MAX_RESHUFFLES: Final = DATA.max_reshuffles

BORNE_KM: Final[tuple[int, ...]] = tuple(KM[b >> 2] << (b & 3) for b in range(4 * N_CARDS))
"""The km of a laid Borne ``card * 4 + accelerators``, each Accélérateur doubling (FS-KM)."""
BORNE_CARD: Final[tuple[int, ...]] = tuple(b >> 2 for b in range(4 * N_CARDS))
BORNE_CARDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    (b >> 2,) + (ACCELERATOR,) * (b & 3) for b in range(4 * N_CARDS)
)
"""A laid Borne and its Accélérateurs, as they go to the discard pile (RUL-FS-ACCEL-ZONE)."""

POLICE_ACTIONS: Final[tuple[tuple[tuple[tuple[Police, ...], ...], ...], ...]] = tuple(
    tuple(
        tuple(tuple(Police(s, t, CARDS[take], CARDS[give]) for give in range(N_CARDS))
              for take in range(N_CARDS))
        for t in SEATS
    )
    for s in SEATS
)  # fmt: skip
"""``POLICE_ACTIONS[seat][target][take][give]``: built once, as the reference's other
candidates are (:mod:`millebornes.families.funspeed.shared`), instead of at every play step."""
