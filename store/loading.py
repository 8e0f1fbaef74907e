"""A game as the game master holds it, read in one go.

The game master keeps the games it serves in memory (gm.core) and reads one from the database
only when it does not hold it (or holds an older revision of it): its row, seats, deadlines,
secret and whether it is set aside come back together, from one moment of the database (on
SQLite in one call to its thread).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from store import games, set_aside
from store.db import Conn
from store.games import Deadline, GameRow, Seat
from store.set_aside import SetAside


@dataclass(frozen=True)
class Whole:
    """Everything stored of one game but its events."""

    row: GameRow
    seats: tuple[Seat, ...]
    deadlines: tuple[Deadline, ...]
    secret: bytes | None
    aside: SetAside | None
    """Why the game is set aside, if it is."""
    unreadable: Exception | None = None
    """Why its deadlines do not read, if they do not (then ``deadlines`` is empty)."""


def whole_game(game_id: int) -> Callable[[Conn], Awaitable[Whole | None]]:
    """What reads the game (None if there is no such game), to run in one go (``Database.run``)."""

    async def read(connection: Conn) -> Whole | None:
        row = await connection.fetch_one("SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            return None
        seats = tuple(games.seat_of(r) for r in await connection.fetch_all(games.SEATS, (game_id,)))
        aside = await connection.fetch_one("SELECT * FROM set_aside WHERE game_id = ?", (game_id,))
        secret = await connection.fetch_one("SELECT secret FROM secrets WHERE game_id = ?", (game_id,))
        deadlines: tuple[Deadline, ...] = ()
        unreadable = None
        rows = await connection.fetch_all(games.DEADLINES, (game_id,))
        try:
            deadlines = tuple(games.deadline_of(r) for r in rows)
        except (ValueError, TypeError) as error:
            unreadable = error
        return Whole(
            games.game_of(row),
            seats,
            deadlines,
            bytes(secret[0]) if secret is not None else None,
            set_aside.set_aside_of(aside) if aside is not None else None,
            unreadable,
        )

    return read
