"""A picture under construction, and the PNG it becomes.

What every picture needs is solved once here:

* Smooth edges. Pillow draws lines, discs and polygons without anti-aliasing, so shapes are
  kept in a list and drawn at twice the size, then halved; text, which FreeType smooths
  already, is drawn afterwards at full size. So all text lies above all shapes. Only the
  places shapes cover are drawn twice the size: each shape knows the box it may paint, shapes
  whose boxes meet are drawn together, and the rest of the picture is its background at once
  (a title bar's one badge no longer costs its whole width twice over).
* Drawing once what never changes. A canvas can be kept once drawn (:meth:`Canvas.kept`, a
  :class:`Ground`) and drawn on by later canvases with the very pixels of one canvas with both
  drawn: a map's grid and names are drawn once per map (render.board).
* Exact, small PNGs. Letters' edges take a few shades (:data:`EDGE_STEPS`), so a picture keeps
  to 256 colours and is written with a palette of exactly its own colours (:func:`encode_png`).
* Privacy that can be checked. Every string a picture shows goes through :meth:`Canvas.text`,
  which records it in ``texts``: tests assert what a player's picture says without reading
  pixels (no ship attributes on the public map, none of bob's records in alice's view).
  It records the box the string covers in ``boxes`` too, so a layout can keep clear of text
  already placed and tests can check that no two labels overlap.

A canvas is a plain object made and used by one call, so rendering is safe in worker threads.
"""

from __future__ import annotations

import io
import math
import threading
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from render.fonts import Font, face, text_width
from render.geometry import Box, HexLayout, Point
from render.palette import BACKGROUND, RGB

SUPERSAMPLE = 2
"""Shapes are drawn this many times larger, then scaled down: cheap anti-aliasing."""
PNG_COMPRESSION = 6
"""zlib level of every PNG: Pillow's default, the usual balance of size and speed."""

ELLIPSIS = "…"

Paint = Callable[[ImageDraw.ImageDraw, float, float], None]
"""Draws one shape at twice the size, with ``(dx, dy)`` taken off every coordinate: the
corner of the part of the picture being drawn."""
Pixels = tuple[int, int, int, int]
"""A box of whole pixels of the picture: left, top, right, bottom (right and bottom excluded)."""


@dataclass(frozen=True)
class _Shape:
    box: Pixels
    """Every pixel the shape may change, its smoothed edge included."""
    paint: Paint


def _up(points: Sequence[Point]) -> list[tuple[float, float]]:
    return [(x * SUPERSAMPLE, y * SUPERSAMPLE) for x, y in points]


def _width(width: float) -> int:
    return max(1, round(width * SUPERSAMPLE))


def _reach(points: Sequence[tuple[float, float]], pad: float) -> Pixels:
    """The whole pixels of the picture that shapes through ``points`` (at twice the size),
    ``pad`` wide around them, may touch."""
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    return (
        math.floor((min(xs) - pad) / SUPERSAMPLE) - 1,
        math.floor((min(ys) - pad) / SUPERSAMPLE) - 1,
        math.ceil((max(xs) + pad) / SUPERSAMPLE) + 1,
        math.ceil((max(ys) + pad) / SUPERSAMPLE) + 1,
    )


def _polyline(d: ImageDraw.ImageDraw, points: list[tuple[float, float]], colour: RGB, width: int) -> None:
    """A line through ``points`` (twice the size) with rounded joints, and rounded ends when
    it is thick (else they would be ragged squares)."""
    d.line(points, fill=colour, width=width, joint="curve")
    if width > 2:
        r = width / 2
        for x, y in (points[0], points[-1]):
            d.ellipse((x - r, y - r, x + r, y + r), fill=colour)


def _moved(points: Sequence[tuple[float, float]], dx: float, dy: float) -> list[tuple[float, float]]:
    return [(x - dx, y - dy) for x, y in points]


