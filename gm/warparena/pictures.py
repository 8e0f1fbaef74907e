"""Warp Arena's pictures (gm.kinds.GameKind.picture): the arena, a fight, a hand.

``arena``: the board as anyone (or the viewer) sees it after the request's version, with the
last command's trails and dice (render.warparena.arena). ``fight``: the last combat's
story, from its CombatBegun to the version (render.warparena.fight). ``hand``: the viewer's
own cards (render.warparena.hand), only ever asked for the hand's owner (gm.warparena.story).
They are drawn from a :class:`Sketch` of the log, which the game master keeps and moves on by
the events since (gm.painting), so a picture never folds the whole log again.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from engine.serial import decode
from engine.warparena.combat_events import CombatBegun
from engine.warparena.events import fold
from engine.warparena.state import GameState
from engine.warparena.tx import Event
from engine.warparena.views import view_for
from gm.announce import Picture
from gm.kinds import Drawing
from render.warparena.arena import ArenaView, render_arena
from render.warparena.fight import render_fight
from render.warparena.hand import render_hand
from store.games import LoggedEvent

ARENA, FIGHT, HAND = "arena", "fight", "hand"
KINDS = (ARENA, FIGHT, HAND)


@dataclass(frozen=True)
class Sketch:
    """What Warp Arena's pictures are drawn from at some point of the log
    (gm.kinds.GameKind.sketch): the state, the last command's events and the state before them
    (the arena's trails and dice), and the last combat's events (a fight's story)."""

    state: GameState
    batch: int | None = None
    """The last command's batch (its version before it); None in older files, which show no trails."""
    before: GameState | None = None
    """The state before the last command (None when it made the game)."""
    recent: tuple[Event, ...] = ()
    """The last command's events."""
    combat: tuple[Event, ...] | None = None
    """The events since the last CombatBegun; None before any combat."""


def sketch(known: Sketch | None, rows: Sequence[LoggedEvent]) -> Sketch:
    """``known`` moved on by the log's next ``rows``, each event folded once."""
    state = known.state if known is not None else None
    batch = known.batch if known is not None else None
    before = known.before if known is not None else None
    recent = list(known.recent) if known is not None else []
    combat = list(known.combat) if known is not None and known.combat is not None else None
    for row in rows:
        event = decode(Event, json.loads(row.body))
        assert isinstance(event, Event)
        if row.batch is None or row.batch != batch or state is None:
            batch, before, recent = row.batch, state, []
        recent.append(event)
        if isinstance(event, CombatBegun):
            combat = []
        if combat is not None:
            combat.append(event)
        state = fold(state, [event])
    assert state is not None, "no events to sketch"
    return Sketch(state, batch, before, tuple(recent), tuple(combat) if combat is not None else None)


def drawing(known: Sketch, picture: Picture, title: str, scale: float) -> Drawing | None:
    """What to draw for ``picture`` from the sketch of the log up to its version; None for an
    unknown kind."""
    if picture.kind not in KINDS:
        return None
    view = view_for(known.state, picture.viewer)
    if picture.kind == HAND:
        return Drawing(render_hand, (view, scale)) if picture.viewer is not None else None
    if picture.kind == FIGHT:
        if known.combat is None:
            return None
        return Drawing(render_fight, (view, known.combat, scale))
    trails = known.batch is not None  # older files: no command's events are told apart
    close_up = bool(picture.around)  # the channel news after an action: a close-up for phones
    arena = ArenaView(
        title=title,
        recent=known.recent if trails else (),
        before=known.before.board if trails and known.before is not None else None,
        scale=scale,
        close_up=close_up,
    )
    return Drawing(render_arena, (view, arena))
