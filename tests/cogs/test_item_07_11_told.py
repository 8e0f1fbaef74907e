"""Issue 10, items 7-11 ("being told, not having to ask"), as members meet them on Discord: the
turn letter by DM and the channel calling the active player, the turn's buttons, /help and
/games, the admin group only managers see, ended games saying so, and what refits cost."""

from __future__ import annotations

import discord
from simcord import InteractionResult, MemberActor

from cogs.app import Options, WarpWarBot
from cogs.warpwar.orders_ui import custom_ids
from engine.warpwar import GameState
from gm.core import Actor
from tests.cogs.conftest import (
    World,
    answer,
    choose_ends,
    labels,
    manager,
    play_to_the_battle,
    send_orders,
    text_of,
    use,
)
from tests.engine.helpers import classic, place
from tests.gm.table import position

TURN_BUTTONS = ["End phase", "My fleet", "My map", "What can I do?"]


async def bobs_turn(world: World) -> discord.Message:
    """A classic learning game up to bob's first turn; the channel's news of it."""
    ch, alice, bob = world.channel, world.alice, world.bob
    await use(alice, ch, "warpwar new", title="Road", fixed_order=True)
    await use(bob, ch, "warpwar join")
    await use(alice, ch, "warpwar start")
    await choose_ends(world)
    await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")
    await use(alice, ch, "build done")
    await use(alice, ch, "move done")
    return next(m for m in reversed(ch.history()) if f"<@{bob.id}>" in m.content)


def said(result: InteractionResult) -> str:
    """The text of an answer and its follow-ups (an embed's description included)."""
    shown = [answer(result), *result.followups]
    return "\n".join("\n".join([m.content or "", *(e.description or "" for e in m.embeds)]) for m in shown)


def last_dm(member: MemberActor) -> str:
    message = member.user.dm_channel.last_message
    assert message is not None, "no direct message"
    return text_of(message)


async def test_item_07_the_turn_dm_links_the_game_and_the_channel_calls_the_player(world: World) -> None:
    news = await bobs_turn(world)
    letter = last_dm(world.bob)
    assert letter.startswith(
        f"**Road** in <#{world.channel.id}>. Your turn has begun (game-turn 1): build phase"
    )
    assert "it ends <t:" in letter and ":R>" in letter and "/build done" in letter
    assert "Game-turn 1: bob's turn." in text_of(news)
    assert f"<@{world.bob.id}>, your build phase: it ends <t:" in news.content
    assert [u.id for u in news.mentions] == [world.bob.id], "that member only"
    assert not news.mention_everyone and not news.role_mentions
    print("bob's DM:\n" + letter + "\n\nthe channel:\n" + text_of(news) + f"\n{labels(news)}")


async def test_item_08_the_turn_buttons_answer_whoever_presses_privately(world: World) -> None:
    news = await bobs_turn(world)
    alice, bob = world.alice, world.bob
    assert labels(news) == TURN_BUTTONS
    assert all(i.startswith("ww:turn:") for i in custom_ids(news))

    refused = await alice.click(news, label="End phase")
    assert refused.ephemeral
    assert answer(refused).content.startswith("Only bob can end this phase: it is their build phase.")
    mine = await alice.click(news, label="What can I do?")
    assert mine.ephemeral and "It is bob's build phase" in answer(mine).content
    steps = await bob.click(news, label="What can I do?")
    assert steps.ephemeral and "/build ship" in answer(steps).content and "40 BP" in answer(steps).content
    fleet = await bob.click(news, label="My fleet")
    assert fleet.ephemeral and "Your fleet" in said(fleet)
    seen = await bob.click(news, label="My map")
    assert seen.ephemeral and answer(seen).embeds[0].image.url == "attachment://map.png"

    await use(bob, world.channel, "build ship", star="Babylon", design="WG=1 PD=18 B=12 S=5")  # his 40 BP
    ended = await bob.click(news, label="End phase")
    assert ended.ephemeral and "Your move phase has begun" in said(ended)
    (over,) = [m for m in world.channel.history() if m.id == news.id]
    assert not over.components, "the phase is over: its buttons are gone"


async def test_item_08_the_turn_buttons_work_after_a_restart(world: World) -> None:
    news = await bobs_turn(world)
    await world.env.restart_bot(WarpWarBot(world.bot.db, options=Options(deadlines=False)))
    steps = await world.bob.click(news, label="What can I do?")
    assert steps.ephemeral and "/build done" in answer(steps).content


