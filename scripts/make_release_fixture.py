"""Writes the database of a release, as tests/store/test_release_fixture.py opens it.

``python scripts/make_release_fixture.py`` (from the repository's root) plays a few games through
the real game master (gm.service.GameMaster over store.db.open_database, a ManualClock, fixed
seeds) into a fresh SQLite file, ``tests/fixtures/release-2026-11.sqlite3``: the games a server
running this release holds, each in its own channel of one server:

====  =============================================================================================
201   classic learning, game-turn 2, round 2 of the battle at bob's base: alice's orders are
      sealed, bob's are held awaiting confirmation (they leave his guard out)
202   classic advanced, game-turn 2 just begun (alice's build phase): her W1 has standing orders
      and a damage priority
203   revised advanced, three players on the default map for three (``warpwar-four`` in
      release-2026-11, a generated map since issue 14), alice and carol allied: alice has paid
      for an unfinished Base from her Holds and is in her move phase; carol's Holds carry BP
204   revised basic, over: bob conceded, alice won
205   classic basic, abandoned by its creator
206   classic learning, paused in alice's move phase of game-turn 1
207   revised basic, in the lobby: alice has the first seat
====  =============================================================================================

Besides the games: the server's default settings, requests answered (one whose answer was lost),
the outbox (delivered rows, and each game's last announcements still waiting), and what only the
Discord front end writes, through the store modules as the herald does: each phase's post
(store/phase_posts.py) and the letters of carol, whose direct messages are closed
(store/mailbox.py).

A fixture is written once, by the release it is named after, and committed: when a later release
cannot open or play it, that release has a bug. Run this again only to write a newer release's
fixture beside the old ones (change ``FIXTURE``).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import asyncio
import json
from collections.abc import Awaitable
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta

from engine.serial import encode
from engine.warpwar import GameState
from engine.warpwar.movement import cheapest_path
from engine.warpwar.rulesets import Attr
from engine.warpwar.state import Phase
from gm.announce import Announcement, Reply, ToChannel, ToPlayer
from gm.clock import ManualClock
from gm.core import Actor
from gm.service import GameMaster
from store import games, outbox, phase_posts
from store import mailbox as letters
from store.db import Database, open_database
from store.lock import lock_path
from store.phase_posts import PhasePost

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "fixtures" / "release-2026-11.sqlite3"

GUILD = 1
LEARNING_BATTLE, CLASSIC_ADVANCED, REVISED_THREE, WON, ABANDONED, PAUSED, LOBBY = range(201, 208)
ALICE = Actor(11, "alice")
BOB = Actor(12, "bob")
CAROL = Actor(13, "carol")
MANAGER = Actor(99, "mod", manager=True)
CLOSED_DMS = {CAROL.user_id}
"""Members whose direct messages are closed: the herald keeps their letters in the mailbox."""

START = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
END = datetime(2026, 11, 2, 18, 0, tzinfo=UTC)
"""The clock when the file is closed: the test opens it at this moment (no deadline is due yet)."""
SEED = 2026_11


@dataclass
class Scribe:
    """The game master over the new file, with a clock that moves a minute for every request."""

    db: Database
    gm: GameMaster
    clock: ManualClock
    requests: int = 0
    message_ids: int = 900_000

    def by(self, actor: Actor) -> Actor:
        """``actor`` making a new request (an interaction id, as Discord gives one), a minute on."""
        self.clock.advance(timedelta(minutes=1))
        self.requests += 1
        return replace(actor, request_id=f"release-2026-11:{self.requests}")

    async def ok(self, call: Awaitable[Reply]) -> Reply:
        reply = await call
        assert reply.ok, f"refused: {reply.text}"
        return reply

    async def start(self, channel: int) -> None:
        """alice starts the game; the player moving second then chooses the end drawn for them
        (R-SCEN-2, since issue 14), so each game's positions are those the seeds always gave."""
        await self.ok(self.gm.start(self.by(ALICE), channel))
        state = await self.state(await self.game(channel))
        chooser = state.active_player.name
        actor = next(a for a in (ALICE, BOB, CAROL) if a.name == chooser)
        await self.ok(self.gm.choose_end(self.by(actor), channel, state.ends_drawn[chooser]))

    async def game(self, channel: int) -> int:
        row = await games.live_game_in(self.db, channel)
        assert row is not None
        return row.id

    async def state(self, game: int) -> GameState:
        state = await self.gm.replay(game)
        assert isinstance(state, GameState)
        return state

    async def deliver(self, game: int, leave: Reply | None = None) -> None:
        """Deliver the game's waiting announcements as the herald does, but those of ``leave``
        (the game's last reply), which stay in the outbox as a crash would leave them."""
        waiting = await self.gm.undelivered(game)
        kept = len(leave.announcements) if leave is not None and leave.queued else 0
        for entry in waiting[: len(waiting) - kept]:
            announcement, to = entry.announcement, entry.announcement.to
            if isinstance(to, ToPlayer) and to.user_id in CLOSED_DMS:
                picture = json.dumps(encode(announcement.picture)) if announcement.picture else None
                await letters.keep(self.db, game, to.user_id, announcement.text, picture, self.clock.now())
            if isinstance(to, ToChannel) and entry.channel_id is not None:
                await self._post(game, entry.channel_id, entry.id, announcement)
            else:
                await self.gm.delivered(entry.id)

    async def _post(self, game: int, channel: int, entry: int, announcement: Announcement) -> None:
        """A channel's news: a phase's lines go to that phase's post (cogs/shared/phase_post.py), which
        is kept with the outbox's mark in one transaction; any other post closes it."""
        key = announcement.phase
        async with self.db.transaction():
            if key is None:
                await phase_posts.close(self.db, game)
            elif not announcement.retitle:
                found = await phase_posts.find(self.db, game, key.turn, key.phase)
                shown = json.dumps(encode(announcement.picture)) if announcement.picture else None
                if found is not None and found.open:
                    text = "\n".join(t for t in (found.text, announcement.text) if t)
                    post = replace(found, text=text, picture=shown or found.picture)
                else:
                    self.message_ids += 1
                    post = PhasePost(
                        game, key.turn, key.phase, channel, self.message_ids, announcement.text, shown
                    )
                await phase_posts.keep(self.db, post)
            await outbox.mark(self.db, entry, self.clock.now())


