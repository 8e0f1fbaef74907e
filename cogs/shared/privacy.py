"""Where an answer for one person's eyes may be a plain message, decided by the interaction's
context as Discord reports it, never by the channel having no server.

Only the bot's own DM with the player (context "bot DM") is private as it stands: a plain message
there lasts and can be read back by a later click. A DM between two users or a group DM (context
"private channel", where a user-installed app answers) is read by everyone in it, and a server's
channel by its members: there a private answer must be ephemeral. An interaction that names no
context is taken as shared, so a doubt never shows sealed orders to an opponent.
"""

from __future__ import annotations

import discord


def in_bot_dm(interaction: discord.Interaction) -> bool:
    """Whether the interaction comes from the player's own DM with the bot (nobody else reads it)."""
    return bool(interaction.context.dm_channel) and not interaction.context.private_channel


def hidden(interaction: discord.Interaction, private: bool) -> bool:
    """Whether an answer is ephemeral: a private one anywhere but the bot's own DM, where a plain
    message is private already and lasts (an ephemeral one is gone once the app reloads)."""
    return private and not in_bot_dm(interaction)
