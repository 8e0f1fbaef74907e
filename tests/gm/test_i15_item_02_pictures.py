"""Issue 15 item 2: pictures from a sketch of the log moved on by the events since, never a fold
of the whole log on the event loop."""

from __future__ import annotations

import asyncio
import gc
import json
import time
from collections.abc import Awaitable

from engine.serial import encode
from engine.warpwar.events import ShipMoved, StandingOrdersSet
from gm.announce import Picture
from gm.painting import Sketched, Sketches
from gm.warpwar.pictures import Sketch
from store import games
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, CHANNEL, Table, seat_position
from tests.gm.test_whole_games import into_battle, start_classic_learning

EVENTS = 10_000
TICK = 0.002
"""The ticker's period: the loop's longest stall is the longest gap between ticks less this."""
STALL = 0.020
ATTEMPTS = 3
"""A stall is a stall of every attempt: a machine shared with other work may pause the whole
process once, which says nothing of the event loop."""


async def test_a_sketch_moved_on_event_by_event_is_the_sketch_of_the_whole_log(table: Table) -> None:
    """The sketch kept and moved on by a command's events at a time holds what a fold of the
    whole log gives: the state, both phases' events (alice's move onto bob's base, her trail
    starting where her cruiser stood), the last round at each star."""
    game = await start_classic_learning(table)
    await into_battle(table, game)
    kind = table.gm.kinds["warpwar"]
    rows = await games.events(table.db, game)
    whole: Sketch = kind.sketch(None, rows)
    stepped: Sketch | None = None
    for row in rows:
        stepped = kind.sketch(stepped, [row])
    assert stepped == whole
    assert whole.state == await table.gm.replay(game)
    moved = [e for s in whole.stretches for _, e in s.events if isinstance(e, ShipMoved)]
    assert [(e.owner, e.label) for e in moved] == [("alice", "W1")]
    assert whole.stretches[0].before.ship("alice", "W1") is not None


async def test_a_picture_of_an_earlier_version_is_drawn_as_it_was(table: Table) -> None:
    """A picture announced a few commands ago (delivered late, posted again) is drawn from the
    log up to its version, though later ones were drawn first: the same bytes as drawn fresh."""
    game = await start_classic_learning(table)
    await into_battle(table, game, end_move=False)
    row = await table.gm.row_of(game)
    assert row is not None
    version = row.version
    await table.ok(table.gm.done(ALICE, CHANNEL))
    later = await table.gm.picture(game, Picture("map"))
    earlier = await table.gm.picture(game, Picture("map", version=version))
    table.gm.sketches = Sketches()  # nothing kept: drawn from the start
    fresh = await table.gm.picture(game, Picture("map", version=version))
    assert earlier == fresh != later


def test_the_sketches_kept_are_bounded() -> None:
    """A few versions a game, the games last drawn: the memory they hold has a bound."""
    kept = Sketches(games_kept=2, versions=2)
    for game in (1, 2, 3):
        for version in (5, 9, 7):
            kept.keep(game, Sketched(version, f"{game}@{version}"))
    assert len(kept) == 2 and kept.nearest(1, None) is None
    assert kept.nearest(3, None) == Sketched(9, "3@9")
    assert kept.nearest(3, 8) == Sketched(7, "3@7")
    assert kept.nearest(3, 6) is None, "the oldest version was dropped"


async def _longest_stall(work: Awaitable[object]) -> float:
    """The longest the event loop went without running a ticker task while ``work`` ran."""
    gaps: list[float] = []

    async def tick() -> None:
        last = time.perf_counter()
        while True:
            await asyncio.sleep(TICK)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now

    ticker = asyncio.create_task(tick())
    await asyncio.sleep(TICK * 3)
    try:
        await work
    finally:
        ticker.cancel()
    return max(gaps) - TICK


async def test_a_map_of_a_game_of_10000_events_never_stalls_the_loop(table: Table) -> None:
    """The map of a game whose log holds 10,000 events, drawn first from nothing (its whole
    log folded once, in the worker thread) and then moved on: the event loop is never held
    more than 20 ms meanwhile (a ticker every 2 ms measures it). The objects made before are
    frozen as the bot freezes its start-up's (bot.freeze_start_up): a full garbage collection,
    which holds every thread, then walks only what the picture made."""
    game = await seat_position(table, battle("alice W1: TL0 PD=6 B=3", "bob W2: TL0 PD=6 S=2"))
    filler = json.dumps(encode(StandingOrdersSet("alice", "W1", None)))
    now = table.clock.now()
    await games.append_events(table.db, game, 2, [("StandingOrdersSet", filler)] * (EVENTS - 1), None, now)

    async def draw() -> None:
        table.gm.sketches = Sketches()  # nothing kept: the whole log is read
        first = await table.gm.picture(game, Picture("map"))
        again = await table.gm.picture(game, Picture("map", viewer="alice", around=("Kish",)))
        assert first is not None and again is not None

    gc.collect()
    gc.freeze()
    stalls = []
    try:
        for _ in range(ATTEMPTS):
            stalls.append(await _longest_stall(draw()))
            if stalls[-1] <= STALL:
                break
    finally:
        gc.unfreeze()
    assert min(stalls) <= STALL, f"the event loop stalled {[round(s * 1000) for s in stalls]} ms"
