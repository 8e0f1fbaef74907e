"""bot.py's Discord mode: settings from the environment, syncing only on request, a clean stop
that closes the database; and the owner's ``@bot sync``."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import discord
import pytest

import bot
from cogs.app import Options, WarpWarBot
from store.sqlite import SqliteDatabase
from tests.cogs.conftest import World
from tests.console.helpers import bot as run_bot


def test_options_come_from_the_flags_and_the_environment() -> None:
    assert bot.discord_options(bot.arguments([]), {}) == Options(sync=False, dev_guild=None)
    synced = bot.discord_options(bot.arguments(["--sync"]), {"DEV_GUILD_ID": " 1234 "})
    assert synced == Options(sync=True, dev_guild=1234)
    assert "DEV_GUILD_ID must be a server's id" in str(
        bot.discord_options(bot.arguments([]), {"DEV_GUILD_ID": "x"})
    )


def test_item_15_4_how_long_requests_are_kept_comes_from_the_environment() -> None:
    """Issue 15, item 4: WARPWAR_REQUEST_DAYS, 30 days when unset; a wrong value stops the bot
    with one line (the console too)."""
    assert bot.requests_kept({}) == timedelta(days=30) == bot.requests_kept({"WARPWAR_REQUEST_DAYS": " "})
    assert bot.requests_kept({"WARPWAR_REQUEST_DAYS": "7.5"}) == timedelta(days=7.5)
    kept = bot.discord_options(bot.arguments([]), {"WARPWAR_REQUEST_DAYS": "2"})
    assert isinstance(kept, Options) and kept.requests_kept == timedelta(days=2)
    for wrong in ("0", "-3", "nan", "inf", "a week", "99999"):
        assert "WARPWAR_REQUEST_DAYS must be a number of days from 1 to 3650" in str(
            bot.requests_kept({"WARPWAR_REQUEST_DAYS": wrong})
        )


def test_a_wrong_request_days_setting_stops_the_console_with_one_line(tmp_path: Path) -> None:
    run = run_bot("--console", "--db", str(tmp_path / "db.sqlite3"), WARPWAR_REQUEST_DAYS="x")
    assert run.returncode == 2 and "WARPWAR_REQUEST_DAYS must be" in run.stderr


def test_sync_without_a_token_is_refused(tmp_path: Path) -> None:
    run = run_bot("--sync", "--db", str(tmp_path / "db.sqlite3"))
    assert run.returncode == 2 and "--sync registers the Discord commands" in run.stderr


async def test_a_refused_token_is_told_and_the_database_closed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    closed: list[str] = []
    close = SqliteDatabase.close

    async def start(self: WarpWarBot, token: str, *, reconnect: bool = True) -> None:
        raise discord.LoginFailure("Improper token has been passed.")

    async def noted(self: SqliteDatabase) -> None:
        closed.append(self.path)
        await close(self)

    monkeypatch.setattr(WarpWarBot, "start", start)
    monkeypatch.setattr(SqliteDatabase, "close", noted)
    assert await bot.run_discord("bad-token", tmp_path / "db.sqlite3", Options()) == 1
    assert closed == [str(tmp_path / "db.sqlite3")]
    assert "Discord refused DISCORD_TOKEN" in capsys.readouterr().err


async def test_a_start_without_sync_registers_nothing(world: World) -> None:
    def registrations() -> int:
        return sum(1 for r in world.env.http_requests if r.method == "PUT" and r.path.endswith("/commands"))

    assert registrations() == 1, "the test bot syncs once, as --sync does"
    await world.env.restart_bot(WarpWarBot(world.bot.db, options=Options(deadlines=False)))
    assert registrations() == 1, "a plain start (a restart) does not sync again"
    assert "warpwar new" in world.alice.available_commands(world.channel), "what was synced stays"


async def test_the_owner_can_sync_by_mentioning_the_bot(world: World) -> None:
    world.bot.owner_id = world.alice.id
    bot_user = world.bot.user
    assert bot_user is not None
    await world.alice.send(world.channel, f"<@{bot_user.id}> sync")
    last = world.channel.last_message
    assert last is not None and last.content.startswith("Synced ") and "warpwar" in last.content
