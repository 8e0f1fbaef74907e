"""Issue 11, item 5 at the game master: a press for something that has passed, and creation in
one channel by several at once, and a retry of a stored action whose answer was lost."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from datetime import timedelta

from gm.announce import Reply
from gm.core import RETRY_WINDOW, Actor
from store import games
from tests.backends import BOTH
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, Table, seat_position
from tests.gm.test_whole_games import start_classic_learning

pytestmark = BOTH


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


# --- a retry of a stored action whose answer was lost --------------------------------------

DESIGN = "WG=1 PD=5 B=3"
LOST = "That was done already (your first try's answer was lost): "


def asking(actor: Actor, request: str) -> Actor:
    """``actor`` making the request ``request`` (a Discord interaction, a script line)."""
    return replace(actor, request_id=request)


async def _ships(table: Table, game: int, player: str = "alice") -> int:
    state = await table.gm.stored_state(game)
    assert state is not None
    return len(state.ships_of(player))


async def _built_once_answer_lost(table: Table) -> tuple[int, str, Reply]:
    """alice builds a ship at her base; the front end reports the answer lost."""
    game = await start_classic_learning(table)
    state = await table.gm.stored_state(game)
    assert state is not None
    star = state.bases_of("alice")[0].star
    first = await table.ok(table.gm.build_ship(asking(ALICE, "first"), CHANNEL, star, DESIGN))
    await table.gm.answer_lost("first")
    return game, star, first


async def test_item_5_the_same_command_after_a_lost_answer_is_answered_not_done_again(table: Table) -> None:
    """A new request, same member, action and arguments: the first reply, once; a third identical
    command is a deliberate second ship."""
    game, star, first = await _built_once_answer_lost(table)
    again = await table.ok(table.gm.build_ship(asking(ALICE, "second"), CHANNEL, star, DESIGN))
    assert again.text == LOST + first.text and "W1" in again.text
    assert again.queued and again.game_id == game
    assert await _ships(table, game) == 1
    assert await table.gm.build_ship(asking(ALICE, "second"), CHANNEL, star, DESIGN) == first  # kept under it
    await table.ok(table.gm.build_ship(asking(ALICE, "third"), CHANNEL, star, DESIGN))
    assert await _ships(table, game) == 2


async def test_item_5_a_retry_whose_own_answer_was_lost_is_recognised_in_turn(table: Table) -> None:
    game, star, first = await _built_once_answer_lost(table)
    await table.ok(table.gm.build_ship(asking(ALICE, "second"), CHANNEL, star, DESIGN))
    assert await table.gm.answered("second") == first
    await table.gm.answer_lost("second")
    third = await table.ok(table.gm.build_ship(asking(ALICE, "third"), CHANNEL, star, DESIGN))
    assert third.text == LOST + first.text
    assert await _ships(table, game) == 1


async def test_item_5_the_same_command_after_the_window_is_carried_out(table: Table) -> None:
    game, star, _ = await _built_once_answer_lost(table)
    table.clock.advance(RETRY_WINDOW + timedelta(seconds=1))
    again = await table.ok(table.gm.build_ship(asking(ALICE, "second"), CHANNEL, star, DESIGN))
    assert not again.text.startswith(LOST)
    assert await _ships(table, game) == 2


async def test_item_5_another_member_or_other_arguments_are_not_a_retry(table: Table) -> None:
    """bob's identical command is his own (refused: not his base); alice's other design is built;
    alice's identical command is still recognised after them."""
    game, star, first = await _built_once_answer_lost(table)
    await table.no(table.gm.build_ship(asking(BOB, "bob's"), CHANNEL, star, DESIGN), "not-your-turn")
    other = await table.ok(table.gm.build_ship(asking(ALICE, "other"), CHANNEL, star, "WG=1 PD=6 B=2"))
    assert not other.text.startswith(LOST)
    assert await _ships(table, game) == 2
    again = await table.ok(table.gm.build_ship(asking(ALICE, "again"), CHANNEL, star, DESIGN))
    assert again.text == LOST + first.text
    assert await _ships(table, game) == 2


async def test_item_5_two_identical_commands_whose_answers_arrived_build_two_ships(table: Table) -> None:
    game = await start_classic_learning(table)
    state = await table.gm.stored_state(game)
    assert state is not None
    star = state.bases_of("alice")[0].star
    for request in ("first", "second"):
        await table.ok(table.gm.build_ship(asking(ALICE, request), CHANNEL, star, DESIGN))
    assert await _ships(table, game) == 2
