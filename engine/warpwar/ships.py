"""Ships: their records, what they carry, and the rulebook's record notation."""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.serial import serializable
from engine.warpwar.rulesets import HOLD_CAPACITY, Attr, design_cost

RECORD_ORDER: tuple[Attr, ...] = (
    Attr.PD,
    Attr.B,
    Attr.S,
    Attr.T,
    Attr.M,
    Attr.C,
    Attr.SH,
    Attr.E,
    Attr.A,
    Attr.H,
    Attr.SR,
    Attr.R,
)
"""Order of attributes in a printed record (the 1994 examples), the WG implied by the W."""


@serializable
@dataclass(frozen=True)
class Ship:
    """One ship's record: built maximum and current value of every attribute it has."""

    owner: str
    """The owning player's name."""
    label: str
    """``W1``, ``W2``, … for Warpships; ``S10``, ``S11``, … for Systemships (R-BUILD-7)."""
    tl: int
    """Tech level, fixed when built."""
    built: dict[Attr, int]
    """Built maximum of each attribute the ship has (attributes at 0 are left out)."""
    current: dict[Attr, int]
    """Current value of each attribute in ``built``."""
    hex: str | None
    """Where the ship is; None while it is carried in a rack."""
    built_turn: int = 1
    name: str | None = None
    """An optional name the player gave it ("Reliant")."""
    carried_by: str | None = None
    """Label of the Warpship carrying this Systemship."""
    carrying: tuple[str, ...] = ()
    """Labels of the Systemships in this Warpship's racks, in loading order."""
    cargo: int = 0
    """BP in this Warpship's Holds."""

    @property
    def key(self) -> str:
        return ship_key(self.owner, self.label)

    @property
    def is_warpship(self) -> bool:
        return self.built.get(Attr.WG, 0) > 0

    def max(self, attr: Attr) -> int:
        return self.built.get(attr, 0)

    def now(self, attr: Attr) -> int:
        return self.current.get(attr, 0)

    @property
    def free_racks(self) -> int:
        return self.now(Attr.SR) - len(self.carrying)

    @property
    def free_hold_space(self) -> int:
        return self.now(Attr.H) * HOLD_CAPACITY - self.cargo

    @property
    def current_value(self) -> int:
        """BP value of the ship as it is now, damaged attributes at their current level (R-BUILD-5)."""
        return design_cost(self.current, self.tl)

    @property
    def display_name(self) -> str:
        return f"{self.label} {self.name}" if self.name else self.label

    def with_current(self, changes: dict[Attr, int]) -> Ship:
        return replace(self, current={**self.current, **changes})


def ship_key(owner: str, label: str) -> str:
    """The unique key of a ship in a game: labels repeat between players, owners don't."""
    return f"{owner}:{label}"


def new_ship(
    owner: str,
    label: str,
    design: dict[Attr, int],
    tl: int,
    hex_name: str,
    turn: int,
    name: str | None = None,
) -> Ship:
    built = {a: v for a, v in design.items() if v > 0}
    return Ship(
        owner=owner,
        label=label,
        tl=tl,
        built=built,
        current=dict(built),
        hex=hex_name,
        built_turn=turn,
        name=name,
    )


def record(ship: Ship) -> str:
    """The rulebook's record: ``W4: TL0 PD={7}6 B=3 S={3}2`` (built maximum in braces if damaged)."""
    parts = [f"{ship.display_name}: TL{ship.tl}"]
    for attr in RECORD_ORDER:
        if attr not in ship.built:
            continue
        top, now = ship.max(attr), ship.now(attr)
        parts.append(f"{attr.value}={top}" if top == now else f"{attr.value}={{{top}}}{now}")
    return " ".join(parts)
