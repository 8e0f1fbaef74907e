"""The Discord client: the game master behind slash commands, direct messages and buttons.

Cogs translate interactions into game master calls and replies into messages, nothing more
(design.md). This module is the top of cogs/: it builds the bot from parts that never import it
(cogs.shared, and each game's cogs.warpwar), handing them what they need (the game master, the
herald, the pace) in constructors or through the bot's typed shape (cogs.shared.context). The
client owns the game master, the herald that delivers its replies, and the
task that fires deadlines; it never syncs its commands unless asked (Discord rate-limits it).

The bot runs the shards its options name (cogs.shards: ``SHARD_COUNT``, ``SHARD_IDS``); several
processes, each with its own shards, share one PostgreSQL database. Nothing here belongs to a
shard: a game is read from the database whichever process an interaction reaches, announcements
go to a game's channel by its id (fetched when this process does not have it, its server being
on another's shard), and every process's deadline task claims due deadlines in the database, so
each fires once (gm.timing).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shards import ONE_SHARD, Shards
from cogs.shared import mailbox
from cogs.shared.errors import ErrorTree
from cogs.shared.herald import Herald
from cogs.shared.pace import Pace
from cogs.warparena import prompts
from cogs.warpwar import end_buttons, orders_ui, turn_buttons
from cogs.warpwar.hooks import HOOKS
from engine.text import plural
from gm.clock import Clock
from gm.core import REQUESTS_KEPT
from gm.service import GameMaster
from gm.timing import DeadlineRunner
from store.db import Database

log = logging.getLogger(__name__)

EXTENSIONS = (
    *(f"cogs.warpwar.{name}" for name in ("lobby", "admin", "play", "fleet", "orders", "guide")),
    "cogs.warparena.commands",
)
"""Every cog, loaded at start-up; each module has ``async def setup(bot)``."""
ALLOWED_MENTIONS = discord.AllowedMentions.none()
"""Nobody is pinged unless a message says whom: text from users (a game's title, a nickname)
may hold ``<@id>`` or ``@everyone``, so by default no mention pings. A turn's call and the
messages for a member whose DMs are closed allow their one member (cogs.shared.answer.only)."""


class DiscordClock:
    """Discord's own idea of now (discord.utils.utcnow): real time in production, and the
    simulated time SimCord moves in the end-to-end tests."""

    def now(self) -> datetime:
        return discord.utils.utcnow()


@dataclass(frozen=True)
class Options:
    """How the client runs, from the environment (bot.py) or a test."""

    sync: bool = False
    """Sync the command tree with Discord at start-up (only when definitions changed)."""
    dev_guild: int | None = None
    """Sync to this server only (instant, for development) instead of globally."""
    deadlines: bool = True
    """Run the deadline task (tests may fire deadlines themselves)."""
    requests_kept: timedelta = REQUESTS_KEPT
    """How long answered requests are kept before the deadline task prunes them."""
    shards: Shards = ONE_SHARD
    """The bot's shard count and the shards this process runs (one shard of one by default)."""


SERVER_INSTALL = app_commands.AppInstallationType(guild=True, user=False)
SERVER_ONLY = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)
"""Every command's default: installed with the bot in a server, used in its channels."""


class WarpWarBot(commands.AutoShardedBot):
    """The client. Default intents only (no privileged ones): slash commands, buttons and DMs
    need none, and the owner's ``@bot sync`` works because mentions carry their content.
    Sharded always, so one class serves one process on one shard and many processes on many."""

    def __init__(
        self,
        db: Database,
        clock: Clock | None = None,
        options: Options | None = None,
        seeds: Callable[[int], int] | None = None,
        secrets: Callable[[int], bytes] | None = None,
    ) -> None:
        options = options or Options()
        super().__init__(
            command_prefix=commands.when_mentioned,
            shard_count=options.shards.count,
            shard_ids=list(options.shards.running),
            intents=discord.Intents.default(),
            tree_cls=ErrorTree,  # its on_error is in place before anything can fail
            allowed_mentions=ALLOWED_MENTIONS,
            help_command=None,
            # Chosen on purpose (README, "For server owners"): a command is the server's unless it
            # says otherwise; only /orders may be installed by a user and used in their DMs.
            allowed_installs=SERVER_INSTALL,
            allowed_contexts=SERVER_ONLY,
        )
        self.db = db
        self.options = options
        self.gm = GameMaster(
            db, clock or DiscordClock(), seeds, secrets=secrets, requests_kept=self.options.requests_kept
        )
        self.herald = Herald(self, self.gm, db, HOOKS, {**prompts.VIEWS, **end_buttons.VIEWS})
        self.pace = Pace()
        """Calls in flight, so that every interaction is acknowledged in time (cogs/shared/pace.py)."""
        self._runner: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        for name in EXTENSIONS:
            await self.load_extension(name)
        # Buttons of messages sent before a restart: their custom ids name what they are for.
        self.add_dynamic_items(
            *orders_ui.DYNAMIC_ITEMS,
            *mailbox.DYNAMIC_ITEMS,
            *turn_buttons.DYNAMIC_ITEMS,
            *end_buttons.DYNAMIC_ITEMS,
            *prompts.DYNAMIC_ITEMS,
        )
        await self.add_cog(Owner(self))
        if self.options.sync:
            await self.sync_commands()
        await self.gm.check_games()  # a broken game is set aside before any deadline fires
        if self.options.deadlines:
            self._runner = DeadlineRunner(self.gm, self.herald.deliver).start()

    async def on_ready(self) -> None:
        """Connected, at start-up or again after a lost connection: the announcements a crash
        or an outage left undelivered go out now, in order, once (gm.outbox)."""
        await self.herald.deliver_all_waiting()

    async def on_resumed(self) -> None:
        """A lost connection resumed: news that found Discord down goes out now (as on_ready)."""
        await self.herald.deliver_all_waiting()

    async def sync_commands(self) -> list[str]:
        """Register the slash commands with Discord (globally, or in the development server)."""
        if self.options.dev_guild is not None:
            guild = discord.Object(id=self.options.dev_guild)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands", len(synced))
        return [c.name for c in synced]

    async def close(self) -> None:
        """Stop the deadline task and disconnect; the database belongs to whoever opened it
        (bot.py closes it after this returns)."""
        if self._runner is not None:
            self._runner.cancel()
        await super().close()


class Owner(commands.Cog):
    """The bot owner's tools, as mention commands (``@WarpWar sync``): they work before any
    slash command is registered, and need no privileged intent."""

    def __init__(self, bot: WarpWarBot) -> None:
        self.bot = bot

    @commands.command(name="sync")
    @commands.is_owner()
    async def sync(self, ctx: commands.Context[WarpWarBot]) -> None:
        """Register the slash commands with Discord again (after an update changed them)."""
        names = await self.bot.sync_commands()
        await ctx.send(f"Synced {plural(len(names), 'command')}: {', '.join(sorted(names))}.")

    async def cog_command_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        if isinstance(error, commands.CheckFailure):
            await ctx.send("Only the bot's owner can do that.")
        else:
            log.error("owner command %s failed", ctx.command, exc_info=error)
