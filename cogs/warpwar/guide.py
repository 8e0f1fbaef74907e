"""``/help`` and ``/games``: what to do next, without having to ask.

``/help`` is a short guide, with the next step in the channel's game when used in one;
``/games`` lists the member's games on this server, those waiting for them first, with their
deadlines and links to their channels. Both answer privately.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shared.answer import respond


@app_commands.command(name="help", description="How to play, and your next step in this channel's game")
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
async def help_command(interaction: discord.Interaction) -> None:
    channel_id = interaction.channel_id if interaction.guild_id is not None else None
    await respond(interaction, lambda gm, a: gm.help(a, channel_id))


@app_commands.command(name="games", description="Your games on this server: whose turn, deadlines, links")
@app_commands.guild_only()
async def games_command(interaction: discord.Interaction) -> None:
    assert interaction.guild_id is not None
    guild_id = interaction.guild_id
    await respond(interaction, lambda gm, a: gm.my_games(a, guild_id))


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(help_command)
    bot.tree.add_command(games_command)
