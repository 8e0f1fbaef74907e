"""A table of players around a game master on a real database (a SQLite file, or a PostgreSQL
database: tests/conftest.py), with a clock tests can move.

``await table.ok(gm.build_ship(...))`` checks a command was accepted; ``await table.no(...,
"code")`` that it was refused and changed nothing. Every reply is kept, so a test can read
back everything that was said in public and in private.
"""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

from engine.serial import encode
from engine.warpwar import GameState
from engine.warpwar.events import GameCreated
from engine.warpwar.state import Phase
from gm.announce import Reply, ToBattle, ToChannel, ToPlayer
from gm.clock import ManualClock
from gm.service import Actor, GameMaster
from store import games
from store.db import Database, open_database

GUILD = 1
CHANNEL = 100
ALICE = Actor(11, "alice")
BOB = Actor(12, "bob")
CAROL = Actor(13, "carol")
MANAGER = Actor(99, "mod", manager=True)


def said(reply: Reply) -> str:
    """Everything one reply says, to anyone: its text and every announcement's."""
    return "\n".join([reply.text, *(a.text for a in reply.announcements)])


@dataclass
class Table:
    db: Database
    gm: GameMaster
    clock: ManualClock
    replies: list[Reply] = field(default_factory=list)

    async def ok(self, call: Awaitable[Reply]) -> Reply:
        reply = await call
        assert reply.ok, f"refused: {reply.text}"
        self.replies.append(reply)
        return reply

    async def spend_the_start(self, actor: Actor, star: str, channel: int = CHANNEL) -> None:
        """Three 13 BP Warpships at ``star``: a learning game spends its 40 BP on the first turn
        (R-BUILD-6), so its first build phase ends only then."""
        for _ in range(3):
            await self.ok(self.gm.build_ship(actor, channel, star, "WG=1 PD=5 B=3"))

    async def settle_ends(self, channel: int = CHANNEL) -> Reply:
        """The player moving second chooses their map end (R-SCEN-2) through the game master: the
        end the seed drew for them, so each test's positions are those its seed always gave."""
        row = await games.live_game_in(self.db, channel)
        assert row is not None
        loaded = await self.gm.load(row.id)
        state = loaded.state
        assert isinstance(state, GameState) and state.phase is Phase.SETUP, "no end is being chosen"
        chooser = state.active_player.name
        seat = next(s for s in loaded.seats if s.name == chooser)
        return await self.ok(
            self.gm.choose_end(Actor(seat.user_id, chooser), channel, state.ends_drawn[chooser])
        )

    async def no(self, call: Awaitable[Reply], code: str, *fragments: str) -> Reply:
        """A refusal with ``code`` that leaves the database as it was."""
        before = await self.snapshot()
        reply = await call
        assert not reply.ok, f"accepted: {reply.text}"
        assert reply.code == code, f"{reply.code}: {reply.text}"
        for fragment in fragments:
            assert fragment in reply.text, reply.text
        assert await self.snapshot() == before, "a refused command changed the database"
        return reply

    async def snapshot(self) -> list[tuple[object, ...]]:
        rows: list[tuple[object, ...]] = []
        for table in ("games", "seats", "events", "deadlines", "guild_settings"):
            rows.extend(tuple(r) for r in await self.db.fetch_all(f"SELECT * FROM {table} ORDER BY 1, 2"))
        return rows

    async def pass_time(self, hours: float) -> list[Reply]:
        """Move the clock on and let every deadline that passed fire."""
        self.clock.advance(timedelta(hours=hours))
        fired = await self.gm.fire_due()
        self.replies.extend(fired)
        return fired

    def public(self) -> list[str]:
        """Everything said in the channel: public replies and channel announcements."""
        texts = [r.text for r in self.replies if r.ok and not r.private]
        for reply in self.replies:
            texts.extend(a.text for a in reply.announcements if isinstance(a.to, ToChannel))
        return texts

    def told(self, player: str) -> list[str]:
        """Everything a player was told privately (replies to them are in their own calls)."""
        texts = []
        for reply in self.replies:
            for a in reply.announcements:
                if isinstance(a.to, ToPlayer) and a.to.name == player:
                    texts.append(a.text)
                if isinstance(a.to, ToBattle) and any(p.name == player for p in a.to.players):
                    texts.append(a.text)
        return texts

    async def game_id(self, channel: int = CHANNEL) -> int:
        row = await games.live_game_in(self.db, channel)
        assert row is not None
        return row.id


async def open_table(where: Path | str, seed: int = 7) -> Table:
    """A table on the database ``where`` names: a SQLite file's path, or a PostgreSQL database's
    address (tests/conftest.py's ``database_at``)."""
    db = await open_database(where)
    clock = ManualClock()
    return Table(db, GameMaster(db, clock, seeds=lambda game_id: seed * 1000 + game_id), clock)


async def seat_position(table: Table, state: GameState, channel: int = CHANNEL, **setup: object) -> int:
    """A running game in ``channel`` that starts from ``state`` (set up with the engine's
    casebook helpers), imported the way a manager imports an exported game."""
    actors = {"alice": ALICE, "bob": BOB, "carol": CAROL}
    data = position(state, {p.name: actors[p.name].user_id for p in state.players}, **setup)
    reply = await table.gm.import_game(MANAGER, GUILD, channel, data)
    assert reply.ok and reply.game_id is not None, reply.text
    return reply.game_id


def position(state: GameState, users: dict[str, int], **setup: object) -> dict[str, object]:
    """An exported game that starts from ``state``, its players seated as ``users`` (name → user
    id), alice (the first) its creator."""
    return {
        "format": "warpwar-game",
        "version": 1,
        "title": "Position",
        "kind": "warpwar",
        "status": "running",
        "creator_id": users[state.players[0].name],
        "setup": {
            "ruleset": state.ruleset.value,
            "scenario": state.scenario_key,
            "players": len(state.players),
            "map": "random" if len(state.map.homes) > 2 else "warpwar",
            **setup,
        },
        "seats": [
            {"user_id": users[p.name], "name": p.name, "joined": i + 1, "alliance": p.alliance}
            for i, p in enumerate(state.players)
        ],
        "events": [{"event": encode(GameCreated(state))}],
    }
