"""The choice of a map end on Discord (R-SCEN-2): the channel calls the chooser with a button per
free end, named with its compass word and home stars; the buttons survive a restart; anyone
else's press, or a press once the ends are chosen, is refused privately; ``/warpwar end`` with
its autocomplete does the same; "What can I do?" and the status say it."""

from __future__ import annotations

import discord
from simcord import MemberActor

from cogs.app import Options, WarpWarBot
from cogs.warpwar.orders_ui import custom_ids
from tests.cogs.conftest import World, answer, labels, text_of, use

LABELS = ["North — Ur", "South — Babylon"]
"""The classic learning game's ends: the single base of each (R-MAP-3)."""


async def begun(world: World) -> discord.Message:
    """alice (first) and bob (second) start a game; the channel's news that calls bob."""
    ch = world.channel
    await use(world.alice, ch, "warpwar new", title="Ends", fixed_order=True)
    await use(world.bob, ch, "warpwar join")
    await use(world.alice, ch, "warpwar start")
    return next(m for m in reversed(ch.history()) if any(i.startswith("ww:end:") for i in custom_ids(m)))


def letter_of(member: MemberActor) -> discord.Message:
    """The member's latest DM that carries the choice's buttons."""
    return next(m for m in reversed(member.user.dm_channel.history()) if "ww:end:" in " ".join(custom_ids(m)))


async def home_of(world: World, player: str) -> str | None:
    row = await world.bot.gm.game_in(world.channel.id)
    assert row is not None
    state = await world.bot.gm.stored_state(row.id)
    assert state is not None
    home: str | None = state.player(player).home
    return home


async def test_r_scen_2_the_channel_calls_the_chooser_with_a_button_per_end(world: World) -> None:
    """R-SCEN-2: the news names who chooses and the deadline, pings bob alone, and carries the
    ends' buttons; his letter carries them too."""
    news = await begun(world)
    assert news.content.startswith(f"<@{world.bob.id}>, choose your map end: it ends <t:")
    text = text_of(news)
    assert "**bob moves second and chooses the map end**: north (Ur) or south (Babylon)" in text
    assert news.embeds[0].title == "Before game-turn 1 · bob · Choosing a map end"
    assert labels(news) == LABELS
    assert custom_ids(news) == [
        f"ww:end:{custom_ids(news)[0].split(':')[2]}:{end}" for end in ("north", "south")
    ]
    assert labels(letter_of(world.bob)) == LABELS


async def test_r_scen_2_the_other_player_pressing_is_refused_privately(world: World) -> None:
    """R-SCEN-2: alice presses an end's button: only she reads why not, and nothing changes."""
    news = await begun(world)
    pressed = await world.alice.click(news, label="North — Ur")
    assert pressed.ephemeral
    assert answer(pressed).content == "bob moves second and chooses the map end, not you."
    assert await home_of(world, "bob") is None


async def test_r_scen_2_the_buttons_work_after_a_restart_and_a_stale_one_says_so(world: World) -> None:
    """R-SCEN-2: after a restart bob's press on the channel's news chooses the north end (the
    buttons are restart-proof); the news's buttons go once the phase is over; his letter's button,
    pressed afterwards, is refused privately as already chosen."""
    news = await begun(world)
    await world.env.restart_bot(WarpWarBot(world.bot.db, options=Options(deadlines=False)))
    chose = await world.bob.click(news, label="North — Ur")
    assert chose.ephemeral
    assert await home_of(world, "bob") == "north" and await home_of(world, "alice") == "south"
    public = "\n".join(text_of(m) for m in world.channel.history())
    assert "**bob chose the north end (Ur)**; alice defends the south end (Babylon)." in public
    (over,) = [m for m in world.channel.history() if m.id == news.id]
    assert not over.components, "the choice is over: its buttons are gone"
    stale = await world.bob.user.click(letter_of(world.bob), label="South — Babylon")
    assert answer(stale).channel_id == world.bob.user.dm_channel.id, "answered in his own DM, private there"
    assert answer(stale).content == "The map ends are chosen already: you defend the north end."


async def test_r_scen_2_the_slash_command_with_its_autocomplete(world: World) -> None:
    """R-SCEN-2: ``/warpwar end`` suggests the free ends by their home stars and takes one;
    "What can I do?" and the status say who chooses before it, and nothing after."""
    await begun(world)
    ch, bob = world.channel, world.bob
    offered = await bob.autocomplete(ch, "warpwar end", "end", "")
    assert [(c["name"], c["value"]) for c in offered] == [
        ("North — Ur", "north"),
        ("South — Babylon", "south"),
    ]
    status = await use(world.carol, ch, "warpwar status")
    assert "Before game-turn 1: bob moves second and is choosing a map end." in answer(status).content
    helped = await use(bob, ch, "help")
    assert "You move second, so you choose the map end you will defend" in answer(helped).content
    refused = await use(world.alice, ch, "warpwar end", end="north")
    assert refused.ephemeral and "not you" in answer(refused).content
    await use(bob, ch, "warpwar end", end="south")
    assert await home_of(world, "bob") == "south"
    assert await bob.autocomplete(ch, "warpwar end", "end", "") == []
