"""Small pieces of English that player text shares."""

from __future__ import annotations

from collections.abc import Sequence


def listed(items: Sequence[str]) -> str:
    """``Kish``, ``Kish and Ur``, ``Kish, Ur and Umma``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"
