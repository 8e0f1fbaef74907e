"""A phase's post in the game's channel, edited in place as the phase goes on (``announce: phase``).

The game master marks the news of one phase with its :class:`~gm.announce.PhaseKey`; here the
herald decides between editing that phase's message and posting a new one:

- lines add to the phase's message while it is open and its description stays within Discord's
  4096 characters; otherwise they start a new message for the phase (which is then the one edited);
- an announcement without lines (the phase is over) only changes the heading and the picture of
  the phase's latest message, or posts them if the phase has none; a phase whose post never had
  a picture changed nothing on the map, so it ends without one (the map above it still holds);
  the turn's buttons leave a phase that is over (the next phase's post has its own);
- the picture replaces the message's picture; news that changed nothing on the map keeps the
  picture the message shows (drawn again from its stored request, as of the same moment).
- a phase's new post carries the turn's buttons, or those of the question it asks its player
  (the choice of a map end), which stay until the phase is over;
- an announcement marked ``retitle`` (the deadline moved: a pause, a resume, an extension) only
  heads the phase's latest message anew, and brings the call of its player up to date without
  pinging again; a phase without a message gets none.

Which message belongs to which phase is stored (store/phase_posts.py), so a restart keeps editing
the same message; the announcement is marked delivered (the outbox) in the same transaction, so
one delivered again after a crash never adds its lines twice. Any other post of the game in the
channel (battle news, the end of the game) closes the phase's message to new lines, so the
channel still reads in order.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any

import discord

from cogs.shared.hooks import GameHooks, PromptViews, asking
from cogs.shared.posts import Post, filename_of, posts
from cogs.shared.text import EMBED_DESCRIPTION_LIMIT
from engine.serial import decode, encode
from gm.announce import Announcement, Picture
from gm.locks import Locks
from store import phase_posts
from store.db import Database
from store.phase_posts import PhasePost

Draw = Callable[[Picture], Awaitable[bytes | None]]
"""Draws a picture request within the upload limit where it goes (the herald's, cached)."""
Mark = Callable[[], Awaitable[None]] | None
"""Marks the announcement delivered in the outbox, in the transaction that keeps the post: a
line recorded in the post is never added to it again by a delivery after a restart."""


class PhasePosts:
    """The herald's phase posts: one game's posts are changed one delivery at a time, so two
    replies delivered at once (two players' orders) never lose each other's lines."""

    def __init__(self, db: Database, hooks: GameHooks, prompts: PromptViews | None = None) -> None:
        self.db, self.hooks, self.prompts = db, hooks, prompts or {}
        self._locks: Locks[int] = Locks()
        """One lock per game, while a delivery holds or waits for it."""

    async def deliver(
        self,
        channel: discord.TextChannel | discord.Thread,
        game_id: int,
        announcement: Announcement,
        draw: Draw,
        mark: Mark = None,
    ) -> None:
        """Edit the phase's message with ``announcement``, or post a new one (module docstring)."""
        async with self._locks(game_id):
            await _deliver(self.db, self.hooks, self.prompts, channel, game_id, announcement, draw, mark)

    async def closed(self, game_id: int) -> None:
        """Another post of the game came after the phase's: its next lines start a new message."""
        async with self._locks(game_id), self.db.transaction():
            await phase_posts.close(self.db, game_id)


async def _deliver(
    db: Database,
    hooks: GameHooks,
    prompts: PromptViews,
    channel: discord.TextChannel | discord.Thread,
    game_id: int,
    announcement: Announcement,
    draw: Draw,
    mark: Mark = None,
) -> None:
    key = announcement.phase
    assert key is not None, "only the news of a phase has a phase's post"
    found = await phase_posts.find(db, game_id, key.turn, key.phase)
    if found is not None and found.channel_id != channel.id:
        found = None  # the game moved channel: start afresh there
    if announcement.retitle:
        if found is not None:
            await _retitle(hooks, channel, found, announcement, draw)
        return
    picture = announcement.picture or _picture(found)
    if found is not None and not announcement.text and found.picture is None:
        picture = None  # the phase is over and changed nothing on the map: the last map still holds
    png = await draw(picture) if picture is not None else None
    name = filename_of(picture) if picture is not None else "picture.png"
    shown = json.dumps(encode(picture)) if picture is not None else None
    lines = announcement.text
    if found is not None and (found.open or not lines):
        text = "\n".join(t for t in (found.text, lines) if t)
        if len(text) <= EMBED_DESCRIPTION_LIMIT:
            post = Post(description=text or None, png=png, filename=name, heading=announcement.heading)
            over = announcement.heading is not None and not announcement.heading.live
            # The phase is over: its turn's buttons go (the next phase's post has its own).
            if await _edit(channel, found.message_id, post, **({"view": None} if over else {})):
                await _keep(db, replace(found, text=text, picture=shown), mark)
                return
    sent: discord.Message | None = None
    out = posts(lines, png, name, announcement.heading)
    view: discord.ui.View | None = None
    sending: dict[str, Any] = {}
    if announcement.turn is not None:  # a phase begins: call its player, the turn's buttons below
        out, view, sending = hooks.dressed(out, announcement.turn, game_id)
    view = asking(prompts, announcement.prompt) or view  # or the buttons of the question it asks
    for i, post in enumerate(out):
        under: dict[str, Any] = {"view": view} if view is not None and i == len(out) - 1 else {}
        sent = await channel.send(**post.kwargs(), **under, **sending)
    if sent is not None:
        text = out[-1].description or ""
        await _keep(db, PhasePost(game_id, key.turn, key.phase, channel.id, sent.id, text, shown), mark)


def _picture(found: PhasePost | None) -> Picture | None:
    """The picture the phase's message shows now, as a request."""
    if found is None or found.picture is None:
        return None
    picture = decode(Picture, json.loads(found.picture))
    assert isinstance(picture, Picture)
    return picture


async def _retitle(
    hooks: GameHooks,
    channel: discord.TextChannel | discord.Thread,
    found: PhasePost,
    announcement: Announcement,
    draw: Draw,
) -> None:
    """The phase's deadline moved: its latest message gets the new heading (its lines and picture
    as they were), and the call of its player, if it carries one, the new deadline. Editing the
    call does not ping again: no mention is allowed on the edit."""
    picture = _picture(found)
    png = await draw(picture) if picture is not None else None
    name = filename_of(picture) if picture is not None else "picture.png"
    post = Post(description=found.text or None, png=png, filename=name, heading=announcement.heading)
    called: dict[str, Any] = {}
    turn = announcement.turn
    if turn is not None and turn.user_id:
        mention = f"<@{turn.user_id}>"
        try:
            message = await channel.fetch_message(found.message_id)
        except discord.NotFound:
            return
        if message.content.startswith(f"{mention}, "):
            called = {
                "content": hooks.summons(turn, mention),
                "allowed_mentions": discord.AllowedMentions.none(),
            }
    await _edit(channel, found.message_id, post, **called)


async def _edit(
    channel: discord.TextChannel | discord.Thread, message_id: int, post: Post, **extra: Any
) -> bool:
    """Edit the message in place (its text, heading and picture; its content and buttons stay
    unless ``extra`` says otherwise); False if it is gone (deleted by a moderator, say)."""
    kwargs = post.kwargs()
    file = kwargs.pop("file", None)
    if file is not None:
        kwargs["attachments"] = [file]
    try:
        await channel.get_partial_message(message_id).edit(**kwargs, **extra)
    except discord.NotFound:
        return False
    return True


async def _keep(db: Database, post: PhasePost, mark: Mark = None) -> None:
    async with db.transaction():
        await phase_posts.keep(db, post)
        if mark is not None:
            await mark()
