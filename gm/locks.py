"""One asyncio lock per key (a game, a channel's post), kept only while someone needs it.

A lock per game made on first use and never dropped would grow with every game ever served.
Here a key's lock lives while a task holds it or waits for it (they keep a reference to it);
once nobody does, it is dropped (weakly held), and the next use makes a new one, which nobody
can tell apart from the old, unlocked one.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Hashable
from typing import Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)


class Locks(Generic[Key]):
    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[Key, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: Key) -> asyncio.Lock:
        """The key's lock (``async with locks(game_id): ...``)."""
        lock = self._locks.get(key)
        if lock is None:
            lock = asyncio.Lock()
            self._locks[key] = lock
        return lock

    def __len__(self) -> int:
        """Locks held or waited for now (what the table holds)."""
        return len(self._locks)
