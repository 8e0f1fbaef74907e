"""Games stored by the November 2026 release open and play on (issue 12, item 1).

A release must open and play on the games its previous release stored: a server upgrades with
games in every state, and none of them may be lost, set aside or stuck. This file protects that
promise with ``tests/fixtures/release-2026-11.sqlite3``, a database written by that release's own
game master (scripts/make_release_fixture.py says how and what it holds): each test copies it to
a temporary folder (opening a file migrates it and locks it), opens it with today's code, and
checks that every game loads, passes the start-up check, takes the next command its state calls
for, and is still the fold of its events.

When a later migration or codec change breaks this file, that is a bug to fix in the change (a
migration, a codec default for a new field), not a fixture to regenerate: regenerating would test
the new code against itself. A newer release's fixture is added beside this one, never in its place.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from engine.serial import decode
from engine.warpwar import GameState
from engine.warpwar.events import RoundFought
from engine.warpwar.state import Phase
from gm.announce import Picture, Reply
from gm.clock import ManualClock
from gm.core import Actor
from gm.service import GameMaster
from store import games, mailbox, outbox, set_aside
from store.db import Database, open_database
from store.games import GameRow
from store.migrations import MIGRATIONS

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "release-2026-11.sqlite3"
MOMENT = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
"""When the release closed the file: no deadline of it is due yet."""

GUILD = 1
LEARNING_BATTLE, CLASSIC_ADVANCED, REVISED_THREE, WON, ABANDONED, PAUSED, LOBBY = range(201, 208)
STATUSES = {
    LEARNING_BATTLE: "running",
    CLASSIC_ADVANCED: "running",
    REVISED_THREE: "running",
    WON: "over",
    ABANDONED: "abandoned",
    PAUSED: "running",
    LOBBY: "lobby",
}
ALICE = Actor(11, "alice")
BOB = Actor(12, "bob")
CAROL = Actor(13, "carol")


@dataclass
class Release:
    """The fixture's copy, open with today's code."""

    db: Database
    gm: GameMaster
    clock: ManualClock

    async def row(self, channel: int) -> GameRow:
        row = await games.latest_game_in(self.db, channel)
        assert row is not None, f"no game in channel {channel}"
        return row

    async def state(self, channel: int) -> GameState:
        state = await self.gm.stored_state((await self.row(channel)).id)
        assert isinstance(state, GameState)
        return state

    async def holds_together(self, channel: int) -> GameState:
        """The game's stored state, which its events replay to exactly."""
        game = (await self.row(channel)).id
        stored = await self.gm.stored_state(game)
        assert isinstance(stored, GameState)
        assert await self.gm.replay(game) == stored, (
            f"channel {channel}: the state is not the fold of its events"
        )
        return stored

    async def rounds(self, channel: int) -> int:
        logged = await games.events(self.db, (await self.row(channel)).id)
        return [e.kind for e in logged].count(RoundFought.__name__)


@pytest.fixture
async def release(tmp_path: Path) -> AsyncIterator[Release]:
    copy = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, copy)
    db = await open_database(copy)
    clock = ManualClock(MOMENT)
    yield Release(db, GameMaster(db, clock, seeds=lambda game_id: 4242 + game_id), clock)
    await db.close()


def ok(reply: Reply) -> None:
    assert reply.ok, f"refused: {reply.text}"


def test_the_fixture_is_one_small_file() -> None:
    """Committed whole: no WAL, shared memory or lock file beside it, and well under 1 MB."""
    assert FIXTURE.is_file() and FIXTURE.stat().st_size < 1 << 20
    for beside in ("-wal", "-shm", ".lock"):
        assert not Path(f"{FIXTURE}{beside}").exists(), f"{FIXTURE.name}{beside} should not be committed"


async def test_every_game_loads_and_the_start_up_check_sets_none_aside(tmp_path: Path) -> None:
    """Migrated to today's schema, the start-up check (gm.isolation.check_games) finds every game
    whole; each loads, tells its status, exports, and is the fold of its events. The committed
    file itself is untouched: only its copy was opened."""
    before = hashlib.sha256(FIXTURE.read_bytes()).hexdigest()
    copy = tmp_path / FIXTURE.name
    shutil.copyfile(FIXTURE, copy)
    db = await open_database(copy)
    try:
        gm = GameMaster(db, ManualClock(MOMENT))
        assert await db.schema_version() == len(MIGRATIONS)
        assert await gm.check_games() == []
        assert await set_aside.every(db) == []
        for channel, status in STATUSES.items():
            row = await games.latest_game_in(db, channel)
            assert row is not None and row.status == status, (channel, row)
            ok(await gm.status(channel))
            exported = await gm.export(row.id)
            assert exported["status"] == status and len(exported["events"]) == row.version
            if status != "lobby":
                stored = await gm.stored_state(row.id)
                assert stored is not None and await gm.replay(row.id) == stored, channel
    finally:
        await db.close()
    assert hashlib.sha256(FIXTURE.read_bytes()).hexdigest() == before


