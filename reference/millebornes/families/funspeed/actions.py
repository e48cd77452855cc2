"""The closed union of Fun & Speed actions. Each names the seat that takes it.

The canonical order of kinds in ``legal_actions`` is the order of ``ACTIONS``.
"""

from __future__ import annotations

from dataclasses import dataclass

from millebornes.families.funspeed.cards import FsCard


@dataclass(frozen=True, slots=True)
class DrawPile:
    """Draw the top card of the draw pile (FS-DRAW)."""

    seat: int


@dataclass(frozen=True, slots=True)
class DrawDiscard:
    """Take the top card of the discard pile (FS-DRAW, RUL-FS-DISCARD-TOP)."""

    seat: int


@dataclass(frozen=True, slots=True)
class LayBorne:
    """Lay a Borne with ``accelerators`` Accélérateurs (FS-ACCEL), announced or not
    (FS-ANNOUNCE)."""

    seat: int
    card: FsCard
    accelerators: int
    announced: bool


@dataclass(frozen=True, slots=True)
class Attack:
    """Lay an attack on ``target``'s zone, with its sound or not (FS-ATTACK-SOUND)."""

    seat: int
    card: FsCard
    target: int
    announced: bool


@dataclass(frozen=True, slots=True)
class Remedy:
    """Cure ``attack`` with ``card``: on one's turn in one's zone (FS-REMEDY), or at once in
    an attack window (FS-REMEDY-OUT-OF-TURN); ``remedy_on_top`` says which card lies on top
    of the discard pile (FS-REMEDY-TOP)."""

    seat: int
    card: FsCard
    attack: FsCard
    remedy_on_top: bool


@dataclass(frozen=True, slots=True)
class Safety:
    """Lay a safety upright on one's turn (FS-SAFETY)."""

    seat: int
    card: FsCard


@dataclass(frozen=True, slots=True)
class Helicopter:
    """Exchange zones with ``target`` (FS-HELICOPTER)."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class Police:
    """Take ``take`` from ``target``'s hand and give ``give`` back (FS-POLICE)."""

    seat: int
    target: int
    take: FsCard
    give: FsCard


@dataclass(frozen=True, slots=True)
class Trash:
    """Play the Poubelle: every laid 200 goes to the discard pile (FS-TRASH)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Discard:
    """Put ``card`` on top of the discard pile (FS-DISCARD)."""

    seat: int
    card: FsCard


@dataclass(frozen=True, slots=True)
class CoupFourre:
    """Answer the pending attack with its safety, crosswise (FS-CF)."""

    seat: int
    card: FsCard


@dataclass(frozen=True, slots=True)
class Mirror:
    """Turn the pending attack back on the seat it came from (FS-MIRROR, FS-MIRROR-BACK)."""

    seat: int


@dataclass(frozen=True, slots=True)
class UTurn:
    """Cancel the Borne just laid with a Demi-tour (FS-UTURN)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Killer:
    """Shout "Bornes Killer !" at a Borne laid without its announcement (FS-KILLER)."""

    seat: int


@dataclass(frozen=True, slots=True)
class HoldUp:
    """Call "Hold Up !" and take the Borne at ``index`` of ``victim``'s zone (FS-HOLDUP)."""

    seat: int
    victim: int
    index: int


@dataclass(frozen=True, slots=True)
class FalseHoldUp:
    """Call "Hold Up !" with no tie: lose the zone card at ``index`` (Bornes, then safeties),
    or nothing (``None``) when the zone holds neither (FS-HOLDUP-WRONG)."""

    seat: int
    index: int | None


@dataclass(frozen=True, slots=True)
class Pass:
    """Let the event of the open window stand (RUL-FS-WINDOWS)."""

    seat: int


FsAction = (
    DrawPile | DrawDiscard | LayBorne | Attack | Remedy | Safety | Helicopter | Police | Trash
    | Discard | CoupFourre | Mirror | UTurn | Killer | HoldUp | FalseHoldUp | Pass
)  # fmt: skip

ACTIONS: tuple[type, ...] = (
    DrawPile, DrawDiscard, LayBorne, Attack, Remedy, Safety, Helicopter, Police, Trash,
    Discard, CoupFourre, Mirror, UTurn, Killer, HoldUp, FalseHoldUp, Pass,
)  # fmt: skip
"""Canonical order of action kinds in ``legal_actions``."""
