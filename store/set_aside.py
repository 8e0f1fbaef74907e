"""Games set aside after an error (migration 8): the reason in plain words, the detail for
managers and the log, and when. A set-aside game's deadlines are not due (store.games) and the
game master refuses its commands until a manager releases it (gm.isolation)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from store.db import Database, Row
from store.games import parse_stamp, stamp


@dataclass(frozen=True)
class SetAside:
    game_id: int
    reason: str
    """What went wrong, in words every player may read ("its saved state could not be read")."""
    detail: str
    """The error itself, for the server's managers and the log."""
    at: datetime


def set_aside_of(row: Row) -> SetAside:
    """A set-aside game as stored in its row."""
    return SetAside(row["game_id"], row["reason"], row["detail"], parse_stamp(row["at"]))


async def put(db: Database, game_id: int, reason: str, detail: str, now: datetime) -> bool:
    """Set the game aside (in the caller's transaction); False if it already was: the first
    reason stands."""
    before = await of(db, game_id)
    if before is not None:
        return False
    await db.execute(
        "INSERT INTO set_aside (game_id, reason, detail, at) VALUES (?, ?, ?, ?)",
        (game_id, reason, detail, stamp(now)),
    )
    return True


async def of(db: Database, game_id: int) -> SetAside | None:
    row = await db.fetch_one("SELECT * FROM set_aside WHERE game_id = ?", (game_id,))
    return set_aside_of(row) if row else None


async def every(db: Database) -> list[SetAside]:
    return [set_aside_of(r) for r in await db.fetch_all("SELECT * FROM set_aside ORDER BY game_id")]


async def release(db: Database, game_id: int) -> None:
    await db.execute("DELETE FROM set_aside WHERE game_id = ?", (game_id,))
