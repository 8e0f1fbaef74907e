"""The herald: a game master's reply turned into Discord messages, each to its audience.

The reply's own text (and pictures) answer the person who acted: the interaction's response,
ephemeral when private. Each announcement then goes where it belongs: ``ToChannel`` to the
game's channel (with its picture as an embed image; the news of one phase edits that phase's
post, cogs/shared/phase_post.py), ``ToPlayer`` as a direct message,
``ToBattle`` as a direct message to each player with the orders buttons. A direct message that
Discord refuses because the member closed them (403 / 50007) is never retried: the letter is
kept in the mailbox and the channel tells the member, with a button to read it privately; a
battle prompt is posted in the channel instead, with the same buttons, unless the battle is a
blind game's secret (then it is kept in the mailbox too, and /orders answers it). A blind game's
letters are discreet: the channel is told of kept letters the first time only, as the moments
they come would tell what their reader saw.

Pictures are drawn by the game master in a worker thread; one too big for where it goes is
drawn again smaller.

The game master stores a reply's announcements in the game's outbox with what they announce
(gm.outbox, a reply marked ``queued``): the herald delivers a game's waiting announcements from
there, one game's one delivery at a time and in order (in this process, and among the processes
sharing the database: ``gm.delivering``), marking each as soon as it is delivered
(a phase's post records its message and the mark in one transaction). At start-up (and on every
reconnection) it delivers what a crash or an outage left waiting. Only the announcement being
delivered when the process died can be delivered twice. One that Discord refuses is logged and
not tried again, so it never holds back the game's later news; one that fails because Discord
is down waits, with the game's later news, for the next delivery (the game's next reply, the
next deadline, or the next connection).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

import aiohttp
import discord

from cogs.shared import mailbox as mail
from cogs.shared.answer import only
from cogs.shared.hooks import GameHooks, PromptViews, asking
from cogs.shared.phase_post import PhasePosts
from cogs.shared.posts import Post, draw, filename_of, posts
from cogs.shared.privacy import hidden
from engine.serial import encode
from engine.text import plural
from gm.announce import Announcement, Picture, Reply, ToBattle, ToChannel, ToPlayer
from gm.locks import Locks
from gm.service import GameMaster
from store import mailbox, outbox
from store.db import Database

log = logging.getLogger(__name__)

DMS_CLOSED = 50007
"""Discord's "Cannot send messages to this user"."""
DM_UPLOAD_LIMIT = discord.utils.DEFAULT_FILE_SIZE_LIMIT_BYTES
ACK_CHANNEL = "Done: the news is in the game's channel."
ACK = "Done."
MOVED_BELOW = "Done (the answer took a moment; it is below)."
SECRET_BATTLE = "Send your orders with /orders (your direct messages are closed, so they have no buttons)."
"""The end of a blind game's call for orders kept in the mailbox: where the battle is stays private."""
"""The deferred private placeholder, when what follows it must be public."""


def unreachable(error: Exception) -> bool:
    """Discord is down (a 5xx, after discord.py's own retries) or out of reach: an announcement
    from the outbox that fails so stays waiting, with the game's later ones, for the next delivery."""
    if isinstance(error, discord.HTTPException):
        return error.status >= 500
    return isinstance(error, aiohttp.ClientError | TimeoutError)


class Answer:
    """The interaction of the person who acted, answered once and followed up as needed.

    A deferred response leaves a "thinking" original whose visibility was fixed when it was
    deferred; the first message after it replaces it. When that visibility is wrong for what
    comes (a private deferral, a public answer), the original gets a short note instead and the
    answer follows as a message of its own.
    """

    def __init__(self, interaction: discord.Interaction, deferred_visibly: bool) -> None:
        self.interaction = interaction
        self.deferred_visibly = deferred_visibly
        self.thinking = interaction.response.type == discord.InteractionResponseType.deferred_channel_message

    @property
    def upload_limit(self) -> int:
        return self.interaction.filesize_limit

    async def defer(self, private: bool) -> None:
        if not self.interaction.response.is_done():
            ephemeral = hidden(self.interaction, private)
            await self.interaction.response.defer(ephemeral=ephemeral, thinking=True)
            self.thinking, self.deferred_visibly = True, not ephemeral

    async def send(self, post: Post, private: bool) -> None:
        ephemeral = hidden(self.interaction, private)
        response = self.interaction.response
        if not response.is_done():
            await response.send_message(ephemeral=ephemeral, **post.kwargs())
            return
        if self.thinking:
            self.thinking = False
            if self.deferred_visibly != ephemeral:
                await self.interaction.followup.send(ephemeral=ephemeral, **post.kwargs())
                return
            await self.interaction.edit_original_response(content=MOVED_BELOW)
        await self.interaction.followup.send(ephemeral=ephemeral, **post.kwargs())