class Canvas:
    """Shapes and text in drawing order; :meth:`render` turns them into an image."""

    def __init__(
        self, width: int, height: int, background: RGB = BACKGROUND, ground: Ground | None = None
    ) -> None:
        self.width = width
        self.height = height
        self.background = background
        self.ground = ground
        """What was drawn before on a canvas of this size and kept (:meth:`kept`): what is drawn
        here goes on it, giving the very pixels of one canvas with both drawn, its shapes first."""
        self.texts: list[str] = list(ground.texts) if ground is not None else []
        """Every string drawn, in order (the ground's first)."""
        self.boxes: list[Box] = [box for box, _ in ground.labels] if ground is not None else []
        """The box each string of ``texts`` covers, in the same order."""
        self._drawn = len(self.boxes)
        """Where the boxes of this canvas's own labels begin (the ground's are drawn)."""
        self._shapes: list[_Shape] = []
        self._labels: list[Label] = []

    # --- shapes --------------------------------------------------------------------------------

    def line(self, points: Sequence[Point], colour: RGB, width: float) -> None:
        """A polyline with rounded joints."""
        up, w = _up(points), _width(width)
        self._add(_reach(up, w), lambda d, dx, dy: _polyline(d, _moved(up, dx, dy), colour, w))

    def dashed(self, start: Point, end: Point, colour: RGB, width: float, dash: float) -> None:
        """A straight dashed line, dashes and gaps ``dash`` pixels long: one shape."""
        span = math.dist(start, end)
        if span == 0:  # a piece warped back onto its own hex: no line to draw
            return
        dashes: list[list[tuple[float, float]]] = []
        for i in range(max(1, int(span // (2 * dash))) + 1):
            a, b = 2 * i * dash / span, min(1.0, (2 * i + 1) * dash / span)
            if a >= 1:
                break
            dashes.append(_up([_lerp(start, end, a), _lerp(start, end, b)]))
        w = _width(width)

        def paint(d: ImageDraw.ImageDraw, dx: float, dy: float) -> None:
            for piece in dashes:
                _polyline(d, _moved(piece, dx, dy), colour, w)

        self._add(_reach([p for piece in dashes for p in piece], w), paint)

    def polygon(
        self, points: Sequence[Point], fill: RGB | None = None, outline: RGB | None = None, width: float = 1
    ) -> None:
        up = _up(points)
        if fill is not None:
            self._add(_reach(up, 1), lambda d, dx, dy: d.polygon(_moved(up, dx, dy), fill=fill))
        if outline is not None:
            w = _width(width)
            ring = [*up, up[0], up[1]]
            self._add(
                _reach(up, w),
                lambda d, dx, dy: d.line(_moved(ring, dx, dy), fill=outline, width=w, joint="curve"),
            )

    def circle(
        self,
        centre: Point,
        radius: float,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 1,
    ) -> None:
        (x, y), r = _up([centre])[0], radius * SUPERSAMPLE
        w = _width(width) if outline is not None else 0
        self._add(
            _reach([(x - r, y - r), (x + r, y + r)], 1),
            lambda d, dx, dy: d.ellipse(
                (x - r - dx, y - r - dy, x + r - dx, y + r - dy), fill=fill, outline=outline, width=w
            ),
        )

    def box(
        self,
        box: Box,
        fill: RGB | None = None,
        outline: RGB | None = None,
        width: float = 1,
        corner: float = 0,
    ) -> None:
        """A rectangle, with rounded corners of radius ``corner``."""
        left, top, right, bottom = (v * SUPERSAMPLE for v in box)
        w = _width(width) if outline is not None else 0
        r = round(corner * SUPERSAMPLE)
        self._add(
            _reach([(left, top), (right, bottom)], 1),
            lambda d, dx, dy: d.rounded_rectangle(
                (left - dx, top - dy, right - dx, bottom - dy), r, fill=fill, outline=outline, width=w
            ),
        )

    def _add(self, box: Pixels, paint: Paint) -> None:
        self._shapes.append(_Shape(box, paint))

    # --- text ----------------------------------------------------------------------------------

    def text(
        self, at: Point, text: str, font: Font, colour: RGB, anchor: str = "la", halo: RGB | None = None
    ) -> None:
        """Draw ``text`` (recorded in ``texts``); ``anchor`` is Pillow's, ``halo`` an outline colour."""
        self.texts.append(text)
        stroke = max(1, round(font.size / 10)) if halo is not None else 0
        self.boxes.append(text_box(at, text, font, anchor, stroke))
        self._labels.append(
            lambda image, dx, dy: _label(
                image, (at[0] + dx, at[1] + dy), text, font, colour, anchor, stroke, halo
            )
        )

    @staticmethod
    def measure(text: str, font: Font) -> float:
        return text_width(text, font)

    @staticmethod
    def wrap(text: str, font: Font, width: float) -> list[str]:
        """``text`` broken between words into lines of at most ``width`` (a longer word stays whole)."""
        lines: list[str] = []
        for word in text.split():
            if lines and text_width(f"{lines[-1]} {word}", font) <= width:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        return lines or [""]

    @staticmethod
    def fit(text: str, font: Font, width: float) -> str:
        """``text``, shortened with an ellipsis until it fits ``width``."""
        if text_width(text, font) <= width:
            return text
        while text and text_width(text + ELLIPSIS, font) > width:
            text = text[:-1]
        return text.rstrip() + ELLIPSIS

    # --- output --------------------------------------------------------------------------------

    def kept(self) -> Ground:
        """The canvas drawn, kept with its shapes and labels so that more can be drawn on it
        later (``Canvas(ground=...)``) without drawing it again: a map's grid and names."""
        assert self.ground is None, "a ground is drawn on nothing"
        labels = tuple(zip(self.boxes, self._labels, strict=True))
        return Ground(self.render(), tuple(self._shapes), labels, tuple(self.texts))

    def render(self) -> Image.Image:
        image = Image.new("RGB", (self.width, self.height), self.background)
        self.render_into(image, 0, 0)
        return image

    def render_into(self, image: Image.Image, left: int, top: int) -> None:
        """Draw the canvas on ``image`` with its top-left corner at (``left``, ``top``): its
        background, each group of shapes twice the size then halved (module docstring),
        then every label."""
        ground = self.ground
        if ground is not None:
            image.paste(ground.image, (left, top))
        else:
            image.paste(self.background, (left, top, left + self.width, top + self.height))
        for (x0, y0, x1, y1), shapes in _groups(self._shapes, self.width, self.height):
            size = ((x1 - x0) * SUPERSAMPLE, (y1 - y0) * SUPERSAMPLE)
            big = _SCRATCH.image(size)
            big.paste(self.background, (0, 0, *size))
            draw = ImageDraw.Draw(big)
            under = [g for g in ground.shapes if overlaps(g.box, (x0, y0, x1, y1))] if ground else []
            for shape in [*under, *shapes]:
                shape.paint(draw, x0 * SUPERSAMPLE, y0 * SUPERSAMPLE)
            small = big.reduce(SUPERSAMPLE, box=(0, 0, *size))
            for box, label in ground.labels if ground is not None else ():
                if overlaps(box, (x0, y0, x1, y1)):  # the ground's labels over it, cut to the group
                    label(small, -x0, -y0)
            image.paste(small, (left + x0, top + y0))
        if all(_inside(box, (1, 1, self.width - 1, self.height - 1)) for box in self.boxes[self._drawn :]):
            for label in self._labels:
                label(image, left, top)
            return
        # A label runs past (or to within a pixel of) the canvas's edge, as on a crop of a
        # map: draw them all on the canvas alone, so nothing spills onto the panels beside it.
        own = image.crop((left, top, left + self.width, top + self.height))
        for label in self._labels:
            label(own, 0, 0)
        image.paste(own, (left, top))


Label = Callable[[Image.Image, int, int], None]
"""Draws one label on an image, with ``(dx, dy)`` added to its place."""


@dataclass(frozen=True)
class Ground:
    """A canvas drawn and kept (:meth:`Canvas.kept`), never changed: its picture, and its
    shapes and labels to draw again under and over whatever a later canvas draws on it."""

    image: Image.Image
    shapes: tuple[_Shape, ...]
    labels: tuple[tuple[Box, Label], ...]
    """Each label with the box it covers."""
    texts: tuple[str, ...]


def _groups(shapes: Sequence[_Shape], width: int, height: int) -> list[tuple[Pixels, list[_Shape]]]:
    """Shapes in groups whose boxes (cut to the canvas) share no pixel, each group's shapes in
    drawing order: a group is drawn on its own, and no shape of one can cover another's."""
    groups: list[tuple[Pixels, list[int]]] = []
    for i, shape in enumerate(shapes):
        x0, y0, x1, y1 = shape.box
        box = (max(0, x0), max(0, y0), min(width, x1), min(height, y1))
        if box[0] >= box[2] or box[1] >= box[3]:
            continue  # wholly off the canvas
        within = next((g for g in reversed(groups) if _inside(box, g[0])), None)
        if within is not None:  # the usual case, a shape beside the last: no group grows
            within[1].append(i)
            continue
        members = [i]
        merged = True
        while merged:  # a group the box grew over joins it too, until none does
            merged = False
            kept = []
            for (a0, b0, a1, b1), inside in groups:
                if a0 < box[2] and box[0] < a1 and b0 < box[3] and box[1] < b1:
                    box = (min(a0, box[0]), min(b0, box[1]), max(a1, box[2]), max(b1, box[3]))
                    members += inside
                    merged = True
                else:
                    kept.append(((a0, b0, a1, b1), inside))
            groups = kept
        groups.append((box, members))
    return [(box, [shapes[i] for i in sorted(members)]) for box, members in groups]


EDGE_STEPS = 4
"""The shades a letter's smoothed edge takes between its colour and what lies under it.
FreeType smooths in 255 steps, which gave a map some 2,000 colours of letters' edges alone;
four read the same at a picture's size. A halo's edge, in the background's colour around the
letters, has none (it only parts a label from what lies under it). So a picture keeps to 256
colours, which makes an exact palette PNG (:func:`encode_png`)."""
_EDGES = [round(v * EDGE_STEPS / 255) * 255 // EDGE_STEPS for v in range(256)]
_HALO = [255 if v >= 128 else 0 for v in range(256)]


def _label(
    image: Image.Image,
    at: Point,
    text: str,
    font: Font,
    colour: RGB,
    anchor: str,
    stroke: int,
    halo: RGB | None,
) -> None:
    """``text`` on ``image``, its halo (a stroke ``stroke`` wide) first, each drawn as a mask in
    its shades (:data:`EDGE_STEPS`): the letters' own shapes, placed as Pillow places them."""
    found = face(font)
    x0, y0, x1, y1 = found.getbbox(text, anchor=anchor, stroke_width=stroke)
    left, top = math.floor(at[0] + x0) - 1, math.floor(at[1] + y0) - 1
    size = (math.ceil(at[0] + x1) + 1 - left, math.ceil(at[1] + y1) + 1 - top)
    where = (at[0] - left, at[1] - top)
    passes = ((halo, stroke, _HALO), (colour, 0, _EDGES)) if halo is not None else ((colour, 0, _EDGES),)
    for ink, width, shades in passes:
        mask = Image.new("L", size, 0)
        ImageDraw.Draw(mask).text(
            where, text, font=found, fill=255, anchor=anchor, stroke_width=width, stroke_fill=255
        )
        image.paste(ink, (left, top, left + size[0], top + size[1]), mask.point(shades))


def _inside(box: Box, outer: Box) -> bool:
    return outer[0] <= box[0] and outer[1] <= box[1] and box[2] <= outer[2] and box[3] <= outer[3]


class _Scratch(threading.local):
    """Each thread's one large image that shapes are drawn on before halving.

    A fresh image of a whole map at twice its size is tens of megabytes, and the memory a
    fresh image gets must be paged in by the system: on a busy process that took longer than
    all the drawing. So each thread keeps one such image, grown to the largest picture it has
    drawn, and each picture uses its top-left corner after painting it with its background.
    What a shape draws past its canvas's edge falls outside that corner and is never read,
    so every picture's bytes are those a fresh image would give. Memory held: about 4 bytes
    a pixel of the largest picture at twice its size, once per rendering thread."""

    def __init__(self) -> None:
        self.big: Image.Image | None = None

    def image(self, size: tuple[int, int]) -> Image.Image:
        big = self.big
        if big is None or big.width < size[0] or big.height < size[1]:
            width = max(size[0], big.width if big is not None else 0)
            height = max(size[1], big.height if big is not None else 0)
            self.big = big = Image.new("RGB", (width, height))
        return big


_SCRATCH = _Scratch()


def text_box(at: Point, text: str, font: Font, anchor: str = "la", stroke: int = 0) -> Box:
    """The box ``text`` covers when drawn at ``at`` with Pillow's ``anchor`` (its inked extent)."""
    left, top, right, bottom = face(font).getbbox(text, anchor=anchor, stroke_width=stroke)
    return at[0] + left, at[1] + top, at[0] + right, at[1] + bottom


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes share any area (touching edges do not count)."""
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _lerp(a: Point, b: Point, t: float) -> Point:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


@dataclass(frozen=True)
class Picture:
    """A finished picture and every string drawn on it."""

    image: Image.Image
    texts: tuple[str, ...]
    boxes: tuple[Box, ...] = ()
    """The box each of ``texts`` covers on the image, in the same order."""
    layout: HexLayout | None = None
    """Where hexes are on the image, for pictures of the map."""

    def png(self) -> bytes:
        """The PNG, exactly the picture's pixels (:func:`encode_png`)."""
        return encode_png(self.image)


def stack(panels: Sequence[Canvas]) -> Picture:
    """Panels one under another, centred, on the background colour."""
    width = max(p.width for p in panels)
    image = Image.new("RGB", (width, sum(p.height for p in panels)), BACKGROUND)
    top = 0
    boxes: list[Box] = []
    for panel in panels:
        left = (width - panel.width) // 2
        panel.render_into(image, left, top)
        boxes += [(x0 + left, y0 + top, x1 + left, y1 + top) for x0, y0, x1, y1 in panel.boxes]
        top += panel.height
    return Picture(image, tuple(text for panel in panels for text in panel.texts), tuple(boxes))


PALETTE_COLOURS = 256


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of ``image``, exactly its pixels, with no metadata (no time stamp, so the same
    picture gives the same bytes). A picture of 256 colours or fewer, as the pictures drawn here
    are (flat fills, edges smoothed in a few shades: :data:`EDGE_STEPS`), is written with a
    palette of its own colours, one byte a pixel instead of three: about half the size, and
    quicker to compress; any other in full colour. No colour is ever approximated."""
    if image.mode != "RGB" or image.getcolors(PALETTE_COLOURS) is None:
        return _saved(image)
    # With no more colours than asked for, Pillow's quantizers by coverage and by median cut
    # keep each colour exactly (the octree and a given palette round them; a test checks).
    return _saved(
        image.quantize(PALETTE_COLOURS, method=Image.Quantize.MAXCOVERAGE, dither=Image.Dither.NONE)
    )


def encode_compact_png(image: Image.Image) -> bytes:
    """PNG bytes of ``image`` for a picture sent after every action (Warp Arena's): 256 colours
    chosen by a fast octree, no dithering, no channel of any pixel more than about 15 of 255 from
    the drawing (a test checks), one byte a pixel compressed as runs. Exactness
    (:func:`encode_png`) would cost a slow search of the palette for every pixel, which the
    arena picture's budget (issue 13: at most 1.5 times the full-colour encode) cannot pay;
    the eye cannot tell the two apart."""
    out = io.BytesIO()
    quantized = image.quantize(PALETTE_COLOURS, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    quantized.save(out, format="PNG", compress_level=PNG_COMPRESSION, compress_type=zlib.Z_RLE)
    return out.getvalue()


def _saved(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESSION)
    return out.getvalue()
