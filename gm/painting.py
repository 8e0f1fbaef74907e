"""Pictures: the PNG an announcement's picture request asks for, drawn off the event loop.

The game's kind says what to draw (gm.kinds.GameKind.picture: WarpWar's map, fleet cards and
battles, in gm/warpwar/pictures.py) from a *sketch* of the log up to the request's version: the
state and the little of the recent past its pictures show (gm.kinds.GameKind.sketch). The
sketches of the games last drawn are kept (:class:`Sketches`), so a picture reads only the events
since the nearest one kept and moves it on by them, whatever the length of the log; a game drawn
for the first time since the start has its whole log folded once, in the worker thread. The
log's rows are read and made into values on the database thread, and the sketch, the drawing
and the PNG are made in a worker thread, two pictures at a time: the event loop only waits.
"""

from __future__ import annotations

import asyncio
import bisect
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cached_property
from typing import Any

from gm.announce import Picture
from gm.core import ENDED, GameCore
from gm.kinds import GameKind
from store import games
from store.games import LoggedEvent

DRAWING_AT_ONCE = 2
"""Pictures drawn at the same time (the machine has two cores)."""
GAMES_SKETCHED = 200
"""Games whose sketches are kept, the most recently drawn (a sketch holds three states)."""
VERSIONS_SKETCHED = 4
"""Sketches kept per game, the latest versions drawn: a picture announced a few commands ago
(delivered late, or posted again) starts from one of them too."""


@dataclass(frozen=True)
class Sketched:
    """A kind's sketch of a game's log up to ``version`` (gm.kinds.GameKind.sketch)."""

    version: int
    sketch: Any


class Sketches:
    """The sketches of the games last drawn, a few versions each, least recently drawn dropped
    first. Events are never changed once written, so a sketch stays true for its version."""

    def __init__(self, games_kept: int = GAMES_SKETCHED, versions: int = VERSIONS_SKETCHED) -> None:
        self._games: OrderedDict[int, list[Sketched]] = OrderedDict()
        self._games_kept = games_kept
        self._versions = versions

    def nearest(self, game_id: int, version: int | None) -> Sketched | None:
        """The kept sketch of the latest version not after ``version`` (None: any)."""
        kept = self._games.get(game_id, [])
        if version is None:
            return kept[-1] if kept else None
        at = bisect.bisect_right([k.version for k in kept], version)
        return kept[at - 1] if at else None

    def keep(self, game_id: int, sketched: Sketched) -> None:
        kept = [k for k in self._games.pop(game_id, []) if k.version != sketched.version]
        bisect.insort(kept, sketched, key=lambda k: k.version)
        self._games[game_id] = kept[-self._versions :]
        while len(self._games) > self._games_kept:
            self._games.popitem(last=False)

    def __len__(self) -> int:
        return len(self._games)


@dataclass(frozen=True)
class _Painted:
    png: bytes | None
    sketched: Sketched


def _paint(
    kind: GameKind,
    start: Sketched | None,
    rows: Sequence[LoggedEvent],
    picture: Picture,
    title: str,
    due: datetime | None,
    scale: float,
    ended: bool,
) -> _Painted:
    """In a worker thread: the sketch moved on by ``rows``, then the picture drawn from it
    (``ended``: the game has ended, won or abandoned)."""
    assert start is not None or rows, "a sketch needs events"
    sketched = Sketched(rows[-1].seq, kind.sketch(start.sketch if start else None, rows)) if rows else start
    assert sketched is not None
    drawing = kind.picture(sketched.sketch, picture, title, due, scale, ended)
    return _Painted(drawing.draw(*drawing.args) if drawing is not None else None, sketched)


class Painting(GameCore):
    @cached_property
    def _drawing(self) -> asyncio.Semaphore:
        return asyncio.Semaphore(DRAWING_AT_ONCE)

    @cached_property
    def sketches(self) -> Sketches:
        """What the last pictures of each game were drawn from (:class:`Sketches`)."""
        return Sketches()

    async def picture(self, game_id: int, picture: Picture, scale: float = 1.0) -> bytes | None:
        """The PNG for a picture request, as its viewer may see it; None if the game has none.
        A game that has not begun has no events: its kind draws a preview from its settings (the
        map it will be played on)."""
        row = await self.row_of(game_id)
        if row is None:
            return None
        kind = self.kind_of(row)
        start = self.sketches.nearest(game_id, picture.version)
        rows = await games.events(self.db, game_id, after=start.version if start else 0, upto=picture.version)
        if start is None and not rows:
            if row.status != "lobby":
                return None
            drawing = kind.preview(kind.settings_from(row.setup), picture, row.title, scale)
            if drawing is None:
                return None
            async with self._drawing:
                return await asyncio.to_thread(drawing.draw, *drawing.args)
        due = await self._next_deadline(game_id)
        ended = row.status in ENDED
        async with self._drawing:
            painted = await asyncio.to_thread(
                _paint, kind, start, rows, picture, row.title, due, scale, ended
            )
        self.sketches.keep(game_id, painted.sketched)
        return painted.png

    async def _next_deadline(self, game_id: int) -> datetime | None:
        found = [d.due_at for d in await games.deadlines_of(self.db, game_id) if d.kind != "remind"]
        return min(found) if found else None