@dataclass
class Delivery:
    """What one reply's delivery has learnt: pictures drawn, and whose DMs are closed."""

    reply: Reply
    drawn: dict[tuple[Picture, int], bytes | None] = field(default_factory=dict)
    closed: set[int] = field(default_factory=set)
    """Users whose DMs failed with 50007 here: not tried again in this delivery."""
    kept: dict[int, int] = field(default_factory=dict)
    """User id → letters kept in the mailbox during this delivery."""
    loud: set[int] = field(default_factory=set)
    """Users with a letter kept here that the channel may be told of (not all discreet)."""
    mark: Callable[[], Awaitable[None]] | None = None
    """Marks the announcement being delivered as delivered (in the outbox), run inside the
    transaction that records what its delivery changed, so the record and the mark go together."""


class Herald:
    """Delivers the game master's replies (see the module docstring). It is handed what it uses
    (the client that sends, the game master, the database, a game's hooks for its buttons and
    prompts) rather than the bot, so it never imports the bot's module nor a game's."""

    def __init__(
        self,
        client: discord.Client,
        gm: GameMaster,
        db: Database,
        hooks: GameHooks,
        prompts: PromptViews | None = None,
    ) -> None:
        self.client, self.gm, self.db, self.hooks = client, gm, db, hooks
        self.prompts: PromptViews = prompts or {}
        """The buttons under an announcement that carries a question, by the question's kind."""
        self._visible_deferrals: set[int] = set()
        """Interactions this herald deferred visibly (every other deferral is taken as ephemeral)."""
        self.phase_posts = PhasePosts(db, hooks, self.prompts)
        self._outbox_locks: Locks[int] = Locks()
        """One delivery from a game's outbox at a time, so its news is told in order and once."""

    async def defer(self, interaction: discord.Interaction, private: bool = True) -> None:
        """Acknowledge now (the 3-second window), answer later through :meth:`deliver`."""
        if not interaction.response.is_done():
            ephemeral = hidden(interaction, private)
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
            if not ephemeral:
                self._visible_deferrals.add(interaction.id)

    async def deliver(self, reply: Reply, interaction: discord.Interaction | None = None) -> None:
        """Tell the person who acted (through ``interaction``; None for a deadline that passed),
        then everyone the announcements are for. One failed message never stops the others."""
        delivery = Delivery(reply)
        if interaction is not None:
            visibly = interaction.id in self._visible_deferrals
            self._visible_deferrals.discard(interaction.id)
            await self._answer(delivery, Answer(interaction, visibly))
        if not reply.ok:
            return
        if reply.queued and reply.game_id is not None:
            await self.deliver_waiting(reply.game_id)
            return
        for announcement in reply.announcements:
            await self._announce_safely(delivery, announcement)
        await self._tell_closed(delivery)

    async def deliver_waiting(self, game_id: int) -> None:
        """Deliver the game's announcements waiting in the outbox, in order, each marked as soon
        as it is delivered (those of the reply just given, and any a crash left behind)."""
        async with self._outbox_locks(game_id), self.gm.delivering(game_id):
            waiting = await self.gm.undelivered(game_id)
            if not waiting:
                return
            told = tuple(w.announcement for w in waiting)
            reply = Reply(True, "", announcements=told, game_id=game_id, channel_id=waiting[0].channel_id)
            delivery = Delivery(reply)
            for entry in waiting:
                delivery.mark = self._marker(entry.id)
                if not await self._announce_safely(delivery, entry.announcement):
                    break  # it and what follows wait for the next delivery, in order
                await self.gm.delivered(entry.id)
            await self._tell_closed(delivery)

    async def deliver_all_waiting(self) -> None:
        """At start-up: what every game's outbox still holds (a crash, a lost connection)."""
        for game_id in await self.gm.games_undelivered():
            await self.deliver_waiting(game_id)

    def _marker(self, entry_id: int) -> Callable[[], Awaitable[None]]:
        async def mark() -> None:
            await outbox.mark(self.db, entry_id, self.gm.clock.now())

        return mark

    async def _announce_safely(self, delivery: Delivery, announcement: Announcement) -> bool:
        """Deliver one announcement: True when done, or given up (Discord refused it: logged, so
        it never holds back the rest); False when Discord cannot be reached (:func:`unreachable`)."""
        try:
            await self._announce(delivery, announcement)
        except Exception as error:  # what happened stands: one lost message must not stop the others
            game_id = delivery.reply.game_id
            if unreachable(error):
                log.warning("Discord cannot be reached: news of game %s waits", game_id, exc_info=True)
                return False
            log.exception("could not deliver an announcement of game %s", game_id)
        return True

    # --- the person who acted ----------------------------------------------------------------

    async def _answer(self, delivery: Delivery, answer: Answer) -> None:
        reply = delivery.reply
        private = reply.private or not reply.ok
        if reply.pictures:
            await answer.defer(private)
        out: list[Post] = []
        text = reply.text
        for picture in reply.pictures:
            png = await self._draw(delivery, picture, answer.upload_limit)
            if png is not None:
                out += posts(text, png, filename_of(picture))  # the text goes with the first picture
                text = ""
        out = posts(text) + out
        if not out:
            channel_news = any(isinstance(a.to, ToChannel) for a in reply.announcements)
            out = [Post(content=ACK_CHANNEL if channel_news else ACK)]
        for post in out:
            await answer.send(post, private)

    # --- announcements -----------------------------------------------------------------------

    async def _announce(self, delivery: Delivery, announcement: Announcement) -> None:
        to = announcement.to
        if isinstance(to, ToChannel):
            channel = await self._channel(delivery.reply.channel_id)
            if channel is not None:
                limit = channel.guild.filesize_limit if channel.guild else DM_UPLOAD_LIMIT
                await self._to_channel(channel, delivery, announcement, limit)
        elif isinstance(to, ToPlayer):
            await self._to_player(delivery, to.user_id, announcement)
        elif isinstance(to, ToBattle):
            for player in to.players:
                await self._battle_prompt(delivery, player.user_id, to, announcement)

    async def _to_channel(
        self,
        channel: discord.TextChannel | discord.Thread,
        delivery: Delivery,
        announcement: Announcement,
        limit: int,
    ) -> None:
        """A phase's news edits that phase's post (cogs/shared/phase_post.py); other news is posted, and
        the phase's post then takes no more lines, so the channel reads in order."""
        game_id = delivery.reply.game_id
        if game_id is None:
            await self._post(channel, delivery, announcement, limit)
        elif announcement.phase is not None:
            await self.phase_posts.deliver(
                channel, game_id, announcement, lambda p: self._draw(delivery, p, limit), delivery.mark
            )
        else:
            await self._post(channel, delivery, announcement, limit)
            await self.phase_posts.closed(game_id)

    async def _post(
        self,
        target: discord.abc.Messageable,
        delivery: Delivery,
        announcement: Announcement,
        limit: int,
        view: discord.ui.View | None = None,
    ) -> None:
        """The announcement's text and picture in ``target``; the view under the last message."""
        png = None
        if announcement.picture is not None:
            png = await self._draw(delivery, announcement.picture, limit)
        name = filename_of(announcement.picture) if announcement.picture else "picture.png"
        out = posts(announcement.text, png, name, announcement.heading)
        sending: dict[str, Any] = {}
        if announcement.turn is not None and delivery.reply.game_id is not None:
            out, view, sending = self.hooks.dressed(out, announcement.turn, delivery.reply.game_id)
        # A question's buttons take the place of the turn's (gm.announce.Prompt).
        view = asking(self.prompts, announcement.prompt) or view
        for i, post in enumerate(out):
            extra: dict[str, Any] = {"view": view} if view is not None and i == len(out) - 1 else {}
            await target.send(**post.kwargs(), **extra, **sending)

    async def _to_player(self, delivery: Delivery, user_id: int, announcement: Announcement) -> None:
        """A private message; kept in the mailbox if the member's DMs are closed."""
        if not await self._dm(delivery, user_id, announcement):
            discreet = isinstance(announcement.to, ToPlayer) and announcement.to.discreet
            await self._keep(delivery, user_id, announcement, discreet)

    async def _keep(
        self, delivery: Delivery, user_id: int, announcement: Announcement, discreet: bool
    ) -> None:
        """A letter the member's closed DMs refused, kept for them to read privately; ``discreet``:
        the channel is told only if it is the first kept for them in this game (gm.announce.ToPlayer)."""
        if delivery.reply.game_id is None or not user_id:
            return
        if not discreet:
            delivery.loud.add(user_id)
        picture = json.dumps(encode(announcement.picture)) if announcement.picture else None
        now = self.gm.clock.now()
        await mailbox.keep(self.db, delivery.reply.game_id, user_id, announcement.text, picture, now)
        delivery.kept[user_id] = delivery.kept.get(user_id, 0) + 1

    async def _battle_prompt(
        self, delivery: Delivery, user_id: int, to: ToBattle, announcement: Announcement
    ) -> None:
        """A round wants orders: the orders buttons by DM, or in the channel if DMs are closed."""
        game_id = delivery.reply.game_id
        if game_id is None:
            return
        view = self.hooks.prompt_view(game_id, to.hex, to.round)
        situation = await self.hooks.situation(self.gm, game_id, to.hex, user_id)
        private = replace(
            announcement, text=f"{announcement.text}\n\n{situation}" if situation else announcement.text
        )
        if await self._dm(delivery, user_id, private, view):
            return
        if to.secret:  # a blind game's battle is named to its players only (R-BLIND-17)
            letter = f"{private.text}\n\n{SECRET_BATTLE}"
            await self._keep(delivery, user_id, replace(private, text=letter, picture=None), discreet=True)
            return
        channel = await self._channel(delivery.reply.channel_id)
        if channel is None:
            return
        text = (
            f"<@{user_id}>, I cannot send you direct messages, so here is your prompt: "
            f"{announcement.text}\nThe buttons answer you privately."
        )
        await channel.send(text, view=view, allowed_mentions=only(user_id))

    async def _dm(
        self,
        delivery: Delivery,
        user_id: int,
        announcement: Announcement,
        view: discord.ui.View | None = None,
    ) -> bool:
        """Send a direct message; False if it cannot reach the member (DMs closed: not retried)."""
        if not user_id or user_id in delivery.closed:
            return False
        try:
            user = self.client.get_user(user_id) or await self.client.fetch_user(user_id)
            await self._post(user, delivery, announcement, DM_UPLOAD_LIMIT, view)
        except discord.Forbidden as refused:
            if refused.code != DMS_CLOSED:
                raise
            log.info("DMs closed for user %s (game %s)", user_id, delivery.reply.game_id)
            delivery.closed.add(user_id)
            return False
        except discord.NotFound:
            log.warning("user %s of game %s is gone", user_id, delivery.reply.game_id)
            return False
        return True

    async def _tell_closed(self, delivery: Delivery) -> None:
        """One channel message per member whose letters were kept, with the button to read them."""
        game_id = delivery.reply.game_id
        if game_id is None or not delivery.kept:
            return
        channel = await self._channel(delivery.reply.channel_id)
        if channel is None:
            return
        for user_id, count in delivery.kept.items():
            told_before = await mailbox.count_kept(self.db, game_id, user_id) > count
            if told_before and user_id not in delivery.loud:
                continue  # discreet letters: their timing would tell the channel what was seen
            text = (
                f"<@{user_id}>, I cannot send you direct messages (they are closed for this server), "
                f"so {plural(count, 'private message')} wait{'s' if count == 1 else ''} "
                "for you here. Only you can read them."
            )
            try:
                await channel.send(
                    text, view=mail.read_view(game_id, user_id), allowed_mentions=only(user_id)
                )
            except discord.HTTPException:
                log.exception("could not tell user %s of their mailbox", user_id)

    # --- helpers -----------------------------------------------------------------------------

    async def _channel(self, channel_id: int | None) -> discord.TextChannel | discord.Thread | None:
        if channel_id is None:
            return None
        channel = self.client.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.client.fetch_channel(channel_id)
            except discord.HTTPException:
                log.warning("the channel %s of a game cannot be reached", channel_id)
                return None
        if isinstance(channel, discord.TextChannel | discord.Thread):
            return channel
        return None

    async def _draw(self, delivery: Delivery, picture: Picture, limit: int) -> bytes | None:
        """The picture's PNG within ``limit`` bytes (drawn smaller if need be), once per delivery."""
        key = (picture, limit)
        if key not in delivery.drawn:
            delivery.drawn[key] = await draw(self.gm, delivery.reply.game_id, picture, limit)
        return delivery.drawn[key]
