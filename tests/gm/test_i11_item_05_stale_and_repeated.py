"""Issue 11, item 5 at the game master: a press for something that has passed, and creation in
one channel by several at once."""

from __future__ import annotations

import asyncio

from store import games
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, Table, seat_position


async def test_item_5_three_simultaneous_creations_in_one_channel_one_game_two_refusals(table: Table) -> None:
    """Three ``/warpwar new`` at once: the channel's one live game is enforced by the database;
    the two that lose the race are refused in words, not with an IntegrityError."""
    creators = (ALICE, BOB, CAROL)
    replies = await asyncio.gather(
        *(table.gm.create(actor, GUILD, CHANNEL, title=f"{actor.name}'s war") for actor in creators)
    )
    assert sorted(r.ok for r in replies) == [False, False, True], [r.text for r in replies]
    for refusal in (r for r in replies if not r.ok):
        assert refusal.code == "channel-busy"
        assert refusal.text == "This channel already has a game; finish or abandon it first."
    live = await games.live_game_in(table.db, CHANNEL)
    assert live is not None and live.title == next(r for r in replies if r.ok).text.split("**")[1]


async def test_item_5_orders_for_a_round_already_fought_are_not_sent(table: Table) -> None:
    """Orders carry the round (and player-turn) they were written for: once that round is fought,
    they are refused in words and nothing is sealed for the next round."""
    game = await seat_position(table, battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=99"))
    state = await table.gm.stored_state(game)
    assert state is not None
    turn = state.turn_serial
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=1 B=1", round=1, turn=turn))
    await table.ok(table.gm.submit_orders(BOB, game, "Kish", "W2 ATTACKS: D=1", round=1, turn=turn))
    late = await table.no(
        table.gm.submit_orders(BOB, game, "Kish", "W2 ATTACKS: D=1", round=1, turn=turn),
        "round-over",
        "Round 1 at Kish is over; these orders were not sent.",
    )
    assert not late.ok
    state = await table.gm.stored_state(game)
    assert state is not None
    fight = state.battle(state.map.star("Kish").hex)
    assert fight is not None and fight.round == 2 and not fight.orders
