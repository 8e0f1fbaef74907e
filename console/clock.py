"""The console's clock: time that ``/wait`` moves on, so a day-long deadline passes in a keystroke.

Scripts use :class:`gm.clock.ManualClock` from a fixed start, so every run of a script (and a
re-run after a crash) stamps the same times. At the prompt the clock follows the real time
as well, so deadlines also pass while someone thinks.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol

from gm.clock import Clock

SCRIPT_START = datetime(2026, 1, 1, tzinfo=UTC)
"""Where a script's clock starts (a Thursday): fixed, so replays agree."""


class MovableClock(Clock, Protocol):
    def advance(self, delta: timedelta) -> None:
        """Move the time on by ``delta``."""
        ...


class RunningClock:
    """The real time, plus however long ``/wait`` has skipped."""

    def __init__(self) -> None:
        self._skipped = timedelta()

    def now(self) -> datetime:
        return datetime.now(UTC) + self._skipped

    def advance(self, delta: timedelta) -> None:
        self._skipped += delta
