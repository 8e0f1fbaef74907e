"""WarpWar's autocomplete: the user's ships, the map's stars, paths of stars and hexes, and the
map ends free to choose.

The lists come from the game master (gm.warpwar.choices), read from what the user knows of the
game (in a blind game, only that); here they are matched against what was typed."""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.shared.choices import bounded, game_for, matching
from engine.warpwar import GameState
from gm.warpwar import choices as offered


async def _seen(interaction: discord.Interaction) -> tuple[GameState, str | None] | None:
    """The WarpWar game's state and the user's seat name in it (None if they have none); None
    for a game of another kind, which has no ships or stars to suggest."""
    loaded = await game_for(interaction)
    if loaded is None or not isinstance(loaded.state, GameState):
        return None
    seat = loaded.seat_of(interaction.user.id)
    return loaded.state, seat.name if seat else None


@bounded
async def ship_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The user's own ships in the game (label, name and place)."""
    seen = await _seen(interaction)
    if seen is None or seen[1] is None:
        return []
    return matching(offered.ships(seen[0], seen[1]), current)


@bounded
async def star_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Stars of the game's map, the user's bases first."""
    seen = await _seen(interaction)
    if seen is None:
        return []
    return matching(offered.stars(*seen), current)


@bounded
async def path_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Stars or hex numbers for the last word of a path (``Umma Gir`` → ``Umma Girsu``)."""
    seen = await _seen(interaction)
    if seen is None:
        return []
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    places = offered.places(*seen, last)
    return matching(((f"{prefix}{p}", f"{prefix}{p}") for p in places), last)


@bounded
async def drop_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The Systemships aboard the ship being moved, for the last word of a drop on arrival
    (``S10 S1`` → ``S10 S11``)."""
    seen = await _seen(interaction)
    if seen is None or seen[1] is None:
        return []
    carrier = getattr(interaction.namespace, "ship", None)
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    aboard = offered.aboard(seen[0], seen[1], carrier if isinstance(carrier, str) else "")
    return matching(((f"{prefix}{name}", f"{prefix}{value}") for name, value in aboard), last)


@bounded
async def end_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The map ends free to choose, named with their home stars, while the ends are being chosen."""
    seen = await _seen(interaction)
    if seen is None:
        return []
    return matching(offered.ends(seen[0]), current)
