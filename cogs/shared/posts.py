"""Messages within Discord's limits: text cut into posts, embeds with a heading and a picture,
and pictures drawn at the largest scale that fits the upload limit where they go."""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

import discord

from cogs.shared.text import EMBED_DESCRIPTION_LIMIT, MESSAGE_LIMIT, pieces
from gm.announce import Heading, Picture
from gm.service import GameMaster

log = logging.getLogger(__name__)

SCALES = (1.0, 0.75, 0.5, 0.35)
"""Picture scales tried in turn until the PNG fits the upload limit where it goes."""
EMBED_COLOUR = discord.Colour.dark_blue()


# --- messages --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Post:
    """One message's worth: text, or an embed (with the picture, if any, as its image).

    A heading (gm.announce.Heading) makes it an embed with a title, the colour and a footer;
    the deadline shows in the footer in each reader's own time (the embed's timestamp)."""

    content: str | None = None
    description: str | None = None
    png: bytes | None = None
    filename: str = "picture.png"
    heading: Heading | None = None

    def kwargs(self) -> dict[str, Any]:
        """Fresh arguments for one send (a discord.File can be sent only once)."""
        if self.png is None and self.description is None and self.heading is None:
            return {"content": self.content}
        embed = discord.Embed(description=self.description, colour=EMBED_COLOUR)
        if self.heading is not None:
            _head(embed, self.heading)
        out: dict[str, Any] = {"embed": embed}
        if self.content:
            out["content"] = self.content
        if self.png is not None:
            embed.set_image(url=f"attachment://{self.filename}")
            out["file"] = discord.File(io.BytesIO(self.png), filename=self.filename)
        return out


def _head(embed: discord.Embed, heading: Heading) -> None:
    embed.title = heading.title
    if heading.colour:
        embed.colour = discord.Colour(heading.colour)
    if heading.footer:
        embed.set_footer(text=heading.footer)
    if heading.deadline is not None:
        embed.timestamp = datetime.fromtimestamp(heading.deadline, UTC)


def posts(
    text: str, png: bytes | None = None, filename: str = "picture.png", heading: Heading | None = None
) -> list[Post]:
    """``text`` (and a picture) as messages within Discord's limits: plain messages of at most
    2000 characters, or, with a picture or a heading, embeds of at most 4096 with the picture on
    the last (a heading's title on the first, its footer on the last)."""
    if png is None and heading is None:
        return [Post(content=part) for part in pieces(text, MESSAGE_LIMIT)]
    parts: list[str | None] = [*pieces(text, EMBED_DESCRIPTION_LIMIT)] or [None]
    last = len(parts) - 1
    return [
        Post(
            description=p,
            png=png if i == last else None,
            filename=filename,
            heading=_part(heading, i, last),
        )
        for i, p in enumerate(parts)
    ]


def _part(heading: Heading | None, index: int, last: int) -> Heading | None:
    """The heading of one of several messages: the title first, the footer last."""
    if heading is None or last == 0:
        return heading
    if index == 0:
        return replace(heading, footer="", deadline=None)
    return replace(
        heading, title=f"{heading.title} (continued)", footer="" if index < last else heading.footer
    )


def filename_of(picture: Picture) -> str:
    """What the attachment is called: what it shows."""
    where = f"-{picture.star}" if picture.star else ""
    return f"{picture.kind}{where}.png"


async def draw(gm: GameMaster, game_id: int | None, picture: Picture, limit: int) -> bytes | None:
    """A picture's PNG at the largest scale that fits ``limit`` bytes (the game master draws it
    in a worker thread); None if the game has none or no scale fits."""
    if game_id is None:
        return None
    for scale in SCALES:
        png = await gm.picture(game_id, picture, scale)
        if png is None or len(png) <= limit:
            return png
    log.warning("a %s picture of game %s does not fit in %d bytes", picture.kind, game_id, limit)
    return None
