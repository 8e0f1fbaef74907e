"""A game is its event log: replay, export and import rebuild it exactly; requests answered once."""

from __future__ import annotations

import json

from gm.core import Actor
from store import games
from tests.backends import BOTH
from tests.gm.table import ALICE, BOB, CHANNEL, GUILD, MANAGER, Table
from tests.gm.test_whole_games import start_classic_learning

pytestmark = BOTH


async def test_replay_from_the_log_equals_the_stored_state(table: Table) -> None:
    game = await start_classic_learning(table)
    state = await table.gm.replay(game)
    assert state is not None
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, state.bases_of("alice")[0].star, "WG=1 PD=20 B=15"))
    await table.ok(table.gm.done(ALICE, CHANNEL))
    assert await table.gm.replay(game) == await table.gm.stored_state(game)


async def test_export_and_import_rebuild_the_game(table: Table) -> None:
    game = await start_classic_learning(table)
    state = await table.gm.replay(game)
    assert state is not None
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, state.bases_of("alice")[0].star, "WG=1 PD=20 B=15"))
    await table.ok(table.gm.done(ALICE, CHANNEL))
    data = json.loads(json.dumps(await table.gm.export(game)))  # it is plain JSON
    await table.no(table.gm.import_game(ALICE, GUILD, 300, data), "not-manager")
    await table.no(table.gm.import_game(MANAGER, GUILD, CHANNEL, data), "channel-busy")
    await table.no(table.gm.import_game(MANAGER, GUILD, 300, {**data, "version": 9}), "bad-import")
    copy = await table.ok(table.gm.import_game(MANAGER, GUILD, 300, data))
    assert copy.game_id is not None and copy.game_id != game
    assert await table.gm.stored_state(copy.game_id) == await table.gm.stored_state(game)
    assert [s.name for s in await games.seats(table.db, copy.game_id)] == ["alice", "bob"]
    await table.ok(table.gm.done(ALICE, 300))  # the copy plays on in its own channel


async def test_a_request_is_answered_once_whatever_it_is(table: Table) -> None:
    """The same request again gets the same reply and changes nothing (interaction retries)."""
    alice = Actor(ALICE.user_id, ALICE.name, request_id="create-1")
    first = await table.ok(table.gm.create(alice, GUILD, CHANNEL, ruleset="classic", scenario="learning"))
    again = await table.gm.create(alice, GUILD, CHANNEL, ruleset="classic", scenario="learning")
    assert again == first
    bob = Actor(BOB.user_id, BOB.name, request_id="join-1")
    await table.ok(table.gm.join(bob, CHANNEL))
    assert (await table.gm.join(bob, CHANNEL)).ok
    assert len(await games.seats(table.db, first.game_id or 0)) == 2


async def test_a_damaged_export_is_refused_in_plain_words(table: Table) -> None:
    game = await start_classic_learning(table)
    data = await table.gm.export(game)
    seats = data["seats"]
    for damaged, says in (
        ({**data, "setup": []}, "setup or seats"),
        ({**data, "seats": seats * 2}, "same player"),
        ({**data, "seats": seats[:1]}, "not the players"),
        ({**data, "setup": {**data["setup"], "players": "two"}}, "whole number"),
        ({k: v for k, v in data.items() if k != "events"}, "has no events"),
        ({**data, "status": "weird"}, "status 'weird'"),
    ):
        await table.no(table.gm.import_game(MANAGER, GUILD, 300, damaged), "bad-import", says)
    await table.no(table.gm.import_game(MANAGER, GUILD, 300, None), "bad-import")  # type: ignore[arg-type]
