"""A member with direct messages closed: the channel tells them, the mailbox keeps their
messages, and a restart-proof button shows them, to them only. A battle prompt comes to the
channel with the orders buttons instead."""

from __future__ import annotations

import pytest
import simcord

from cogs.app import Options, WarpWarBot
from cogs.shared.mailbox import NOT_YOURS, NOTHING
from cogs.warpwar.orders_ui import custom_ids
from tests.cogs.conftest import (
    World,
    answer,
    choose_ends,
    close_dms,
    play_to_the_battle,
    send_orders,
    text_of,
    use,
)


def dm_attempts(world: World, member: simcord.MemberActor) -> int:
    path = f"/channels/{member.user.dm_channel.id}/messages"
    return sum(1 for r in world.env.http_requests if r.method == "POST" and r.path == path)


async def alices_first_moves(world: World) -> None:
    """A classic game started by slash commands: alice has built and is in her move phase."""
    ch, alice, bob = world.channel, world.alice, world.bob
    await use(alice, ch, "warpwar new", fixed_order=True)
    await use(bob, ch, "warpwar join")
    await use(alice, ch, "warpwar start")
    await choose_ends(world)
    await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")
    await use(alice, ch, "build done")


async def test_closed_dms_are_told_in_the_channel_and_read_with_the_button(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    close_dms(world, bob)
    await alices_first_moves(world)
    tries = dm_attempts(world, bob)
    await use(alice, ch, "move done")  # bob's turn begins: his Build Points are private

    assert dm_attempts(world, bob) == tries + 1, "one try, never retried"
    notice = ch.last_message
    assert notice is not None and f"<@{bob.id}>" in notice.content
    assert "cannot send you direct messages" in notice.content
    assert "BP" not in notice.content

    refused = await alice.click(notice, label="Read my messages")
    assert refused.ephemeral and answer(refused).content == NOT_YOURS

    read = await bob.click(notice, label="Read my messages")
    assert read.ephemeral
    letters = [answer(read).content, *(f.content for f in read.followups)]
    assert any("Your turn has begun" in text for text in letters)
    again = await bob.click(notice, label="Read my messages")
    assert answer(again).content == NOTHING


async def test_the_button_works_after_a_restart(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    close_dms(world, bob)
    await alices_first_moves(world)
    await use(alice, ch, "move done")
    notice = ch.last_message
    assert notice is not None

    again = WarpWarBot(world.bot.db, options=Options(deadlines=False))
    await world.env.restart_bot(again)
    read = await bob.click(notice, label="Read my messages")
    assert any("Your turn has begun" in m.content for m in [answer(read), *read.followups])


async def test_a_battle_prompt_comes_to_the_channel_with_the_orders_buttons(world: World) -> None:
    close_dms(world, world.bob)
    await play_to_the_battle(world)
    prompts = [m for m in world.channel.history(viewer=world.carol) if f"<@{world.bob.id}>" in m.content]
    prompt = next(m for m in prompts if "Round 1 at Babylon" in text_of(m))
    assert any(i.startswith("ww:o:") for i in custom_ids(prompt)), "the orders buttons, as in the DM"
    alice_dm = world.alice.user.dm_channel.last_message
    assert alice_dm is not None and "Round 1 at Babylon" in text_of(alice_dm), "alice's DMs still work"

    # The round's write-up is private, with bob's own picture of it: kept, and drawn when read.
    await send_orders(world, world.bob, "Babylon", "W1 ATTACKS W1@alice: D=3 B=4 S=2")
    await send_orders(world, world.alice, "Babylon", "W1 ATTACKS W1@bob: D=4 B=12 S=2")  # the round is fought
    notice = next(
        m
        for m in reversed(world.channel.history(viewer=world.carol))
        if any(i.startswith("ww:mail:") for i in custom_ids(m))
    )
    read = await world.bob.click(notice, label="Read my messages")
    shown = [answer(read), *read.followups]
    pictures = [a.filename for m in shown for a in m.attachments]
    assert "battle-2223.png" in pictures
    assert any("round 1" in "".join(e.description or "" for e in m.embeds).lower() for m in shown)


@pytest.mark.parametrize("code", [50001])
async def test_other_refusals_are_not_taken_for_closed_dms(world: World, code: int) -> None:
    """Only 50007 means "DMs closed"; any other refusal is logged, and the rest still goes out."""
    ch, alice, bob = world.channel, world.alice, world.bob
    world.env.inject_error(
        "POST", f"/channels/{bob.user.dm_channel.id}/messages", status=403, code=code, message="x", times=None
    )
    await alices_first_moves(world)
    await use(alice, ch, "move done")
    assert not any("cannot send you direct messages" in m.content for m in ch.history())
    assert any("bob's turn" in text_of(m) for m in ch.history()), "the channel still got the news"
