"""Item 16 of issue 10: the console offers every slash command Discord does, with the same
options, so a game learnt at the terminal plays the same in a server; and every command the
rules summary (item 15) shows is one Discord has, with options Discord knows."""

from __future__ import annotations

import re
from typing import Any

from discord import app_commands

from console.app import SPECS
from gm.warpwar.rules_summary import TOPICS, rules_text
from tests.cogs.conftest import World, answer, use

DISCORD_ONLY_OPTIONS = {"game"}
"""Discord's private commands work in DMs and name their game; the console's name the channel's."""
SPLIT = {"arena deadlines": "arena settings"}
"""Discord's 25 options a command: its Warp Arena deadlines are a command of their own, the
console's ``arena settings`` takes them all."""
OWN_FLOW = {"orders"}
"""Discord's /orders opens the orders board in a DM; the console's takes the orders as text."""


def slash_commands(world: World) -> dict[str, app_commands.Command[Any, ..., Any]]:
    return {
        c.qualified_name: c for c in world.bot.tree.walk_commands() if isinstance(c, app_commands.Command)
    }


async def test_item_16_the_console_has_every_discord_command_with_its_options(world: World) -> None:
    commands = slash_commands(world)
    named = {"move undo", "warpwar rules", "warpwar crt", "standing orders", "standing damage"}
    assert named <= set(commands)
    missing = sorted({SPLIT.get(name, name) for name in commands} - set(SPECS))
    assert missing == [], f"commands Discord has and the console lacks: {missing}"
    for name, command in commands.items():
        if name in OWN_FLOW:
            continue
        options = {p.name for p in command.parameters} - DISCORD_ONLY_OPTIONS
        console = {o.name for o in SPECS[SPLIT.get(name, name)].options}
        assert options <= console, f"/{name}: the console lacks {sorted(options - console)}"


async def test_item_16_every_command_the_rules_summary_shows_is_a_discord_command(world: World) -> None:
    commands = slash_commands(world)
    shown = [e for t in TOPICS.values() for s in t.says.values() for e in re.findall(r"`(/[^`]+)`", s)]
    assert len(shown) >= 10
    for example in shown:
        words = example[1:].split()
        name = " ".join(words[:2]) if " ".join(words[:2]) in commands else words[0]
        assert name in commands, example
        unquoted = re.sub(r'"[^"]*"', '""', example.split(name, 1)[1])
        options = {m.group(1) for m in re.finditer(r"\b(\w+):", unquoted)}
        assert options <= {p.name for p in commands[name].parameters}, example


async def test_item_15_discord_shows_the_same_summary(world: World) -> None:
    shown = await use(world.carol, world.channel, "warpwar rules", topic="damage")
    assert shown.ephemeral and answer(shown).content == rules_text("damage")
