"""What players look at: the game's status and story (public), their fleet, one ship, a
battle's situation and their battle reports (private)."""

from __future__ import annotations

import json
from datetime import datetime

from engine.serial import decode
from engine.warpwar import Event, GameState, fold
from engine.warpwar.events import RoundFought
from engine.warpwar.order_checks import combatants
from engine.warpwar.state import Blind
from engine.warpwar.view import hidden, no_such, view_for
from engine.warpwar.writeup import write_up
from gm import validate
from gm.announce import Picture, Reply, ToChannel, refused
from gm.aside import set_aside_status
from gm.core import Actor, GameCore, Loaded
from gm.warpwar import inputs, nudges, views
from gm.warpwar.kind import other_game
from gm.warpwar.maps import RANDOM_MAP, RETIRED_MAPS
from gm.warpwar.settings import map_about, random_map_line
from gm.warpwar.story import tell
from store import games
from store.games import GameRow

BLIND_MAP = (
    "This is a blind game: each player sees only their own map, and the channel none until the game ends."
)
NOTHING_FOUND = (
    "You have found nothing of the map yet: your home stars are yours to see once the map ends are "
    "settled, and the rest you find by exploring."
)
HIDDEN_MAP = (
    "each player finds the map by exploring, from their own home stars, so nobody sees it before the game "
    "ends."
)
NAME_LIMIT = 40
"""Names typed back in a refusal are cut to this (a star or ship name is never longer)."""
LOG_PAGE = 25
"""Lines of the story per page."""


