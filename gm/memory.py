"""The games the game master holds in memory: each as last stored, decoded, by id.

A command finds its game here (row, seats, settings, decoded state, deadlines, secret) instead
of reading and decoding it again; the database stays the truth. What is held is checked where
it matters, in the command's own transaction: the game's version must still be the one held
(a compare and set, store.games.game_advanced), so a game changed behind the game master's back
is read again, never overwritten. Where several processes share the database (PostgreSQL), a
held game is also used only while its revision is the one stored (gm.core.GameCore.load: any
write of another process moves it on). The game master forgets a game whenever it writes it in
another way (gm.core.GameCore.writing), and keeps the most recently used games only.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, Protocol, TypeVar

from store.games import LIVE, GameRow

KEPT = 500
"""Games held at most (a few kilobytes to a few hundred each); the least recently used go."""


class Held(Protocol):
    """A game as held (gm.core.Loaded): what this module reads of it is its row."""

    @property
    def row(self) -> GameRow: ...


H = TypeVar("H", bound=Held)


class Memory(Generic[H]):
    def __init__(self, kept: int = KEPT) -> None:
        self._games: OrderedDict[int, H] = OrderedDict()
        """The held games, by id, least recently used first."""
        self._channels: dict[int, int] = {}
        """The live game of a channel, among those held."""
        self._kept = kept
        self.forgotten = 0
        """How many times a game was forgotten: a read that began before one is not kept."""

    def get(self, game_id: int) -> H | None:
        held = self._games.get(game_id)
        if held is not None:
            self._games.move_to_end(game_id)
        return held

    def live_in(self, channel_id: int) -> H | None:
        """The held game that is live (lobby or running) in the channel, if one is held."""
        game_id = self._channels.get(channel_id)
        held = self.get(game_id) if game_id is not None else None
        if held is None or held.row.status not in LIVE or held.row.channel_id != channel_id:
            return None
        return held

    def keep(self, loaded: H) -> None:
        """Hold the game as it is now stored (after its command's commit, or as just read)."""
        row = loaded.row
        self._games[row.id] = loaded
        self._games.move_to_end(row.id)
        if row.status in LIVE:
            self._channels[row.channel_id] = row.id
        while len(self._games) > self._kept:
            _, old = self._games.popitem(last=False)
            self._unlist(old.row.id, old.row.channel_id)

    def keep_read(self, loaded: H, forgotten: int) -> None:
        """Hold a game read from the database, unless it may be older than what is held already:
        a game held meanwhile came from a later commit, and a game forgotten since the read
        began (``forgotten`` was :attr:`forgotten` then) may have been written since."""
        if forgotten == self.forgotten and loaded.row.id not in self._games:
            self.keep(loaded)

    def forget(self, game_id: int) -> None:
        """Read the game from the database next time (it was written some other way)."""
        self.forgotten += 1
        held = self._games.pop(game_id, None)
        if held is not None:
            self._unlist(game_id, held.row.channel_id)

    def _unlist(self, game_id: int, channel_id: int) -> None:
        if self._channels.get(channel_id) == game_id:
            del self._channels[channel_id]

    def __len__(self) -> int:
        return len(self._games)
