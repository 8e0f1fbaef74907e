"""The frame of Warp Arena pictures: the title line, the dice strip and the legend.

Built from the shared toolkit (render.heading, canvas, marks) so both games' pictures look
alike, without WarpWar's frame, which reads WarpWar's state.

Discord shows a picture about 400 px wide on a phone (and in an embed on a desktop), shrunk
whole: a frame drawn at one size for every picture would be unreadable under a wide arena.
So the frame is sized for the picture's width (:func:`frame_metrics`): its smallest words
are at least :data:`LEAST_FONT` px once the picture is shrunk to :data:`PHONE` px
(R-WA-X-70).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.warparena.state import Stage
from engine.warparena.views import GameView
from render import marks
from render.canvas import Canvas
from render.geometry import Point, hex_corners
from render.metrics import Metrics, metrics
from render.palette import BACKGROUND, GRID, MUTED, PANEL, RGB, TEXT, VALUE, ink_on
from render.warparena.recent import Shown

PHONE = 400
"""How wide Discord shows a picture on a phone, in px."""
LEAST_FONT = 10.5
"""The least font size, in px, of any frame text once the picture is shown :data:`PHONE` wide."""
SMALLEST_FONT = 13
"""The frame's smallest font at scale 1 (Metrics.badge_font: chips, pills, the dice)."""
MOST_SCALE = 4.0
"""The largest scale render.metrics draws."""


def frame_metrics(scale: float, width: int) -> Metrics:
    """The sizes of a ``width`` px picture's frame: ``scale``'s, or larger when the picture is
    so wide that its smallest words would be under :data:`LEAST_FONT` px on a phone."""
    needed = width * LEAST_FONT / (PHONE * SMALLEST_FONT)
    return metrics(min(MOST_SCALE, max(scale, needed)))


def plural(n: int, one: str, many: str | None = None) -> str:
    """``1 action point``, ``2 action points``."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def status_line(view: GameView) -> str:
    """``Turn 3 · ann's phase · 2 action points left``, or where set-up is, or who won."""
    match view.stage:
        case Stage.OVER:
            return f"Game over: {view.winner} won" if view.winner else "Game over"
        case Stage.PLACING_GRIDS:
            return f"Set-up: {view.active} places a grid" if view.active else "Set-up: the arena"
        case Stage.PLACING_PIECES:
            return f"Set-up: {view.active} places a piece" if view.active else "Set-up: the pieces"
    parts = [f"Turn {view.turn}"]
    if view.active is None:
        parts.append("initiative")
    else:
        parts += [f"{view.active}'s phase", f"{plural(view.ap_left, 'action point')} left"]
    if view.combat is not None:
        parts.append(f"combat in {view.combat.hex}")
    return " · ".join(parts)


# --- the dice strip ----------------------------------------------------------------------------


