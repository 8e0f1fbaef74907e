"""Every Warp Arena ruling is checked by at least one test that names it (issue 12).

The ids of ../shared/rulings-warp-arena.md are listed here (the shared file is not part of
the repository); the project's own R-WA-X-* rulings are read from docs/rulings.md.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]

SHARED_RULINGS = {
    "MAP": 7,
    "DICE": 3,
    "SET": 4,
    "PD": 4,
    "TURN": 4,
    "MOVE": 5,
    "CBT": 5,
    "CARD": 4,
    "WIN": 2,
    "OPT": 2,
}
"""How many rulings each section of rulings-warp-arena.md has: R-WA-MAP-1 .. R-WA-MAP-7."""


def _ruling_ids() -> set[str]:
    shared = {f"R-WA-{part}-{n}" for part, count in SHARED_RULINGS.items() for n in range(1, count + 1)}
    ours = set(re.findall(r"R-WA-X-\d+", (ROOT / "docs" / "rulings.md").read_text()))
    return shared | ours


def _named_in_tests() -> set[str]:
    named: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        if path.name != Path(__file__).name:
            named |= set(re.findall(r"R-WA-[A-Z]+-\d+", path.read_text()))
    return named


def test_every_warp_arena_ruling_is_named_by_a_test() -> None:
    """Each ruling id, shared or the project's, appears in some test (R-WA-* casebook)."""
    missing = sorted(_ruling_ids() - _named_in_tests())
    assert not missing, f"no test names {', '.join(missing)}"
