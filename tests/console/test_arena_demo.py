"""``python bot.py --demo arena`` (issue 13 item 6): the Warp Arena demo played in the console
to a win, the same every run, ending by checking every roll of the exported game."""

from __future__ import annotations

import re

import pytest

from console.demo import SCRIPTS, play_demo

VERIFIED = re.compile(r"^-- all (\d+) rolls verified$")


async def test_item_06_the_arena_demo_plays_to_a_win_and_verifies_its_dice(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Three players, a warp, a Wild Warp cancel, a force field, a hop and a distance attack,
    to a win; no line is refused; every roll verifies (R-WA-DICE-2); each window is one
    channel announcement with its answers; hands are told only to their owners. Its pictures
    are drawn and saved, the close-ups after single actions named as such (R-WA-X-72)."""
    code = await play_demo(draw=True, demo="arena")
    out = capsys.readouterr().out
    assert code == 0, out[-3000:]
    lines = out.splitlines()
    assert "refused" not in out
    assert any(VERIFIED.match(line) for line in lines), lines[-8:]
    for wanted in (
        "plays card 8",
        "to cancel",
        "puts a force field on",
        "(hop)",
        "warps to",
        "wins the game",
    ):
        assert wanted in out, wanted
    assert "[#game] answers: cancel | pass" in lines
    saved = [line for line in lines if line.startswith("[picture] ")]
    assert any(line.endswith("-arena-close-up.png") for line in saved), saved[:5]
    assert any(line.endswith("-arena.png") for line in saved) and any(
        line.endswith("-fight.png") for line in saved
    )
    assert not [line for line in lines if line.startswith("[#game]") and "Your hand" in line]
    script = SCRIPTS["arena"].read_text(encoding="utf-8")
    assert "fire" in script


async def test_item_06_the_demo_is_the_same_every_run(capsys: pytest.CaptureFixture[str]) -> None:
    """R-WA-X-58: with fixed seeds two runs tell the same story (only the temporary folder names differ)."""
    runs = []
    for _ in range(2):
        assert await play_demo(draw=False, demo="arena") == 0
        runs.append(re.sub(r"/tmp/warpwar-demo-\w+", "TMP", capsys.readouterr().out))
    assert runs[0] == runs[1]
