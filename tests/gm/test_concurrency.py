"""Commands that arrive together: one lock per game makes them apply one after another."""

from __future__ import annotations

import asyncio
import json

from engine.warpwar.events import RoundFought
from gm.core import Actor
from store import games
from tests.backends import BOTH
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, Table, seat_position

pytestmark = BOTH

ROUNDS = 20


async def test_both_players_send_orders_at_the_same_moment_and_each_round_resolves_once(table: Table) -> None:
    """Twenty rounds, both players' orders sent at once each time: twenty reports, no more."""
    game = await seat_position(table, battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=99"))
    for _ in range(ROUNDS):
        replies = await asyncio.gather(
            table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=1 B=1"),
            table.gm.submit_orders(BOB, game, "Kish", "W2 ATTACKS: D=1"),
        )
        assert all(r.ok for r in replies), [r.text for r in replies]
        assert sum("Orders revealed" in r.text for r in replies) == 1
    rounds = [
        json.loads(e.body)["report"]["round"]
        for e in await games.events(table.db, game)
        if e.kind == RoundFought.__name__
    ]
    assert rounds == list(range(1, ROUNDS + 1))
    state = await table.gm.stored_state(game)
    assert state is not None and state == await table.gm.replay(game)


async def test_the_same_request_twice_at_once_is_applied_once(table: Table) -> None:
    """A front end may retry a request (a Discord interaction) while the first is running."""
    game = await seat_position(table, battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=99"))
    retried = Actor(ALICE.user_id, ALICE.name, request_id="interaction-1")
    first, second = await asyncio.gather(
        table.gm.submit_orders(retried, game, "Kish", "W1 ATTACKS W2: D=1 B=1"),
        table.gm.submit_orders(retried, game, "Kish", "W1 ATTACKS W2: D=1 B=1"),
    )
    assert first == second and first.ok
    logged = await games.events(table.db, game)
    assert [e.kind for e in logged].count("OrdersSubmitted") == 1


async def test_many_games_side_by_side_do_not_wait_for_each_other(table: Table) -> None:
    """Locks are per game: commands to different games interleave freely and all land."""
    positions = [battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=99") for _ in range(8)]
    ids = [await seat_position(table, p, channel=200 + i) for i, p in enumerate(positions)]
    replies = await asyncio.gather(
        *(table.gm.submit_orders(ALICE, g, "Kish", "W1 ATTACKS W2: D=1 B=1") for g in ids)
    )
    assert all(r.ok for r in replies)
    for game in ids:
        assert [e.kind for e in await games.events(table.db, game)].count("OrdersSubmitted") == 1
