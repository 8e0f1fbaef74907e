"""Issue 11, items 0 and 3 on Discord: a game set aside after an error, as members see it.

The game's state is corrupted in the database file behind the bot's back and the start-up check
finds it (gm.isolation); then everyone reads in the channel's status that it is set aside and
why in plain words, a server manager also reads the error (privately), commands are refused in
words, and `/warpwar-admin release` puts it back once the file is fixed.
"""

from __future__ import annotations

import sqlite3
from contextlib import closing

from gm.aside import REFUSAL
from tests.cogs.conftest import World, answer, choose_ends, manager, use


def set_state(world: World, state: str | None = None) -> str:
    """Write ``state`` (garbage by default) over the channel's game's state in the file; returns
    what was there."""
    with closing(sqlite3.connect(world.bot.db.path)) as db:
        (before,) = db.execute("SELECT state FROM games WHERE channel_id = ?", (world.channel.id,)).fetchone()
        db.execute("UPDATE games SET state = ? WHERE channel_id = ?", (state or "{garbage", world.channel.id))
        db.commit()
    return str(before)


async def test_item_0_status_says_a_game_is_set_aside_and_commands_are_refused_in_words(world: World) -> None:
    ch, alice, bob, carol = world.channel, world.alice, world.bob, world.carol
    dana = manager(world)
    await use(alice, ch, "warpwar new", title="Broken", fixed_order=True)
    await use(bob, ch, "warpwar join")
    await use(alice, ch, "warpwar start")
    await choose_ends(world)
    good = set_state(world)
    assert [a.reason for a in await world.bot.gm.check_games()] == ["its saved state could not be read"]

    told = await use(carol, ch, "warpwar status")
    text = answer(told).content
    assert not told.ephemeral, "everyone in the channel may read why"
    assert text.startswith("**Broken** has been set aside after an error: its saved state could not be read.")
    assert "/warpwar-admin release" in text and "JSONDecodeError" not in text
    detail = await use(dana, ch, "warpwar status")
    assert detail.ephemeral and "JSONDecodeError" in answer(detail).content

    build = await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=5 B=3")
    assert build.ephemeral and answer(build).content == REFUSAL
    done = await use(alice, ch, "build done")
    assert done.ephemeral and answer(done).content == REFUSAL

    refused = await use(dana, ch, "warpwar-admin release")
    assert refused.ephemeral and "still does not hold together" in answer(refused).content
    set_state(world, good)
    released = await use(dana, ch, "warpwar-admin release")
    assert not released.ephemeral and "**Broken** is back in play" in answer(released).content
    built = await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=5 B=3")
    assert built.ephemeral and "W1" in answer(built).content
