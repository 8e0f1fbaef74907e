"""Issue 11, item 7, at the console: every number read from a line has bounds, and what cannot
be read is refused in words (these lines used to end the console with a traceback)."""

from __future__ import annotations

from console.app import Outcome
from tests.console.helpers import Console

REVISED = (
    '/warpwar new title:"Test game" ruleset:revised scenario:advanced fixed_order:yes',
    "/as bob",
    "/warpwar join",
    "/as alice",
    "/warpwar start",
    "/as bob",
    "/warpwar end south",
    "/as alice",
)
"""A revised advanced game in #game, alice first: her starting BP wait to be split."""


async def test_item_7_a_wait_beyond_any_calendar_is_refused(console: Console) -> None:
    before = console.clock.now()
    for line in ("/wait 99999999999999999999d", "/wait " + "9" * 400 + "h", "/wait 367d"):
        assert await console.outcome(line) is Outcome.REFUSED, line
    assert "at most 366 days at a time" in console.text()
    assert console.clock.now() == before, "no time passed"
    assert await console.outcome("/wait 366d") is Outcome.DONE


async def test_item_7_a_channel_number_beyond_any_is_refused(console: Console) -> None:
    assert await console.outcome("/channel 99999999999999999999999") is Outcome.REFUSED
    assert "number: wants a whole number" in console.text()


async def test_item_7_a_split_of_superscript_bp_is_refused(console: Console) -> None:
    await console.play(*REVISED)
    state = await console.session.gm.stored_state(1)
    assert state is not None
    home = state.bases_of("alice")[0].star
    out = await console.play(f'/build split allocation:"{home}=1²"')
    assert any("write it like Ur=10" in line for line in out), out
    assert await console.outcome(f'/build split allocation:"{home}=20"') is Outcome.DONE
