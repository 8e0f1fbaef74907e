"""The herald's delivery: long texts split within Discord's limits, pictures drawn smaller when
they do not fit the upload limit, and deliveries without an interaction (a deadline's)."""

from __future__ import annotations

from typing import Any

import pytest

from gm.announce import Announcement, Picture, Reply, ToChannel
from gm.core import Actor
from gm.service import GameMaster
from tests.cogs.conftest import World, answer, choose_ends, text_of, use

BIG = 11 * 1024 * 1024
"""Over the simulated server's 10 MiB upload limit (premium tier 0)."""


async def start_game(world: World) -> int:
    await use(world.alice, world.channel, "warpwar new", fixed_order=True)
    await use(world.bob, world.channel, "warpwar join")
    await use(world.alice, world.channel, "warpwar start")
    await choose_ends(world)
    row = await world.bot.gm.game_in(world.channel.id)
    assert row is not None
    return row.id


async def test_a_long_reply_is_split_into_messages_within_the_limit(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "\n".join(f"line {i}: " + "x" * 60 for i in range(120))

    async def long_status(self: GameMaster, channel_id: int, actor: Actor | None = None) -> Reply:
        return Reply(True, lines, private=False, channel_id=channel_id)

    monkeypatch.setattr(GameMaster, "status", long_status)
    result = await use(world.alice, world.channel, "warpwar status")
    sent = [answer(result).content, *(f.content for f in result.followups)]
    assert len(sent) == 5 and all(len(s) <= 2000 for s in sent)
    assert "\n".join(sent) == lines, "split at line ends, nothing lost"


async def test_a_long_announcement_with_a_picture_goes_in_embeds(world: World) -> None:
    game_id = await start_game(world)
    text = "\n\n".join("a paragraph " + "y" * 1500 for _ in range(5))
    told = Announcement(ToChannel(), text, Picture("map"))
    await world.bot.herald.deliver(
        Reply(True, "", announcements=(told,), game_id=game_id, channel_id=world.channel.id)
    )
    await world.env.settle()
    last = world.channel.history()[-3:]
    descriptions = [m.embeds[0].description or "" for m in last]
    assert all(len(d) <= 4096 for d in descriptions) and sum(map(len, descriptions)) >= len(text) - 10
    assert [a.filename for a in last[-1].attachments] == ["map.png"], "the picture on the last one"


async def test_a_picture_over_the_upload_limit_is_drawn_smaller(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    scales: list[float] = []
    draw = GameMaster.picture

    async def heavy(self: GameMaster, game_id: int, picture: Picture, scale: float = 1.0) -> bytes | None:
        scales.append(scale)
        png = await draw(self, game_id, picture, scale)
        return png + b"\0" * BIG if png is not None and scale > 0.6 else png

    monkeypatch.setattr(GameMaster, "picture", heavy)
    await start_game(world)
    assert scales[:3] == [1.0, 0.75, 0.5]
    posted = next(m for m in reversed(world.channel.history()) if m.attachments)
    assert posted.attachments and posted.attachments[0].size < BIG


async def test_a_picture_that_never_fits_is_left_out(world: World, monkeypatch: pytest.MonkeyPatch) -> None:
    async def huge(*args: Any, **kwargs: Any) -> bytes:
        return b"\0" * BIG

    monkeypatch.setattr(GameMaster, "picture", huge)
    await start_game(world)
    posted = world.channel.history()[-1]
    assert not posted.attachments and "Game-turn 1" in text_of(posted), "the news without its picture"
