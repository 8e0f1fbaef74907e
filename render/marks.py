"""The symbols a map is made of, drawn the same way on the board and in its legend.

Each symbol differs by shape, not only colour: a disc is a star, a square around it a base,
a crossed square a base lost this phase, a white hex outline with ⚔ a battle, a line with an
arrowhead a move, dashes a jump along a warpline.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from render.canvas import Canvas
from render.geometry import Box, HexLayout, Point, towards
from render.metrics import Metrics
from render.palette import BACKGROUND, MARK, MUTED, RGB, STAR, WARPLINE, blend, ink_on

BATTLE_MARK = "⚔"


def star(canvas: Canvas, m: Metrics, centre: Point) -> None:
    """A star: a soft glow and a warm white disc (its exact centre is star colour, tests rely on it)."""
    canvas.circle(centre, m.star * 1.8, fill=blend(BACKGROUND, STAR, 0.18))
    canvas.circle(centre, m.star, fill=STAR)


UNKNOWN_MARK = "?"


def unknown_star(canvas: Canvas, m: Metrics, centre: Point) -> None:
    """A star not yet found (a blind game's hidden map): an outline with a question mark."""
    canvas.circle(centre, m.star * 1.4, fill=BACKGROUND, outline=WARPLINE, width=m.warpline)
    canvas.text(centre, UNKNOWN_MARK, m.badge_font, MUTED, anchor="mm")


def base(canvas: Canvas, m: Metrics, centre: Point, colour: RGB, finished: bool = True) -> None:
    """A square around the star in the owner's colour; thin while the base is being paid for."""
    x, y = centre
    width = m.base_line if finished else m.base_line / 2.5
    canvas.box((x - m.base, y - m.base, x + m.base, y + m.base), outline=colour, width=width)


def fallen_base(canvas: Canvas, m: Metrics, centre: Point, colour: RGB) -> None:
    """A base destroyed this phase: its square in the old owner's colour, crossed out in white."""
    x, y = centre
    base(canvas, m, centre, colour)
    reach = m.base * 1.35
    for sign in (1, -1):
        canvas.line(
            [(x - reach, y - sign * reach), (x + reach, y + sign * reach)], BACKGROUND, m.base_line * 2
        )
        canvas.line([(x - reach, y - sign * reach), (x + reach, y + sign * reach)], MARK, m.base_line)


def warpline(canvas: Canvas, m: Metrics, a: Point, b: Point) -> None:
    canvas.line([a, b], WARPLINE, m.warpline)


def battle(canvas: Canvas, m: Metrics, layout: HexLayout, hex_id: str) -> None:
    """A white outline inside the hex and a ⚔ badge at its upper right."""
    canvas.polygon(layout.corners(hex_id, inset=m.base_line), outline=MARK, width=m.base_line)
    cx, cy = layout.centre(hex_id)
    badge(canvas, m, (cx + 0.56 * m.radius, cy - 0.6 * m.radius), BATTLE_MARK, MARK)


def badge(canvas: Canvas, m: Metrics, centre: Point, text: str, colour: RGB) -> None:
    """A small rounded label (``⚔``), centred on ``centre``."""
    box = badge_box(m, centre, text)
    canvas.box(box, fill=colour, corner=(box[3] - box[1]) / 2)
    canvas.text(centre, text, m.badge_font, ink_on(colour), anchor="mm")


def badge_box(m: Metrics, centre: Point, text: str) -> Box:
    """The box a :func:`badge` of ``text`` covers: layouts look for a free place before drawing."""
    w = Canvas.measure(text, m.badge_font) + 2 * m.chip_pad
    h = m.chip_line + m.chip_pad
    x, y = centre
    return x - w / 2, y - h / 2, x + w / 2, y + h / 2


def trail(canvas: Canvas, m: Metrics, points: Sequence[Point], jumps: Sequence[bool], colour: RGB) -> None:
    """A move: from a dot where it began to an arrowhead where it ended.

    ``jumps[i]`` says the step from ``points[i]`` to ``points[i + 1]`` went along a warpline;
    those steps are dashed. The ends stop short of the hex centres so the star and the counters
    there stay visible; a dark halo keeps the line clear of warplines and the grid.
    """
    if len(points) < 2:
        return
    path = list(points)
    path[0] = towards(path[0], path[1], 0.3 * m.radius)
    path[-1] = towards(path[-1], path[-2], 0.45 * m.radius)
    head = m.trail * 3.6
    for ink, width, dashes in ((BACKGROUND, m.trail * 2.2, False), (colour, m.trail, True)):
        run: list[Point] = [path[0]]
        for i in range(len(path) - 1):
            if not jumps[i]:
                run.append(path[i + 1])
                continue
            _flush(canvas, run, ink, width)
            if dashes:
                canvas.dashed(path[i], path[i + 1], ink, width, dash=m.trail * 2.2)
            else:
                canvas.line([path[i], path[i + 1]], ink, width)
            run = [path[i + 1]]
        _flush(canvas, run, ink, width)
        canvas.circle(path[0], width * 0.9, fill=ink)
        arrowhead(canvas, path[-2], path[-1], ink, head + (width - m.trail) * 1.5)


def _flush(canvas: Canvas, run: list[Point], colour: RGB, width: float) -> None:
    if len(run) > 1:
        canvas.line(run, colour, width)


def arrowhead(canvas: Canvas, start: Point, tip: Point, colour: RGB, size: float) -> None:
    """A filled arrowhead at ``tip``, pointing away from ``start``; the tip reaches ``size`` past it."""
    angle = math.atan2(tip[1] - start[1], tip[0] - start[0])
    ahead = (tip[0] + size * 0.45 * math.cos(angle), tip[1] + size * 0.45 * math.sin(angle))
    back = size * 0.55
    left = (tip[0] - back * math.cos(angle - 0.5), tip[1] - back * math.sin(angle - 0.5))
    right = (tip[0] - back * math.cos(angle + 0.5), tip[1] - back * math.sin(angle + 0.5))
    canvas.polygon([ahead, left, right], fill=colour)
