"""One process per database file: an exclusive ``flock`` on a lock file beside it.

Two processes on one SQLite file each keep their own view of the games (decoded states, game
locks, deadlines) and overwrite each other's work, so the second one must not start. The lock
is ``flock`` on ``<db>.lock``, which the kernel releases when the process ends, however it
ends: a crash or SIGKILL never leaves the file locked. The lock file holds the holder's pid and
command line, so the refusal can name it; the file itself stays (removing it would let a third
process lock a new file while the second still waits on the old one).

Within one process the lock is re-entrant: opening the same file again (the tests simulate a
restart that way) shares the lock, which is released when the last holder lets go.
"""

from __future__ import annotations

import fcntl
import os
import shlex
import sys
from collections.abc import Callable
from dataclasses import dataclass

COMMAND_SHOWN = 200
"""Characters of the other process's command line a refusal shows."""


class DatabaseFileError(RuntimeError):
    """The database file cannot be used; the message says which file, what is wrong and what to do,
    in one line an operator can act on."""


class DatabaseInUseError(DatabaseFileError):
    """Another process has the database open."""


@dataclass
class _Held:
    fd: int
    holders: int


_held: dict[str, _Held] = {}
"""Lock files this process holds, by real path, with how many open databases share each."""


def lock_path(database: str) -> str:
    return f"{database}.lock"


def take(database: str) -> Callable[[], None]:
    """Lock ``database`` for this process; returns what releases it (call it once).

    Raises :class:`DatabaseInUseError` naming the other process if one holds it, and
    :class:`DatabaseFileError` if the lock file cannot be made."""
    path = lock_path(os.path.realpath(database))  # a link to the file shares its lock
    held = _held.get(path)
    if held is None:
        held = _Held(_locked(database, path), 0)
        _held[path] = held
    held.holders += 1
    released = False

    def release() -> None:
        nonlocal released
        if released:
            return
        released = True
        held.holders -= 1
        if held.holders == 0:
            del _held[path]
            os.close(held.fd)  # closing the only descriptor drops the flock

    return release


def _locked(database: str, path: str) -> int:
    """A descriptor of the lock file holding the exclusive lock, with this process's name in it."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
    except OSError as error:
        raise DatabaseFileError(
            f"cannot create the lock file {path} ({error.strerror}): "
            "let this user write in the database's folder"
        ) from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        try:
            holder = _holder(fd)
        finally:
            os.close(fd)
        raise DatabaseInUseError(
            f"{database} is in use by another process ({holder}): "
            "stop it first, or give this one another database file"
        ) from None
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n{shlex.join(sys.orig_argv)}\n".encode(), 0)
    except OSError as error:
        os.close(fd)
        raise DatabaseFileError(
            f"cannot write the lock file {path} ({error.strerror}): free some space or let this "
            "user write in the database's folder"
        ) from None
    return fd


def _holder(fd: int) -> str:
    """Who holds the lock, as its lock file says: ``pid 123: python bot.py --console``."""
    text = os.pread(fd, 4096, 0).decode(errors="replace")
    pid, _, command = text.partition("\n")
    command = command.strip()
    if not pid.strip().isdigit():
        return "it is starting"
    if len(command) > COMMAND_SHOWN:
        command = command[: COMMAND_SHOWN - 1] + "…"
    return f"pid {pid.strip()}: {command}" if command else f"pid {pid.strip()}"
