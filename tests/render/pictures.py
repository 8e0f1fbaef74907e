"""Reading PNG bytes back in tests."""

from __future__ import annotations

import io
import struct

from PIL import Image

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def png_chunks(data: bytes) -> list[str]:
    """The chunk types of a PNG file, in order."""
    assert data.startswith(PNG_SIGNATURE)
    chunks, at = [], len(PNG_SIGNATURE)
    while at < len(data):
        (length,) = struct.unpack(">I", data[at : at + 4])
        chunks.append(data[at + 4 : at + 8].decode("ascii"))
        at += 12 + length
    return chunks