def route_between(state: GameState, player: str, start: str, goal: str) -> list[str]:
    """The cheapest route (as hexes), as in game-turn 2 (no limit on enemy base stars)."""
    route = cheapest_path(
        replace(state, game_turn=2), player, state.map.star(start).hex, state.map.star(goal).hex
    )
    assert route is not None
    return route


async def server_defaults(s: Scribe) -> None:
    """A manager's defaults for new games in the server (guild_settings): every game takes them."""
    await s.ok(s.gm.server_defaults(s.by(MANAGER), GUILD, phase_hours=72, remind_hours=4))


async def learning_battle(s: Scribe) -> None:
    """Channel 201: alice's cruiser attacks bob's base, where his guard and his scout wait."""
    gm, ch = s.gm, LEARNING_BATTLE
    await s.ok(gm.create(s.by(ALICE), GUILD, ch, "Learning battle", ruleset="classic", fixed_order=True))
    await s.ok(gm.join(s.by(BOB), ch))
    await s.start(ch)
    game = await s.game(ch)
    state = await s.state(game)
    home, target = state.bases_of("alice")[0].star, state.bases_of("bob")[0].star
    route = route_between(state, "alice", home, target)
    await s.ok(gm.build_ship(s.by(ALICE), ch, home, "WG=1 PD=22 B=13", name="Reliant"))
    await s.ok(gm.done(s.by(ALICE), ch))
    await s.ok(gm.move(s.by(ALICE), ch, "W1", path=" ".join(route[:-1])))
    await s.ok(gm.done(s.by(ALICE), ch))
    await s.ok(gm.build_ship(s.by(BOB), ch, target, "WG=1 PD=10 B=5 S=5", name="Guard"))
    await s.ok(gm.build_ship(s.by(BOB), ch, target, "WG=1 PD=10"))
    await s.ok(gm.done(s.by(BOB), ch))
    await s.ok(gm.done(s.by(BOB), ch))
    await s.ok(gm.done(s.by(ALICE), ch))
    await s.ok(gm.move(s.by(ALICE), ch, "W1", to=target))
    await s.ok(gm.done(s.by(ALICE), ch))
    # Round 1: bob's orders leave his scout out, so they are held until he confirms them.
    await s.ok(gm.submit_orders(s.by(BOB), game, target, "W1 DODGE: D=5 S=5"))
    await s.ok(gm.submit_orders(s.by(BOB), game, target, confirm=True))
    await s.ok(gm.submit_orders(s.by(ALICE), game, target, "W1 DODGES, FIRING AT W1: D=5 B=13"))
    # Round 2: alice's orders are sealed; bob's, for his scout only, are held.
    await s.ok(gm.submit_orders(s.by(ALICE), game, target, "W1 DODGES, FIRING AT W1: D=10 B=12"))
    last = await s.ok(gm.submit_orders(s.by(BOB), game, target, "W2 DODGE: D=10"))
    state = await s.state(game)
    (battle,) = state.turn.battles
    assert battle.round == 2 and battle.sealed_by == ("alice",) and battle.pending == ("bob",), battle
    assert state.ship("bob", "W1") is not None, "bob's guard should still fight"
    await s.deliver(game, leave=last)


