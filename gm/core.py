"""The game master's core: loading a game, one lock per game, and storing a command's effects.

Every public action of :class:`~gm.service.GameMaster` comes down to :meth:`GameCore.commit`:
the events and the new state are written in one transaction, with the deadlines the new state
wants, the announcements to deliver (the outbox, gm.outbox) and the reply itself when the
request carries an id, before anyone is told anything.
"""

from __future__ import annotations

import asyncio
import functools
import hashlib
import json
import logging
import os
import random
import re
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, TypeVar, cast

from engine.serial import decode, encode
from gm.announce import Announcement, Reply, ToPlayer, refused
from gm.aside import NOT_THE_GAMES, STATE_UNREADABLE, GameSetAside, examine, put_aside
from gm.clock import Clock
from gm.kinds import GameKind, Kinds, Outcome, Table, Telling, Wanted
from store import games, outbox, secrets, set_aside
from store.db import Database, DiskFullError
from store.games import Deadline, DuplicateRequest, GameRow, Seat

DISK_FULL = "The server's disk is full: nothing was changed. Try again later."
NAME_LIMIT = 20
log = logging.getLogger(__name__)
SECRET_BYTES = 32
"""A game's secret: 256 bits, drawn by the operating system."""
STATES_KEPT = 500
"""Decoded game states kept in memory (a few kilobytes each)."""


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


RETRY_WINDOW = timedelta(minutes=15)
"""How long after a request whose answer was lost the same command is taken for a retry of it
(Discord's own answers expire after 15 minutes: a member who never saw one retries sooner)."""
RETRIED = "That was done already (your first try's answer was lost): {text}"
"""The answer to a retry of a stored action whose answer was lost: its first reply."""


@dataclass(frozen=True)
class Request:
    """The request being carried out: its id, and who asked for what (``fingerprint``)."""

    id: str
    fingerprint: str


_request: ContextVar[Request | None] = ContextVar("request", default=None)
"""The request of the action being carried out, written with its effects."""