def dice_strip(m: Metrics, width: int, dice: Sequence[Shown], hidden: int) -> Canvas | None:
    """The dice the last action rolled: each die's value on a square, ``#12 d6`` under it."""
    if not dice and not hidden:
        return None
    font, small = m.badge_font, m.legend_font
    pad = m.margin
    side = font.size * 2.0
    caption_h = small.size * 1.5
    cell_w = max(side, max((Canvas.measure(_caption(s), small) for s in dice), default=0)) + pad * 0.8
    per_row = max(1, int((width - 2 * pad) // cell_w))
    rows = math.ceil(len(dice) / per_row) if dice else 0
    if any(shown.player for shown in dice):
        caption_h *= 2
    head = small.size * 1.8
    note = small.size * 1.6 if hidden else 0
    height = math.ceil(pad + head + rows * (side + caption_h + pad * 0.4) + note + pad * 0.5)
    canvas = Canvas(width, height, PANEL)
    canvas.text((pad, pad + head / 2), f"Dice of the last action: {len(dice)}", small, MUTED, "lm")
    for i, shown in enumerate(dice):
        row, col = divmod(i, per_row)
        x = pad + col * cell_w + cell_w / 2
        y = pad + head + row * (side + caption_h + pad * 0.4)
        canvas.box((x - side / 2, y, x + side / 2, y + side), fill=TEXT, corner=side * 0.18)
        canvas.text((x, y + side / 2), str(shown.roll.value), font, BACKGROUND, "mm")
        canvas.text((x, y + side + small.size * 0.8), _caption(shown), small, MUTED, "mm")
        if shown.player:
            name = canvas.fit(shown.player, small, cell_w - pad * 0.4)
            canvas.text((x, y + side + small.size * 2.0), name, small, MUTED, "mm")
    if hidden:
        words = (
            f"and {plural(hidden, 'die', 'dice')} of a shuffle, not shown: they would tell the deck's order"
        )
        canvas.text(
            (pad, height - pad * 0.5 - note / 2),
            canvas.fit(words, small, width - 2 * pad),
            small,
            MUTED,
            "lm",
        )
    return canvas


def _caption(shown: Shown) -> str:
    return f"#{shown.roll.n} d{shown.roll.sides}"


# --- the legend ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Key:
    """One legend entry: a symbol ``width`` wide drawn by ``draw`` (given its left middle), then words."""

    width: float
    draw: Callable[[Canvas, Point], object]
    words: str


def chip_key(m: Metrics, colour: RGB, text: str, words: str) -> Key:
    """A legend entry whose symbol is a rounded chip saying ``text`` (a player, a token)."""
    font = m.badge_font
    w = Canvas.measure(text, font) + 2 * m.chip_pad * 1.6
    h = font.size + m.chip_pad * 2

    def draw(canvas: Canvas, at: Point) -> None:
        canvas.box((at[0], at[1] - h / 2, at[0] + w, at[1] + h / 2), fill=colour, corner=m.chip_pad * 1.5)
        canvas.text((at[0] + w / 2, at[1]), text, font, ink_on(colour), "mm")

    return Key(w, draw, words)


def hex_key(m: Metrics, words: str, fill: RGB, outline: RGB, mark: str = "", inset: float = 0.0) -> Key:
    """A small hex with an optional outline inside and a mark in it."""
    r = m.chip_line * 0.9

    def draw(canvas: Canvas, at: Point) -> None:
        centre = (at[0] + r, at[1])
        canvas.polygon(hex_corners(centre, r), fill=fill, outline=GRID, width=1)
        if inset:
            canvas.polygon(hex_corners(centre, r - inset), outline=outline, width=max(1.5, inset * 0.8))
        if mark:
            canvas.text(centre, mark, m.badge_font, outline, "mm")

    return Key(2 * r, draw, words)


def pill_key(m: Metrics, text: str, words: str) -> Key:
    font = m.badge_font
    w = Canvas.measure(text, font) + font.size * 0.8
    h = font.size * 1.45

    def draw(canvas: Canvas, at: Point) -> None:
        canvas.box(
            (at[0], at[1] - h / 2, at[0] + w, at[1] + h / 2),
            fill=BACKGROUND,
            outline=VALUE,
            width=1.5,
            corner=h / 2,
        )
        canvas.text((at[0] + w / 2, at[1]), text, font, VALUE, "mm")

    return Key(w, draw, words)


def trail_key(m: Metrics, words: str, jump: bool) -> Key:
    """A short trail: its start dot and its arrowhead (render.marks.trail) both within the key."""
    span = m.radius * 1.3
    dot = m.trail * 2  # the start dot's reach left of the line's start
    head = m.trail * 2.6  # the arrowhead's reach past the line's end (render.marks.arrowhead)

    def draw(canvas: Canvas, at: Point) -> None:
        # marks.trail stops short of its ends by 0.3 and 0.45 radius (it leaves hexes' centres clear).
        start, end = at[0] + dot, at[0] + dot + span
        points = [(start - m.radius * 0.3, at[1]), (end + m.radius * 0.45, at[1])]
        marks.trail(canvas, m, points, [jump], MUTED)

    return Key(dot + span + head, draw, words)


def legend(m: Metrics, width: int, keys: Sequence[Key]) -> Canvas:
    """The keys in rows, left to right."""
    font = m.legend_font
    row = max(font.size * 1.9, m.chip_line * 1.9)
    places: list[tuple[float, int]] = []
    x, y = m.margin, 0
    for key in keys:
        w = key.width + (m.margin * 0.5 + Canvas.measure(key.words, font) if key.words else 0)
        if x > m.margin and x + w > width - m.margin:
            x, y = m.margin, y + 1
        places.append((x, y))
        x += w + m.margin * 1.5
    rows = max((y for _, y in places), default=0) + 1
    canvas = Canvas(width, math.ceil(m.margin * 1.5 + rows * row), PANEL)
    for key, (x, y) in zip(keys, places, strict=True):
        middle = m.margin * 0.75 + (y + 0.5) * row
        key.draw(canvas, (x, middle))
        if key.words:
            canvas.text((x + key.width + m.margin * 0.5, middle), key.words, font, MUTED, "lm")
    return canvas
