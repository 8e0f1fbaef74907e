"""The creator's (and server managers') tools: settings, pausing, extending, abandoning."""

from __future__ import annotations

from dataclasses import replace
from datetime import timedelta
from typing import Any

from engine.text import plural
from gm import validate
from gm.announce import Reply, refused
from gm.core import Actor, GameCore, Loaded, once
from gm.kinds import WARPWAR
from gm.lobby import defaults_of, may_manage
from store import games
from store.games import Deadline

MIN_HOURS = 0.05
MAX_EXTENSION_HOURS = 24 * 14


class Manage(GameCore):
    async def _managed(
        self, actor: Actor, channel_id: int, what: str, set_aside_too: bool = False
    ) -> Loaded | Reply:
        row = await self.game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel.", "no-game")
        loaded = await (self.load_set_aside_too(row.id) if set_aside_too else self.load(row.id))
        if not may_manage(loaded, actor):
            return refused(f"Only the game's creator (or a server manager) can {what}.", "not-creator")
        return loaded

    def _public(self, loaded: Loaded, text: str) -> Reply:
        return Reply(True, text, private=False, game_id=loaded.row.id, channel_id=loaded.row.channel_id)

    @once
    async def change_settings(self, actor: Actor, channel_id: int, **changes: Any) -> Reply:
        """Before the start anything may change; once running, only the deadlines."""
        found = await self._managed(actor, channel_id, "change its settings")
        if isinstance(found, Reply):
            return found
        if not changes:
            return refused("Say which setting to change, like phase_hours:24.", "bad-settings")
        async with self.locked(found.row.id):
            loaded = await self.load(found.row.id)
            kind = loaded.kind
            running = loaded.row.status == "running"
            new = kind.change_settings(loaded.settings, changes, running=running)
            if isinstance(new, str):
                return refused(new, "bad-settings")
            if kind.seats_wanted(new) < len(loaded.seats):
                return refused(f"{len(loaded.seats)} players already have seats.", "bad-settings")
            lobby = loaded.row.status == "lobby"
            if lobby:
                new = kind.settle(new, self._seeds(loaded.row.id))
            reply = self._public(loaded, f"Settings changed: {kind.describe(new, changes)}.")
            if lobby:
                reply = replace(reply, pictures=kind.lobby_pictures(loaded.settings, new))
            async with self.writing(loaded.row.id):
                setup = {**loaded.row.setup, **kind.settings_data(new)}
                await games.update_game(self.db, loaded.row.id, self.clock.now(), setup=setup)
                await self.remember(reply)
        return reply

    @once
    async def abandon(self, actor: Actor, channel_id: int) -> Reply:
        """R-WIN-4: the creator or a server manager ends a game as abandoned; records are revealed
        (a game set aside after an error can be abandoned too, its records unread)."""
        found = await self._managed(actor, channel_id, "abandon it", set_aside_too=True)
        if isinstance(found, Reply):
            return found
        async with self.locked(found.row.id):
            loaded = await self.load_set_aside_too(found.row.id)
            shown = loaded.kind.revealed(loaded.state) if loaded.state is not None else []
            records = "".join(f"\n{r}" for r in shown)
            reply = self._public(loaded, f"**{loaded.row.title}** was abandoned by {actor.name}.{records}")
            async with self.writing(loaded.row.id):
                await games.update_game(self.db, loaded.row.id, self.clock.now(), status="abandoned")
                await games.replace_deadlines(self.db, loaded.row.id, [])
                await self.remember(reply)
        self.deadlines_moved()
        return reply

    @once
    async def pause(self, actor: Actor, channel_id: int) -> Reply:
        """No deadline passes while a game is paused; players may still act."""
        found = await self._managed(actor, channel_id, "pause it")
        if isinstance(found, Reply):
            return found
        async with self.locked(found.row.id):
            loaded = await self.load(found.row.id)
            if loaded.row.paused_at is not None:
                return refused("The game is already paused.", "paused")
            reply = self._public(loaded, "The game is paused: no deadline passes until it resumes.")
            reply = self._retitled(loaded, reply, await games.deadlines_of(self.db, loaded.row.id), True)
            async with self.writing(loaded.row.id):
                await games.set_paused(self.db, loaded.row.id, self.clock.now())
                reply = await self.remember(reply)
        return reply

    @once
    async def resume(self, actor: Actor, channel_id: int) -> Reply:
        found = await self._managed(actor, channel_id, "resume it")
        if isinstance(found, Reply):
            return found
        async with self.locked(found.row.id):
            loaded = await self.load(found.row.id)
            if loaded.row.paused_at is None:
                return refused("The game is not paused.", "not-paused")
            text = "The game resumes; every deadline moved on by the time it was paused."
            return await self._shift(
                loaded, self.clock.now() - loaded.row.paused_at, self._public(loaded, text), unpause=True
            )

    @once
    async def extend(self, actor: Actor, channel_id: int, hours: float | str) -> Reply:
        found = await self._managed(actor, channel_id, "extend its deadlines")
        if isinstance(found, Reply):
            return found
        amount = validate.number(hours)
        if amount is None or not MIN_HOURS <= amount <= MAX_EXTENSION_HOURS:
            return refused(
                f"Extend by at least {MIN_HOURS:g} and at most {MAX_EXTENSION_HOURS} hours (a number).",
                "bad-number",
            )
        async with self.locked(found.row.id):
            loaded = await self.load(found.row.id)
            text = f"Every deadline of this game moves on by {plural(amount, 'hour')}."
            return await self._shift(loaded, timedelta(hours=amount), self._public(loaded, text))

    async def _shift(self, loaded: Loaded, by: timedelta, reply: Reply, unpause: bool = False) -> Reply:
        """Move every deadline of the game on by ``by`` (the caller holds the game's lock); the
        reply, stored with it, also brings the phase's post up to date."""
        current = await games.deadlines_of(self.db, loaded.row.id)
        moved = [replace(d, due_at=d.due_at + by) for d in current]
        paused = loaded.row.paused_at is not None and not unpause
        reply = self._retitled(loaded, reply, moved, paused)
        async with self.writing(loaded.row.id):
            await games.replace_deadlines(self.db, loaded.row.id, moved)
            if unpause:
                await games.set_paused(self.db, loaded.row.id, None)
            reply = await self.remember(reply)
        self.deadlines_moved()
        return reply

    def _retitled(self, loaded: Loaded, reply: Reply, deadlines: list[Deadline], paused: bool) -> Reply:
        """The reply with the phase's post headed anew: its deadline (or paused) in the footer,
        its player's call to match (``announce: phase``; the channel's line stays the reply's)."""
        if loaded.state is None:
            return reply
        news = loaded.kind.deadlines_moved(loaded.state, loaded.settings, loaded.table, deadlines, paused)
        return replace(reply, announcements=(*reply.announcements, *news))

    @once
    async def server_defaults(self, actor: Actor, guild_id: int, kind: str = WARPWAR, **values: Any) -> Reply:
        """Default settings for new games of ``kind`` in a server (managers only)."""
        if not actor.manager:
            return refused("Only a server manager can change the server's defaults.", "not-manager")
        if not values:
            return refused("Say which default to change, like round_hours:12.", "bad-settings")
        if kind not in self.kinds:
            return refused(f"There is no game called {kind[:20]!r} here.", "bad-kind")
        game = self.kinds[kind]
        new = game.change_settings(game.settings_from({}), values, running=False)
        if isinstance(new, str):
            return refused(new, "bad-settings")
        reply = Reply(True, f"New games in this server will use: {game.describe(new, values)}.")
        data = game.settings_data(new)
        async with self.db.transaction():
            for key in values:
                await games.set_guild_setting(self.db, guild_id, defaults_of(kind, key), data[key])
            await self.remember(reply)
        return reply
