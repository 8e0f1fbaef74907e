"""Slash commands whose options are a game's settings, built from a table of them.

discord.py reads a command's options from its callback's signature, so both games' settings
commands (``/warpwar new``, ``/arena settings``...) build that signature from their table of
settings instead of writing each option out by hand.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Mapping, Sequence
from typing import Any

import discord
from discord import app_commands

Act = Callable[[discord.Interaction, dict[str, Any]], Awaitable[None]]
"""What a settings command does with the settings given (only those filled in)."""


def options_command(
    name: str,
    description: str,
    act: Act,
    options: Mapping[str, tuple[Any, str]],
    choices: Mapping[str, Sequence[app_commands.Choice[str]]] | None = None,
) -> app_commands.Command[Any, ..., None]:
    """A subcommand whose ``options`` (name: (type, description)) are all optional; ``act``
    gets those filled in. ``choices`` offers fixed values for some of them."""

    async def callback(interaction: discord.Interaction, /, **values: Any) -> None:
        await act(interaction, {k: v for k, v in values.items() if v is not None})

    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        )
    ]
    parameters += [
        inspect.Parameter(k, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=kind | None)
        for k, (kind, _) in options.items()
    ]
    callback.__signature__ = inspect.Signature(parameters)  # type: ignore[attr-defined]
    described = app_commands.describe(**{k: text for k, (_, text) in options.items()})(callback)
    offered = {k: list(v) for k, v in (choices or {}).items() if k in options}
    chosen = app_commands.choices(**offered)(described) if offered else described
    return app_commands.Command(name=name, description=description, callback=chosen)


def setting_text(value: object) -> str:
    """A setting's value as a player reads it: ``yes``, ``12``, ``1.5``."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return f"{value:g}" if isinstance(value, float) else str(value)


def settings_lines(values: Mapping[str, object]) -> str:
    """Settings one per line, as ``• phase hours: 24``."""
    return "\n".join(f"• {k.replace('_', ' ')}: {setting_text(v)}" for k, v in values.items())
