"""Taking effective hits on a ship's record (R-DMG-1..4, project ruling R-DMG-5).

The owner decides where hits go (rule texts, "Recording ship damage"); the bot asks once, as
a damage priority per ship (R-DMG-2), and takes hits one at a time from the first slot in
that priority that still has something to lose.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.warpwar.orders import DamageSlot, DamageStep
from engine.warpwar.rulesets import HOLD_CAPACITY, UNDAMAGEABLE, Attr
from engine.warpwar.ships import Ship

_UNITS_PER_HIT: dict[Attr, int] = {Attr.M: 3, Attr.SH: 6}
"""One hit removes 3 Missiles or 6 Shells (or the last few); one unit of anything else."""

_PLAIN_SLOTS: dict[DamageSlot, Attr] = {
    DamageSlot.A: Attr.A,
    DamageSlot.E: Attr.E,
    DamageSlot.SH: Attr.SH,
    DamageSlot.M: Attr.M,
    DamageSlot.C: Attr.C,
    DamageSlot.T: Attr.T,
    DamageSlot.S: Attr.S,
    DamageSlot.B: Attr.B,
    DamageSlot.PD: Attr.PD,
}


@dataclass(frozen=True)
class Damage:
    """What a number of effective hits did to one ship."""

    current: dict[Attr, int]
    """The ship's attributes afterwards."""
    cargo: int
    """BP left in its Holds."""
    taken: dict[DamageSlot, int]
    """Hits taken in each slot, in the order taken."""
    systemships_dropped: int
    """Systemships that no longer have a rack: that many are dropped at the star (R-DMG-3)."""

    @property
    def hits(self) -> int:
        return sum(self.taken.values())

    @property
    def destroyed(self) -> bool:
        """Every attribute but the Warp Generator and Repair Bay is gone (R-DMG-1)."""
        return is_wrecked(self.current)


def is_wrecked(current: dict[Attr, int]) -> bool:
    return all(v == 0 for a, v in current.items() if a not in UNDAMAGEABLE)


def loaded_holds(ship: Ship) -> int:
    """Holds fill 10 BP at a time, so cargo c fills ceil(c/10) Holds (R-DMG-4)."""
    return math.ceil(ship.cargo / HOLD_CAPACITY)


def hits_to_destroy(ship: Ship) -> int:
    """How many effective hits wreck this ship as it is now."""
    return sum(
        math.ceil(v / _UNITS_PER_HIT.get(a, 1)) for a, v in ship.current.items() if a not in UNDAMAGEABLE
    )


def take_hits(ship: Ship, hits: int, priority: tuple[DamageStep, ...]) -> Damage:
    """Take ``hits`` effective hits in ``priority`` order; hits beyond what the ship has are lost."""
    current = dict(ship.current)
    cargo = ship.cargo
    carried = len(ship.carrying)
    taken: dict[DamageSlot, int] = {}
    for step in priority:
        slot = step.slot
        budget = hits if step.limit is None else min(hits, step.limit)
        hits -= budget
        while budget > 0:
            if slot in _PLAIN_SLOTS:
                attr = _PLAIN_SLOTS[slot]
                if current.get(attr, 0) <= 0:
                    break
                current[attr] -= min(current[attr], _UNITS_PER_HIT.get(attr, 1))
            elif slot is DamageSlot.EMPTY_H or slot is DamageSlot.LOADED_H:
                loaded = math.ceil(cargo / HOLD_CAPACITY)
                left = loaded if slot is DamageSlot.LOADED_H else current.get(Attr.H, 0) - loaded
                if left <= 0:
                    break
                current[Attr.H] -= 1
                if slot is DamageSlot.LOADED_H:
                    # R-DMG-5: the least-filled loaded Hold goes, so the owner loses the least cargo.
                    cargo -= cargo % HOLD_CAPACITY or HOLD_CAPACITY
            else:
                in_racks = min(carried, current.get(Attr.SR, 0))
                left = in_racks if slot is DamageSlot.LOADED_SR else current.get(Attr.SR, 0) - in_racks
                if left <= 0:
                    break
                current[Attr.SR] -= 1
                # R-DMG-3: a Systemship whose rack is hit moves to a free rack if there is one;
                # it is dropped only when fewer racks are left than Systemships carried.
                carried = min(carried, current[Attr.SR])
            taken[slot] = taken.get(slot, 0) + 1
            budget -= 1
        hits += budget
    dropped = len(ship.carrying) - carried
    return Damage(current=current, cargo=cargo, taken=taken, systemships_dropped=dropped)