async def test_the_held_orders_are_confirmed_and_the_round_is_fought(release: Release) -> None:
    """Channel 201, classic learning: round 2 at bob's base, alice's orders sealed, bob's held
    (they leave his guard out). bob confirms them: the round is fought."""
    state = await release.state(LEARNING_BATTLE)
    (battle,) = state.turn.battles
    assert (battle.round, battle.sealed_by, battle.pending) == (2, ("alice",), ("bob",))
    game = (await release.row(LEARNING_BATTLE)).id
    fought = await release.rounds(LEARNING_BATTLE)
    ok(await release.gm.submit_orders(BOB, game, state.map.label(battle.star), confirm=True))
    assert await release.rounds(LEARNING_BATTLE) == fought + 1
    after = (await release.holds_together(LEARNING_BATTLE)).battle(battle.star)
    assert after is None or after.round == 3, "the next round, or the battle is over"


async def test_the_classic_advanced_game_plays_its_turn_with_its_standing_orders(release: Release) -> None:
    """Channel 202, classic advanced, between turns: alice's game-turn 2 has just begun, her W1
    with standing orders and a damage priority. She builds and ends her build phase; the orders
    and the priority stand."""
    state = await release.state(CLASSIC_ADVANCED)
    assert (state.game_turn, state.active_player.name, state.phase) == (2, "alice", Phase.BUILD)
    assert set(state.standing) == {"alice:W1"} and set(state.priorities) == {"alice:W1"}
    home = state.bases_of("alice")[0].star
    ok(await release.gm.build_ship(ALICE, CLASSIC_ADVANCED, home, "WG=1 PD=4 B=2"))
    ok(await release.gm.done(ALICE, CLASSIC_ADVANCED, "build"))
    after = await release.holds_together(CLASSIC_ADVANCED)
    assert after.phase is Phase.MOVE and after.ship("alice", "W2") is not None
    assert after.standing == state.standing and after.priorities == state.priorities


async def test_the_three_player_revised_game_ends_its_move_phase(release: Release) -> None:
    """Channel 203, revised advanced on warpwar-four: alice (allied with carol) has paid 5 BP
    from her Holds for an unfinished Base and is moving; carol's Holds carry 4 BP. alice ends her
    move phase: bob's turn begins, the Base still unfinished and the cargo where it was."""
    state = await release.state(REVISED_THREE)
    assert (state.game_turn, state.active_player.name, state.phase) == (2, "alice", Phase.MOVE)
    assert state.map.name == "WarpWar, four ends" and len(state.players) == 3
    assert state.allied("alice", "carol") and not state.allied("alice", "bob")
    (founded,) = [b for b in state.bases.values() if not b.finished]
    assert (founded.owner, founded.progress) == ("alice", 5)
    cargo = {key: ship.cargo for key, ship in state.ships.items() if ship.cargo}
    assert cargo.get("carol:W1") == 4 and cargo.get("alice:W1", 0) > 0
    ok(await release.gm.done(ALICE, REVISED_THREE, "move"))
    after = await release.holds_together(REVISED_THREE)
    assert (after.active_player.name, after.phase) == ("bob", Phase.BUILD)
    assert after.bases[founded.star] == founded
    assert {key: ship.cargo for key, ship in after.ships.items() if ship.cargo} == cargo


async def test_the_paused_game_resumes_and_plays_on(release: Release) -> None:
    """Channel 206, paused in alice's move phase: its creator resumes it, every deadline moved
    on by the time it was paused, and alice ends her turn."""
    row = await release.row(PAUSED)
    assert row.paused_at is not None
    before = await games.deadlines_of(release.db, row.id)
    ok(await release.gm.resume(ALICE, PAUSED))
    assert (await release.row(PAUSED)).paused_at is None
    moved = await games.deadlines_of(release.db, row.id)
    assert [d.due_at for d in moved] == [d.due_at + (MOMENT - row.paused_at) for d in before]
    ok(await release.gm.done(ALICE, PAUSED, "move"))
    after = await release.holds_together(PAUSED)
    assert (after.active_player.name, after.phase) == ("bob", Phase.BUILD)


async def test_the_lobby_game_gets_its_second_player_and_starts(release: Release) -> None:
    """Channel 207, revised basic in its lobby with alice's seat taken: bob joins, alice starts."""
    assert (await release.row(LOBBY)).state is None
    ok(await release.gm.join(BOB, LOBBY))
    ok(await release.gm.start(ALICE, LOBBY))
    assert (await release.row(LOBBY)).status == "running"
    state = await release.holds_together(LOBBY)
    assert {p.name for p in state.players} == {"alice", "bob"}
    assert state.phase is Phase.SETUP, "the player moving second chooses the map end (R-SCEN-2)"


