"""The /orders command: the player's open battles, anywhere, and the same orders flow as the
buttons under a round's announcement (cogs.warpwar.orders_ui).

It works in the bot's DM, in a server, and as a user-installed app in DMs between users and group
DMs, because orders are written where nobody else can read them: anywhere but the bot's own DM
every answer is ephemeral (cogs.shared.privacy).

Finding the player's battles reads every game of theirs, so the command reads within its budget
(cogs.warpwar.orders_flow.paced: deferred, privately, when the bot is busy or the budget runs out), and
the autocomplete of ``battle``, which cannot be deferred, offers nothing rather than a late list
(cogs.shared.pace.Pace.suggest).
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shared.answer import client_of
from cogs.warpwar import orders_ui
from cogs.warpwar.orders_flow import Fight, answer, open_fights, paced

CHOICES = 25
NO_BATTLE = "You have no battle waiting for your orders."
PICK = "You have battles in {n} places waiting for your orders; pick one:"


def _value(fight: Fight) -> str:
    return f"{fight.key.game_id}:{fight.key.star}"


def _name(fight: Fight) -> str:
    return f"{fight.title}: round {fight.key.round} at {fight.where}"[:100]


@app_commands.command(name="orders", description="Write your sealed orders for a battle")
@app_commands.describe(
    battle="The battle (leave empty to see them all)",
    replace="Yes: start from nothing and replace every order you sent (else new orders are added)",
)
@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)
@app_commands.allowed_installs(guilds=True, users=True)
async def orders_command(
    interaction: discord.Interaction, battle: str | None = None, replace: bool = False
) -> None:
    async with paced(interaction):
        await _orders(interaction, battle, replace)


async def _orders(interaction: discord.Interaction, battle: str | None, replace: bool) -> None:
    fights = await open_fights(interaction)
    if battle:
        fights = [f for f in fights if _value(f) == battle.strip()]  # autocomplete only suggests
    if not fights:
        await answer(interaction, NO_BATTLE if not battle else f"{NO_BATTLE} (not at that one, at least)")
        return
    if len(fights) == 1:
        await orders_ui.start_orders(interaction, fights[0], replacing=replace)
        return
    view = discord.ui.View(timeout=None)
    for fight in fights[:CHOICES]:
        button = orders_ui.OrdersButton(fight.key, "fresh" if replace else "write")
        button.item.label = _name(fight)[:80]
        view.add_item(button)
    await answer(interaction, PICK.format(n=len(fights)), view)


@orders_command.autocomplete("battle")
async def _battles(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    return await client_of(interaction).pace.suggest(interaction, _matching(interaction, typed))


async def _matching(interaction: discord.Interaction, typed: str) -> list[app_commands.Choice[str]]:
    wanted = typed.casefold()
    return [
        app_commands.Choice(name=_name(f), value=_value(f))
        for f in await open_fights(interaction)
        if wanted in _name(f).casefold()
    ][:CHOICES]


async def setup(bot: commands.Bot) -> None:
    """The command, and the listener that takes the flow's forms (they are not kept in memory)."""
    bot.tree.add_command(orders_command)
    bot.add_listener(orders_ui.on_modal, "on_interaction")


async def teardown(bot: commands.Bot) -> None:
    bot.remove_listener(orders_ui.on_modal, "on_interaction")
