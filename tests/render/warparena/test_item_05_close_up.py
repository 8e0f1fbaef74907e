"""Issue 13 item 5: after an action the channel shows a close-up of the arena that stays
legible on a phone (Discord shows a picture about 400 px wide there), as WarpWar's map
zooms around a battle.
"""

from __future__ import annotations

from dataclasses import replace

from engine.warparena.board_events import PieceMoved
from engine.warparena.hexes import HexName
from engine.warparena.pieces import PieceRef
from engine.warparena.views import GameView
from render.warparena import ArenaView, draw_arena
from render.warparena.examples import showcase
from render.warparena.tokens import PIP

LEGEND_SAMPLE = f"D1{PIP * 2}"
"""The legend's robot sample, drawn at the legend's size (not the board's)."""
PHONE = 400
"""How wide a phone shows a picture, in px."""
LEAST_DIGIT = 8.5
"""A digit's inked height (about 0.7 of its font size) at which the text reads like an
11 px font."""


def _close_up() -> tuple[GameView, ArenaView]:
    """Showcase's arena after a move on grid 1 only, asked for as a close-up."""
    d = showcase()
    moved = (PieceMoved(PieceRef("ann", "D1"), (HexName("1-2"), HexName("1-3"))),)
    return d.view(), replace(d.arena, recent=moved, close_up=True)


def test_item_05_close_up_shows_the_touched_grid_and_not_far_ones() -> None:
    """A move on grid 1 shows grid 1's pieces and labels, and nothing of grid 4 beyond."""
    view, arena = _close_up()
    texts = draw_arena(view, arena).texts
    assert "C••" in texts and "D1•" in texts  # ann's robots on grid 1
    assert "2 PD" in texts  # loose discs on 1-5
    assert "D1•••" not in texts and "1 PD" not in texts  # bob's robot and the discs on grid 4
    whole = draw_arena(view, replace(arena, close_up=False)).texts
    assert "D1•••" in whole and "1 PD" in whole


def test_item_05_close_up_text_is_legible_at_phone_width() -> None:
    """Every hex number and piece label on the close-up's board, shown 400 px wide, is
    still as tall as an 11 px font; the whole arena's would not be."""
    view, arena = _close_up()

    def smallest(close_up: bool) -> float:
        picture = draw_arena(view, replace(arena, close_up=close_up))
        shrink = min(1.0, PHONE / picture.image.width)
        heights = [
            (box[3] - box[1]) * shrink
            for text, box in zip(picture.texts, picture.boxes, strict=True)
            if (text.isdigit() or text.startswith(("C", "D1"))) and text != LEGEND_SAMPLE
        ]
        return min(heights)

    assert smallest(True) >= LEAST_DIGIT
    assert smallest(False) < LEAST_DIGIT
