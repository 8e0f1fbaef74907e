"""SQLite's writer process, as the event loop sees it: commands committed in groups elsewhere.

Why a process. A commit is mostly the sync of the disk (about 0.45 ms here), and SQLite lets go
of Python's interpreter lock for it and for every statement. On a thread of the bot's own
process, the writer then waits to take the lock back at each statement while the event loop
runs Python, so the busier the loop, the slower every commit: at the bench's half load the median
command took 2.0-2.2 ms and the slowest 1% 12-13 ms. A process has its own interpreter lock; the
same commands take 1.2-1.3 ms and 6-8.5 ms (issue 15, ``make bench``).

How. ``Database.write`` hands a command's steps (store.db.Step: ``functools.partial`` of
module-level functions, so they pickle) to :meth:`Writer.send`, down a pipe to the process
(store.writer_process), which commits the commands waiting at once as one group and answers
what became of each: nothing, or the exception it raised (a step's own, such as
``store.games.Stale``, or SQLite's), raised here. A command is acknowledged once it is on disk.

Each order goes down the pipe at once, never held for the next turn of the event loop: with the
loop busy, that turn came after every command ready to run (each a few tenths of a millisecond).
The process groups what has arrived while it was busy.

If the process dies, the commands waiting for it fail with :class:`WriterStoppedError` (they may
or may not be on disk, as after a crash; a request's id tells when it is sent again), and the
next write starts a new process. Processes are forks of one fork server per bot process
(store.writer_process), started at the first write.
"""

from __future__ import annotations

import asyncio
import atexit
import os
import pickle
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Sequence
from pathlib import Path

from store.db import DatabaseFileError, Step
from store.writer_process import PID, Frames, Outcome


class WriterStoppedError(DatabaseFileError):
    """The writer process ended before it said what became of a command."""


class Writer:
    """One database file's writer process: :meth:`send` an order and await what became of it."""

    def __init__(self, path: str, pragmas: Sequence[str]) -> None:
        self._path = path
        self._pragmas = tuple(pragmas)
        self._pid: int | None = None
        self._orders: asyncio.WriteTransport | None = None
        self._ended: asyncio.Event | None = None
        """Set when the process's answers end (it has exited)."""
        self._starting = asyncio.Lock()
        self._numbered = 0
        self._waiting: dict[int, asyncio.Future[None]] = {}
        """Orders sent and not answered yet, by number."""

    async def send(self, order: Sequence[Step] | str) -> None:
        """Carry out ``order`` (a command's steps, or a ``PRAGMA`` setting) in the process:
        returns once it is on disk, or raises what it raised."""
        if self._orders is None or self._orders.is_closing():
            await self.start()
        await self._order(order)

    async def start(self) -> None:
        """Start the process unless it runs, and see it answer: when the database opens (a
        writer that cannot start stops the bot at once, not at a player's first command), and
        after it died."""
        async with self._starting:
            if self._orders is None or self._orders.is_closing():
                await self._start()
                try:
                    await self._order("PRAGMA data_version")
                except WriterStoppedError:
                    raise DatabaseFileError(
                        f"the writer process of {self._path} ended as it started (its error is above)"
                    ) from None

    async def _order(self, order: Sequence[Step] | str) -> None:
        assert self._orders is not None
        try:
            message = Frames.pack((self._numbered + 1, order))
        except Exception as error:
            raise TypeError(f"a step that cannot go to the writer process: {error}") from error
        self._numbered += 1
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting[self._numbered] = done
        self._orders.write(message)
        await done

    def _told(self, outcomes: list[Outcome]) -> None:
        for number, failure in outcomes:
            done = self._waiting.pop(number, None)
            if done is None or done.done():
                continue
            if failure is None:
                done.set_result(None)
            else:
                done.set_exception(failure)

    def _stopped(self) -> None:
        """The process's answers ended: what it had not answered fails (see the module's doc)."""
        if self._orders is not None:
            self._orders.close()
        if self._ended is not None:
            self._ended.set()
        waiting, self._waiting = self._waiting, {}
        for done in waiting.values():
            if not done.done():
                done.set_exception(
                    WriterStoppedError(
                        f"the writer process of {self._path} stopped before it wrote this"
                        " (it starts again at the next write)"
                    )
                )

    async def _start(self) -> None:
        loop = asyncio.get_running_loop()
        orders_in, orders_out = os.pipe()
        outcomes_in, outcomes_out = os.pipe()
        try:
            self._pid = await asyncio.to_thread(
                _FORKS.fork, self._path, self._pragmas, orders_in, outcomes_out
            )
        except BaseException:
            for fd in (orders_out, outcomes_in):
                os.close(fd)
            raise
        finally:
            os.close(orders_in)
            os.close(outcomes_out)
        self._ended = asyncio.Event()
        self._orders, _ = await loop.connect_write_pipe(asyncio.BaseProtocol, os.fdopen(orders_out, "wb", 0))
        await loop.connect_read_pipe(  # closed by the process's end (_Outcomes.connection_lost)
            lambda: _Outcomes(self), os.fdopen(outcomes_in, "rb", 0)
        )

    async def close(self) -> None:
        """Once every order is answered (the caller waits for them): the pipe is closed, and the
        process, having written what it read, ends."""
        if self._orders is not None:
            self._orders.close()
        if self._ended is not None:
            await self._ended.wait()

    def kill(self) -> None:
        """End the process at once (the tests of a writer that dies)."""
        if self._pid is not None:
            os.kill(self._pid, signal.SIGKILL)


