"""A combat round's report, as data, and what each player may see of it (R-CBT-11).

The report is what a referee would write after a round: every order revealed, every weapon
with the CRT cell read, and every ship's hits received, absorbed and taken. Orders and hit
totals are for everyone in the battle; where a ship took its hits, its record afterwards,
lost cargo and the Systemships lost in its racks are for its owner only, until the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.records import replace
from engine.serial import serializable
from engine.warpwar.crt import Outcome, Tactic
from engine.warpwar.ecm import EcmUse
from engine.warpwar.orders import DamageSlot, Orders
from engine.warpwar.rulesets import Attr

QUIET_ROUNDS = 3
"""Rounds in a row without damage past screens that end a battle (R-CBT-10)."""


class Weapon(StrEnum):
    BEAM = "beam"
    MISSILE = "missile"
    CANNON = "cannon"


@serializable
@dataclass(frozen=True)
class Shot:
    """One weapon fired: a beam, one missile, or one cannon's burst."""

    weapon: Weapon
    shooter: str
    """Ship key of the firing ship."""
    target: str
    """Ship key of the target."""
    strength: int
    """Beam power, shells in the burst, or 2 for a missile."""
    tactic: Tactic
    """The CRT row group: the firing ship's tactic (always Attack for a missile)."""
    drive: int
    """The firing drive: the ship's, or the missile's after ECM."""
    target_drive: int
    row: str
    """The row's drive-difference heading ("0, +1")."""
    column: Tactic
    outcome: Outcome
    hits: int
    """Hits the weapon inflicts: strength + firing TL + the CRT bonus, or 0 when it misses."""
    ecm: EcmUse | None = None
    """For a missile the target met with ECM: how it was used."""

    @property
    def difference(self) -> int:
        return self.drive - self.target_drive


@serializable
@dataclass(frozen=True)
class ShipResult:
    """What happened to one ship in the round."""

    ship: str
    """Ship key."""
    received: int = 0
    """Hits of all weapons that hit it."""
    absorbed: int = 0
    """Hits its screen absorbed (screen power + TL, once per round, R-CBT-7)."""
    effective: int = 0
    """Hits past the screen."""
    destroyed: bool = False
    escaped_to: str | None = None
    """The hex it escaped to, if it escaped (R-CBT-8)."""
    dropped: tuple[str, ...] = ()
    """Systemships it left on the star: by order, or because their rack was hit (R-DMG-3)."""
    picked_up: tuple[str, ...] = ()
    taken: dict[DamageSlot, int] = field(default_factory=dict)
    """Private: where the effective hits were taken."""
    after: dict[Attr, int] | None = None
    """Private: the ship's current attributes after the round (None if destroyed)."""
    record: str | None = None
    """Private: the ship's record after the round, the rulebook's way (None if destroyed)."""
    cargo_lost: int = 0
    """Private: BP lost with damaged Holds or the destroyed ship."""
    lost: tuple[str, ...] = ()
    """Private: Systemships destroyed with it in its racks."""

    @property
    def owner(self) -> str:
        return self.ship.partition(":")[0]

    @property
    def label(self) -> str:
        return self.ship.partition(":")[2]


@serializable
@dataclass(frozen=True)
class RoundReport:
    """One round of one battle, as the referee writes it up."""

    star: str
    """The star's hex."""
    round: int
    orders: dict[str, Orders]
    """Every fighting ship's orders, revealed, by ship key."""
    shots: tuple[Shot, ...]
    ships: tuple[ShipResult, ...]
    standing: tuple[str, ...] = ()
    """Ships that fought on their standing orders (their player sent none)."""
    defaulted: tuple[str, ...] = ()
    """Ships that fought on the default orders (R-CBT-12)."""
    quiet: int = 0
    """Consecutive rounds without damage past screens, this one included (R-CBT-14)."""

    def result(self, ship: str) -> ShipResult:
        return next(r for r in self.ships if r.ship == ship)

    def view_for(self, player: str | None) -> RoundReport:
        """What ``player`` may see (None: what everyone in the battle may see)."""
        ships = tuple(r if r.owner == player else _public(r) for r in self.ships)
        return replace(self, ships=ships)


def _public(result: ShipResult) -> ShipResult:
    return replace(result, taken={}, after=None, record=None, cargo_lost=0, lost=())
