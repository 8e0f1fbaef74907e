from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.gm.table import Table, open_table


@pytest.fixture
async def table(database_at: Path | str) -> AsyncIterator[Table]:
    """A table on the test's database (tests/conftest.py: SQLite, or PostgreSQL for the tests
    marked to run on both)."""
    t = await open_table(database_at)
    yield t
    await t.db.close()
