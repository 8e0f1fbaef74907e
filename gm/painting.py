"""Pictures: the PNG an announcement's picture request asks for, drawn off the event loop.

The game's kind says what to draw (gm.kinds.GameKind.picture: WarpWar's map, fleet cards and
battles, in gm/warpwar/pictures.py); here the log is read up to the request's version and the
drawing runs in a worker thread, two at a time.
"""

from __future__ import annotations

import asyncio
from datetime import datetime
from functools import cached_property

from gm.announce import Picture
from gm.core import ENDED, GameCore
from store import games

DRAWING_AT_ONCE = 2
"""Pictures drawn at the same time (the machine has two cores)."""


class Painting(GameCore):
    @cached_property
    def _drawing(self) -> asyncio.Semaphore:
        return asyncio.Semaphore(DRAWING_AT_ONCE)

    async def picture(self, game_id: int, picture: Picture, scale: float = 1.0) -> bytes | None:
        """The PNG for a picture request, as its viewer may see it; None if the game has none.
        A game that has not begun has no events: its kind draws a preview from its settings (the
        map it will be played on)."""
        rows = await games.events(self.db, game_id)
        if picture.version is not None:
            rows = rows[: picture.version]
        row = await games.game_by_id(self.db, game_id)
        if row is None:
            return None
        kind = self.kind_of(row)
        if rows:
            due = await self._next_deadline(game_id)
            drawing = kind.picture(rows, picture, row.title, due, scale, row.status in ENDED)
        elif row.status == "lobby":
            drawing = kind.preview(kind.settings_from(row.setup), picture, row.title, scale)
        else:
            return None
        if drawing is None:
            return None
        async with self._drawing:
            return await asyncio.to_thread(drawing.draw, *drawing.args)

    async def _next_deadline(self, game_id: int) -> datetime | None:
        found = [d.due_at for d in await games.deadlines_of(self.db, game_id) if d.kind != "remind"]
        return min(found) if found else None
