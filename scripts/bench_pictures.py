"""Benchmarks of pictures through the game master: a map of a long game against a short one.

Issue 15's budget: with 10,000 events in its log, a game's map takes at most 1.2 times what it
takes with 10. Both games show the same position (the example mid-game, alice's moves and
their trails); the long one has 9,990 events more before them. Each run adds an event to both
logs, as a command does, then asks for the map: the game master moves its sketch on by that
event (gm.painting) and draws. The two are timed alternately, run by run.
"""

from __future__ import annotations

import asyncio
import json
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from engine.serial import encode
from engine.warpwar import GameState, Phase
from engine.warpwar.events import GameCreated, PhaseBegan, StandingOrdersSet
from gm.announce import Picture
from gm.clock import ManualClock
from gm.core import Actor
from gm.service import GameMaster
from gm.warpwar.maps import load_map
from render.examples import midgame
from store.db import open_database
from store.games import append_events

LONG, SHORT = 10_000, 10
RUNS = 20
MANAGER = Actor(1, "manager", manager=True)


def _exported(start: GameState, events: Sequence[object], channel: int) -> dict[str, object]:
    """The game as exported, alice its creator (gm.audit.import_game reads it)."""
    return {
        "format": "warpwar-game",
        "version": 1,
        "title": f"Bench {channel}",
        "kind": "warpwar",
        "status": "running",
        "creator_id": 100,
        "setup": {
            "ruleset": start.ruleset.value,
            "scenario": start.scenario_key,
            "players": len(start.players),
        },
        "seats": [
            {"user_id": 100 + i, "name": p.name, "joined": i + 1, "alliance": p.alliance}
            for i, p in enumerate(start.players)
        ],
        "events": [{"event": encode(e)} for e in events],
    }


async def _timed(gm: GameMaster, game: int, seq: int, filler: str) -> float:
    """One more event in the game's log, then its map: milliseconds for the map."""
    await append_events(gm.db, game, seq, [("StandingOrdersSet", filler)], None, gm.clock.now())
    start = time.perf_counter()
    png = await gm.picture(game, Picture("map"))
    assert png is not None
    return (time.perf_counter() - start) * 1000


async def _measure(directory: Path) -> list[str]:
    db = await open_database(directory / "bench.sqlite3")
    try:
        gm = GameMaster(db, ManualClock())
        game = midgame(load_map("warpwar"))
        owner, label = next((s.owner, s.label) for s in game.start.ships.values())
        filler = StandingOrdersSet(owner, label, None)
        games: list[tuple[int, int]] = []
        for channel, length in ((1, SHORT), (2, LONG)):
            padding = [filler] * (length - 2 - len(game.moves))
            events = [GameCreated(game.start), *padding, PhaseBegan(Phase.MOVE), *game.moves]
            reply = await gm.import_game(MANAGER, 1, channel, _exported(game.start, events, channel))
            assert reply.ok and reply.game_id is not None, reply.text
            games.append((reply.game_id, len(events)))
        body = json.dumps(encode(filler))
        samples: dict[int, list[float]] = {length: [] for _, length in games}
        for run in range(RUNS + 2):
            for game_id, length in games:
                taken = await _timed(gm, game_id, length + run + 1, body)
                if run >= 2:  # the first two: the whole log read, the ground drawn
                    samples[length].append(taken)
        short, long = (sorted(samples[n])[len(samples[n]) // 2] for _, n in games)
        return [
            f"map of a game of {games[0][1]} events, one more each time (GameMaster.picture):"
            f" median {short:.1f} ms",
            f"map of a game of {games[1][1]} events, one more each time: median {long:.1f} ms",
            f"10,000 events / 10 events: {long / short:.2f}x (budget 1.2x)",
        ]
    finally:
        await db.close()


def long_game() -> list[str]:
    """The benchmark section: its figures, as lines of text."""
    with tempfile.TemporaryDirectory() as directory:
        return asyncio.run(_measure(Path(directory)))
