"""A blind game on the console (R-BLIND-16, R-BLIND-30): created with ``blind:ships``, the map
to choose an end on saved for the chooser, each player's map saved as their own picture as the
game begins and after the phases they saw change, none for #game; a move with a drop on arrival;
the map asked for by someone who does not play is refused."""

from __future__ import annotations

from tests.console.helpers import SPENT, Console


def tagged(lines: list[str], tag: str) -> list[str]:
    """The messages printed for one audience (``[#game]``, ``[to bob]``), their first lines."""
    return [line for line in lines if line.startswith(tag)]


async def test_r_blind_16_a_blind_game_is_created_and_played_on_the_console(console: Console) -> None:
    begun = await console.play(
        '/warpwar new title:"Blind" fixed_order:yes blind:ships',
        "/as bob",
        "/warpwar join",
        "/as alice",
        "/warpwar start",
    )
    assert any("map-bob.png" in line for line in tagged(begun, "[to bob] picture:")), "the map to choose on"
    assert not any("map-alice.png" in line for line in begun)
    chosen = await console.play("/as bob", "/warpwar end south", "/as alice")
    assert any("map-alice.png" in line for line in tagged(chosen, "[to alice] picture:"))
    assert any("map-bob.png" in line for line in tagged(chosen, "[to bob] picture:"))
    assert any("You defend the north end" in line for line in tagged(chosen, "[to alice]"))
    assert not tagged([*begun, *chosen], "[picture]"), "the channel sees no map of a blind game"
    settings = await console.play("/warpwar settings")
    assert any("blind:ships" in line for line in settings)
    played = await console.play(*SPENT, "/build done", "/move ship ship:W1 path:Erech", "/move done")
    channel = "\n".join(tagged(played, "[#game]"))
    assert "Erech" not in channel and "W1" not in channel and "Ur" not in channel
    assert any("W1 moved" in line for line in tagged(played, "[to alice]"))
    assert not any("W1" in line for line in tagged(played, "[to bob]"))
    assert any("map-alice.png" in line for line in played), "alice's map after her move phase"
    mine = await console.play("/warpwar map")
    assert any(line.startswith("[to alice] picture:") and "map-alice.png" in line for line in mine)
    refused = await console.play("/as carol", "/warpwar map")
    assert any("refused: This is a blind game" in line for line in refused)
