"""``/warpwar``: a game's life in its channel — opening, seats, settings, looking, managing.

Each subcommand reads its options and makes one game master call (cogs.shared.answer.respond); the
herald delivers the reply. The settings options of ``new``, ``settings`` and ``/warpwar-admin
defaults`` are made from gm.warpwar.settings.Settings, so a new setting appears in all three at
once. The tools of server managers are in their own group (cogs.warpwar.admin).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shared.answer import channel_of, on_channel, respond
from cogs.shared.options import Act, options_command, setting_text, settings_lines
from cogs.warpwar.choices import end_choices, star_choices
from engine.warpwar.mapgen import HOMES, MAX_HEXES
from engine.warpwar.rulesets import REVISED, SCENARIOS
from gm.announce import Reply, refused
from gm.core import Actor
from gm.service import GameMaster
from gm.warpwar.maps import map_names
from gm.warpwar.rules_summary import TOPICS, crt_text, rules_text
from gm.warpwar.settings import ANNOUNCE_CHOICES, BLIND_CHOICES, MAX_HOURS, MAX_SEED, MIN_HOURS, Settings
from store import games

Hours = app_commands.Range[float, MIN_HOURS, MAX_HOURS]
SETTING_OPTIONS: dict[str, tuple[Any, str]] = {
    "ruleset": (str, "classic (1977) or revised (1994) rules"),
    "scenario": (str, "learning (classic only), basic or advanced"),
    "map": (str, "warpwar, the printed map (2 players), or random: a map made from a seed"),
    "players": (app_commands.Range[int, 2, REVISED.max_players], "seats to fill before the start"),
    "homes": (str, "a random map's home ends: edge (around it) or spread (over it)"),
    "map_size": (app_commands.Range[int, 0, MAX_HEXES], "a random map's hexes; 0 sizes it for the players"),
    "map_seed": (app_commands.Range[int, 0, MAX_SEED], "a random map's seed (the same seed, the same map)"),
    "parallel_battles": (bool, "fight all of a turn's battles at once"),
    "fixed_order": (bool, "turn order as players joined, instead of drawn"),
    "phase_hours": (Hours, "hours for each phase: choosing the map end, build, move, rearrange"),
    "round_hours": (Hours, "hours to send the orders of one combat round"),
    "remind_hours": (Hours, "remind those who must act this many hours before a deadline"),
    "announce": (str, "phase: one post per phase, edited as it goes on; action: one per action"),
    "blind": (str, "ships: each sees only what their ships and stars show; map: the map is found too"),
}
"""Every game setting as an option: its type and what it means (Settings holds the defaults)."""

SETTING_CHOICES = {
    "ruleset": [app_commands.Choice(name=r, value=r) for r in ("classic", "revised")],
    "scenario": [app_commands.Choice(name=k, value=k) for k in sorted({k for _, k in SCENARIOS})],
    "map": [app_commands.Choice(name=m, value=m) for m in map_names()[:25]],
    "homes": [app_commands.Choice(name=h, value=h) for h in HOMES],
    "announce": [app_commands.Choice(name=a, value=a) for a in ANNOUNCE_CHOICES],
    "blind": [app_commands.Choice(name=b, value=b) for b in BLIND_CHOICES],
}


def settings_command(
    name: str, description: str, act: Act, extra: dict[str, tuple[Any, str]]
) -> app_commands.Command[Any, ..., None]:
    """A subcommand whose options are ``extra`` and every game setting, all optional."""
    options = {
        **extra,
        **{
            k: (kind, f"{text} (default {setting_text(getattr(Settings, k))})")
            for k, (kind, text) in SETTING_OPTIONS.items()
        },
    }
    return options_command(name, description, act, options, SETTING_CHOICES)


async def _new(interaction: discord.Interaction, values: dict[str, Any]) -> None:
    assert interaction.guild_id is not None
    guild_id, channel_id = interaction.guild_id, channel_of(interaction)
    await respond(interaction, lambda gm, a: gm.create(a, guild_id, channel_id, **values))


async def _settings(interaction: discord.Interaction, values: dict[str, Any]) -> None:
    """With options, change them; without, show them (privately)."""
    channel_id = channel_of(interaction)
    if values:
        await respond(interaction, lambda gm, a: gm.change_settings(a, channel_id, **values))
        return

    async def show(gm: GameMaster, actor: Actor) -> Reply:
        row = await games.latest_game_in(gm.db, channel_id)
        if row is None:
            return refused("There is no game in this channel; start one with /warpwar new.", "no-game")
        settings = (await gm.load(row.id)).shown_settings
        shown = settings_lines(settings)
        return Reply(True, f"Settings of **{row.title}**:\n{shown}", game_id=row.id, channel_id=channel_id)

    await respond(interaction, show)


async def map_reply(gm: GameMaster, actor: Actor, channel_id: int, around: str | None, mine: bool) -> Reply:
    """The channel's game map, zoomed around a star, public or (``mine``) as the user sees it."""
    row = await games.latest_game_in(gm.db, channel_id)
    if row is None:
        return refused("There is no map to show here yet: the game has not begun.", "not-running")
    return await gm.map_picture(actor, around=around or "", mine=mine, game_id=row.id)


