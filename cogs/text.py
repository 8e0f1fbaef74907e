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
    if len(text) <= limit:
        return [text] if text.strip() else []
    out: list[str] = []
    current = ""
    for paragraph in text.split("\n\n"):
        for part in _fitting(paragraph, limit):
            joined = f"{current}\n\n{part}" if current else part
            if len(joined) <= limit:
                current = joined
            else:
                out.append(current)
                current = part
    if current:
        out.append(current)
    return [p for p in out if p.strip()]


def _fitting(paragraph: str, limit: int) -> list[str]:
    """A paragraph as parts within ``limit``: whole lines where possible."""
    if len(paragraph) <= limit:
        return [paragraph]
    parts: list[str] = []
    current = ""
    for line in paragraph.split("\n"):
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        joined = f"{current}\n{line}" if current else line
        if len(joined) <= limit:
            current = joined
        else:
            parts.append(current)
            current = line
    if current:
        parts.append(current)
    return parts
