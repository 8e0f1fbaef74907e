"""The game master's core: loading a game, one lock per game, and storing a command's effects.

Every public action of :class:`~gm.service.GameMaster` comes down to :meth:`GameCore.commit`:
the events and the new state are written in one transaction, with the deadlines the new state
wants, the announcements to deliver (the outbox, gm.outbox) and the reply itself when the
request carries an id, before anyone is told anything.

A command is one round trip to the database. The game it acts on is held in memory
(gm.memory: row, seats, settings, decoded state, deadlines), so nothing is read before it; its
transaction is prepared on the event loop (every JSON encoded, every statement built) and run
as one call (``Database.write``): first the request is checked to be new (its id unanswered,
no lost answer to repeat), then the game is moved on only if it is still at the version held
(a compare and set), then the events, deadlines, announcements and reply are written, and it
commits before the reply exists. A game found changed is forgotten and the command carried out
again on the game as stored (``Stale``).

Where several processes share the database (PostgreSQL), the game's lock is also taken in the
database for the command (``Database.locked``), and a game held in memory is used only while its
revision is the one stored (another process's write moves it on): else it is read again.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import random
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Sequence
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar, cast

from engine.records import replace
from engine.serial import decode, encode, to_json
from gm.announce import Announcement, Reply, ToPlayer, refused
from gm.aside import (
    DEADLINES_UNREADABLE,
    NOT_THE_GAMES,
    STATE_UNREADABLE,
    GameSetAside,
    examine,
    put_aside,
)
from gm.clock import Clock
from gm.kinds import GameKind, Kinds, Outcome, Table, Telling, Wanted
from gm.locks import Locks
from gm.memory import Memory
from store import games, outbox
from store.db import Database, DiskFullError, Hold, Step
from store.games import Answered, Deadline, DuplicateRequest, GameRow, Seat
from store.loading import whole_game

DISK_FULL = "The server's disk is full: nothing was changed. Try again later."
NAME_LIMIT = 20
log = logging.getLogger(__name__)
SECRET_BYTES = 32
"""A game's secret: 256 bits, drawn by the operating system."""


@dataclass(frozen=True)
class Actor:
    """Who is acting, and the request they made (a Discord interaction, a script line)."""

    user_id: int
    name: str
    """Their display name; a seat's name is made from it."""
    manager: bool = False
    """May manage the server's games (change settings, abandon) though not their creator."""
    request_id: str | None = None
    """Answered once: the same request again gets the same reply and changes nothing."""


ENDED = ("over", "abandoned")
"""The statuses of a game no longer played."""


@dataclass(frozen=True)
class Loaded:
    """A game as read from the database for one command."""

    row: GameRow
    seats: tuple[Seat, ...]
    settings: Any
    """The kind's settings (gm.kinds.GameKind.settings_from)."""
    state: Any
    """The kind's state, None in the lobby."""
    kind: GameKind
    secret: bytes | None = None
    """The game's own secret (Warp Arena's server seed): for the kind's dice, never shown."""
    deadlines: tuple[Deadline, ...] = ()
    """The game's deadlines as stored, earliest first."""

    @property
    def table(self) -> Table:
        """Who sits at the game and where it is told, as the kind reads it."""
        row = self.row
        return Table(row.id, row.title, row.channel_id, self.names, self.seats, self.secret)

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def ended(self) -> bool:
        """The game has ended, won or abandoned: what it kept from its players may be seen."""
        return self.row.status in ENDED

    @property
    def shown_settings(self) -> dict[str, Any]:
        """The settings as players may read them (gm.kinds.GameKind.shown_settings)."""
        return self.kind.shown_settings(self.settings, self.ended)

    @property
    def names(self) -> dict[str, int]:
        return {s.name: s.user_id for s in self.seats}


