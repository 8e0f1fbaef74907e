"""Guiding a player: "What can I do?", the turn's buttons (End phase, My map), ``/help`` and
``/games``. The words are gm.warpwar.nudges'; here the games are found and checked."""

from __future__ import annotations

from dataclasses import replace

from engine.text import plural
from engine.warpwar.state import Phase
from gm.announce import Picture, Reply, refused
from gm.aside import SET_ASIDE, GameSetAside
from gm.core import Actor, Loaded
from gm.warpwar import nudges, phases
from gm.warpwar.kind import other_game
from gm.warpwar.looking import Looking
from gm.warpwar.nudges import bullets, channel, ended
from gm.warpwar.play import Play
from gm.warpwar.story import fighting
from gm.warpwar.views import when
from store import games

HELP = (
    "**WarpWar in short.** Players take turns. In your turn you build at your bases "
    "(/build …, then /build done), move your Warpships (/move …, then /move done), and where "
    "ships meet a battle is fought in rounds of sealed orders, written by direct message (/orders).\n"
    "• /warpwar new opens a game in a channel, /warpwar join takes a seat, /warpwar start begins it; "
    "then the player moving second chooses their map end (/warpwar end).\n"
    "• /games lists your games on this server; /warpwar status shows where this channel's game "
    "stands; /fleet shows your ships; /warpwar rules sums up the rules.\n"
    "• I tell you by direct message when it is your turn or a battle wants your orders."
)


