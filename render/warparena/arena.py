"""The arena picture of a Warp Arena game, publicly or for one player.

``render_arena(view, ArenaView(...))`` is all a caller needs: pure (a GameView and the last
action's events in, PNG bytes out), the same bytes for the same input, safe in a worker
thread. It takes a GameView (engine.warparena.views), public or one player's, and draws
nothing of any hand: whose view it is changes only the badge in the title bar.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from engine.warparena.board import Board
from engine.warparena.state import Stage
from engine.warparena.tx import Event
from engine.warparena.views import GameView
from render.canvas import Canvas, Picture, encode_compact_png, stack
from render.geometry import hex_corners
from render.heading import header
from render.metrics import Metrics, metrics
from render.palette import MUTED, PANEL, RGB, TEXT, seat_colours
from render.warparena.board import (
    CENTRE_FILL,
    FIELD_MARK,
    HEX_FILL,
    WRECK_FILL,
    WRECK_MARK,
    dashed_hex,
    draw_board,
)
from render.warparena.closeup import close_panels, close_radius
from render.warparena.panels import (
    Key,
    chip_key,
    dice_strip,
    frame_metrics,
    hex_key,
    legend,
    pill_key,
    status_line,
    trail_key,
)
from render.warparena.recent import Recent, read_recent
from render.warparena.tokens import PIP

TITLE = "Warp Arena"
CROWDED = re.compile(r"C?\+\d+")
"""A token standing for a player's robots on a crowded hex (render.warparena.tokens)."""


@dataclass(frozen=True)
class ArenaView:
    """How to draw the arena: how large, with what the caller knows of the last action."""

    title: str = ""
    """The game's title; "Warp Arena" when empty."""
    recent: tuple[Event, ...] = ()
    """The last action's public events: trails, moved grids' old places, destroyed hexes, dice."""
    before: Board | None = None
    """The board before ``recent``: where trails start and moved grids lay."""
    scale: float = 1.0
    close_up: bool = False
    """Only the grids the last action touched and a ring around them, large enough to read
    on a phone, in panels one under another when they lie far apart
    (render.warparena.closeup); the whole arena when it touched none."""


def draw_arena(view: GameView, arena: ArenaView = ArenaView()) -> Picture:
    """Title bar, the arena, the dice of the last action, the legend; the frame sized to
    stay legible when the picture is shown a phone's width (render.warparena.panels)."""
    m = metrics(arena.scale)
    colours = seat_colours(p.name for p in view.players)
    recent = read_recent(arena.recent, arena.before)
    boards = _boards(view, recent, colours, arena, m.min_width)
    width = max(max(b.width for b in boards), math.ceil(m.min_width))
    m = frame_metrics(arena.scale, width)
    own = colours.get(view.viewer or "", MUTED)
    viewer = view.viewer if view.viewer in colours else None
    top = header(m, width, arena.title or TITLE, status_line(view), viewer, own)
    panels = [top]
    for i, board in enumerate(boards):
        if i:  # a band between two panels of a close-up: they are apart on the arena
            panels.append(Canvas(width, math.ceil(m.margin * 0.5), PANEL))
        panels.append(board)
    strip = dice_strip(m, width, recent.dice, recent.hidden_dice)
    if strip is not None:
        panels.append(strip)
    crowded = any(CROWDED.fullmatch(text) for board in boards for text in board.texts)
    panels.append(legend(m, width, _keys(view, m, colours, recent, crowded)))
    return stack(panels)


def _boards(
    view: GameView, recent: Recent, colours: dict[str, RGB], arena: ArenaView, least_width: float
) -> list[Canvas]:
    """The whole arena; or, for a close-up, each of its panels at one radius, top to bottom
    (render.warparena.closeup)."""
    panels = close_panels(view.board, recent) if arena.close_up else None
    if not panels:
        return [draw_board(view.board, recent, colours, arena.scale)[0]]
    radius = close_radius(panels, least_width)
    return [draw_board(view.board, recent, colours, arena.scale, cells, radius)[0] for cells in panels]


def render_arena(view: GameView, arena: ArenaView = ArenaView()) -> bytes:
    """The arena as PNG bytes (see :func:`draw_arena`), sent after every action: compact
    (render.canvas.encode_compact_png)."""
    return encode_compact_png(draw_arena(view, arena).image)


def _keys(view: GameView, m: Metrics, colours: dict[str, RGB], recent: Recent, crowded: bool) -> list[Key]:
    """Players in seat order with their colours, then every mark this picture has."""
    keys: list[Key] = []
    for player in view.players:
        note = (
            "won"
            if view.winner == player.name
            else "out"
            if player.out
            else "to move"
            if player.name == view.active and view.stage is not Stage.OVER
            else ""
        )
        keys.append(chip_key(m, colours[player.name], player.name, note))
    board = view.board
    keys.append(hex_key(m, "grid centre, its number", CENTRE_FILL, MUTED, inset=m.chip_line * 0.25))
    keys.append(chip_key(m, MUTED, f"D1{PIP * 2}", "robot, a dot per power disc"))
    if crowded:
        keys.append(chip_key(m, MUTED, "C+5", "a crowded hex: the C-bot and 5 more robots"))
    if board.unclaimed:
        keys.append(pill_key(m, "2 PD", "unclaimed power discs"))
    if board.force_fields:
        keys.append(hex_key(m, f"force field ({FIELD_MARK})", HEX_FILL, TEXT, inset=m.chip_line * 0.3))
    if board.destroyed:
        keys.append(hex_key(m, "destroyed hex", WRECK_FILL, MUTED, mark=WRECK_MARK))
    if recent.destroyed:
        keys.append(hex_key(m, "destroyed by the last action", WRECK_FILL, TEXT, inset=m.chip_line * 0.2))
    if any(not (t.hop or t.warp) for t in recent.trails):
        keys.append(trail_key(m, "move", jump=False))
    if any(t.hop or t.warp for t in recent.trails):
        keys.append(trail_key(m, "hop or warp", jump=True))
    if recent.old_places:
        r = m.chip_line * 0.9
        keys.append(
            Key(
                2 * r,
                lambda c, at: dashed_hex(c, hex_corners((at[0] + r, at[1]), r), 1.2, r * 0.25),
                "a moved grid's old place",
            )
        )
    return keys
