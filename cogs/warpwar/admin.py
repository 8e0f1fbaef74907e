"""``/warpwar-admin``: the tools of those who manage a server's games — pause, resume, extend,
abandon, release a game set aside after an error, and the server's defaults for new games.

The group is shown only to members who may manage the server (default permissions; a server
can grant it to others in its integration settings), so players never meet commands they may
not use. The game master checks again on every call: the creator of a game, or a manager.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shared.answer import on_channel, respond
from cogs.warpwar.lobby import settings_command
from gm.service import GameMaster


async def _defaults(interaction: discord.Interaction, values: dict[str, Any]) -> None:
    assert interaction.guild_id is not None
    guild_id = interaction.guild_id
    await respond(interaction, lambda gm, a: gm.server_defaults(a, guild_id, **values))


@app_commands.default_permissions(manage_guild=True)
class WarpWarAdmin(
    app_commands.Group,
    name="warpwar-admin",
    description="Manage this server's WarpWar games (server managers)",
    guild_only=True,
):
    """The ``/warpwar-admin`` group (guild-only, for members who may manage the server)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_command(
            settings_command("defaults", "Default settings for new games in this server", _defaults, {})
        )

    @app_commands.command(name="abandon", description="End this channel's game for everyone")
    async def abandon(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.abandon)

    @app_commands.command(name="pause", description="Stop the deadlines of this channel's game")
    async def pause(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.pause)

    @app_commands.command(name="resume", description="Start the deadlines again, moved on by the pause")
    async def resume(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.resume)

    @app_commands.command(name="extend", description="Move every deadline of this channel's game on")
    @app_commands.describe(hours="how many hours")
    async def extend(
        self, interaction: discord.Interaction, hours: app_commands.Range[float, 0.05, 336.0]
    ) -> None:
        await on_channel(interaction, GameMaster.extend, hours=hours)

    @app_commands.command(name="release", description="Put a game set aside after an error back in play")
    async def release(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.release)


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(WarpWarAdmin())
