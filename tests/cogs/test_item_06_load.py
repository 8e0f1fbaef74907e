"""Issue 11, item 6: under load, every interaction is acknowledged within Discord's 3 seconds.

Probed with 1,000 games at once, the answers came late (p99 3.18 s): each command waited for
its game's lock and the database's one thread before anything was sent, and the 2-second budget
began only when the bot started on the interaction, not when Discord created it.

SimCord runs one interaction at a time and keeps a virtual clock, so it cannot show this. These
tests measure the answer path itself (cogs.shared.answer.respond over the real game master and a real
SQLite file) by the wall clock, as the issue asks; the herald is replaced by a clerk that notes
when each interaction is first acknowledged. The bound is generous (2.5 s, where the fix
acknowledges within a fraction of a second) so that a slow CI machine of 2 cores passes.

The 1,000 games are copied in the database from one started through the game master (starting
each by its commands would take most of a minute); each gets one ``/build ship`` at once.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, cast

import discord
import pytest

from cogs.shared.answer import respond
from cogs.shared.pace import BUSY, Pace
from gm.announce import Reply
from gm.service import GameMaster
from store.db import Database
from tests.gm.table import ALICE, CHANNEL, Table, open_table
from tests.gm.test_whole_games import start_classic_learning

GAMES = 1000
TRANSIT = 1.0
"""Seconds each interaction spent before it reached the bot (the gateway, a busy event loop):
Discord's clock started then."""
BOUND = 2.5
"""Seconds from an interaction's creation by which it must be acknowledged (Discord: 3)."""
LATENCY = 0.05
"""One request to Discord and back."""
SMALL = "WG=1 PD=5 B=3"


@dataclass
class Response:
    done: bool = False

    def is_done(self) -> bool:
        return self.done


@dataclass
class User:
    id: int
    display_name: str


@dataclass
class Clerk:
    """The herald's stand-in: when each interaction was first acknowledged (time.monotonic()),
    how, and the replies delivered. As with discord.py, an interaction's response is done only
    once Discord has answered; acknowledging it twice is an error (Discord's 40060)."""

    acknowledged: dict[int, float] = field(default_factory=dict)
    deferred: set[int] = field(default_factory=set)
    twice: list[int] = field(default_factory=list)
    replies: list[Reply] = field(default_factory=list)

    async def _acknowledge(self, interaction: Any) -> None:
        if interaction.id in self.acknowledged:
            self.twice.append(interaction.id)
        self.acknowledged.setdefault(interaction.id, time.monotonic())
        await asyncio.sleep(LATENCY)
        interaction.response.done = True

    async def defer(self, interaction: Any, private: bool = True) -> None:
        if not interaction.response.done:
            self.deferred.add(interaction.id)
            await self._acknowledge(interaction)

    async def deliver(self, reply: Reply, interaction: Any = None) -> None:
        if not interaction.response.done:
            await self._acknowledge(interaction)
        self.replies.append(reply)


@dataclass
class Bot:
    gm: GameMaster
    herald: Clerk = field(default_factory=Clerk)
    pace: Pace = field(default_factory=Pace)


@dataclass
class Interaction:
    """What respond() reads of a discord.Interaction."""

    id: int
    client: Bot
    channel_id: int
    created_at: datetime
    user: User = field(default_factory=lambda: User(ALICE.user_id, ALICE.name))
    response: Response = field(default_factory=Response)


def arriving(bot: Bot, n: int, age: float = 0.0) -> list[Interaction]:
    """``n`` interactions in the channels of the first ``n`` games, created ``age`` seconds ago."""
    created = discord.utils.utcnow() - timedelta(seconds=age)
    return [Interaction(1_000_000 + i, bot, CHANNEL + i, created) for i in range(n)]


async def build(interaction: Interaction) -> None:
    channel = interaction.channel_id
    await respond(
        cast(discord.Interaction, interaction), lambda gm, a: gm.build_ship(a, channel, "Ur", SMALL)
    )


async def _columns(db: Database, table: str) -> list[str]:
    return [str(row[1]) for row in await db.fetch_all(f"PRAGMA table_info({table})")]


