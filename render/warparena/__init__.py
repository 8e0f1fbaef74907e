"""Warp Arena's pictures: the arena, a fight, a player's hand, as PNG bytes.

Pure functions from engine values (engine.warparena) to pictures, drawn with the shared
toolkit (render.canvas, palette, metrics, geometry, heading, marks) in WarpWar's palette
and fonts. Nothing here imports WarpWar's engine.
"""

from render.warparena.arena import ArenaView, draw_arena, render_arena

__all__ = ["ArenaView", "draw_arena", "render_arena"]
