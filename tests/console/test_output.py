"""Printing: every line says who it is for; Discord's markup reads well in a terminal."""

from __future__ import annotations

from datetime import timedelta

from console.output import relative
from gm.announce import Announcement, Picture, Reply, ToBattle, ToChannel, ToPlayer
from tests.console.helpers import Console

ALICE = ToPlayer("alice", 1)
BOB = ToPlayer("bob", 2)


async def show(console: Console, reply: Reply, speaker: str | None = "alice") -> list[str]:
    start = len(console.out)
    await console.session.printer.reply(reply, speaker, channel_id=1)
    return console.out[start:]


def test_relative_times() -> None:
    assert relative(timedelta(seconds=20)) == "now"
    assert relative(timedelta(minutes=5)) == "in 5 minutes"
    assert relative(timedelta(hours=-3)) == "3 h ago"
    assert relative(timedelta(hours=23, minutes=30)) == "in 23 h 30 min"
    assert relative(timedelta(hours=50)) == "in 2 days 2 h"


async def test_timestamps_are_told_against_the_consoles_clock(console: Console) -> None:
    in_two_days = int((console.clock.now() + timedelta(hours=48)).timestamp())
    text = console.session.printer.readable(f"Deadline <t:{in_two_days}:R>, or <t:{in_two_days}:f>.")
    assert text == "Deadline in 2 days (Sat 03 Jan 00:00 UTC), or Sat 03 Jan 00:00 UTC."


async def test_bold_is_plain_text_off_a_terminal_and_bold_on_one(console: Console) -> None:
    printer = console.session.printer
    assert (
        printer.readable("**Game-turn 2: bob's turn.** Build phase.")
        == "Game-turn 2: bob's turn. Build phase."
    )
    printer.bold = True
    assert printer.readable("**W1**") == "\033[1mW1\033[0m"


async def test_every_audience_has_its_tag_and_later_lines_are_indented(console: Console) -> None:
    reply = Reply(
        True,
        "Built at Ur.\nW1: PD=5",
        announcements=(
            Announcement(ToChannel(), "alice built a ship."),
            Announcement(BOB, "Your turn."),
            Announcement(ToBattle("Kish", (ALICE, BOB)), "Round 1 at Kish."),
        ),
    )
    assert await show(console, reply) == [
        "[to alice] Built at Ur.",
        "           W1: PD=5",
        "[#game] alice built a ship.",
        "[to bob] Your turn.",
        "[to alice, bob] Round 1 at Kish.",
    ]


async def test_a_public_reply_goes_to_the_channel_and_a_refusal_to_the_speaker(console: Console) -> None:
    assert await show(console, Reply(True, "bob joins.", private=False)) == ["[#game] bob joins."]
    refused = Reply(False, "Every seat is taken.", code="full")
    assert await show(console, refused, "carol") == ["[to carol] refused: Every seat is taken."]


async def test_a_reply_with_nothing_private_prints_only_its_announcements(console: Console) -> None:
    """Public news is in the announcements only; the reply's own text is for the speaker."""
    post = Announcement(ToChannel(), "alice's move phase.")
    assert await show(console, Reply(True, "", announcements=(post,))) == ["[#game] alice's move phase."]


async def test_a_deadline_that_passed_speaks_only_through_its_announcements(console: Console) -> None:
    fired = Reply(True, "The deadline passed.", announcements=(Announcement(BOB, "Reminder."),))
    assert await show(console, fired, speaker=None) == ["[to bob] Reminder."]


async def test_pictures_before_a_game_begins_say_so(console: Console) -> None:
    reply = Reply(True, "", private=False, pictures=(Picture("map"),))
    assert await show(console, reply) == ["[picture] map (none yet: the game has not begun)"]
