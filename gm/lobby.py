"""Opening a game in a channel, taking seats, and starting it."""

from __future__ import annotations

from typing import Any, cast

from engine.records import replace
from engine.text import plural
from gm import validate
from gm.announce import Reply, refused
from gm.core import Actor, GameCore, Loaded, once, seat_name
from gm.kinds import WARPWAR, GameKind, Outcome, Refused, accepted
from store import games, secrets
from store.games import Seat

TITLE_LIMIT = 80
ALLIANCE_LIMIT = 30
SEED_LIMIT = 64
"""A player's own seed for the fair dice: any text this long (R-WA-DICE-2)."""
CHANNEL_BUSY = "This channel already has a game; finish or abandon it first."


def defaults_of(kind: str, key: str) -> str:
    """The server-defaults key of one kind's setting: WarpWar's keys are bare (as stored before
    there were kinds), another kind's are ``kind.key``."""
    return key if kind == WARPWAR else f"{kind}.{key}"


def kind_defaults(kind: str, stored: dict[str, Any]) -> dict[str, Any]:
    """The server's defaults for one kind's new games."""
    if kind == WARPWAR:
        return {k: v for k, v in stored.items() if "." not in k}
    prefix = f"{kind}."
    return {k.removeprefix(prefix): v for k, v in stored.items() if k.startswith(prefix)}


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
        kind: str = WARPWAR,
        seed: str | None = None,
        **choices: Any,
    ) -> Reply:
        """A new game of ``kind`` in this channel, its creator seated (in ``alliance``, revised
        rules; with their own ``seed`` for fair dice); others join until the seats are full."""
        if not (games.fits(guild_id) and games.fits(channel_id)):
            return refused("That is not a server and channel a game can be in.", "bad-place")
        if kind not in self.kinds:
            return refused(f"There is no game called {kind[:20]!r} here.", "bad-kind")
        if await self.game_in(channel_id) is not None:
            return refused(CHANNEL_BUSY, "channel-busy")
        game = self.kinds[kind]
        try:
            title = validate.name(title, "A game's title", TITLE_LIMIT)
            alliance = validate.name(alliance, "An alliance's name", ALLIANCE_LIMIT)
            seed = validate.name(seed, "A seed", SEED_LIMIT)
        except validate.TextError as invalid:
            return refused(str(invalid), invalid.code)
        defaults = kind_defaults(kind, await games.guild_settings(self.db, guild_id))
        built = game.change_settings(game.settings_from(defaults), choices, running=False)
        if isinstance(built, str):
            return refused(built, "bad-settings")
        wrong = game.check_seat(built, alliance, seed)
        if wrong is not None:
            return refused(wrong, "no-alliances" if alliance else "bad-seat")
        name = title or f"{game.name} ({game.settings_title(built)})"
        try:
            return await self._open(
                actor, guild_id, channel_id, name, game, built, Seat(0, "", 1, alliance, seed)
            )
        except games.ChannelTaken:  # another creation in this channel won the race
            return refused(CHANNEL_BUSY, "channel-busy")

    async def _open(
        self, actor: Actor, guild_id: int, channel_id: int, name: str, game: GameKind, built: Any, first: Seat
    ) -> Reply:
        """The game's row, its secret, its creator's seat and the reply, in one transaction, one
        call to the database (its id is given first, for the seeds drawn from it)."""
        now = self.clock.now()
        game_id = await self.db.new_game_id()
        built = game.settle(built, self._seeds(game_id))  # what the settings leave to chance
        secret = self._secret(game_id) if game.wants_secret else None
        seat = replace(first, user_id=actor.user_id, name=seat_name(actor.name, ()))
        steps = [
            games.game_created(
                game_id,
                guild_id=guild_id,
                channel_id=channel_id,
                kind=game.key,
                title=name,
                creator_id=actor.user_id,
                setup=game.settings_data(built),
                now=now,
            ),
            *([secrets.kept(game_id, secret)] if secret is not None else []),
            games.seat_added(game_id, seat),
        ]
        players = game.seats_wanted(built)
        text = (
            f"**{name}** is open: {game.settings_title(built)}, {players} players. {actor.name} has "
            "the first seat; the others join, then the creator starts the game."
        )
        opened = game.opened(built, secret)
        if opened:
            text = f"{text}\n{opened}"
        shown = game.lobby_pictures(None, built)
        reply = Reply(True, text, private=False, game_id=game_id, channel_id=channel_id, pictures=shown)
        return await self.settle(game_id, steps, reply)

    @once
    async def join(
        self, actor: Actor, channel_id: int, alliance: str | None = None, seed: str | None = None
    ) -> Reply:
        """A seat in the channel's game (in ``alliance``; with the player's own ``seed`` for a
        game of fair dice, public from now on)."""
        row = await self.game_in(channel_id)
        if row is None:
            return refused("There is no game in this channel; start one with /warpwar new.", "no-game")
        async with self.locked(row.id):
            loaded = await self.load(row.id)
            if loaded.row.status != "lobby":
                return refused("The game has already begun.", "started")
            if loaded.seat_of(actor.user_id) is not None:
                return refused("You already have a seat in this game.", "seated")
            if len(loaded.seats) >= loaded.kind.seats_wanted(loaded.settings):
                return refused("Every seat is taken.", "full")
            try:
                allied = validate.name(alliance, "An alliance's name", ALLIANCE_LIMIT)
                seed = validate.name(seed, "A seed", SEED_LIMIT)
            except validate.TextError as invalid:
                return refused(str(invalid), invalid.code)
            wrong = loaded.kind.check_seat(loaded.settings, allied, seed)
            if wrong is not None:
                return refused(wrong, "no-alliances" if allied else "bad-seat")
            seat = Seat(
                actor.user_id,
                seat_name(actor.name, [s.name for s in loaded.seats]),
                max(s.joined for s in loaded.seats) + 1,
                allied,
                seed,
            )
            left = loaded.kind.seats_wanted(loaded.settings) - len(loaded.seats) - 1
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
            reply = await self.settle(row.id, [games.seat_added(row.id, seat)], reply)
            self.hold(replace(loaded, seats=(*loaded.seats, seat)))
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
            reply = await self.settle(row.id, [games.seat_removed(row.id, actor.user_id)], reply)
            self.hold(replace(loaded, seats=tuple(s for s in loaded.seats if s.user_id != actor.user_id)))
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
            missing = loaded.kind.seats_wanted(loaded.settings) - len(loaded.seats)
            if missing > 0:
                return refused(f"Waiting for {plural(missing, 'more player')} to join.", "seats-empty")
            seed = self._seeds(row.id)
            result = loaded.kind.begin(loaded.settings, loaded.table, seed)
            if not accepted(result):
                no = cast(Refused, result)
                return refused(no.message, no.code)
            return await self._begin(loaded, result, seed, actor)

    async def _begin(self, loaded: Loaded, result: Outcome, seed: int, actor: Actor) -> Reply:
        """The game's first events are its creation: the story starts from the state they make."""
        setup = {**loaded.row.setup, "seed": seed}
        created = loaded.kind.fold(result.events[:1])
        started = replace(loaded, row=replace(loaded.row, setup=setup), state=created)
        begun = loaded.kind.begun(result.state)

        def opening(reply: Reply) -> Reply:
            text = f"**{loaded.row.title}** begins. {begun}".rstrip()
            return replace(reply, text=text, private=False)

        return await self.commit(started, result, actor.user_id, acting=None, reshape=opening)
