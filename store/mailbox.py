"""Letters kept for players whose direct messages are closed (migration 5).

When a private message cannot be delivered (Discord's 403 / 50007), the front end keeps it here
and tells the player in the game's channel; they read it there with a button, privately. A
letter is kept until it is read, so nothing private is lost to a closed inbox or a restart.
The picture, if any, is stored as a request (JSON text), drawn again when the letter is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from store.db import Database
from store.games import fits, parse_stamp, stamp

READ_AT_ONCE = 10
"""Letters shown per click: a few messages, not a wall (the button may be clicked again)."""


@dataclass(frozen=True)
class Letter:
    id: int
    game_id: int
    user_id: int
    text: str
    picture: str | None
    """The picture request as JSON (gm.announce.Picture through engine.serial), or None."""
    created_at: datetime


async def keep(
    db: Database, game_id: int, user_id: int, text: str, picture: str | None, now: datetime
) -> int:
    """Store one undelivered message; returns its id."""
    async with db.transaction():
        return await db.insert(
            "INSERT INTO mailbox (game_id, user_id, text, picture, created_at) VALUES (?, ?, ?, ?, ?)",
            (game_id, user_id, text, picture, stamp(now)),
        )


async def unread(db: Database, game_id: int, user_id: int, limit: int = READ_AT_ONCE) -> list[Letter]:
    """The oldest letters the user has not read yet in this game, oldest first."""
    if not (fits(game_id) and fits(user_id)):
        return []
    rows = await db.fetch_all(
        "SELECT * FROM mailbox WHERE game_id = ? AND user_id = ? AND read_at IS NULL ORDER BY id LIMIT ?",
        (game_id, user_id, limit),
    )
    return [
        Letter(r["id"], r["game_id"], r["user_id"], r["text"], r["picture"], parse_stamp(r["created_at"]))
        for r in rows
    ]


async def count_kept(db: Database, game_id: int, user_id: int) -> int:
    """Every letter ever kept for the user in this game, read or not."""
    if not (fits(game_id) and fits(user_id)):
        return 0
    row = await db.fetch_one(
        "SELECT COUNT(*) FROM mailbox WHERE game_id = ? AND user_id = ?", (game_id, user_id)
    )
    return int(row[0]) if row else 0


async def count_unread(db: Database, game_id: int, user_id: int) -> int:
    if not (fits(game_id) and fits(user_id)):
        return 0
    row = await db.fetch_one(
        "SELECT COUNT(*) FROM mailbox WHERE game_id = ? AND user_id = ? AND read_at IS NULL",
        (game_id, user_id),
    )
    return int(row[0]) if row else 0


async def mark_read(db: Database, ids: Sequence[int], now: datetime) -> None:
    """The letters were shown to their reader: they are not shown again."""
    if not ids:
        return
    async with db.transaction():
        await db.execute_many("UPDATE mailbox SET read_at = ? WHERE id = ?", [(stamp(now), i) for i in ids])