async def classic_advanced(s: Scribe) -> None:
    """Channel 202: a game-turn of building and moving each, then alice's standing orders."""
    gm, ch = s.gm, CLASSIC_ADVANCED
    await s.ok(gm.create(s.by(ALICE), GUILD, ch, ruleset="classic", scenario="advanced", fixed_order=True))
    await s.ok(gm.join(s.by(BOB), ch))
    await s.start(ch)
    game = await s.game(ch)
    state = await s.state(game)
    home, target = state.bases_of("alice")[0].star, state.bases_of("bob")[0].star
    await s.ok(gm.build_ship(s.by(ALICE), ch, home, "WG=1 PD=6 B=4 S=2", name="Dauntless"))
    await s.ok(gm.done(s.by(ALICE), ch))
    route = route_between(await s.state(game), "alice", home, target)
    await s.ok(gm.move(s.by(ALICE), ch, "W1", path=" ".join(route[:2])))
    await s.ok(gm.done(s.by(ALICE), ch))
    await s.ok(gm.build_ship(s.by(BOB), ch, target, "WG=1 PD=5 B=3"))
    await s.ok(gm.done(s.by(BOB), ch))
    await s.ok(gm.done(s.by(BOB), ch))
    await s.ok(gm.standing_orders(s.by(ALICE), game, "Dauntless", "W1 DODGE: D=4 S=2"))
    last = await s.ok(gm.damage_priority(s.by(ALICE), game, "W1", "B, S"))
    state = await s.state(game)
    assert (state.game_turn, state.active_player.name, state.phase) == (2, "alice", Phase.BUILD)
    assert state.standing and state.priorities
    await s.deliver(game, leave=last)
    answered = f"release-2026-11:{s.requests}"
    await s.gm.answer_lost(answered)  # the front end could not deliver the last reply


async def revised_three(s: Scribe) -> None:
    """Channel 203: three players on the default map for three, alice and carol allied (red)."""
    gm, ch = s.gm, REVISED_THREE
    await s.ok(
        gm.create(
            s.by(ALICE),
            GUILD,
            ch,
            "Three ends",
            alliance="red",
            ruleset="revised",
            scenario="advanced",
            players=3,
            fixed_order=True,
        )
    )
    await s.ok(gm.join(s.by(BOB), ch))
    await s.ok(gm.join(s.by(CAROL), ch, alliance="red"))
    await s.start(ch)
    game = await s.game(ch)
    state = await s.state(game)
    assert len(state.map.homes) == 3
    actors = {"alice": ALICE, "bob": BOB, "carol": CAROL}
    for player in [p.name for p in state.players]:
        actor = actors[player]
        bases = [b.star for b in (await s.state(game)).bases_of(player)]
        split = " ".join(f"{b}={n}" for b, n in zip(bases, (20, 0, 0), strict=True))
        await s.ok(gm.split_bp(s.by(actor), ch, split))
        if player == "bob":
            await s.ok(gm.build_ship(s.by(actor), ch, bases[0], "WG=1 PD=6 B=4"))
        else:
            await s.ok(gm.build_ship(s.by(actor), ch, bases[0], "WG=1 PD=8 H=1", name="Trader"))
            await s.ok(gm.load_hold(s.by(actor), ch, "W1", 6 if player == "alice" else 4))
        await s.ok(gm.done(s.by(actor), ch))
        if player == "alice":
            where = free_star_in_reach(await s.state(game), "alice:W1")
            await s.ok(gm.move(s.by(actor), ch, "W1", to=where))
        await s.ok(gm.done(s.by(actor), ch))
    state = await s.state(game)
    ship = state.ships["alice:W1"]
    star = state.map.star_at(state.position(ship))
    assert star is not None
    await s.ok(gm.build_base(s.by(ALICE), ch, star.name, 5))
    last = await s.ok(gm.done(s.by(ALICE), ch))
    state = await s.state(game)
    assert (state.game_turn, state.active_player.name, state.phase) == (2, "alice", Phase.MOVE)
    base = state.bases[star.name]
    assert base.owner == "alice" and not base.finished and base.progress == 5
    assert state.ships["alice:W1"].cargo > 0 and state.ships["carol:W1"].cargo == 4
    await s.deliver(game, leave=last)


