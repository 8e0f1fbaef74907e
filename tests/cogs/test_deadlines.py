"""Deadlines passing with the real deadline task (cogs.app runs gm.timing.DeadlineRunner), on
SimCord's virtual clock: an idle player's phase ends, the players who must act are reminded, and
a battle round is fought with one side silent."""

from __future__ import annotations

import pytest

from cogs.app import Options
from tests.cogs.conftest import (
    World,
    answer,
    choose_ends,
    play_to_the_battle,
    seen_by,
    send_orders,
    text_of,
    use,
)

HOUR = 3600


@pytest.fixture
def bot_options() -> Options:
    return Options(sync=True, deadlines=True)


async def test_an_idle_phase_ends_at_its_deadline_after_a_reminder(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    await use(alice, ch, "warpwar new", fixed_order=True, phase_hours=2.0, remind_hours=0.5)
    await use(bob, ch, "warpwar join")
    await use(alice, ch, "warpwar start")
    await choose_ends(world)
    await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")

    await world.env.advance_time(1.5 * HOUR + 60)
    reminder = alice.user.dm_channel.last_message
    assert reminder is not None and "Reminder" in reminder.content
    assert "waiting for you: your build phase, it ends <t:" in reminder.content
    await world.env.advance_time(0.5 * HOUR)
    public = seen_by(ch, world.carol)
    assert any("The deadline passed." in t for t in public)
    status = await use(world.carol, ch, "warpwar status")
    assert "bob's turn, build phase" in answer(status).content, "alice's idle turn ended"


async def test_a_round_is_fought_when_one_side_stays_silent(world: World) -> None:
    await play_to_the_battle(world)
    await send_orders(world, world.alice, "Babylon", "W1 ATTACKS W1@bob: D=4 B=12 S=2")
    await world.env.advance_time(24 * HOUR + 60)  # round_hours: 24 by default
    public = seen_by(world.channel, world.carol)
    assert any("The orders deadline passed." in t for t in public)
    assert any("Round 1 at Babylon fought" in t for t in public)
    report = [text_of(m) for m in world.bob.user.dm_channel.history() if "round 1" in text_of(m).lower()]
    assert report, "bob still gets his view of the round"
