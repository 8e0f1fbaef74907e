"""A whole classic learning game played through slash commands, as the bundled demo plays it in
the console (data/demo/classic-learning.txt): alice crosses the map, wins the battle at Babylon
by sealed orders, bob's idle turn ends at its deadline, and alice wins holding his base.

Along the way: every command answers, private facts stay out of the channel, maps follow the
phases, battle prompts arrive by DM with the orders buttons.
"""

from __future__ import annotations

import re

import pytest

from cogs.warpwar.orders_ui import custom_ids
from gm.core import Loaded
from gm.warpwar.looking import Looking
from tests.cogs.conftest import (
    World,
    answer,
    pass_time,
    paste_orders,
    play_to_the_battle,
    seen_by,
    text_of,
    use,
)

RECORD = re.compile(r"\b(?:PD|WG|B|S|T|M|SR|E|C|H)\s*=\s*\d")
"""Ship record or order notation (``PD=18``, ``B=12``, ``D=4`` is caught by the orders check)."""
BP = re.compile(r"\b\d+\s*BP\b")
ORDERS = re.compile(r"\b(?:ATTACKS|DODGES|RETREATS)\b|\bD\s*=\s*\d")


async def test_a_classic_learning_game_to_a_win(world: World) -> None:
    ch, alice, bob, carol = world.channel, world.alice, world.bob, world.carol
    await play_to_the_battle(world)

    # The round's prompt reaches both players by DM, with the orders buttons.
    for member in (alice, bob):
        dm = member.user.dm_channel.last_message
        assert dm is not None and "Round 1 at Babylon" in text_of(dm)
        assert dm.components, "the battle prompt has the orders buttons"

    # Sealed orders through the DM prompt's paste form.
    await paste_orders(world, alice, "Babylon", "W1 ATTACKS W1@bob: D=4 B=12 S=2")
    waiting = seen_by(ch, carol)[-1]
    assert "alice has sent orders for round 1 at Babylon" in waiting
    await paste_orders(world, bob, "Babylon", "W1 ATTACKS W1@alice: D=3 B=4 S=2")
    assert any("Round 1 at Babylon fought" in t for t in seen_by(ch, carol))
    await paste_orders(world, alice, "Babylon", "W1 ATTACKS W1@bob: D=9 B=9")
    await paste_orders(world, bob, "Babylon", "W1 RETREATS: D=6")
    for member in (alice, bob):  # each side's own view of every round, with its picture
        reports = [m for m in member.user.dm_channel.history() if "Babylon, round" in text_of(m)]
        assert len(reports) == 2 and all(m.attachments[0].filename.startswith("battle-") for m in reports)

    fleet = await use(bob, ch, "fleet")
    assert fleet.ephemeral and "Your fleet" in (answer(fleet).embeds[0].description or "")
    assert [a.filename for a in answer(fleet).attachments] == ["fleet.png"]
    zoomed = await use(bob, ch, "warpwar map", around="Babylon")
    assert not zoomed.ephemeral and answer(zoomed).embeds[0].image.url == "attachment://map.png"
    status = await use(bob, ch, "warpwar status")
    assert "bob's turn" in answer(status).content

    # bob does nothing; two days later his turn ends, and alice begins turn 3 holding his base.
    assert await pass_time(world, 48 * 3600 + 60) >= 1
    over = await use(carol, ch, "warpwar status")
    assert "This game is over: alice won" in answer(over).content

    public = seen_by(ch, carol)
    ended = next(i for i, t in enumerate(public) if "wins" in t or "won" in t)
    for text in public[:ended]:
        assert not RECORD.search(text), text
        assert not BP.search(text), text
        assert not ORDERS.search(text), text
    maps = [m for m in ch.history(viewer=carol) if any(a.filename == "map.png" for a in m.attachments)]
    assert len(maps) >= 6, "a map after every phase that changed it"


async def test_long_logs_are_paged_and_split_within_the_limits(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A long campaign's story: 400 lines of up to 150 characters, so a page of 25 lines is
    longer than one message and goes out in pieces."""
    ch, alice = world.channel, world.alice
    await play_to_the_battle(world)
    story = [
        f"{i}: alice's W1 moved → " + " → ".join(["Erech", "Adab", "Khafa", "1414", "Mari"] * 4)
        for i in range(400)
    ]

    async def long_story(self: Looking, loaded: Loaded) -> list[str]:
        return story

    monkeypatch.setattr(Looking, "_public_story", long_story)
    for page in (1, 2, 16, 99):
        shown = await use(alice, ch, "warpwar log", page=page)
        sent = [answer(shown).content, *(f.content for f in shown.followups)]
        assert len(sent) >= 2 and all(len(s) <= 2000 for s in sent), "split, never over the limit"
        assert f"page {min(page, 16)} of 16" in sent[0]
        assert not shown.ephemeral
    newest = await use(alice, ch, "warpwar log")
    assert story[-1] in newest.followups[-1].content, "page 1 is the latest"
    every = [m for m in ch.history() if m.content or m.embeds]
    assert all(len(m.content) <= 2000 for m in every)
    assert all(len(e.description or "") <= 4096 for m in every for e in m.embeds)


async def test_a_dm_prompt_carries_buttons_that_answer(world: World) -> None:
    """The orders buttons come from cogs.warpwar.orders_ui (the other half of the DM flow)."""
    await play_to_the_battle(world)
    dm = world.bob.user.dm_channel.last_message
    assert dm is not None
    assert custom_ids(dm) and all(i.startswith("ww:o:") for i in custom_ids(dm))
    looked = await world.bob.user.click(dm, label="Situation")
    assert looked.acknowledged and "Babylon" in text_of(answer(looked).message)
