"""Issue 10, item 12 on the console: the channel's posts have the same titles as on Discord,
printed plainly once as each phase begins (the console prints, it does not edit)."""

from __future__ import annotations

from tests.console.helpers import STARTED, Console


async def test_item_12_each_phase_title_is_printed_once_as_it_begins(console: Console) -> None:
    started = await console.play(*STARTED)
    assert "[#game] == Game-turn 1 · alice · Build (deadline in 2 days) ==" in started
    built = await console.play(*['/build ship star:Ur design:"WG=1 PD=5 B=3"'] * 3)
    assert [line for line in built if line.startswith("[#game]")] == [
        "[#game] alice built Warpship W1 at Ur.",
        "[#game] alice built Warpship W2 at Ur.",
        "[#game] alice built Warpship W3 at Ur.",
    ], "the phase's title is not printed again"
    ended = await console.play("/build done")
    assert [line for line in ended if line.startswith("[#game]")] == [
        "[#game] == Game-turn 1 · alice · Move (deadline in 2 days) ==",
        "[#game] alice's move phase.",
    ]


async def test_item_12_pause_resume_and_extend_print_one_plain_line_each(console: Console) -> None:
    """Discord edits the phase's post (its footer, the player's call); the console, which prints
    rather than edits, shows only each command's own line, and the next title says the deadline."""
    await console.play(*STARTED)
    for command, said in [
        ("/warpwar-admin pause", "[#game] The game is paused: no deadline passes until it resumes."),
        (
            "/warpwar-admin resume",
            "[#game] The game resumes; every deadline moved on by the time it was paused.",
        ),
        ("/warpwar-admin extend hours:12", "[#game] Every deadline of this game moves on by 12 hours."),
    ]:
        assert await console.play(command) == [said]
    built = await console.play(*['/build ship star:Ur design:"WG=1 PD=5 B=3"'] * 3, "/build done")
    assert "[#game] == Game-turn 1 · alice · Move (deadline in 2 days) ==" in built
