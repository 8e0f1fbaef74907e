"""Copying SQLite's write-ahead log into the database file, on a thread of its own.

In WAL mode a commit appends pages to the log; now and then the log is copied into the file
and synced (a checkpoint). SQLite does it itself in the commit that takes the log past 1,000
pages: that commit then takes tens of milliseconds, and every command queued behind it waits as
long (the slowest 1% of commands did). Here a connection on another thread of the writer
process (store.writer_process) checkpoints every :data:`CHECKPOINT_WRITES` commands, so the
writing connection's own checkpoint (``wal_autocheckpoint`` set high,
:data:`WRITER_CHECKPOINT_PAGES`) finds little left to copy. A ``PASSIVE`` checkpoint never
blocks the writer: commands go on being written to the log while it copies.
"""

from __future__ import annotations

import logging
import sqlite3
import threading

log = logging.getLogger(__name__)

CHECKPOINT_WRITES = 200
"""Commands written between two checkpoints: a command adds a few pages to the log, so this is
about SQLite's own default of a checkpoint per 1,000 pages."""
WRITER_CHECKPOINT_PAGES = 10_000
"""The writing connection checkpoints itself once the log is this many pages long (40 MiB).
While commands keep coming, a passive checkpoint never finds the whole log copied (new pages
arrive as it copies), so the log starts over only after this one, which then has little left to
copy; it is also the safety net if this thread fails."""


class Checkpointer:
    """The thread and its connection; told of each commit by the writer
    (:meth:`written`), stopped before the writing connection closes (:meth:`stop`)."""

    def __init__(self, path: str) -> None:
        self._path = path
        self._wake = threading.Event()
        self._stopping = False
        self._since = 0
        """Commands written since the thread was last woken (counted by the writer)."""
        self.checkpoints = 0
        """Checkpoints done, for the tests."""
        self._thread = threading.Thread(target=self._run, name=f"checkpoint {path}", daemon=True)
        self._thread.start()

    def written(self, commands: int) -> None:
        """``commands`` were committed: wake the thread every :data:`CHECKPOINT_WRITES`."""
        self._since += commands
        if self._since >= CHECKPOINT_WRITES:
            self._since = 0
            self._wake.set()

    def _run(self) -> None:
        connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
        try:
            connection.execute("PRAGMA synchronous=FULL")  # the file is synced after each copy
            while True:
                self._wake.wait()
                self._wake.clear()
                if self._stopping:
                    return
                try:
                    connection.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
                except sqlite3.Error as error:  # the writer checkpoints itself in the end
                    log.warning("checkpoint of %s failed: %s", self._path, error)
                else:
                    self.checkpoints += 1
        finally:
            connection.close()

    def stop(self) -> None:
        """End the thread and close its connection (before the writing connection, which then
        checkpoints the rest as the last one to close)."""
        self._stopping = True
        self._wake.set()
        self._thread.join()
