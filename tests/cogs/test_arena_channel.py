"""Issue 13 item 5 on Discord: a quiet channel during Warp Arena's set-up (R-WA-X-73).

Every placement used to post a whole arena picture of its own; now set-up is one message, its
lines growing and its picture replaced as grids and pieces are placed, and the news after it
(initiative, turn 1) is a post of its own."""

from __future__ import annotations

import random

import discord

from engine.warparena.commands import PlaceGrid, PlacePiece
from engine.warparena.fair import FairDice
from engine.warparena.game import Accepted, apply
from engine.warparena.notation import format_command
from engine.warparena.state import Stage
from gm.warparena.channel import SET_UP_OVER, SET_UP_TITLE
from tests.cogs.arena_table import SECRET, SEEDS, open_three, simcord_bot, state_of
from tests.cogs.conftest import World, text_of, use
from tests.engine.warparena.legal import candidates

__all__ = ["simcord_bot"]


def posts(world: World) -> list[discord.Message]:
    """The channel's messages everyone reads (ephemeral answers left out)."""
    return [m for m in world.channel.history() if not m.flags.ephemeral]


def titled(world: World, title: str) -> list[discord.Message]:
    return [m for m in posts(world) if any(e.title == title for e in m.embeds)]


async def test_r_wa_x_73_set_up_is_one_message_edited_as_placements_go_on(world: World) -> None:
    """R-WA-X-73: three players place their grids and pieces with ``/arena act``: the channel
    gains no message while they do (the set-up message is edited, its picture replaced), its
    lines tell each placement and, at the end, that set-up is over; turn 1 is posted apart."""
    await open_three(world, grids=4)
    members = {"alice": world.alice, "bob": world.bob, "carol": world.carol}
    fair = FairDice(SECRET, SEEDS)
    rng = random.Random(2)
    assert len(titled(world, SET_UP_TITLE)) == 1
    before = len(posts(world))
    placements = 0
    while (state := await state_of(world)).stage in (Stage.PLACING_GRIDS, Stage.PLACING_PIECES):
        assert len(posts(world)) == before, [text_of(m)[:60] for m in posts(world)[before:]]
        placing = [c for c in candidates(state, rng) if isinstance(c, PlaceGrid | PlacePiece)]
        command = next(c for c in placing if isinstance(apply(state, c, fair), Accepted))
        await use(members[command.player], world.channel, "arena act", text=format_command(command))
        placements += 1
    assert placements >= 15  # three players' five pieces, and any grids
    [set_up] = titled(world, SET_UP_TITLE)
    assert set_up.embeds[0].footer.text == SET_UP_OVER
    assert set_up.embeds[0].image.url == "attachment://arena.png" and set_up.attachments
    assert text_of(set_up).count(" places ") >= 15
    after = posts(world)[before:]
    assert after and any("Turn 1" in text_of(m) for m in after)