class WarpWar(
    app_commands.Group, name="warpwar", description="WarpWar games in this channel", guild_only=True
):
    """The ``/warpwar`` group (guild-only: a game lives in a server's channel)."""

    def __init__(self) -> None:
        super().__init__()
        self.add_command(
            settings_command(
                "new",
                "Open a game in this channel (you take the first seat)",
                _new,
                {
                    "title": (app_commands.Range[str, 1, 80], "the game's name"),
                    "alliance": (app_commands.Range[str, 1, 30], "your alliance (revised rules)"),
                },
            )
        )
        self.add_command(
            settings_command(
                "settings",
                "Show the game's settings, or change them (deadlines and announce once running)",
                _settings,
                {},
            )
        )

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(alliance="your alliance (revised rules)")
    async def join(
        self, interaction: discord.Interaction, alliance: app_commands.Range[str, 1, 30] | None = None
    ) -> None:
        await on_channel(interaction, GameMaster.join, alliance=alliance)

    @app_commands.command(name="leave", description="Give up your seat before the game starts")
    async def leave(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.leave)

    @app_commands.command(name="start", description="Start the game once every seat is taken (its creator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.start)

    @app_commands.command(
        name="end", description="Choose your map end (the player moving second, before turn 1)"
    )
    @app_commands.describe(end="the end of the map you will defend, like north")
    @app_commands.autocomplete(end=end_choices)
    async def end(self, interaction: discord.Interaction, end: app_commands.Range[str, 1, 40]) -> None:
        await on_channel(interaction, GameMaster.choose_end, end=end)

    @app_commands.command(name="status", description="Where the game stands: turn, phase, players, deadline")
    async def status(self, interaction: discord.Interaction) -> None:
        channel_id = channel_of(interaction)
        await respond(interaction, lambda gm, a: gm.status(channel_id, a))

    @app_commands.command(name="map", description="The map, whole or around a star")
    @app_commands.describe(around="a star (or hex) to zoom around", mine="the map as you see it, privately")
    @app_commands.autocomplete(around=star_choices)
    async def map(
        self, interaction: discord.Interaction, around: str | None = None, mine: bool = False
    ) -> None:
        channel_id = channel_of(interaction)
        await respond(interaction, lambda gm, a: map_reply(gm, a, channel_id, around, mine))

    @app_commands.command(name="log", description="The story so far, a page at a time (1 is the latest)")
    @app_commands.describe(page="1 is the latest page")
    async def log(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1
    ) -> None:
        channel_id = channel_of(interaction)
        await respond(interaction, lambda gm, a: gm.log(channel_id, page))

    @app_commands.command(name="concede", description="Give up the game")
    async def concede(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.concede)

    @app_commands.command(name="rules", description="A short summary of one part of the rules")
    @app_commands.describe(topic="what to summarise")
    @app_commands.choices(topic=[app_commands.Choice(name=t.title, value=key) for key, t in TOPICS.items()])
    async def rules(self, interaction: discord.Interaction, topic: str) -> None:
        await interaction.response.send_message(rules_text(topic), ephemeral=True)

    @app_commands.command(name="crt", description="The Combat Results Table")
    async def crt(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(crt_text(), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(WarpWar())
