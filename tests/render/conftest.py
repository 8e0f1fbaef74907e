"""Shared positions for the picture tests: the mid-game example, played by the engine."""

from __future__ import annotations

import pytest

from render.examples import Midgame, midgame
from tests.engine.helpers import printed_map


@pytest.fixture(scope="session")
def game() -> Midgame:
    """Revised advanced, game-turn 6: alice has moved into battles at Mari and Lagash (40 ships)."""
    return midgame(printed_map())
