"""Issue 11, item 4: every announcement is stored with what it announces (the outbox).

Whatever makes news (a command, a deadline, a reminder, a pause that heads the phase's post
anew) writes it in the same transaction as its effects; the reply says so (``queued``), and the
outbox then holds the reply's announcements, in order, until a front end marks each delivered.
"""

from __future__ import annotations

from gm.announce import Announcement, Reply
from tests.backends import BOTH
from tests.gm.table import ALICE, CHANNEL, Table
from tests.gm.test_whole_games import start_classic_learning

pytestmark = BOTH


async def waiting(table: Table) -> list[Announcement]:
    return [w.announcement for w in await table.gm.undelivered()]


async def delivered(table: Table) -> None:
    for w in await table.gm.undelivered():
        await table.gm.delivered(w.id)


async def queued(table: Table, *replies: Reply) -> None:
    """Each reply's announcements, and nothing else, wait in the outbox; then they are delivered."""
    assert all(r.queued for r in replies)
    assert await waiting(table) == [a for r in replies for a in r.announcements]
    await delivered(table)
    assert await waiting(table) == []


async def test_item_4_commands_deadlines_reminders_and_pauses_queue_their_news(table: Table) -> None:
    await start_classic_learning(table)
    await delivered(table)
    built = await table.ok(table.gm.build_ship(ALICE, CHANNEL, "Ur", "WG=1 PD=5 B=3"))
    await queued(table, built)

    reminded = await table.pass_time(42)
    assert any("Reminder" in a.text for r in reminded for a in r.announcements)
    await queued(table, *reminded)

    paused = await table.ok(table.gm.pause(ALICE, CHANNEL))
    assert any(a.retitle for a in paused.announcements)
    await queued(table, paused)
    resumed = await table.ok(table.gm.resume(ALICE, CHANNEL))
    await queued(table, resumed)

    fired = await table.pass_time(6)
    assert fired and any("The deadline passed" in a.text for r in fired for a in r.announcements)
    await queued(table, *fired)


async def test_item_4_a_refusal_or_a_view_queues_nothing(table: Table) -> None:
    await start_classic_learning(table)
    await delivered(table)
    await table.no(table.gm.pause(ALICE, CHANNEL + 1), "no-game")
    status = await table.ok(table.gm.status(CHANNEL))
    assert not status.queued and await waiting(table) == []
