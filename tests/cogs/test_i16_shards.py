"""Issue 16, item 3: the bot on shards. ``SHARD_COUNT`` and ``SHARD_IDS`` choose the shards a
process runs (cogs.shards); the bot is discord.py's AutoShardedBot on them; a process answers the
interactions its shards bring, direct messages on shard 0, and announces a game whose server is on
another process's shard by the channel's id (fetched, not cached)."""

from __future__ import annotations

from pathlib import Path

import discord
import pytest
import simcord

import bot
from cogs.app import Options, WarpWarBot
from cogs.shards import ONE_SHARD, Shards, read_shard_ids, shards_from
from gm.core import Actor
from store.db import open_database
from tests.cogs.conftest import answer, text_of, use

HOUR = 3600


def test_shards_come_from_shard_count_and_shard_ids() -> None:
    assert shards_from({}) == ONE_SHARD == Shards(1, None)
    assert shards_from({"SHARD_COUNT": "4"}) == Shards(4, None)
    assert shards_from({"SHARD_COUNT": " 8 ", "SHARD_IDS": "0-3"}) == Shards(8, (0, 1, 2, 3))
    assert shards_from({"SHARD_COUNT": "4", "SHARD_IDS": "2, 0"}) == Shards(4, (0, 2))
    assert read_shard_ids("0-1,4", 5) == (0, 1, 4)
    assert Shards(3).running == (0, 1, 2) and Shards(4, (1, 3)).running == (1, 3)


@pytest.mark.parametrize(
    ("environ", "told"),
    [
        ({"SHARD_IDS": "0-3"}, "SHARD_IDS needs SHARD_COUNT"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be a whole number from 1 to 4096, not '0'"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT must be a whole number from 1 to 4096, not 'two'"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "3-1"}, "SHARD_IDS must be shard numbers and ranges"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0,,1"}, "SHARD_IDS must be shard numbers and ranges"),
        (
            {"SHARD_COUNT": "4", "SHARD_IDS": "2-4"},
            "SHARD_IDS names shard 4, but SHARD_COUNT=4 numbers them 0 to 3",
        ),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-99999999999"}, "SHARD_IDS names shard 99999999999"),
        ({"SHARD_COUNT": "4", "SHARD_IDS": "0-2,1"}, "SHARD_IDS names a shard twice"),
    ],
)
def test_wrong_shard_settings_are_told_in_one_line(environ: dict[str, str], told: str) -> None:
    """A wrong setting stops bot.py with one line (as DEV_GUILD_ID's does)."""
    options = bot.discord_options(bot.arguments([]), environ)
    assert isinstance(options, str) and options.startswith(told)


def test_the_bot_options_carry_the_shards() -> None:
    options = bot.discord_options(bot.arguments([]), {"SHARD_COUNT": "16", "SHARD_IDS": "4-7"})
    assert isinstance(options, Options) and options.shards == Shards(16, (4, 5, 6, 7))


def test_a_postgresql_address_is_kept_whole() -> None:
    """WARPWAR_DB or --db naming PostgreSQL is an address, not a path (whose ``//`` would fold)."""
    address = "postgresql://warpwar@db.example/warpwar?sslmode=require"
    assert bot.database_target(address) == address
    assert bot.database_target("data/games.sqlite3") == Path("data/games.sqlite3")
    setup = bot.setup_from(bot.arguments(["--db", address]), Options().requests_kept)
    assert setup.db == address and setup.pictures == Path("data/pictures")


async def test_the_bot_runs_the_shards_it_is_given(tmp_path: Path) -> None:
    """Built, not connected: discord.py's AutoShardedClient with the count and the ids."""
    db = await open_database(tmp_path / "games.sqlite3")
    try:
        sharded = WarpWarBot(db, options=Options(shards=Shards(8, (2, 3))))
        assert isinstance(sharded, discord.AutoShardedClient)
        assert sharded.shard_count == 8 and sharded.shard_ids == [2, 3]
        alone = WarpWarBot(db)
        assert alone.shard_count == 1 and alone.shard_ids == [0], "one shard, as a plain bot"
    finally:
        await db.close()


def players(
    env: simcord.Env, shard: int
) -> tuple[simcord.GuildHandle, simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    """A server on ``shard`` with a channel and two members."""
    guild = env.create_guild(f"Shard {shard} guild", shard_id=shard)
    channel = guild.create_text_channel("warroom")
    alice = guild.add_member(env.create_user(f"alice{shard}"))
    bob = guild.add_member(env.create_user(f"bob{shard}"))
    return guild, channel, alice, bob


@pytest.mark.parametrize("bot_options", [Options(sync=True, deadlines=False, shards=Shards(2))])
async def test_one_process_on_two_shards_plays_in_servers_on_each_and_by_dm(simcord_env: simcord.Env) -> None:
    """Each server's interactions come on its shard; a player's direct message on shard 0."""
    client = simcord_env.bot
    assert isinstance(client, WarpWarBot) and sorted(client.shards) == [0, 1]
    for shard in (0, 1):
        guild_handle, channel, alice, bob = players(simcord_env, shard)
        guild = client.get_guild(guild_handle.id)
        assert guild is not None and guild.shard_id == shard
        await use(alice, channel, "warpwar new", fixed_order=True)
        await use(bob, channel, "warpwar join")
        started = await use(alice, channel, "warpwar start")
        assert started.acknowledged
        fleet = await alice.user.slash("fleet")
        assert "You have no game running" not in answer(fleet).content, "the DM found the game"


@pytest.mark.parametrize(
    "bot_options", [Options(sync=True, deadlines=True, shards=Shards(2, (1,)))], ids=["shard 1 of 2"]
)
async def test_a_deadline_of_a_server_on_another_shard_is_fired_and_announced(
    simcord_env: simcord.Env,
) -> None:
    """The process of shard 1 alone: a game whose server is on shard 0 (another process's, whose
    interactions never reach this one) has its deadline claimed here, and its news posted in its
    channel, fetched by id since this process does not cache that server."""
    client = simcord_env.bot
    assert isinstance(client, WarpWarBot)
    guild_handle, channel, alice, bob = players(simcord_env, 0)
    assert client.get_guild(guild_handle.id) is None and client.get_channel(channel.id) is None
    gm = client.gm
    created = await gm.create(
        Actor(alice.id, "alice0"), guild_handle.id, channel.id, fixed_order=True, phase_hours=2.0
    )
    assert created.ok, created.text
    assert (await gm.join(Actor(bob.id, "bob0"), channel.id)).ok
    assert (await gm.start(Actor(alice.id, "alice0"), channel.id)).ok
    await simcord_env.advance_time(2 * HOUR + 60)
    public = [text_of(m) for m in channel.history(viewer=bob)]
    assert any("The deadline passed." in text for text in public), public