REQUESTS_KEPT = timedelta(days=30)
"""How long a request's reply is kept (so a retry of it is answered the same), by default:
older ones are pruned (gm.timing.Timing.prune_requests). Discord retries within minutes."""
RETRY_WINDOW = timedelta(minutes=15)
"""How long after a request whose answer was lost the same command is taken for a retry of it
(Discord's own answers expire after 15 minutes: a member who never saw one retries sooner)."""
RETRIED = "That was done already (your first try's answer was lost): {text}"
"""The answer to a retry of a stored action whose answer was lost: its first reply."""


@dataclass
class Request:
    """The request being carried out: its id, and who asked for what (``fingerprint``)."""

    id: str
    fingerprint: str
    kept: bool = field(default=False, compare=False)
    """Its reply is written in the transaction of what it did (so it was new)."""


_request: ContextVar[Request | None] = ContextVar("request", default=None)
"""The request of the action being carried out, written with its effects."""
_hold: ContextVar[Hold | None] = ContextVar("hold", default=None)
"""The database's lock of the game the action holds (gm.core.GameCore.locked): the revision it
wrote is the one the game is held at afterwards."""


PASSING: tuple[type[Exception], ...] = (*NOT_THE_GAMES, Answered, DuplicateRequest)
"""What passes through a game's lock as it is: not a fault of the game (gm.aside), or a request
answered before (gm.core.once gives its reply)."""


