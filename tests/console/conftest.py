from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.console.helpers import Console, open_console


@pytest.fixture
async def console(tmp_path: Path) -> AsyncIterator[Console]:
    async with open_console(tmp_path) as c:
        yield c
