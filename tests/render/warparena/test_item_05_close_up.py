"""Issue 13 item 5: after an action the channel shows a close-up of the arena that stays
legible on a phone (Discord shows a picture about 400 px wide there), as WarpWar's map
zooms around a battle.
"""

from __future__ import annotations

import re
from dataclasses import replace

from engine.warparena.board_events import GridWarped, PieceMoved
from engine.warparena.dice import Roll
from engine.warparena.hexes import HexName
from engine.warparena.pieces import PieceRef
from engine.warparena.tx import Rolled
from engine.warparena.views import GameView, view_for
from render.canvas import Picture
from render.geometry import Box
from render.palette import PANEL
from render.warparena import ArenaView, draw_arena, draw_fight, draw_hand
from render.warparena.examples import HAND, showcase, story_of_a_combat, warped_twenty, with_hand
from tests.engine.warparena.builders import line_of_grids

PHONE = 400
"""How wide a phone shows a picture, in px."""
LEAST_DIGIT = 8.5
"""A digit's inked height (about 0.7 of its font size) at which the text reads like an
11 px font."""
LEAST_CAPITAL = 7.2
"""A capital's or a digit's inked height in a 10 px font (DejaVu's capitals are 0.73 em)."""
TALL_LETTERS = "bdfhkl"
"""Lower-case letters inked as high as a capital."""
ROBOTS = ("C", "D1", "H1", "B1", "W1")
"""How robots' labels begin."""
HEX_LABEL = re.compile(r"\d+(-\d)?")
"""A hex's number on the board: ``3``, or ``7-3`` on a hex whose grid's centre is cut off."""


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


def _in_frame(picture: Picture, box: Box) -> bool:
    """Whether a text is on the picture's frame (title bar, dice strip, legend): on a row
    whose left edge is the frame's panel colour, not the board's background."""
    return picture.image.getpixel((0, round((box[1] + box[3]) / 2))) == PANEL


def _board_labels(picture: Picture) -> list[float]:
    """The height, shown 400 px wide, of each hex number (``3``, or ``7-3`` where its grid is
    cut off) and robot label on the picture's board."""
    shrink = min(1.0, PHONE / picture.image.width)
    return [
        (box[3] - box[1]) * shrink
        for text, box in zip(picture.texts, picture.boxes, strict=True)
        if (HEX_LABEL.fullmatch(text) or text.startswith(ROBOTS)) and not _in_frame(picture, box)
    ]


def test_item_05_close_up_text_is_legible_at_phone_width() -> None:
    """Every hex number and piece label on the close-up's board, shown 400 px wide, is
    still as tall as an 11 px font; the whole arena's would not be."""
    view, arena = _close_up()
    assert min(_board_labels(draw_arena(view, arena))) >= LEAST_DIGIT
    assert min(_board_labels(draw_arena(view, replace(arena, close_up=False)))) < LEAST_DIGIT


def _frame(picture: Picture) -> list[tuple[str, Box]]:
    """The texts of the picture's frame, with their boxes."""
    return [(t, b) for t, b in zip(picture.texts, picture.boxes, strict=True) if _in_frame(picture, b)]


def _too_small(picture: Picture) -> list[tuple[str, float]]:
    """Frame texts under a 10 px font once the picture is shown 400 px wide: those with a
    digit, a capital or a tall letter (inked as high as a capital), measured by their ink."""
    shrink = min(1.0, PHONE / picture.image.width)
    small = []
    for text, box in _frame(picture):
        if any(c.isdigit() or c.isupper() or c in TALL_LETTERS for c in text):
            shown = (box[3] - box[1]) * shrink
            if shown < LEAST_CAPITAL:
                small.append((text, round(shown, 1)))
    return small


def test_item_05_title_bar_dice_strip_and_legend_are_legible_at_phone_width() -> None:
    """R-WA-X-70: the title bar, the dice strip and the legend of the whole arena (of four
    grids, and of twenty), of a close-up, and the fight and hand pictures, shown 400 px wide,
    have no words under a 10 px font: the wider the picture, the larger its frame."""
    show = showcase()
    twenty = warped_twenty()
    fight, events = story_of_a_combat()
    pictures = {
        "arena": draw_arena(show.view(), show.arena),
        "close-up": draw_arena(show.view(), replace(show.arena, close_up=True)),
        "twenty": draw_arena(twenty.view(), twenty.arena),
        "fight": draw_fight(fight.view(), events),
        "hand": draw_hand(with_hand(show, "ann", HAND).view("ann")),
    }
    for name, picture in pictures.items():
        assert not _too_small(picture), (name, _too_small(picture))
    for name in ("arena", "close-up"):
        framed = [text for text, _ in _frame(pictures[name])]
        assert framed[:3] == ["Public", "Showcase", "Turn 3 · ann's phase · 1 action point left"]
        assert "Dice of the last action: 3" in framed and "#40 d10" in framed  # the strip
        assert "robot, a dot per power disc" in framed and "D1••" in framed  # the legend
    assert pictures["twenty"].image.width > 1000  # a wide picture, with a frame to match


def _far_warp() -> tuple[GameView, ArenaView]:
    """Ten grids in a row; grid 1, at the west end, has just warped to beyond the east end."""
    line = line_of_grids(*range(1, 11))
    before = line.piece("ann", "C", "1-C").piece("bob", "C", "10-C").playing("ann")
    after = before.grid(1, at=(30, 0), rotation=3)
    one = before.board().grid(1)
    assert one is not None
    moved = (Rolled(Roll(5, 10, 1), "grid to warp", "ann"), GridWarped(1, one.centre, 3))
    state = after.state()
    arena = ArenaView(title="Far warp", recent=moved, before=before.board(), close_up=True)
    return view_for(state, None), arena


def test_item_05_a_warp_across_the_arena_makes_panels_not_a_wide_close_up() -> None:
    """R-WA-X-71: a grid warped from one end of a long arena to the other: the close-up is
    no wider than a close-up of one grid; its old place and new place are two panels, one
    under the other, whose labels stay legible at 400 px; hexes of grids whose centre is cut
    off are named in full (``2-5``)."""
    view, arena = _far_warp()
    picture = draw_arena(view, arena)
    one_grid = draw_arena(*_close_up())
    assert picture.image.width == one_grid.image.width == 560
    assert "1 before" in picture.texts and "1" in picture.texts
    assert any(re.fullmatch(r"(2|10)-\d", text) for text in picture.texts), picture.texts
    assert min(_board_labels(picture)) >= LEAST_DIGIT
    assert not _too_small(picture)
    from render.warparena.closeup import close_panels
    from render.warparena.recent import read_recent

    panels = close_panels(view.board, read_recent(arena.recent, arena.before))
    assert panels is not None and len(panels) == 2


def test_item_05_the_widest_close_up_of_a_random_arena_stays_legible() -> None:
    """R-WA-X-71: twenty grids laid at random, one warped far away: the close-up keeps its
    width, shows the grid and its old place, and every label on it reads at 400 px."""
    drawn = warped_twenty()
    picture = draw_arena(drawn.view(), replace(drawn.arena, close_up=True))
    assert picture.image.width == 560
    assert "20" in picture.texts and "20 before" in picture.texts
    assert min(_board_labels(picture)) >= LEAST_DIGIT
