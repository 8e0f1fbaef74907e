"""Replay, export and import: a game is its event log, and can be rebuilt from it anywhere."""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict
from typing import Any

from engine.serial import encode
from engine.text import plural
from gm import validate
from gm.announce import Reply, refused
from gm.aside import GameSetAside
from gm.core import NAME_LIMIT, Actor, GameCore, Loaded
from gm.kinds import WARPWAR, GameKind, Kinds
from gm.lobby import ALLIANCE_LIMIT, SEED_LIMIT, TITLE_LIMIT
from store import games, secrets
from store.games import Seat

FORMAT = "warpwar-game"
VERSION = 1
STATUSES = ("lobby", "running", "over", "abandoned")


class Audit(GameCore):
    async def replay(self, game_id: int) -> Any:
        """The game rebuilt from its event log alone (None before it starts)."""
        logged = await games.events(self.db, game_id)
        if not logged:
            return None
        row = await games.game_by_id(self.db, game_id)
        assert row is not None
        kind = self.kind_of(row)
        return kind.fold([kind.decode_event(json.loads(e.body)) for e in logged])

    async def stored_state(self, game_id: int) -> Any:
        """The state as stored beside the log (what every command reads)."""
        return (await self.load(game_id)).state

    async def export(self, game_id: int) -> dict[str, Any]:
        """Everything needed to rebuild the game elsewhere, as JSON data. A game's secret (the
        server seed of its dice) is in it only once the game has ended (R-WA-DICE-2); what the
        kind holds back until then (a blind game's events) is ``withheld``, with why."""
        loaded = await self.load(game_id)
        logged = await games.events(self.db, game_id)
        ended = loaded.ended
        secret = {"secret": loaded.secret.hex()} if ended and loaded.secret is not None else {}
        extra = loaded.kind.exported(logged, loaded.table, ended, loaded.row.setup)
        return {
            "format": FORMAT,
            "version": VERSION,
            "title": loaded.row.title,
            "kind": loaded.row.kind,
            "status": loaded.row.status,
            "creator_id": loaded.row.creator_id,
            "setup": loaded.row.setup,
            "seats": [_seat(s) for s in loaded.seats],
            "events": [
                {"seq": e.seq, "actor_id": e.actor_id, "at": games.stamp(e.at), "event": json.loads(e.body)}
                for e in logged
            ],
            **secret,
            **extra,
        }

    async def import_game(self, actor: Actor, guild_id: int, channel_id: int, data: dict[str, Any]) -> Reply:
        """A game exported elsewhere, rebuilt here from its events (a server manager's tool)."""
        if not actor.manager:
            return refused("Only a server manager can import a game.", "not-manager")
        if not isinstance(data, dict) or data.get("format") != FORMAT or data.get("version") != VERSION:
            return refused("That is not a game exported by this bot.", "bad-import")
        if not (games.fits(guild_id) and games.fits(channel_id)):
            return refused("That is not a server and channel a game can be in.", "bad-place")
        if await self.game_in(channel_id) is not None:
            return refused("This channel already has a game.", "channel-busy")
        read = _read(data, self.kinds)
        if isinstance(read, str):
            return refused(f"The exported game is damaged: {read}.", "bad-import")
        kind, events, state, settings, seats = read
        status, title, creator = str(data["status"]), str(data["title"]).strip(), int(data["creator_id"])
        now = self.clock.now()
        async with self.db.transaction():
            game_id = await games.create_game(
                self.db,
                guild_id=guild_id,
                channel_id=channel_id,
                kind=kind.key,
                title=title,
                creator_id=creator,
                setup=data["setup"],
                now=now,
            )
            for seat in seats:
                await games.add_seat(self.db, game_id, seat)
            if "secret" in data:
                await secrets.put(self.db, game_id, bytes.fromhex(str(data["secret"])))
            bodies = [(type(e).__name__, json.dumps(encode(e))) for e in events]
            await games.append_events(self.db, game_id, 1, bodies, None, now)
            stored = json.dumps(encode(state)) if state is not None else None
            await games.update_game(self.db, game_id, now, status=status, version=len(events), state=stored)
            if state is not None and status == "running":
                await games.replace_deadlines(
                    self.db, game_id, await self.planned(kind, game_id, settings, state, now)
                )
        self.deadlines_moved()
        return Reply(
            True,
            f"Imported **{title}** ({plural(len(events), 'event')}).",
            private=False,
            game_id=game_id,
            channel_id=channel_id,
        )

    async def games_of(self, actor: Actor) -> list[Loaded]:
        """Live games where the user has a seat, newest first (to pick one from a DM)."""
        found = []
        for row in await games.games_of_user(self.db, actor.user_id):
            with contextlib.suppress(GameSetAside):  # it takes no orders: nothing to offer
                found.append(await self.load(row.id))
        return found


