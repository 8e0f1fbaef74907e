"""A player's hand as a picture for their DM: each card by number and kind.

Only ever drawn from the player's own view (GameView.hand); the heading says whose eyes it
is for, in their colour, so it is never mistaken for a public picture. Sized like the
arena's frame (render.warparena.panels.frame_metrics), to be read on a phone.
"""

from __future__ import annotations

import math

from engine.warparena.cards import CardKind, card
from engine.warparena.views import GameView
from render.canvas import Canvas, Picture, stack
from render.fonts import Font
from render.heading import header
from render.palette import BACKGROUND, MUTED, PANEL, PLAYER_COLOURS, TEXT, VALUE, blend, seat_colours
from render.warparena.panels import frame_metrics, plural

WIDTH = 600
COLUMNS = 3
KIND_COLOURS = {
    CardKind.COMBAT: VALUE,
    CardKind.DESTROY_HEX: PLAYER_COLOURS[5],
    CardKind.WARP_GRID: PLAYER_COLOURS[0],
    CardKind.DOUBLE_WARP: PLAYER_COLOURS[6],
    CardKind.CREATE_PD: PLAYER_COLOURS[2],
    CardKind.WILD_WARP: PLAYER_COLOURS[3],
}
"""A card's rim by kind; the kind is always written too."""


def draw_hand(view: GameView, scale: float = 1.0) -> Picture:
    """``view``'s player's hand; a public view (no hand) is refused."""
    if view.viewer is None or view.hand is None:
        raise ValueError("a hand picture needs a player's own view")
    width = math.ceil(WIDTH * scale)
    m = frame_metrics(scale, width)
    colours = seat_colours(p.name for p in view.players)
    cards = sorted(view.hand)
    top = header(
        m,
        width,
        f"{view.viewer}'s hand",
        plural(len(cards), "card"),
        view.viewer,
        colours.get(view.viewer, MUTED),
    )
    pad = m.margin
    tile_w = (width - pad * (COLUMNS + 1)) / COLUMNS
    tile_h = m.title_font.size * 3.4
    rows = max(1, math.ceil(len(cards) / COLUMNS))
    canvas = Canvas(width, math.ceil(pad + rows * (tile_h + pad)), PANEL)
    if not cards:
        canvas.text((pad, pad + tile_h / 2), "No cards.", m.subtitle_font, MUTED, "lm")
    for i, number in enumerate(cards):
        row, col = divmod(i, COLUMNS)
        x = pad + col * (tile_w + pad)
        y = pad + row * (tile_h + pad)
        held = card(number)
        rim = KIND_COLOURS[held.kind]
        canvas.box(
            (x, y, x + tile_w, y + tile_h), fill=blend(BACKGROUND, rim, 0.18), outline=rim, width=2, corner=8
        )
        canvas.text((x + pad * 0.7, y + pad * 0.5), f"#{number}", m.legend_font, MUTED, "la")
        font = Font(round(m.title_font.size * 0.8), bold=True)
        # A long name (Create Power Disc) takes two lines rather than losing its end.
        lines = Canvas.wrap(str(held), font, tile_w - pad)
        if len(lines) > 2:
            lines = [lines[0], canvas.fit(" ".join(lines[1:]), font, tile_w - pad)]
        step = font.size * 1.15
        middle = y + tile_h * 0.64 - (len(lines) - 1) * step / 2
        for i, line in enumerate(lines):
            canvas.text((x + tile_w / 2, middle + i * step), line, font, TEXT, "mm")
    return stack([top, canvas])


def render_hand(view: GameView, scale: float = 1.0) -> bytes:
    return draw_hand(view, scale).png()
