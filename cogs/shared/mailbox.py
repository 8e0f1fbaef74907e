"""Reading private messages in the channel when direct messages are closed.

The herald keeps such messages in the mailbox (store/mailbox.py) and posts, in the game's
channel, a mention of the member with a "Read my messages" button. The button's custom id
holds the game and the member, so it works after a restart (a DynamicItem re-reads the
database); its answer is ephemeral and only that member may open it. It is deferred before
anything is read, so it is acknowledged in time whatever the load (cogs.shared.pace). Where
several processes share the database, one at a time reads, shows and marks a member's letters
(``Database.exclusive``), so presses in two processes never show the same letters twice.
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord

from cogs.shared.answer import bot_of
from cogs.shared.errors import report
from cogs.shared.posts import Post, draw, filename_of, posts
from engine.serial import decode
from gm.announce import Picture
from store import mailbox

NOT_YOURS = "These messages are for someone else; yours are under a message that mentions you."
NOTHING = "You have no unread messages in this game."


class ReadButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ww:mail:(?P<game>[0-9]+):(?P<user>[0-9]+)",
):
    """Shows the clicking member their unread letters of one game, privately."""

    def __init__(self, game_id: int, user_id: int) -> None:
        self.game_id, self.user_id = game_id, user_id
        super().__init__(
            discord.ui.Button(
                label="Read my messages",
                style=discord.ButtonStyle.primary,
                emoji="\N{ENVELOPE}",
                custom_id=f"ww:mail:{game_id}:{user_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReadButton:
        return cls(int(match["game"]), int(match["user"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await self._show(interaction)
        except Exception as error:  # a button's errors bypass the command tree's handler
            await report(interaction, error)

    async def _show(self, interaction: discord.Interaction) -> None:
        if interaction.user.id != self.user_id:
            await interaction.response.send_message(NOT_YOURS, ephemeral=True)
            return
        bot = bot_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        async with bot.db.exclusive(f"mailbox:{self.game_id}:{self.user_id}"):
            await self._read(interaction)

    async def _read(self, interaction: discord.Interaction) -> None:
        """The member's unread letters, shown, then marked read."""
        bot = bot_of(interaction)
        letters = await mailbox.unread(bot.db, self.game_id, self.user_id)
        out: list[Post] = []
        for letter in letters:
            png, name = None, "picture.png"
            if letter.picture is not None:  # drawn again now, as of when it was sent
                picture = decode(Picture, json.loads(letter.picture))
                assert isinstance(picture, Picture)
                png = await draw(bot.gm, self.game_id, picture, interaction.filesize_limit)
                name = filename_of(picture)
            stamp = discord.utils.format_dt(letter.created_at, "R")
            out.extend(posts(f"*{stamp}:*\n{letter.text}", png, name))
        left = await mailbox.count_unread(bot.db, self.game_id, self.user_id) - len(letters)
        if left > 0:
            out.append(Post(content=f"{left} more: press the button again to read them."))
        for post in out or [Post(content=NOTHING)]:
            await interaction.followup.send(ephemeral=True, **post.kwargs())
        await mailbox.mark_read(bot.db, [letter.id for letter in letters], bot.gm.clock.now())


def read_view(game_id: int, user_id: int) -> discord.ui.View:
    """The button under "I cannot send you direct messages" (restart-proof, no timeout)."""
    view = discord.ui.View(timeout=None)
    view.add_item(ReadButton(game_id, user_id))
    return view


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (ReadButton,)
