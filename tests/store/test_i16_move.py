"""Issue 16, item 5: ``python -m store.move FILE postgresql://…`` moves every game of a SQLite
file to an empty PostgreSQL database, and the moved games play on there.

The file moved is a copy of the November 2026 release's (tests/store/test_release_fixture.py):
seven games in every state, with seats, deadlines, the outbox, mailbox letters, answered requests
and phase posts.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from engine.warpwar import GameState
from gm.clock import ManualClock
from gm.service import GameMaster
from store import games
from store.db import Database, open_database
from store.move import move
from tests.pg_server import PostgresServer
from tests.store.test_release_fixture import (
    ALICE,
    BOB,
    CLASSIC_ADVANCED,
    FIXTURE,
    GUILD,
    LEARNING_BATTLE,
    MOMENT,
    STATUSES,
    ok,
)

ROOT = Path(__file__).resolve().parents[2]
COPIED = ("games", "seats", "events", "deadlines", "outbox", "mailbox", "requests", "phase_posts")
"""The tables compared row by row: every one the release's file has rows in."""


def store_move(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The documented command, as an operator runs it."""
    return subprocess.run(
        [sys.executable, "-m", "store.move", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


async def rows_of(db: Database, table: str) -> list[tuple[object, ...]]:
    return sorted((tuple(row) for row in await db.fetch_all(f"SELECT * FROM {table}")), key=repr)


async def test_the_command_moves_every_table_and_the_games_play_on(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    source = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, source)
    target = await postgres.new_database()

    moved = store_move(str(source), target)
    assert moved.returncode == 0, moved.stderr
    assert moved.stdout.startswith("Moved 7 games, every table whole: games 7, ")

    old, new = await open_database(source), await open_database(target)
    try:
        for table in COPIED:
            copied = await rows_of(new, table)
            assert copied, f"the release's file has {table}"
            assert copied == await rows_of(old, table), table
        gm = GameMaster(new, ManualClock(MOMENT), seeds=lambda game_id: 4242 + game_id)
        assert await gm.check_games() == [], "every moved game is whole"
        for channel, status in STATUSES.items():
            row = await games.latest_game_in(new, channel)
            assert row is not None and row.status == status
        # The battle's held orders confirmed: a round fought, new events numbered after the old.
        game = (await _row(new, LEARNING_BATTLE)).id
        battle = await gm.stored_state(game)
        assert isinstance(battle, GameState)
        (fight,) = battle.turn.battles
        ok(await gm.submit_orders(BOB, game, battle.map.label(fight.star), confirm=True))
        ok(await gm.done(ALICE, CLASSIC_ADVANCED, "build"))
        # A new game takes the next id after the moved ones.
        ok(await gm.create(ALICE, GUILD, 999))
        newest = await _row(new, 999)
        assert newest.id > max(int(row[0]) for row in await old.fetch_all("SELECT id FROM games"))
    finally:
        await old.close()
        await new.close()


async def test_a_target_that_is_not_empty_is_refused_and_left_as_it_was(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    source = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, source)
    target = await postgres.new_database()
    await move(source, target)
    new = await open_database(target)
    try:
        before = await rows_of(new, "events")
    finally:
        await new.close()

    again = store_move(str(source), target)
    assert again.returncode == 1
    assert "is not empty (rows in games 7, " in again.stderr and "move into a new database" in again.stderr

    new = await open_database(target)
    try:
        assert await rows_of(new, "events") == before
    finally:
        await new.close()


def test_a_wrong_call_is_told(tmp_path: Path) -> None:
    assert store_move().returncode == 2
    missing = store_move(str(tmp_path / "none.sqlite3"), "postgresql://nobody@/nothing")
    assert missing.returncode == 1 and "there is no SQLite file at" in missing.stderr
    backwards = store_move("postgresql://a@/b", str(tmp_path / "x.sqlite3"))
    assert backwards.returncode == 1 and "must be a SQLite file" in backwards.stderr
    assert not (tmp_path / "x.sqlite3").exists(), "nothing was made"


async def _row(db: Database, channel: int) -> games.GameRow:
    row = await games.latest_game_in(db, channel)
    assert row is not None
    return row
