"""``/arena``: a Warp Arena game in its channel, from opening to the end.

Each subcommand reads its options and makes one game master call through
cogs.shared.answer.respond; the herald delivers the reply. Play is given in the engine's text
form (docs/warparena-notation.md): ``act`` takes any command, ``move``, ``place``, ``play``,
``pass`` and ``cancel`` build the common ones. Answers owed (a sealed card, a window) are also
buttons under their message (cogs.warparena.prompts).
"""

from __future__ import annotations

from dataclasses import asdict, fields
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from cogs.shared.answer import channel_of, on_channel, respond
from cogs.shared.options import Act, options_command, settings_lines
from cogs.warparena import looking
from cogs.warparena.acting import NO_GAME, act_in_channel, arena_in
from cogs.warparena.choices import answer_choices, hand_choices, move_choices
from gm.announce import Reply
from gm.core import Actor
from gm.service import GameMaster
from gm.warparena.kind import WARPARENA
from gm.warparena.reactions import REACTIONS
from gm.warparena.settings import ARENA_CHOICES, MAX_PLAYERS, MIN_PLAYERS, ArenaSettings

Text = app_commands.Range[str, 1, 400]
NEW_SETTINGS = ("players", "grids", "arena", *(f.name for f in fields(ArenaSettings) if f.type == "bool"))
"""What ``new`` takes beside the title and seed (Discord allows 25 options; deadlines: ``deadlines``)."""
SETTING_NAMES = tuple(f.name for f in fields(ArenaSettings))
DEADLINES = tuple(n for n in SETTING_NAMES if n.endswith(("_hours", "_minutes")))
"""The deadlines, in ``/arena deadlines`` (the rules are ``/arena settings``): 25 options at most each."""


def _option(name: str) -> tuple[Any, str]:
    """An ArenaSettings field as a slash option: its type and what it means, with its default."""
    default = getattr(ArenaSettings(), name)
    if isinstance(default, bool):
        return bool, f"optional rule {name.replace('_', ' ')} (default {'yes' if default else 'no'})"
    if name == "players":
        return app_commands.Range[int, MIN_PLAYERS, MAX_PLAYERS], f"seats to fill (default {default})"
    if isinstance(default, int):
        return int, f"{name} (default {default})"
    if isinstance(default, float):
        unit = "minutes" if name.endswith("_minutes") else "hours"
        what = name.removesuffix("_hours").removesuffix("_minutes").replace("_", " ")
        return float, f"{unit} for {what} (default {default:g})"
    return str, f"{name}: {' or '.join(ARENA_CHOICES)} (default {default})"


def _command(
    name: str, description: str, names: tuple[str, ...], extra: dict[str, tuple[Any, str]], act: Act
) -> app_commands.Command[Any, ..., None]:
    """A subcommand whose options are ``extra`` and the named settings, all optional (built
    from the settings, so a new setting appears by itself)."""
    options = {**extra, **{n: _option(n) for n in names}}
    arenas = [app_commands.Choice(name=a, value=a) for a in ARENA_CHOICES]
    return options_command(name, description, act, options, {"arena": arenas})


async def _new(interaction: discord.Interaction, values: dict[str, Any]) -> None:
    assert interaction.guild_id is not None
    guild_id, channel_id = interaction.guild_id, channel_of(interaction)
    await respond(interaction, lambda gm, a: gm.create(a, guild_id, channel_id, kind=WARPARENA, **values))


async def _settings(interaction: discord.Interaction, values: dict[str, Any]) -> None:
    """With options, change them; without, show them (privately)."""
    channel_id = channel_of(interaction)
    if values:

        async def change(gm: GameMaster, actor: Actor) -> Reply:
            found = await arena_in(gm, channel_id)
            return (
                found if isinstance(found, Reply) else await gm.change_settings(actor, channel_id, **values)
            )

        await respond(interaction, change)
        return

    async def show(gm: GameMaster, actor: Actor) -> Reply:
        found = await arena_in(gm, channel_id)
        if isinstance(found, Reply):
            return found
        shown = settings_lines(asdict(found.settings))
        return Reply(True, f"Settings of **{found.row.title}**:\n{shown}", game_id=found.row.id)

    await respond(interaction, show)


async def _act(interaction: discord.Interaction, text: str) -> None:
    channel_id = channel_of(interaction)
    await respond(interaction, lambda gm, a: act_in_channel(gm, a, channel_id, text))


