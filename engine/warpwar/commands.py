"""Commands: what a player asks the engine to do. Each is validated in full before it applies."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from engine.serial import serializable
from engine.warpwar.orders import DamageStep, Orders
from engine.warpwar.rulesets import Attr


@serializable
@dataclass(frozen=True)
class ChooseEnd:
    """The player moving second chooses the map end they will defend (R-SCEN-2, R-SCEN-15)."""

    player: str
    end: str
    """The end's name on the map (a compass word: ``north``)."""


@serializable
@dataclass(frozen=True)
class BuildShip:
    """Build a new ship at a base star (R-BUILD-2); a design with WG=1 makes a Warpship."""

    player: str
    star: str
    design: dict[Attr, int]
    name: str | None = None


@serializable
@dataclass(frozen=True)
class Repair:
    """Restore damaged attributes by these amounts (R-BUILD-4)."""

    player: str
    ship: str
    amounts: dict[Attr, int]


@serializable
@dataclass(frozen=True)
class Resupply:
    """Replace fired or lost Missiles and Shells (R-BUILD-4)."""

    player: str
    ship: str
    missiles: int = 0
    shells: int = 0


@serializable
@dataclass(frozen=True)
class Scrap:
    """Scrap a ship at a base for half its current value (revised, R-BUILD-5)."""

    player: str
    ship: str


@serializable
@dataclass(frozen=True)
class PayForBase:
    """Pay BP from Holds at a star towards a Base there, founding it if new (R-ECON-5)."""

    player: str
    star: str
    amount: int


@serializable
@dataclass(frozen=True)
class LoadHold:
    """Load BP from the base stockpile at the ship's star into its Holds (R-ECON-1)."""

    player: str
    ship: str
    amount: int


@serializable
@dataclass(frozen=True)
class UnloadHold:
    """Unload BP from a ship's Holds into the stockpile of the base at its star."""

    player: str
    ship: str
    amount: int


@serializable
@dataclass(frozen=True)
class SplitStartingBP:
    """Share the starting BP among the player's bases (revised advanced, R-ECON-2)."""

    player: str
    allocation: dict[str, int]


@serializable
@dataclass(frozen=True)
class Go:
    """A move step into an adjacent hex, or along a warpline to the star at its other end."""

    place: str
    """A hex number or a star name."""


@serializable
@dataclass(frozen=True)
class PickUp:
    """A move step: pick up a Systemship at the current star (1 MP)."""

    systemship: str


@serializable
@dataclass(frozen=True)
class Drop:
    """A move step: drop a carried Systemship at the current star (1 MP)."""

    systemship: str


Step = Union[Go, PickUp, Drop]  # noqa: UP007 - the codec reads this union at run time


@serializable
@dataclass(frozen=True)
class Move:
    """Move one Warpship through these steps, all checked before any happens (R-MOVE-6)."""

    player: str
    ship: str
    steps: tuple[Step, ...] = field(default=())
    drop: tuple[str, ...] = ()
    """Systemships to drop on arrival at the star where the steps end, enemy there or not, 1 MP
    each (R-BLIND-5): if the ship is stopped short on its way, they stay aboard."""


@serializable
@dataclass(frozen=True)
class Rearrange:
    """Free Systemship pick-up or drop after combat (R-TURN-2): ``drop`` False picks up."""

    player: str
    carrier: str
    systemship: str
    drop: bool = False


@serializable
@dataclass(frozen=True)
class EndPhase:
    """The active player is done with the current phase."""

    player: str
    deadline_passed: bool = False
    """The game master ends the phase because its deadline passed: in classic learning and basic
    the rule that the first build spends every BP that can buy something lapses (R-BUILD-6)."""


@serializable
@dataclass(frozen=True)
class OrderBattles:
    """The moving player names the order of this turn's battles; unnamed ones follow (R-CBT-1)."""

    player: str
    stars: tuple[str, ...]


@serializable
@dataclass(frozen=True)
class SubmitOrders:
    """A player's sealed orders for this round of the battle at ``star``; sending again amends.

    Ships left out fight on their standing orders, or the default ones (R-CBT-12). A player
    who sends orders ship by ship sends with ``merge``; one who leaves ships out on purpose
    says so with ``confirm`` (front ends ask first, so nobody seals half their orders unawares).
    """

    player: str
    star: str
    orders: tuple[Orders, ...]
    merge: bool = False
    """Add to the orders already sent (a ship's new orders replace its old ones); without it
    these orders replace all those sent before."""
    confirm: bool = True
    """Seal the orders even if some ships are left without: without it such orders are held
    until the player confirms them (the same command with no orders, ``merge`` and ``confirm``)."""


@serializable
@dataclass(frozen=True)
class CloseRound:
    """The round's deadline has passed: resolve it with what was sent (R-CBT-12).

    Issued by the game master, not by a player.
    """

    star: str


@serializable
@dataclass(frozen=True)
class SetStandingOrders:
    """A ship's standing combat orders (None clears them)."""

    player: str
    ship: str
    orders: Orders | None


@serializable
@dataclass(frozen=True)
class SetDamagePriority:
    """Where a ship takes hits first (R-DMG-2); an empty priority restores the default."""

    player: str
    ship: str
    priority: tuple[DamageStep, ...]


@serializable
@dataclass(frozen=True)
class Concede:
    """Give up the game (R-WIN-4); allowed at any time, in anyone's turn."""

    player: str


Command = Union[  # noqa: UP007 - the codec reads this union at run time
    ChooseEnd,
    BuildShip,
    Repair,
    Resupply,
    Scrap,
    PayForBase,
    LoadHold,
    UnloadHold,
    SplitStartingBP,
    Move,
    Rearrange,
    EndPhase,
    OrderBattles,
    SubmitOrders,
    CloseRound,
    SetStandingOrders,
    SetDamagePriority,
    Concede,
]
