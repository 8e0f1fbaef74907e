"""Warp Arena's pictures: the arena, a fight, a player's hand, as PNG bytes.

Pure functions from engine values (engine.warparena) to pictures, drawn with the shared
toolkit (render.canvas, palette, metrics, geometry, heading, marks) in WarpWar's palette
and fonts. Nothing here imports WarpWar's engine.
"""

from render.warparena.arena import ArenaView, draw_arena, render_arena
from render.warparena.fight import draw_fight, render_fight
from render.warparena.hand import draw_hand, render_hand

__all__ = [
    "ArenaView",
    "draw_arena",
    "draw_fight",
    "draw_hand",
    "render_arena",
    "render_fight",
    "render_hand",
]