class Guide(Play, Looking):
    async def _game(self, game_id: int) -> Loaded | Reply:
        row = await games.game_by_id(self.db, game_id)
        if row is None:
            return refused("There is no such game.", "no-game")
        loaded = await self.load(row.id)
        other = other_game(loaded.kind.key, loaded.kind.name, row.title)
        return refused(other, "other-game") if other else loaded

    async def what_next(self, actor: Actor, game_id: int) -> Reply:
        """What the player can do in this game now (privately): "What can I do?"."""
        found = await self._game(game_id)
        if isinstance(found, Reply):
            return found
        return Reply(True, _next(found, actor), game_id=found.row.id, channel_id=found.row.channel_id)

    async def end_phase(self, actor: Actor, game_id: int, serial: int, phase: str) -> Reply:
        """The End phase button of one phase's news: the active player ends that phase, if it
        is still the one going on; anyone else is told why not."""
        found = await self._game(game_id)
        if isinstance(found, Reply):
            return found
        state, seat = found.state, found.seat_of(actor.user_id)
        gone = nudges.closed(found.row.status, state)
        if gone is not None or state is None:
            return refused(gone or "The game has not begun yet.", "game-over")
        if seat is None:
            return refused("You are not playing in this game.", "not-seated")
        active, now = state.active_player.name, state.phase.value
        if (state.turn_serial, now) != (serial, phase):
            return refused(phases.phase_over(state, seat.name), "stale")
        if active != seat.name:
            return refused(
                f"Only {active} can end this phase: it is their {now} phase. I will tell you when "
                "your turn comes.",
                "not-your-turn",
            )
        return await self.done(actor, found.row.channel_id, expect=(serial, phase))

    async def my_fleet(self, actor: Actor, game_id: int) -> Reply:
        """The player's fleet as text, with the fleet card as a picture (privately)."""
        reply = await self.fleet(actor, game_id=game_id)
        seat = (await self.load(game_id)).seat_of(actor.user_id) if reply.ok else None
        if seat is None:
            return reply
        return replace(reply, pictures=(Picture("fleet", viewer=seat.name),))

    async def my_map(self, actor: Actor, game_id: int) -> Reply:
        """The map as the player sees it, their own ships in full (privately)."""
        found = await self._game(game_id)
        if isinstance(found, Reply):
            return found
        seat = found.seat_of(actor.user_id)
        if seat is None or found.state is None:
            return refused("You do not play in this game: /warpwar map shows the public map.", "not-seated")
        return await self.map_picture(actor, mine=True, game_id=found.row.id)

    async def help(self, actor: Actor, channel_id: int | None) -> Reply:
        """The short guide, and the next step in the channel's game (privately)."""
        row = await games.latest_game_in(self.db, channel_id) if channel_id is not None else None
        if row is None:
            return Reply(True, HELP, channel_id=channel_id)
        try:
            loaded = await self.load(row.id)
        except GameSetAside:
            return Reply(True, f"{HELP}\n\n**{row.title}**, this channel's game, was {SET_ASIDE}")
        text = f"{HELP}\n\n**{row.title}**, this channel's game:\n{_next(loaded, actor)}"
        return Reply(True, text, game_id=row.id, channel_id=row.channel_id)

    async def my_games(self, actor: Actor, guild_id: int) -> Reply:
        """The member's games on this server, those waiting for them first (privately)."""
        lines: list[tuple[bool, str]] = []
        for row in await games.games_in_guild_of_user(self.db, guild_id, actor.user_id):
            try:
                loaded = await self.load(row.id)
            except GameSetAside:
                lines.append((False, f"**{row.title}** in {channel(row.channel_id)}: {SET_ASIDE}"))
                continue
            lines.append(await self._game_line(loaded, actor))
        if not lines:
            return Reply(True, "You have no game on this server: /warpwar new opens one in a channel.")
        lines.sort(key=lambda line: not line[0])
        waiting = sum(1 for mine, _ in lines if mine)
        head = (
            f"Your games here ({len(lines)}); {waiting} waiting for you:" if waiting else "Your games here:"
        )
        return Reply(True, "\n".join([head, *(f"• {text}" for _, text in lines)]))

    async def _game_line(self, loaded: Loaded, actor: Actor) -> tuple[bool, str]:
        """One game for /games: whether it waits for the member, and its line."""
        row, state = loaded.row, loaded.state
        name = f"**{row.title}** in {channel(row.channel_id)}"
        if other_game(loaded.kind.key, loaded.kind.name, row.title):
            return False, f"{name}: a game of {loaded.kind.name}."
        if state is None:
            missing = loaded.settings.players - len(loaded.seats)
            if missing > 0:
                return False, f"{name}: waiting for {plural(missing, 'more player')}."
            mine = row.creator_id == actor.user_id
            return mine, f"{name}: every seat is taken; {'you' if mine else 'its creator'} may start it."
        seat = loaded.seat_of(actor.user_id)
        player = seat.name if seat else ""
        due = await self.deadline(row.id)
        ends = "the game is paused" if row.paused_at else (f"it ends {when(due)}" if due else "no deadline")
        battles = [b for b in state.open_battles() if player in fighting(state, b.star)]
        if battles:
            owed = [b for b in battles if not b.sealed(player)]
            where = ", ".join(state.map.label(b.star) for b in owed or battles)
            due = await self.deadline(row.id, (owed or battles)[0].star)
            if owed:
                return True, f"{name}: **your orders** are wanted at {where}" + (
                    f", due {when(due)}." if due else "."
                )
            return False, f"{name}: your orders at {where} are sealed; waiting for the others."
        active = state.active_player.name
        if state.phase is Phase.SETUP:
            if active == player:
                return True, f"{name}: **your choice** of map end; {ends}."
            return False, f"{name}: {active} is choosing a map end; {ends}."
        if active == player:
            return (
                True,
                f"{name}: **your turn** (game-turn {state.game_turn}, {state.phase.value} phase); {ends}.",
            )
        return False, f"{name}: {active}'s {state.phase.value} phase; {ends}."


def _next(loaded: Loaded, actor: Actor) -> str:
    """What the actor can do in this game now, in lines."""
    other = other_game(loaded.kind.key, loaded.kind.name, loaded.row.title)
    if other is not None:
        return other
    note = ended(loaded.row.status, loaded.state)
    if note is not None:
        return f"{note} /warpwar new opens a new game in its channel."
    seat = loaded.seat_of(actor.user_id)
    if loaded.state is None:
        missing = loaded.settings.players - len(loaded.seats)
        if seat is None:
            return bullets(["Take a seat: /warpwar join."] if missing > 0 else ["Every seat is taken."])
        if missing > 0:
            return bullets([f"Waiting for {plural(missing, 'more player')} to join (/warpwar join)."])
        who = "you" if loaded.row.creator_id == actor.user_id else "the game's creator"
        return bullets([f"Every seat is taken: {who} may begin with /warpwar start."])
    if seat is None:
        return bullets(["You do not play in this game: /warpwar status shows where it stands."])
    return bullets(nudges.next_steps(loaded.state, seat.name))
