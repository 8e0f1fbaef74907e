"""Fixtures every layer's tests share: the database a test runs on, SQLite or PostgreSQL.

A test (or its ``table``) takes its database from :func:`database_at`: a SQLite file in the
test's folder by default, or a fresh database of the session's throwaway PostgreSQL server
(tests.pg_server) for the tests marked :data:`tests.backends.BOTH`, which run once on each.
The server is started only if a test asks for it. ``WARPWAR_TEST_BACKEND=postgres`` runs every
test that takes its database from here on PostgreSQL (those that open a SQLite file themselves,
to damage it or count its calls, stay on SQLite).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

import gm.core
from engine.serial import encode, to_json
from tests.backends import POSTGRES, SQLITE
from tests.pg_server import PostgresServer

DEFAULT_BACKEND = "WARPWAR_TEST_BACKEND"


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresServer]:
    """The session's PostgreSQL server, started on first use and removed at the end."""
    server = PostgresServer.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> str:
    """Which database the test runs on: :data:`tests.backends.BOTH` parametrizes it; the others
    run on SQLite, or on what ``WARPWAR_TEST_BACKEND`` says (``postgres``: every test that takes
    its database from here, on PostgreSQL)."""
    return str(getattr(request, "param", os.environ.get(DEFAULT_BACKEND, SQLITE)))


@pytest.fixture
async def database_at(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> Path | str:
    """Where the test's database is: a SQLite file's path, or a new PostgreSQL database's address."""
    if backend == POSTGRES:
        server: PostgresServer = request.getfixturevalue("postgres")
        return await server.new_database()
    return tmp_path / "games.sqlite3"


@pytest.fixture(autouse=True)
def stored_states_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every state the game master stores, in every test, is written as ``json.dumps(encode())``
    writes it: the texts ``serial.to_json`` keeps on records (a ship, a base) stay true only
    while no code changes a record's dict in place, and a whole game played here would show it."""

    def checked(value: object, like: object = None) -> str:
        text = to_json(value, like)
        assert text == json.dumps(encode(value)), "a stored record was changed in place"
        return text

    monkeypatch.setattr(gm.core, "to_json", checked)
