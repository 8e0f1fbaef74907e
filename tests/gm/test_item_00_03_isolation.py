"""Issue 11, items 0 and 3 (part): one bad game never stops the others.

A game whose stored state or events were corrupted in the file, or whose deadline raises, is set
aside (quarantined with its reason, logged once); every other game's deadlines fire and are
announced, the deadline runner neither spins nor floods the log, commands on the set-aside game
are refused in words, a manager releases it once fixed, and the start-up check finds what is
broken before anything fires. The corruption is written with sqlite3 directly, as a bad disk or
a careless hand would.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from datetime import datetime, timedelta
from pathlib import Path

import pytest

import gm.warpwar.play as play
from engine.warpwar import Accepted, GameState
from gm import aside as why
from gm.announce import Reply
from gm.clock import ManualClock
from gm.service import GameMaster
from gm.timing import BACKOFF_CAP, DeadlineRunner
from gm.warpwar import deadlines
from store import games, set_aside
from store.db import Database, open_database
from tests.backends import ON_SQLITE
from tests.gm.table import ALICE, BOB, CAROL, GUILD, MANAGER, Table, open_table, said

CHANNELS = (100, 101, 102)
POISONED = 101
PHASE_HOURS = 49
"""Past the first phase deadline (48 hours by default)."""
DAY = 24 * 3600.0


async def learning_game(table: Table, channel: int) -> int:
    """A classic learning game of alice and bob, started in ``channel``."""
    gm = table.gm
    await table.ok(
        gm.create(
            ALICE, GUILD, channel, f"Game {channel}", ruleset="classic", scenario="learning", fixed_order=True
        )
    )
    await table.ok(gm.join(BOB, channel))
    await table.ok(gm.start(ALICE, channel))
    await table.settle_ends(channel)
    return await table.game_id(channel)


async def three_games(table: Table) -> dict[int, int]:
    """A game in each of :data:`CHANNELS`, by channel."""
    return {channel: await learning_game(table, channel) for channel in CHANNELS}


@contextmanager
def raw(table: Table) -> Iterator[sqlite3.Connection]:
    """The database file opened behind the game master's back."""
    with closing(sqlite3.connect(table.db.path)) as connection:
        yield connection
        connection.commit()


def corrupt_state(table: Table, game_id: int) -> str:
    """Garbage where the game's state was; returns what was there."""
    with raw(table) as db:
        (before,) = db.execute("SELECT state FROM games WHERE id = ?", (game_id,)).fetchone()
        db.execute("UPDATE games SET state = ? WHERE id = ?", ('{"game_turn": 1, "players": [', game_id))
    return str(before)


def restore_state(table: Table, game_id: int, state: str) -> None:
    with raw(table) as db:
        db.execute("UPDATE games SET state = ? WHERE id = ?", (state, game_id))


def restarted(table: Table) -> GameMaster:
    """A new game master on the same file and clock, as after a restart (nothing decoded yet)."""
    return GameMaster(table.db, table.clock, seeds=lambda game_id: 7)


def errors(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.levelno >= logging.WARNING]


class SimulatedNaps:
    """The runner's sleep on the table's clock: each nap moves the clock on by its length and
    is recorded; after ``span`` seconds of simulated time the runner is stopped."""

    def __init__(self, table: Table, span: float) -> None:
        self.table = table
        self.left = span
        self.waits: list[float] = []
        self.over = asyncio.Event()

    async def __call__(self, seconds: float) -> None:
        self.waits.append(seconds)
        if self.left <= 0 or len(self.waits) > 10_000:  # 10,000: a spinning runner is stopped too
            self.over.set()
            await asyncio.Event().wait()  # until cancelled
        self.left -= seconds
        self.table.clock.advance(timedelta(seconds=seconds))
        await asyncio.sleep(0)


