"""What a player sees when a command goes wrong, and what the log keeps.

Refusals are not errors here: the game master returns them as replies, and the herald shows
them privately. What reaches this module is either a check Discord's library made (the command
was used in a DM, say), told in plain words, or a bug: logged in full with a short reference,
while the player gets a brief apology carrying the same reference, so a report can be matched
to its traceback.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

log = logging.getLogger(__name__)

APOLOGY = (
    "Sorry, something went wrong on my side (reference `{ref}`). Nothing you typed was lost: "
    "check /warpwar status, try again, and if it keeps happening tell the server's admins the reference."
)

CHECKS: dict[type[app_commands.AppCommandError], str] = {
    app_commands.NoPrivateMessage: "This command works in a server's channel, not in direct messages.",
    app_commands.MissingPermissions: "You do not have the permissions this command needs.",
    app_commands.BotMissingPermissions: (
        "I am missing permissions in this channel (Send Messages, Embed Links, Attach Files)."
    ),
    app_commands.TransformerError: "I could not read one of the options; pick it from the list.",
}
"""Failed checks and options, told in plain words (no reference: these are not bugs)."""


def reference() -> str:
    """A short code that ties the apology a player saw to the log entry with the traceback."""
    return secrets.token_hex(3).upper()


class ErrorTree(app_commands.CommandTree[Any]):
    """The command tree with one handler for every command's errors (set as ``tree_cls``, so it is
    in place from the client's construction, before any test harness or command can run)."""

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)


async def report(interaction: discord.Interaction, error: Exception) -> None:
    """Tell the user what went wrong (privately); log it with a reference if it is a bug."""
    for kind, text in CHECKS.items():
        if isinstance(error, kind):
            await tell(interaction, text)
            return
    if isinstance(error, app_commands.CheckFailure):
        await tell(interaction, "You cannot use this command here.")
        return
    ref = reference()
    command = interaction.command.qualified_name if interaction.command else "a component"
    original = getattr(error, "original", error)
    log.error(
        "error %s in %s (user %s, channel %s)",
        ref,
        command,
        interaction.user.id,
        interaction.channel_id,
        exc_info=original,
    )
    await tell(interaction, APOLOGY.format(ref=ref))


async def tell(interaction: discord.Interaction, text: str) -> None:
    """A private message to the user, whether or not the interaction was answered already; if even
    that fails (the interaction expired), the log has it."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as failed:
        log.warning("could not tell user %s about an error: %s", interaction.user.id, failed)
