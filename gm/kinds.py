"""Game kinds: what the game master asks of a game, whichever game it is.

The game master's core (loading, committing, deadlines, the lobby, replay and export) knows
no game's rules. Each game (WarpWar in gm/warpwar/, Warp Arena in gm/warparena/) is a
:class:`GameKind`: it makes a game from settings, applies a command, folds events, decodes
what was stored, tells each event to its audience, says which deadlines a state wants and
what happens when one passes, reads and describes its settings, and draws its pictures.
Games are stored with their kind's key (``games.kind``); :class:`Kinds` finds the kind of a
stored game. The registry itself is filled where the game master is put together
(gm/service.py), so this module and the core never import a game.

States, events, settings and commands are each kind's own values: the core only passes them
back to the kind that made them, so they are typed ``Any`` here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Protocol, TypeGuard

from gm.announce import Announcement, Picture
from store.games import Deadline, LoggedEvent, Seat

WARPWAR = "warpwar"
"""The kind of every game stored before there were kinds (migration 1's default)."""


class Outcome(Protocol):
    """A command the rules accepted: the new state and the events that lead to it."""

    @property
    def state(self) -> Any: ...

    @property
    def events(self) -> Sequence[Any]: ...


class Refused(Protocol):
    """A command the rules refused: a short code and the reason in the player's words."""

    @property
    def code(self) -> str: ...

    @property
    def message(self) -> str: ...


@dataclass(frozen=True)
class Wanted:
    """A deadline a game's state calls for, named by what it waits for (so it keeps its time
    while the game waits for the same thing)."""

    key: str
    kind: str
    """What it ends (``phase``, ``round``, ``decision``) or ``remind``."""
    after: timedelta
    """From the moment it is first wanted."""
    payload: dict[str, str]


@dataclass(frozen=True)
class Table:
    """Who sits at a game and where it is told: what a kind needs beside its state."""

    game_id: int
    title: str
    channel_id: int
    names: Mapping[str, int]
    """Each seat's name in the game, with the member's user id."""
    seats: tuple[Seat, ...] = ()
    secret: bytes | None = None
    """The game's own secret (Warp Arena's server seed); never shown until the game ends."""


@dataclass(frozen=True)
class Telling:
    """What one command or deadline did, for the story (:meth:`GameKind.tell`)."""

    table: Table
    settings: Any
    events: Sequence[Any]
    before: Any
    after: Any
    note: str = ""
    """A first public line (a deadline that passed)."""
    deadlines: tuple[Deadline, ...] = ()
    """The deadlines the new state has, for the news to say when things end."""
    paused: bool = False
    acting: str | None = None
    """The seat name of who acted (their own messages become the reply), or None."""
    version: int = 0
    """The game's version after these events (a Prompt's version)."""


@dataclass(frozen=True)
class Drawing:
    """A picture to draw off the event loop: ``draw(*args)`` returns the PNG."""

    draw: Callable[..., bytes]
    args: tuple[object, ...] = field(default=())


class GameKind(Protocol):
    """One game the game master hosts. Every method is pure: the core does the storing."""

    @property
    def key(self) -> str:
        """Stored in ``games.kind``: ``warpwar``, ``warparena``."""
        ...

    @property
    def name(self) -> str:
        """The game's name for players: ``WarpWar``, ``Warp Arena``."""
        ...

    # --- settings ------------------------------------------------------------------------

    @property
    def setting_names(self) -> frozenset[str]: ...

    def settings_from(self, data: Mapping[str, Any]) -> Any:
        """The settings a game row (or a server's defaults) holds; unknown keys are ignored."""
        ...

    def settings_data(self, settings: Any) -> dict[str, Any]:
        """Settings as JSON data for the row."""
        ...

    def shown_settings(self, settings: Any, ended: bool) -> dict[str, Any]:
        """The settings as players may read them, by name: what the kind keeps secret until the
        game has ``ended`` (WarpWar: a hidden map's seed) is not told."""
        ...

    def change_settings(self, settings: Any, changes: Mapping[str, Any], running: bool) -> Any | str:
        """New settings, or what is wrong with the changes in the player's words."""
        ...

    def describe(self, settings: Any, names: Iterable[str]) -> str:
        """``phase_hours 12, announce action``: the named settings as a player reads them."""
        ...

    def seats_wanted(self, settings: Any) -> int:
        """Players to seat before the game may start."""
        ...

    def settings_title(self, settings: Any) -> str:
        """``classic learning``, ``8 grids, chain reaction``: what sort of game this is."""
        ...

    def check_seat(self, settings: Any, alliance: str | None, seed: str | None) -> str | None:
        """What is wrong with a seat's choices for these settings, in the player's words."""
        ...

    @property
    def wants_secret(self) -> bool:
        """The game keeps a secret of its own (a server seed for provably fair dice)."""
        ...

    def settle(self, settings: Any, seed: int) -> Any:
        """The settings with what they leave to chance drawn from ``seed``, when a game is opened
        or its settings change before it begins (WarpWar: a random map's seed); unchanged when
        nothing is left to chance."""
        ...

    def lobby_pictures(self, before: Any | None, after: Any) -> tuple[Picture, ...]:
        """Pictures to show when a game is opened (``before`` None) or its settings change before
        it begins (WarpWar: the map to be played, when it is random or changed)."""
        ...

    def opened(self, settings: Any, secret: bytes | None) -> str:
        """A line for the announcement that a game is open (the dice's commitment), or ""."""
        ...

    def begun(self, state: Any) -> str:
        """A line for the announcement that the game begins (the turn order), or ""."""
        ...

    # --- playing -------------------------------------------------------------------------

    def begin(self, settings: Any, table: Table, seed: int) -> Outcome | Refused:
        """The game's first events: ``seed`` draws what the kind draws with a plain random
        generator; ``table.secret`` seeds what must be provably fair."""
        ...

    def signed(self, command: Any, player: str) -> Any | None:
        """The command as the seated ``player`` gives it (a front end cannot act for another);
        None for a command no player gives (the game master's own, like a deadline)."""
        ...

    def apply(self, state: Any, command: Any, table: Table) -> Outcome | Refused: ...

    def fold(self, events: Sequence[Any], state: Any = None) -> Any: ...

    def over(self, state: Any) -> bool:
        """The game has ended (won, lost, drawn)."""
        ...

    def players(self, state: Any) -> list[str]:
        """The seat names the state plays with (an import checks them against its seats)."""
        ...

    # --- the JSON codec (engine.serial encodes every kind's values) --------------------------

    def decode_state(self, data: Any) -> Any: ...

    def decode_event(self, data: Any) -> Any: ...

    def decode_command(self, data: Any) -> Any: ...

    # --- what players see ---------------------------------------------------------------

    def view_for(self, state: Any, player: str | None) -> Any:
        """What ``player`` may see of the state (None: anyone watching)."""
        ...

    def tell(self, telling: Telling) -> list[Announcement]:
        """Each event told to its audience: public lines to the channel, private ones to
        their player; nothing secret ever goes to the channel."""
        ...

    def ended(self, status: str, state: Any) -> str | None:
        """The line that says a game is no longer played (won, abandoned), or None."""
        ...

    def revealed(self, state: Any) -> list[str]:
        """What the end of the game reveals (records, hands), line by line."""
        ...

    def deadlines_moved(
        self, state: Any, settings: Any, table: Table, deadlines: Sequence[Deadline], paused: bool
    ) -> list[Announcement]:
        """The news of deadlines moved (paused, resumed, extended)."""
        ...

    def exported(
        self, rows: Sequence[LoggedEvent], table: Table, ended: bool, setup: Mapping[str, Any]
    ) -> dict[str, Any]:
        """What the kind adds to a game's export (Warp Arena: its dice, to verify), or puts in
        place of its events or ``setup`` (the game's stored settings) until it has ended
        (WarpWar: a blind game's secrets)."""
        ...

    # --- time ----------------------------------------------------------------------------

    def deadlines(self, state: Any, settings: Any) -> list[Wanted]:
        """The deadlines (and reminders) the state wants now."""
        ...

    def on_deadline(self, state: Any, deadline: Deadline, table: Table) -> Outcome | None:
        """What a passed deadline does; None when it does nothing (a reminder)."""
        ...

    def deadline_note(self, deadline: Deadline) -> str:
        """The public line for a deadline that passed: ``The deadline passed``."""
        ...

    def remind(
        self, state: Any, deadline: Deadline, due: datetime, table: Table, note: str
    ) -> list[Announcement]:
        """A reminder to those who still must act before ``due``."""
        ...

    # --- pictures ------------------------------------------------------------------------

    def sketch(self, sketch: Any | None, rows: Sequence[LoggedEvent]) -> Any:
        """What the game's pictures are drawn from once the log's next ``rows`` are read, given
        what they were drawn from before them (None: from the first event): the state, and only
        what the pictures show of the recent past (a phase's trails, the last battle at a star).
        Pure and quick to move on by a few rows, so that a picture never folds the whole log
        again (gm.painting keeps the sketches); it runs in a worker thread."""
        ...

    def picture(
        self,
        sketch: Any,
        picture: Picture,
        title: str,
        due: datetime | None,
        scale: float,
        ended: bool = False,
    ) -> Drawing | None:
        """What to draw for a picture request from the sketch of the log up to its version
        (:meth:`sketch`); it runs in a worker thread, with the drawing. ``ended``: the game has
        ended, won or abandoned (what it hid until then is shown)."""
        ...

    def preview(self, settings: Any, picture: Picture, title: str, scale: float) -> Drawing | None:
        """What to draw for a picture request of a game that has not begun (no events yet)."""
        ...


def accepted(result: Outcome | Refused) -> TypeGuard[Outcome]:
    """Whether the rules accepted a command (each kind has its own Accepted and Rejected)."""
    return hasattr(result, "state")


class UnknownKindError(LookupError):
    """A stored game names a kind this program does not host."""


class Kinds:
    """The kinds this game master hosts, by key."""

    def __init__(self, kinds: Iterable[GameKind]) -> None:
        self._kinds = {k.key: k for k in kinds}

    def __getitem__(self, key: str) -> GameKind:
        try:
            return self._kinds[key]
        except KeyError:
            raise UnknownKindError(f"no game kind {key!r}; known: {', '.join(sorted(self._kinds))}") from None

    def __contains__(self, key: object) -> bool:
        return key in self._kinds

    @property
    def keys(self) -> tuple[str, ...]:
        return tuple(self._kinds)
