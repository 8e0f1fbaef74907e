"""Issue 10, item 13 on Discord: the battle picture players receive after a crowded round (six
ships a side, beams, missiles, ECM) is the labelled one: no two labels on top of each other,
and the missile lines whose drive ECM moved say so, in the picture of each player who fought."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest
from simcord import MemberActor

from engine.warpwar.state import Phase, TurnState
from tests.cogs.conftest import World, paste_orders, use
from tests.cogs.test_item_07_11_told import seat
from tests.engine.battle_helpers import battle
from tests.render.battles import (
    SIX_A_SIDE,
    Drawn,
    check_labels,
    ecm_lines,
    six_a_side_orders,
    spy_on_battle_pictures,
)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every battle picture the game master draws for the herald, as render drew it."""
    return spy_on_battle_pictures(monkeypatch)


def battle_dms(member: MemberActor) -> list[discord.Message]:
    """The member's direct messages that carry a battle picture."""
    channel = member.user.dm_channel
    messages = channel.history() if channel is not None else []
    return [m for m in messages if any(a.filename.startswith("battle") for a in m.attachments)]


async def test_item_13_the_battle_picture_players_receive_is_labelled_clearly(
    world: World, drawn: Drawn
) -> None:
    """Six against six meet at Kish and both players paste their orders in their DMs: each gets
    the round's picture there (alice as news, bob in the answer to his Submit), drawn for them,
    with no label over another and the ECM that moved missiles named; carol, not fighting, gets
    none."""
    await seat(world, replace(battle(*SIX_A_SIDE), phase=Phase.MOVE, turn=TurnState()))
    await use(world.alice, world.channel, "move done")
    orders = six_a_side_orders()
    sealed = await paste_orders(world, world.alice, "Kish", orders["alice"])
    assert "sealed" in sealed
    await paste_orders(world, world.bob, "Kish", orders["bob"])

    assert sorted(str(viewer) for viewer, _, _ in drawn) == ["alice", "bob"]
    for member in (world.alice, world.bob):
        picture = check_labels(drawn, member.user.name)
        [dm] = battle_dms(member)
        [attachment] = dm.attachments
        assert await attachment.read() == picture.png(), "the picture sent is the one checked"
        assert dm.embeds[0].image.url == f"attachment://{attachment.filename}"
        assert "(ECM 1)" in ecm_lines(picture)[0] and len(picture.texts) > 40
        assert "ECM" in (dm.embeds[0].description or ""), "the write-up names the ECM too"
    assert battle_dms(world.carol) == []
