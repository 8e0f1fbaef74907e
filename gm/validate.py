"""What users type, checked once where it enters the game master (every front end calls it).

Text: a lone surrogate can be neither stored nor sent, and control characters (NUL among them)
have no business in a game, so both are refused wherever text arrives (:func:`guarded` checks
every argument of every action, gm/service.py). Names that others read — game titles, alliances, ship names —
also refuse the invisible characters that reorder or hide text (bidi overrides, zero-width
characters) and line breaks. A display name is not the player's choice here, so those
characters are removed from it instead.

Numbers: an amount is a whole number, never a bool, a fraction, NaN or an infinity; hours are a
finite number within bounds; a number read from text is ASCII digits within bounds.

Mentions are the front ends' part: no user text may ping anyone (cogs/app.py).
"""

from __future__ import annotations

import math
import re

_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
"""Control characters, NUL included; tabs and line breaks are text (orders have lines)."""
_INVISIBLE = "\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff"
"""Bidi marks, embeddings, overrides and isolates, and zero-width characters: they hide or
reorder the text around them."""
_UNSEEN = re.compile(f"[{_INVISIBLE}]")
_HIDDEN = re.compile(f"[\t\n\r{_INVISIBLE}]")
"""What a name shown to others must not hold: the invisible characters, tabs and line breaks."""
AMOUNT_LIMIT = 10_000
"""No amount of Build Points, Missiles or Shells in a game comes near it (the engine's own)."""


class TextError(ValueError):
    """Something typed cannot be taken; the message says why in the player's terms."""

    def __init__(self, message: str, code: str = "bad-text") -> None:
        super().__init__(message)
        self.code = code


def _codepoint(found: re.Match[str]) -> str:
    return f"U+{ord(found.group()):04X}"


def text(value: str, what: str = "That text") -> str:
    """``value`` if it can be stored and shown: no lone surrogate, no control character."""
    if (found := _SURROGATE.search(value)) is not None:
        raise TextError(f"{what} has a broken character ({_codepoint(found)}); type it again.")
    if (found := _CONTROL.search(value)) is not None:
        raise TextError(f"{what} has a control character ({_codepoint(found)}) in it; leave it out.")
    return value


def name(value: str | None, what: str, limit: int) -> str | None:
    """A name others will read, stripped (None if empty): plain visible text of at most
    ``limit`` characters."""
    stripped = text(value or "", what).strip()
    if (found := _HIDDEN.search(stripped)) is not None:
        raise TextError(
            f"{what} has an invisible character ({_codepoint(found)}) in it: "
            "use letters, digits, spaces and punctuation."
        )
    if len(stripped) > limit:
        raise TextError(f"{what} has at most {limit} characters.", "too-long")
    return stripped or None


def display(value: str) -> str:
    """A person's display name as the game shows it: what cannot be shown taken out."""
    shown = _UNSEEN.sub("", _CONTROL.sub("", _SURROGATE.sub("", value)))
    return " ".join(shown.split()) or "player"


def integer(value: object, what: str) -> int:
    """A whole number given to an action (never a bool, a fraction, NaN or an infinity)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise TextError(f"{what} is a whole number, like 3.", "bad-number")
    return value


def amount(value: object, what: str) -> int:
    """A count given to an action (BP, Missiles): a whole number; the engine checks its range."""
    return integer(value, f"The amount of {what}")


def number(value: object) -> float | None:
    """A finite number (``12``, ``0.5``, ``"36"``), or None if it is not one (a bool, NaN, an
    infinity, a word)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        found = float(value) if abs(value) < 2**53 else math.inf
    elif isinstance(value, float):
        found = value
    elif isinstance(value, str) and len(value) < 40:
        try:
            found = float(value.strip())
        except ValueError:
            return None
    else:
        return None
    return found if math.isfinite(found) else None


def whole(value: str, what: str, high: int = AMOUNT_LIMIT) -> int:
    """A whole number typed as ASCII digits (not ``²``, not ``٣``), from 0 to ``high``."""
    digits = value.strip()
    if not digits.isascii() or not digits.isdigit():
        raise TextError(f"{what} is a whole number, like 10, not {digits[:20]!r}.", "bad-number")
    if len(digits) > len(str(high)) or int(digits) > high:
        raise TextError(f"{what} is at most {high}.", "bad-number")
    return int(digits)


def checked(value: object, name: str = "text") -> object:
    """One argument of an action, called ``name``: text is checked by :func:`text` (numbers are
    checked by the action that knows what they count: :func:`amount`, :func:`number`)."""
    return text(value, f"The {name.replace('_', ' ')}") if isinstance(value, str) else value
