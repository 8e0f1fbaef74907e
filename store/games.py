"""Reading and writing games, seats, event logs, deadlines and server settings.

Plain functions over a :class:`~store.db.Database`, and the steps (:data:`~store.db.Step`) a
command's transaction is made of: the game master gathers one command's steps and hands them
to ``db.write`` in one call (or wraps the writes of a rarer action in ``db.transaction()``).
Nothing here knows the rules of any game: states and events arrive as JSON text.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial
from typing import Any

from store.db import Conn, Database, Row, Step, insert_rows, run_statement
from store.dialect import INTEGRITY_ERRORS

LIVE = ("lobby", "running")
ID_LIMIT = 2**63
"""Stored integers are signed 64-bit (SQLite's, PostgreSQL's BIGINT): a bigger id names nothing
stored (Discord ids fit)."""


def fits(number: int) -> bool:
    return isinstance(number, int) and -ID_LIMIT <= number < ID_LIMIT


@functools.lru_cache(maxsize=64)
def stamp(moment: datetime) -> str:
    """A time as stored: ISO-8601 in UTC, so text order is time order. A command writes its
    moment several times (its events, its game, its outbox): each is written out once."""
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


def parse_stamp(text: str) -> datetime:
    return datetime.fromisoformat(text)


@dataclass(frozen=True)
class GameRow:
    id: int
    guild_id: int
    channel_id: int
    kind: str
    title: str
    creator_id: int
    status: str
    """lobby, running, over or abandoned."""
    setup: dict[str, Any]
    """What the creator chose: rule set, scenario, options, deadlines (JSON)."""
    state: str | None
    """The game's state as JSON, after ``version`` events; None in the lobby."""
    version: int
    paused_at: datetime | None
    created_at: datetime
    revision: int = 0
    """Moved on by every write of the game where several processes share the database
    (store.postgres); a process holding the game in memory reads it again when it differs."""


@dataclass(frozen=True)
class Seat:
    user_id: int
    name: str
    """The player's name in the game (unique in it)."""
    joined: int
    """Order of joining, from 1."""
    alliance: str | None = None
    seed: str | None = None
    """The player's own seed for the game's fair dice (Warp Arena, R-WA-DICE-2): public."""
    reactions: str = "ask"
    """Warp Arena: the seat's standing answer to reaction windows (gm.warparena.reactions)."""


@dataclass(frozen=True)
class Deadline:
    game_id: int
    key: str
    """What it is for, unique in the game (``phase:12:build``, ``round:2118:3``, ``remind:…``)."""
    kind: str
    due_at: datetime
    payload: dict[str, Any]


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    kind: str
    body: str
    actor_id: int | None
    at: datetime
    batch: int | None = None
    """The game's version before the command that made this event (None in older files)."""


