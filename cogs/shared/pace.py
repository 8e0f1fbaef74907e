"""Acknowledging every interaction within Discord's 3 seconds, whatever the load.

Discord counts its 3 seconds from the interaction's creation, not from when the bot began on
it, and under load an interaction waits before any answer can leave: in the gateway and on the
event loop before it reaches us, then on a game's lock, on the database's single thread and on
its write lock. So the budget (:data:`BUDGET`) is measured from ``interaction.created_at``,
and when the bot is busy (:data:`BUSY` calls in flight) every call defers at once, before it can
queue anywhere, and so do the calls still hoping to answer directly. A lone quick call still
answers directly (no "thinking…"), which keeps a refusal private even for a command whose
success is public (cogs.shared.answer.respond).

:meth:`Pace.within` is that rule for any answer path: cogs.shared.answer.respond, and the orders flow,
whose answers are sent deep inside it and so wait for :func:`answering` first (the interaction's
acknowledgement is found through a context variable, one per interaction's task). A form cannot
follow a deferral, so a path whose answer is a form acknowledges with a message instead
(cogs.warpwar.orders_ui). An autocomplete cannot be deferred at all: :meth:`Pace.suggest` bounds it.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

import discord

BUDGET = 2.0
"""Seconds after an interaction's creation by which it is acknowledged (Discord allows 3)."""
BUSY = 8
"""Calls in flight at which the bot is busy: every call defers at once."""
SUGGEST = 1.0
"""Seconds an autocomplete may spend on its suggestions (it cannot be deferred): a list that
comes later is no use to someone typing, so none is offered instead."""

T = TypeVar("T")
_current: ContextVar[Acknowledgement | None] = ContextVar("acknowledgement", default=None)


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
    """The bot's calls in flight (cogs.shared.answer.respond): when they reach :data:`BUSY`, every one
    not yet acknowledged is deferred at once, and so is every call that comes while it is busy."""

    def __init__(self, busy: int = BUSY) -> None:
        self.busy = busy
        self.in_flight = 0
        self._waiting: set[Acknowledgement] = set()

    @property
    def is_busy(self) -> bool:
        return self.in_flight >= self.busy

    @contextmanager
    def call(self, defer: Callable[[], Awaitable[None]]) -> Iterator[Acknowledgement]:
        """One call in flight; ``defer`` acknowledges its interaction."""
        acknowledgement = Acknowledgement(defer)
        self.in_flight += 1
        self._waiting.add(acknowledgement)
        if self.is_busy:
            for waiting in self._waiting:
                waiting.now()
        try:
            yield acknowledgement
        finally:
            self._waiting.discard(acknowledgement)
            self.in_flight -= 1

    @asynccontextmanager
    async def within(
        self, interaction: discord.Interaction, defer: Callable[[], Awaitable[None]]
    ) -> AsyncIterator[Acknowledgement]:
        """One interaction answered within its budget: the body reads what it needs and answers,
        calling :func:`answering` (or :meth:`Acknowledgement.answering`) before its first answer.
        When the bot is busy, or the budget is spent before the body begins, ``defer`` runs
        before the body can queue on a lock or the database; when the budget runs out while the
        body still reads, it runs then. ``defer`` is any first answer that buys time: a deferral,
        or, where the answer must be a form (which nothing may precede), a message saying so."""
        with self.call(defer) as acknowledgement:
            if acknowledgement.sent or left(interaction) <= 0:
                acknowledgement.now()
                await acknowledgement.reached()  # before the body can queue on a lock or the database
            timer = asyncio.get_running_loop().call_later(left(interaction), acknowledgement.now)
            token = _current.set(acknowledgement)
            try:
                yield acknowledgement
            finally:
                _current.reset(token)
                timer.cancel()

    async def suggest(self, interaction: discord.Interaction, work: Awaitable[list[T]]) -> list[T]:
        """An autocomplete's suggestions, bounded: it cannot be deferred, so when the bot is busy
        or they take longer than :data:`SUGGEST` seconds (or the budget left), none are offered
        rather than a late list (the command checks whatever is typed anyway)."""
        if self.is_busy:
            if asyncio.iscoroutine(work):
                work.close()
            return []
        suggesting = asyncio.ensure_future(work)
        done, _ = await asyncio.wait({suggesting}, timeout=min(SUGGEST, left(interaction)))
        if not done:  # left to finish on its own: cancelled, it could cut a transaction short
            suggesting.add_done_callback(_ignored)
            return []
        return suggesting.result()


def _ignored(task: asyncio.Future[Any]) -> None:
    """A late autocomplete's outcome, taken so that asyncio does not report it as lost."""
    if not task.cancelled():
        task.exception()


async def answering() -> bool:
    """Before a first answer inside :meth:`Pace.within`: no acknowledgement starts from now on,
    and one under way is waited for. True if one was sent (the interaction is answered already)."""
    acknowledgement = _current.get()
    if acknowledgement is None:
        return False
    await acknowledgement.answering()
    return acknowledgement.sent


async def acknowledge() -> None:
    """Acknowledge now inside :meth:`Pace.within` (before a call that may wait on a game's lock),
    unless the answer has begun."""
    acknowledgement = _current.get()
    if acknowledgement is not None:
        acknowledgement.now()
        await acknowledgement.reached()


def left(interaction: discord.Interaction) -> float:
    """Seconds of the budget left, counted from the interaction's creation (Discord's clock: a
    local clock behind it gives the whole budget, one ahead of it defers sooner)."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return min(BUDGET, max(0.0, BUDGET - max(0.0, age)))