def free_star_in_reach(state: GameState, key: str) -> str:
    """The nearest star without a Base that the ship reaches this turn (as a hex)."""
    ship = state.ships[key]
    start = state.position(ship)
    reach = state.scenario.ruleset.movement_points(ship.now(Attr.PD))
    routes = [
        (len(route), star.hex)
        for star in state.map.stars
        if star.name not in state.bases
        and (route := cheapest_path(state, ship.owner, start, star.hex)) is not None
        and 0 < len(route) <= reach
    ]
    assert routes, "no free star in reach"
    return min(routes)[1]


async def won(s: Scribe) -> None:
    """Channel 204: alice builds, bob concedes: alice wins (R-WIN-4)."""
    gm, ch = s.gm, WON
    await s.ok(gm.create(s.by(ALICE), GUILD, ch, "Short game", ruleset="revised", scenario="basic"))
    await s.ok(gm.join(s.by(BOB), ch))
    await s.start(ch)
    game = await s.game(ch)
    state = await s.state(game)
    first = state.active_player.name
    actor = ALICE if first == "alice" else BOB
    await s.ok(gm.build_ship(s.by(actor), ch, state.bases_of(first)[0].star, "WG=1 PD=8 B=4 S=2"))
    await s.ok(gm.done(s.by(actor), ch))
    await s.ok(gm.concede(s.by(BOB), ch))
    row = await games.game_by_id(s.db, game)
    assert row is not None and row.status == "over"
    state = await s.state(game)
    assert state.result is not None and state.result.winners == ("alice",)
    await s.deliver(game)


async def abandoned(s: Scribe) -> None:
    """Channel 205: a game its creator abandoned after the first build."""
    gm, ch = s.gm, ABANDONED
    await s.ok(
        gm.create(s.by(ALICE), GUILD, ch, "Given up", ruleset="classic", scenario="basic", fixed_order=True)
    )
    await s.ok(gm.join(s.by(BOB), ch))
    await s.start(ch)
    game = await s.game(ch)
    home = (await s.state(game)).bases_of("alice")[0].star
    await s.ok(gm.build_ship(s.by(ALICE), ch, home, "WG=1 PD=30 B=15"))
    await s.ok(gm.abandon(s.by(ALICE), ch))
    row = await games.game_by_id(s.db, game)
    assert row is not None and row.status == "abandoned"
    await s.deliver(game)


async def paused(s: Scribe) -> None:
    """Channel 206: alice spends her start, then pauses the game in her move phase."""
    gm, ch = s.gm, PAUSED
    await s.ok(gm.create(s.by(ALICE), GUILD, ch, "Paused game", fixed_order=True))
    await s.ok(gm.join(s.by(BOB), ch))
    await s.start(ch)
    game = await s.game(ch)
    home = (await s.state(game)).bases_of("alice")[0].star
    for _ in range(3):
        await s.ok(gm.build_ship(s.by(ALICE), ch, home, "WG=1 PD=5 B=3"))
    await s.ok(gm.done(s.by(ALICE), ch))
    last = await s.ok(gm.pause(s.by(ALICE), ch))
    row = await games.game_by_id(s.db, game)
    assert row is not None and row.paused_at is not None
    assert (await s.state(game)).phase is Phase.MOVE
    await s.deliver(game, leave=last)


async def lobby(s: Scribe) -> None:
    """Channel 207: a revised basic game waiting for its second player."""
    await s.ok(s.gm.create(s.by(ALICE), GUILD, LOBBY, "Open seat", ruleset="revised", scenario="basic"))


async def write(path: Path) -> None:
    for stale in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(lock_path(str(path)))):
        stale.unlink(missing_ok=True)
    db = await open_database(path)
    clock = ManualClock(START)
    scribe = Scribe(db, GameMaster(db, clock, seeds=lambda game_id: SEED * 1000 + game_id), clock)
    try:
        for part in (
            server_defaults,
            learning_battle,
            classic_advanced,
            revised_three,
            won,
            abandoned,
            paused,
            lobby,
        ):
            await part(scribe)
        assert clock.now() <= END
        clock.advance(END - clock.now())
        due = await games.next_due(db)
        assert due is None or due > END, f"a deadline is due at {due}, before the fixture's moment"
        assert await scribe.gm.check_games() == []
        await db.execute("VACUUM")
        await db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        await db.close()
        Path(lock_path(str(path))).unlink(missing_ok=True)
    for left in (Path(f"{path}-wal"), Path(f"{path}-shm")):
        assert not left.exists() or left.stat().st_size == 0, f"{left} was left behind"
        left.unlink(missing_ok=True)


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else FIXTURE
    asyncio.run(write(path))
    print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
