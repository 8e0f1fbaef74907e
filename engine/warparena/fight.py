"""The state of a combat in progress (6.1): one contested hex, its sides, and where the
sequence of decisions has got to. engine.warparena.combat moves it on."""

from __future__ import annotations

from dataclasses import dataclass

from engine.warparena.hexes import HexName, arena_type


@arena_type
@dataclass(frozen=True)
class Combat:
    """A combat in one hex: the attacker against whoever else is there."""

    hex: HexName
    attacker: str