class Arena(
    app_commands.Group, name="arena", description="Warp Arena games in this channel", guild_only=True
):
    """The ``/arena`` group (guild-only: a game lives in a server's channel)."""

    def __init__(self) -> None:
        super().__init__()
        extra = {
            "title": (app_commands.Range[str, 1, 80], "the game's name"),
            "seed": (app_commands.Range[str, 1, 64], "your own seed for the dice (public)"),
        }
        self.add_command(
            _command(
                "new",
                "Open a Warp Arena game in this channel (you take the first seat)",
                NEW_SETTINGS,
                extra,
                _new,
            )
        )
        rules = tuple(n for n in SETTING_NAMES if n not in DEADLINES)
        shown = "Show the game's settings, or change"
        self.add_command(_command("settings", f"{shown} its rules", rules, {}, _settings))
        self.add_command(_command("deadlines", f"{shown} its deadlines", DEADLINES, {}, _settings))

    @app_commands.command(name="join", description="Take a seat in this channel's game")
    @app_commands.describe(seed="your own seed for the dice (public from now on)")
    async def join(
        self, interaction: discord.Interaction, seed: app_commands.Range[str, 1, 64] | None = None
    ) -> None:
        await on_channel(interaction, GameMaster.join, seed=seed)

    @app_commands.command(name="start", description="Start the game once every seat is taken (its creator)")
    async def start(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, GameMaster.start)

    @app_commands.command(
        name="act", description="Any command in the text form: draw, rotate 9 by 2, seal 12..."
    )
    @app_commands.describe(text="what to do, as written in the notation")
    @app_commands.autocomplete(text=answer_choices)
    async def act(self, interaction: discord.Interaction, text: Text) -> None:
        await _act(interaction, text)

    @app_commands.command(name="move", description="Move a piece: H1 9-3 9-4, or H1 engages W2")
    @app_commands.describe(text="the piece and the hexes it moves through, a step at a time")
    @app_commands.autocomplete(text=move_choices)
    async def move(self, interaction: discord.Interaction, text: Text) -> None:
        await _act(interaction, text)

    @app_commands.command(
        name="place", description="Set-up: place a grid or a piece (place-grid ..., or H1 9-3)"
    )
    @app_commands.describe(text="a grid (place-grid 9 at ...) or a piece and its hex (H1 9-3)")
    async def place(self, interaction: discord.Interaction, text: Text) -> None:
        line = text.strip()
        first = line.split()[0].lower() if line else ""
        await _act(interaction, line if first.startswith("place") else f"place {line}")

    @app_commands.command(name="play", description="Play a special card: 81 as warp-grid, 12 on 7")
    @app_commands.describe(text="the card (from your hand), then what it needs: on 9, as warp-grid")
    @app_commands.autocomplete(text=hand_choices)
    async def play(self, interaction: discord.Interaction, text: Text) -> None:
        await _act(interaction, f"play {text}")

    @app_commands.command(name="pass", description="Let the play in the reaction window stand")
    async def pass_(self, interaction: discord.Interaction) -> None:
        await _act(interaction, "pass")

    @app_commands.command(
        name="cancel", description="Cancel the play in the reaction window with a Wild Warp"
    )
    @app_commands.describe(text="which card of the play to cancel, if it has several")
    async def cancel(self, interaction: discord.Interaction, text: Text | None = None) -> None:
        await _act(interaction, f"cancel {text}" if text else "cancel")

    @app_commands.command(name="hand", description="Your cards (only you see them)")
    async def hand(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, looking.hand)

    @app_commands.command(
        name="status", description="Where the game stands: turn, order, whose phase, who it waits on"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, looking.status)

    @app_commands.command(name="map", description="The arena as it is now")
    async def map(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, looking.arena_map)

    @app_commands.command(name="log", description="The story so far, a page at a time (1 is the latest)")
    async def log(
        self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1
    ) -> None:
        await on_channel(interaction, looking.log, page=page)

    @app_commands.command(name="dice", description="How the dice are fair, and the seeds to check them")
    async def dice(self, interaction: discord.Interaction) -> None:
        await on_channel(interaction, looking.dice)

    @app_commands.command(name="reactions", description="Your standing answer to reaction windows")
    @app_commands.describe(answer="pass on actions, pass on cards, or ask me; leave out to see yours")
    @app_commands.choices(answer=[app_commands.Choice(name=r, value=r) for r in REACTIONS])
    async def reactions(self, interaction: discord.Interaction, answer: str | None = None) -> None:
        await on_channel(interaction, looking.reactions, answer=answer or "")

    @app_commands.command(name="concede", description="Give up the game")
    async def concede(self, interaction: discord.Interaction) -> None:
        await _act(interaction, "concede")


async def setup(bot: commands.Bot) -> None:
    bot.tree.add_command(Arena())


__all__ = ["NO_GAME", "Arena", "setup"]
