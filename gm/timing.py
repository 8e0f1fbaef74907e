"""Deadlines passing: what the game master does when one is due, and the task that waits.

Deadlines are rows (store.games); :meth:`Timing.fire_due` carries out those that are due by
the clock, and :class:`DeadlineRunner` sleeps until the next one. A deadline found overdue
(the bot was offline) fires at once, announced as late.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta

from engine.warpwar import GameState
from gm.announce import Announcement, Reply, ToPlayer
from gm.core import GameCore, Loaded
from gm.warpwar import deadlines as plan
from gm.warpwar import nudges
from store import games
from store.games import Deadline

LATE = timedelta(minutes=1)
"""Fired later than this after it was due, a deadline is announced as late."""
MAX_SLEEP = 3600.0
"""The runner looks again at least this often (seconds), whatever it was told."""

log = logging.getLogger(__name__)


class Timing(GameCore):
    async def next_due(self) -> datetime | None:
        return await games.next_due(self.db)

    async def fire_due(self) -> list[Reply]:
        """Carry out every deadline that has passed; each gives a reply to announce."""
        now = self.clock.now()
        replies = []
        for deadline in await games.due_deadlines(self.db, now):
            reply = await self._fire(deadline, now)
            if reply is not None:
                replies.append(reply)
        return replies

    async def _fire(self, deadline: Deadline, now: datetime) -> Reply | None:
        async with self.locked(deadline.game_id):
            loaded = await self.load(deadline.game_id)
            current = {d.key: d for d in await games.deadlines_of(self.db, deadline.game_id)}
            if loaded.state is None or current.get(deadline.key) != deadline:
                return None  # already handled, or the game moved on
            note = " (late: the bot was away when it passed)" if now - deadline.due_at > LATE else ""
            result = plan.on_deadline(loaded.state, deadline.kind, deadline.payload)
            if result is not None:
                # The commit rewrites the game's deadlines: this one goes in the same transaction
                # as what it did, so a crash leaves both or neither.
                what = "The orders deadline passed" if deadline.kind == "round" else "The deadline passed"
                return await self.commit(loaded, result, None, acting=None, note=f"{what}{note}.")
            main = current.get(deadline.payload.get("for", ""))
            reply = None  # nothing to do, or the deadline itself passes now: no use reminding
            if deadline.kind == "remind" and main is not None and main.due_at > now:
                reply = self._remind(loaded, loaded.state, deadline, main.due_at, note)
            async with self.db.transaction():
                await games.delete_deadline(self.db, deadline.game_id, deadline.key)
                if reply is not None:
                    reply = await self.queue(reply)  # the reminders go with the deadline's row
            return reply

    def _remind(
        self, loaded: Loaded, state: GameState, deadline: Deadline, due: datetime, note: str
    ) -> Reply:
        """The letter again, to those who still must act: the game, its channel, what is
        awaited, by when, and how to do it."""
        star = deadline.payload.get("star")
        title, channel_id = loaded.row.title, loaded.row.channel_id
        head = f"Reminder{note}"
        told = []
        for player in plan.still_to_act(state, deadline.payload):
            if star:
                text = nudges.orders_reminder(state, player, title, channel_id, star, due, head)
            else:
                text = nudges.letter(state, player, title, channel_id, due, reminder=head)
            told.append(Announcement(ToPlayer(player, loaded.names.get(player, 0)), text))
        return Reply(True, "", announcements=tuple(told), game_id=loaded.row.id, channel_id=channel_id)


class DeadlineRunner:
    """One task that sleeps until the earliest deadline, fires what is due, and hands the
    replies to the front end. Deadlines are rows, so a restart simply starts a new runner.

    It sleeps in a plain ``asyncio.sleep``, cut short when the game master says deadlines
    moved: a simulated clock (SimCord's, in the end-to-end tests) moves such a sleep exactly,
    and only the sleep is ever interrupted, never the firing and delivering.
    """

    def __init__(self, gm: Timing, deliver: Callable[[Reply], Awaitable[None]]) -> None:
        self.gm = gm
        self.deliver = deliver
        self._task: asyncio.Task[None] | None = None
        self._napping = False
        self._woken = False
        self._moved = False
        gm.on_deadlines_moved(self._wake)

    def start(self) -> asyncio.Task[None]:
        self._task = asyncio.create_task(self.run(), name="deadlines")
        return self._task

    async def run(self) -> None:
        while True:
            try:
                for reply in await self.gm.fire_due():
                    await self.deliver(reply)
            except Exception:
                log.exception("firing deadlines failed; trying again later")
            await self._sleep()

    def _wake(self) -> None:
        self._moved = True
        if self._napping and not self._woken and self._task is not None:
            self._woken = True
            self._task.cancel()

    async def _sleep(self) -> None:
        self._moved = False  # before looking, so no change is missed
        due = await self.gm.next_due()
        if self._moved:
            return  # they moved while we looked: look again
        wait = MAX_SLEEP
        if due is not None:
            wait = min(MAX_SLEEP, max(0.0, (due - self.gm.clock.now()).total_seconds()))
        self._napping = True
        try:
            await asyncio.sleep(wait)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            # Woken by a change: carry on. Any other cancellation (shutting down) stops the task.
            if not self._woken or (task is not None and task.uncancel() > 0):
                raise
        finally:
            self._napping = self._woken = False
