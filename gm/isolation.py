"""Games set aside after an error, as the game master shows them: the start-up check of every
unfinished game, what status says of a set-aside game, the manager's release, and the rule that
every action answers a set-aside game with a refusal in words (gm.aside has the why)."""

from __future__ import annotations

import functools
import inspect
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from engine.text import plural
from gm.announce import Reply, refused
from gm.aside import GameSetAside, fault
from gm.core import Actor, GameCore, once
from store import games, set_aside
from store.set_aside import SetAside

log = logging.getLogger(__name__)

Master = TypeVar("Master", bound=type)


class Isolation(GameCore):
    async def check_games(self) -> list[SetAside]:
        """At start-up: every unfinished game still holds together (its state decodes, its events
        replay to it, its deadlines read); those that do not are set aside, each logged once.
        Returns the games set aside by this check."""
        started = time.perf_counter()
        already = {a.game_id for a in await set_aside.every(self.db)}
        found = []
        rows = await games.live_games(self.db)
        for row in rows:
            if row.id in already:
                continue
            problem = await fault(self.db, self.kinds, row)
            if problem is not None:
                found.append((await self.set_aside(row.id, *problem)).aside)
        seconds = time.perf_counter() - started
        log.info(
            "checked %s in %.2f s: %s set aside",
            plural(len(rows), "unfinished game"),
            seconds,
            plural(len(found) + len(already), "game"),
        )
        if found:
            self.deadlines_moved()
        return found

    @once
    async def release(self, actor: Actor, channel_id: int) -> Reply:
        """A server manager puts a set-aside game back in play once it holds together again (the
        same check as at start-up); deadlines that passed meanwhile fire at once, marked late."""
        if not actor.manager:
            return refused("Only a server manager can release a game that was set aside.", "not-manager")
        row = await self.game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel.", "no-game")
        async with self.locked(row.id):
            aside = await set_aside.of(self.db, row.id)
            if aside is None:
                return refused("This game is not set aside: it is in play.", "not-set-aside")
            problem = await fault(self.db, self.kinds, row)
            if problem is not None:
                reason, error = problem
                return refused(
                    f"The game still does not hold together: {reason} ({error}). "
                    "Fix the database file, then release it again.",
                    "still-broken",
                )
            reply = Reply(
                True,
                f"**{row.title}** is back in play; a deadline that passed meanwhile passes now.",
                private=False,
                game_id=row.id,
                channel_id=row.channel_id,
            )
            async with self.writing(row.id):
                await set_aside.release(self.db, row.id)
                await self.remember(reply)
        log.warning("game %s released by %s (%s)", row.id, actor.name, actor.user_id)
        self.deadlines_moved()
        return reply


def refusing_set_aside(cls: Master) -> Master:
    """Every public action of ``cls`` that answers with a :class:`Reply` answers a set-aside game
    with the refusal in words, so no front end ever meets :class:`GameSetAside`. The core's own
    machinery (``commit``) is not an action and stays as it is."""
    for name, method in inspect.getmembers(cls, inspect.iscoroutinefunction):
        action = not name.startswith("_") and not hasattr(GameCore, name)
        if action and method.__annotations__.get("return") == "Reply":
            setattr(cls, name, _refusing(method))
    return cls


def _refusing(method: Callable[..., Awaitable[Reply]]) -> Callable[..., Awaitable[Reply]]:
    @functools.wraps(method)
    async def refusing(*args: Any, **kwargs: Any) -> Reply:
        try:
            return await method(*args, **kwargs)
        except GameSetAside as aside:
            return aside.refusal()

    return refusing
