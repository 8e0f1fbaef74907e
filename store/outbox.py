"""Announcements waiting to be delivered: the outbox (issue 11, item 4).

A command's announcements (channel posts, direct messages, battle prompts) are written here in
the transaction that stores what the command did, so a crash leaves both or neither. A front end
delivers them from here, a game's in the order they were written, and marks each one as it is
delivered: after a restart, what is still unmarked is delivered, and nothing else again. Each
body is an announcement as JSON (``gm.announce.Announcement`` through ``engine.serial``); the
store never reads it. Delivered rows stay, as a record of what was told (they go with their game).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from store.db import Database, Step, insert_rows, run_statement
from store.games import fits, stamp


@dataclass(frozen=True)
class Waiting:
    """One announcement not delivered yet."""

    id: int
    """Its place in the outbox: a game's announcements are delivered in this order."""
    game_id: int
    channel_id: int | None
    """The game's channel, where its channel news goes."""
    body: str


async def put(
    db: Database, game_id: int, channel_id: int | None, bodies: Sequence[str], now: datetime
) -> None:
    """Add one reply's announcements, in order (inside the caller's transaction)."""
    await db.run(added(game_id, channel_id, bodies, now))


def added(game_id: int, channel_id: int | None, bodies: Sequence[str], now: datetime) -> Step:
    """The step of :func:`put`, for a command's one-call transaction (``db.write``)."""
    rows = [(game_id, channel_id, body, stamp(now)) for body in bodies]
    return partial(
        insert_rows, table="outbox", columns=("game_id", "channel_id", "body", "created_at"), rows=rows
    )


async def waiting(db: Database, game_id: int | None = None) -> list[Waiting]:
    """The announcements not delivered yet, of one game or of all, oldest first."""
    if game_id is not None and not fits(game_id):
        return []
    where, params = ("AND game_id = ?", (game_id,)) if game_id is not None else ("", ())
    rows = await db.fetch_all(
        f"SELECT id, game_id, channel_id, body FROM outbox WHERE delivered_at IS NULL {where} ORDER BY id",
        params,
    )
    return [Waiting(r["id"], r["game_id"], r["channel_id"], r["body"]) for r in rows]


async def games_waiting(db: Database) -> list[int]:
    """The games with announcements not delivered yet, the one waiting longest first."""
    rows = await db.fetch_all(
        "SELECT game_id FROM outbox WHERE delivered_at IS NULL GROUP BY game_id ORDER BY MIN(id)"
    )
    return [r["game_id"] for r in rows]


async def mark(db: Database, entry_id: int, now: datetime) -> None:
    """The announcement was delivered (inside a transaction; marking it again changes nothing)."""
    await db.run(marked(entry_id, now))


def marked(entry_id: int, now: datetime) -> Step:
    """The step of :func:`mark`, to write on its own (``db.write``): one call."""
    marking = "UPDATE outbox SET delivered_at = ? WHERE id = ? AND delivered_at IS NULL"
    return partial(run_statement, marking, (stamp(now), entry_id))
