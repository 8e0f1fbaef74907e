"""The game master: every player action, checked, applied under the game's lock, stored, told.

Front ends (the Discord cogs, the local console) call these async methods with who is acting
and where; each returns a :class:`~gm.announce.Reply`: a refusal is a value with a message,
never an exception. One command's writes go to the database in one transaction, committed before the
reply exists, so whatever a player was told has happened and survives a restart.

The methods live in modules by what they are for; this class puts them together:

===================  ====================================================================
gm.lobby             create (a game of any kind), join, leave, start
gm.acting            any kind's command, as the kind's own value (gm.kinds)
gm.manage            settings, pause, resume, extend, abandon, server defaults
gm.timing            deadlines that pass (and the task that waits for them)
gm.outbox            announcements stored with what they announce, waiting to be delivered
gm.audit             replay, export, import
gm.painting          the pictures announcements ask for (drawn in a worker thread)
gm.isolation         games set aside after an error: the start-up check, their status, release
gm.warpwar.play      WarpWar: build, repair, move, done, battle order, concede, orders
gm.warpwar.looking   WarpWar: status, story, fleet, ship, battle situation, battle reports
gm.warpwar.guide     WarpWar: what a player can do next, the turn's buttons, /help, /games
gm.warparena.front   Warp Arena: commands typed in its notation, choices, hand, status, log, dice
===================  ====================================================================

This module is where the game master is put together, so it is the one module of gm/'s core
that names the games: it registers each kind (:data:`KINDS`) and adds WarpWar's own actions.
Every other shared module reaches a game only through gm.kinds (tests/gm/test_kinds_imports.py).

Every action (a public method that returns a Reply) is guarded here, once for every front end:
its text arguments are checked (gm.validate: no lone surrogate, no control character) and the
acting person's display name is shown cleaned. Numbers are checked by the actions that know
what they count (gm.validate.amount, gm.validate.number).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, TypeVar, cast

from engine.records import replace
from gm.acting import Acting
from gm.announce import Reply, refused
from gm.audit import Audit
from gm.clock import Clock
from gm.core import REQUESTS_KEPT, Actor, GameCore
from gm.isolation import Isolation, refusing_set_aside
from gm.kinds import Kinds
from gm.lobby import Lobby
from gm.manage import Manage
from gm.outbox import Outbox
from gm.painting import Painting
from gm.timing import Timing
from gm.validate import TextError, checked, display
from gm.warparena.front import ArenaFront
from gm.warparena.kind import ARENA_KIND
from gm.warpwar.guide import Guide
from gm.warpwar.kind import WARPWAR_KIND
from gm.warpwar.looking import Looking
from gm.warpwar.play import Play
from store.db import Database
from store.games import Stale

__all__ = ["KINDS", "Actor", "GameMaster"]

KINDS = Kinds((WARPWAR_KIND, ARENA_KIND))
"""The games this game master hosts."""


@refusing_set_aside
class GameMaster(
    Guide, Lobby, Play, ArenaFront, Acting, Manage, Timing, Outbox, Looking, Audit, Painting, Isolation
):
    """One per process, over one database; see the module docstring for where each action is.

    Call :meth:`~gm.isolation.Isolation.check_games` once at start-up, before any deadline fires."""

    def __init__(
        self,
        db: Database,
        clock: Clock,
        seeds: Callable[[int], int] | None = None,
        kinds: Kinds | None = None,
        secrets: Callable[[int], bytes] | None = None,
        requests_kept: timedelta = REQUESTS_KEPT,
    ) -> None:
        super().__init__(db, clock, seeds, kinds or KINDS, secrets, requests_kept)


Action = TypeVar("Action", bound=Callable[..., Awaitable[Reply]])


def guarded(action: Action) -> Action:
    """``action`` refusing text it cannot store or show, before it runs; the actor's display
    name cleaned of what cannot be shown (gm.validate)."""

    signature = inspect.signature(action)
    parameters = list(signature.parameters.values())
    named = [p.name for p in parameters[1:]]
    plain = all(p.kind is p.POSITIONAL_OR_KEYWORD for p in parameters)
    """No ``*args`` or ``**kwargs`` (every command but the few with settings): each argument's
    name is known from its place, without binding the call (which is slow)."""

    def checked(
        self: Any, args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """The call's arguments, each checked by its name (:func:`_argument`); TextError if one
        is refused, TypeError if the call does not fit the action."""
        if plain and len(args) <= len(named) and kwargs.keys() <= set(named[len(args) :]):
            return (
                (self, *(_argument(name, value) for name, value in zip(named, args, strict=False))),
                {name: _argument(name, value) for name, value in kwargs.items()},
            )
        bound = signature.bind(self, *args, **kwargs)
        for name, value in bound.arguments.items():
            bound.arguments[name] = _argument(name, value)
        return bound.args, bound.kwargs

    @functools.wraps(action)
    async def guard(self: Any, *args: Any, **kwargs: Any) -> Reply:
        try:
            call_args, call_kwargs = checked(self, args, kwargs)
        except TypeError:  # a front end's slip: the action itself raises it as before
            return await action(self, *args, **kwargs)
        except TextError as invalid:
            return refused(str(invalid), invalid.code)
        try:
            return await action(*call_args, **call_kwargs)
        except Stale:
            # The game was not as held in memory (gm.memory): it is forgotten, and the action
            # runs again on the game as stored. Nothing was written.
            return await action(*call_args, **call_kwargs)

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
