"""Printing what the game master says, each line marked with who it is for.

Everyone at a console reads the same screen, so nothing is hidden; instead every line says
its audience, as Discord would deliver it: ``[#game]`` for the game's channel, ``[to alice]``
for a private message (or an ephemeral reply), ``[to alice, bob]`` for the players of one
battle, ``[picture] path`` for a saved picture. Discord's markup is translated for a
terminal: ``**bold**`` (bold on a terminal, plain in a file), ``<t:UNIX:R>`` timestamps,
told relative to the console's clock, and ``<#CHANNEL>`` links as the channel's name. Where
Discord calls the player whose phase begins (a mention), the console writes their name.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from console.pictures import Album
from engine.text import plural
from gm.announce import Announcement, Audience, Heading, Picture, Reply, ToBattle, ToPlayer, summons
from gm.clock import Clock

_BOLD = re.compile(r"\*\*(.+?)\*\*", re.DOTALL)
_STAMP = re.compile(r"<t:(-?\d+)(?::([tTdDfFR]))?>")
_CHANNEL = re.compile(r"<#(\d+)>")


class Printer:
    """Prints replies and announcements; ``write`` takes one finished line."""

    def __init__(self, clock: Clock, album: Album, write: Callable[[str], None], bold: bool = False) -> None:
        self.clock = clock
        self.album = album
        self.write = write
        self.bold = bold
        self._titles: dict[str, str] = {}
        """The heading last printed in each channel: a phase's title is printed once, as it begins."""

    async def reply(
        self, reply: Reply, speaker: str | None, channel_id: int, draw: bool = True, announce: bool = True
    ) -> None:
        """A reply to ``speaker`` (None: to nobody, a deadline that passed) and its announcements.

        ``draw`` False skips the pictures: the reply was given before (a script played again
        after a crash) and a picture drawn now would show the game as it is now, not then.
        ``announce`` False leaves the announcements out: they wait in the outbox, and the
        session prints them from there (console.app, ``Session.deliver``).
        """
        channel = channel_tag(reply.channel_id or channel_id)
        mine = f"[to {speaker}]" if reply.private else channel
        if not reply.ok:
            self.say(mine, f"refused: {reply.text}")
            return
        if speaker is not None and reply.text:
            self.say(mine, reply.text)
        for picture in reply.pictures if draw else ():
            await self.picture(mine, reply.game_id, picture)
        for announcement in reply.announcements if announce else ():
            await self.announcement(announcement, channel, reply.game_id, draw)

    async def announcement(self, a: Announcement, channel: str, game_id: int | None, draw: bool) -> None:
        tag = audience_tag(a.to, channel)
        text = a.text
        if a.turn is not None and a.turn.call:
            text = f"{text}\n{summons(a.turn, a.turn.player)}"
        if a.heading is not None and text and self._titles.get(tag) != a.heading.title:
            self._titles[tag] = a.heading.title
            self.say(tag, self.heading(a.heading))
        if text:
            self.say(tag, text)
        if a.prompt is not None and a.prompt.choices:
            self.say(tag, f"answers: {' | '.join(a.prompt.choices)}")
        if a.picture is not None and draw:
            await self.picture(tag, game_id, a.picture)

    async def picture(self, tag: str, game_id: int | None, picture: Picture) -> None:
        where = await self.album.save(game_id, picture)
        self.say("[picture]" if tag.startswith("[#") else f"{tag} picture:", where)

    def heading(self, heading: Heading) -> str:
        """A post's title as a plain line (Discord shows it as an embed's title, in colour)."""
        due = ""
        if heading.deadline is not None:
            moment = datetime.fromtimestamp(heading.deadline, UTC)
            due = f" (deadline {relative(moment - self.clock.now())})"
        return f"== {heading.title}{due} =="

    def say(self, tag: str, text: str) -> None:
        """One message: its tag, then its lines, the later ones indented under the first."""
        lines = self.readable(text).splitlines() or [""]
        pad = " " * (len(tag) + 1)
        self.write(f"{tag} {lines[0]}".rstrip())
        for line in lines[1:]:
            self.write(f"{pad}{line}".rstrip())

    def note(self, text: str) -> None:
        """The console's own words (not the game master's): marked with ``--``."""
        self.say("--", text)

    def readable(self, text: str) -> str:
        """Discord markup as a terminal shows it."""
        text = _STAMP.sub(lambda m: self._moment(int(m.group(1)), m.group(2) or "f"), text)
        text = _CHANNEL.sub(lambda m: channel_tag(int(m.group(1)))[1:-1], text)
        return _BOLD.sub(lambda m: f"\033[1m{m.group(1)}\033[0m" if self.bold else m.group(1), text)

    def _moment(self, unix: int, style: str) -> str:
        moment = datetime.fromtimestamp(unix, UTC)
        absolute = f"{moment:%a %d %b %H:%M} UTC"
        if style != "R":
            return absolute
        return f"{relative(moment - self.clock.now())} ({absolute})"


def channel_tag(channel_id: int) -> str:
    """The console's channels are #game, #game-2, …"""
    return "[#game]" if channel_id == 1 else f"[#game-{channel_id}]"


def audience_tag(to: Audience, channel: str) -> str:
    if isinstance(to, ToPlayer):
        return f"[to {to.name}]"
    if isinstance(to, ToBattle):
        return f"[to {', '.join(p.name for p in to.players)}]"
    return channel


def relative(delta: timedelta) -> str:
    """``in 48 h``, ``5 minutes ago``, ``now``: how far a moment is from the console's now."""
    seconds = round(delta.total_seconds())
    if abs(seconds) < 60:
        return "now"
    span = _span(abs(seconds))
    return f"in {span}" if seconds > 0 else f"{span} ago"


def _span(seconds: int) -> str:
    minutes = round(seconds / 60)
    if minutes < 90:
        return plural(minutes, "minute")
    hours, minutes = divmod(minutes, 60)
    if hours < 48:
        return f"{hours} h" + (f" {minutes} min" if minutes else "")
    days, hours = divmod(hours, 24)
    return plural(days, "day") + (f" {hours} h" if hours else "")
