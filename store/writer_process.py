"""What runs in a SQLite file's writer process, and the fork server that makes such processes.

The event loop's side, and why there is a process at all, are in store.writer. Here:

- :func:`serve`, the writer: it reads orders from its pipe (a command's steps, or a setting of
  its connection), commits the commands waiting at once as one group (store.transact: one
  transaction, one sync of the disk; retried command by command if any fails), answers what
  became of each, and checkpoints the log (store.checkpoint). It ends when its pipe ends.
- :func:`fork_server`, run as ``python -m store.writer_process``: one per bot process, started
  at the first write. It has the store's modules loaded and no threads, so a new writer is a
  fork of it (a few milliseconds), never a fork of the bot with its threads. It ends when the
  bot's end of its socket closes, however the bot ends; the server and its writers ignore
  SIGINT and SIGTERM, which are meant for the bot (a Ctrl-C, systemd's stop).

Messages on the pipes are framed by :class:`Frames`: a length, then a pickle.
"""

from __future__ import annotations

import os
import pickle
import signal
import socket
import sqlite3
import struct
import sys
import traceback
from collections.abc import Sequence
from typing import Any

from store.checkpoint import Checkpointer
from store.db import Step
from store.transact import transact_group

READ_AT_ONCE = 1 << 20
"""Bytes the writer reads from its pipe in one call: every order waiting, most often."""
_LENGTH = struct.Struct("<I")

Order = tuple[int, Sequence[Step] | str]
"""What the event loop sends: a number, and a command's steps, or a setting (``PRAGMA …``) for
the writer's connection too (the tests' full disk, ``max_page_count``)."""
Outcome = tuple[int, BaseException | None]
"""What the writer answers: the number, and what the command raised (None: it is on disk)."""


class Frames:
    """Messages on a pipe: each is its length, then its pickle. :meth:`feed` takes bytes as they
    come and gives the messages they complete."""

    def __init__(self) -> None:
        self._buffer = bytearray()

    @staticmethod
    def pack(message: object) -> bytes:
        body = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
        return _LENGTH.pack(len(body)) + body

    def feed(self, data: bytes) -> list[Any]:
        self._buffer += data
        messages: list[Any] = []
        start = 0
        while len(self._buffer) - start >= _LENGTH.size:
            (length,) = _LENGTH.unpack_from(self._buffer, start)
            end = start + _LENGTH.size + length
            if end > len(self._buffer):
                break
            messages.append(pickle.loads(self._buffer[start + _LENGTH.size : end]))
            start = end
        del self._buffer[:start]
        return messages


def serve(path: str, pragmas: Sequence[str], orders: int, outcomes: int) -> None:
    """The writer: read orders, carry them out a group at a time, answer, until the pipe ends."""
    connection = sqlite3.connect(path, isolation_level=None)
    for pragma in pragmas:
        connection.execute(f"PRAGMA {pragma}")
    checkpointer = Checkpointer(path)
    frames = Frames()
    try:
        while data := os.read(orders, READ_AT_ONCE):
            waiting: list[Order] = frames.feed(data)
            if waiting:
                _write_all(outcomes, Frames.pack(_carry_out(waiting, connection, checkpointer)))
    finally:
        checkpointer.stop()
        connection.close()


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _carry_out(
    waiting: list[Order], connection: sqlite3.Connection, checkpointer: Checkpointer
) -> list[Outcome]:
    """The orders in turn: commands side by side are one group commit, a setting is applied
    between them."""
    outcomes: list[Outcome] = []
    group: list[tuple[int, Sequence[Step]]] = []

    def commit() -> None:
        failures = transact_group([steps for _, steps in group], connection)
        checkpointer.written(failures.count(None))
        for (number, _), failure in zip(group, failures, strict=True):
            outcomes.append((number, _portable(failure)))
        group.clear()

    for number, order in waiting:
        if isinstance(order, str):
            if group:
                commit()
            try:
                connection.execute(order)
            except sqlite3.Error as error:
                outcomes.append((number, error))
            else:
                outcomes.append((number, None))
        else:
            group.append((number, order))
    if group:
        commit()
    return outcomes


def _portable(failure: BaseException | None) -> BaseException | None:
    """The exception as it can be sent back: itself if it survives a pickle, else a
    RuntimeError that names it."""
    if failure is None:
        return None
    try:
        pickle.loads(pickle.dumps(failure))
    except Exception:
        return RuntimeError(f"{type(failure).__name__}: {failure}")
    return failure


# --- the fork server ---------------------------------------------------------------------------

PRELOADED = ("store.games", "store.outbox", "store.secrets")
"""The modules of the steps a writer unpickles, loaded once in the fork server."""
PID = struct.Struct("<i")


def fork_server(control: socket.socket) -> None:
    """Each request on ``control`` (a writer's path and settings, and its two pipe ends) forks a
    writer; its pid is the answer. Ends when ``control`` does."""
    signal.signal(signal.SIGCHLD, signal.SIG_IGN)  # writers that end are reaped by the kernel
    while True:
        try:
            message, fds, _, _ = socket.recv_fds(control, 1 << 16, 2)
        except OSError:
            return
        if not message:
            return
        path, pragmas = pickle.loads(message)
        pid = os.fork()
        if pid == 0:
            signal.signal(signal.SIGCHLD, signal.SIG_DFL)
            control.close()
            code = 0
            try:
                serve(path, pragmas, fds[0], fds[1])
            except BaseException:
                traceback.print_exc()
                code = 1
            os._exit(code)
        for fd in fds:
            os.close(fd)
        control.sendall(PID.pack(pid))


if __name__ == "__main__":
    # A Ctrl-C reaches the terminal's whole process group, and systemd's stop every process of
    # the unit: the bot shuts down in its own way and may still write, so the server and its
    # writers ignore both and end when their pipes close.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    for module in PRELOADED:
        __import__(module)
    fork_server(socket.socket(fileno=int(sys.argv[1])))