async def test_finished_and_abandoned_games_show_their_status(release: Release) -> None:
    """Channel 204: bob conceded and alice won; channel 205: abandoned by its creator. Each
    says so, and neither takes a command (its channel is free for a new game)."""
    won = await release.gm.status(WON)
    assert won.ok and "This game is over" in won.text and "alice" in won.text
    gone = await release.gm.status(ABANDONED)
    assert gone.ok and "abandoned" in gone.text
    refused = await release.gm.done(ALICE, WON)
    assert not refused.ok and refused.code == "no-game"
    result = (await release.state(WON)).result
    assert result is not None and result.winners == ("alice",)


async def test_what_the_front_ends_left_still_reads(release: Release) -> None:
    """The outbox's waiting announcements, carol's letters (her DMs are closed), each phase's
    post and every stored reply decode as today's front ends read them; the server's defaults
    still shape a new game."""
    raw = await outbox.waiting(release.db)
    assert raw, "the fixture has announcements waiting"
    assert len(await release.gm.undelivered()) == len(raw), "an announcement could not be read"
    three = (await release.row(REVISED_THREE)).id
    letters = await mailbox.unread(release.db, three, CAROL.user_id)
    assert letters
    pictures = [letter.picture for letter in letters]
    pictures += [r["picture"] for r in await release.db.fetch_all("SELECT picture FROM phase_posts")]
    assert any(pictures)
    for picture in filter(None, pictures):
        assert isinstance(decode(Picture, json.loads(picture)), Picture)
    for r in await release.db.fetch_all("SELECT request_id FROM requests"):
        assert await release.gm.answered(r["request_id"]) is not None
    ok(await release.gm.create(ALICE, GUILD, 299))
    fresh = await release.row(299)
    assert fresh.setup["phase_hours"] == 72 and fresh.setup["remind_hours"] == 4


async def test_every_deadline_passes_a_month_on(release: Release) -> None:
    """A month later every deadline the release stored has fired as today's code reads it: the
    running games moved on, none was set aside, and each is still the fold of its events; the
    paused game waited."""
    paused = await release.state(PAUSED)
    release.clock.advance(timedelta(days=30))
    fired = await release.gm.fire_due()
    assert fired and all(r.ok for r in fired)
    assert await set_aside.every(release.db) == []
    for channel in (LEARNING_BATTLE, CLASSIC_ADVANCED, REVISED_THREE, PAUSED):
        await release.holds_together(channel)
    assert await release.state(PAUSED) == paused
    assert (await release.state(REVISED_THREE)).active_player.name == "bob"


async def test_migrated_games_are_warpwar_and_play_on_through_their_kind(release: Release) -> None:
    """Issue 12 items 1-2: migrated by today's migrations (10: secrets, seats' seeds), every
    stored game is of the WarpWar kind, has no secret and no seat seed, exports as before (no
    secret, seats without a seed), and takes a command in each state through the kind-neutral
    ``act``: the running games end their player's phase, the lobby game seats bob and starts,
    and the finished and abandoned ones refuse."""
    from engine.warpwar.commands import ChooseEnd, EndPhase
    from store import secrets

    for channel in STATUSES:
        row = await release.row(channel)
        assert row.kind == "warpwar"
        assert await secrets.secret_of(release.db, row.id) is None
        assert all(s.seed is None for s in await games.seats(release.db, row.id))
        exported = await release.gm.export(row.id)
        assert "secret" not in exported and all("seed" not in s for s in exported["seats"])
    for channel in (CLASSIC_ADVANCED, REVISED_THREE, PAUSED):
        state = await release.state(channel)
        player = state.active_player.name
        actor = next(a for a in (ALICE, BOB, CAROL) if a.name == player)
        row = await release.row(channel)
        reply = await release.gm.act(actor, row.id, EndPhase(player="anyone"))
        ok(reply)
        assert (await release.holds_together(channel)) != state
    ok(await release.gm.join(BOB, LOBBY))
    ok(await release.gm.start(ALICE, LOBBY))
    started = await release.row(LOBBY)
    by_name = {a.name: a for a in (ALICE, BOB)}
    chooser = (await release.state(LOBBY)).active_player.name  # moving second (R-SCEN-2)
    ok(await release.gm.act(by_name[chooser], started.id, ChooseEnd(player=chooser, end="north")))
    first = (await release.state(LOBBY)).active_player.name
    ok(await release.gm.act(by_name[first], started.id, EndPhase(player=first)))
    for channel in (WON, ABANDONED):
        row = await release.row(channel)
        refused = await release.gm.act(ALICE, row.id, EndPhase(player="alice"))
        assert not refused.ok and refused.code == "not-running"
