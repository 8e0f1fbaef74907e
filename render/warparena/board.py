"""The arena itself: grids and their numbers, hexes' states, pieces, and the last action's marks.

Drawing order, bottom to top: old places of moved grids (faint dashes), hex fills, force
fields, tokens and badges, trails (so an arrowhead shows over the tokens it points at), then
every label (the canvas draws all text above all shapes). Each state of a
hex has a shape or a word besides its colour: a centre hex is ringed and carries its grid's
number, a destroyed hex is crossed (✕), a force field is a thick inner outline with ``FF``,
loose power discs say ``2 PD``, a hop or warp is a dashed trail.
"""

from __future__ import annotations

import math

from engine.warparena.board import Board
from engine.warparena.hexes import CENTRE, Cell, Grid, HexName, grid_of, hex_name, turn
from engine.warparena.pieces import Piece
from render import marks
from render.canvas import Canvas
from render.fonts import Font
from render.geometry import Point, offset_path
from render.metrics import Metrics, metrics
from render.palette import BACKGROUND, GRID, HEX_NUMBER, MUTED, RGB, TEXT, VALUE, blend
from render.warparena.closeup import MARGIN
from render.warparena.layout import ArenaLayout, fitting_radius, place
from render.warparena.recent import Recent
from render.warparena.tokens import draw_tokens, piece_token

HEX_FILL = blend(BACKGROUND, GRID, 0.55)
CENTRE_FILL = blend(BACKGROUND, GRID, 0.95)
WRECK_FILL = blend(BACKGROUND, (0, 0, 0), 0.5)
OLD_PLACE = blend(BACKGROUND, MUTED, 0.55)
FIELD_MARK = "FF"
WRECK_MARK = "✕"
_BASE_RADIUS = metrics(1.0).radius


def side_angle(direction: int) -> float:
    """The angle (radians, y down) from a hex's centre to the middle of its side ``direction``."""
    return math.radians(-90 + 60 * (direction - 1))


def toward(centre: Point, direction: int, length: float) -> Point:
    """The point ``length`` from ``centre`` towards side ``direction``, on whole pixels: a
    label at whole pixels renders the same bitmap every time, which the fonts remember."""
    a = side_angle(direction)
    return round(centre[0] + length * math.cos(a)), round(centre[1] + length * math.sin(a))


def inward(grid: Grid, k: int) -> int:
    """The side of hex ``k`` facing its grid's centre (the centre hex: north)."""
    return 1 if k == CENTRE else turn(turn(k, grid.rotation), 3)


def draw_board(
    board: Board,
    recent: Recent,
    colours: dict[str, RGB],
    scale: float,
    close_up: frozenset[Cell] | None = None,
    radius: float | None = None,
) -> tuple[Canvas, ArenaLayout]:
    """The arena on a canvas of its own size, and where its hexes are. ``close_up``: only
    these cells (a panel of render.warparena.closeup), at ``radius``."""
    cells = [c for g in board.grids for c in g.cells().values()]
    cells += [c for g in recent.old_places for c in g.cells().values()]
    if close_up is not None:
        cells = [c for c in cells if c in close_up]
    radius = radius or fitting_radius(cells, scale)
    origin, width, height = place(cells or [Cell(0, 0)], radius, radius * MARGIN)
    if not board.grids:
        width = max(width, math.ceil(metrics(scale).min_width))
    layout = ArenaLayout(radius, origin, board)
    canvas = Canvas(width, height)
    fonts = _Fonts.at(radius)
    if not board.grids:
        words = "No grid in the arena yet."
        canvas.text((width / 2, height / 2), words, fonts.number, MUTED, "mm")
    for grid in recent.old_places:
        _old_place(canvas, layout, grid, fonts, close_up)
    for grid in board.grids:
        _grid(canvas, layout, grid, board, recent, colours, close_up)
    by_hex: dict[HexName, list[Piece]] = {}
    for piece in board.pieces:
        by_hex.setdefault(piece.hex, []).append(piece)
    for grid in board.grids:
        # A hex whose grid's centre is cut off a close-up is named in full (``7-3``).
        whole = close_up is None or grid.centre in close_up
        for k in range(7):
            if close_up is not None and grid.cell_of(k) not in close_up:
                continue
            _contents(canvas, layout, grid, k, board, by_hex, colours, fonts, whole)
    _trails(canvas, layout, recent, colours, close_up)
    return canvas, layout


