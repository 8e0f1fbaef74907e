"""What a player sees when something goes wrong: refusals privately in plain words, a bug as a
short apology with a reference that is also in the log, a slow answer deferred in time."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

import pytest
from discord import app_commands
from simcord import assert_error

from gm.announce import Reply
from gm.core import Actor
from gm.service import GameMaster
from tests.cogs.conftest import World, answer, choose_ends, use

REFERENCE = re.compile(r"reference `([0-9A-F]{6})`")


async def test_a_refusal_of_a_public_command_is_private(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    await use(alice, ch, "warpwar new")
    refused = await use(bob, ch, "warpwar start")
    assert refused.ephemeral
    assert answer(refused).content == "Only the game's creator (or a server manager) can start it."
    nothing = await use(bob, ch, "build done")
    assert nothing.ephemeral and answer(nothing).content == "The game is not running."
    assert [m.content for m in ch.history(viewer=world.carol)][-1].startswith("**WarpWar")


async def test_an_unexpected_error_gets_an_apology_with_a_reference(
    world: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(self: GameMaster, channel_id: int, actor: Actor | None = None) -> Reply:
        raise RuntimeError("the database is on fire")

    monkeypatch.setattr(GameMaster, "status", broken)
    with caplog.at_level(logging.ERROR, logger="cogs.shared.errors"):
        result = await use(world.alice, world.channel, "warpwar status")
    assert result.ephemeral
    found = REFERENCE.search(answer(result).content)
    assert found is not None and answer(result).content.startswith("Sorry, something went wrong")
    assert "fire" not in answer(result).content, "no internals shown to players"
    assert any(found.group(1) in r.getMessage() and r.exc_info for r in caplog.records)
    error = assert_error(world.env, app_commands.CommandInvokeError, contains="on fire")
    assert isinstance(error, app_commands.CommandInvokeError)


async def test_an_error_after_deferring_is_told_as_a_followup(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await use(world.alice, world.channel, "warpwar new")
    await use(world.bob, world.channel, "warpwar join")
    await use(world.alice, world.channel, "warpwar start")
    await choose_ends(world)

    async def broken(*args: Any, **kwargs: Any) -> bytes:
        raise RuntimeError("the renderer fell over")

    monkeypatch.setattr(GameMaster, "picture", broken)
    result = await use(world.alice, world.channel, "fleet")
    assert result.ephemeral and REFERENCE.search(answer(result).content)
    assert_error(world.env, app_commands.CommandInvokeError, contains="fell over")


@pytest.mark.simcord(settle_timeout=0.5)
async def test_a_slow_answer_is_deferred_within_three_seconds(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A call still running after two seconds defers (privately); the public answer follows."""
    await use(world.alice, world.channel, "warpwar new", title="Slow game")
    status = GameMaster.status

    async def slow(self: GameMaster, channel_id: int, actor: Actor | None = None) -> Reply:
        await asyncio.sleep(5)
        return await status(self, channel_id, actor)

    monkeypatch.setattr(GameMaster, "status", slow)
    result = await world.carol.slash(world.channel, "warpwar status")
    await world.env.advance_time(2.1)
    assert result.acknowledged and result.ephemeral, "deferred privately within the window"
    callbacks = [r for r in world.env.http_requests if r.path.endswith("/callback")]
    assert callbacks[-1].json == {"type": 5, "data": {"flags": 64}}
    await world.env.advance_time(3)
    last = world.channel.history(viewer=world.alice)[-1]
    assert "**Slow game**" in last.content and not last.flags.ephemeral, "the status itself is public"
