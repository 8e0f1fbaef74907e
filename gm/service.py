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
gm.looking     status, story, fleet, ship, battle situation, battle reports
gm.audit       replay, export, import
gm.painting    the pictures announcements ask for (drawn by render/ in a worker thread)
gm.guide       what a player can do next, the turn's buttons, /help and /games
gm.isolation   games set aside after an error: the start-up check, their status, release
=============  ==========================================================================
"""

from __future__ import annotations

from gm.audit import Audit
from gm.core import Actor
from gm.guide import Guide
from gm.isolation import Isolation, refusing_set_aside
from gm.lobby import Lobby
from gm.looking import Looking
from gm.manage import Manage
from gm.painting import Painting
from gm.play import Play
from gm.timing import Timing

__all__ = ["Actor", "GameMaster"]


@refusing_set_aside
class GameMaster(Guide, Lobby, Play, Manage, Timing, Looking, Audit, Painting, Isolation):
    """One per process, over one database; see the module docstring for where each action is.

    Call :meth:`~gm.isolation.Isolation.check_games` once at start-up, before any deadline fires."""
