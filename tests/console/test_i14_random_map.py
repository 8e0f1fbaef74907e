"""Issue 14, item 2 on the console: ``/warpwar new map:random`` as on Discord (R-GEN-16)."""

from __future__ import annotations

from pathlib import Path

from tests.console.helpers import Console


async def test_r_gen_16_a_random_map_is_told_with_its_seed_and_drawn(
    console: Console, tmp_path: Path
) -> None:
    """The console's same line opens a game on a random map: its seed and how to make it again
    are printed, and the preview of the map is saved as a picture; ``/warpwar map`` saves it again."""
    opened = await console.play("/warpwar new ruleset:revised scenario:advanced players:3")
    text = "\n".join(opened)
    assert "Map: random, seed" in text and "map:random map_seed:" in text
    assert any("map" in line and ".png" in line for line in opened), opened
    looked = await console.play("/warpwar map")
    assert any("as it will be played" in line for line in looked), looked
    assert len(list((tmp_path / "pictures").glob("*.png"))) == 2
