"""The Discord client: the game master behind slash commands, direct messages and buttons.

Cogs translate interactions into game master calls and replies into messages, nothing more
(design.md). The client owns the game master, the herald that delivers its replies, and the
task that fires deadlines; it never syncs its commands unless asked (Discord rate-limits it).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord
from discord.ext import commands

from cogs import mailbox
from cogs.errors import ErrorTree
from cogs.herald import Herald
from gm.announce import Reply
from gm.clock import Clock
from gm.service import GameMaster
from gm.timing import MAX_SLEEP, DeadlineRunner
from store.db import Database

log = logging.getLogger(__name__)

EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.fleet", "cogs.orders")
"""Every cog, loaded at start-up; each module has ``async def setup(bot)``."""
ALLOWED_MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True, replied_user=False)
"""The bot pings members it names on purpose (a mention), never @everyone or a role."""


class DiscordClock:
    """Discord's own idea of now (discord.utils.utcnow): real time in production, and the
    simulated time SimCord moves in the end-to-end tests."""

    def now(self) -> datetime:
        return discord.utils.utcnow()


class Bell(asyncio.Event):
    """An Event that also calls its listeners when set: the game master sets
    ``deadlines_changed`` after every change, and the sleeping deadline task must hear it."""

    def __init__(self) -> None:
        super().__init__()
        self.listeners: list[Callable[[], None]] = []

    def set(self) -> None:
        super().set()
        for listener in self.listeners:
            listener()


class DeadlineTask(DeadlineRunner):
    """The game master's deadline runner, asleep in a plain ``asyncio.sleep`` until the next
    deadline and woken (the sleep cancelled) when the deadlines change.

    The base class waits on an Event with a timeout, which does the same; but a plain sleep is
    what a simulated clock can move (SimCord, in the end-to-end tests, cannot tell an Event's
    wait from a hang), and it is just as exact. Only the sleep is ever cut short, never the
    firing and delivering of deadlines.
    """

    def __init__(self, gm: GameMaster, deliver: Callable[[Reply], Awaitable[None]], bell: Bell) -> None:
        super().__init__(gm, deliver)
        bell.listeners.append(self._wake)
        self._task: asyncio.Task[None] | None = None
        self._napping = False
        self._woken = False

    def start(self) -> asyncio.Task[None]:
        self._task = asyncio.create_task(self.run(), name="deadlines")
        return self._task

    def _wake(self) -> None:
        if self._napping and not self._woken and self._task is not None:
            self._woken = True
            self._task.cancel()

    async def _sleep(self) -> None:
        self.gm.deadlines_changed.clear()  # before looking, so no change is missed
        due = await self.gm.next_due()
        if self.gm.deadlines_changed.is_set():
            return  # changed while we looked: look again
        wait = MAX_SLEEP
        if due is not None:
            wait = min(MAX_SLEEP, max(0.0, (due - self.gm.clock.now()).total_seconds()))
        self._napping = True
        try:
            await asyncio.sleep(wait)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            # Woken by a change: carry on. Any other cancellation (the bot closing) stops the task.
            if not self._woken or (task is not None and task.uncancel() > 0):
                raise
        finally:
            self._napping = self._woken = False


@dataclass(frozen=True)
class Options:
    """How the client runs, from the environment (bot.py) or a test."""

    sync: bool = False
    """Sync the command tree with Discord at start-up (only when definitions changed)."""
    dev_guild: int | None = None
    """Sync to this server only (instant, for development) instead of globally."""
    deadlines: bool = True
    """Run the deadline task (tests may fire deadlines themselves)."""


class WarpWarBot(commands.Bot):
    """The client. Default intents only (no privileged ones): slash commands, buttons and DMs
    need none, and the owner's ``@bot sync`` works because mentions carry their content."""

    def __init__(
        self,
        db: Database,
        clock: Clock | None = None,
        options: Options | None = None,
        seeds: Callable[[int], int] | None = None,
    ) -> None:
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            tree_cls=ErrorTree,  # its on_error is in place before anything can fail
            allowed_mentions=ALLOWED_MENTIONS,
            help_command=None,
        )
        self.db = db
        self.options = options or Options()
        self.gm = GameMaster(db, clock or DiscordClock(), seeds)
        self.bell = Bell()
        self.gm.deadlines_changed = self.bell  # the game master rings it; the deadline task hears it
        self.herald = Herald(self)
        self._runner: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        for name in EXTENSIONS:
            await self.load_extension(name)
        # Buttons of messages sent before a restart: their custom ids name what they are for.
        from cogs import orders_ui  # here, not at the top: it imports this module

        self.add_dynamic_items(*orders_ui.DYNAMIC_ITEMS, *mailbox.DYNAMIC_ITEMS)
        await self.add_cog(Owner(self))
        if self.options.sync:
            await self.sync_commands()
        if self.options.deadlines:
            self._runner = DeadlineTask(self.gm, self.herald.deliver, self.bell).start()

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
        await ctx.send(f"Synced {len(names)} commands: {', '.join(sorted(names))}.")

    async def cog_command_error(self, ctx: commands.Context[Any], error: Exception) -> None:
        if isinstance(error, commands.CheckFailure):
            await ctx.send("Only the bot's owner can do that.")
        else:
            log.error("owner command %s failed", ctx.command, exc_info=error)