async def test_item_09_help_and_games(world: World) -> None:
    ch, alice = world.channel, world.alice
    plain = await use(alice, ch, "help")
    assert plain.ephemeral and answer(plain).content.startswith("**WarpWar in short.**")
    await bobs_turn(world)
    helped = await use(world.bob, ch, "help")
    assert helped.ephemeral and "**Road**, this channel's game:" in answer(helped).content
    assert "/build done" in answer(helped).content
    listed = await use(world.bob, ch, "games")
    assert listed.ephemeral
    assert (
        f"**Road** in <#{ch.id}>: **your turn** (game-turn 1, build phase); it ends <t:"
        in answer(listed).content
    )
    theirs = await use(alice, ch, "games")
    assert "bob's build phase" in answer(theirs).content


async def test_item_10_admin_commands_are_for_managers_and_ended_games_say_so(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    offered = alice.available_commands(ch)
    assert not any(name.startswith("warpwar-admin") for name in offered), "players never see them"
    assert not {"warpwar pause", "warpwar abandon", "warpwar defaults"} & set(offered)
    admin = world.bot.tree.get_command("warpwar-admin")
    assert admin is not None and admin.default_permissions == discord.Permissions(manage_guild=True)
    dana = manager(world)
    assert {"warpwar-admin pause", "warpwar-admin abandon"} <= set(dana.available_commands(ch))

    await play_to_the_battle(world)
    prompt = next(m for m in reversed(bob.user.dm_channel.history()) if m.components)
    await use(dana, ch, "warpwar-admin abandon")

    status = await use(world.carol, ch, "warpwar status")
    assert "This game was abandoned." in answer(status).content
    clicked = await bob.user.click(prompt, label="Write orders")
    assert answer(clicked).content == "This game has ended; it was abandoned."


async def test_item_10_a_turn_button_of_an_abandoned_game_says_why(world: World) -> None:
    ch, alice = world.channel, world.alice
    await use(alice, ch, "warpwar new", fixed_order=True)
    await use(world.bob, ch, "warpwar join")
    await use(alice, ch, "warpwar start")
    await choose_ends(world)
    news = next(m for m in reversed(ch.history()) if "ww:turn:" in " ".join(custom_ids(m)))
    await use(manager(world), ch, "warpwar-admin abandon")
    pressed = await alice.click(news, label="End phase")
    assert answer(pressed).content == "This game has ended; it was abandoned."


async def seat(world: World, state: GameState) -> None:
    """The position ``state`` as the channel's running game, alice and bob seated."""
    users = {"alice": world.alice.id, "bob": world.bob.id}
    mod = Actor(0, "mod", manager=True)
    reply = await world.bot.gm.import_game(mod, world.guild.id, world.channel.id, position(state, users))
    assert reply.ok, reply.text


async def test_item_11_a_repair_reply_shows_the_cost_and_the_bp_left(world: World) -> None:
    await seat(world, place(classic("advanced"), "alice", "W1", "WG=1 PD=7 B=2", "Ur", damage="PD=2"))
    repaired = await use(world.alice, world.channel, "build repair", ship="W1", amounts="PD=5")
    assert repaired.ephemeral
    assert answer(repaired).content.startswith("W1 repaired for 5 BP: W1:")
    assert answer(repaired).content.endswith("You have 15 BP.")
    assert all("BP" not in text_of(m) for m in world.channel.history(viewer=world.carol))


async def test_item_07_a_turn_begun_by_ones_own_orders_comes_as_its_own_dm_with_the_buttons(
    world: World,
) -> None:
    """bob's last orders end the battle and alice's turn: his letter is not folded into his
    battle report, and carries the turn's buttons."""
    await play_to_the_battle(world)
    await send_orders(world, world.alice, "Babylon", "W1 ATTACKS W1@bob: D=4 B=12 S=2")
    await send_orders(world, world.bob, "Babylon", "W1 ATTACKS W1@alice: D=3 B=4 S=2")
    await send_orders(world, world.alice, "Babylon", "W1 ATTACKS W1@bob: D=9 B=9")
    reply = await send_orders(world, world.bob, "Babylon", "W1 RETREATS: D=6")
    assert "Your turn has begun" not in reply.text
    letter = world.bob.user.dm_channel.last_message
    assert letter is not None and "Your turn has begun (game-turn 2)" in letter.content
    assert labels(letter) == TURN_BUTTONS
    steps = await world.bob.user.click(letter, label="What can I do?")
    assert "/build done" in answer(steps).content
