"""Hex numbers and their geometry.

WarpWar names each hex by its printed four-digit number ``XXYY`` (R-MAP-2). On the printed
map the two halves are axial coordinates: the six neighbours of ``XXYY`` are
``(x±1, y)``, ``(x, y±1)``, ``(x+1, y+1)`` and ``(x-1, y-1)``. For example 0107 touches
0108, 0207 and 0208 below it. docs/maps.md explains the convention for map makers.
"""

from __future__ import annotations

import re

HEX_PATTERN = re.compile(r"^\d{4}$")

# Neighbour offsets in clockwise order starting from the hex straight "up" on the printed map
# (up, upper right, lower right, down, lower left, upper left). The order matters: R-CBT-8
# sends an escaping ship to "the first hex clockwise from north" by default.
DIRECTIONS: tuple[tuple[int, int], ...] = ((-1, -1), (0, -1), (1, 0), (1, 1), (0, 1), (-1, 0))


def is_hex_id(text: str) -> bool:
    """True when ``text`` looks like a hex number (four digits)."""
    return bool(HEX_PATTERN.match(text))


def coords(hex_id: str) -> tuple[int, int]:
    """Split ``"1720"`` into ``(17, 20)``."""
    if not is_hex_id(hex_id):
        raise ValueError(f"{hex_id!r} is not a four-digit hex number")
    return int(hex_id[:2]), int(hex_id[2:])


def hex_id(x: int, y: int) -> str:
    """Join coordinates back into a hex number (``(17, 20)`` → ``"1720"``)."""
    return f"{x:02d}{y:02d}"


def neighbour_ids(hex_name: str) -> list[str]:
    """The six hex numbers around ``hex_name``, clockwise from north, whether on a map or not."""
    x, y = coords(hex_name)
    return [hex_id(x + dx, y + dy) for dx, dy in DIRECTIONS if 0 <= x + dx < 100 and 0 <= y + dy < 100]


def distance(a: str, b: str) -> int:
    """Number of hex steps from ``a`` to ``b`` over open space (warplines ignored)."""
    ax, ay = coords(a)
    bx, by = coords(b)
    dx, dy = bx - ax, by - ay
    return max(abs(dx), abs(dy), abs(dx - dy))
