"""The arena close-up: only what the last action touched, large enough to read on a phone.

Discord shows a picture about 400 px wide on a phone; the whole arena's hex numbers and
piece labels are then too small to read. After an action the channel gets a close-up (as
WarpWar's map zooms around a battle, render.mapview): the hexes of every grid the action
touched (a trail's hexes, a moved grid's old and new place, a destroyed hex) and one ring
of hexes around them, drawn at a radius that fills the picture's least width.

A close-up never grows wider than its least width at :data:`CLOSE_RADIUS` (R-WA-X-71): what
the action touched is cut into *panels*, each as narrow as that, drawn one under another at
one radius. Touched places near each other share a panel while it stays narrow enough; a
grid warped across the arena shows its old place in one panel and its new one in another,
rather than one wide picture whose labels a phone shrinks out of reading. A panel's ring
keeps only the hexes above and below it when the whole ring would make it too wide.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.warparena.board import Board
from engine.warparena.hexes import Cell, distance, grid_of, neighbours
from render.metrics import metrics
from render.warparena.layout import cell_offset, cells_box
from render.warparena.recent import Recent

MARGIN = 0.4
"""The board's margin around its hexes, in radii (render.warparena.board)."""
CLOSE_RADIUS = 58.0
"""A close-up's least hex radius at scale 1. Filling the least width (560 px at scale 1)
with hexes this large, a hex's number and a robot's label are about 12 px tall once the
picture is shown 400 px wide: a panel may span at most least width / this, in radii."""
WIDEST = metrics(1.0).min_width / CLOSE_RADIUS
"""The widest a panel may be, in radii (its margins included)."""
NEAR = 2
"""Touched places this few steps apart or nearer share a panel when it stays narrow enough."""


def touched_grids(board: Board, recent: Recent) -> frozenset[int]:
    """The numbers of the grids on the board the last action touched."""
    numbers = {grid_of(h) for t in recent.trails for h in t.hexes}
    numbers |= {g.number for g in recent.old_places}
    numbers |= {grid_of(h) for h in recent.destroyed}
    return frozenset(n for n in numbers if board.grid(n) is not None)


def span(cells: Iterable[Cell]) -> float:
    """How wide a panel showing ``cells`` is, in radii, its margins included."""
    left, _, right, _ = cells_box(list(cells), 1.0)
    return right - left + 2 * MARGIN


def close_panels(board: Board, recent: Recent) -> list[frozenset[Cell]] | None:
    """The cells of each panel of the close-up, top to bottom; None when the action touched
    no grid (the whole arena is shown then). See the module docstring."""
    grids = [board.grid(n) for n in sorted(touched_grids(board, recent))]
    places = [frozenset(g.cells().values()) for g in (*grids, *recent.old_places) if g is not None]
    if not places:
        return None
    return sorted((_ringed(board, core) for core in _grouped(places)), key=_top_left)


def _grouped(places: list[frozenset[Cell]]) -> list[frozenset[Cell]]:
    """Places merged, two at a time, while they are near each other and the two together
    still fit a panel."""
    groups = list(places)
    merged = True
    while merged:
        merged = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                both = groups[i] | groups[j]
                if _near(groups[i], groups[j]) and span(both) <= WIDEST:
                    groups[i] = both
                    del groups[j]
                    merged = True
                    break
            if merged:
                break
    return groups


def _near(a: frozenset[Cell], b: frozenset[Cell]) -> bool:
    return any(distance(x, y) <= NEAR for x in a for y in b)


def _ringed(board: Board, core: frozenset[Cell]) -> frozenset[Cell]:
    """``core`` and the board's hexes around it: all of them if the panel stays narrow
    enough, else only those within the core's columns (a cell's column is all that makes a
    panel wider)."""
    ring = {n for c in core for n in neighbours(c) if board.hex_at(n) is not None} - core
    if span(core | ring) <= WIDEST:
        return frozenset(core | ring)
    columns = range(min(c.q for c in core), max(c.q for c in core) + 1)
    return frozenset(core | {c for c in ring if c.q in columns})


def _top_left(cells: frozenset[Cell]) -> tuple[float, float]:
    """Where a panel's cells begin on the arena, top first: panels keep the arena's order."""
    return min((cell_offset(c, 1.0)[1], cell_offset(c, 1.0)[0]) for c in cells)


def close_radius(panels: Iterable[frozenset[Cell]], least_width: float) -> float:
    """The radius at which the widest panel fills ``least_width``."""
    return least_width / max(span(cells) for cells in panels)
