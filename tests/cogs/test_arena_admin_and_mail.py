"""Issue 13 items 1 and 2 on Discord: the server managers' /warpwar-admin tools work on a Warp
Arena game; a player whose DMs are closed finds their hand and questions in the mailbox, read
privately from the channel, never in the channel itself."""

from __future__ import annotations

from tests.cogs.arena_table import open_three, simcord_bot, state_of
from tests.cogs.conftest import World, answer, close_dms, manager, text_of, use

__all__ = ["simcord_bot"]


async def test_item_01_admin_pause_resume_extend_and_abandon_a_warp_arena_game(world: World) -> None:
    """Pause stops the deadlines (the status says so), resume and extend answer, abandon ends it."""
    await open_three(world)
    dana = manager(world)
    paused = await use(dana, world.channel, "warpwar-admin pause")
    assert answer(paused).content
    status = await use(world.bob, world.channel, "arena status")
    assert "paused" in answer(status).content
    for name, options in (("warpwar-admin resume", {}), ("warpwar-admin extend", {"hours": 2.0})):
        result = await use(dana, world.channel, name, **options)
        assert answer(result).content, name
    ended = await use(dana, world.channel, "warpwar-admin abandon")
    assert answer(ended).content
    play = await use(world.alice, world.channel, "arena act", text="draw")
    assert play.ephemeral


async def test_item_02_closed_dms_keep_the_hand_in_the_mailbox(world: World) -> None:
    """bob's DMs are closed: the channel tells him (mentioning him only) and his button shows
    him his hand privately; nobody else may open it, and no card of his is in the channel."""
    close_dms(world, world.bob)
    await open_three(world)
    hand = (await state_of(world)).player("bob").hand
    told = next(m for m in world.channel.history() if m.components and f"<@{world.bob.id}>" in m.content)
    others = await world.alice.click(told, label="Read my messages")
    assert others.ephemeral and "someone else" in answer(others).content
    read = await world.bob.click(told, label="Read my messages")
    letters = "\n".join(text_of(m.message) for m in [read.response, *read.followups] if m is not None)
    assert read.ephemeral and all(f"{n} (" in letters for n in hand), letters
    eve = world.guild.add_member(world.env.create_user("eve"))
    public = "\n".join(text_of(m) for m in world.channel.history(viewer=eve))
    assert "Your hand" not in public
