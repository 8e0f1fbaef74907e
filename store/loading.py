"""A game as the game master holds it, read in one call on the database thread.

The game master keeps the games it serves in memory (gm.core) and reads one from the file only
when it does not hold it: its row, seats, deadlines, secret and whether it is set aside come
back together, from one moment of the file, in one round trip.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from store import games, set_aside
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


def whole_game(game_id: int) -> Callable[[sqlite3.Connection], Whole | None]:
    """What reads the game (None if there is no such game), to run on the database thread."""

    def read(connection: sqlite3.Connection) -> Whole | None:
        row = connection.execute("SELECT * FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        seats = tuple(games.seat_of(r) for r in connection.execute(games.SEATS, (game_id,)))
        aside = connection.execute("SELECT * FROM set_aside WHERE game_id = ?", (game_id,)).fetchone()
        secret = connection.execute("SELECT secret FROM secrets WHERE game_id = ?", (game_id,)).fetchone()
        deadlines: tuple[Deadline, ...] = ()
        unreadable = None
        try:
            deadlines = tuple(games.deadline_of(r) for r in connection.execute(games.DEADLINES, (game_id,)))
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
