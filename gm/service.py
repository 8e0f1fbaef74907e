"""The game master: every player action, checked, applied under the game's lock, stored, told.

Front ends (Discord cogs, the local console) call these async methods with who is acting and
where; each returns a :class:`~gm.announce.Reply` — a refusal is a value with a message, never
an exception. One command's writes go to SQLite in one transaction, committed before the reply
exists, so whatever a player was told has happened and survives a restart.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Callable, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from engine.serial import decode, encode
from engine.warpwar import Accepted, Event, GameSetup, GameState, PlayerSetup, Rejected, apply, fold, new_game
from engine.warpwar import commands as cmd
from engine.warpwar.events import GameCreated, RoundFought
from engine.warpwar.ships import record
from engine.warpwar.state import GameOptions
from engine.warpwar.writeup import write_up
from gm.announce import Announcement, Reply, ToChannel, ToPlayer, refused
from gm.clock import Clock
from gm.warpwar import deadlines as plan
from gm.warpwar import inputs, views
from gm.warpwar.settings import Settings, changed, check, settings_from, to_data
from gm.warpwar.story import tell
from store import games
from store.db import Database
from store.games import Deadline, GameRow, Seat
from store.maps import load_map

LATE = timedelta(minutes=1)
"""A deadline fired later than this after it was due is announced as late (the bot was away)."""
NAME_LIMIT = 20
LOG_PAGE = 25


@dataclass(frozen=True)
class Actor:
    """Who is acting: a member of the server (or of the console)."""

    user_id: int
    name: str
    """Their display name; a seat's name is made from it."""
    manager: bool = False
    """May manage the server's games (change settings, abandon) though not their creator."""


@dataclass(frozen=True)
class Loaded:
    """A game as read from the database for one command."""

    row: GameRow
    seats: tuple[Seat, ...]
    settings: Settings
    state: GameState | None

    def seat_of(self, user_id: int) -> Seat | None:
        return next((s for s in self.seats if s.user_id == user_id), None)

    @property
    def names(self) -> dict[str, int]:
        return {s.name: s.user_id for s in self.seats}


Make = Callable[[GameState, str], cmd.Command]
"""Builds the engine command from the state and the acting player's name (may raise InputError)."""


