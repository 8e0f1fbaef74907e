"""``/fleet``, ``/ship``, ``/standing`` and ``/reports``: a player's own, private views and
standing orders.

They work in the game's channel (ephemeral there) and in a direct message with the bot; the
``game`` option names the game when the channel has none (autocomplete lists the user's games),
else the user's newest live game is meant.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shared.answer import respond
from cogs.shared.choices import game_choices
from cogs.warpwar.choices import ship_choices
from gm.announce import Reply, refused
from gm.core import Actor
from gm.service import GameMaster
from store import games

Text = app_commands.Range[str, 1, 300]
GAME = "the game (the channel's, else your newest)"
SHIP = "your ship's label or name, like W1 or Reliant"

OnGame = Callable[[GameMaster, Actor, int], Awaitable[Reply]]


async def on_game(interaction: discord.Interaction, game: int | None, call: OnGame) -> None:
    """A call about one game of the user's: the one named, else the channel's, else the newest."""
    channel_id = interaction.channel_id if interaction.guild_id is not None else None

    async def find(gm: GameMaster, actor: Actor) -> Reply:
        game_id = game
        if game_id is None and channel_id is not None:
            row = await games.latest_game_in(gm.db, channel_id)
            game_id = row.id if row is not None else None
        if game_id is None:
            mine = await gm.games_of(actor)
            game_id = mine[0].row.id if mine else None
        if game_id is None:
            return refused("You have no game running; name one with the game option.", "no-game")
        return await call(gm, actor, game_id)

    await respond(interaction, find)


async def fleet_with_card(gm: GameMaster, actor: Actor, game_id: int) -> Reply:
    """The fleet as text, and the fleet card as a picture."""
    return await gm.my_fleet(actor, game_id)


contexts = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
installs = app_commands.allowed_installs(guilds=True, users=False)


@app_commands.command(name="fleet", description="Your ships and Build Points, privately")
@app_commands.describe(game=GAME)
@app_commands.autocomplete(game=game_choices)
@contexts
@installs
async def fleet(interaction: discord.Interaction, game: int | None = None) -> None:
    await on_game(interaction, game, fleet_with_card)


@app_commands.command(name="ship", description="One of your ships in full, privately")
@app_commands.describe(label=SHIP, game=GAME)
@app_commands.autocomplete(label=ship_choices)
@app_commands.autocomplete(game=game_choices)
@contexts
@installs
async def ship(
    interaction: discord.Interaction, label: app_commands.Range[str, 1, 20], game: int | None = None
) -> None:
    await on_game(interaction, game, lambda gm, a, g: gm.ship(a, label, game_id=g))


@app_commands.command(name="reports", description="Your latest battle reports, privately")
@app_commands.describe(last="how many rounds", game=GAME)
@app_commands.autocomplete(game=game_choices)
@contexts
@installs
async def reports(
    interaction: discord.Interaction, last: app_commands.Range[int, 1, 10] = 1, game: int | None = None
) -> None:
    await on_game(interaction, game, lambda gm, a, g: gm.battle_reports(a, g, last))


@app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
@app_commands.allowed_installs(guilds=True, users=False)
class Standing(
    app_commands.Group, name="standing", description="Standing combat orders and damage priorities"
):
    """What a ship does when its player sends no orders in time (R-CBT-12), and where it takes
    hits first (R-DMG-2)."""

    @app_commands.command(name="orders", description="A ship's standing combat orders (leave out to clear)")
    @app_commands.describe(ship=SHIP, orders='like "W1 ATTACKS W2: D=2 B=3"; leave out to clear', game=GAME)
    @app_commands.autocomplete(ship=ship_choices)
    @app_commands.autocomplete(game=game_choices)
    async def orders(
        self,
        interaction: discord.Interaction,
        ship: Text,
        orders: Text | None = None,
        game: int | None = None,
    ) -> None:
        await on_game(interaction, game, lambda gm, a, g: gm.standing_orders(a, g, ship, orders))

    @app_commands.command(
        name="damage", description="Where a ship takes hits first (leave out for the default)"
    )
    @app_commands.describe(ship=SHIP, priority='like "A, S 2, B"; leave out for the default', game=GAME)
    @app_commands.autocomplete(ship=ship_choices)
    @app_commands.autocomplete(game=game_choices)
    async def damage(
        self,
        interaction: discord.Interaction,
        ship: Text,
        priority: Text | None = None,
        game: int | None = None,
    ) -> None:
        await on_game(interaction, game, lambda gm, a, g: gm.damage_priority(a, g, ship, priority or ""))


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(fleet)
    bot.tree.add_command(ship)
    bot.tree.add_command(reports)
    bot.tree.add_command(Standing())
