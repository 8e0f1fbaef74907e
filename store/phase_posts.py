"""Each phase's post in a game's channel (migration 6), so that it is edited, not posted again.

With ``announce: phase`` a phase has one message in the channel whose lines grow as the phase
goes on. The front end keeps here which message that is, the text it holds (its lines are
added to it) and the picture request it shows (drawn again when a line changes nothing on the
map), keyed by the game, the player-turn and the phase: a restart keeps editing the same one.

A post stops taking lines (``open`` false) once another post of the game came after it (battle
news, the end of the game): later lines start a new message, so the channel reads in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from store.db import Database
from store.games import fits


@dataclass(frozen=True)
class PhasePost:
    game_id: int
    turn: int
    phase: str
    channel_id: int
    message_id: int
    text: str
    """The lines the message shows (its embed's description)."""
    picture: str | None = None
    """The picture request it shows, as JSON (gm.announce.Picture through engine.serial)."""
    open: bool = True
    """Whether new lines of the phase are added to it."""


async def find(db: Database, game_id: int, turn: int, phase: str) -> PhasePost | None:
    if not (fits(game_id) and fits(turn)):
        return None
    row = await db.fetch_one(
        "SELECT * FROM phase_posts WHERE game_id = ? AND turn = ? AND phase = ?", (game_id, turn, phase)
    )
    if row is None:
        return None
    return PhasePost(
        row["game_id"],
        row["turn"],
        row["phase"],
        row["channel_id"],
        row["message_id"],
        row["text"],
        row["picture"],
        bool(row["open"]),
    )


async def keep(db: Database, post: PhasePost) -> None:
    """Remember the phase's post as it is now (the latest message of the phase). Run it inside
    ``db.transaction()``: the connection is shared, so a lone statement could land in another
    command's transaction."""
    await db.execute(
        "INSERT INTO phase_posts (game_id, turn, phase, channel_id, message_id, text, picture, open)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, turn, phase) DO UPDATE SET"
        " channel_id = excluded.channel_id, message_id = excluded.message_id, text = excluded.text,"
        " picture = excluded.picture, open = excluded.open",
        (
            post.game_id,
            post.turn,
            post.phase,
            post.channel_id,
            post.message_id,
            post.text,
            post.picture,
            int(post.open),
        ),
    )


async def close(db: Database, game_id: int) -> None:
    """Another post of the game came: the phase's next lines start a new message (inside
    ``db.transaction()``, as :func:`keep`)."""
    if fits(game_id):
        await db.execute("UPDATE phase_posts SET open = 0 WHERE game_id = ? AND open = 1", (game_id,))
