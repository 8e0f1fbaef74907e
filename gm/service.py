"""The game master: every player action, checked, applied under the game's lock, stored, told.

Front ends (the Discord cogs, the local console) call these async methods with who is acting
and where; each returns a :class:`~gm.announce.Reply`: a refusal is a value with a message,
never an exception. One command's writes go to SQLite in one transaction, committed before the
reply exists, so whatever a player was told has happened and survives a restart.

The methods live in modules by what they are for; this class puts them together:

=============  ==========================================================================
gm.lobby       create, join, leave, start
gm.play        build, repair, move, done, battle order, concede, sealed orders, standing ones
gm.manage      settings, pause, resume, extend, abandon, server defaults
gm.timing      deadlines that pass (and the task that waits for them)
gm.outbox      announcements stored with what they announce, waiting to be delivered
gm.looking     status, story, fleet, ship, battle situation, battle reports
gm.audit       replay, export, import
gm.painting    the pictures announcements ask for (drawn by render/ in a worker thread)
gm.guide       what a player can do next, the turn's buttons, /help and /games
gm.isolation   games set aside after an error: the start-up check, their status, release
=============  ==========================================================================

Every action (a public method that returns a Reply) is guarded here, once for every front end:
its text arguments are checked (gm.validate: no lone surrogate, no control character) and the
acting person's display name is shown cleaned. Numbers are checked by the actions that know
what they count (gm.validate.amount, gm.validate.number).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from dataclasses import replace
from typing import Any, TypeVar, cast

from gm.announce import Reply, refused
from gm.audit import Audit
from gm.core import Actor, GameCore
from gm.guide import Guide
from gm.isolation import Isolation, refusing_set_aside
from gm.lobby import Lobby
from gm.looking import Looking
from gm.manage import Manage
from gm.outbox import Outbox
from gm.painting import Painting
from gm.play import Play
from gm.timing import Timing
from gm.validate import TextError, checked, display

__all__ = ["Actor", "GameMaster"]


@refusing_set_aside
class GameMaster(Guide, Lobby, Play, Manage, Timing, Outbox, Looking, Audit, Painting, Isolation):
    """One per process, over one database; see the module docstring for where each action is.

    Call :meth:`~gm.isolation.Isolation.check_games` once at start-up, before any deadline fires."""


Action = TypeVar("Action", bound=Callable[..., Awaitable[Reply]])


def guarded(action: Action) -> Action:
    """``action`` refusing text it cannot store or show, before it runs; the actor's display
    name cleaned of what cannot be shown (gm.validate)."""

    signature = inspect.signature(action)

    @functools.wraps(action)
    async def guard(self: Any, *args: Any, **kwargs: Any) -> Reply:
        try:
            bound = signature.bind(self, *args, **kwargs)
        except TypeError:  # a front end's slip: the action itself raises it as before
            return await action(self, *args, **kwargs)
        try:
            for name, value in bound.arguments.items():
                bound.arguments[name] = _argument(name, value)
        except TextError as invalid:
            return refused(str(invalid), invalid.code)
        return await action(*bound.args, **bound.kwargs)

    return cast(Action, guard)


def _argument(name: str, value: object) -> object:
    if isinstance(value, Actor):
        return replace(value, name=display(value.name))
    if isinstance(value, dict) and name != "data":  # settings; an import checks its own data
        return {k: checked(v, k) for k, v in value.items()}
    return checked(value, name)


def _is_action(name: str, member: object) -> bool:
    """A public coroutine of the game master that answers with a Reply (GameCore's tools are
    used by the actions themselves, not by front ends)."""
    returns = getattr(member, "__annotations__", {}).get("return")
    core = name in vars(GameCore)
    return (
        not name.startswith("_") and not core and inspect.iscoroutinefunction(member) and returns == "Reply"
    )


for _name in dir(GameMaster):
    if _is_action(_name, _member := getattr(GameMaster, _name)):
        setattr(GameMaster, _name, guarded(_member))
