"""Text for Discord: long messages split where a reader expects a break, never over the limits.

Discord refuses a message over 2000 characters (an embed description over 4096), so every
text the game master writes goes through :func:`pieces` before it is sent: split at blank
lines, then at line ends, and only a single line longer than the limit is cut mid-line.
"""

from __future__ import annotations

MESSAGE_LIMIT = 2000
EMBED_DESCRIPTION_LIMIT = 4096


def pieces(text: str, limit: int = MESSAGE_LIMIT) -> list[str]:
    """``text`` in messages of at most ``limit`` characters, paragraphs kept whole when they fit."""
    if not text.strip():
        return []
    if len(text) <= limit:
        return [text]
    paragraphs = [part for paragraph in text.split("\n\n") for part in _fitting(paragraph, limit)]
    return [p for p in _pack(paragraphs, "\n\n", limit) if p.strip()]


def _fitting(paragraph: str, limit: int) -> list[str]:
    """A paragraph as parts within ``limit``: whole lines where possible, a longer line cut."""
    if len(paragraph) <= limit:
        return [paragraph]
    lines = [
        line[i : i + limit] or ""
        for line in paragraph.split("\n")
        for i in range(0, max(len(line), 1), limit)
    ]
    return _pack(lines, "\n", limit)


def _pack(parts: list[str], separator: str, limit: int) -> list[str]:
    """Join consecutive parts with ``separator`` as long as the result stays within ``limit``."""
    packed: list[str] = []
    for part in parts:
        if packed and len(packed[-1]) + len(separator) + len(part) <= limit:
            packed[-1] += separator + part
        else:
            packed.append(part)
    return packed
