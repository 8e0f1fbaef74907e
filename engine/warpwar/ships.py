"""Ships: their records, what they carry, and the rulebook's record notation.

A record is printed the 1994 way (``W4: TL0 PD={7}6 B=3``) and read in any of the ways the
two rule texts print one, so that examples and players' notes can be pasted in as they are.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.records import replace
from engine.serial import serializable
from engine.warpwar.notation import read_attr
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


_RECORD_LABEL = re.compile(r"\s*([WS][0-9]+)(?:\s+(\S.*?))?\s*", re.IGNORECASE | re.DOTALL)
_RECORD_TL = re.compile(r"\s*(?:TL|Level)\s*([0-9]+)\s*,?", re.IGNORECASE)
_RECORD_ITEM = re.compile(r"([A-Za-z]{1,2})=(?:\{([0-9]+)\}|\(([0-9]+)\))?([0-9]+)")
"""``PD=7``, or damaged ``PD={7}6`` (1994) / ``PD=(7)6`` (1977 quick reference): built, then current."""
_RECORD_EXAMPLE = "W4: TL0 PD={7}6 B=3"


def parse_record(text: str, owner: str = "", hex_name: str | None = "0000") -> Ship:
    """Read a record as :func:`record` prints it or as either rule text does.

    Accepts ``W4: TL0 PD={7}6 B=3``, ``W1 Reliant: TL0 PD=(7)5 SR=0`` and
    ``W4: Level 0, PD = 7, B = 3.``. A W label means a Warp Generator, which records never
    show; attributes written as 0 are left out, as :func:`new_ship` leaves them out. The
    record says nothing of owner, place, cargo or build turn, so those come from the caller
    or keep their defaults. ValueError names the part that cannot be read.
    """
    head, colon, body = text.partition(":")
    if not colon:
        raise ValueError(
            f"cannot read {text.strip()!r}: a record starts with the ship and a colon, like {_RECORD_EXAMPLE}"
        )
    label, name = _record_label(head)
    tl = _RECORD_TL.match(body)
    if tl is None:
        raise ValueError(f"the tech level is missing after {head.strip()}: write it like {_RECORD_EXAMPLE}")
    built, current = _record_attributes(body[tl.end() :])
    if label.startswith("W"):
        built[Attr.WG] = current[Attr.WG] = 1
    return Ship(
        owner=owner, label=label, tl=int(tl.group(1)), built=built, current=current, hex=hex_name, name=name
    )


def _record_label(head: str) -> tuple[str, str | None]:
    """``W4`` or ``W1 Reliant``: the label (upper case) and the name the player gave, if any."""
    match = _RECORD_LABEL.fullmatch(head)
    if match is None:
        raise ValueError(f"{head.strip()!r} is not a ship: a record starts with a label like W4 or S35")
    return match.group(1).upper(), match.group(2)


def _record_attributes(text: str) -> tuple[dict[Attr, int], dict[Attr, int]]:
    """Built maximum and current value of each attribute in ``PD={7}6, B = 3 ...``."""
    built: dict[Attr, int] = {}
    current: dict[Attr, int] = {}
    seen: set[Attr] = set()
    items = re.sub(r"\s*=\s*", "=", text.strip().removesuffix(".")).replace(",", " ").split()
    for item in items:
        match = _RECORD_ITEM.fullmatch(item)
        if match is None:
            raise ValueError(f"cannot read {item!r}: write attributes like PD=7, or PD={{7}}6 when damaged")
        attr = _record_attr(match.group(1).upper(), seen)
        seen.add(attr)
        now = int(match.group(4))
        top = int(match.group(2) or match.group(3) or now)
        if now > top:
            raise ValueError(f"{item}: the current value is above the built maximum")
        if top > 0:
            built[attr], current[attr] = top, now
    return built, current


def _record_attr(code: str, seen: set[Attr]) -> Attr:
    if code == Attr.WG:
        raise ValueError("WG is not written in a record: the W of a Warpship's label stands for it")
    return read_attr(code, seen, RECORD_ORDER)