class _Outcomes(asyncio.Protocol):
    """Reads the process's answers as they come."""

    def __init__(self, writer: Writer) -> None:
        self._writer = writer
        self._frames = Frames()

    def data_received(self, data: bytes) -> None:
        for outcomes in self._frames.feed(data):
            self._writer._told(outcomes)

    def connection_lost(self, exc: Exception | None) -> None:
        self._writer._stopped()


class _ForkServer:
    """The bot process's one fork server (store.writer_process), started when first needed and
    started again if it died; used from threads (``asyncio.to_thread``), so behind a lock."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._control: socket.socket | None = None
        self._process: subprocess.Popen[bytes] | None = None

    def fork(self, path: str, pragmas: tuple[str, ...], orders: int, outcomes: int) -> int:
        """A new writer of ``path`` reading ``orders`` and answering on ``outcomes``: its pid."""
        message = pickle.dumps((path, pragmas))
        with self._lock:
            for _ in range(2):  # a fork server that died is started again once
                control = self._running()
                try:
                    socket.send_fds(control, [message], [orders, outcomes])
                    answer = control.recv(PID.size, socket.MSG_WAITALL)
                except OSError:
                    answer = b""
                if len(answer) == PID.size:
                    return int(PID.unpack(answer)[0])
                self._stop()
        raise WriterStoppedError(f"cannot start the writer process of {path}")

    def _running(self) -> socket.socket:
        if self._control is None or self._process is None or self._process.poll() is not None:
            ours, theirs = socket.socketpair()
            root = str(Path(__file__).resolve().parent.parent)
            environment = dict(
                os.environ, PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])
            )
            self._process = subprocess.Popen(
                [sys.executable, "-m", "store.writer_process", str(theirs.fileno())],
                pass_fds=[theirs.fileno()],
                env=environment,
                stdin=subprocess.DEVNULL,
            )
            theirs.close()
            self._control = ours
        return self._control

    def shutdown(self) -> None:
        """At the bot process's exit: the server ends as its socket closes."""
        with self._lock:
            self._stop(kill=False)

    def _stop(self, kill: bool = True) -> None:
        """Close the server's socket, which ends it; ``kill``: a server that does not answer."""
        if self._control is not None:
            self._control.close()
            self._control = None
        if self._process is not None:
            if kill:
                self._process.kill()
            self._process.wait()
            self._process = None


_FORKS = _ForkServer()
atexit.register(_FORKS.shutdown)
