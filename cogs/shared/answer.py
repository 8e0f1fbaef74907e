"""Answering a command or a button with a game master call: who acts, the bot it came to, and
the reply delivered through the herald within Discord's 3-second window (cogs.shared.pace).

Cogs stay thin: read the options, call the game master through :func:`respond`, and let the
herald deliver the reply.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, cast

import discord

from cogs.shared import pace
from cogs.shared.context import GameBot
from gm.announce import Reply
from gm.aside import GameSetAside
from gm.core import Actor
from gm.service import GameMaster

log = logging.getLogger(__name__)

Call = Callable[[GameMaster, Actor], Awaitable[Reply]]
"""One game master call, given who acts: ``lambda gm, actor: gm.join(actor, channel_id)``."""


def actor_of(interaction: discord.Interaction) -> Actor:
    """Who acts, as the game master knows them: a server manager may run any game there, and
    the interaction's id makes a retried interaction harmless."""
    user = interaction.user
    manager = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    return Actor(user.id, user.display_name, manager=manager, request_id=f"discord:{interaction.id}")


def client_of(interaction: discord.Interaction) -> GameBot:
    """The bot an interaction came to (this module is below cogs.app, so it checks by shape)."""
    client = interaction.client
    assert hasattr(client, "gm") and hasattr(client, "herald"), "not the WarpWar bot"
    return cast("GameBot", client)


bot_of = client_of
actor = actor_of


async def respond(interaction: discord.Interaction, call: Call) -> None:
    """Answer a command with a game master call's reply (through the herald).

    The call usually takes milliseconds, and answering at once keeps a refusal private even for
    a command whose success is public. Discord's 3-second window is kept whatever the load
    (cogs.shared.pace): a call still running :data:`cogs.shared.pace.BUDGET` seconds after the interaction was
    created defers, privately; when the bot is busy, or the budget is spent before we begin,
    the interaction is deferred before the call can queue on a lock or the database.
    """
    bot = bot_of(interaction)
    async with bot.pace.within(interaction, lambda: bot.herald.defer(interaction, private=True)):
        try:
            reply = await call(bot.gm, actor(interaction))
        except GameSetAside as aside:  # a call that reads the game itself (gm.load) before acting
            reply = aside.refusal()
        finally:  # no deferral may be on its way when the answer (or the apology) is sent
            await pace.answering()
        await bot.herald.deliver(reply, interaction)


Method = Callable[..., Awaitable[Reply]]
"""An unbound GameMaster method (``GameMaster.join``), so mypy checks that it exists."""


async def on_channel(interaction: discord.Interaction, method: Method, **options: Any) -> None:
    """A call about the channel's game: ``method(gm, actor, channel_id, **options)``."""
    channel_id = channel_of(interaction)
    await respond(interaction, lambda gm, a: method(gm, a, channel_id, **options))


def channel_of(interaction: discord.Interaction) -> int:
    """The channel a command was used in (guild-only commands always have one)."""
    assert interaction.channel_id is not None
    return interaction.channel_id


def only(user_id: int) -> discord.AllowedMentions:
    """Ping the one member a message is for, nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=user_id)])
