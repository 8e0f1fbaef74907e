"""Pictures for announcements: the game master gathers what a picture shows, render/ draws it.

An announcement carries a :class:`~gm.announce.Picture` request; a front end asks
:meth:`Painting.picture` for its PNG bytes when it posts the announcement. Drawing is pure and
takes up to a few hundred milliseconds, so it runs in a worker thread, a few at a time, and
never on the event loop.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from datetime import datetime
from functools import cached_property

from engine.serial import decode
from engine.warpwar import Event, GameState, fold
from engine.warpwar.events import MoveTakenBack, PhaseBegan, RoundFought, TurnBegan
from gm.announce import Picture
from gm.core import GameCore
from render.battle import render_battle
from render.fleet import render_fleet_card
from render.mapview import MapView, render_map
from store import games
from store.games import LoggedEvent

DRAWING_AT_ONCE = 2
"""Pictures drawn at the same time (the machine has two cores)."""


class Painting(GameCore):
    @cached_property
    def _drawing(self) -> asyncio.Semaphore:
        return asyncio.Semaphore(DRAWING_AT_ONCE)

    async def picture(self, game_id: int, picture: Picture, scale: float = 1.0) -> bytes | None:
        """The PNG for a picture request, as its viewer may see it; None if the game has none."""
        rows = await games.events(self.db, game_id)
        if picture.version is not None:
            rows = rows[: picture.version]
        logged = _standing_events(rows)
        if not logged:
            return None
        row = await games.game_by_id(self.db, game_id)
        assert row is not None
        state = fold(logged)
        if picture.kind == "fleet" and picture.viewer is not None:
            return await self._draw(render_fleet_card, state, picture.viewer, scale)
        if picture.kind == "battle" and picture.star is not None:
            report = next(
                (
                    e.report
                    for e in reversed(logged)
                    if isinstance(e, RoundFought) and e.report.star == picture.star
                ),
                None,
            )
            if report is None:
                return None
            return await self._draw(render_battle, report, state, picture.viewer, scale)
        before, recent = _last_phase(logged)
        due = await self._next_deadline(game_id)
        view = MapView(
            viewer=picture.viewer,
            scale=scale,
            title=row.title,
            deadline=f"deadline {due:%a %d %b %H:%M} UTC" if due else "",
            recent=recent,
            before=before,
            around=picture.around,
        )
        return await self._draw(render_map, state, view)

    async def _next_deadline(self, game_id: int) -> datetime | None:
        found = [d.due_at for d in await games.deadlines_of(self.db, game_id) if d.kind in ("phase", "round")]
        return min(found) if found else None

    async def _draw(self, draw: Callable[..., bytes], *args: object) -> bytes:
        async with self._drawing:
            return await asyncio.to_thread(draw, *args)


def _last_phase(events: list[Event]) -> tuple[GameState | None, tuple[Event, ...]]:
    """What the map's trails show: the events since the phase before the current one began,
    and the state before them (so a trail starts where its ship stood)."""
    starts = [i for i, e in enumerate(events) if isinstance(e, TurnBegan | PhaseBegan)]
    if len(starts) < 2:
        return None, ()
    first = starts[-2]
    return fold(events[:first]), tuple(events[first:])


def _standing_events(rows: list[LoggedEvent]) -> list[Event]:
    """The log without the moves that were taken back, so no trail shows a move undone."""
    undone: set[int] = set()
    for row in rows:
        if row.kind == MoveTakenBack.__name__:
            event = decode(Event, json.loads(row.body))
            assert isinstance(event, MoveTakenBack)
            undone.update(r.seq for r in rows if event.after < r.seq < row.seq)
    return [decode(Event, json.loads(r.body)) for r in rows if r.seq not in undone]
