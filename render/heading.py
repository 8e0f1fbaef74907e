"""The heading every picture of either game starts with: what it shows, and for whose eyes.

Game-free (it knows sizes and words, no engine), so WarpWar's and Warp Arena's pictures
share it.
"""

from __future__ import annotations

import math

from render.canvas import Canvas
from render.metrics import Metrics
from render.palette import BACKGROUND, MUTED, PANEL, RGB, TEXT


def header(m: Metrics, width: int, heading: str, subheading: str, viewer: str | None, colour: RGB) -> Canvas:
    """A heading and a line under it, and a badge saying who may see the picture: ``Public`` in
    grey, or ``alice's eyes only`` in alice's colour, so a private picture is never mistaken."""
    pad = m.margin
    first = m.title_font.size * 1.3
    height = math.ceil(pad * 1.6 + first + m.subtitle_font.size * 1.3)
    canvas = Canvas(width, height, PANEL)
    who = "Public" if viewer is None else f"{viewer}'s eyes only"
    badge_font = m.subtitle_font
    badge_width = canvas.measure(who, badge_font) + 2 * pad
    badge_height = badge_font.size * 1.6
    left = width - pad - badge_width
    top = pad * 0.8 + (first - badge_height) / 2
    fill = MUTED if viewer is None else colour
    canvas.box((left, top, left + badge_width, top + badge_height), fill=fill, corner=badge_height / 2)
    canvas.text((left + badge_width / 2, top + badge_height / 2), who, badge_font, BACKGROUND, "mm")
    canvas.text(
        (pad, pad * 0.8 + first / 2),
        canvas.fit(heading, m.title_font, left - 2 * pad),
        m.title_font,
        TEXT,
        "lm",
    )
    line = canvas.fit(subheading, m.subtitle_font, width - 2 * pad)
    canvas.text((pad, pad * 0.8 + first + m.subtitle_font.size * 0.65), line, m.subtitle_font, MUTED, "lm")
    return canvas
