"""Any game's command, given as the game's own value (gm.kinds): the kind's front end reads
what the player typed into a command; here the seat is checked, the command signed with the
seat's name (nobody acts for another), applied by the kind, stored and told (GameCore.commit)."""

from __future__ import annotations

from typing import Any, cast

from gm.announce import Reply, refused
from gm.core import Actor, GameCore, once
from gm.kinds import Refused, accepted

NOTHING_CHANGED = "That changes nothing."


class Acting(GameCore):
    @once
    async def act(self, actor: Actor, game_id: int, command: Any) -> Reply:
        """Carry out ``command`` in the game as the actor's seat: the kind judges it."""
        row = await self.row_of(game_id)
        if row is None:
            return refused("There is no such game.", "no-game")
        async with self.locked(row.id):
            loaded = await self.load(row.id)
            if loaded.row.status != "running" or loaded.state is None:
                return refused("The game is not running.", "not-running")
            seat = loaded.seat_of(actor.user_id)
            if seat is None:
                return refused("You are not playing in this game.", "not-seated")
            signed = loaded.kind.signed(command, seat.name)
            if signed is None:
                return refused("That is not a command a player gives.", "not-a-command")
            result = loaded.kind.apply(loaded.state, signed, loaded.table)
            if not accepted(result):
                no = cast(Refused, result)
                return refused(no.message, no.code)
            if not result.events:
                reply = Reply(True, NOTHING_CHANGED, game_id=row.id, channel_id=row.channel_id)
                return await self.settle(row.id, [], reply)
            return await self.commit(loaded, result, actor.user_id, acting=seat.name)