Read = tuple[GameKind, list[Any], Any, Any, tuple[Seat, ...]]


def _read(data: dict[str, Any], kinds: Kinds) -> Read | str:
    """The parts of an export, checked; or what is wrong with it, in a manager's words. An
    export written before there were kinds is WarpWar's."""
    key = str(data.get("kind", WARPWAR))
    if key not in kinds:
        return f"it is a game of {key[:20]!r}, which this bot does not host"
    kind = kinds[key]
    if "withheld" in data:
        return str(data["withheld"])[:200]
    missing = [k for k in ("events", "setup", "seats", "status", "title", "creator_id") if k not in data]
    if missing:
        return f"it has no {missing[0]}"
    if not isinstance(data["setup"], dict) or not isinstance(data["seats"], list):
        return "its setup or seats are not what an export holds"
    if data["status"] not in STATUSES or not isinstance(data["creator_id"], int):
        return f"its status {str(data['status'])[:20]!r} or creator is not one this bot writes"
    try:
        seats = tuple(
            Seat(
                int(s["user_id"]),
                str(s["name"]),
                int(s["joined"]),
                s.get("alliance"),
                s.get("seed"),
                str(s.get("reactions", "ask"))[:16],
            )
            for s in data["seats"]
        )
        events = [kind.decode_event(e["event"]) for e in data["events"]]
        state = kind.fold(events) if events else None
        if "secret" in data:
            bytes.fromhex(str(data["secret"]))
    except (KeyError, TypeError, ValueError, AttributeError, AssertionError):
        return "its seats or events cannot be read"
    shown = _unshowable(str(data["title"]), seats)
    if shown:
        return shown
    if kind.wants_secret and "secret" not in data and data["status"] in ("lobby", "running"):
        ends = "exported with its secret only once it has ended"
        return f"a {kind.name} game is {ends}, so this one cannot go on here"
    if len({s.user_id for s in seats}) != len(seats) or len({s.name for s in seats}) != len(seats):
        return "two seats have the same player"
    if state is not None and sorted(kind.players(state)) != sorted(s.name for s in seats):
        return "its seats are not the players of its game"
    known = {k: v for k, v in data["setup"].items() if k in kind.setting_names}
    # checked as changes to themselves: what the game stored stands (a map retired since it began)
    settings = kind.change_settings(kind.settings_from(known), known, running=False)
    if isinstance(settings, str):
        return settings[0].lower() + settings[1:].rstrip(".")
    return kind, events, state, settings, seats


def _seat(seat: Seat) -> dict[str, Any]:
    """A seat in an export; a seat without a seed of its own, or a standing answer to windows, is
    written as before there were any."""
    data = asdict(seat)
    if data["seed"] is None:
        del data["seed"]
    if data["reactions"] == "ask":  # the default (Warp Arena's standing answer): as before there were any
        del data["reactions"]
    return data


def _unshowable(title: str, seats: tuple[Seat, ...]) -> str:
    """What in the export's names cannot be shown to players (gm.validate), or ""."""
    try:
        validate.name(title, "its title", TITLE_LIMIT)
        for seat in seats:
            validate.name(seat.name, "a seat's name", NAME_LIMIT)
            if seat.alliance is not None:
                validate.name(str(seat.alliance), "an alliance's name", ALLIANCE_LIMIT)
            if seat.seed is not None:
                validate.name(str(seat.seed), "a seed", SEED_LIMIT)
    except validate.TextError as invalid:
        return str(invalid).rstrip(".")
    return ""
