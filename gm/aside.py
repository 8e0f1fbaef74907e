"""Games set aside after an error: one bad game never stops the others.

A game whose stored state does not decode, whose events do not replay to that state, or whose
deadline raises is *set aside* (store.set_aside): its deadlines stop, its commands are refused in
words, its status says why, and the log says so once, when it happens. Everything else goes on.

Errors of the database itself (SQLite's or PostgreSQL's, ``OSError``: a full disk, a locked
file, a lost connection) are the database's, not the game's: they are never a reason to set a
game aside; the command fails and the deadline runner tries again later (gm.timing).
"""

from __future__ import annotations

import json
import logging
from datetime import datetime

from gm.announce import Reply, refused
from gm.kinds import Kinds
from store import games, set_aside
from store.db import Database, DatabaseFileError
from store.dialect import DATABASE_ERRORS
from store.games import GameRow, Stale
from store.set_aside import SetAside

log = logging.getLogger(__name__)

TRANSIENT: tuple[type[Exception], ...] = (*DATABASE_ERRORS, OSError, DatabaseFileError, Stale)
"""Failures of the database file, retried, never blamed on one game (a game found changed since
the game master read it is read again)."""

STATE_UNREADABLE = "its saved state could not be read"
EVENTS_UNREADABLE = "its saved story could not be read"
EVENTS_DISAGREE = "its saved story does not lead to its saved state"
DEADLINES_UNREADABLE = "its deadlines could not be read"
DEADLINE_FAILED = "one of its deadlines could not be carried out"
DETAIL_LIMIT = 500
SET_ASIDE = "set aside after an error; a server manager can see why with /warpwar status."
"""A set-aside game's line in a list of games (/games)."""

REFUSAL = (
    "This game has been set aside after an error, so it takes no commands for now; "
    "a server manager can see why with /warpwar status."
)


class GameSetAside(Exception):  # noqa: N818 - not a bug to report: the game is known to be set aside
    """Raised when an action reaches a game that is set aside; the game master's actions turn
    it into :meth:`refusal` (gm.isolation), so front ends only ever see a reply."""

    def __init__(self, aside: SetAside) -> None:
        super().__init__(f"game {aside.game_id} is set aside: {aside.reason}")
        self.aside = aside

    def refusal(self) -> Reply:
        reply = refused(REFUSAL, "set-aside")
        return Reply(False, reply.text, code=reply.code, game_id=self.aside.game_id)


def detail_of(error: BaseException | str) -> str:
    """What a manager reads: the error's type and message, cut to a line's length."""
    text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return " ".join(text.split())[:DETAIL_LIMIT]


async def put_aside(
    db: Database, game_id: int, reason: str, error: BaseException | str, now: datetime
) -> GameSetAside:
    """Set the game aside and log it, once: a game already set aside keeps its first reason and
    is not logged again (under the game's lock, so no other process writes it meanwhile).
    Returns the exception for the caller to raise."""
    detail = detail_of(error)
    async with db.locked(game_id), db.transaction():
        first = await set_aside.put(db, game_id, reason, detail, now)
    if first:
        trace = error if isinstance(error, BaseException) else None
        log.error("game %s set aside: %s (%s)", game_id, reason, detail, exc_info=trace)
    found = await set_aside.of(db, game_id)
    return GameSetAside(found or SetAside(game_id, reason, detail, now))


async def set_aside_status(db: Database, row: GameRow, manager: bool) -> Reply | None:
    """What status says of a set-aside game: why, in plain words, to everyone; a server manager
    also reads the error itself (privately). None if the game is in play."""
    aside = await set_aside.of(db, row.id)
    if aside is None:
        return None
    text = (
        f"**{row.title}** has been set aside after an error: {aside.reason}. Its deadlines are "
        "stopped and it takes no commands until a server manager fixes it and releases it "
        "with /warpwar-admin release."
    )
    if row.status not in games.LIVE:
        text = f"**{row.title}** was {row.status}; it had been set aside after an error: {aside.reason}."
    if manager:
        text += f"\nThe error (since {aside.at:%Y-%m-%d %H:%M} UTC): {aside.detail}"
    return Reply(True, text, private=manager, game_id=row.id, channel_id=row.channel_id)


async def fault(db: Database, kinds: Kinds, row: GameRow) -> tuple[str, BaseException | str] | None:
    """What is wrong with a stored game, if anything: its kind is hosted here, its state
    decodes, its events decode and replay (the kind's fold) to exactly that state, its
    deadlines read. None when it holds."""
    try:
        await games.deadlines_of(db, row.id)
    except (ValueError, TypeError) as error:
        return DEADLINES_UNREADABLE, error
    if row.state is None:
        return None  # in the lobby: nothing played, nothing to replay
    try:
        kind = kinds[row.kind]
        state = kind.decode_state(json.loads(row.state))
    except Exception as error:
        return STATE_UNREADABLE, error
    logged = await games.events(db, row.id)
    if [e.seq for e in logged] != list(range(1, row.version + 1)):
        return EVENTS_DISAGREE, f"{len(logged)} events stored for version {row.version}"
    try:
        events = [kind.decode_event(json.loads(e.body)) for e in logged]
    except Exception as error:
        return EVENTS_UNREADABLE, error
    try:
        replayed = kind.fold(events)
    except Exception as error:
        return EVENTS_DISAGREE, error
    if replayed != state:
        return EVENTS_DISAGREE, "the events replay to a different state than the one saved"
    return None


async def examine(db: Database, kinds: Kinds, game_id: int, now: datetime) -> GameSetAside | None:
    """After a command on the game failed unexpectedly: set it aside if the stored game does
    not hold together. A game that holds is left in play (the failure was the command's, and one
    player's odd input must not be able to stop a game for everyone)."""
    row = await games.game_by_id(db, game_id)
    if row is None:
        return None
    found = await fault(db, kinds, row)
    if found is None:
        return None
    return await put_aside(db, game_id, *found, now)


NOT_THE_GAMES: tuple[type[Exception], ...] = (GameSetAside, *TRANSIENT)
"""Failures that pass through unchanged: the game is known to be set aside, or the database failed."""
