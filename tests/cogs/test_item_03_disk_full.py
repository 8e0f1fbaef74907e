"""Issue 11, item 3 on Discord: a disk that fills while the bot runs refuses the command that
could not be stored, privately and in words, and the bot goes on once there is space again.

A full disk is simulated with ``PRAGMA max_page_count`` set to the file's size: SQLite then
reports SQLITE_FULL ("database or disk is full") as it would for a full disk.
"""

from __future__ import annotations

from gm.core import DISK_FULL
from tests.cogs.conftest import World, answer, seen_by, use


async def test_item_3_a_full_disk_refuses_the_command_in_words_and_the_bot_goes_on(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    await use(alice, ch, "warpwar new")
    await use(bob, ch, "warpwar join")
    db = world.bot.db
    pages = await db.fetch_one("PRAGMA page_count")
    assert pages is not None
    await db.execute(f"PRAGMA max_page_count = {pages[0]}")
    refused = await use(alice, ch, "warpwar start")
    assert refused.ephemeral and answer(refused).content == DISK_FULL
    row = await db.fetch_one("SELECT status, version FROM games")
    assert row is not None and tuple(row) == ("lobby", 0), "the transaction was rolled back"
    assert not any("begins" in text for text in seen_by(ch, bob))

    await db.execute(f"PRAGMA max_page_count = {pages[0] * 100}")
    started = await use(alice, ch, "warpwar start")
    assert answer(started).content != DISK_FULL
    row = await db.fetch_one("SELECT status FROM games")
    assert row is not None and row[0] == "running"
    assert any("begins" in text for text in seen_by(ch, bob))
