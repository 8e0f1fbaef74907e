"""Pillow drawings of games: the hex map, fleet cards and battle reports, as PNG bytes.

Every function here is pure (a state in, bytes out), gives the same bytes for the same
input, and is safe in a worker thread. This package imports the engine and nothing else of
the project, and reads no file but its own fonts, on first use.
"""

from render.battle import draw_battle, render_battle
from render.canvas import Picture
from render.fleet import draw_fleet_card, fleet_card_text, render_fleet_card
from render.mapview import MapView, draw_map, render_map

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
