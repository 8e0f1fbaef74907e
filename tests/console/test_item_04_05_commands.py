"""Issue 10, items 4 and 5 in the console: commands that only do what they say.

The same game as the demo (alice at Ur, bob at Babylon), typed as a player types it.
"""

from __future__ import annotations

from tests.console.helpers import STARTED, Console

BUILT = '/build ship star:Ur design:"WG=1 PD=18 B=12 S=5" name:Reliant'


async def test_item_04_build_done_and_move_done_end_only_their_own_phase(console: Console) -> None:
    await console.play(*STARTED, BUILT)
    assert await console.play("/move done") == [
        "[to alice] refused: It is the build phase: `/build done` ends it."
    ]
    await console.play("/build done")
    assert await console.play("/build done") == [
        "[to alice] refused: It is the move phase: `/move done` ends it."
    ]
    ended = await console.play("/move done")
    assert any("Game-turn 1: bob's turn." in line for line in ended)


async def test_item_05_names_stars_paths_and_detours(console: Console) -> None:
    await console.play(*STARTED, BUILT, "/build done")
    assert await console.play("/move ship ship:Reliant to:Sumr") == [
        "[to alice] refused: There is no hex or star called Sumr on this map. Did you mean Sumer?"
    ]
    # The name for the label, and a path that begins where the ship is.
    moved = await console.play('/move ship ship:reliant path:"Ur Erech Adab Khafa 1414 Mari Umma Sumer"')
    assert not any("refused" in line for line in moved)
    await console.play(
        "/move done",
        "/as bob",
        '/build ship star:Babylon design:"WG=1 PD=9 B=5 S=4" name:Warden',
        '/build ship star:Babylon design:"WG=1 PD=8 B=4" name:Lookout',
        "/build done",
        "/move ship ship:Lookout to:Kish",
        "/move done",
        "/as alice",
        "/build done",
    )
    round_kish = await console.play('/move ship ship:"W1 Reliant" to:Eridu')
    why = "The direct route stops at Kish, where bob's ship is: 5 MP; going round takes 7."
    assert f"[to alice] {why}" in round_kish
    assert not any(why in line for line in round_kish if not line.startswith("[to alice]"))


async def test_item_05_build_split_suggests_the_closest_star(console: Console) -> None:
    await console.play(
        '/warpwar new title:"Split" ruleset:revised scenario:advanced fixed_order:yes',
        "/as bob",
        "/warpwar join",
        "/as alice",
        "/warpwar start",
        "/as bob",
        "/warpwar end south",
        "/as alice",
    )
    refused = await console.play('/build split allocation:"Urr=20"')
    assert refused == ["[to alice] refused: There is no star called Urr on this map. Did you mean Ur?"]
