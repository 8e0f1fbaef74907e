"""Helpers for the ``/arena`` end-to-end tests: a Warp Arena game opened with slash commands on
a bot whose dice are fixed (its server seed and every player's seed), and its stored state."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from cogs.app import Options, WarpWarBot
from engine.warparena.state import GameState
from store import games
from store.db import open_database
from tests.cogs.conftest import World, use

SECRET = bytes(range(100, 132))
"""The fixed server seed of every test game (R-WA-DICE-2): the same dice every run."""
SEEDS = ("alice-seed", "", "carol-8")
"""The players' own seeds, in seat order (bob gives none). With the generator's seed of the whole
game's test, carol's deals the Wild Warps so that a cancel is cancelled in turn."""


@pytest.fixture
async def simcord_bot(tmp_path: Path, bot_options: Options) -> AsyncIterator[WarpWarBot]:
    """The bot with fixed seeds for the turn order and the dice."""
    db = await open_database(tmp_path / "warpwar.sqlite3")
    bot = WarpWarBot(db, options=bot_options, seeds=lambda game_id: 1, secrets=lambda game_id: SECRET)
    try:
        yield bot
    finally:
        await db.close()


async def open_three(world: World, **choices: object) -> int:
    """alice opens a three-player game (with her seed), bob and carol join (carol with hers), alice starts."""
    ch = world.channel
    await use(world.alice, ch, "arena new", title="Arena One", players=3, seed=SEEDS[0], **choices)
    await use(world.bob, ch, "arena join")
    await use(world.carol, ch, "arena join", seed=SEEDS[2])
    started = await use(world.alice, ch, "arena start")
    assert started.response is not None and not started.ephemeral, started.response
    return await game_id(world)


async def game_id(world: World) -> int:
    row = await games.latest_game_in(world.bot.db, world.channel.id)
    assert row is not None
    return row.id


async def state_of(world: World) -> GameState:
    state = await world.bot.gm.stored_state(await game_id(world))
    assert isinstance(state, GameState)
    return state


async def version_of(world: World) -> int:
    row = await games.game_by_id(world.bot.db, await game_id(world))
    assert row is not None
    return row.version
