"""Sealed combat orders: what one ship does in one combat round (R-CBT-2).

An order is a plain value; whether it is legal for a ship in a battle is decided by
``engine.warpwar.order_checks``, and ``engine.warpwar.order_notation`` reads and writes it the
way the rulebooks do (``W3 ATTACKS S25: D=0 B=3 S=2 T=0``).

Ships are named by label. Labels repeat between players (everyone has a W1), so a target
may be written ``W1@bob``; a bare ``W1`` is enough when only one enemy ship there has it.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.serial import serializable
from engine.warpwar.crt import Tactic

MAX_SHELLS_PER_CANNON = 3
"""Each Cannon fires one, two or three Shells a round (1994 text, "Cannons")."""


class DamageSlot(StrEnum):
    """Where one effective hit may be taken (R-DMG-1); Holds and Racks split by whether loaded."""

    A = "A"
    EMPTY_H = "empty H"
    EMPTY_SR = "empty SR"
    E = "E"
    SH = "SH"
    M = "M"
    C = "C"
    T = "T"
    S = "S"
    B = "B"
    LOADED_H = "loaded H"
    LOADED_SR = "loaded SR"
    PD = "PD"


@serializable
@dataclass(frozen=True)
class DamageStep:
    """One step of a damage priority: hits go to ``slot``, at most ``limit`` of them.

    ``PD 1, S 1, M 1`` spreads three hits as the 1977 screens example does; ``B, S, T, M``
    empties each slot in turn, as the W4-vs-S35 example does.
    """

    slot: DamageSlot
    limit: int | None = None
    """None: as many hits as the slot can take."""


DEFAULT_PRIORITY: tuple[DamageStep, ...] = tuple(DamageStep(slot) for slot in DamageSlot)
"""R-DMG-2: armor, empty holds, empty racks, ECM, shells, missiles, cannons, tubes, screen,
beam, loaded holds, loaded racks, PD last."""


@serializable
@dataclass(frozen=True)
class MissileShot:
    """One Missile launched this round: its target and its own drive setting (≥ 1)."""

    target: str
    drive: int


@serializable
@dataclass(frozen=True)
class CannonShot:
    """One Cannon's burst this round: 1-3 Shells, at the order's target unless it names another."""

    shells: int
    target: str | None = None
    """None fires at the order's target (the ship named after the tactic)."""


@serializable
@dataclass(frozen=True)
class Orders:
    """One ship's orders for one combat round. Power goes to drive, beam, screen, ECM, tubes
    and cannons; missiles and cannon bursts say where they go; Warpships may pick up or drop
    Systemships, name the hex they escape to, and change their damage priority for the round."""

    ship: str
    """The ordered ship's label (``W3``)."""
    tactic: Tactic
    drive: int = 0
    beam: int = 0
    screen: int = 0
    ecm: int = 0
    tubes: int = 0
    """Tubes powered (1 PD each); powering any counts as using missiles (R-CBT-16)."""
    cannons: int = 0
    """Cannons powered (1 PD each); each may fire one burst in ``shots``."""
    target: str | None = None
    """The ship the beam fires at (and the cannons, unless a burst names its own)."""
    missiles: tuple[MissileShot, ...] = ()
    shots: tuple[CannonShot, ...] = ()
    pick_up: tuple[str, ...] = ()
    """Own Systemships on the star to load into this Warpship's racks this round (R-CBT-9)."""
    drop: tuple[str, ...] = ()
    """Systemships this Warpship carries, to leave on the star this round (R-CBT-9)."""
    retreat_to: str | None = None
    """The adjacent hex to go to on escaping or withdrawing (default: first clockwise from north)."""
    damage: tuple[DamageStep, ...] = ()
    """This round only: where hits are taken first; the standing priority follows (R-DMG-2)."""

    @property
    def power(self) -> int:
        """PD this order needs (R-CBT-3); missiles' own drives cost nothing."""
        return self.drive + self.beam + self.screen + self.ecm + self.tubes + self.cannons

    @property
    def shells(self) -> int:
        return sum(shot.shells for shot in self.shots)

    def cannon_target(self, shot: CannonShot) -> str | None:
        return shot.target if shot.target is not None else self.target


def default_orders(ship: str, pd: int, screen: int) -> Orders:
    """R-CBT-12/17: Dodge, screen = the lesser of current S and PD, the rest to drive, no fire."""
    up = min(screen, pd)
    return Orders(ship=ship, tactic=Tactic.DODGE, screen=up, drive=pd - up)


def full_priority(first: tuple[DamageStep, ...]) -> tuple[DamageStep, ...]:
    """A complete priority: the steps given, then every slot not yet emptied, in default order."""
    emptied = {step.slot for step in first if step.limit is None}
    return (*first, *(step for step in DEFAULT_PRIORITY if step.slot not in emptied))
