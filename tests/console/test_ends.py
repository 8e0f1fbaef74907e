"""The choice of a map end at the console (R-SCEN-2): ``/warpwar end north`` as in Discord."""

from __future__ import annotations

from tests.console.helpers import STARTED, Console


async def test_r_scen_2_the_second_player_chooses_with_the_line(console: Console) -> None:
    """R-SCEN-2: the start names bob as the chooser with the ends to answer; alice's try and an
    end not on the map are refused; bob's line settles the ends and alice's turn begins."""
    start = STARTED.index("/warpwar start") + 1
    started = await console.play(*STARTED[:start])
    assert (
        "[#game] bob moves second and chooses the map end: north (Ur) or south (Babylon); alice gets "
        "the other. Nothing is built or moved before."
    ) in started
    assert "[#game] answers: north | south" in started and "[to bob] answers: north | south" in started
    assert await console.play("/warpwar end north") == [
        "[to alice] refused: bob moves second and chooses the map end, not you."
    ]
    assert await console.play('/build ship star:Ur design:"WG=1 PD=5 B=3"') == [
        "[to alice] refused: bob is choosing a map end: nothing is built or moved before the ends are chosen."
    ]
    assert await console.play("/as bob", "/warpwar end west") == [
        "[to bob] refused: 'west' is not an end of this map: choose north or south."
    ]
    chosen = await console.play("/warpwar end north")
    assert "[#game] bob chose the north end (Ur); alice defends the south end (Babylon)." in chosen
    assert "[#game] Game-turn 1: alice's turn. Build phase." in chosen
    assert await console.play("/warpwar end end:south") == [
        "[to bob] refused: The map ends are chosen already: you defend the north end."
    ]
