"""Pieces on a hex as labelled tokens: ``D1••`` in the owner's colour, one dot a power disc.

A hex may hold many robots of several players, so tokens flow into lines as wide as the hex
allows. When they do not all fit, each player's robots there become one token in their
colour (``C+5``: the C-bot and five more; ``+6``: six robots, no C-bot), so every player
present still shows; only past that does the last place count the rest (``+3``). A crowded
hex never spills onto its neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.warparena.pieces import Piece
from render.canvas import Canvas
from render.fonts import Font
from render.geometry import Point
from render.palette import MUTED, RGB, ink_on

PIP = "•"
"""One power disc carried (R-WA-PD-1: at most four)."""


def token_text(piece: Piece) -> str:
    """What a piece's token says: its label and a pip per power disc (``D1••``)."""
    return piece.label + PIP * piece.pds


@dataclass(frozen=True)
class Token:
    text: str
    colour: RGB
    owner: str = ""
    c_bot: bool = False


def piece_token(piece: Piece, colour: RGB) -> Token:
    return Token(token_text(piece), colour, piece.owner, piece.label == "C")


def summarised(tokens: Sequence[Token]) -> list[Token]:
    """One token per owner, in the order they first appear: ``C+5`` or ``+6``."""
    owners: dict[str, list[Token]] = {}
    for token in tokens:
        owners.setdefault(token.owner, []).append(token)
    out = []
    for mine in owners.values():
        n = len(mine)
        lead = any(t.c_bot for t in mine)
        text = ("C" + (f"+{n - 1}" if n > 1 else "")) if lead else f"+{n}"
        out.append(Token(text, mine[0].colour, mine[0].owner, lead))
    return out


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


def _fits(tokens: Sequence[Token], font: Font, pad: float, width: float, lines: int) -> bool:
    rows = flow(tokens, font, pad, width, lines)
    return sum(len(r) for r in rows) == len(tokens) and not rows[-1][-1].text.startswith("+")


def draw_tokens(
    canvas: Canvas, centre: Point, tokens: Sequence[Token], font: Font, width: float, lines: int
) -> None:
    """The tokens of one hex, centred on ``centre``."""
    pad = max(2.0, font.size * 0.22)
    if not _fits(tokens, font, pad, width, lines):
        tokens = summarised(tokens)
    rows = flow(tokens, font, pad, width, lines)
    line = font.size * 1.2
    pad = pad * 0.7
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
