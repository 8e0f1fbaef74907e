"""Which script lines are done, so a script played again after a crash repeats none of them.

The game master answers each request once (gm.core.once), which covers the lines that change a
game. A script also has lines the game master does not remember: ``/wait`` (whose deadlines
fired then), views like ``/warpwar status`` (which would show the game as it is now, or find
it over), refusals (which might be accepted now). So once a line is carried out, and the
deadlines after it fired, the console records what it printed, in the same database as the
game (the store's table of answered requests, under the line's request id with ``#done``):
the record lives and dies with the games it describes. A line found recorded is replayed
from the record, never carried out again.

The game master has no call for this, so it goes to ``store.games`` directly; a front end's
own request log is a candidate for the GameMaster API.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime

from engine.serial import decode, encode, serializable
from gm.announce import Reply
from store import games
from store.db import Database

SUFFIX = "#done"


@serializable
@dataclass(frozen=True)
class PlayedLine:
    """What one script line did, as the console printed it."""

    outcome: str
    """``done``, ``refused`` or ``quit``."""
    reply: Reply | None
    """The game master's reply, or the console's refusal; None for the console's own commands."""
    fired: tuple[Reply, ...]
    """The deadlines that passed after it."""


async def played(db: Database, request_id: str) -> PlayedLine | None:
    text = await games.reply_to(db, request_id + SUFFIX)
    if text is None:
        return None
    found = decode(PlayedLine, json.loads(text))
    assert isinstance(found, PlayedLine)
    return found


async def record(db: Database, request_id: str, line: PlayedLine, now: datetime) -> None:
    async with db.transaction():
        await games.remember(db, request_id + SUFFIX, None, json.dumps(encode(line)), now)
