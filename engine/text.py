"""Words players read, counted right: ``1 ship``, ``2 ships``, ``1 hex``, ``3 hexes``.

Every layer writes counts into player text (the engine's refusals and write-ups, the game
master's announcements, the front ends' replies), and the engine may import nothing of the
others, so the one helper lives here for all of them.
"""

from __future__ import annotations


def plural(count: float, noun: str, many: str | None = None) -> str:
    """``count`` and ``noun``, the noun in the plural unless the count is exactly one.

    ``many`` is the plural when adding an ``s`` is wrong (``plural(2, "hex", "hexes")``);
    a unit that never changes (``BP``, ``MP``) needs no helper.
    """
    return f"{count:g} {noun if count == 1 else many or noun + 's'}"
