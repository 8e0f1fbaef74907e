"""Pillow drawings of games: the hex map, fleet cards and battle reports, as PNG bytes.

Every function here is pure (a state in, bytes out), gives the same bytes for the same
input, and is safe in a worker thread. This package imports the engines and nothing else of
the project, and reads no file but its own fonts, on first use.

WarpWar's pictures are re-exported here, but loaded only when asked for: the shared toolkit
(canvas, palette, metrics, geometry, heading, marks) and render.warparena import no engine
of the other game, and importing them must not load WarpWar's engine through this package.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from render.battle import draw_battle, render_battle
    from render.canvas import Picture
    from render.fleet import draw_fleet_card, fleet_card_text, render_fleet_card
    from render.mapview import MapView, draw_map, render_map

_HOMES = {
    "draw_battle": "render.battle",
    "render_battle": "render.battle",
    "Picture": "render.canvas",
    "draw_fleet_card": "render.fleet",
    "fleet_card_text": "render.fleet",
    "render_fleet_card": "render.fleet",
    "MapView": "render.mapview",
    "draw_map": "render.mapview",
    "render_map": "render.mapview",
}

__all__ = [
    "MapView",
    "Picture",
    "draw_battle",
    "draw_fleet_card",
    "draw_map",
    "fleet_card_text",
    "render_battle",
    "render_fleet_card",
    "render_map",
]


def __getattr__(name: str) -> object:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'render' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
