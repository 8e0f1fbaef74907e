"""Issue 11, item 4: every announcement is told once, even when the bot dies half way through.

The game master stores a reply's announcements with what they announce (gm.outbox); the herald
delivers them from there and marks each as it goes. Here the herald is stopped dead in the middle
of telling a deadline's news (:class:`Killed` stands for the process dying: nothing catches it),
and a new bot on the same database file tells the rest when it is ready, once, editing the phase
posts it was editing.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from cogs.app import WarpWarBot
from cogs.shared.herald import Delivery, Herald
from gm.announce import Announcement
from gm.service import GameMaster
from store import phase_posts
from store.db import open_database
from tests.cogs.conftest import World, pass_time, text_of
from tests.cogs.test_item_12_phase_message import lines, posts, start

PHASE = 48 * 3600
"""A phase's deadline, in seconds (the default settings)."""


class Killed(BaseException):
    """Stands for the process dying: nothing after it runs, nothing catches it."""


@pytest.fixture
async def restart(world: World) -> AsyncIterator[Any]:
    """``await restart()``: a new bot on the same database file takes over (and gets ready)."""
    started: list[WarpWarBot] = []

    async def restarted() -> WarpWarBot:
        old = world.bot
        bot = WarpWarBot(await open_database(old.db.path), options=old.options)
        started.append(bot)
        await world.env.restart_bot(bot)
        await world.env.settle()
        return bot

    yield restarted
    await world.env.shutdown()  # a new bot's database closes after the bot has stopped
    for bot in started:
        await bot.db.close()


def dms(world: World, member: Any) -> list[str]:
    return [text_of(m) for m in member.user.dm_channel.history()]


def count(texts: list[str], part: str) -> int:
    return sum(part in t for t in texts)


async def told(world: World) -> dict[str, list[str]]:
    """What the channel's posts and each player's DMs hold."""
    return {
        "channel": ["\n".join(lines(p)) for p in posts(world)],
        "alice": dms(world, world.alice),
        "bob": dms(world, world.bob),
    }


def told_once(found: dict[str, list[str]]) -> None:
    """The news of alice's build phase passing by its deadline, each message once."""
    assert count(found["channel"], "The deadline passed") == 1
    assert count(found["channel"], "alice's move phase") == 1
    assert count(found["channel"], "Game-turn 1: bob's turn") == 1
    assert count(found["alice"], "unspent at the end of the first build") == 1
    assert count(found["bob"], "+40 BP: starting BP") == 1
    assert count(found["bob"], "Your turn has begun (game-turn 1)") == 1


async def test_item_4_a_herald_killed_mid_delivery_is_followed_by_the_rest_once_after_a_restart(
    world: World, restart: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Killed on the third announcement of the deadline's news: the restarted bot tells that
    one and the rest, and none of the two told before again."""
    await start(world)
    announced = Herald._announce
    calls: list[Announcement] = []

    async def dying(self: Herald, delivery: Delivery, announcement: Announcement) -> None:
        calls.append(announcement)
        if len(calls) == 3:
            raise Killed
        await announced(self, delivery, announcement)

    monkeypatch.setattr(Herald, "_announce", dying)
    with pytest.raises(Killed):
        await pass_time(world, PHASE)
    before = await told(world)
    assert count(before["channel"], "The deadline passed") == 1
    assert count(before["channel"], "Game-turn 1: bob's turn") == 0
    await restart()
    told_once(await told(world))
    assert len(calls) > 4 and not await world.bot.gm.undelivered()


async def test_item_4_a_restart_before_any_delivery_tells_everything_once(world: World, restart: Any) -> None:
    """The deadline fired and was stored, and the bot died before telling anyone."""
    await start(world)
    await world.env.advance_time(PHASE)
    assert await world.bot.gm.fire_due()
    await restart()
    told_once(await told(world))


def die_once(monkeypatch: pytest.MonkeyPatch, owner: Any, name: str) -> None:
    """``owner.name`` raises :class:`Killed` the first time it is called, then works as before."""
    real = getattr(owner, name)
    dead = False

    async def dying(*args: Any) -> Any:
        nonlocal dead
        if not dead:
            dead = True
            raise Killed
        return await real(*args)

    monkeypatch.setattr(owner, name, dying)


@pytest.mark.parametrize(
    ("owner", "name"),
    [(phase_posts, "keep"), (GameMaster, "delivered")],
    ids=["edited-not-recorded", "recorded-not-marked"],
)
async def test_item_4_the_phase_post_edited_before_a_crash_is_edited_again_not_doubled(
    world: World, restart: Any, monkeypatch: pytest.MonkeyPatch, owner: Any, name: str
) -> None:
    """Killed after the phase's message was edited on Discord, before the edit was recorded, or
    after it was recorded (the mark goes in the same transaction): the restarted bot edits the
    same message, whose line is there once, and posts nothing new for it."""
    await start(world)
    build = posts(world)[-1]
    die_once(monkeypatch, owner, name)
    with pytest.raises(Killed):
        await pass_time(world, PHASE)
    assert count(["\n".join(lines(p)) for p in posts(world)], "The deadline passed") == 1
    await restart()
    told_once(await told(world))
    edited = next(p for p in posts(world) if "The deadline passed" in "\n".join(lines(p)))
    assert edited.id == build.id and count(lines(edited), "The deadline passed") == 1


async def test_item_4_news_that_finds_discord_down_waits_and_is_told_once_after_a_restart(
    world: World, restart: Any
) -> None:
    """Discord answers 503 to every new message while the deadline's news goes out (discord.py
    retries first, then gives up): the edit of the phase's post gets through, the news that
    follows waits, in order, and the restarted bot tells it once."""
    await start(world)
    letters = len(dms(world, world.bob))  # the choice of his map end, before the deadline
    world.env.inject_error("POST", f"/channels/{world.channel.id}/messages", status=503, times=None)
    await pass_time(world, PHASE)
    before = await told(world)
    assert count(before["channel"], "The deadline passed") == 1
    assert count(before["channel"], "alice's move phase") == 0
    assert not before["bob"][letters:], "the news waits in order: nothing after the failed post is sent"
    world.env.backend.faults.clear()
    await restart()
    told_once(await told(world))
