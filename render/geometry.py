"""Where hexes are on a picture: the one conversion from hex numbers to pixels.

Shared by both games' pictures, so it imports neither game's engine: both lay flat-topped
hexes in columns (:func:`flat_centre`); each game says which column and half-row a hex is in.

The printed map's hexes stand in columns with flat tops (docs/maps.md): ``XXYY`` is an axial
pair whose neighbour ``(x+1, y+1)`` is straight below and ``(x-1, y-1)`` straight above, so
0208 lies under 0107. Walking ``(+1, 0)`` goes down and to the right, ``(0, +1)`` down and to
the left. Hence a hex's column is ``x - y`` and its height on the page is ``x + y`` half-rows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""left, top, right, bottom."""

SQRT3 = math.sqrt(3)


def flat_centre(column: float, half_rows: float, radius: float) -> Point:
    """Centre of the flat-topped hex in ``column``, ``half_rows`` half-hex-heights down, relative
    to column 0 half-row 0: neighbouring columns are offset by half a hex."""
    return 1.5 * radius * column, SQRT3 / 2 * radius * half_rows


_CORNERS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a))) for a in range(0, 360, 60))
"""Where a flat-topped hex's corners lie on a unit circle, clockwise from the right-hand one."""


def hex_corners(centre: Point, radius: float) -> list[Point]:
    """The six corners of a flat-topped hex, clockwise from the right-hand one."""
    cx, cy = centre
    return [(cx + radius * c, cy + radius * s) for c, s in _CORNERS]


def hex_to_pixel(hex_id: str, radius: float) -> Point:
    """Centre of WarpWar's printed hex ``XXYY`` relative to hex 0000 (engine.warpwar.hexgrid
    numbers them; the two halves are read here so this module stays game-free)."""
    x, y = int(hex_id[:2]), int(hex_id[2:])
    return flat_centre(x - y, x + y, radius)


def half_width(radius: float, dy: float) -> float:
    """Half the width of a flat-topped hex at ``dy`` above or below its centre (0 outside it)."""
    return max(0.0, radius - abs(dy) / SQRT3) if abs(dy) <= SQRT3 / 2 * radius else 0.0


@dataclass(frozen=True)
class HexLayout:
    """Hexes of one size placed on one picture: hex 0000's centre falls at ``origin``."""

    radius: float
    origin: Point

    @property
    def half_height(self) -> float:
        return SQRT3 / 2 * self.radius

    def centre(self, hex_id: str) -> Point:
        dx, dy = hex_to_pixel(hex_id, self.radius)
        return self.origin[0] + dx, self.origin[1] + dy

    def corners(self, hex_id: str, inset: float = 0.0) -> list[Point]:
        """The six corners, clockwise from the right-hand one, pulled in by ``inset`` pixels."""
        return hex_corners(self.centre(hex_id), self.radius - inset)


def extent(hexes: Iterable[str], radius: float) -> Box:
    """The box around these hexes' outlines, relative to hex 0000's centre."""
    centres = [hex_to_pixel(h, radius) for h in hexes]
    if not centres:
        raise ValueError("no hexes to place")
    half = SQRT3 / 2 * radius
    return (
        min(x for x, _ in centres) - radius,
        min(y for _, y in centres) - half,
        max(x for x, _ in centres) + radius,
        max(y for _, y in centres) + half,
    )


def towards(start: Point, end: Point, length: float) -> Point:
    """The point ``length`` pixels from ``start`` on the way to ``end``."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    span = math.hypot(dx, dy)
    if span == 0:
        return start
    return start[0] + dx * length / span, start[1] + dy * length / span


def offset_path(points: Sequence[Point], distance: float) -> list[Point]:
    """The polyline moved sideways by ``distance`` pixels (to the right of its direction when
    positive): two moves along the same hexes are drawn side by side instead of on top."""
    if distance == 0 or len(points) < 2:
        return list(points)
    normals = []
    for (ax, ay), (bx, by) in pairwise(points):
        span = math.hypot(bx - ax, by - ay) or 1.0
        normals.append(((ay - by) / span, (bx - ax) / span))
    moved = []
    for i, (x, y) in enumerate(points):
        near = normals[max(0, i - 1) : i + 1]
        nx, ny = sum(n[0] for n in near), sum(n[1] for n in near)
        size = math.hypot(nx, ny) or 1.0
        moved.append((x + nx / size * distance, y + ny / size * distance))
    return moved