async def copies(table: Table, n: int) -> None:
    """``n`` games in channels CHANNEL, CHANNEL + 1, …: one started through the game master
    (classic learning, alice building), the others its copies row for row."""
    game = await start_classic_learning(table)
    db = table.db
    kept = ", ".join(c for c in await _columns(db, "games") if c not in ("id", "channel_id"))
    per_game = {
        t: [c for c in await _columns(db, t) if c != "game_id"] for t in ("seats", "events", "deadlines")
    }
    async with db.transaction():
        for i in range(1, n):
            copy = await db.insert(
                f"INSERT INTO games (channel_id, {kept}) SELECT ?, {kept} FROM games WHERE id = ?",
                (CHANNEL + i, game),
            )
            for name, columns in per_game.items():
                listed = ", ".join(columns)
                await db.execute(
                    f"INSERT INTO {name} (game_id, {listed}) "
                    f"SELECT ?, {listed} FROM {name} WHERE game_id = ?",
                    (copy, game),
                )


@asynccontextmanager
async def games(folder: Path, n: int) -> AsyncIterator[Bot]:
    """The bot (its game master on a file in ``folder``) with ``n`` games, alice building in each."""
    table = await open_table(folder / "games.sqlite3")
    try:
        await copies(table, n)
        yield Bot(table.gm)
    finally:
        await table.db.close()


@pytest.fixture
async def bot(tmp_path: Path) -> AsyncIterator[Bot]:
    """One game."""
    async with games(tmp_path, 1) as one:
        yield one


async def test_item_6_a_thousand_games_at_once_are_each_acknowledged_in_time(tmp_path: Path) -> None:
    """1,000 commands, each to its own game, reach the bot together a second after Discord
    created them: each is acknowledged within 2.5 s of its creation, and each is carried out."""
    async with games(tmp_path, GAMES) as bot:
        interactions = arriving(bot, GAMES, age=TRANSIT)
        start = time.monotonic()
        await asyncio.gather(*(build(i) for i in interactions))
    late = sorted(TRANSIT + bot.herald.acknowledged[i.id] - start for i in interactions)
    assert late[-1] <= BOUND, f"p50 {late[len(late) // 2]:.2f} s, p99 {late[-len(late) // 100]:.2f} s"
    assert len(bot.herald.replies) == GAMES and all(r.ok for r in bot.herald.replies)
    assert bot.herald.twice == []


async def test_item_6_an_answer_on_its_way_is_not_deferred_when_the_bot_becomes_busy(tmp_path: Path) -> None:
    """A quick call is sending its answer when the bot becomes busy: only the calls still
    waiting are deferred, so no interaction is acknowledged twice."""
    async with games(tmp_path, BUSY) as bot:
        first, *others = arriving(bot, BUSY)
        answered = asyncio.ensure_future(build(first))
        while first.id not in bot.herald.acknowledged:
            await asyncio.sleep(0)
        await asyncio.gather(*(build(i) for i in others))
        await answered
    assert first.id not in bot.herald.deferred and bot.herald.twice == []
    assert bot.herald.deferred == {i.id for i in others}, "the others came to a busy bot"


async def test_item_6_a_lone_quick_command_is_answered_directly(bot: Bot) -> None:
    """No "thinking…" when nothing else runs: the reply is the first answer."""
    await build(arriving(bot, 1)[0])
    assert bot.herald.deferred == set() and bot.herald.replies[0].ok


async def test_item_6_a_command_that_arrives_with_its_budget_spent_is_deferred_before_it_runs(
    bot: Bot,
) -> None:
    late = arriving(bot, 1, age=2.2)[0]
    seen: list[bool] = []

    async def call(gm: GameMaster, actor: Any) -> Reply:
        seen.append(late.response.done)
        return await gm.build_ship(actor, late.channel_id, "Ur", SMALL)

    await respond(cast(discord.Interaction, late), call)
    assert seen == [True], "acknowledged before the call could queue on a lock or the database"
    assert late.id in bot.herald.deferred
