"""Fixtures for the Discord front end's end-to-end tests: the real bot against SimCord.

SimCord's pytest plugin builds ``simcord_env`` from our ``simcord_bot`` (Env(bot).start() runs
the bot's own setup_hook, which syncs the tree globally: that is how SimCord learns the
commands). The game master's clock is Discord's (cogs.app.DiscordClock), which SimCord's
virtual time drives, so ``env.advance_time`` moves game deadlines too; :func:`pass_time`
then fires what is due and delivers it through the herald, as the deadline task would.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from simcord import ChannelHandle, GuildHandle, InteractionResult, MemberActor, ResponseMessage

from cogs.app import Options, WarpWarBot
from gm.announce import Reply
from gm.core import Actor
from store.db import open_database


@pytest.fixture
def bot_options() -> Options:
    """How the bot under test runs; override in a module (or parametrize) to run the deadline task."""
    return Options(sync=True, deadlines=False)


SEED = 1
"""Every test game draws turn order and map ends from this seed, as the console's scripts do:
alice's base is Ur and bob's Babylon (data/demo/classic-learning.txt)."""


@pytest.fixture
async def simcord_bot(tmp_path: Path, bot_options: Options) -> AsyncIterator[WarpWarBot]:
    """The bot on a fresh database file; the file is closed after SimCord has shut the bot down."""
    db = await open_database(tmp_path / "warpwar.sqlite3")
    bot = WarpWarBot(db, options=bot_options, seeds=lambda game_id: SEED)
    try:
        yield bot
    finally:
        await db.close()


@dataclass(frozen=True)
class World:
    """A server with one channel for the game and three members (none of them a manager)."""

    env: simcord.Env
    guild: GuildHandle
    channel: ChannelHandle
    alice: MemberActor
    bob: MemberActor
    carol: MemberActor

    @property
    def bot(self) -> WarpWarBot:
        bot = self.env.bot
        assert isinstance(bot, WarpWarBot)
        return bot


@pytest.fixture
async def world(simcord_env: simcord.Env) -> World:
    """Async on purpose: SimCord's builders emit gateway events, which need the running loop."""
    guild = simcord_env.create_guild("Warp Guild")
    channel = guild.create_text_channel("warroom")
    alice = guild.add_member(simcord_env.create_user("alice"))
    bob = guild.add_member(simcord_env.create_user("bob"))
    carol = guild.add_member(simcord_env.create_user("carol"))
    return World(simcord_env, guild, channel, alice, bob, carol)


def manager(world: World, name: str = "dana") -> MemberActor:
    """A member who may manage the server (and so sees /warpwar-admin)."""
    role = world.guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    return world.guild.add_member(world.env.create_user(name), roles=[role])


def answer(result: InteractionResult) -> ResponseMessage:
    """The message that answered an interaction (there must be one)."""
    assert result.response is not None, "the interaction got no answer"
    return result.response


def seen_by(channel: ChannelHandle, viewer: MemberActor) -> list[str]:
    """Every message of the channel ``viewer`` can read (ephemeral ones of others hidden), as
    text: the content and each embed's description."""
    return [text_of(m) for m in channel.history(viewer=viewer)]


def text_of(message: discord.Message) -> str:
    return "\n".join([message.content, *(e.description or "" for e in message.embeds)]).strip()


async def pass_time(world: World, seconds: float) -> int:
    """Move both clocks by ``seconds`` (SimCord's virtual time is the game master's), then fire
    the deadlines now due and deliver their replies through the herald, as DeadlineRunner does.
    Returns how many replies were delivered."""
    await world.env.advance_time(seconds)
    replies = await world.bot.gm.fire_due()
    for reply in replies:
        await world.bot.herald.deliver(reply)
    await world.env.settle()
    return len(replies)


async def use(
    member: MemberActor, channel: ChannelHandle, command: str, /, **options: Any
) -> InteractionResult:
    """Run a slash command as ``member``; every command must answer (no "did not respond")."""
    result = await member.slash(channel, command, **options)
    assert result.acknowledged, f"/{command} did not respond"
    return result


