"""Every size on a map picture, from one scale setting.

At scale 1 a hex is 92 pixels across and the printed map comes out about 1100 pixels wide:
a phone shows it whole at about its own resolution, and the zoom (a crop, or a larger
scale) is there for reading details. Changing the scale changes nothing but size.
"""

from __future__ import annotations

from dataclasses import dataclass

from render.fonts import Font

_HEX_RADIUS = 46.0
"""Corner radius of a hex at scale 1, in pixels."""
_ZOOM_ROOM = 1.6
"""How much larger hexes are, beside the same text, in a zoom: room for every ship in detail."""


def _px(scale: float, size: float) -> float:
    return size * scale


def _font(scale: float, size: float, bold: bool = False) -> Font:
    return Font(max(6, round(size * scale)), bold)


@dataclass(frozen=True)
class Metrics:
    """Sizes in pixels; fonts in pixel sizes."""

    scale: float
    radius: float
    margin: float
    grid: float
    warpline: float
    trail: float
    star: float
    """Radius of a star's disc."""
    base: float
    """Half the side of a base's square."""
    base_line: float
    chip_line: float
    """Height of one line of ship labels in a counter."""
    chip_pad: float
    gap: float
    number_font: Font
    name_font: Font
    chip_font: Font
    badge_font: Font
    title_font: Font
    subtitle_font: Font
    legend_font: Font
    min_width: float
    """The narrowest picture: a crop is widened to this, so the title bar still fits."""


def metrics(scale: float = 1.0, zoom: bool = False, text: float = 1.0) -> Metrics:
    """Sizes for ``scale``; a ``zoom`` (a crop around some hexes) gets roomier hexes; ``text``
    enlarges what players read at a glance (names, counters, title and legend), for a picture
    that a phone shrinks more than the printed map's (render.mapview.text_size)."""
    if not 0.25 <= scale <= 4:
        raise ValueError(f"scale {scale} is outside 0.25 to 4")
    s = scale
    t = scale * text
    return Metrics(
        scale=s,
        radius=_px(s, _HEX_RADIUS * (_ZOOM_ROOM if zoom else 1)),
        margin=_px(s, 14),
        grid=_px(s, 1),
        warpline=_px(s, 2),
        trail=_px(s, 4),
        star=_px(s, 6.5),
        base=_px(s, 11),
        base_line=_px(s, 3),
        chip_line=_px(t, 13),
        chip_pad=_px(t, 2.5),
        gap=_px(s, 2),
        number_font=_font(s, 10),
        name_font=_font(t, 12.5, bold=True),
        chip_font=_font(t, 11, bold=True),
        badge_font=_font(t, 13, bold=True),
        title_font=_font(t, 21, bold=True),
        subtitle_font=_font(t, 15),
        legend_font=_font(t, 14),
        min_width=_px(s, 560),
    )
