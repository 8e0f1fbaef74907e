"""Acknowledging every interaction within Discord's 3 seconds, whatever the load.

Discord counts its 3 seconds from the interaction's creation, not from when the bot began on
it, and under load an interaction waits before any answer can leave: in the gateway and on the
event loop before it reaches us, then on a game's lock, on the database's single thread and on
its write lock. So the budget (:data:`BUDGET`) is measured from ``interaction.created_at``,
and when the bot is busy (:data:`BUSY` calls in flight) every call defers at once, before it can
queue anywhere, and so do the calls still hoping to answer directly. A lone quick call still
answers directly (no "thinking…"), which keeps a refusal private even for a command whose
success is public (cogs.common.respond).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager

import discord

BUDGET = 2.0
"""Seconds after an interaction's creation by which it is acknowledged (Discord allows 3)."""
BUSY = 8
"""Calls in flight at which the bot is busy: every call defers at once."""


class Acknowledgement:
    """One interaction's acknowledgement (a deferral): sent once, when its call asks for it or
    when the bot becomes busy, whichever comes first, and never once its answer has begun."""

    def __init__(self, defer: Callable[[], Awaitable[None]]) -> None:
        self._defer = defer
        self._sent: asyncio.Future[None] | None = None
        self._answering = False

    @property
    def sent(self) -> bool:
        return self._sent is not None

    def now(self) -> None:
        """Start the deferral now, unless it is under way or the answer itself has begun."""
        if self._sent is None and not self._answering:
            self._sent = asyncio.ensure_future(self._defer())

    async def reached(self) -> None:
        """Wait until a deferral under way has reached Discord (at once if none was started)."""
        if self._sent is not None:
            await self._sent

    async def answering(self) -> None:
        """The answer follows: no deferral starts from now on; one under way is waited for."""
        self._answering = True
        await self.reached()


class Pace:
    """The bot's calls in flight (cogs.common.respond): when they reach :data:`BUSY`, every one
    not yet acknowledged is deferred at once, and so is every call that comes while it is busy."""

    def __init__(self, busy: int = BUSY) -> None:
        self.busy = busy
        self.in_flight = 0
        self._waiting: set[Acknowledgement] = set()

    @contextmanager
    def call(self, defer: Callable[[], Awaitable[None]]) -> Iterator[Acknowledgement]:
        """One call in flight; ``defer`` acknowledges its interaction."""
        acknowledgement = Acknowledgement(defer)
        self.in_flight += 1
        self._waiting.add(acknowledgement)
        if self.in_flight >= self.busy:
            for waiting in self._waiting:
                waiting.now()
        try:
            yield acknowledgement
        finally:
            self._waiting.discard(acknowledgement)
            self.in_flight -= 1


def left(interaction: discord.Interaction) -> float:
    """Seconds of the budget left, counted from the interaction's creation (Discord's clock: a
    local clock behind it gives the whole budget, one ahead of it defers sooner)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return min(BUDGET, max(0.0, BUDGET - max(0.0, age)))