async def choose_ends(world: World, *others: MemberActor, channel: ChannelHandle | None = None) -> None:
    """The player moving second chooses their map end with ``/warpwar end`` (R-SCEN-2): the end
    the seed drew for them, so that alice's base is Ur and bob's Babylon as the tests expect.
    ``others`` are members beside alice, bob and carol who may be the one choosing."""
    ch = channel or world.channel
    gm = world.bot.gm
    row = await gm.game_in(ch.id)
    assert row is not None
    loaded = await gm.load(row.id)
    state = loaded.state
    assert state is not None and state.phase.value == "setup", "no end is being chosen"
    name = state.active_player.name
    seat = next(s for s in loaded.seats if s.name == name)
    member = next(m for m in (world.alice, world.bob, world.carol, *others) if m.id == seat.user_id)
    await use(member, ch, "warpwar end", end=state.ends_drawn[name])
    settled = await gm.stored_state(row.id)
    assert settled is not None and settled.player(name).home == state.ends_drawn[name], "the end was chosen"


async def send_orders(world: World, member: MemberActor, star: str, text: str) -> Reply:
    """Sealed orders straight through the game master, delivered by the herald as a deadline's
    reply would be (the DM flow of cogs/orders*.py has its own tests)."""
    row = await world.bot.gm.game_in(world.channel.id)
    assert row is not None
    actor = Actor(member.id, member.user.name)
    reply = await world.bot.gm.submit_orders(actor, row.id, star, text)
    assert reply.ok, reply.text
    await world.bot.herald.deliver(reply)
    await world.env.settle()
    return reply


async def play_to_the_battle(world: World) -> None:
    """Game-turns 1 and 2 of the demo, up to alice's attack on Babylon."""
    ch, alice, bob = world.channel, world.alice, world.bob
    await use(alice, ch, "warpwar new", title="The road to Babylon", fixed_order=True)
    await use(bob, ch, "warpwar join")
    await use(alice, ch, "warpwar start")
    await choose_ends(world)

    built = await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5", name="Reliant")
    assert built.ephemeral and "W1" in answer(built).content
    await use(alice, ch, "build done")
    await use(alice, ch, "move ship", ship="W1", to="Sumer")
    await use(alice, ch, "move done")

    await use(bob, ch, "build ship", star="Babylon", design="WG=1 PD=9 B=5 S=4", name="Warden")
    await use(bob, ch, "build ship", star="Babylon", design="WG=1 PD=8 B=4", name="Lookout")
    await use(bob, ch, "build done")
    await use(bob, ch, "move ship", ship="W2", to="Kish")
    await use(bob, ch, "move done")

    await use(alice, ch, "build done")
    await use(alice, ch, "move ship", ship="W1", to="Babylon")
    await use(alice, ch, "move done")


async def paste_orders(world: World, member: MemberActor, where: str, text: str) -> str:
    """Sealed orders as a player sends them: the latest battle prompt in their DMs, its *Paste
    orders* button, the form it opens, and *Submit* on the board it shows (cogs/orders_ui.py,
    the other half of the DM flow, tested in depth in test_orders*.py). Returns the bot's answer."""
    prompt = next(
        m for m in reversed(member.user.dm_channel.history()) if m.components and f"at {where}" in text_of(m)
    )
    shown = await member.user.click(prompt, label="Paste orders")
    assert shown.modal is not None, "the paste form opens"
    pasted = await member.user.submit_modal(shown, {"orders": text})
    assert pasted.acknowledged and pasted.response.message is not None
    sent = await member.user.click(pasted.response.message, label="Submit")
    assert sent.acknowledged
    return "\n".join(text_of(m) for m in [sent.response.message, *sent.followups] if m is not None)


def close_dms(world: World, member: simcord.MemberActor) -> None:
    """The member's DMs refuse the bot from now on: Discord's real answer, 403 with code 50007."""
    world.env.inject_error(
        "POST",
        f"/channels/{member.user.dm_channel.id}/messages",
        status=403,
        code=50007,
        message="Cannot send messages to this user",
        times=None,
    )


def labels(message: discord.Message) -> list[str]:
    """The labels of a message's buttons, row by row."""
    return [
        str(child.label)
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button)
    ]
