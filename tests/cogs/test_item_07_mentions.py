"""Issue 11, item 7, on Discord: no text from users can ping anyone.

A game's title and a member's nickname are shown in the channel; a typed ``<@id>`` or
``@everyone`` in them must notify nobody. The client's default allowed mentions are none; the
messages that call a member (a turn's call) allow that one member only. SimCord records whom
each message pings.
"""

from __future__ import annotations

import discord

from tests.cogs.conftest import World, choose_ends, use


def pings(world: World) -> list[tuple[str, list[int], bool]]:
    """Each message of the game's channel: its text, whom it pings and whether it pings everyone."""
    found = []
    for message in world.channel.history():
        stored = world.env.backend.get_message(message.channel.id, message.id)
        found.append((message.content, list(stored.ping_user_ids), stored.mention_everyone))
    return found


async def test_item_7_a_title_and_a_nickname_with_mentions_ping_nobody(world: World) -> None:
    carol = world.carol
    title = f"<@{carol.id}> @everyone @here <@{world.bob.id}>"
    sly = world.guild.add_member(world.env.create_user("sly"), nick=f"<@{carol.id}>")
    await use(sly, world.channel, "warpwar new", title=title, fixed_order=True)
    await use(world.alice, world.channel, "warpwar join")
    await use(sly, world.channel, "warpwar start")
    await choose_ends(world, sly)
    seen = pings(world)
    assert any(title in text for text, _, _ in seen), "the title is shown as typed"
    assert any(f"<@{carol.id}> has the first seat" in text for text, _, _ in seen), "so is the nickname"
    calls = {
        sly.id: f"<@{sly.id}>, your build phase",
        world.alice.id: f"<@{world.alice.id}>, choose your map end",
    }
    for text, users, everyone in seen:
        assert not everyone, text
        assert set(users) <= set(calls), f"{text!r} pings {users}"
        for user in users:
            assert text.startswith(calls[user]), "only a turn's call pings its player"


def test_item_7_the_clients_default_pings_nobody(world: World) -> None:
    mentions = world.bot.allowed_mentions
    assert mentions is not None
    assert mentions.to_dict() == discord.AllowedMentions.none().to_dict()
