"""Words players read, counted and listed right: ``1 ship``, ``3 hexes``, ``Kish, Ur and Umma``.

Every layer writes counts into player text (the engine's refusals and write-ups, the game
master's announcements, the front ends' replies), and the engine may import nothing of the
others, so these helpers live here for all of them.
"""

from __future__ import annotations

from collections.abc import Sequence


def plural(count: float, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is exactly one.

    ``many`` is the plural when adding an ``s`` is wrong (``plural(2, "hex", "hexes")``);
    a unit that never changes (``BP``, ``MP``) needs no helper.
    """
    return f"{count:g} {noun if count == 1 else many or noun + 's'}"


def listed(items: Sequence[str], last: str = "and") -> str:
    """``Kish``, ``Kish and Ur``, ``Kish, Ur and Umma``; with ``last="or"`` a choice:
    ``north or south``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"
