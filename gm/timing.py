"""Deadlines passing: what the game master does when one is due, and the task that waits.

Deadlines are rows (store.games); :meth:`Timing.fire_due` carries out those that are due by
the clock, and :class:`DeadlineRunner` sleeps until the next one. A deadline found overdue
(the bot was offline) fires at once, announced as late.

Where several processes share the database, each deadline is claimed by one of them: the one
that takes its game's lock (the others pass it by, ``skip``), which reads the game again if
another process changed it, finds the deadline still set, and removes it in the transaction of
what it did. One that dies while firing leaves the deadline for the others.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from datetime import datetime, timedelta

from engine.text import plural
from gm.announce import Reply
from gm.aside import DEADLINE_FAILED, NOT_THE_GAMES, TRANSIENT, GameSetAside, detail_of
from gm.core import GameCore
from store import games
from store.games import Deadline

LATE = timedelta(minutes=1)
"""Fired later than this after it was due, a deadline is announced as late."""
MAX_SLEEP = 3600.0
"""The runner looks again at least this often (seconds), whatever it was told."""
MAX_SLEEP_SHARED = 30.0
"""The same where several processes share the database: another may have set a deadline this
process was not told of, then died before it passed."""
ELSEWHERE_WAIT = 1.0
"""How soon the runner looks again after passing by a due deadline whose game another process
held (firing it, or a command on it)."""
PRUNE_EVERY = timedelta(hours=1)
"""The runner prunes old requests at its first pass (start-up), then at most this often."""
BACKOFF_FIRST = 1.0
BACKOFF_CAP = 300.0
"""After failed passes the runner waits 1, 2, 4 ... seconds, at most this (5 minutes)."""

log = logging.getLogger(__name__)


class Timing(GameCore):
    async def next_due(self) -> datetime | None:
        return await games.next_due(self.db)

    async def prune_requests(self) -> int:
        """Forget the requests answered longer ago than the game master keeps them
        (``requests_kept``): a retry comes within minutes, and a kept reply is a few kilobytes
        a command. Returns how many went."""
        pruned = await games.prune_requests(self.db, self.clock.now() - self.requests_kept)
        if pruned:
            days = self.requests_kept / timedelta(days=1)
            log.info("pruned %s answered more than %g days ago", plural(pruned, "request"), days)
        return pruned

    async def fire_due(self) -> list[Reply]:
        """Carry out every deadline that has passed; each gives a reply to announce. Those the
        database could not store are logged and tried again on the next call."""
        fired = await self.fire_pass()
        if fired.errors:
            failed = plural(len(fired.errors), "deadline")
            log.warning("%s could not fire: %s; tried again later", failed, detail_of(fired.errors[0]))
        return fired.replies

    async def fire_pass(self, announce: Callable[[Reply], Awaitable[None]] | None = None) -> Pass:
        """Carry out every deadline that has passed, oldest first, each on its own: one that
        fails costs only itself (its game is set aside, or, for a database error, it is tried
        again on the next pass). Each reply is handed to ``announce`` as soon as its deadline
        has fired (the first of a thousand overdue at start-up is told at once, not after the
        last has fired); without ``announce`` they are returned in the pass."""
        now = self.clock.now()
        fired = Pass(now)
        for deadline in await games.due_deadlines(self.db, now):
            try:
                reply = await self._fire(deadline, now, fired)
            except GameSetAside:
                continue  # set aside, and logged once, when it happened
            except TRANSIENT as error:
                fired.errors.append(error)
                continue
            if reply is None:
                continue
            if announce is None:
                fired.replies.append(reply)
            else:
                await announce(reply)
        return fired

    async def _fire(self, deadline: Deadline, now: datetime, fired: Pass) -> Reply | None:
        async with self.locked(deadline.game_id, skip=True) as claimed:
            if not claimed:
                fired.elsewhere += 1
                return None
            try:
                return await self._carry_out(deadline, now)
            except NOT_THE_GAMES:
                raise
            except Exception as error:
                # No player's input is involved: it would fail the same way on every pass.
                raise await self.set_aside(deadline.game_id, DEADLINE_FAILED, error) from error

    async def _carry_out(self, deadline: Deadline, now: datetime) -> Reply | None:
        """What the deadline does, under the game's lock (the game's kind says what: end a
        phase, a round, a decision), or the reminder it is."""
        if deadline.kind == games.UNREADABLE:
            raise ValueError(f"the deadline {deadline.key!r} of game {deadline.game_id} cannot be read")
        loaded = await self.load(deadline.game_id)
        current = {d.key: d for d in loaded.deadlines}
        if loaded.state is None or current.get(deadline.key) != deadline:
            return None  # already handled, or the game moved on
        note = " (late: the bot was away when it passed)" if now - deadline.due_at > LATE else ""
        kind = loaded.kind
        result = kind.on_deadline(loaded.state, deadline, loaded.table)
        if result is not None:
            # The commit rewrites the game's deadlines: this one goes in the same transaction
            # as what it did, so a crash leaves both or neither.
            what = kind.deadline_note(deadline)
            return await self.commit(loaded, result, None, acting=None, note=f"{what}{note}.")
        main = current.get(deadline.payload.get("for", ""))
        reply = None  # nothing to do, or the deadline itself passes now: no use reminding
        if deadline.kind == "remind" and main is not None and main.due_at > now:
            told = kind.remind(loaded.state, deadline, main.due_at, loaded.table, f"Reminder{note}")
            reply = Reply(
                True, "", announcements=tuple(told), game_id=loaded.row.id, channel_id=loaded.row.channel_id
            )
        # The reminders go with the deadline's row, in one transaction.
        dropped = [games.deadline_dropped(deadline.game_id, deadline.key)]
        if reply is None:
            await self.write_game(deadline.game_id, dropped)
        else:
            reply = await self.settle(deadline.game_id, dropped, reply)
        left = tuple(d for d in loaded.deadlines if d.key != deadline.key)
        self.hold(replace(loaded, deadlines=left))
        return reply


class DeadlineRunner:
    """One task that sleeps until the earliest deadline, fires what is due, and hands the
    replies to the front end. Deadlines are rows, so a restart simply starts a new runner.

    It sleeps in a plain ``asyncio.sleep`` (``nap``), cut short when the game master says
    deadlines moved: a simulated clock (SimCord's, in the end-to-end tests) moves such a sleep
    exactly, and only the sleep is ever interrupted, never the firing and delivering.

    It never spins: a pass that fails (the database) or leaves a due deadline unfired waits
    :data:`BACKOFF_FIRST` seconds, then twice as long each time, up to :data:`BACKOFF_CAP`; the
    log has the first failure of such a run in full and one line when it reaches the cap.
    A game whose deadline fails is set aside (gm.aside) and the others' go on.
    """

    def __init__(
        self,
        gm: Timing,
        deliver: Callable[[Reply], Awaitable[None]],
        nap: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.gm = gm
        self.deliver = deliver
        self._nap = nap
        self._task: asyncio.Task[None] | None = None
        self._napping = False
        self._woken = False
        self._moved = False
        self.failures = 0
        """Passes that failed in a row (0 when the last one went well)."""
        self._capped = False
        self._prune_at: datetime | None = None
        """When old requests are pruned next (None: at the first pass)."""
        gm.on_deadlines_moved(self._wake)

    def start(self) -> asyncio.Task[None]:
        self._task = asyncio.create_task(self.run(), name="deadlines")
        return self._task

    async def run(self) -> None:
        while True:
            await self._sleep(await self.one_pass())

    async def one_pass(self) -> float:
        """One pass: fire what is due, announcing each as it fires; how long to wait then."""
        try:
            fired = await self.gm.fire_pass(self._announce)
            await self._prune()  # after the deadlines: at start-up the overdue ones go first
            if fired.errors:
                raise fired.errors[0]
            self._moved = False  # before looking, so no change is missed
            due = await self.gm.next_due()
            if due is not None and due <= fired.now and not fired.elsewhere:
                raise RuntimeError(f"a deadline due at {due:%Y-%m-%d %H:%M:%S} UTC did not fire")
        except Exception as error:
            return self._backoff(error)
        if self.failures:
            log.warning(
                "deadlines fire again after %s", plural(self.failures, "failed pass", "failed passes")
            )
            self.failures, self._capped = 0, False
        if self._moved:
            return 0.0  # they moved while we looked: look again
        if fired.elsewhere:
            return ELSEWHERE_WAIT  # its game was held by another process: look again soon
        longest = MAX_SLEEP_SHARED if self.gm.db.shared else MAX_SLEEP
        if due is None:
            return longest
        return min(longest, max(0.0, (due - self.gm.clock.now()).total_seconds()))

    async def _prune(self) -> None:
        """Old requests go at the first pass (start-up), then every :data:`PRUNE_EVERY`."""
        now = self.gm.clock.now()
        if self._prune_at is None or now >= self._prune_at:
            await self.gm.prune_requests()
            self._prune_at = now + PRUNE_EVERY

    async def _announce(self, reply: Reply) -> None:
        """Deliver one deadline's reply; a failure is logged and the pass goes on with the next."""
        try:
            await self.deliver(reply)
        except Exception:
            log.exception("announcing a deadline of game %s failed", reply.game_id)

    def _backoff(self, error: Exception) -> float:
        """How long to wait after a failed pass: doubling from the first, capped. The log has
        the first failure in full and one line when the waits reach the cap."""
        self.failures += 1
        wait = min(BACKOFF_CAP, BACKOFF_FIRST * float(2 ** min(self.failures - 1, 30)))
        if self.failures == 1:
            log.error(
                "firing deadlines failed; trying again in %.0f s, then less often", wait, exc_info=error
            )
        elif wait == BACKOFF_CAP and not self._capped:
            log.error("firing deadlines still fails: %s; trying every %.0f s", detail_of(error), wait)
        self._capped = wait == BACKOFF_CAP
        return wait

    def _wake(self) -> None:
        self._moved = True
        if self._napping and not self._woken and self._task is not None:
            self._woken = True
            self._task.cancel()

    async def _sleep(self, wait: float) -> None:
        self._napping = True
        try:
            await self._nap(wait)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            # Woken by a change: carry on. Any other cancellation (shutting down) stops the task.
            if not self._woken or (task is not None and task.uncancel() > 0):
                raise
        finally:
            self._napping = self._woken = False


@dataclass
class Pass:
    """What one pass over the due deadlines did: the replies to announce, and the database
    errors of those that could not fire (tried again on a later pass)."""

    now: datetime
    replies: list[Reply] = field(default_factory=list)
    """Those not announced as they fired (no announcer was given)."""
    errors: list[Exception] = field(default_factory=list)
    elsewhere: int = 0
    """Due deadlines passed by: another process held their game (a shared database)."""
