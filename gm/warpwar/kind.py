"""WarpWar as a game kind (gm.kinds): today's WarpWar code behind the one interface the game
master's core calls. Nothing here is new rules: it adapts the engine (engine.warpwar), the
settings, the story, the deadlines, the nudges and the pictures of gm/warpwar/."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from datetime import datetime
from typing import Any

from engine.records import replace
from engine.serial import decode
from engine.warpwar import Event, GameSetup, GameState, PlayerSetup, Rejected, apply, fold, new_game
from engine.warpwar.commands import Command
from engine.warpwar.events import GameCreated
from engine.warpwar.state import Blind, GameOptions
from gm.announce import Announcement, Picture, ToPlayer
from gm.kinds import WARPWAR, Drawing, Outcome, Refused, Table, Telling, Wanted
from gm.warpwar import deadlines as plan
from gm.warpwar import ends, nudges, pictures, views
from gm.warpwar.channel import dated, deadline_moved
from gm.warpwar.maps import RANDOM_MAP, RETIRED_MAPS
from gm.warpwar.settings import (
    MAP_FIELDS,
    SETTING_NAMES,
    Settings,
    changed,
    describe,
    map_of,
    random_map_line,
    seed_secret,
    settings_from,
    settle,
    shown,
    to_data,
)
from gm.warpwar.story import revealed, tell
from store.games import Deadline, LoggedEvent


def heading_due(deadlines: Iterable[Deadline]) -> datetime | None:
    """The deadline a phase's post shows: the phase's, or its combat round's if sooner."""
    return min((d.due_at for d in deadlines if d.kind in ("phase", "round")), default=None)


def phase_due(deadlines: Iterable[Deadline]) -> datetime | None:
    """When the player's phase ends by itself (its call and letter say so)."""
    return next((d.due_at for d in deadlines if d.kind == "phase"), None)


WITHHELD = "it is a blind game exported before its end, without its events (they are the players' secrets)"
"""Why a running blind game's export has no events (gm.audit reads it back as the reason)."""

OTHER_GAME = (
    "**{title}** is a game of {name}: WarpWar's commands and views do not reach it "
    "(its own come to Discord and the console with the next version)."
)


def other_game(kind_key: str, name: str, title: str) -> str | None:
    """What a WarpWar command or view says of a game of another kind; None for WarpWar's."""
    return None if kind_key == WARPWAR else OTHER_GAME.format(title=title, name=name)