class GameCore:
    def __init__(
        self,
        db: Database,
        clock: Clock,
        seeds: Callable[[int], int] | None = None,
        kinds: Kinds | None = None,
        secrets: Callable[[int], bytes] | None = None,
        requests_kept: timedelta = REQUESTS_KEPT,
    ) -> None:
        self.db = db
        self.requests_kept = requests_kept
        """Requests answered longer ago than this are pruned (:data:`REQUESTS_KEPT`)."""
        self.clock = clock
        self.kinds = kinds or Kinds(())
        """The games this game master hosts (filled by gm.service)."""
        self._seeds = seeds or (lambda game_id: random.SystemRandom().randrange(2**32))
        """Draws the seed of a game's turn order and map ends, from its id (tests fix it)."""
        self._secret = secrets or (lambda game_id: os.urandom(SECRET_BYTES))
        """Draws a game's own secret (Warp Arena's server seed) from its id (tests fix it)."""
        self._locks: Locks[int] = Locks()
        """One lock per game, while a command holds or waits for it."""
        self._memory: Memory[Loaded] = Memory()
        """The games as last stored, decoded (gm.memory)."""
        self._listeners: list[Callable[[], None]] = []

    def on_deadlines_moved(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever a game's deadlines change (the deadline runner wakes)."""
        self._listeners.append(listener)

    def deadlines_moved(self) -> None:
        for listener in self._listeners:
            listener()

    @asynccontextmanager
    async def locked(self, game_id: int, *, skip: bool = False) -> AsyncIterator[bool]:
        """Commands to one game run one after another; different games run side by side. The
        lock is the process's, then the database's (``Database.locked``: other processes on a
        shared database wait too). With ``skip``, the block is told False at once when another
        process holds the game (a deadline it is firing), and does nothing.

        A command that fails unexpectedly has the stored game examined: if it no longer holds
        together, it is set aside (gm.aside) and the command is refused in words."""
        async with self._locks(game_id), self.db.locked(game_id, skip=skip) as hold:
            token = _hold.set(hold)
            try:
                yield hold is not None
            except PASSING:
                raise
            except Exception as error:
                self._memory.forget(game_id)
                found = await examine(self.db, self.kinds, game_id, self.clock.now())
                if found is None:
                    raise
                raise found from error
            finally:
                _hold.reset(token)

    async def load(self, game_id: int) -> Loaded:
        """The game as stored (as held in memory, else read in one call); raises
        :class:`GameSetAside` for a game set aside, or one whose state or deadlines no longer
        read (which it sets aside). A game held at another revision than the stored one (another
        process changed it) is read again."""
        held = self._memory.get(game_id)
        if held is not None:
            stored = await self.db.revision(game_id)
            if stored is None or stored == held.row.revision:
                return held
            self._memory.forget(game_id)
        forgotten = self._memory.forgotten
        whole = await self.db.run(whole_game(game_id))
        assert whole is not None, f"game {game_id} is gone"
        if whole.aside is not None:
            raise GameSetAside(whole.aside)
        if whole.unreadable is not None:
            raise await self.set_aside(game_id, DEADLINES_UNREADABLE, whole.unreadable) from whole.unreadable
        row, kind = whole.row, self.kinds[whole.row.kind]
        try:
            state = kind.decode_state(json.loads(row.state)) if row.state is not None else None
        except Exception as error:
            raise await self.set_aside(game_id, STATE_UNREADABLE, error) from error
        settings = kind.settings_from(row.setup)
        loaded = Loaded(row, whole.seats, settings, state, kind, whole.secret, whole.deadlines)
        self._memory.keep_read(loaded, forgotten)
        return loaded

    async def load_set_aside_too(self, game_id: int) -> Loaded:
        """The game as stored, even when set aside (then without its state): to abandon it."""
        try:
            return await self.load(game_id)
        except GameSetAside:
            row = await games.game_by_id(self.db, game_id)
            assert row is not None
            seats = tuple(await games.seats(self.db, game_id))
            kind = self.kinds[row.kind]
            return Loaded(row, seats, kind.settings_from(row.setup), None, kind)

    async def set_aside(self, game_id: int, reason: str, error: BaseException | str) -> GameSetAside:
        """Set the game aside (gm.aside.put_aside) and stop holding it; returns what to raise."""
        self._memory.forget(game_id)
        return await put_aside(self.db, game_id, reason, error, self.clock.now())

    def hold(self, loaded: Loaded) -> None:
        """Hold the game as it now is in the database (after a transaction that wrote it so)."""
        self._memory.keep(_revised(loaded))

    def forget(self, game_id: int) -> None:
        """Read the game from the database next time: it was written other than by :meth:`commit`."""
        self._memory.forget(game_id)

    @asynccontextmanager
    async def writing(self, game_id: int) -> AsyncIterator[None]:
        """A transaction of several calls (``db.transaction``) that writes the game some other way
        than :meth:`commit` (its seats, settings, pause, deadlines), under its lock in the
        database: the game is forgotten once it ends, committed or not, so the next command
        reads it as stored."""
        try:
            async with self.db.locked(game_id), self.db.transaction():
                yield
        finally:
            self._memory.forget(game_id)

    def kind_of(self, row: GameRow) -> GameKind:
        return self.kinds[row.kind]

    async def game_in(self, channel_id: int) -> GameRow | None:
        """The channel's live game (in the lobby or running), as held or as stored (always as
        stored on a shared database: another process may have ended it, or opened another)."""
        held = None if self.db.shared else self._memory.live_in(channel_id)
        return held.row if held is not None else await games.live_game_in(self.db, channel_id)

    async def row_of(self, game_id: int) -> GameRow | None:
        """The game's row, as held or as stored; None if there is no such game."""
        held = self._memory.get(game_id)
        return held.row if held is not None else await games.game_by_id(self.db, game_id)

    async def planned(
        self, kind: GameKind, game_id: int, settings: Any, state: Any, now: datetime
    ) -> list[Deadline]:
        """The deadlines ``state`` wants, keeping the time of those already set."""
        existing = await games.deadlines_of(self.db, game_id)
        return _planned(existing, game_id, kind.deadlines(state, settings), now)

    async def commit(
        self,
        loaded: Loaded,
        result: Outcome,
        actor: int | None,
        *,
        acting: str | None,
        note: str = "",
        reshape: Callable[[Reply], Reply] | None = None,
    ) -> Reply:
        """Store the events and the new state in one transaction; the reply says what happened.

        ``reshape`` adjusts the reply before it is stored; the game's setup (its seed, once it
        starts) is written in the same transaction. Everything is prepared here and written in
        one call (:meth:`settle`); the game is then held as stored.
        """
        assert loaded.state is not None
        now = self.clock.now()
        row, state, kind = loaded.row, result.state, loaded.kind
        status = "over" if kind.over(state) else "running"
        existing = list(loaded.deadlines)
        wanted = kind.deadlines(state, loaded.settings) if status == "running" else []
        deadlines = _planned(existing, row.id, wanted, now)
        version = row.version + len(result.events)
        paused = row.paused_at is not None
        events = tuple(result.events)
        telling = Telling(
            loaded.table,
            loaded.settings,
            events,
            loaded.state,
            state,
            note,
            tuple(deadlines),
            paused,
            acting,
            version,
        )
        reply = self.reply(loaded, kind.tell(telling), acting, version)
        if reshape is not None:
            reply = reshape(reply)
        bodies = [(type(e).__name__, json.dumps(encode(e))) for e in result.events]
        text = to_json(state, like=loaded.state)  # what the command left as it was, not written again
        steps = [
            games.game_advanced(
                row.id, row.version, now, status=status, setup=row.setup, state=text, to=version
            ),
            games.events_added(row.id, row.version + 1, bodies, actor, now),
        ]
        if deadlines != existing:
            steps.append(games.deadlines_replaced(row.id, deadlines))
        reply = await self.settle(row.id, steps, reply)
        stored = replace(row, status=status, state=text, version=version)
        # A game that starts has its seed added to its setup: its settings are read again.
        settings = loaded.settings if row.status == "running" else kind.settings_from(row.setup)
        self.hold(replace(loaded, row=stored, settings=settings, state=state, deadlines=tuple(deadlines)))
        self.deadlines_moved()
        return reply

    async def settle(self, game_id: int, steps: Sequence[Step], reply: Reply) -> Reply:
        """Write a command's effects (``steps``, made beforehand), the reply's announcements (the
        outbox) and the reply itself (when the request carries an id) in one transaction, one
        call to the database (:meth:`write_game`); the request is checked to be new in it
        first (:class:`~store.games.Answered` if not). Returns the reply as kept (``queued``)."""
        now = self.clock.now()
        announced = [encode(a) for a in reply.announcements]
        reply, told = self._queued(reply, announced)
        request = _request.get()
        checked: list[Step] = []
        if request is not None:
            checked = [games.request_is_new(request.id, request.fingerprint, now - RETRY_WINDOW)]
            data = encode(replace(reply, announcements=()))
            data["announcements"] = announced  # encoded once, for the outbox and the reply alike
            body = json.dumps(data)
            told.append(games.request_kept(request.id, reply.game_id, body, now, request.fingerprint))
        await self.write_game(game_id, [*checked, *steps, *told])
        if request is not None:
            request.kept = True
        return reply

    async def write_game(self, game_id: int, steps: Sequence[Step]) -> None:
        """The steps as one transaction in one call (``Database.write``); nothing to write, no
        call. A game found changed meanwhile (:class:`~store.games.Stale`) is forgotten and the
        error raised: the game master carries the command out again on the game as stored
        (gm.service)."""
        if not steps:
            return
        try:
            await self.db.write(steps)
        except games.Stale:
            self._memory.forget(game_id)
            raise

    def reply(self, loaded: Loaded, told: list[Announcement], acting: str | None, version: int) -> Reply:
        """The acting player's own messages become the reply (text and pictures, for their eyes);
        the rest are announcements (a turn's letter, marked with its turn, stays a message of its
        own). Public news is only in the announcements, so a front end that posts them has said
        everything once. Pictures are drawn as of ``version``."""
        told = [replace(a, picture=replace(a.picture, version=version)) if a.picture else a for a in told]
        mine = [
            a
            for a in told
            if isinstance(a.to, ToPlayer) and a.to.name == acting and a.turn is None and a.prompt is None
        ]
        return Reply(
            True,
            "\n".join(a.text for a in mine),
            announcements=tuple(a for a in told if a not in mine),
            game_id=loaded.row.id,
            channel_id=loaded.row.channel_id,
            pictures=tuple(a.picture for a in mine if a.picture is not None),
        )

    async def remember(self, reply: Reply) -> Reply:
        """Inside the transaction of what it did (``db.transaction``): queue the reply's
        announcements (:meth:`queue`) and keep the reply to the request being answered, once
        checked to be new (:class:`~store.games.Answered` rolls it all back if not). Returns the
        reply as kept: a reply with announcements must be given as returned (``queued``), or
        they would be told twice."""
        reply = await self.queue(reply)
        request = _request.get()
        if request is not None:
            now = self.clock.now()
            await self.db.run(games.request_is_new(request.id, request.fingerprint, now - RETRY_WINDOW))
            body = json.dumps(encode(reply))
            await games.remember(self.db, request.id, reply.game_id, body, now, request.fingerprint)
            request.kept = True
        return reply

    async def queue(self, reply: Reply) -> Reply:
        """Inside the transaction of what it did: the reply's announcements go to the game's
        outbox, to be delivered from there (gm.outbox), so a crash before they are all delivered
        loses none. Returns the reply marked ``queued``."""
        reply, steps = self._queued(reply)
        for step in steps:
            await self.db.run(step)
        return reply

    def _queued(self, reply: Reply, announced: list[Any] | None = None) -> tuple[Reply, list[Step]]:
        """The reply marked ``queued`` if it has announcements, and the step that puts them in
        the outbox (``announced``: the announcements already encoded, if they are)."""
        if not reply.ok or not reply.announcements or reply.game_id is None:
            return reply, []
        if announced is None:
            announced = [encode(a) for a in reply.announcements]
        bodies = [json.dumps(data) for data in announced]
        step = outbox.added(reply.game_id, reply.channel_id, bodies, self.clock.now())
        return replace(reply, queued=True), [step]

    async def answered(self, request_id: str) -> Reply | None:
        """The reply stored with a request's effects, if it was carried out: a front end whose
        answer failed tells the player it was done instead of asking them to do it again."""
        stored = await games.reply_to(self.db, request_id)
        return _stored(stored) if stored is not None else None

    async def answer_lost(self, request_id: str) -> None:
        """The front end could not deliver the stored reply to this request (its answer failed
        after the action was stored): the same command from the same member within
        :data:`RETRY_WINDOW` is then taken for a retry, and answered with that reply (:func:`once`)."""
        async with self.db.transaction():
            await games.mark_unanswered(self.db, request_id, self.clock.now())

    async def earlier(self, request: Request) -> Reply | None:
        """The reply ``request`` gets without being carried out, if any: the stored one of its id,
        or the one it repeats (:meth:`retried`); one call to find out."""
        since = self.clock.now() - RETRY_WINDOW
        try:
            await self.db.run(games.request_is_new(request.id, request.fingerprint, since))
        except Answered as found:
            if found.lost:
                return await self.retried(request, found.request_id, found.reply)
            return _stored(found.reply)
        return None

    async def retried(self, request: Request, first: str, text: str) -> Reply | None:
        """The stored reply ``text`` of request ``first``, which ``request`` repeats and whose
        answer was lost (:meth:`answer_lost`) within :data:`RETRY_WINDOW`. The mark is cleared, so
        a deliberate second identical command after this is carried out; this request keeps the
        same reply and fingerprint, so if its own answer is lost too, the next retry is
        recognised in turn. None if another retry at the same moment claimed it first."""
        now = self.clock.now()
        reply = _stored(text)
        try:
            async with self.db.transaction():
                if not await games.claim_unanswered(self.db, first):
                    return None  # another retry, at the same moment, was answered with it
                await games.remember(self.db, request.id, reply.game_id, text, now, request.fingerprint)
        except DuplicateRequest:
            return await self.answered(request.id)
        return replace(reply, text=RETRIED.format(text=reply.text or "your action stands."))


Action = TypeVar("Action", bound=Callable[..., Awaitable[Reply]])


def once(action: Action) -> Action:
    """Make an action answer each request id once: a repeat gets the first reply again.

    The reply is stored in the same transaction as the action's effects (:meth:`GameCore.remember`),
    so a crash leaves either both or neither; a front end may retry freely. A new request that
    repeats one whose answer the front end reported lost (same member, action and arguments,
    :meth:`GameCore.retried`) gets that reply too; any other repeat is carried out again.
    """

    @functools.wraps(action)
    async def answered(self: GameCore, actor: Actor, *args: Any, **kwargs: Any) -> Reply:
        if actor.request_id is None:
            return await action(self, actor, *args, **kwargs)
        request = Request(actor.request_id, fingerprint(action.__qualname__, actor, args, kwargs))
        token = _request.set(request)
        reply: Reply | None = None
        try:
            reply = await action(self, actor, *args, **kwargs)
        except (Answered, DuplicateRequest):
            pass  # answered before: its transaction was rolled back, and the reply is read below
        finally:
            _request.reset(token)
        if request.kept:
            assert reply is not None
            return reply  # a new request, stored with what it did in one transaction
        # Refused, or only shown, or answered before: a request stored earlier keeps its reply.
        earlier = await self.earlier(request)
        if earlier is not None:
            return earlier
        if reply is None:  # its lost answer was claimed by a retry at the same moment
            return await answered(self, actor, *args, **kwargs)
        return reply

    return refusing_when_full(cast(Action, answered))


def fingerprint(action: str, actor: Actor, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    """Who asked for what: the member, the action and its arguments (not the request id)."""
    body = json.dumps([actor.user_id, action, list(args), kwargs], sort_keys=True, default=repr)
    return hashlib.sha256(body.encode()).hexdigest()


def refusing_when_full(action: Action) -> Action:
    """A command whose transaction found the disk full is refused in words: the transaction was
    rolled back, so nothing changed, and the next command goes on once there is space again."""

    @functools.wraps(action)
    async def guarded(*args: Any, **kwargs: Any) -> Reply:
        try:
            return await action(*args, **kwargs)
        except DiskFullError as full:
            log.error("command refused: %s", full)
            return refused(DISK_FULL, "disk-full")

    return cast(Action, guarded)


def _planned(
    existing: list[Deadline], game_id: int, wanted: Iterable[Wanted], now: datetime
) -> list[Deadline]:
    """The deadlines wanted (gm.kinds.Wanted): those already set keep their time, new ones
    start now."""
    kept = {d.key: d for d in existing}
    found = []
    for w in wanted:
        old = kept.get(w.key)
        found.append(Deadline(game_id, w.key, w.kind, old.due_at if old else now + w.after, w.payload))
    return sorted(found, key=lambda d: (d.due_at, d.key))


def _revised(loaded: Loaded) -> Loaded:
    """The game with the revision its lock's transaction just wrote (a shared database), so the
    game held is known to be the one stored."""
    hold = _hold.get()
    if hold is None or hold.game_id != loaded.row.id or hold.revision is None:
        return loaded
    return replace(loaded, row=replace(loaded.row, revision=hold.revision))


def _stored(text: str) -> Reply:
    reply = decode(Reply, json.loads(text))
    assert isinstance(reply, Reply)
    return reply


def seat_name(display: str, taken: Iterable[str]) -> str:
    """A player's name in the game: letters, digits, _ and - from their display name, unique."""
    base = re.sub(r"[^A-Za-z0-9_-]+", "", display)[:NAME_LIMIT] or "player"
    used = {t.casefold() for t in taken}
    name, n = base, 2
    while name.casefold() in used:
        name = f"{base[: NAME_LIMIT - len(str(n))]}{n}"
        n += 1
    return name
