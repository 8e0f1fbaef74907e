"""Autocomplete both games share: the user's games, and the helpers a game's own suggestions use.

Autocomplete only suggests; the game master checks every value again. An autocomplete cannot be
deferred, so each is :func:`bounded`: when the bot is busy, or its reads take longer than
:data:`cogs.shared.pace.SUGGEST` seconds, it offers nothing rather than a list that comes too late
(Discord drops it anyway).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Coroutine, Iterable
from typing import Any, TypeVar

import discord
from discord import app_commands

from cogs.shared.answer import actor, bot_of
from gm.aside import GameSetAside
from gm.core import Loaded

CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""

C = TypeVar("C", bound=app_commands.Choice[Any])
Suggest = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[C]]]


def bounded(suggest: Suggest[C]) -> Suggest[C]:
    """An autocomplete that answers in time or offers nothing (cogs.shared.pace.Pace.suggest)."""

    @functools.wraps(suggest)
    async def within(interaction: discord.Interaction, current: str) -> list[C]:
        return await bot_of(interaction).pace.suggest(interaction, suggest(interaction, current))

    return within


async def game_for(interaction: discord.Interaction) -> Loaded | None:
    """The game a command is about: its ``game`` option if filled in, else the channel's."""
    gm = bot_of(interaction).gm
    chosen = getattr(interaction.namespace, "game", None)
    if isinstance(chosen, int):
        return next((g for g in await gm.games_of(actor(interaction)) if g.row.id == chosen), None)
    if interaction.channel_id is None:
        return None
    found = await gm.game_in(interaction.channel_id)
    if found is None:
        return None
    try:
        return await gm.load(found.id)
    except GameSetAside:
        return None  # nothing to suggest: the game takes no commands


def matching(options: Iterable[tuple[str, str]], typed: str) -> list[app_commands.Choice[str]]:
    """Choices (shown name, value) whose name contains what was typed, those starting with it first."""
    needle = typed.strip().casefold()
    found = [(name, value) for name, value in options if needle in name.casefold()]
    found.sort(key=lambda o: not o[0].casefold().startswith(needle))
    return [app_commands.Choice(name=name[:100], value=value) for name, value in found[:CHOICES]]


@bounded
async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The user's live games, newest first (to name one from a DM or another channel)."""
    found = await bot_of(interaction).gm.games_of(actor(interaction))
    needle = current.strip().casefold()
    return [
        app_commands.Choice(name=f"#{g.row.id} {g.row.title}"[:100], value=g.row.id)
        for g in found
        if needle in f"#{g.row.id} {g.row.title}".casefold()
    ][:CHOICES]
