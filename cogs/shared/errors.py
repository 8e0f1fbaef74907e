"""What a player sees when a command goes wrong, and what the log keeps.

Refusals are not errors here: the game master returns them as replies, and the herald shows
them privately. What reaches this module is either a check Discord's library made (the command
was used in a DM, say), told in plain words, or a bug: logged in full with a short reference,
while the player gets a brief apology carrying the same reference, so a report can be matched
to its traceback. The apology says truthfully whether the action was stored (its reply is kept
under the interaction's request id): "It was done: …" with that reply, so a lost answer is not
followed by a retry that does it twice. The game master is told that reply was not delivered, so
the same command sent again soon after (a new interaction) is recognised as a retry of it.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord
from discord import app_commands

from cogs.shared.answer import actor_of
from cogs.shared.text import MESSAGE_LIMIT

log = logging.getLogger(__name__)

APOLOGY = (
    "Sorry, something went wrong on my side (reference `{ref}`), and nothing was stored: "
    "check /warpwar status, try again, and if it keeps happening tell the server's admins the reference."
)
"""The action was not carried out (no reply is stored for this interaction): trying again is safe."""
DONE = "It was done: {text}\n(Only my answer went wrong, reference `{ref}`: there is no need to do it again.)"
"""The action was stored, and only the answer failed: the stored reply, so nobody does it twice."""
UNKNOWN = (
    "Sorry, something went wrong on my side (reference `{ref}`), and I cannot tell whether it was "
    "done: check /warpwar status (or your orders board) before trying again."
)
"""Even the check failed (the database cannot be read): the player looks before retrying."""

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
    await tell(interaction, await apology(interaction, ref))


async def apology(interaction: discord.Interaction, ref: str) -> str:
    """What the player is told about a bug, truthfully: whether their action was stored. A
    stored action has its reply kept under this interaction's request id (gm.core.once, in the
    same transaction as its effects), so finding it means it was done; the game master then
    knows its answer was lost (``answer_lost``), and answers a retry of it with that reply."""
    gm = getattr(interaction.client, "gm", None)
    request_id = actor_of(interaction).request_id
    if gm is None or request_id is None:
        return APOLOGY.format(ref=ref)
    try:
        stored = await gm.answered(request_id)
    except Exception:  # the database itself may be what failed
        log.exception("could not check whether request %s was stored", request_id)
        return UNKNOWN.format(ref=ref)
    if stored is None or not stored.ok:
        return APOLOGY.format(ref=ref)
    try:
        await gm.answer_lost(request_id)
    except Exception:  # the player is still told it was done; only a retry goes unrecognised
        log.exception("could not mark request %s as unanswered", request_id)
    done = DONE.format(text=stored.text or "your action stands.", ref=ref)
    if len(done) <= MESSAGE_LIMIT:
        return done
    room = MESSAGE_LIMIT - len(DONE.format(text="", ref=ref)) - 1
    return DONE.format(text=f"{stored.text[:room]}…", ref=ref)


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
