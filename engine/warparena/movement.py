"""Move and Engage (4.2.7, 5.0): the movement of a player's pieces, checked whole first.

Filled in below the skeleton: see :func:`move`.
"""

from __future__ import annotations

from engine.warparena.commands import MoveAndEngage
from engine.warparena.hexes import HexName
from engine.warparena.tx import Tx


def move(tx: Tx, cmd: MoveAndEngage) -> tuple[HexName, ...]:
    """Check every piece move, hand-over and distance attack of ``cmd`` (R-WA-TURN-3), then
    emit them; return the contested hexes in the order they fight (``cmd.order`` first, then
    in the order first entered, then distance-attack targets)."""
    raise NotImplementedError
