"""Pictures the game master asks for, saved as numbered PNG files whose names say what they show.

A terminal cannot show an attachment, so each picture becomes a file (``0007-map.png``,
``0012-battle-Kish-bob.png``) and the console prints its path. Numbers go on from the highest
already in the folder, so a later session never overwrites an earlier one's pictures.
"""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

from engine.warpwar import GameState
from gm.announce import Picture
from gm.service import GameMaster

_NUMBERED = re.compile(r"^(\d{4,})-.*\.png$")
_UNSAFE = re.compile(r"[^A-Za-z0-9_-]+")

log = logging.getLogger(__name__)


class Album:
    """Where pictures go; ``folder`` None draws nothing (faster scripts: ``--no-pictures``)."""

    def __init__(self, gm: GameMaster, folder: Path | None) -> None:
        self.gm = gm
        self.folder = folder
        self._next: int | None = None

    async def save(self, game_id: int | None, picture: Picture) -> str:
        """Draw and save ``picture``; the path to print, or why there is none."""
        if self.folder is None:
            return f"{picture.kind} (not drawn: pictures are off)"
        try:
            png = await self.gm.picture(game_id, picture) if game_id is not None else None
        except Exception:  # a drawing that fails must not cost the game its story
            log.exception("drawing %s failed", picture)
            return f"{picture.kind} (could not be drawn; the error is in the log)"
        if png is None or game_id is None:
            return f"{picture.kind} (none yet: the game has not begun)"
        state = await self.gm.stored_state(game_id)
        self.folder.mkdir(parents=True, exist_ok=True)
        path = self.folder / f"{self._number(self.folder):04d}-{name_of(picture, state)}.png"
        await asyncio.to_thread(path.write_bytes, png)
        return str(path)

    def _number(self, folder: Path) -> int:
        if self._next is None:
            found = [_NUMBERED.match(p.name) for p in folder.iterdir()]
            self._next = max((int(m.group(1)) for m in found if m), default=0) + 1
        number, self._next = self._next, self._next + 1
        return number


def name_of(picture: Picture, state: object) -> str:
    """What the picture shows, for its file name: ``map``, ``map-Kish``, ``battle-Kish-bob``;
    another game's close-up (Warp Arena's, around many hexes) is ``arena-close-up``."""
    places = [*picture.around, *([picture.star] if picture.star else [])]
    if isinstance(state, GameState):
        labels = [state.map.label(p) for p in places]
    elif state is None:
        labels = places
    else:
        labels = ["close-up"] if picture.around else []
    parts = [picture.kind, *labels, *([picture.viewer] if picture.viewer else [])]
    return "-".join(_UNSAFE.sub("", part) or "x" for part in parts)