class Looking(GameCore):
    async def _find(self, channel_id: int | None = None, game_id: int | None = None) -> Loaded | Reply:
        row: GameRow | None
        if game_id is not None:
            row = await games.game_by_id(self.db, game_id)
        else:
            row = await games.latest_game_in(self.db, channel_id or 0)
        if row is None:
            return refused("There is no game here.", "no-game")
        loaded = await self.load(row.id)
        other = other_game(loaded.kind.key, loaded.kind.name, row.title)
        return refused(other, "other-game") if other else loaded

    async def _own(
        self, actor: Actor, channel_id: int | None, game_id: int | None
    ) -> tuple[Loaded, GameState, str] | Reply:
        found = await self._find(channel_id, game_id)
        if isinstance(found, Reply):
            return found
        seat = found.seat_of(actor.user_id)
        if seat is None:
            return refused("You are not playing in this game.", "not-seated")
        if found.state is None:
            return refused("The game has not begun yet: there are no ships.", "not-started")
        return found, found.state, seat.name

    async def deadline(self, game_id: int, star: str | None = None) -> datetime | None:
        """When the game next moves on by itself (a phase, or a battle's round)."""
        for d in await games.deadlines_of(self.db, game_id):
            if d.kind in ("phase", "round") and (star is None or d.payload.get("star") == star):
                return d.due_at
        return None

    async def status(self, channel_id: int, actor: Actor | None = None) -> Reply:
        """Where the channel's game stands, for all to see; private instead when it shows the
        asker's own unfinished Bases, whose progress is in Build Points. A game set aside after an
        error says so, and why (gm.isolation)."""
        row = await games.latest_game_in(self.db, channel_id)
        manager = actor is not None and actor.manager
        aside = await set_aside_status(self.db, row, manager) if row is not None else None
        if aside is not None:
            return aside
        found = await self._find(channel_id)
        if isinstance(found, Reply):
            return found
        ended = nudges.ended(found.row.status, found.state)
        private = False
        if found.state is None:
            seated = ", ".join(s.name for s in found.seats)
            text = (
                f"**{found.row.title}** ({found.settings.title}) is waiting for players: "
                f"{len(found.seats)} of {found.settings.players} seats taken ({seated})."
            )
            if ended is not None:
                text = f"**{found.row.title}** ({found.settings.title}): {ended}"
            elif found.settings.map == RANDOM_MAP:
                text = f"{text}\n{random_map_line(found.settings)}"
        else:
            seat = found.seat_of(actor.user_id) if actor is not None else None
            viewer = seat.name if seat is not None else None
            private = viewer is not None and (
                hidden(found.state, found.ended) or bool(views.construction(found.state, viewer))
            )
            due = await self.deadline(found.row.id)
            paused = found.row.paused_at is not None
            text = views.status(found.state, found.row.title, due, paused, ended, viewer)
        return Reply(True, text, private=private, game_id=found.row.id, channel_id=found.row.channel_id)

    async def map_preview(self, channel_id: int) -> Reply:
        """The map the channel's game will be played on, its home ends marked, while it waits for
        its players (the picture the lobby shows when the map is random or changed)."""
        found = await self._find(channel_id)
        if isinstance(found, Reply):
            return found
        if found.row.status != "lobby":
            return refused("This game ended before it began: it has no map.", "not-running")
        if found.settings.blind == Blind.MAP.value:  # R-BLIND-31
            text = f"**{found.row.title}** is played with blind map: {HIDDEN_MAP}"
            return Reply(True, text, game_id=found.row.id, channel_id=found.row.channel_id)
        text = f"The map of **{found.row.title}** as it will be played: map {map_about(found.settings)}."
        pictures = (Picture("map"),) if found.settings.map not in RETIRED_MAPS else ()
        return Reply(True, text, game_id=found.row.id, channel_id=found.row.channel_id, pictures=pictures)

    def _noted(self, loaded: Loaded, text: str) -> str:
        """A view of a game no longer played says so first."""
        ended = nudges.ended(loaded.row.status, loaded.state)
        return f"{ended}\n{text}" if ended is not None else text

    async def fleet(self, actor: Actor, channel_id: int | None = None, game_id: int | None = None) -> Reply:
        own = await self._own(actor, channel_id, game_id)
        if isinstance(own, Reply):
            return own
        loaded, state, player = own
        text = self._noted(loaded, views.fleet(state, player))
        return Reply(True, text, game_id=loaded.row.id, channel_id=loaded.row.channel_id)

    async def ship(
        self, actor: Actor, label: str, channel_id: int | None = None, game_id: int | None = None
    ) -> Reply:
        own = await self._own(actor, channel_id, game_id)
        if isinstance(own, Reply):
            return own
        loaded, state, player = own
        try:
            ship = state.ship(player, inputs.ship(state, player, label))
        except inputs.InputError as error:
            return refused(str(error), error.code)
        if ship is None:
            return refused(f"You have no ship called {label[:NAME_LIMIT]}.", "unknown-ship")
        text = self._noted(loaded, "\n".join(views.ship_lines(state, ship)))
        return Reply(True, text, game_id=loaded.row.id, channel_id=loaded.row.channel_id)

    async def situation(self, actor: Actor, game_id: int, star: str) -> Reply:
        """What a player needs to write this round's orders at ``star``."""
        own = await self._own(actor, None, game_id)
        if isinstance(own, Reply):
            return own
        loaded, state, player = own
        seen = view_for(state, player, loaded.ended)
        hex_name = seen.map.resolve(star[:NAME_LIMIT])
        if hex_name is None or not seen.map.is_star(hex_name):
            return refused(no_such(seen, star[:NAME_LIMIT]), "unknown-star")
        fights = any(s.owner == player for s in combatants(state, hex_name))
        if hidden(state, loaded.ended) and not fights:  # whether a battle is there is not theirs (R-BLIND-18)
            return refused(f"You have no ships fighting at {state.map.label(hex_name)}.", "not-in-battle")
        if state.battle(hex_name) is None:
            return refused(f"There is no battle at {state.map.label(hex_name)} now.", "no-battle")
        if not fights:
            where = state.map.label(hex_name)
            return refused(
                f"You have no ships in the battle at {where}: it has no orders for you.", "not-in-battle"
            )
        due = await self.deadline(loaded.row.id, hex_name)
        return Reply(True, views.situation(state, player, hex_name, due), game_id=loaded.row.id)

    async def map_picture(
        self,
        actor: Actor,
        channel_id: int | None = None,
        around: str = "",
        mine: bool = False,
        game_id: int | None = None,
    ) -> Reply:
        """The game's map, zoomed ``around`` some stars or hexes (``Kish Ur``), in public or
        (``mine``) as the asker sees it. A blind game has no public map until it ends: a player
        gets their own, privately, and anyone else is told why not (R-BLIND-4). A game waiting
        for its players shows the map it will be played on (:meth:`map_preview`)."""
        found = await self._find(channel_id, game_id)
        if isinstance(found, Reply):
            return found
        state, seat = found.state, found.seat_of(actor.user_id)
        if state is None and found.row.status == "lobby":
            return await self.map_preview(found.row.channel_id)
        if state is None:
            return refused("There is no map to show here yet: the game has not begun.", "not-running")
        if mine and seat is None:
            return refused("You do not play in this game: only the public map is yours to see.", "not-seated")
        blind = hidden(state, found.ended)
        if blind and seat is None:
            return refused(BLIND_MAP, "blind")
        viewer = seat.name if seat is not None and (mine or blind) else None
        seen = view_for(state, viewer, found.ended)
        if not seen.map.hexes:  # a hidden map before the player's end is settled (R-BLIND-30)
            text = self._noted(found, NOTHING_FOUND)
            return Reply(True, text, private=True, game_id=found.row.id, channel_id=found.row.channel_id)
        zoom = []
        for place in around.replace(",", " ").split():
            hex_name = seen.map.resolve(place[:NAME_LIMIT])
            if hex_name is None:
                return refused(no_such(seen, place[:NAME_LIMIT], "star or hex"), "unknown-star")
            zoom.append(hex_name)
        where = f" around {', '.join(seen.map.label(h) for h in zoom)}" if zoom else ""
        text = self._noted(
            found, f"The map of **{found.row.title}**{where}{' as you see it' if viewer else ''}."
        )
        picture = Picture("map", viewer=viewer, around=tuple(zoom))
        return Reply(
            True,
            text,
            private=viewer is not None,
            game_id=found.row.id,
            channel_id=found.row.channel_id,
            pictures=(picture,),
        )

    async def battle_reports(self, actor: Actor, game_id: int, last: int = 1) -> Reply:
        """The write-ups of the last rounds this player fought, as they may see them (R-CBT-11)."""
        try:
            last = validate.integer(last, "The number of rounds")
        except validate.TextError as invalid:
            return refused(str(invalid), invalid.code)
        own = await self._own(actor, None, game_id)
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
        text = self._noted(loaded, "\n\n".join(reports[-max(1, last) :]))
        return Reply(True, text, game_id=loaded.row.id)

    async def log(self, channel_id: int, page: int = 1) -> Reply:
        """The game's public story, a page at a time (page 1 is the latest)."""
        try:
            page = validate.integer(page, "The page")
        except validate.TextError as invalid:
            return refused(str(invalid), invalid.code)
        found = await self._find(channel_id)
        if isinstance(found, Reply):
            return found
        lines = await self._public_story(found)
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = min(max(page, 1), pages)
        end = len(lines) - (page - 1) * LOG_PAGE
        chunk = lines[max(0, end - LOG_PAGE) : end]
        head = self._noted(
            found, f"**{found.row.title}**: the story so far, page {page} of {pages} (newest last)"
        )
        return Reply(
            True,
            "\n".join([head, *chunk]),
            private=False,
            game_id=found.row.id,
            channel_id=found.row.channel_id,
        )

    async def _public_story(self, loaded: Loaded) -> list[str]:
        """Every public line the game's events have told, in order; a blind game's whole story
        once it has ended (R-BLIND-19), only what its channel heard before."""
        state: GameState | None = None
        lines: list[str] = []
        ended = loaded.ended
        for logged in await games.events(self.db, loaded.row.id):
            event = decode(Event, json.loads(logged.body))
            if state is not None:
                for a in tell((event,), state, loaded.names, reveal=ended):
                    if isinstance(a.to, ToChannel):
                        lines.extend(a.text.splitlines())
            state = fold([event], state)
        return lines