class GameMaster:
    def __init__(self, db: Database, clock: Clock, seeds: random.Random | None = None) -> None:
        self.db = db
        self.clock = clock
        self._seeds = seeds or random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        self.deadlines_changed = asyncio.Event()
        """Set whenever a game's deadlines change, so the deadline runner wakes and looks again."""

    # --- loading and saving ------------------------------------------------------------

    @asynccontextmanager
    async def _locked(self, game_id: int) -> Any:
        lock = self._locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            yield

    async def _load(self, game_id: int) -> Loaded:
        row = await games.game_by_id(self.db, game_id)
        assert row is not None
        seats = tuple(await games.seats(self.db, game_id))
        state = decode(GameState, json.loads(row.state)) if row.state else None
        return Loaded(row, seats, settings_from(row.setup), state)

    async def _game_in(self, channel_id: int) -> GameRow | None:
        return await games.live_game_in(self.db, channel_id)

    async def _planned(self, loaded: Loaded, state: GameState, now: datetime) -> list[Deadline]:
        """The deadlines ``state`` wants, keeping the time of those already set (deadlines.py)."""
        existing = {d.key: d for d in await games.deadlines_of(self.db, loaded.row.id)}
        planned = []
        for w in plan.wanted(state, loaded.settings):
            old = existing.get(w.key)
            due = old.due_at if old else now + w.after
            planned.append(Deadline(loaded.row.id, w.key, w.kind, due, w.payload))
        return planned

    async def _commit(
        self,
        loaded: Loaded,
        result: Accepted,
        actor: int | None,
        *,
        note: str = "",
        acting: str | None = None,
    ) -> Reply:
        """Store the events and the new state in one transaction, then say what happened."""
        now = self.clock.now()
        state = result.state
        status = "over" if state.result is not None else "running"
        deadlines = await self._planned(loaded, state, now) if status == "running" else []
        bodies = [(type(e).__name__, json.dumps(encode(e))) for e in result.events]
        async with self.db.transaction():
            await games.append_events(self.db, loaded.row.id, loaded.row.version + 1, bodies, actor, now)
            await games.update_game(
                self.db,
                loaded.row.id,
                now,
                status=status,
                state=json.dumps(encode(state)),
                version=loaded.row.version + len(bodies),
            )
            await games.replace_deadlines(self.db, loaded.row.id, deadlines)
        self.deadlines_changed.set()
        assert loaded.state is not None
        told = tell(result.events, loaded.state, loaded.names)
        if note:
            told = [Announcement(ToChannel(), note), *told]
        return self._reply(loaded, told, acting)

    def _reply(self, loaded: Loaded, told: list[Announcement], acting: str | None) -> Reply:
        """The acting player's own private lines become the reply; the rest are announcements."""
        mine = [a for a in told if isinstance(a.to, ToPlayer) and a.to.name == acting]
        public = [a.text for a in told if isinstance(a.to, ToChannel)]
        text = "\n".join(a.text for a in mine) or "\n".join(public) or "Done."
        rest = tuple(a for a in told if a not in mine)
        return Reply(True, text, announcements=rest, game_id=loaded.row.id, channel_id=loaded.row.channel_id)

    # --- lobby -------------------------------------------------------------------------

    async def create(
        self, actor: Actor, guild_id: int, channel_id: int, title: str | None = None, **choices: Any
    ) -> Reply:
        """A new game in this channel, its creator seated; others join until the seats are full."""
        if await self._game_in(channel_id) is not None:
            return refused("This channel already has a game; finish or abandon it first.", "channel-busy")
        defaults = await games.guild_settings(self.db, guild_id)
        built = changed(settings_from(defaults), choices, running=False)
        if isinstance(built, str):
            return refused(built, "bad-settings")
        name = (title or f"WarpWar ({built.title})").strip()[:80]
        now = self.clock.now()
        async with self.db.transaction():
            game_id = await games.create_game(
                self.db,
                guild_id=guild_id,
                channel_id=channel_id,
                kind="warpwar",
                title=name,
                creator_id=actor.user_id,
                setup=to_data(built),
                now=now,
            )
            await games.add_seat(self.db, game_id, Seat(actor.user_id, seat_name(actor.name, ()), 1))
        text = (
            f"**{name}** is open: {built.title}, {built.players} players. "
            f"{actor.name} has the first seat; others /warpwar join, then the creator starts it."
        )
        return Reply(True, text, private=False, game_id=game_id, channel_id=channel_id)

    async def join(self, actor: Actor, channel_id: int, alliance: str | None = None) -> Reply:
        row = await self._game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel; /warpwar new starts one.", "no-game")
        async with self._locked(row.id):
            loaded = await self._load(row.id)
            if loaded.row.status != "lobby":
                return refused("The game has already begun.", "started")
            if loaded.seat_of(actor.user_id) is not None:
                return refused("You already have a seat in this game.", "seated")
            if len(loaded.seats) >= loaded.settings.players:
                return refused("Every seat is taken.", "full")
            if alliance and loaded.settings.ruleset != "revised":
                return refused("Alliances are part of the revised rules only.", "no-alliances")
            seat = Seat(
                actor.user_id,
                seat_name(actor.name, [s.name for s in loaded.seats]),
                max(s.joined for s in loaded.seats) + 1,
                (alliance or "").strip()[:30] or None,
            )
            async with self.db.transaction():
                await games.add_seat(self.db, row.id, seat)
        left = loaded.settings.players - len(loaded.seats) - 1
        more = f" {left} seat(s) left." if left else " Every seat is taken: the creator may start."
        return Reply(
            True,
            f"{seat.name} joins **{row.title}**.{more}",
            private=False,
            game_id=row.id,
            channel_id=channel_id,
        )

    async def leave(self, actor: Actor, channel_id: int) -> Reply:
        row = await self._game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel.", "no-game")
        async with self._locked(row.id):
            loaded = await self._load(row.id)
            seat = loaded.seat_of(actor.user_id)
            if seat is None:
                return refused("You have no seat in this game.", "not-seated")
            if loaded.row.status != "lobby":
                return refused("The game has begun: /warpwar concede gives it up.", "started")
            if actor.user_id == loaded.row.creator_id:
                return refused("The creator cannot leave; /warpwar abandon closes the game.", "creator")
            async with self.db.transaction():
                await games.remove_seat(self.db, row.id, actor.user_id)
        return Reply(
            True, f"{seat.name} left **{row.title}**.", private=False, game_id=row.id, channel_id=channel_id
        )

    def _may_manage(self, loaded: Loaded, actor: Actor) -> bool:
        return actor.manager or actor.user_id == loaded.row.creator_id

    async def start(self, actor: Actor, channel_id: int) -> Reply:
        """Seat the players in the engine: turn order and map ends drawn from a stored seed."""
        row = await self._game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel.", "no-game")
        async with self._locked(row.id):
            loaded = await self._load(row.id)
            if not self._may_manage(loaded, actor):
                return refused("Only the game's creator (or a server manager) can start it.", "not-creator")
            if loaded.row.status != "lobby":
                return refused("The game has already begun.", "started")
            missing = loaded.settings.players - len(loaded.seats)
            if missing > 0:
                return refused(f"Waiting for {missing} more player(s) to join.", "seats-empty")
            seed = self._seeds.randrange(2**32)
            result = begin(loaded.settings, loaded.seats, seed)
            if isinstance(result, Rejected):
                return refused(result.message, result.code)
            setup = {**loaded.row.setup, "seed": seed}
            started = replace(loaded, row=replace(loaded.row, setup=setup))
            now = self.clock.now()
            async with self.db.transaction():
                await games.update_game(self.db, row.id, now, setup=setup)
            first = result.events[0]
            assert isinstance(first, GameCreated)
            started = replace(started, state=first.state)
            order = ", ".join(p.name for p in result.state.players)
            reply = await self._commit(
                started, Accepted(result.state, result.events), actor.user_id, acting=None
            )
            head = Announcement(ToChannel(), f"**{row.title}** begins. Turn order: {order}.")
            return replace(
                reply,
                text=f"The game has begun. Turn order: {order}.",
                private=False,
                announcements=(head, *reply.announcements),
            )

    # --- playing -----------------------------------------------------------------------

    async def _play(self, actor: Actor, row: GameRow | None, make: Make) -> Reply:
        if row is None:
            return refused("There is no game here.", "no-game")
        async with self._locked(row.id):
            loaded = await self._load(row.id)
            if loaded.row.status != "running" or loaded.state is None:
                return refused("The game is not running.", "not-running")
            seat = loaded.seat_of(actor.user_id)
            if seat is None:
                return refused("You are not playing in this game.", "not-seated")
            try:
                command = make(loaded.state, seat.name)
            except inputs.InputError as error:
                return refused(str(error), "bad-input")
            result = apply(loaded.state, command)
            if isinstance(result, Rejected):
                return refused(result.message, result.code)
            return await self._commit(loaded, result, actor.user_id, acting=seat.name)

    async def _here(self, channel_id: int) -> GameRow | None:
        return await self._game_in(channel_id)

    async def build_ship(
        self, actor: Actor, channel_id: int, star: str, design: str, name: str | None = None
    ) -> Reply:
        return await self._play(
            actor,
            await self._here(channel_id),
            lambda s, p: cmd.BuildShip(p, star, inputs.design(design), _name(name)),
        )

    async def repair(self, actor: Actor, channel_id: int, ship: str, amounts: str) -> Reply:
        return await self._play(
            actor, await self._here(channel_id), lambda s, p: cmd.Repair(p, ship, inputs.design(amounts))
        )

    async def resupply(
        self, actor: Actor, channel_id: int, ship: str, missiles: int = 0, shells: int = 0
    ) -> Reply:
        return await self._play(
            actor, await self._here(channel_id), lambda s, p: cmd.Resupply(p, ship, missiles, shells)
        )

    async def scrap(self, actor: Actor, channel_id: int, ship: str) -> Reply:
        return await self._play(actor, await self._here(channel_id), lambda s, p: cmd.Scrap(p, ship))

    async def build_base(self, actor: Actor, channel_id: int, star: str, amount: int) -> Reply:
        return await self._play(
            actor, await self._here(channel_id), lambda s, p: cmd.PayForBase(p, star, amount)
        )

    async def load(self, actor: Actor, channel_id: int, ship: str, amount: int) -> Reply:
        return await self._play(
            actor, await self._here(channel_id), lambda s, p: cmd.LoadHold(p, ship, amount)
        )

    async def unload(self, actor: Actor, channel_id: int, ship: str, amount: int) -> Reply:
        return await self._play(
            actor, await self._here(channel_id), lambda s, p: cmd.UnloadHold(p, ship, amount)
        )

    async def split_bp(self, actor: Actor, channel_id: int, allocation: str) -> Reply:
        return await self._play(
            actor,
            await self._here(channel_id),
            lambda s, p: cmd.SplitStartingBP(p, inputs.allocation(allocation)),
        )

    async def move(
        self, actor: Actor, channel_id: int, ship: str, path: str | None = None, to: str | None = None
    ) -> Reply:
        return await self._play(
            actor, await self._here(channel_id), lambda s, p: inputs.path_steps(s, p, ship, path, to)
        )

    async def transfer(
        self, actor: Actor, channel_id: int, carrier: str, systemship: str, drop: bool
    ) -> Reply:
        """Pick up or drop a Systemship: a move step in the move phase, free after combat."""

        def make(state: GameState, player: str) -> cmd.Command:
            if state.phase.value == "rearrange":
                return cmd.Rearrange(player, carrier, systemship, drop)
            step: cmd.Step = cmd.Drop(systemship) if drop else cmd.PickUp(systemship)
            return cmd.Move(player, carrier, (step,))

        return await self._play(actor, await self._here(channel_id), make)

    async def done(self, actor: Actor, channel_id: int) -> Reply:
        """The active player has finished the current phase."""
        return await self._play(actor, await self._here(channel_id), lambda s, p: cmd.EndPhase(p))

    async def order_battles(self, actor: Actor, channel_id: int, stars: str) -> Reply:
        names = tuple(x for x in re.split(r"[\s,]+", stars) if x)
        return await self._play(actor, await self._here(channel_id), lambda s, p: cmd.OrderBattles(p, names))

    async def concede(self, actor: Actor, channel_id: int) -> Reply:
        return await self._play(actor, await self._here(channel_id), lambda s, p: cmd.Concede(p))

    # --- combat orders (by direct message: the game is named by id) ---------------------

    async def submit_orders(self, actor: Actor, game_id: int, star: str, text: str) -> Reply:
        """Sealed orders for this round at ``star``; sending again amends them until the reveal."""
        return await self._play(
            actor,
            await games.game_by_id(self.db, game_id),
            lambda s, p: cmd.SubmitOrders(p, star, inputs.orders(text)),
        )

    async def standing_orders(self, actor: Actor, game_id: int, ship: str, text: str | None) -> Reply:
        def make(state: GameState, player: str) -> cmd.Command:
            found = inputs.orders(text) if text else ()
            if len(found) > 1:
                raise inputs.InputError("Give standing orders for one ship at a time.")
            return cmd.SetStandingOrders(player, ship, found[0] if found else None)

        return await self._play(actor, await games.game_by_id(self.db, game_id), make)

    async def damage_priority(self, actor: Actor, game_id: int, ship: str, text: str) -> Reply:
        return await self._play(
            actor,
            await games.game_by_id(self.db, game_id),
            lambda s, p: cmd.SetDamagePriority(p, ship, inputs.damage(text)),
        )

    # --- the creator's tools ------------------------------------------------------------

    async def _manage(self, actor: Actor, channel_id: int, what: str) -> Loaded | Reply:
        row = await self._game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel.", "no-game")
        loaded = await self._load(row.id)
        if not self._may_manage(loaded, actor):
            return refused(f"Only the game's creator (or a server manager) can {what}.", "not-creator")
        return loaded

    async def change_settings(self, actor: Actor, channel_id: int, **changes: Any) -> Reply:
        found = await self._manage(actor, channel_id, "change its settings")
        if isinstance(found, Reply):
            return found
        async with self._locked(found.row.id):
            loaded = await self._load(found.row.id)
            new = changed(loaded.settings, changes, running=loaded.row.status == "running")
            if isinstance(new, str):
                return refused(new, "bad-settings")
            setup = {**loaded.row.setup, **to_data(new)}
            async with self.db.transaction():
                await games.update_game(self.db, loaded.row.id, self.clock.now(), setup=setup)
        shown = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in changes.items())
        return Reply(
            True, f"Settings changed: {shown}.", private=False, game_id=loaded.row.id, channel_id=channel_id
        )

    async def abandon(self, actor: Actor, channel_id: int) -> Reply:
        """R-WIN-4: the creator or a server manager ends a game as abandoned; records are revealed."""
        found = await self._manage(actor, channel_id, "abandon it")
        if isinstance(found, Reply):
            return found
        async with self._locked(found.row.id):
            loaded = await self._load(found.row.id)
            now = self.clock.now()
            async with self.db.transaction():
                await games.update_game(self.db, loaded.row.id, now, status="abandoned")
                await games.replace_deadlines(self.db, loaded.row.id, [])
        self.deadlines_changed.set()
        records = ""
        if loaded.state is not None:
            records = "\n" + "\n".join(f"{record(s)} ({s.owner})" for s in loaded.state.ships.values())
        text = f"**{loaded.row.title}** was abandoned by {actor.name}.{records}"
        return Reply(True, text, private=False, game_id=loaded.row.id, channel_id=channel_id)

    async def pause(self, actor: Actor, channel_id: int) -> Reply:
        found = await self._manage(actor, channel_id, "pause it")
        if isinstance(found, Reply):
            return found
        if found.row.paused_at is not None:
            return refused("The game is already paused.", "paused")
        async with self._locked(found.row.id), self.db.transaction():
            await games.set_paused(self.db, found.row.id, self.clock.now())
        return Reply(
            True,
            "The game is paused: no deadline passes until it resumes.",
            private=False,
            game_id=found.row.id,
            channel_id=channel_id,
        )

    async def resume(self, actor: Actor, channel_id: int) -> Reply:
        found = await self._manage(actor, channel_id, "resume it")
        if isinstance(found, Reply):
            return found
        if found.row.paused_at is None:
            return refused("The game is not paused.", "not-paused")
        pause = self.clock.now() - found.row.paused_at
        await self._shift(found, pause, unpause=True)
        return Reply(
            True,
            "The game resumes; every deadline moved on by the time it was paused.",
            private=False,
            game_id=found.row.id,
            channel_id=channel_id,
        )

    async def extend(self, actor: Actor, channel_id: int, hours: float) -> Reply:
        found = await self._manage(actor, channel_id, "extend its deadlines")
        if isinstance(found, Reply):
            return found
        if not 0 < hours <= 24 * 14:
            return refused("Extend by more than 0 and at most 336 hours.", "bad-number")
        await self._shift(found, timedelta(hours=hours))
        return Reply(
            True,
            f"Every deadline of this game moves on by {hours:g} hours.",
            private=False,
            game_id=found.row.id,
            channel_id=channel_id,
        )

    async def _shift(self, loaded: Loaded, by: timedelta, unpause: bool = False) -> None:
        async with self._locked(loaded.row.id):
            current = await games.deadlines_of(self.db, loaded.row.id)
            async with self.db.transaction():
                await games.replace_deadlines(
                    self.db, loaded.row.id, [replace(d, due_at=d.due_at + by) for d in current]
                )
                if unpause:
                    await games.set_paused(self.db, loaded.row.id, None)
        self.deadlines_changed.set()

    async def server_defaults(self, actor: Actor, guild_id: int, **values: Any) -> Reply:
        """Default settings for new games in a server (managers only)."""
        if not actor.manager:
            return refused("Only a server manager can change the server's defaults.", "not-manager")
        new = changed(Settings(), values, running=False)
        if isinstance(new, str):
            return refused(new, "bad-settings")
        async with self.db.transaction():
            for key, value in values.items():
                await games.set_guild_setting(self.db, guild_id, key, value)
        return Reply(
            True, "New games in this server will use: " + ", ".join(f"{k} {v}" for k, v in values.items())
        )

    # --- deadlines -----------------------------------------------------------------------

    async def next_due(self) -> datetime | None:
        return await games.next_due(self.db)

    async def fire_due(self) -> list[Reply]:
        """Carry out every deadline that has passed; each gives a reply to announce."""
        now = self.clock.now()
        replies = []
        for deadline in await games.due_deadlines(self.db, now):
            reply = await self._fire(deadline, now)
            if reply is not None:
                replies.append(reply)
        return replies

    async def _fire(self, deadline: Deadline, now: datetime) -> Reply | None:
        async with self._locked(deadline.game_id):
            loaded = await self._load(deadline.game_id)
            state = loaded.state
            current = {d.key: d for d in await games.deadlines_of(self.db, deadline.game_id)}
            if state is None or current.get(deadline.key) != deadline:
                return None  # already handled, or the game moved on
            async with self.db.transaction():
                await games.delete_deadline(self.db, deadline.game_id, deadline.key)
            late = now - deadline.due_at > LATE
            note = " (late: the bot was away when it passed)" if late else ""
            if deadline.kind == "remind":
                main = current.get(deadline.payload.get("for", ""))
                if main is not None and main.due_at <= now:
                    return None  # the deadline itself passes now: no use reminding
                return self._remind(loaded, state, deadline, note)
            result = plan.on_deadline(state, deadline.kind, deadline.payload)
            if result is None:
                return None
            what = "The orders deadline passed" if deadline.kind == "round" else "The deadline passed"
            return await self._commit(loaded, result, None, note=f"{what}{note}.")

    def _remind(self, loaded: Loaded, state: GameState, deadline: Deadline, note: str) -> Reply:
        players = plan.still_to_act(state, deadline.payload)
        text = f"Reminder{note}: **{loaded.row.title}** is waiting for you" + (
            f" (orders at {state.map.label(deadline.payload['star'])})."
            if "star" in deadline.payload
            else "."
        )
        told = tuple(Announcement(ToPlayer(p, loaded.names.get(p, 0)), text) for p in players)
        return Reply(True, "", announcements=told, game_id=loaded.row.id, channel_id=loaded.row.channel_id)

    # --- views ---------------------------------------------------------------------------

    async def _view(self, channel_id: int | None = None, game_id: int | None = None) -> Loaded | Reply:
        row = await (
            games.game_by_id(self.db, game_id) if game_id is not None else self._game_in(channel_id or 0)
        )
        if row is None:
            return refused("There is no game here.", "no-game")
        return await self._load(row.id)

    async def _deadline_of(self, loaded: Loaded, star: str | None = None) -> datetime | None:
        for d in await games.deadlines_of(self.db, loaded.row.id):
            if d.kind in ("phase", "round") and (star is None or d.payload.get("star") == star):
                return d.due_at
        return None

    async def status(self, channel_id: int) -> Reply:
        found = await self._view(channel_id)
        if isinstance(found, Reply):
            return found
        if found.state is None:
            seated = ", ".join(s.name for s in found.seats)
            text = (
                f"**{found.row.title}** ({found.settings.title}) is waiting for players: "
                f"{len(found.seats)} of {found.settings.players} seats taken ({seated})."
            )
        else:
            deadline = await self._deadline_of(found)
            text = views.status(found.state, found.row.title, deadline, found.row.paused_at is not None)
        return Reply(True, text, private=False, game_id=found.row.id, channel_id=found.row.channel_id)

    async def _own(self, actor: Actor, found: Loaded | Reply) -> tuple[Loaded, GameState, str] | Reply:
        if isinstance(found, Reply):
            return found
        seat = found.seat_of(actor.user_id)
        if seat is None or found.state is None:
            return refused("You have no ships in this game.", "not-seated")
        return found, found.state, seat.name

    async def fleet(self, actor: Actor, channel_id: int | None = None, game_id: int | None = None) -> Reply:
        own = await self._own(actor, await self._view(channel_id, game_id))
        if isinstance(own, Reply):
            return own
        loaded, state, player = own
        return Reply(
            True, views.fleet(state, player), game_id=loaded.row.id, channel_id=loaded.row.channel_id
        )

    async def ship(
        self, actor: Actor, label: str, channel_id: int | None = None, game_id: int | None = None
    ) -> Reply:
        own = await self._own(actor, await self._view(channel_id, game_id))
        if isinstance(own, Reply):
            return own
        loaded, state, player = own
        ship = state.ship(player, label.strip().upper())
        if ship is None:
            return refused(f"You have no ship called {label}.", "unknown-ship")
        return Reply(
            True,
            "\n".join(views.ship_lines(state, ship)),
            game_id=loaded.row.id,
            channel_id=loaded.row.channel_id,
        )

    async def situation(self, actor: Actor, game_id: int, star: str) -> Reply:
        """What a player needs to write this round's orders at ``star``."""
        own = await self._own(actor, await self._view(game_id=game_id))
        if isinstance(own, Reply):
            return own
        loaded, state, player = own
        hex_name = state.map.resolve(star)
        if hex_name is None or state.battle(hex_name) is None:
            return refused(f"There is no battle at {star} now.", "no-battle")
        deadline = await self._deadline_of(loaded, hex_name)
        return Reply(True, views.situation(state, player, hex_name, deadline), game_id=loaded.row.id)

    async def battle_reports(self, actor: Actor, game_id: int, last: int = 1) -> Reply:
        """The write-ups of the last rounds this player fought, as they may see them (R-CBT-11)."""
        own = await self._own(actor, await self._view(game_id=game_id))
        if isinstance(own, Reply):
            return own
        loaded, state, player = own
        reports = []
        for logged in await games.events(self.db, loaded.row.id):
            if logged.kind == RoundFought.__name__:
                event = decode(Event, json.loads(logged.body))
                assert isinstance(event, RoundFought)
                if any(r.owner == player for r in event.report.ships):
                    reports.append(write_up(event.report, state.map.label(event.report.star), player))
        if not reports:
            return refused("You have fought no battle in this game yet.", "no-battle")
        return Reply(True, "\n\n".join(reports[-last:]), game_id=loaded.row.id)

    async def log(self, channel_id: int, page: int = 1) -> Reply:
        """The game's public story, newest page first (``page`` 1 is the latest)."""
        found = await self._view(channel_id)
        if isinstance(found, Reply):
            return found
        lines = [line for _, line in await self._public_story(found)]
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = min(max(page, 1), pages)
        end = len(lines) - (page - 1) * LOG_PAGE
        chunk = lines[max(0, end - LOG_PAGE) : end]
        head = f"**{found.row.title}**: the story so far (page {page} of {pages}, newest last)"
        return Reply(True, "\n".join([head, *chunk]), private=False, game_id=found.row.id)

    async def _public_story(self, loaded: Loaded) -> list[tuple[int, str]]:
        """Every public line the game's events have told, in order."""
        state: GameState | None = None
        lines: list[tuple[int, str]] = []
        for logged in await games.events(self.db, loaded.row.id):
            event = decode(Event, json.loads(logged.body))
            if state is None:
                state = fold([event])
                continue
            for a in tell((event,), state, loaded.names):
                if isinstance(a.to, ToChannel):
                    lines.extend((logged.seq, line) for line in a.text.splitlines())
            state = event.apply(state)
        return lines

    # --- replay and audit ------------------------------------------------------------------

    async def replay(self, game_id: int) -> GameState | None:
        """The game rebuilt from its event log alone."""
        logged = await games.events(self.db, game_id)
        if not logged:
            return None
        return fold([decode(Event, json.loads(e.body)) for e in logged])

    async def export(self, game_id: int) -> dict[str, Any]:
        loaded = await self._load(game_id)
        logged = await games.events(self.db, game_id)
        return {
            "format": "warpwar-game",
            "version": 1,
            "title": loaded.row.title,
            "kind": loaded.row.kind,
            "status": loaded.row.status,
            "creator_id": loaded.row.creator_id,
            "setup": loaded.row.setup,
            "seats": [s.__dict__ for s in loaded.seats],
            "events": [
                {"seq": e.seq, "actor_id": e.actor_id, "at": games.stamp(e.at), "event": json.loads(e.body)}
                for e in logged
            ],
        }

    async def import_game(self, actor: Actor, guild_id: int, channel_id: int, data: dict[str, Any]) -> Reply:
        """A game exported elsewhere, rebuilt here from its events (a server manager's tool)."""
        if not actor.manager:
            return refused("Only a server manager can import a game.", "not-manager")
        if data.get("format") != "warpwar-game" or data.get("version") != 1:
            return refused("That is not a game exported by this bot.", "bad-import")
        if await self._game_in(channel_id) is not None:
            return refused("This channel already has a game.", "channel-busy")
        try:
            events = [decode(Event, e["event"]) for e in data["events"]]
            state = fold(events) if events else None
            settings = settings_from(data["setup"])
            seats = [Seat(**s) for s in data["seats"]]
        except (KeyError, TypeError, ValueError) as error:
            return refused(f"The exported game is damaged: {error}.", "bad-import")
        problem = check(settings)
        if problem:
            return refused(problem, "bad-import")
        now = self.clock.now()
        status = data["status"] if data["status"] in ("lobby", "running", "over", "abandoned") else "over"
        async with self.db.transaction():
            game_id = await games.create_game(
                self.db,
                guild_id=guild_id,
                channel_id=channel_id,
                kind="warpwar",
                title=str(data["title"])[:80],
                creator_id=int(data["creator_id"]),
                setup=data["setup"],
                now=now,
            )
            for seat in seats:
                await games.add_seat(self.db, game_id, seat)
            bodies = [(type(e).__name__, json.dumps(encode(e))) for e in events]
            await games.append_events(self.db, game_id, 1, bodies, None, now)
            await games.update_game(
                self.db,
                game_id,
                now,
                status=status,
                version=len(events),
                state=json.dumps(encode(state)) if state is not None else None,
            )
            if state is not None and status == "running":
                loaded = Loaded(
                    GameRow(
                        game_id,
                        guild_id,
                        channel_id,
                        "warpwar",
                        "",
                        0,
                        status,
                        {},
                        None,
                        len(events),
                        None,
                        now,
                    ),
                    tuple(seats),
                    settings,
                    state,
                )
                await games.replace_deadlines(self.db, game_id, await self._planned(loaded, state, now))
        self.deadlines_changed.set()
        return Reply(
            True,
            f"Imported **{data['title']}** ({len(events)} events).",
            private=False,
            game_id=game_id,
            channel_id=channel_id,
        )

    async def games_of(self, actor: Actor) -> list[GameRow]:
        """Live games where the user has a seat (to pick one from a direct message)."""
        return await games.games_of_user(self.db, actor.user_id)


def begin(settings: Settings, seats: tuple[Seat, ...], seed: int) -> Accepted | Rejected:
    """The engine's new game for these seats, drawn with ``seed`` (stored, so replays agree)."""
    setup = GameSetup(
        ruleset=settings.ruleset,
        scenario=settings.scenario,
        map=load_map(settings.map),
        players=tuple(PlayerSetup(s.name, alliance=s.alliance) for s in seats),
        fixed_order=settings.fixed_order,
        options=GameOptions(parallel_battles=settings.parallel_battles),
    )
    return new_game(setup, random.Random(seed))


def seat_name(display: str, taken: Iterator[str] | list[str] | tuple[str, ...]) -> str:
    """A player's name in the game: letters, digits, _ and - from their display name, unique."""
    base = re.sub(r"[^A-Za-z0-9_-]+", "", display)[:NAME_LIMIT] or "player"
    used = {t.casefold() for t in taken}
    name, n = base, 2
    while name.casefold() in used:
        name = f"{base[: NAME_LIMIT - len(str(n))]}{n}"
        n += 1
    return name


def _name(name: str | None) -> str | None:
    return name.strip()[:40] or None if name else None
