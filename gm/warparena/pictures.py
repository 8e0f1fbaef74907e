"""Warp Arena's pictures (gm.kinds.GameKind.picture): the arena, a fight, a hand.

``arena``: the board as anyone (or the viewer) sees it after the request's version, with the
last command's trails and dice (render.warparena.arena). ``fight``: the last combat's
story, from its CombatBegun to the version (render.warparena.fight). ``hand``: the viewer's
own cards (render.warparena.hand), only ever asked for the hand's owner (gm.warparena.story).
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from engine.serial import decode
from engine.warparena.combat_events import CombatBegun
from engine.warparena.events import fold
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


def _event(row: LoggedEvent) -> Event:
    event = decode(Event, json.loads(row.body))
    assert isinstance(event, Event)
    return event


def drawing(rows: Sequence[LoggedEvent], picture: Picture, title: str, scale: float) -> Drawing | None:
    """What to draw for ``picture`` from the log up to its version; None for an unknown kind."""
    if picture.kind not in KINDS or not rows:
        return None
    events = [_event(r) for r in rows]
    last = rows[-1].batch
    split = (
        next((i for i, r in enumerate(rows) if r.batch == last), len(rows)) if last is not None else len(rows)
    )
    state = fold(None, events)
    view = view_for(state, picture.viewer)
    if picture.kind == HAND:
        return Drawing(render_hand, (view, scale)) if picture.viewer is not None else None
    if picture.kind == FIGHT:
        begun = max((i for i, e in enumerate(events) if isinstance(e, CombatBegun)), default=None)
        if begun is None:
            return None
        return Drawing(render_fight, (view, tuple(events[begun:]), scale))
    before = fold(None, events[:split]).board if 0 < split < len(events) else None
    close_up = bool(picture.around)  # the channel news after an action: a close-up for phones
    arena = ArenaView(
        title=title, recent=tuple(events[split:]), before=before, scale=scale, close_up=close_up
    )
    return Drawing(render_arena, (view, arena))
