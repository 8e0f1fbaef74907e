"""The fonts every picture is drawn with: DejaVu Sans Condensed, shipped here with its LICENSE.

Pictures must look the same on every machine and must draw any name a player picks, so no
system font is ever used and Pillow's bundled font (Latin only: no arrows, no dashes) is not
enough. The files are read on first use, never at import, and then kept. Each thread gets
its own FreeType faces, because FreeType forbids using one face from two threads at once and
the game master renders in worker threads.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from PIL import ImageFont

_DIRECTORY = Path(__file__).resolve().parent
_FILES = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}


@dataclass(frozen=True)
class Font:
    """A font as pictures ask for it: a pixel size and a weight."""

    size: int
    bold: bool = False


@cache
def _font_file(bold: bool) -> bytes:
    return (_DIRECTORY / _FILES[bold]).read_bytes()


_MEMO_SIZE = 4096
"""Remembered results per face before the memo starts afresh: enough for every label of a
large picture, small enough that a long-running bot's memory stays flat."""


class _MemoFace(ImageFont.FreeTypeFont):
    """A FreeType face that remembers the glyph bitmaps and measures it made.

    A picture prints the same short strings again and again (a hex's number, a robot's
    label), and FreeType renders each from scratch: most of the drawing time of a large
    map. The bitmap of a string depends only on the arguments, so the memo returns exactly
    what FreeType would: the bytes of every picture are unchanged. One memo per face, and
    faces are per thread, so no lock is needed."""

    def __init__(self, font: io.BytesIO, size: int) -> None:
        super().__init__(font, size)
        self._masks: dict[tuple[Any, ...], tuple[Any, tuple[int, int]]] = {}
        self._boxes: dict[tuple[Any, ...], tuple[float, float, float, float]] = {}
        self._lengths: dict[tuple[Any, ...], float] = {}

    def getmask2(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
        ink: int = 0,
        start: tuple[float, float] | None = None,
        *args: Any,
        **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        key = (
            text,
            mode,
            direction,
            tuple(features or ()),
            language,
            stroke_width,
            anchor,
            ink,
            start,
            args,
            tuple(sorted(kwargs.items())),
        )
        found = self._masks.get(key)
        if found is None:
            if len(self._masks) >= _MEMO_SIZE:
                self._masks.clear()
            found = super().getmask2(
                text, mode, direction, features, language, stroke_width, anchor, ink, start, *args, **kwargs
            )
            self._masks[key] = found
        return found

    def getbbox(  # type: ignore[override]
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
        stroke_width: float = 0,
        anchor: str | None = None,
    ) -> tuple[float, float, float, float]:
        key = (text, mode, direction, tuple(features or ()), language, stroke_width, anchor)
        found = self._boxes.get(key)
        if found is None:
            if len(self._boxes) >= _MEMO_SIZE:
                self._boxes.clear()
            found = super().getbbox(text, mode, direction, features, language, stroke_width, anchor)
            self._boxes[key] = found
        return found

    def getlength(
        self,
        text: str | bytes,
        mode: str = "",
        direction: str | None = None,
        features: list[str] | None = None,
        language: str | None = None,
    ) -> float:
        key = (text, mode, direction, tuple(features or ()), language)
        found = self._lengths.get(key)
        if found is None:
            if len(self._lengths) >= _MEMO_SIZE:
                self._lengths.clear()
            found = super().getlength(text, mode, direction, features, language)
            self._lengths[key] = found
        return found


class _Faces(threading.local):
    """The FreeType faces made in one thread, by font."""

    def __init__(self) -> None:
        self.faces: dict[Font, ImageFont.FreeTypeFont] = {}


_FACES = _Faces()


def face(font: Font) -> ImageFont.FreeTypeFont:
    """The FreeType face for ``font``, made once per thread."""
    found = _FACES.faces.get(font)
    if found is None:
        found = _MemoFace(io.BytesIO(_font_file(font.bold)), font.size)
        _FACES.faces[font] = found
    return found


def text_width(text: str, font: Font) -> float:
    """How wide ``text`` is drawn in ``font``, in pixels (layouts measure before they draw)."""
    return face(font).getlength(text)
