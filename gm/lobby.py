"""Opening a game in a channel, taking seats, and starting it."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.text import plural
from engine.warpwar import Accepted, Rejected
from engine.warpwar.events import GameCreated
from gm import validate
from gm.announce import Reply, refused
from gm.core import Actor, GameCore, Loaded, begin, once, seat_name
from gm.warpwar.settings import Settings, changed, settings_from, to_data
from store import games
from store.games import Seat

TITLE_LIMIT = 80
ALLIANCE_LIMIT = 30
CHANNEL_BUSY = "This channel already has a game; finish or abandon it first."


def may_manage(loaded: Loaded, actor: Actor) -> bool:
    """The game's creator, or a server manager."""
    return actor.manager or actor.user_id == loaded.row.creator_id


class Lobby(GameCore):
    @once
    async def create(
        self,
        actor: Actor,
        guild_id: int,
        channel_id: int,
        title: str | None = None,
        alliance: str | None = None,
        **choices: Any,
    ) -> Reply:
        """A new game in this channel, its creator seated (in ``alliance``, revised rules); others
        join until the seats are full."""
        if not (games.fits(guild_id) and games.fits(channel_id)):
            return refused("That is not a server and channel a game can be in.", "bad-place")
        if await self.game_in(channel_id) is not None:
            return refused(CHANNEL_BUSY, "channel-busy")
        try:
            title = validate.name(title, "A game's title", TITLE_LIMIT)
            alliance = validate.name(alliance, "An alliance's name", ALLIANCE_LIMIT)
        except validate.TextError as invalid:
            return refused(str(invalid), invalid.code)
        defaults = await games.guild_settings(self.db, guild_id)
        built = changed(settings_from(defaults), choices, running=False)
        if isinstance(built, str):
            return refused(built, "bad-settings")
        if alliance and built.ruleset != "revised":
            return refused("Alliances are part of the revised rules only.", "no-alliances")
        name = title or f"WarpWar ({built.title})"
        try:
            return await self._open(actor, guild_id, channel_id, name, built, alliance)
        except games.ChannelTaken:  # another creation in this channel won the race
            return refused(CHANNEL_BUSY, "channel-busy")

    async def _open(
        self, actor: Actor, guild_id: int, channel_id: int, name: str, built: Settings, alliance: str | None
    ) -> Reply:
        """The game's row, its creator's seat and the reply, in one transaction."""
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
            await games.add_seat(
                self.db, game_id, Seat(actor.user_id, seat_name(actor.name, ()), 1, alliance)
            )
            text = (
                f"**{name}** is open: {built.title}, {built.players} players. {actor.name} has the first "
                "seat; the others join, then the creator starts the game."
            )
            reply = Reply(True, text, private=False, game_id=game_id, channel_id=channel_id)
            await self.remember(reply)
        return reply

    @once
    async def join(self, actor: Actor, channel_id: int, alliance: str | None = None) -> Reply:
        row = await self.game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel; start one with /warpwar new.", "no-game")
        async with self.locked(row.id):
            loaded = await self.load(row.id)
            if loaded.row.status != "lobby":
                return refused("The game has already begun.", "started")
            if loaded.seat_of(actor.user_id) is not None:
                return refused("You already have a seat in this game.", "seated")
            if len(loaded.seats) >= loaded.settings.players:
                return refused("Every seat is taken.", "full")
            if alliance and loaded.settings.ruleset != "revised":
                return refused("Alliances are part of the revised rules only.", "no-alliances")
            try:
                allied = validate.name(alliance, "An alliance's name", ALLIANCE_LIMIT)
            except validate.TextError as invalid:
                return refused(str(invalid), invalid.code)
            seat = Seat(
                actor.user_id,
                seat_name(actor.name, [s.name for s in loaded.seats]),
                max(s.joined for s in loaded.seats) + 1,
                allied,
            )
            left = loaded.settings.players - len(loaded.seats) - 1
            more = (
                f" {plural(left, 'seat')} left." if left else " Every seat is taken: the creator may start."
            )
            side = f" (alliance {seat.alliance})" if seat.alliance else ""
            reply = Reply(
                True,
                f"{seat.name}{side} joins **{row.title}**.{more}",
                private=False,
                game_id=row.id,
                channel_id=channel_id,
            )
            async with self.db.transaction():
                await games.add_seat(self.db, row.id, seat)
                await self.remember(reply)
        return reply

    @once
    async def leave(self, actor: Actor, channel_id: int) -> Reply:
        row = await self.game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel.", "no-game")
        async with self.locked(row.id):
            loaded = await self.load(row.id)
            seat = loaded.seat_of(actor.user_id)
            if seat is None:
                return refused("You have no seat in this game.", "not-seated")
            if loaded.row.status != "lobby":
                return refused("The game has begun: /warpwar concede gives it up.", "started")
            if actor.user_id == loaded.row.creator_id:
                return refused("The creator cannot leave; /warpwar-admin abandon closes the game.", "creator")
            reply = Reply(
                True,
                f"{seat.name} left **{row.title}**.",
                private=False,
                game_id=row.id,
                channel_id=channel_id,
            )
            async with self.db.transaction():
                await games.remove_seat(self.db, row.id, actor.user_id)
                await self.remember(reply)
        return reply

    @once
    async def start(self, actor: Actor, channel_id: int) -> Reply:
        """Seat the players in the engine: turn order and map ends drawn from a stored seed."""
        row = await self.game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel.", "no-game")
        async with self.locked(row.id):
            loaded = await self.load(row.id)
            if not may_manage(loaded, actor):
                return refused("Only the game's creator (or a server manager) can start it.", "not-creator")
            if loaded.row.status != "lobby":
                return refused("The game has already begun.", "started")
            missing = loaded.settings.players - len(loaded.seats)
            if missing > 0:
                return refused(f"Waiting for {plural(missing, 'more player')} to join.", "seats-empty")
            seed = self._seeds(row.id)
            result = begin(loaded.settings, loaded.seats, seed)
            if isinstance(result, Rejected):
                return refused(result.message, result.code)
            return await self._begin(loaded, result, seed, actor)

    async def _begin(self, loaded: Loaded, result: Accepted, seed: int, actor: Actor) -> Reply:
        created = result.events[0]
        assert isinstance(created, GameCreated)
        setup = {**loaded.row.setup, "seed": seed}
        started = replace(loaded, row=replace(loaded.row, setup=setup), state=created.state)
        order = ", ".join(p.name for p in result.state.players)

        def opening(reply: Reply) -> Reply:
            text = f"**{loaded.row.title}** begins. Turn order: {order}."
            return replace(reply, text=text, private=False)

        return await self.commit(started, result, actor.user_id, acting=None, reshape=opening)
