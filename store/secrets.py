"""A game's own secret (migration 10): Warp Arena's server seed (R-WA-DICE-2).

Kept apart from the game's row, state and events, which views, stories, announcements and
exports read: only the game master's kind (for its dice) reads it here, and the export adds it
once the game has ended, so players can check every roll then and predict none before.
"""

from __future__ import annotations

from functools import partial

from store.db import Database, Step, run_statement


async def put(db: Database, game_id: int, secret: bytes) -> None:
    """Keep the game's secret (in the caller's transaction); set once, when the game is made."""
    await db.run(kept(game_id, secret))


def kept(game_id: int, secret: bytes) -> Step:
    """The step of :func:`put`, for the one call that makes a game."""
    return partial(run_statement, "INSERT INTO secrets (game_id, secret) VALUES (?, ?)", (game_id, secret))


async def secret_of(db: Database, game_id: int) -> bytes | None:
    row = await db.fetch_one("SELECT secret FROM secrets WHERE game_id = ?", (game_id,))
    return bytes(row["secret"]) if row is not None else None