class _Fonts:
    """The board's text sizes, from the hex radius, never below legibility."""

    def __init__(self, grid: Font, number: Font, token: Font, badge: Font) -> None:
        self.grid, self.number, self.token, self.badge = grid, number, token, badge

    @classmethod
    def at(cls, radius: float) -> _Fonts:
        return cls(
            Font(max(12, round(radius * 0.42)), bold=True),
            Font(max(10, round(radius * 0.3)), bold=True),
            Font(max(10, round(radius * 0.29)), bold=True),
            Font(max(9, round(radius * 0.25)), bold=True),
        )


def _grid(
    canvas: Canvas,
    layout: ArenaLayout,
    grid: Grid,
    board: Board,
    recent: Recent,
    colours: dict[str, RGB],
    close_up: frozenset[Cell] | None = None,
) -> None:
    r = layout.radius
    for k, cell in grid.cells().items():
        if close_up is not None and cell not in close_up:
            continue
        name = hex_name(grid.number, k)
        wrecked = name in board.destroyed
        fill = WRECK_FILL if wrecked else CENTRE_FILL if k == CENTRE else HEX_FILL
        # No outline: the gap between insets is the grid's line (one shape a hex, not two).
        canvas.polygon(layout.corners(cell, inset=max(1.0, r * 0.04)), fill=fill)
        if k == CENTRE and not wrecked:
            # A ring as two fills: cheaper to draw than an outline with rounded joints.
            canvas.polygon(layout.corners(cell, inset=r * 0.14), fill=MUTED)
            canvas.polygon(layout.corners(cell, inset=r * 0.14 + max(1.0, r * 0.04)), fill=CENTRE_FILL)
        if name in recent.destroyed:
            canvas.polygon(layout.corners(cell, inset=r * 0.1), outline=TEXT, width=max(1.5, r * 0.06))
        owner = board.force_fields.get(name)
        if owner is not None:
            canvas.polygon(
                layout.corners(cell, inset=r * 0.12),
                outline=colours.get(owner, MUTED),
                width=max(2, r * 0.11),
            )


def _contents(
    canvas: Canvas,
    layout: ArenaLayout,
    grid: Grid,
    k: int,
    board: Board,
    by_hex: dict[HexName, list[Piece]],
    colours: dict[str, RGB],
    fonts: _Fonts,
    whole: bool = True,
) -> None:
    """A hex's labels: its number (or its grid's; its full name when its grid is not
    ``whole`` on the picture), a cross, a field, loose discs, pieces."""
    r = layout.radius
    name = hex_name(grid.number, k)
    x, y = layout.at(grid.cell_of(k))
    centre = (round(x), round(y))
    side = inward(grid, k)
    if k == CENTRE:
        canvas.text(toward(centre, 1, r * 0.55), str(grid.number), fonts.grid, TEXT, "mm", halo=CENTRE_FILL)
    else:
        number = str(k) if whole else hex_name(grid.number, k)
        canvas.text(toward(centre, side, r * 0.64), number, fonts.number, HEX_NUMBER, "mm")
    if name in board.destroyed:
        canvas.text(centre, WRECK_MARK, Font(max(14, round(r * 0.9))), MUTED, "mm")
    away = turn(side, 3)
    owner = board.force_fields.get(name)
    if owner is not None:
        marks.badge(
            canvas, _marks(r), toward(centre, turn(away, 1), r * 0.62), FIELD_MARK, colours.get(owner, MUTED)
        )
    loose = board.unclaimed.get(name, 0)
    if loose:
        at = toward(centre, turn(away, 5), r * 0.62)
        _loose(canvas, at, f"{loose} PD", fonts.badge)
    pieces = by_hex.get(name, ())
    if pieces:
        tokens = [piece_token(p, colours.get(p.owner, MUTED)) for p in pieces]
        # Kept clear of the hex's number: moved a little away from it; three lines where
        # hexes are roomy, two where they had to shrink.
        lines = 3 if r >= 36 else 2
        middle = toward(centre, away, r * (0.22 if k == CENTRE else 0.16))
        draw_tokens(canvas, middle, tokens, fonts.token, r * 1.45, lines)


