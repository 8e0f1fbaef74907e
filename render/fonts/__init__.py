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


class _Faces(threading.local):
    """The FreeType faces made in one thread, by font."""

    def __init__(self) -> None:
        self.faces: dict[Font, ImageFont.FreeTypeFont] = {}


_FACES = _Faces()


def face(font: Font) -> ImageFont.FreeTypeFont:
    """The FreeType face for ``font``, made once per thread."""
    found = _FACES.faces.get(font)
    if found is None:
        found = ImageFont.truetype(io.BytesIO(_font_file(font.bold)), font.size)
        _FACES.faces[font] = found
    return found


def text_width(text: str, font: Font) -> float:
    """How wide ``text`` is drawn in ``font``, in pixels (layouts measure before they draw)."""
    return face(font).getlength(text)
