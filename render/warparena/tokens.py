"""Pieces on a hex as labelled tokens: ``D1●●`` in the owner's colour, one dot a power disc.

A hex may hold many robots of several players, so tokens flow into lines as wide as the hex
allows; when they do not all fit, the last place says how many more there are (``+3``),
so a crowded hex never spills onto its neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.warparena.pieces import Piece
from render.canvas import Canvas
from render.fonts import Font
from render.geometry import Point
from render.palette import MUTED, RGB, ink_on

PIP = "●"
"""One power disc carried (R-WA-PD-1: at most four)."""


def token_text(piece: Piece) -> str:
    """What a piece's token says: its label and a pip per power disc (``D1●●``)."""
    return piece.label + PIP * piece.pds


@dataclass(frozen=True)
class Token:
    text: str
    colour: RGB


def flow(tokens: Sequence[Token], font: Font, pad: float, width: float, lines: int) -> list[list[Token]]:
    """Tokens in lines of at most ``width``; past ``lines`` lines the last token is ``+N``."""

    def size(t: Token) -> float:
        return Canvas.measure(t.text, font) + 2 * pad

    rows: list[list[Token]] = []
    used = 0.0
    for i, token in enumerate(tokens):
        if rows and used + pad + size(token) <= width:
            rows[-1].append(token)
            used += pad + size(token)
            continue
        if len(rows) == lines:
            rest = len(tokens) - i + 1
            rows[-1][-1] = Token(f"+{rest}", MUTED)
            return rows
        rows.append([token])
        used = size(token)
    return rows


def draw_tokens(
    canvas: Canvas, centre: Point, tokens: Sequence[Token], font: Font, width: float, lines: int
) -> None:
    """The tokens of one hex, centred on ``centre``."""
    pad = max(2.0, font.size * 0.22)
    rows = flow(tokens, font, pad, width, lines)
    line = font.size * 1.3
    top = centre[1] - len(rows) * (line + pad) / 2 + pad / 2
    for row in rows:
        widths = [Canvas.measure(t.text, font) + 2 * pad for t in row]
        x = centre[0] - (sum(widths) + pad * (len(row) - 1)) / 2
        for token, w in zip(row, widths, strict=True):
            canvas.box((x, top, x + w, top + line), fill=token.colour, corner=pad * 1.2)
            at = (round(x + w / 2), round(top + line / 2))
            canvas.text(at, token.text, font, ink_on(token.colour), "mm")
            x += w + pad
        top += line + pad