class GameCore:
    def __init__(
        self,
        db: Database,
        clock: Clock,
        seeds: Callable[[int], int] | None = None,
        kinds: Kinds | None = None,
        secrets: Callable[[int], bytes] | None = None,
    ) -> None:
        self.db = db
        self.clock = clock
        self.kinds = kinds or Kinds(())
        """The games this game master hosts (filled by gm.service)."""
        self._seeds = seeds or (lambda game_id: random.SystemRandom().randrange(2**32))
        """Draws the seed of a game's turn order and map ends, from its id (tests fix it)."""
        self._secret = secrets or (lambda game_id: os.urandom(SECRET_BYTES))
        """Draws a game's own secret (Warp Arena's server seed) from its id (tests fix it)."""
        self._locks: dict[int, asyncio.Lock] = {}
        self._states: OrderedDict[int, tuple[int, Any]] = OrderedDict()
        """Decoded states of recently used games, by id, with the version they are at."""
        self._listeners: list[Callable[[], None]] = []

    def on_deadlines_moved(self, listener: Callable[[], None]) -> None:
        """Call ``listener`` whenever a game's deadlines change (the deadline runner wakes)."""
        self._listeners.append(listener)

    def deadlines_moved(self) -> None:
        for listener in self._listeners:
            listener()

    @asynccontextmanager
    async def locked(self, game_id: int) -> AsyncIterator[None]:
        """Commands to one game run one after another; different games run side by side.

        A command that fails unexpectedly has the stored game examined: if it no longer holds
        together, it is set aside (gm.aside) and the command is refused in words."""
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            try:
                yield
            except NOT_THE_GAMES:
                raise
            except Exception as error:
                found = await examine(self.db, self.kinds, game_id, self.clock.now())
                if found is None:
                    raise
                raise found from error

    async def load(self, game_id: int) -> Loaded:
        """The game as stored; raises :class:`GameSetAside` for a game set aside, or one whose
        state no longer decodes (which it sets aside)."""
        row = await games.game_by_id(self.db, game_id)
        assert row is not None, f"game {game_id} is gone"
        aside = await set_aside.of(self.db, game_id)
        if aside is not None:
            raise GameSetAside(aside)
        seats = tuple(await games.seats(self.db, game_id))
        kind = self.kinds[row.kind]
        try:
            state = self._state(row, kind)
        except Exception as error:
            raise await put_aside(self.db, game_id, STATE_UNREADABLE, error, self.clock.now()) from error
        secret = await secrets.secret_of(self.db, game_id)
        return Loaded(row, seats, kind.settings_from(row.setup), state, kind, secret)

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

    def kind_of(self, row: GameRow) -> GameKind:
        return self.kinds[row.kind]

    def _state(self, row: GameRow, kind: GameKind) -> Any:
        """The row's state, decoded once per version: the database stays the truth, this only
        saves decoding the same JSON again on every command."""
        if row.state is None:
            return None
        cached = self._states.get(row.id)
        if cached is not None and cached[0] == row.version:
            self._states.move_to_end(row.id)
            return cached[1]
        state = kind.decode_state(json.loads(row.state))
        self._keep(row.id, row.version, state)
        return state

    def _keep(self, game_id: int, version: int, state: Any) -> None:
        self._states[game_id] = (version, state)
        self._states.move_to_end(game_id)
        while len(self._states) > STATES_KEPT:
            self._states.popitem(last=False)

    async def game_in(self, channel_id: int) -> GameRow | None:
        return await games.live_game_in(self.db, channel_id)

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
        starts) is written in the same transaction.
        """
        assert loaded.state is not None
        now = self.clock.now()
        state, kind = result.state, loaded.kind
        status = "over" if kind.over(state) else "running"
        existing = await games.deadlines_of(self.db, loaded.row.id)
        wanted = kind.deadlines(state, loaded.settings) if status == "running" else []
        deadlines = _planned(existing, loaded.row.id, wanted, now)
        paused = loaded.row.paused_at is not None
        telling = Telling(
            loaded.table,
            loaded.settings,
            tuple(result.events),
            loaded.state,
            state,
            note,
            tuple(deadlines),
            paused,
            acting,
            loaded.row.version + len(result.events),
        )
        told = kind.tell(telling)
        reply = self.reply(loaded, told, acting, loaded.row.version + len(result.events))
        if reshape is not None:
            reply = reshape(reply)
        bodies = [(type(e).__name__, json.dumps(encode(e))) for e in result.events]
        async with self.db.transaction():
            await games.append_events(self.db, loaded.row.id, loaded.row.version + 1, bodies, actor, now)
            await games.update_game(
                self.db,
                loaded.row.id,
                now,
                status=status,
                setup=loaded.row.setup,
                state=json.dumps(encode(state)),
                version=loaded.row.version + len(bodies),
            )
            if deadlines != existing:
                await games.replace_deadlines(self.db, loaded.row.id, deadlines)
            reply = await self.remember(reply)
        self._keep(loaded.row.id, loaded.row.version + len(bodies), state)
        self.deadlines_moved()
        return reply

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
        """Inside the transaction of what it did: queue the reply's announcements (:meth:`queue`)
        and keep the reply to the request being answered. Returns the reply as kept: a reply with
        announcements must be given as returned (``queued``), or they would be told twice."""
        reply = await self.queue(reply)
        request = _request.get()
        if request is not None:
            body = json.dumps(encode(reply))
            now = self.clock.now()
            await games.remember(self.db, request.id, reply.game_id, body, now, request.fingerprint)
        return reply

    async def queue(self, reply: Reply) -> Reply:
        """Inside the transaction of what it did: the reply's announcements go to the game's
        outbox, to be delivered from there (gm.outbox), so a crash before they are all delivered
        loses none. Returns the reply marked ``queued``."""
        if not reply.ok or not reply.announcements or reply.game_id is None:
            return reply
        bodies = [json.dumps(encode(a)) for a in reply.announcements]
        await outbox.put(self.db, reply.game_id, reply.channel_id, bodies, self.clock.now())
        return replace(reply, queued=True)

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

    async def retried(self, request: Request) -> Reply | None:
        """The stored reply, if ``request`` repeats one whose answer was lost (:meth:`answer_lost`)
        within :data:`RETRY_WINDOW`. The mark is cleared, so a deliberate second identical command
        after this is carried out; this request keeps the same reply and fingerprint, so if its
        own answer is lost too, the next retry is recognised in turn."""
        now = self.clock.now()
        found = await games.unanswered(self.db, request.fingerprint, now - RETRY_WINDOW)
        if found is None:
            return None
        first, text = found
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
        stored = await games.reply_to(self.db, actor.request_id)
        if stored is not None:
            return _stored(stored)
        request = Request(actor.request_id, fingerprint(action.__qualname__, actor, args, kwargs))
        recognised = await self.retried(request)
        if recognised is not None:
            return recognised
        token = _request.set(request)
        try:
            return await action(self, actor, *args, **kwargs)
        except DuplicateRequest:
            again = await games.reply_to(self.db, actor.request_id)
            assert again is not None
            return _stored(again)
        finally:
            _request.reset(token)

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
