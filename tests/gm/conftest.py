from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.gm.table import Table, open_table


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    t = await open_table(tmp_path)
    yield t
    await t.db.close()