async def run_for(gm: GameMaster, table: Table, span: float) -> tuple[list[Reply], SimulatedNaps]:
    """Run the deadline runner over ``span`` simulated seconds; what it delivered, and its naps."""
    delivered: list[Reply] = []

    async def deliver(reply: Reply) -> None:
        delivered.append(reply)

    naps = SimulatedNaps(table, span)
    runner = DeadlineRunner(gm, deliver, nap=naps)
    task = runner.start()
    await asyncio.wait_for(naps.over.wait(), timeout=30)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    return delivered, naps


@ON_SQLITE
async def test_item_0_fire_due_fires_every_healthy_game_beside_a_poisoned_one(table: Table) -> None:
    """The deadlines of the games before and after the poisoned one (in the same pass) fire and
    come back to be announced; the poisoned game is set aside with its reason, once."""
    ids = await three_games(table)
    corrupt_state(table, ids[POISONED])
    gm = restarted(table)
    table.clock.advance(timedelta(hours=PHASE_HOURS))
    fired = await gm.fire_due()
    assert {r.game_id for r in fired} == {ids[100], ids[102]}
    assert all("The deadline passed" in said(r) for r in fired)
    found = await set_aside.of(table.db, ids[POISONED])
    assert found is not None and found.reason == why.STATE_UNREADABLE
    assert "JSONDecodeError" in found.detail
    assert await gm.fire_due() == [], "nothing is due any more: the set-aside game's deadline waits"


