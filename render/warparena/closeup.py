"""The arena close-up: only what the last action touched, large enough to read on a phone.

Discord shows a picture about 400 px wide on a phone; the whole arena's hex numbers and
piece labels are then too small to read. After an action the channel gets a close-up (as
WarpWar's map zooms around a battle, render.mapview): the hexes of every grid the action
touched (a trail's hexes, a moved grid's old and new place, a destroyed hex) and one ring
of hexes around them, drawn at a radius that fills the picture's least width.
"""

from __future__ import annotations

from engine.warparena.board import Board
from engine.warparena.hexes import Cell, grid_of, neighbours
from render.warparena.layout import BASE_RADIUS, cells_box
from render.warparena.recent import Recent

MARGIN = 0.4
"""The board's margin around its hexes, in radii (render.warparena.board)."""


def touched_grids(board: Board, recent: Recent) -> frozenset[int]:
    """The numbers of the grids on the board the last action touched."""
    numbers = {grid_of(h) for t in recent.trails for h in t.hexes}
    numbers |= {g.number for g in recent.old_places}
    numbers |= {grid_of(h) for h in recent.destroyed}
    return frozenset(n for n in numbers if board.grid(n) is not None)


def close_cells(board: Board, recent: Recent) -> frozenset[Cell] | None:
    """The cells a close-up shows: the touched grids' (and moved grids' old places'), and
    the ring of board cells around them; None when the action touched no grid (the whole
    arena is shown then)."""
    numbers = touched_grids(board, recent)
    if not numbers:
        return None
    core = {c for n in numbers for c in board.grid(n).cells().values()}  # type: ignore[union-attr]
    core |= {c for g in recent.old_places for c in g.cells().values()}
    ring = {n for c in core for n in neighbours(c) if board.hex_at(n) is not None}
    return frozenset(core | ring)


def close_radius(cells: frozenset[Cell], least_width: float, scale: float) -> float:
    """The radius at which ``cells`` fill at least ``least_width`` (never below the base)."""
    left, _, right, _ = cells_box(cells, 1.0)
    return max(BASE_RADIUS * scale, least_width / (right - left + 2 * MARGIN))
