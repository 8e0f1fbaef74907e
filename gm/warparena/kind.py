"""Warp Arena as a game kind (gm.kinds): the engine (engine.warparena) on the game master.

A game is made with fair dice (engine.warparena.fair, R-WA-DICE-2): the game master draws the
game's secret (its server seed) when the game is opened, announces its commitment at once,
and every roll is derived from the secret and the seats' own seeds, in seat order. The secret
is kept out of every view and story (store.secrets); the export shows the commitment, the
seeds and every roll always, and the seed once the game has ended, for
``python -m engine.warparena.verify`` to check.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields, replace
from datetime import datetime
from typing import Any

from engine.serial import decode
from engine.warparena.commands import Command, DeadlinePassed
from engine.warparena.events import fold
from engine.warparena.fair import FairDice, commitment
from engine.warparena.game import Accepted, GameSetup, apply, new_game
from engine.warparena.notation import choose_wild_warp
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event, Rolled
from engine.warparena.verify import dice_record
from engine.warparena.views import GameView, view_for
from gm.announce import Announcement, Picture, ToPlayer
from gm.kinds import Drawing, Outcome, Refused, Table, Telling, Wanted
from gm.warparena import deadlines as plan
from gm.warparena import pictures
from gm.warparena.channel import arena_news
from gm.warparena.pictures import Sketch
from gm.warparena.prompts import private_parts
from gm.warparena.reactions import with_standing_passes
from gm.warparena.settings import SETTING_NAMES, ArenaSettings, changed, describe, settings_from, to_data
from gm.warparena.story import hands, tell
from store.games import Deadline, LoggedEvent

WARPARENA = "warparena"


def dice_of(table: Table) -> FairDice:
    """The game's dice: its secret and its seats' seeds in seat order ("" for none)."""
    assert table.secret is not None, "a Warp Arena game has its secret from the start"
    return FairDice(table.secret, tuple(s.seed or "" for s in sorted(table.seats, key=lambda s: s.joined)))


class ArenaKind:
    """Warp Arena, 1985 (gm.kinds.GameKind)."""

    key = WARPARENA
    name = "Warp Arena"
    setting_names = SETTING_NAMES
    wants_secret = True

    # --- settings ------------------------------------------------------------------------

    def settings_from(self, data: Mapping[str, Any]) -> ArenaSettings:
        return settings_from(data)

    def settings_data(self, settings: ArenaSettings) -> dict[str, Any]:
        return to_data(settings)

    def shown_settings(self, settings: ArenaSettings, ended: bool) -> dict[str, Any]:
        return to_data(settings)

    def change_settings(
        self, settings: ArenaSettings, changes: Mapping[str, Any], running: bool
    ) -> ArenaSettings | str:
        return changed(settings, changes, running)

    def describe(self, settings: ArenaSettings, names: Iterable[str]) -> str:
        return describe(settings, names)

    def seats_wanted(self, settings: ArenaSettings) -> int:
        return settings.players

    def settings_title(self, settings: ArenaSettings) -> str:
        return settings.title

    def check_seat(self, settings: ArenaSettings, alliance: str | None, seed: str | None) -> str | None:
        return "Warp Arena has no alliances." if alliance else None

    def settle(self, settings: ArenaSettings, seed: int) -> ArenaSettings:
        return settings

    def lobby_pictures(self, before: ArenaSettings | None, after: ArenaSettings) -> tuple[Picture, ...]:
        return ()

    def opened(self, settings: ArenaSettings, secret: bytes | None) -> str:
        """The dice's commitment, announced before any player seed is known (R-WA-DICE-2)."""
        assert secret is not None
        return (
            f"The dice are fair: their server seed is fixed now, its SHA-256 is `{commitment(secret)}`; "
            "it is revealed when the game ends. Each player may add a seed of their own when joining."
        )

    def begun(self, state: GameState) -> str:
        return f"Players in seat order: {', '.join(p.name for p in state.players)}."

    # --- playing -------------------------------------------------------------------------

    def begin(self, settings: ArenaSettings, table: Table, seed: int) -> Outcome | Refused:
        players = tuple(s.name for s in sorted(table.seats, key=lambda s: s.joined))
        return new_game(GameSetup(players, settings.options), dice_of(table))

    def signed(self, command: Any, player: str) -> Any | None:
        if isinstance(command, DeadlinePassed) or "player" not in {f.name for f in fields(command)}:
            return None
        return replace(command, player=player)

    def apply(self, state: GameState, command: Command, table: Table) -> Outcome | Refused:
        """The engine's judgement, with fair dice. A Wild Warp named by its value alone (``seal
        wild 4``) becomes the player's lowest-numbered one first (R-WA-X-34): the game master
        knows the hand, the player's text need not."""
        player = getattr(command, "player", None)
        if player in {p.name for p in state.players}:
            command = choose_wild_warp(command, state.player(player).hand)
        dice = dice_of(table)
        result = apply(state, command, dice)
        return with_standing_passes(result, table.seats, dice) if isinstance(result, Accepted) else result

    def fold(self, events: Sequence[Event], state: GameState | None = None) -> GameState:
        return fold(state, events)

    def over(self, state: GameState) -> bool:
        return state.stage is Stage.OVER

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

    def view_for(self, state: GameState, player: str | None) -> GameView:
        return view_for(state, player)

    def tell(self, telling: Telling) -> list[Announcement]:
        """The story (gm.warparena.story), with the arena picture when the board changed or a
        phase ended (gm.warparena.channel), then the private parts: hands, the decisions now
        owed, a window's prompt (gm.warparena.prompts)."""
        told = tell(telling.events, telling.before, telling.table.names, telling.note)
        told = arena_news(told, telling.events, telling.before, telling.after)
        extra = private_parts(
            telling.before,
            telling.after,
            telling.events,
            telling.table,
            telling.version,
            dice_of(telling.table),
        )
        return [*told, *extra]

    def ended(self, status: str, state: GameState | None) -> str | None:
        if status == "abandoned":
            return "This game was abandoned."
        if state is not None and state.winner is not None:
            return f"This game is over: {state.winner} won."
        return None

    def revealed(self, state: GameState) -> list[str]:
        return hands(state)

    def deadlines_moved(
        self,
        state: GameState,
        settings: ArenaSettings,
        table: Table,
        deadlines: Sequence[Deadline],
        paused: bool,
    ) -> list[Announcement]:
        return []

    def exported(
        self, rows: Sequence[LoggedEvent], table: Table, ended: bool, setup: Mapping[str, Any]
    ) -> dict[str, Any]:
        """The dice for ``python -m engine.warparena.verify``: the seed once the game has ended."""
        if table.secret is None:
            return {}
        rolls = []
        for row in rows:
            if row.kind == Rolled.__name__:
                event = decode(Event, json.loads(row.body))
                assert isinstance(event, Rolled)
                rolls.append(event.roll)
        seeds = [s.seed or "" for s in sorted(table.seats, key=lambda s: s.joined)]
        seed = table.secret if ended else None
        return {"dice": dice_record(rolls, commitment(table.secret), seed, seeds)}

    # --- time ----------------------------------------------------------------------------

    def deadlines(self, state: GameState, settings: ArenaSettings) -> list[Wanted]:
        return plan.wanted(state, settings)

    def on_deadline(self, state: GameState, deadline: Deadline, table: Table) -> Outcome | None:
        dice = dice_of(table)
        result = plan.on_deadline(state, deadline.kind, dice)
        return None if result is None else with_standing_passes(result, table.seats, dice)

    def deadline_note(self, deadline: Deadline) -> str:
        if deadline.payload.get("decision") == "window":
            return "Time is up for cancelling: everyone who did not answer passes"
        return "The deadline passed: what was not decided takes its default"

    def remind(
        self, state: GameState, deadline: Deadline, due: datetime, table: Table, note: str
    ) -> list[Announcement]:
        ends = f"<t:{int(due.timestamp())}:R>"
        told = []
        for wait in plan.still_to_decide(state, deadline.payload):
            what = f": {wait.detail}" if wait.detail else ""
            decision = f"your {wait.decision.value} decision{what}"
            text = f"{note}: **{table.title}** waits on {decision}; it is taken for you {ends}."
            told.append(Announcement(ToPlayer(wait.player, table.names.get(wait.player, 0)), text))
        return told

    # --- pictures ------------------------------------------------------------------------

    def sketch(self, sketch: Sketch | None, rows: Sequence[LoggedEvent]) -> Sketch:
        return pictures.sketch(sketch, rows)

    def picture(
        self,
        sketch: Sketch,
        picture: Picture,
        title: str,
        due: datetime | None,
        scale: float,
        ended: bool = False,
    ) -> Drawing | None:
        """The arena, a fight or a hand (gm.warparena.pictures)."""
        return pictures.drawing(sketch, picture, title, scale)

    def preview(self, settings: ArenaSettings, picture: Picture, title: str, scale: float) -> Drawing | None:
        """Nothing: the arena is laid out when the game begins."""
        return None


ARENA_KIND = ArenaKind()
