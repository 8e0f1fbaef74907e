"""``/build``, ``/move`` and ``/combat``: the phases of a player-turn, in the game's channel.

Every subcommand is one game master call about the channel's game; the game master checks
whose turn and phase it is and everything typed (autocomplete only suggests). What the player
did privately (ship records, Build Points) comes back ephemeral; the news goes to the channel.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shared.answer import channel_of, on_channel, respond
from cogs.warpwar.choices import drop_choices, path_choices, ship_choices, star_choices
from gm.service import GameMaster

Text = app_commands.Range[str, 1, 200]
"""Typed text (a design, a path, amounts): long enough for any, short enough to echo back."""
Amount = app_commands.Range[int, 1, 10_000]
SHIP = "your ship's label or name, like W1 or Reliant"
STAR = "a star's name"


class Build(
    app_commands.Group, name="build", description="The build phase: ships, repairs, bases", guild_only=True
):
    @app_commands.command(name="ship", description="Build a ship at one of your bases")
    @app_commands.describe(
        star="the base star to build at", design='like "WG=1 PD=5 B=3 S=2"', name="a name for it"
    )
    @app_commands.autocomplete(star=star_choices)
    async def ship(
        self,
        interaction: discord.Interaction,
        star: Text,
        design: Text,
        name: app_commands.Range[str, 1, 20] | None = None,
    ) -> None:
        await on_channel(interaction, GameMaster.build_ship, star=star, design=design, name=name)

    @app_commands.command(name="repair", description="Repair a ship that began the turn at your base")
    @app_commands.describe(ship=SHIP, amounts='points to restore, like "B=2 S=1"')
    @app_commands.autocomplete(ship=ship_choices)
    async def repair(self, interaction: discord.Interaction, ship: Text, amounts: Text) -> None:
        await on_channel(interaction, GameMaster.repair, ship=ship, amounts=amounts)

    @app_commands.command(name="resupply", description="Buy Missiles (and Shells) for a ship at your base")
    @app_commands.describe(ship=SHIP, missiles="how many Missiles", shells="how many Shells (revised)")
    @app_commands.autocomplete(ship=ship_choices)
    async def resupply(
        self,
        interaction: discord.Interaction,
        ship: Text,
        missiles: app_commands.Range[int, 0, 999] = 0,
        shells: app_commands.Range[int, 0, 999] = 0,
    ) -> None:
        await on_channel(interaction, GameMaster.resupply, ship=ship, missiles=missiles, shells=shells)

    @app_commands.command(name="scrap", description="Scrap a ship at a base")
    @app_commands.describe(ship=SHIP)
    @app_commands.autocomplete(ship=ship_choices)
    async def scrap(self, interaction: discord.Interaction, ship: Text) -> None:
        await on_channel(interaction, GameMaster.scrap, ship=ship)

    @app_commands.command(name="base", description="Pay Build Points towards a new Base at a star")
    @app_commands.describe(star=STAR, amount="Build Points to pay")
    @app_commands.autocomplete(star=star_choices)
    async def base(self, interaction: discord.Interaction, star: Text, amount: Amount) -> None:
        await on_channel(interaction, GameMaster.build_base, star=star, amount=amount)

    @app_commands.command(name="load", description="Load Build Points into a ship's Holds")
    @app_commands.describe(ship=SHIP, amount="Build Points to load")
    @app_commands.autocomplete(ship=ship_choices)
    async def load(self, interaction: discord.Interaction, ship: Text, amount: Amount) -> None:
        await on_channel(interaction, GameMaster.load_hold, ship=ship, amount=amount)

    @app_commands.command(name="unload", description="Unload Build Points from a ship's Holds")
    @app_commands.describe(ship=SHIP, amount="Build Points to unload")
    @app_commands.autocomplete(ship=ship_choices)
    async def unload(self, interaction: discord.Interaction, ship: Text, amount: Amount) -> None:
        await on_channel(interaction, GameMaster.unload_hold, ship=ship, amount=amount)

    @app_commands.command(name="split", description="Share your starting Build Points among your bases")
    @app_commands.describe(allocation='like "Ur=10 Mosul=5 Larsu=5"')
    async def split(self, interaction: discord.Interaction, allocation: Text) -> None:
        await on_channel(interaction, GameMaster.split_bp, allocation=allocation)

    @app_commands.command(name="done", description="End your build phase")
    async def done(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.done, phase="build")


class Move(
    app_commands.Group, name="move", description="The move phase: ships and Systemships", guild_only=True
):
    @app_commands.command(name="ship", description="Move a ship along a path or to a destination")
    @app_commands.describe(
        ship=SHIP,
        path='stars or hexes in order, like "Umma Girsu 2017"',
        to="a destination (cheapest route)",
        drop='Systemships aboard to drop where the move ends, enemy there or not, like "S10 S11"',
    )
    @app_commands.autocomplete(ship=ship_choices, path=path_choices, to=path_choices, drop=drop_choices)
    async def ship(
        self,
        interaction: discord.Interaction,
        ship: Text,
        path: Text | None = None,
        to: Text | None = None,
        drop: Text | None = None,
    ) -> None:
        await on_channel(interaction, GameMaster.move, ship=ship, path=path, to=to, drop=drop)

    @app_commands.command(name="pickup", description="Take a Systemship aboard a Warpship")
    @app_commands.describe(ship="the carrying Warpship", systemship="the Systemship, like S10")
    @app_commands.autocomplete(ship=ship_choices, systemship=ship_choices)
    async def pickup(self, interaction: discord.Interaction, ship: Text, systemship: Text) -> None:
        await self._transfer(interaction, ship, systemship, drop=False)

    @app_commands.command(name="drop", description="Leave a Systemship where its carrier is")
    @app_commands.describe(ship="the carrying Warpship", systemship="the Systemship, like S10")
    @app_commands.autocomplete(ship=ship_choices, systemship=ship_choices)
    async def drop(self, interaction: discord.Interaction, ship: Text, systemship: Text) -> None:
        await self._transfer(interaction, ship, systemship, drop=True)

    @app_commands.command(name="undo", description="Take back your last move, if it met nobody")
    async def undo(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.undo)

    @app_commands.command(name="done", description="End your move phase, or the rearrangement after combat")
    async def done(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.done, phase="move")

    async def _transfer(
        self, interaction: discord.Interaction, carrier: str, systemship: str, drop: bool
    ) -> None:
        channel_id = channel_of(interaction)
        await respond(interaction, lambda gm, a: gm.transfer(a, channel_id, carrier, systemship, drop))


class Combat(app_commands.Group, name="combat", description="This turn's battles", guild_only=True):
    @app_commands.command(name="order", description="Choose the order of this turn's battles")
    @app_commands.describe(stars='the contested stars in the order to fight, like "Kish Ur"')
    async def order(self, interaction: discord.Interaction, stars: Text) -> None:
        await on_channel(interaction, GameMaster.order_battles, stars=stars)


async def setup(bot: commands.Bot) -> None:
    for group in (Build(), Move(), Combat()):
        bot.tree.add_command(group)