def _loose(canvas: Canvas, at: Point, words: str, font: Font) -> None:
    """Unclaimed power discs: gold words on a dark pill with a gold rim."""
    w = Canvas.measure(words, font) + font.size * 0.8
    h = font.size * 1.45
    box = (at[0] - w / 2, at[1] - h / 2, at[0] + w / 2, at[1] + h / 2)
    canvas.box(box, fill=BACKGROUND, outline=VALUE, width=1.5, corner=h / 2)
    canvas.text(at, words, font, VALUE, "mm")


def _marks(radius: float) -> Metrics:
    return metrics(max(0.25, radius / _BASE_RADIUS))


def dashed_hex(canvas: Canvas, corners: list[Point], width: float, dash: float) -> None:
    """A hex outline in faint dashes: a grid's old place."""
    for a, b in zip(corners, [*corners[1:], corners[0]], strict=True):
        canvas.dashed(a, b, OLD_PLACE, width, dash=dash)


def _old_place(
    canvas: Canvas, layout: ArenaLayout, grid: Grid, fonts: _Fonts, close_up: frozenset[Cell] | None = None
) -> None:
    """Where a warped or swapped grid lay before: its seven hexes in faint dashes (each edge
    once) and ``9 before`` (on a close-up, those of its hexes the close-up shows)."""
    r = layout.radius
    seen: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    for cell in grid.cells().values():
        if close_up is not None and cell not in close_up:
            continue
        corners = layout.corners(cell)
        for a, b in zip(corners, [*corners[1:], corners[0]], strict=True):
            ends = (round(a[0]), round(a[1])), (round(b[0]), round(b[1]))
            edge = (min(ends), max(ends))
            if edge not in seen:
                seen.add(edge)
                canvas.dashed(a, b, OLD_PLACE, max(1.0, r * 0.05), dash=r * 0.12)
    if close_up is not None and grid.centre not in close_up:
        return
    centre = layout.at(grid.centre)
    canvas.text(
        toward(centre, 4, r * 0.62), f"{grid.number} before", fonts.badge, MUTED, "mm", halo=BACKGROUND
    )


def _trails(
    canvas: Canvas,
    layout: ArenaLayout,
    recent: Recent,
    colours: dict[str, RGB],
    close_up: frozenset[Cell] | None = None,
) -> None:
    """Each moved piece's path: solid steps, a dashed jump for a hop or a warp. On a close-up,
    those that start or end on it: one leaving for (or coming from) another panel runs off
    the picture's edge towards it."""
    m = _marks(layout.radius)
    seen: dict[tuple[HexName, ...], int] = {}
    for trail in recent.trails:
        if len(trail.hexes) < 2 or any(layout.board.grid(grid_of(h)) is None for h in trail.hexes):
            continue
        if close_up is not None and not any(layout.board.cell_of(h) in close_up for h in trail.hexes):
            continue
        points = [layout.centre(h) for h in trail.hexes]
        if trail.hop or trail.warp:
            points = [points[0], points[-1]]
        key = tuple(trail.hexes)
        shift = seen.get(key, 0)
        seen[key] = shift + 1
        points = offset_path(points, (shift - 0.5 * (shift > 0)) * m.trail * 2.2)
        jumps = [trail.hop or trail.warp] * (len(points) - 1)
        marks.trail(canvas, m, points, jumps, colours.get(trail.owner, MUTED))