def game_of(row: Row) -> GameRow:
    """A game as stored in its row."""
    return GameRow(
        id=row["id"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        kind=row["kind"],
        title=row["title"],
        creator_id=row["creator_id"],
        status=row["status"],
        setup=json.loads(row["setup"]),
        state=row["state"],
        version=row["version"],
        paused_at=parse_stamp(row["paused_at"]) if row["paused_at"] else None,
        created_at=parse_stamp(row["created_at"]),
        revision=row["revision"],
    )


# --- games -------------------------------------------------------------------------------


class ChannelTaken(Exception):  # noqa: N818 - not an error: another game took the channel first
    """The channel has a live game already (made by another request in the meantime)."""


async def create_game(db: Database, **fields: Any) -> int:
    """A new game in the lobby (its row's ``fields`` as :func:`game_created` takes them), its
    id; :class:`ChannelTaken` if the channel has a live one."""
    game_id = await db.new_game_id()
    await db.run(game_created(game_id, **fields))
    return game_id


def game_created(
    game_id: int,
    *,
    guild_id: int,
    channel_id: int,
    kind: str,
    title: str,
    creator_id: int,
    setup: dict[str, Any],
    now: datetime,
) -> Step:
    """The step of :func:`create_game`, with an id from ``Database.new_game_id``:
    :class:`ChannelTaken` if the channel has a live game (one live game per channel is the
    database's own rule, so two creations at once cannot both win)."""
    params = (
        game_id,
        guild_id,
        channel_id,
        kind,
        title,
        creator_id,
        json.dumps(setup),
        stamp(now),
        stamp(now),
    )
    return partial(_create_game, channel_id, params)


async def _create_game(channel_id: int, params: tuple[Any, ...], connection: Conn) -> None:
    try:
        await connection.execute(
            "INSERT INTO games (id, guild_id, channel_id, kind, title, creator_id, status, setup,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?)",
            params,
        )
    except INTEGRITY_ERRORS:
        raise ChannelTaken(channel_id) from None


async def live_game_in(db: Database, channel_id: int) -> GameRow | None:
    """The game in the lobby or running in a channel (there is at most one)."""
    if not fits(channel_id):
        return None
    row = await db.fetch_one(
        "SELECT * FROM games WHERE channel_id = ? AND status IN ('lobby', 'running')", (channel_id,)
    )
    return game_of(row) if row else None


async def game_by_id(db: Database, game_id: int) -> GameRow | None:
    if not fits(game_id):
        return None
    row = await db.fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
    return game_of(row) if row else None


async def latest_game_in(db: Database, channel_id: int) -> GameRow | None:
    """The channel's newest game, finished or not: what status and story show after the end."""
    if not fits(channel_id):
        return None
    newest = "SELECT * FROM games WHERE channel_id = ? ORDER BY id DESC LIMIT 1"
    row = await db.fetch_one(newest, (channel_id,))
    return game_of(row) if row else None


async def games_of_user(db: Database, user_id: int) -> list[GameRow]:
    """Live games where the user has a seat, newest first."""
    if not fits(user_id):
        return []
    rows = await db.fetch_all(
        "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ?"
        " AND g.status IN ('lobby', 'running') ORDER BY g.id DESC",
        (user_id,),
    )
    return [game_of(r) for r in rows]


async def games_in_guild_of_user(db: Database, guild_id: int, user_id: int) -> list[GameRow]:
    """Live games in one server where the user has a seat, newest first (``/games``)."""
    if not (fits(guild_id) and fits(user_id)):
        return []
    rows = await db.fetch_all(
        "SELECT g.* FROM games g JOIN seats s ON s.game_id = g.id WHERE s.user_id = ? AND g.guild_id = ?"
        " AND g.status IN ('lobby', 'running') ORDER BY g.id DESC",
        (user_id, guild_id),
    )
    return [game_of(r) for r in rows]


async def live_games(db: Database) -> list[GameRow]:
    rows = await db.fetch_all("SELECT * FROM games WHERE status IN ('lobby', 'running') ORDER BY id")
    return [game_of(r) for r in rows]


async def update_game(
    db: Database,
    game_id: int,
    now: datetime,
    *,
    status: str | None = None,
    setup: dict[str, Any] | None = None,
    state: str | None = None,
    version: int | None = None,
) -> None:
    """Change the given columns (and ``updated_at``)."""
    changes: dict[str, Any] = {"updated_at": stamp(now)}
    if status is not None:
        changes["status"] = status
    if setup is not None:
        changes["setup"] = json.dumps(setup)
    if state is not None:
        changes["state"] = state
    if version is not None:
        changes["version"] = version
    columns = ", ".join(f"{name} = ?" for name in changes)
    await db.execute(f"UPDATE games SET {columns} WHERE id = ?", (*changes.values(), game_id))


async def set_paused(db: Database, game_id: int, paused_at: datetime | None) -> None:
    await db.execute(
        "UPDATE games SET paused_at = ? WHERE id = ?", (stamp(paused_at) if paused_at else None, game_id)
    )


class Stale(Exception):  # noqa: N818 - not an error: the game master reads the game again
    """The game is not as the game master last read it (its version moved on, it was set aside,
    or the deadline is gone): the transaction was rolled back and nothing changed."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} changed since it was read")
        self.game_id = game_id

    def __reduce__(self) -> tuple[type[Stale], tuple[int]]:
        """Made again from its game (it comes back from the writer process, store.writer)."""
        return Stale, (self.game_id,)


def game_advanced(
    game_id: int, version: int, now: datetime, *, status: str, setup: dict[str, Any], state: str, to: int
) -> Step:
    """The step that moves a game on from ``version`` to ``to``, with its new status, setup and
    state: only if it is still at ``version`` and not set aside, else :class:`Stale` (a compare
    and set, so what the game master holds in memory is checked in the same call)."""
    params = (stamp(now), status, json.dumps(setup), state, to, game_id, version, game_id)
    return partial(_advance_game, game_id, params)


async def _advance_game(game_id: int, params: tuple[Any, ...], connection: Conn) -> None:
    changed = await connection.execute(
        "UPDATE games SET updated_at = ?, status = ?, setup = ?, state = ?, version = ?"
        " WHERE id = ? AND version = ? AND NOT EXISTS (SELECT 1 FROM set_aside WHERE game_id = ?)",
        params,
    )
    if changed != 1:
        raise Stale(game_id)


# --- seats -------------------------------------------------------------------------------


SEATS = "SELECT user_id, name, joined, alliance, seed, reactions FROM seats WHERE game_id = ? ORDER BY joined"


async def seats(db: Database, game_id: int) -> list[Seat]:
    return [seat_of(r) for r in await db.fetch_all(SEATS, (game_id,))]


def seat_of(row: Row) -> Seat:
    """A seat as read by :data:`SEATS`."""
    return Seat(row["user_id"], row["name"], row["joined"], row["alliance"], row["seed"], row["reactions"])


async def set_reactions(db: Database, game_id: int, user_id: int, reactions: str) -> None:
    """A seat's standing answer to Warp Arena's reaction windows."""
    await db.run(reactions_set(game_id, user_id, reactions))


def reactions_set(game_id: int, user_id: int, reactions: str) -> Step:
    """The step of :func:`set_reactions`."""
    setting = "UPDATE seats SET reactions = ? WHERE game_id = ? AND user_id = ?"
    return partial(run_statement, setting, (reactions, game_id, user_id))


async def add_seat(db: Database, game_id: int, seat: Seat) -> None:
    await db.run(seat_added(game_id, seat))


def seat_added(game_id: int, seat: Seat) -> Step:
    """The step of :func:`add_seat`."""
    return partial(_add_seat, game_id, seat)


async def _add_seat(game_id: int, seat: Seat, connection: Conn) -> None:
    await connection.execute(
        "INSERT INTO seats (game_id, user_id, name, joined, alliance, seed) VALUES (?, ?, ?, ?, ?, ?)",
        (game_id, seat.user_id, seat.name, seat.joined, seat.alliance, seat.seed),
    )
    if seat.reactions != "ask":  # the column's default otherwise (migration 11)
        await reactions_set(game_id, seat.user_id, seat.reactions)(connection)


async def remove_seat(db: Database, game_id: int, user_id: int) -> None:
    await db.run(seat_removed(game_id, user_id))


def seat_removed(game_id: int, user_id: int) -> Step:
    """The step of :func:`remove_seat`."""
    return partial(run_statement, "DELETE FROM seats WHERE game_id = ? AND user_id = ?", (game_id, user_id))


# --- the event log -----------------------------------------------------------------------


async def append_events(
    db: Database,
    game_id: int,
    first_seq: int,
    events: Sequence[tuple[str, str]],
    actor_id: int | None,
    now: datetime,
) -> None:
    """Add one command's events (kind, JSON body), numbered from ``first_seq``."""
    await db.run(events_added(game_id, first_seq, events, actor_id, now))


EVENT_COLUMNS = ("game_id", "seq", "kind", "body", "actor_id", "at", "batch")


def events_added(
    game_id: int, first_seq: int, events: Sequence[tuple[str, str]], actor_id: int | None, now: datetime
) -> Step:
    """The step of :func:`append_events`."""
    at, batch = stamp(now), first_seq - 1
    rows = [(game_id, batch + n, kind, body, actor_id, at, batch) for n, (kind, body) in enumerate(events, 1)]
    return partial(insert_rows, table="events", columns=EVENT_COLUMNS, rows=rows)


async def events(db: Database, game_id: int, after: int = 0, upto: int | None = None) -> list[LoggedEvent]:
    """The game's events numbered after ``after`` and up to ``upto`` (None: to the last), in order.
    Read and made into values in one go (on SQLite, on its thread, in one call, its rows fetched a
    few hundred at a time: store.sqlite): a long log's rows never hold the event loop (a
    picture's first read of a game of 10,000 events)."""
    return await db.run(logged(game_id, after, upto))


def logged(
    game_id: int, after: int = 0, upto: int | None = None
) -> Callable[[Conn], Awaitable[list[LoggedEvent]]]:
    """The read of :func:`events`, to run in one go (``Database.run``)."""
    last = upto if upto is not None else -1

    async def read(connection: Conn) -> list[LoggedEvent]:
        rows = await connection.fetch_all(
            "SELECT seq, kind, body, actor_id, at, batch FROM events"
            " WHERE game_id = ? AND seq > ? AND (? < 0 OR seq <= ?) ORDER BY seq",
            (game_id, after, last, last),
        )
        return [
            LoggedEvent(seq, kind, body, actor, parse_stamp(at), batch)
            for seq, kind, body, actor, at, batch in rows
        ]

    return read


# --- deadlines ---------------------------------------------------------------------------


def deadline_of(row: Row) -> Deadline:
    """A deadline as stored; ValueError or TypeError if its row does not read."""
    return Deadline(
        row["game_id"], row["key"], row["kind"], parse_stamp(row["due_at"]), json.loads(row["payload"])
    )


DEADLINES = "SELECT * FROM deadlines WHERE game_id = ? ORDER BY due_at, key"


async def deadlines_of(db: Database, game_id: int) -> list[Deadline]:
    rows = await db.fetch_all(DEADLINES, (game_id,))
    return [deadline_of(r) for r in rows]


async def replace_deadlines(db: Database, game_id: int, deadlines: Sequence[Deadline]) -> None:
    """The game's deadlines are exactly these from now on."""
    await db.run(deadlines_replaced(game_id, deadlines))


def deadlines_replaced(game_id: int, deadlines: Sequence[Deadline]) -> Step:
    """The step of :func:`replace_deadlines`."""
    rows = [(game_id, d.key, d.kind, stamp(d.due_at), json.dumps(d.payload)) for d in deadlines]
    return partial(_replace_deadlines, game_id, rows)


async def _replace_deadlines(game_id: int, rows: list[tuple[Any, ...]], connection: Conn) -> None:
    await connection.execute("DELETE FROM deadlines WHERE game_id = ?", (game_id,))
    await insert_rows(connection, "deadlines", ("game_id", "key", "kind", "due_at", "payload"), rows)


def deadline_dropped(game_id: int, key: str) -> Step:
    """The step that removes one deadline that passed; :class:`Stale` if it is gone already."""
    return partial(_drop_deadline, game_id, key)


async def _drop_deadline(game_id: int, key: str, connection: Conn) -> None:
    gone = await connection.execute("DELETE FROM deadlines WHERE game_id = ? AND key = ?", (game_id, key))
    if gone != 1:
        raise Stale(game_id)


_TICKING = (
    "g.status = 'running' AND g.paused_at IS NULL"
    " AND NOT EXISTS (SELECT 1 FROM set_aside a WHERE a.game_id = g.id)"
)
"""Games whose deadlines pass: running, not paused, not set aside after an error (migration 8)."""


async def due_deadlines(db: Database, now: datetime) -> list[Deadline]:
    """Deadlines due by ``now`` in games that are running, not paused and not set aside, earliest
    first."""
    rows = await db.fetch_all(
        "SELECT d.* FROM deadlines d JOIN games g ON g.id = d.game_id WHERE d.due_at <= ?"
        f" AND {_TICKING} ORDER BY d.due_at, d.game_id, d.key",
        (stamp(now),),
    )
    return [_due(r) for r in rows]


UNREADABLE = "unreadable"
"""The kind of a due deadline whose row does not parse: its game's, not the others' problem."""


def _due(row: Row) -> Deadline:
    """A due deadline; one that does not parse comes back as :data:`UNREADABLE`, so it costs
    its own game (set aside when it fires), never the other games' deadlines."""
    try:
        return deadline_of(row)
    except (ValueError, TypeError):
        return Deadline(row["game_id"], row["key"], UNREADABLE, datetime.min.replace(tzinfo=UTC), {})


async def next_due(db: Database) -> datetime | None:
    row = await db.fetch_one(
        f"SELECT MIN(d.due_at) FROM deadlines d JOIN games g ON g.id = d.game_id WHERE {_TICKING}"
    )
    return parse_stamp(row[0]) if row and row[0] else None


# --- server settings ---------------------------------------------------------------------


async def guild_settings(db: Database, guild_id: int) -> dict[str, Any]:
    rows = await db.fetch_all("SELECT key, value FROM guild_settings WHERE guild_id = ?", (guild_id,))
    return {r["key"]: json.loads(r["value"]) for r in rows}


async def set_guild_setting(db: Database, guild_id: int, key: str, value: Any) -> None:
    await db.execute(
        "INSERT INTO guild_settings (guild_id, key, value) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id, key) DO UPDATE SET value = excluded.value",
        (guild_id, key, json.dumps(value)),
    )


# --- requests already answered -----------------------------------------------------------


class DuplicateRequest(Exception):  # noqa: N818 - not an error: the request was already answered
    """The request was answered by another call in the meantime; its reply stands."""


async def remember(
    db: Database,
    request_id: str,
    game_id: int | None,
    reply: str,
    now: datetime,
    fingerprint: str | None = None,
) -> None:
    """Keep a request's reply, in the transaction of what it did; ``fingerprint`` (who asked for
    what) lets the same command sent again be recognised if this reply is reported lost."""
    await db.run(request_kept(request_id, game_id, reply, now, fingerprint))


def request_kept(
    request_id: str, game_id: int | None, reply: str, now: datetime, fingerprint: str | None = None
) -> Step:
    """The step of :func:`remember`: :class:`DuplicateRequest` if the request is stored already."""
    return partial(_keep_request, request_id, (request_id, game_id, reply, stamp(now), fingerprint))


async def _keep_request(request_id: str, params: tuple[Any, ...], connection: Conn) -> None:
    try:
        await connection.execute(
            "INSERT INTO requests (request_id, game_id, reply, at, fingerprint) VALUES (?, ?, ?, ?, ?)",
            params,
        )
    except INTEGRITY_ERRORS:
        raise DuplicateRequest(request_id) from None


class Answered(Exception):  # noqa: N818 - not an error: the request gets the reply it had
    """Met inside a command's transaction (which is then rolled back): the request was answered
    before (``lost`` False: its id is stored), or it repeats one whose answer was reported lost
    (``lost`` True: ``request_id`` is that first request's). ``reply`` is the stored reply."""

    def __init__(self, request_id: str, reply: str, lost: bool) -> None:
        super().__init__(f"request {request_id} was answered before")
        self.request_id, self.reply, self.lost = request_id, reply, lost

    def __reduce__(self) -> tuple[type[Answered], tuple[str, str, bool]]:
        """Made again from what it was made of (it comes back from the writer process, store.writer)."""
        return Answered, (self.request_id, self.reply, self.lost)


def request_is_new(request_id: str, fingerprint: str, since: datetime) -> Step:
    """The step that goes first in a command's transaction: :class:`Answered` if the request was
    answered before, or repeats (same fingerprint) one made at ``since`` or later whose answer
    was reported lost; checked where it is written, so two at once cannot both pass."""
    return partial(_check_request, request_id, fingerprint, stamp(since))


async def _check_request(request_id: str, fingerprint: str, since: str, connection: Conn) -> None:
    row = await connection.fetch_one("SELECT reply FROM requests WHERE request_id = ?", (request_id,))
    if row is not None:
        raise Answered(request_id, str(row[0]), lost=False)
    row = await connection.fetch_one(_UNANSWERED, (fingerprint, since))
    if row is not None:
        raise Answered(str(row[0]), str(row[1]), lost=True)


_UNANSWERED = (
    "SELECT request_id, reply FROM requests WHERE fingerprint = ? AND unanswered_at IS NOT NULL"
    " AND at >= ? ORDER BY at DESC LIMIT 1"
)


async def reply_to(db: Database, request_id: str) -> str | None:
    row = await db.fetch_one("SELECT reply FROM requests WHERE request_id = ?", (request_id,))
    return str(row["reply"]) if row else None


async def mark_unanswered(db: Database, request_id: str, now: datetime) -> None:
    """The front end could not deliver this request's reply (only a fingerprinted one counts)."""
    await db.execute(
        "UPDATE requests SET unanswered_at = ? WHERE request_id = ? AND fingerprint IS NOT NULL",
        (stamp(now), request_id),
    )


async def unanswered(db: Database, fingerprint: str, since: datetime) -> tuple[str, str] | None:
    """The latest request with this fingerprint, carried out at ``since`` or later, whose reply
    was reported lost: its id and its reply."""
    row = await db.fetch_one(_UNANSWERED, (fingerprint, stamp(since)))
    return (str(row["request_id"]), str(row["reply"])) if row else None


async def claim_unanswered(db: Database, request_id: str) -> bool:
    """Clear the lost-answer mark, inside a transaction; False if another call cleared it first."""
    cleared = await db.execute(
        "UPDATE requests SET unanswered_at = NULL WHERE request_id = ? AND unanswered_at IS NOT NULL",
        (request_id,),
    )
    return cleared == 1


PRUNED_AT_ONCE = 500
"""Requests deleted in one transaction: a prune never holds the database for long."""


async def prune_requests(db: Database, before: datetime) -> int:
    """Delete the requests answered before ``before``, oldest first, a few hundred a
    transaction (commands go on in between); returns how many."""
    pruned = 0
    while True:
        deleted = await db.execute(
            "DELETE FROM requests WHERE request_id IN"
            " (SELECT request_id FROM requests WHERE at < ? ORDER BY at LIMIT ?)",
            (stamp(before), PRUNED_AT_ONCE),
        )
        pruned += deleted
        if deleted < PRUNED_AT_ONCE:
            return pruned
