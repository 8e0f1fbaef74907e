"""The two databases a test can run on (tests/conftest.py's ``backend`` and ``database_at``)."""

from __future__ import annotations

import pytest

SQLITE = "sqlite"
POSTGRES = "postgres"
BOTH = pytest.mark.parametrize("backend", [SQLITE, POSTGRES], indirect=True)
"""Runs the tests it marks on SQLite and on PostgreSQL (as a module's ``pytestmark`` when each of
its tests takes its database from ``database_at`` or ``table``)."""
ON_POSTGRES = pytest.mark.parametrize("backend", [POSTGRES], indirect=True)
"""Runs the test it marks on PostgreSQL only (what only a shared database does)."""
ON_SQLITE = pytest.mark.parametrize("backend", [SQLITE], indirect=True)
"""Keeps the test it marks on SQLite whatever ``WARPWAR_TEST_BACKEND`` says: it reaches into the
file itself (damages a row through its own connection, counts the calls to SQLite's thread)."""
