"""What a cog may use of the bot, as a typed shape: the game master, the database, the pace and
the herald's two answering calls.

Cogs and the shared parts take the bot through :class:`GameBot` (given in a cog's constructor,
or read from an interaction by :func:`cogs.shared.answer.client_of`) and never import the bot's
module (cogs.app): every module in cogs/ imports only downward (tests/cogs/test_imports.py).
"""

from __future__ import annotations

from typing import Protocol

import discord

from cogs.shared.pace import Pace
from gm.announce import Reply
from gm.service import GameMaster
from store.db import Database


class Answering(Protocol):
    """The herald as a command's answer sees it (cogs.shared.herald.Herald)."""

    async def defer(self, interaction: discord.Interaction, private: bool = True) -> None: ...

    async def deliver(self, reply: Reply, interaction: discord.Interaction | None = None) -> None: ...


class GameBot(Protocol):
    """The bot as its cogs see it (cogs.app.WarpWarBot has this shape)."""

    @property
    def gm(self) -> GameMaster: ...

    @property
    def db(self) -> Database: ...

    @property
    def pace(self) -> Pace: ...

    @property
    def herald(self) -> Answering: ...
