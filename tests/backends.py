"""The two databases a test can run on (tests/conftest.py's ``backend`` and ``database_at``)."""

from __future__ import annotations

import pytest

SQLITE = "sqlite"
POSTGRES = "postgres"
BOTH = pytest.mark.parametrize("backend", [SQLITE, POSTGRES], indirect=True)
"""Runs the tests it marks (a module's ``pytestmark``) on SQLite and on PostgreSQL."""
