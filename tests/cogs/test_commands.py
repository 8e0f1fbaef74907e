"""Every slash command within Discord's limits, and where each may be used.

discord.py checks names when a command is defined, and SimCord checks what it is given, but
neither counts options (more than 25 is accepted by both), so this walks the whole tree.
"""

from __future__ import annotations

import re
from dataclasses import fields
from typing import Any

import discord
from discord import app_commands

from cogs.warpwar.lobby import SETTING_OPTIONS
from gm.warpwar.settings import Settings
from tests.cogs.conftest import World, choose_ends, manager, use

NAME = re.compile(r"^[-_\w]{1,32}$")
LIMIT = 25


async def test_the_synced_tree_is_within_discords_limits(world: World) -> None:
    """After setup_hook (cogs loaded): names, descriptions, options and choices."""
    tree = world.bot.tree
    commands = list(tree.walk_commands())
    assert len(commands) >= 40
    for command in commands:
        assert NAME.match(command.name) and command.name == command.name.lower(), command.name
        assert 1 <= len(command.description) <= 100, command.qualified_name
        if isinstance(command, app_commands.Group):
            assert len(command.commands) <= LIMIT, command.qualified_name
            continue
        assert len(command.parameters) <= LIMIT, command.qualified_name
        for option in command.parameters:
            where = f"{command.qualified_name} {option.name}"
            assert NAME.match(option.name) and option.name == option.name.lower(), where
            assert 1 <= len(option.description) <= 100, where
            assert len(option.choices) <= LIMIT, where
            assert all(1 <= len(c.name) <= 100 for c in option.choices), where
    for top in tree.get_commands():
        assert isinstance(top, app_commands.Command | app_commands.Group), "no context menus"
        assert 1 <= len(top.description) <= 100


def test_every_game_setting_is_an_option() -> None:
    """A setting added to gm.warpwar.settings appears in /warpwar new, settings and defaults."""
    assert set(SETTING_OPTIONS) == {f.name for f in fields(Settings)}


async def test_play_is_guild_only_and_private_views_work_in_dms(world: World) -> None:
    tree = world.bot.tree
    for name in ("warpwar", "build", "move", "combat"):
        command = tree.get_command(name)
        assert command is not None and command.guild_only, name
    for name in ("fleet", "ship", "reports", "standing"):
        command = tree.get_command(name)
        assert command is not None and command.allowed_contexts is not None, name
        assert command.allowed_contexts.dm_channel and command.allowed_contexts.guild, name


async def test_the_commands_cover_the_console(world: World) -> None:
    """Discord offers every console command (console/commands.py), named the same way, except
    the console's own and what Discord does by DM (/orders, the other half of the DM flow)."""
    from console.commands import TABLE

    offered = set(world.alice.available_commands(world.channel))
    offered |= set(manager(world).available_commands(world.channel))
    by_dm = {"orders", "orders show"}
    renamed = {"map": "warpwar map", "fleetcard": "fleet", "standing": "standing orders"}
    missing = {name for name in TABLE if renamed.get(name, name) not in offered and name not in by_dm}
    assert not missing
    assert {"warpwar rules", "warpwar crt", "move undo", "standing orders", "standing damage"} <= offered


def filled(command: app_commands.Command[Any, ..., Any]) -> dict[str, Any]:
    """The least a member can type for the command's required options (the first choice, the
    smallest number, a ship's label)."""
    values: dict[str, Any] = {}
    for option in command.parameters:
        if not option.required:
            continue
        if option.choices:
            values[option.name] = option.choices[0].value
        elif option.type is discord.AppCommandOptionType.string:
            values[option.name] = "W1"
        elif option.type is discord.AppCommandOptionType.boolean:
            values[option.name] = True
        else:
            values[option.name] = option.min_value if option.min_value is not None else 1
    return values


OPENING = ("warpwar new", "arena new")
"""The commands that open a game: the test opens its own."""


async def test_every_command_answers_in_every_state(world: World) -> None:
    """No game, a game in its lobby, a running one: each command answers (a refusal, in plain
    words, privately), none leaves Discord saying the application did not respond."""
    ch, alice, bob = world.channel, world.alice, world.bob
    commands = {
        c.qualified_name: c for c in world.bot.tree.walk_commands() if isinstance(c, app_commands.Command)
    }
    offered = [name for name in alice.available_commands(ch) if name in commands and name not in OPENING]
    for state in ("none", "lobby", "running"):
        if state == "lobby":
            await use(alice, ch, "warpwar new", fixed_order=True)
        if state == "running":
            await use(bob, ch, "warpwar join")
            await use(alice, ch, "warpwar start")
            await choose_ends(world)
        for name in offered:
            if name in ("warpwar-admin abandon", "warpwar concede") and state != "none":
                continue  # they would end the game the next commands are tried on
            result = await use(bob, ch, name, **filled(commands[name]))
            if state == "none":
                assert result.ephemeral, f"/{name} refused in public"
