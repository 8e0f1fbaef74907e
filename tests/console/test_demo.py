"""``python bot.py`` with no token and no terminal plays the bundled demo (the README's run command)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from tests.console.helpers import PNG, bot

SAVED = re.compile(r"^-- The demo is over\. (\d+) pictures are saved in (\S+); the game is in (\S+)\.$")


def test_no_token_and_no_terminal_plays_the_demo_to_a_win() -> None:
    run = bot()
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr
    lines = run.stdout.splitlines()
    found = next((m for m in map(SAVED.match, lines) if m), None)
    assert found is not None, lines[-5:]
    folder, db = Path(found.group(2)), Path(found.group(3))
    try:
        story = run.stdout
        assert "[#game] Combat! alice's ships meet the enemy at Babylon." in lines
        assert "Round 2 at Babylon fought: W1 (bob) destroyed." in story
        assert "[#game] The deadline passed." in lines
        assert "The game is over: alice won (1 victory point)." in story
        assert "refused" not in story
        pictures = sorted(folder.glob("*.png"))
        assert len(pictures) == int(found.group(1)) > 10
        assert any("battle-Babylon-alice" in p.name for p in pictures)
        assert all(p.read_bytes().startswith(PNG) for p in pictures)
        assert all(f"{p}" in story for p in pictures), "every picture's path is printed"
    finally:
        shutil.rmtree(db.parent, ignore_errors=True)
