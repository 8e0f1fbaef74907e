"""A table for blind games: every command's reply is checked by a :class:`~tests.gm.blind_check.Watch`
(nothing told, drawn or offered goes beyond what its player knows) before the test goes on."""

from __future__ import annotations

from collections.abc import Awaitable
from dataclasses import dataclass, field
from typing import Any

from engine.warpwar import GameState
from engine.warpwar.movement import cheapest_path
from engine.warpwar.rulesets import Attr
from gm.announce import Reply, ToPlayer
from gm.service import Actor
from tests.gm.blind_check import Watch
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, Table

ACTORS = {"alice": ALICE, "bob": BOB, "carol": CAROL}


def steps_towards(state: GameState, player: str, label: str, goal: str) -> list[str]:
    """The hexes a ship of ``player`` can move this turn along the cheapest route to ``goal``
    (a player may enter hexes they have not found); none for a ship carried or gone."""
    ship = state.ship(player, label)
    if ship is None or ship.carried_by is not None:
        return []
    route = cheapest_path(state, player, state.position(ship), goal) or []
    reach = state.scenario.ruleset.movement_points(ship.now(Attr.PD)) - state.turn.mp_used.get(label, 0)
    return route[:reach]


@dataclass
class BlindTable:
    table: Table
    watch: Watch = field(default_factory=Watch)
    game: int = 0

    async def open(self, players: int = 2, **settings: Any) -> GameState:
        """A blind game of alice, bob (and carol), in that turn order, begun."""
        gm = self.table.gm
        await self.table.ok(
            gm.create(ALICE, GUILD, CHANNEL, "Blind game", players=players, fixed_order=True, **settings)
        )
        for actor in (BOB, CAROL)[: players - 1]:
            await self.table.ok(gm.join(actor, CHANNEL))
        self.game = await self.table.game_id()
        await self.ok(ALICE, gm.start(ALICE, CHANNEL))
        await self.choose_end()
        return await self.state()

    async def choose_end(self, end: str = "") -> Reply:
        """The player moving second chooses their map end (R-SCEN-2): ``end``, or the one the
        seed drew for them, so each test's positions are those its seed always gave."""
        state = await self.state()
        chooser = state.active_player.name
        actor = ACTORS[chooser]
        return await self.ok(
            actor, self.table.gm.choose_end(actor, CHANNEL, end or state.ends_drawn[chooser])
        )

    async def state(self) -> GameState:
        state = await self.table.gm.replay(self.game)
        assert isinstance(state, GameState)
        return state

    async def ok(self, actor: Actor, call: Awaitable[Reply]) -> Reply:
        """A command that must be accepted, its reply checked."""
        reply = await self.table.ok(call)
        await self.watch.reply(self.table.db, self.game, reply, actor.name)
        return reply

    async def no(
        self, actor: Actor, call: Awaitable[Reply], code: str, *fragments: str, typed: str = ""
    ) -> Reply:
        """A command that must be refused (changing nothing), its refusal checked: it may say
        back what the player ``typed``, and nothing else they do not know."""
        reply = await self.table.no(call, code, *fragments)
        await self.watch.reply(self.table.db, self.game, reply, actor.name, typed)
        return reply

    async def any(self, actor: Actor, call: Awaitable[Reply], typed: str = "") -> Reply:
        """A command that may be refused or not: what it answers is checked either way."""
        reply = await call
        self.table.replies.append(reply)
        await self.watch.reply(self.table.db, self.game, reply, actor.name, typed)
        return reply

    async def wait(self, hours: float) -> list[Reply]:
        """Time passes; what the deadlines that passed tell is checked."""
        fired = await self.table.pass_time(hours)
        for reply in fired:
            await self.watch.reply(self.table.db, self.game, reply, None)
        return fired

    async def look(self, actor: Actor) -> None:
        """Every view the player can ask for, checked: status, fleet, what next, the map."""
        gm = self.table.gm
        for call in (
            gm.status(CHANNEL, actor),
            gm.fleet(actor, game_id=self.game),
            gm.what_next(actor, self.game),
            gm.my_map(actor, self.game),
            gm.log(CHANNEL),
        ):
            await self.any(actor, call)

    async def end_turn(self, player: str) -> None:
        """The player ends phases until their turn is over (battles fought by the deadlines)."""
        actor = ACTORS[player]
        while (state := await self.state()).result is None and state.active_player.name == player:
            if state.open_battles():
                await self.wait(24)
            else:
                await self.ok(actor, self.table.gm.done(actor, CHANNEL))

    async def head_for(self, player: str, label: str, goal: str) -> Reply | None:
        """Move a ship as far as it can this turn along the cheapest route to ``goal``, written
        as hex numbers (a player may enter hexes they have not found)."""
        steps = steps_towards(await self.state(), player, label, goal)
        if not steps:
            return None
        return await self.ok(
            ACTORS[player], self.table.gm.move(ACTORS[player], CHANNEL, label, path=" ".join(steps))
        )

    def dms(self, reply: Reply, player: str) -> list[str]:
        """The texts of a reply's direct messages to ``player``."""
        return [a.text for a in reply.announcements if isinstance(a.to, ToPlayer) and a.to.name == player]

    def maps_to(self, reply: Reply) -> set[str]:
        """Who got their own map by direct message in a reply (the actor's is in the reply)."""
        found = {
            a.picture.viewer
            for a in reply.announcements
            if isinstance(a.to, ToPlayer) and a.picture is not None and a.picture.kind == "map"
        }
        found.update(p.viewer for p in reply.pictures if p.kind == "map")
        return {p for p in found if p is not None}