class WarpWarKind:
    """WarpWar 1977 and 1994 (gm.kinds.GameKind)."""

    key = WARPWAR
    name = "WarpWar"
    setting_names = SETTING_NAMES
    wants_secret = False

    # --- settings ------------------------------------------------------------------------

    def settings_from(self, data: Mapping[str, Any]) -> Settings:
        return settings_from(dict(data))

    def settings_data(self, settings: Settings) -> dict[str, Any]:
        return to_data(settings)

    def shown_settings(self, settings: Settings, ended: bool) -> dict[str, Any]:
        return shown(settings, ended)

    def change_settings(
        self, settings: Settings, changes: Mapping[str, Any], running: bool
    ) -> Settings | str:
        return changed(settings, dict(changes), running)

    def describe(self, settings: Settings, names: Iterable[str]) -> str:
        return describe(settings, names)

    def seats_wanted(self, settings: Settings) -> int:
        return settings.players

    def settings_title(self, settings: Settings) -> str:
        return settings.title

    def check_seat(self, settings: Settings, alliance: str | None, seed: str | None) -> str | None:
        if alliance and settings.ruleset != "revised":
            return "Alliances are part of the revised rules only."
        if seed:
            return "WarpWar has no dice of the players' seeds: join without a seed."
        return None

    def settle(self, settings: Settings, seed: int) -> Settings:
        return settle(settings, seed)

    def lobby_pictures(self, before: Settings | None, after: Settings) -> tuple[Picture, ...]:
        """The map to be played, with its ends, when it is random or another map (R-GEN-*);
        never a map to be found by exploring (``blind: map``, R-BLIND-31)."""
        if after.blind == Blind.MAP.value:
            return ()
        if before is None:
            shown = after.map == RANDOM_MAP
        else:
            shown = before.map != after.map or (
                after.map == RANDOM_MAP and any(getattr(before, n) != getattr(after, n) for n in MAP_FIELDS)
            )
        return (Picture("map"),) if shown else ()

    def opened(self, settings: Settings, secret: bytes | None) -> str:
        """How to make a random map again (its seed), or nothing for a map file."""
        return random_map_line(settings)

    def begun(self, state: GameState) -> str:
        return f"Turn order: {', '.join(p.name for p in state.players)}."

    # --- playing -------------------------------------------------------------------------

    def begin(self, settings: Settings, table: Table, seed: int) -> Outcome | Refused:
        """Turn order and map ends drawn with ``seed`` (stored, so replays agree); the player
        moving second then chooses their end (R-SCEN-2). A retired map cannot begin a game."""
        if settings.map in RETIRED_MAPS:
            return Rejected(
                "retired-map", f"{RETIRED_MAPS[settings.map]} Choose another with /warpwar settings."
            )
        setup = GameSetup(
            ruleset=settings.ruleset,
            scenario=settings.scenario,
            map=map_of(settings),
            players=tuple(PlayerSetup(s.name, alliance=s.alliance) for s in table.seats),
            fixed_order=settings.fixed_order,
            options=GameOptions(parallel_battles=settings.parallel_battles, blind=Blind(settings.blind)),
        )
        return new_game(setup, random.Random(seed))

    def signed(self, command: Any, player: str) -> Any | None:
        """WarpWar's players' commands name their player; CloseRound is the game master's."""
        if "player" not in {f.name for f in fields(command)}:
            return None
        return replace(command, player=player)

    def apply(self, state: GameState, command: Command, table: Table) -> Outcome | Refused:
        return apply(state, command)

    def fold(self, events: Sequence[Event], state: GameState | None = None) -> GameState:
        return fold(list(events), state)

    def over(self, state: GameState) -> bool:
        return state.result is not None

    def players(self, state: GameState) -> list[str]:
        return [p.name for p in state.players]

    # --- the JSON codec ------------------------------------------------------------------

    def decode_state(self, data: Any) -> GameState:
        state = decode(GameState, data)
        if not isinstance(state, GameState):
            raise TypeError(f"the saved state is a {type(state).__name__}")
        return state

    def decode_event(self, data: Any) -> Any:
        return decode(Event, data)

    def decode_command(self, data: Any) -> Any:
        return decode(Command, data)

    # --- what players see ----------------------------------------------------------------

    def view_for(self, state: GameState, player: str | None) -> str:
        """The game's status as ``player`` may read it (their own unfinished Bases included)."""
        return views.status(state, "", None, False, None, player)

    def tell(self, telling: Telling) -> list[Announcement]:
        """The story (gm.warpwar.story), the phase's deadline in its posts, and the turn's news
        (the call of whose turn it is, their letter, and the buttons of the choice of a map end
        while it is open)."""
        table, settings, state = telling.table, telling.settings, telling.after
        told = tell(telling.events, telling.before, table.names, settings.announce, telling.note)
        told = dated(told, heading_due(telling.deadlines), telling.paused)
        due = phase_due(telling.deadlines)
        where = (table.title, table.channel_id)
        question = ends.prompt(state, table.game_id, telling.version)
        return nudges.turn_news(
            told, telling.events, state, table.names, where, due, telling.paused, telling.acting, question
        )

    def ended(self, status: str, state: GameState | None) -> str | None:
        return nudges.ended(status, state)

    def revealed(self, state: GameState) -> list[str]:
        return revealed(state)

    def deadlines_moved(
        self, state: GameState, settings: Settings, table: Table, deadlines: Sequence[Deadline], paused: bool
    ) -> list[Announcement]:
        """The phase's post headed anew: its deadline (or paused) in the footer, its player's
        call to match (``announce: phase`` only; the channel's line stays the reply's)."""
        if state.result is not None or settings.announce != "phase":
            return []
        turn = nudges.turn_of(state, table.names, phase_due(deadlines), paused, call=False)
        return [deadline_moved(state, heading_due(deadlines), paused, turn)]

    def exported(
        self, rows: Sequence[LoggedEvent], table: Table, ended: bool, setup: Mapping[str, Any]
    ) -> dict[str, Any]:
        """A blind game's export holds its events only once it has ended: they are every
        player's secrets (R-BLIND-19). Such an export cannot be imported to go on elsewhere.
        A random map's secret seed (R-BLIND-31) is left out of the settings until then too."""
        if ended:
            return {}
        hidden = {"setup": {**setup, "map_seed": 0}} if seed_secret(settings_from(dict(setup))) else {}
        first = self.decode_event(json.loads(rows[0].body)) if rows else None
        if not isinstance(first, GameCreated) or not first.state.blind:
            return hidden
        return {"events": [], "withheld": WITHHELD, **hidden}

    # --- time ----------------------------------------------------------------------------

    def deadlines(self, state: GameState, settings: Settings) -> list[Wanted]:
        return plan.wanted(state, settings)

    def on_deadline(self, state: GameState, deadline: Deadline, table: Table) -> Outcome | None:
        return plan.on_deadline(state, deadline.kind, deadline.payload)

    def deadline_note(self, deadline: Deadline) -> str:
        return "The orders deadline passed" if deadline.kind == "round" else "The deadline passed"

    def remind(
        self, state: GameState, deadline: Deadline, due: datetime, table: Table, note: str
    ) -> list[Announcement]:
        """The letter again, to those who still must act: the game, its channel, what is
        awaited, by when, and how to do it."""
        star = deadline.payload.get("star")
        told = []
        for player in plan.still_to_act(state, deadline.payload):
            if star:
                text = nudges.orders_reminder(state, player, table.title, table.channel_id, star, due, note)
            else:
                text = nudges.letter(state, player, table.title, table.channel_id, due, reminder=note)
            told.append(Announcement(ToPlayer(player, table.names.get(player, 0)), text))
        return told

    # --- pictures ------------------------------------------------------------------------

    def sketch(self, sketch: pictures.Sketch | None, rows: Sequence[LoggedEvent]) -> pictures.Sketch:
        return pictures.sketch(sketch, rows)

    def picture(
        self,
        sketch: pictures.Sketch,
        picture: Picture,
        title: str,
        due: datetime | None,
        scale: float,
        ended: bool = False,
    ) -> Drawing | None:
        return pictures.picture(sketch, picture, title, due, scale, ended)

    def preview(self, settings: Settings, picture: Picture, title: str, scale: float) -> Drawing | None:
        """The map the game will be played on, each home end marked (a retired map, or one to be
        found by exploring: nothing, R-BLIND-31)."""
        if picture.kind != "map" or settings.map in RETIRED_MAPS or settings.blind == Blind.MAP.value:
            return None
        return pictures.preview(settings, title, scale)


WARPWAR_KIND = WarpWarKind()
