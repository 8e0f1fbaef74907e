"""Announcements waiting to be delivered, for the front ends (issue 11, item 4).

Every announcement is stored in the transaction of what it announces (:meth:`GameCore.queue`);
the reply then says ``queued`` and its front end delivers the game's waiting announcements from
here, in order, marking each as it goes. A crash between a commit and the end of its delivery
leaves the rest waiting: the front end delivers them when it starts again. The one being
delivered when the process died may be delivered twice (at least once); every other is
delivered exactly once. Pictures are requests drawn as of the moment they were announced for
(``Picture.version``), so a late delivery shows what it would have shown then.

Where several processes share the database, one at a time delivers a game's outbox
(:meth:`Outbox.delivering`): the others wait, then find what it delivered marked.
"""

from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

from engine.serial import decode
from gm.announce import Announcement
from gm.core import GameCore
from store import outbox

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Undelivered:
    """One announcement waiting in the outbox."""

    id: int
    game_id: int
    channel_id: int | None
    """The game's channel, where its ``ToChannel`` news goes."""
    announcement: Announcement


class Outbox(GameCore):
    async def undelivered(self, game_id: int | None = None) -> list[Undelivered]:
        """The announcements of one game (or of every game) not delivered yet, oldest first.
        One that cannot be read (a damaged row) is logged and set aside, never retried."""
        found = []
        for row in await outbox.waiting(self.db, game_id):
            try:
                announcement = decode(Announcement, json.loads(row.body))
                assert isinstance(announcement, Announcement)
            except (ValueError, TypeError, KeyError, AssertionError):
                log.exception("announcement %s of game %s cannot be read; it is skipped", row.id, row.game_id)
                await self.delivered(row.id)
                continue
            found.append(Undelivered(row.id, row.game_id, row.channel_id, announcement))
        return found

    async def games_undelivered(self) -> list[int]:
        """The games with announcements waiting (a front end starting up delivers them)."""
        return await outbox.games_waiting(self.db)

    @asynccontextmanager
    async def delivering(self, game_id: int) -> AsyncIterator[None]:
        """One delivery of the game's outbox at a time among the processes sharing the database
        (``Database.exclusive``): read what waits inside, so what another delivered is marked."""
        async with self.db.exclusive(f"outbox:{game_id}"):
            yield

    async def delivered(self, entry_id: int) -> None:
        """Mark one announcement delivered, as soon as it is (so a crash re-sends only the rest)."""
        await self.db.write([outbox.marked(entry_id, self.clock.now())])
