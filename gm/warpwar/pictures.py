"""WarpWar's pictures: the map (with the trails of the last phases), fleet cards, battles.

They are drawn from a :class:`Sketch` of the log (the state, the last two phases' events, the
last round at each star), which the game master keeps and moves on by the events since, so a
picture never folds the whole log again (gm.painting).

In a blind game every picture is drawn from what its viewer knows (engine.warpwar.view): their
map with the ships they last saw and, with the map hidden, only what they found; the trails of
their own ships and the battles they fought. Until the game ends there is no public picture.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from engine.serial import decode
from engine.warpwar import Event, GameState, fold
from engine.warpwar.events import (
    BaseDestroyed,
    MoveTakenBack,
    PhaseBegan,
    RoundFought,
    ShipLeftStar,
    ShipMoved,
    ShipRemoved,
    SystemshipDropped,
    SystemshipPickedUp,
    TurnBegan,
)
from engine.warpwar.report import RoundReport
from engine.warpwar.rulesets import RuleSetName
from engine.warpwar.starmap import MapError
from engine.warpwar.state import Phase
from engine.warpwar.view import hidden, last_seen, leads, view_for
from gm.announce import Picture
from gm.kinds import Drawing
from gm.warpwar.maps import RANDOM_MAP, load_map
from gm.warpwar.settings import Settings, map_about, map_of
from render.battle import render_battle
from render.fleet import render_fleet_card
from render.mapview import MapView, render_map
from render.palette import MUTED, player_colours
from render.preview import render_preview
from store.games import LoggedEvent


@dataclass(frozen=True)
class Stretch:
    """The events of one phase (from the TurnBegan or PhaseBegan that began it), with their
    numbers in the log, and the state before them."""

    before: GameState
    events: tuple[tuple[int, Event], ...] = ()


@dataclass(frozen=True)
class Sketch:
    """What WarpWar's pictures are drawn from at some point of the log (gm.kinds.GameKind.sketch):
    the state, the current and the previous phase (the map's trails and losses), and the last
    round fought at each star (a battle picture)."""

    state: GameState
    stretches: tuple[Stretch, ...] = ()
    """The previous phase and the current one, at most; fewer before the second phase."""
    rounds: Mapping[str, RoundReport] = field(default_factory=dict)
    """The last round fought at each star, by its hex."""


def sketch(known: Sketch | None, rows: Sequence[LoggedEvent]) -> Sketch:
    """``known`` moved on by the log's next ``rows``: each event folded once, the phases that
    began kept (the last two), the moves taken back dropped from them so no trail shows a
    move undone."""
    state = known.state if known is not None else None
    stretches = [(s.before, list(s.events)) for s in known.stretches] if known is not None else []
    rounds = dict(known.rounds) if known is not None else {}
    for row in rows:
        event: Event = decode(Event, json.loads(row.body))
        if state is not None and isinstance(event, TurnBegan | PhaseBegan):
            stretches = [*stretches[-1:], (state, [])]
        if isinstance(event, MoveTakenBack):
            stretches = [
                (before, [(n, e) for n, e in kept if n <= event.after]) for before, kept in stretches
            ]
        if stretches:
            stretches[-1][1].append((row.seq, event))
        if isinstance(event, RoundFought):
            rounds[event.report.star] = event.report
        state = fold([event], state)
    assert state is not None, "no events to sketch"
    return Sketch(state, tuple(Stretch(before, tuple(kept)) for before, kept in stretches), rounds)


def picture(
    known: Sketch,
    picture: Picture,
    title: str,
    due: datetime | None,
    scale: float,
    ended: bool = False,
) -> Drawing | None:
    """What to draw for a picture request, from the sketch of the log up to its version;
    ``ended``: the game has ended outside its rules (abandoned), so a blind game is seen whole
    (R-WIN-4)."""
    state = known.state
    viewer = picture.viewer
    blind = hidden(state, ended)
    if blind and viewer is None:
        return None  # R-BLIND-4: the channel sees no map of a blind game until it ends
    seen = view_for(state, viewer, ended)
    if picture.kind == "fleet" and viewer is not None:
        return Drawing(render_fleet_card, (seen, viewer, scale))
    if picture.kind == "battle" and picture.star is not None:
        report = known.rounds.get(picture.star)
        if report is None or (blind and viewer not in {r.owner for r in report.ships}):
            return None
        return Drawing(render_battle, (report, seen, viewer, scale))
    if picture.kind == "map" and state.phase is Phase.SETUP:
        return _ends_to_choose(state, seen, title, scale, viewer if blind else None)
    before, recent = _last_phase(known)
    if blind and viewer is not None:
        recent = tuple(e for e in recent if _own_news(e, viewer))
        before = view_for(before, viewer) if before is not None else None
    view = MapView(
        viewer=viewer,
        scale=scale,
        title=title,
        deadline=f"deadline {due:%a %d %b %H:%M} UTC" if due else "",
        recent=recent,
        before=before,
        around=tuple(h for h in picture.around if h in seen.map.hex_set),
        ghosts=tuple(last_seen(state, viewer, ended)) if viewer is not None else (),
        leads=leads(state, viewer, ended) if viewer is not None else (),
    )
    return Drawing(render_map, (seen, view))


def _ends_to_choose(
    state: GameState, seen: GameState, title: str, scale: float, viewer: str | None
) -> Drawing | None:
    """While the map end is being chosen: the map with its ends marked, as the lobby showed it;
    nothing for a player of a blind game who has not found the map (R-BLIND-30). A blind game's
    is for its ``viewer``'s eyes only, and its badge says so (an open game's is public)."""
    if not seen.map.hexes:
        return None
    about = f"Before game-turn 1: {state.active_player.name} chooses a map end"
    colour = player_colours(state).get(viewer, MUTED) if viewer is not None else MUTED
    args = (seen.map, state.ruleset, state.scenario_key, title, about, scale, viewer, colour)
    return Drawing(render_preview, args)


def _own_news(event: Event, viewer: str) -> bool:
    """Whether a blind game's map shows ``viewer`` this event's marks: their own ships' moves
    and losses, their battles, the Bases they lost or took."""
    if isinstance(event, ShipMoved | ShipLeftStar | ShipRemoved | SystemshipPickedUp | SystemshipDropped):
        return event.owner == viewer
    if isinstance(event, RoundFought):
        return viewer in {r.owner for r in event.report.ships}
    if isinstance(event, BaseDestroyed):
        return viewer in (event.owner, event.by)
    return False


def _last_phase(known: Sketch) -> tuple[GameState | None, tuple[Event, ...]]:
    """What the map's trails show: the events since the phase before the current one began,
    and the state before them (so a trail starts where its ship stood)."""
    if len(known.stretches) < 2:
        return None, ()
    return known.stretches[0].before, tuple(e for s in known.stretches for _, e in s.events)


def preview(settings: Settings, title: str, scale: float) -> Drawing | None:
    """The lobby's picture of the map the game will be played on, its ends marked; None when
    the map file cannot be played (the settings' check says why)."""
    if settings.map != RANDOM_MAP:
        try:
            load_map(settings.map)
        except MapError:
            return None
    return Drawing(_draw_preview, (settings, title, scale))


def _draw_preview(settings: Settings, title: str, scale: float) -> bytes:
    """Drawn off the event loop, the map generated there too (a random map takes some ms)."""
    about = f"Before the start: map {map_about(settings)}"
    ruleset = RuleSetName(settings.ruleset)
    return render_preview(map_of(settings), ruleset, settings.scenario, title, about, scale)
