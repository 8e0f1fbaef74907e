"""Issue 10, items 7-10 at the console: the turn letter and the call written plainly, /games
and /help's next step, the admin commands under /warpwar-admin, an ended game saying so.
(Item 11's refits and Bases are told by the same game master words: tests/gm.)"""

from __future__ import annotations

from tests.console.helpers import DEMO, SPENT, STARTED, Console


async def test_item_07_the_turn_letter_and_the_call_are_written_plainly(console: Console) -> None:
    out = await console.play(*STARTED, *SPENT, "/build done", "/move done")
    call = out.index("[#game] Game-turn 1: bob's turn. Build phase.")
    assert out[call + 1].strip() == "bob, your build phase: it ends in 2 days (Sat 03 Jan 00:00 UTC)."
    letter = next(i for i, line in enumerate(out) if line.startswith("[to bob] Test game in #game."))
    assert "Your turn has begun (game-turn 1): build phase, it ends in 2 days" in out[letter]
    assert any("/build done" in line for line in out[letter:])
    assert not any("<#" in line or "<t:" in line for line in out), "Discord's markup is translated"


async def test_item_09_games_and_the_next_step_in_help(console: Console) -> None:
    await console.play(*STARTED)
    games = await console.play("/games")
    assert games[0] == "[to alice] Your games here (1); 1 waiting for you:"
    assert (
        games[1].strip().startswith("• Test game in #game: your turn (game-turn 1, build phase); it ends in")
    )
    helped = await console.play("/help")
    assert "[to alice] Your next step here:" in helped
    assert helped[-1].strip() == "• Then end the phase: /build done."


async def test_item_10_admin_commands_and_an_abandoned_games_status(console: Console) -> None:
    await console.play(*STARTED)
    assert (await console.play("/warpwar-admin pause"))[-1].startswith("[#game] The game is paused")
    refused = await console.play("/warpwar pause")
    assert refused[-1].startswith("[to alice] refused:"), "the old name is gone"
    await console.play("/warpwar-admin abandon")
    status = await console.play("/warpwar status")
    assert any("This game was abandoned." in line for line in status)


async def test_item_07_the_turn_letter_is_never_inside_a_battle_report(console: Console) -> None:
    """bob's last orders end the battle and alice's turn: his turn's letter is a message of its
    own, not a part of his reply with the round's report."""
    code, out = await console.script(DEMO)
    assert code == 0
    letter = next(
        i for i, line in enumerate(out) if "Your turn has begun (game-turn 2)" in line and "bob" in line
    )
    assert out[letter].startswith("[to bob] The road to Babylon in #game. Your turn has begun")
    report = max(i for i, line in enumerate(out[:letter]) if line.startswith("[to bob] Babylon, round 2"))
    assert report < letter