@ON_SQLITE
async def test_item_0_a_poisoned_game_beside_healthy_ones_keeps_the_runner_quiet_and_cool(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """Three simulated days of the deadline task with a poisoned game among healthy ones: each
    healthy game's deadlines fire and are announced every time they pass, the log has the
    poisoned game once, and the task wakes only when there is something to do."""
    ids = await three_games(table)
    corrupt_state(table, ids[POISONED])
    gm = restarted(table)
    table.clock.advance(timedelta(hours=PHASE_HOURS))
    caplog.set_level(logging.INFO)
    delivered, naps = await run_for(gm, table, 3 * DAY)

    passed = [r.game_id for r in delivered if "The deadline passed" in said(r)]
    assert passed.count(ids[100]) >= 2 and passed.count(ids[102]) >= 2, "every phase deadline passes"
    assert ids[POISONED] not in {r.game_id for r in delivered}
    assert len(errors(caplog)) == 1 and f"game {ids[POISONED]} set aside" in errors(caplog)[0].getMessage()
    # It looks at least hourly (MAX_SLEEP) and otherwise only when a deadline passes or moves.
    bound = 3 * 24 + 2 * len(delivered) + 5
    assert len(naps.waits) <= bound, f"the task woke {len(naps.waits)} times in three days"
    assert sum(1 for w in naps.waits if w == 0) <= len(delivered), "it never spins"


@ON_SQLITE
async def test_item_0_the_runner_backs_off_while_the_database_fails(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A database that fails every pass for a day (a disk error): the task waits 1, 2, 4 ...
    seconds up to five minutes, logs the failure once in full and once when it reaches the cap,
    sets no game aside for what is the file's fault, and fires everything once the file works."""
    ids = await three_games(table)
    table.clock.advance(timedelta(hours=PHASE_HOURS))
    recovery = table.clock.now() + timedelta(days=1)
    real = games.due_deadlines

    async def failing(db: Database, now: datetime) -> list[games.Deadline]:
        if now < recovery:
            raise sqlite3.OperationalError("disk I/O error")
        return await real(db, now)

    monkeypatch.setattr(games, "due_deadlines", failing)
    delivered, naps = await run_for(table.gm, table, DAY + 600)
    failed = naps.waits[: naps.waits.index(BACKOFF_CAP)] + [w for w in naps.waits if w == BACKOFF_CAP]
    assert failed[:10] == [1, 2, 4, 8, 16, 32, 64, 128, 256, BACKOFF_CAP]
    assert len(naps.waits) < DAY / BACKOFF_CAP + 20, "in a day: about one look every five minutes"
    assert {r.game_id for r in delivered} == set(ids.values()), "the file works again: all fire"
    logged = [r.getMessage() for r in errors(caplog)]
    assert len(logged) == 3 and logged[2].endswith("failed passes"), logged
    assert await set_aside.every(table.db) == []


async def test_item_0_a_deadline_that_raises_sets_only_its_game_aside(
    table: Table, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deadline whose carrying out raises (a bug met in one game's position, here the game
    carol plays in): that game is set aside, said once; the others' deadlines of the same pass
    fire, and so do their later ones."""
    first = await learning_game(table, 100)
    await table.ok(table.gm.create(ALICE, GUILD, POISONED, "Carol's", ruleset="classic", scenario="learning"))
    await table.ok(table.gm.join(CAROL, POISONED))
    await table.ok(table.gm.start(ALICE, POISONED))
    await table.settle_ends(POISONED)
    last = await learning_game(table, 102)
    real = deadlines.on_deadline

    def on_deadline(state: GameState, kind: str, payload: dict[str, str]) -> Accepted | None:
        if any(p.name == "carol" for p in state.players):
            raise KeyError("a bug")
        return real(state, kind, payload)

    monkeypatch.setattr(deadlines, "on_deadline", on_deadline)
    table.clock.advance(timedelta(hours=PHASE_HOURS))
    fired = await table.gm.fire_due()
    assert {r.game_id for r in fired} == {first, last}
    found = await set_aside.of(table.db, await table.game_id(POISONED))
    assert found is not None and found.reason == why.DEADLINE_FAILED and "KeyError" in found.detail
    table.clock.advance(timedelta(hours=PHASE_HOURS))
    assert {r.game_id for r in await table.gm.fire_due()} == {first, last}
    assert len(errors(caplog)) == 1


@ON_SQLITE
async def test_item_0_a_command_on_a_set_aside_game_is_refused_in_words(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    """Every command on the set-aside game is refused with the reason to look for, changing
    nothing; status tells everyone it is set aside and why, and a manager the error too; the
    game next door plays on. The log has it once however often players try."""
    ids = await three_games(table)
    corrupt_state(table, ids[POISONED])
    table.gm = restarted(table)
    for _ in range(3):
        refusal = await table.no(table.gm.build_ship(ALICE, POISONED, "Ur", "WG=1 PD=5 B=3"), "set-aside")
        assert refusal.text == why.REFUSAL
    assert "set aside after an error" in refusal.text and "/warpwar status" in refusal.text
    await table.no(table.gm.done(BOB, POISONED), "set-aside")
    await table.no(table.gm.pause(MANAGER, POISONED), "set-aside")
    assert (await table.gm.fleet(ALICE, POISONED)).code == "set-aside"

    public = await table.gm.status(POISONED, ALICE)
    assert public.ok and not public.private
    assert f"**Game {POISONED}** has been set aside after an error: its saved state could not be read" in (
        public.text
    )
    assert "JSONDecodeError" not in public.text
    managers = await table.gm.status(POISONED, MANAGER)
    assert managers.private and "JSONDecodeError" in managers.text

    helped = await table.gm.help(ALICE, POISONED)
    assert helped.ok and helped.text.endswith(
        f"**Game {POISONED}**, this channel's game, was {why.SET_ASIDE}"
    )
    games_list = await table.gm.my_games(ALICE, GUILD)
    assert f"**Game {POISONED}** in <#{POISONED}>: set aside after an error" in games_list.text
    assert (await table.gm.status(100, ALICE)).ok
    await table.ok(table.gm.build_ship(ALICE, 100, "Ur", "WG=1 PD=5 B=3"))
    assert len(errors(caplog)) == 1


@ON_SQLITE
async def test_item_0_a_manager_releases_a_game_once_it_is_fixed(table: Table) -> None:
    """Release is a server manager's, and only for a game that holds together again; then its
    overdue deadline fires at once, marked late, and commands are taken again."""
    ids = await three_games(table)
    good = corrupt_state(table, ids[POISONED])
    table.gm = restarted(table)
    table.clock.advance(timedelta(hours=PHASE_HOURS))
    await table.gm.fire_due()
    await table.no(table.gm.release(ALICE, POISONED), "not-manager")
    still = await table.no(table.gm.release(MANAGER, POISONED), "still-broken")
    assert "its saved state could not be read" in still.text
    await table.no(table.gm.release(MANAGER, 100), "not-set-aside")

    restore_state(table, ids[POISONED], good)
    released = await table.ok(table.gm.release(MANAGER, POISONED))
    assert "back in play" in released.text and not released.private
    assert await set_aside.of(table.db, ids[POISONED]) is None
    fired = await table.gm.fire_due()
    assert [r.game_id for r in fired] == [ids[POISONED]] and "late" in said(fired[0])
    await table.ok(table.gm.build_ship(BOB, POISONED, "Babylon", "WG=1 PD=5 B=3"))


@ON_SQLITE
async def test_item_0_a_command_that_raises_sets_its_game_aside_only_if_the_game_is_broken(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An unexpected error in a command has the stored game examined: a game that holds together
    stays in play (one player's odd input must not stop a game for everyone: the player gets the
    front end's apology); a game whose events no longer read is set aside and the command refused."""
    ids = await three_games(table)

    def broken_apply(*args: object) -> object:
        raise RuntimeError("a bug in a rule")

    monkeypatch.setattr(play, "apply", broken_apply)
    with pytest.raises(RuntimeError):
        await table.gm.build_ship(ALICE, 100, "Ur", "WG=1 PD=5 B=3")
    assert await set_aside.every(table.db) == []

    with raw(table) as db:
        db.execute("UPDATE events SET body = 'not json' WHERE game_id = ? AND seq = 2", (ids[POISONED],))
    refusal = await table.gm.build_ship(ALICE, POISONED, "Ur", "WG=1 PD=5 B=3")
    assert refusal.code == "set-aside"
    found = await set_aside.of(table.db, ids[POISONED])
    assert found is not None and found.reason == why.EVENTS_UNREADABLE


async def broken_file(tmp_path: Path) -> tuple[Path, dict[int, int]]:
    """Five games in a file, four of them broken in a different way by hand; the file closed."""
    table = await open_table(tmp_path / "games.sqlite3")
    ids = {channel: await learning_game(table, channel) for channel in range(100, 105)}
    await table.ok(table.gm.build_ship(ALICE, 100, "Ur", "WG=1 PD=5 B=3"))
    await table.db.close()
    with closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db:
        db.execute("UPDATE games SET state = 'garbage' WHERE id = ?", (ids[101],))
        db.execute('UPDATE events SET body = \'{"kind": "Nothing"}\' WHERE game_id = ?', (ids[102],))
        db.execute("DELETE FROM events WHERE game_id = ? AND seq = 2", (ids[103],))
        db.execute("UPDATE deadlines SET payload = '{' WHERE game_id = ?", (ids[104],))
        db.commit()
    return tmp_path / "games.sqlite3", ids


async def test_item_3_the_start_up_check_sets_aside_games_corrupted_in_the_file(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """At start-up every unfinished game is checked: state, events replayed to it, deadlines.
    Each broken one is set aside with its reason and logged once; the healthy one plays on and
    its deadline fires; a second start says nothing new."""
    path, ids = await broken_file(tmp_path)
    db = await open_database(path)
    try:
        clock = ManualClock()
        gm = GameMaster(db, clock)
        found = {a.game_id: a.reason for a in await gm.check_games()}
        assert found == {
            ids[101]: why.STATE_UNREADABLE,
            ids[102]: why.EVENTS_UNREADABLE,
            ids[103]: why.EVENTS_DISAGREE,
            ids[104]: why.DEADLINES_UNREADABLE,
        }
        assert len(errors(caplog)) == 4
        assert await gm.check_games() == [] and len(errors(caplog)) == 4, "said once"
        assert (await gm.status(103)).text.startswith("**Game 103** has been set aside after an error")
        clock.advance(timedelta(hours=PHASE_HOURS))
        fired = await gm.fire_due()
        assert [r.game_id for r in fired] == [ids[100]]
    finally:
        await db.close()


async def test_item_3_the_start_up_check_of_200_games_is_quick(tmp_path: Path) -> None:
    """200 unfinished games, each a few turns into play, are checked in well under a second or
    two (decoding each state and replaying its events)."""
    table = await open_table(tmp_path / "games.sqlite3")
    game = await learning_game(table, 100)
    await table.spend_the_start(ALICE, "Ur")
    for turn in range(50):  # a long game's worth of events (each changes W1's damage priority)
        await table.ok(table.gm.damage_priority(ALICE, game, "W1", ("B, PD", "PD, B")[turn % 2]))
    with raw(table) as db:
        columns = "guild_id, kind, title, creator_id, status, setup, state, version, created_at, updated_at"
        for channel in range(1000, 1199):
            cursor = db.execute(
                f"INSERT INTO games (channel_id, {columns}) SELECT ?, {columns} FROM games WHERE id = ?",
                (channel, game),
            )
            db.execute(
                "INSERT INTO events (game_id, seq, kind, body, actor_id, at, batch)"
                " SELECT ?, seq, kind, body, actor_id, at, batch FROM events WHERE game_id = ?",
                (cursor.lastrowid, game),
            )
    assert len(await games.live_games(table.db)) == 200
    started = time.perf_counter()
    assert await restarted(table).check_games() == []
    took = time.perf_counter() - started
    await table.db.close()
    print(f"the start-up check of 200 games of {await_version(tmp_path)} events took {took:.2f} s")
    assert took < 3.0, f"the check of 200 games took {took:.2f} s"


def await_version(tmp_path: Path) -> int:
    with closing(sqlite3.connect(tmp_path / "games.sqlite3")) as db:
        return int(db.execute("SELECT MAX(version) FROM games").fetchone()[0])


@ON_SQLITE
async def test_item_0_a_set_aside_game_that_cannot_be_fixed_can_be_abandoned(table: Table) -> None:
    """A manager who cannot repair the file closes the game: the channel is free for a new one."""
    ids = await three_games(table)
    corrupt_state(table, ids[POISONED])
    table.gm = restarted(table)
    await table.no(table.gm.build_ship(ALICE, POISONED, "Ur", "WG=1 PD=5 B=3"), "set-aside")
    await table.no(table.gm.abandon(BOB, POISONED), "not-creator")
    closed = await table.ok(table.gm.abandon(MANAGER, POISONED))
    assert closed.text == f"**Game {POISONED}** was abandoned by mod."
    after = await table.gm.status(POISONED, ALICE)
    assert after.text == (
        f"**Game {POISONED}** was abandoned; it had been set aside after an error: "
        "its saved state could not be read."
    )
    await table.ok(table.gm.create(ALICE, GUILD, POISONED, "Again"))


@ON_SQLITE
async def test_item_0_a_full_disk_when_a_deadline_passes_sets_no_game_aside(table: Table) -> None:
    """A full disk is the file's fault, not the game's: the deadline waits for space and fires
    then; the game is never set aside for it."""
    game = await learning_game(table, CHANNELS[0])
    table.clock.advance(timedelta(hours=PHASE_HOURS))
    pages = await table.db.fetch_one("PRAGMA page_count")
    assert pages is not None
    await table.db.execute(f"PRAGMA max_page_count = {pages[0]}")
    assert await table.gm.fire_due() == [], "nothing could be stored: nothing fired"
    assert await set_aside.of(table.db, game) is None
    await table.db.execute(f"PRAGMA max_page_count = {pages[0] * 100}")
    fired = await table.gm.fire_due()
    assert [r.game_id for r in fired] == [game] and "The deadline passed" in said(fired[0])
