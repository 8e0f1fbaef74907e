"""The channel's news of a Warp Arena game: the arena picture it carries, and set-up's one post.

* The news after a single action carries a close-up of the hexes it changed, legible on a
  phone (render.warparena.closeup); the news of a phase's end, a turn's or the game's carries
  the whole arena, whether or not the board changed then (R-WA-X-72), so the channel shows the
  whole arena at least once a phase. A game's first news, and set-up's, show it whole too.
* Set-up is one post (R-WA-X-73): every line told while grids and pieces are being placed is
  marked with :data:`SET_UP`, so a front end that can edit (the Discord herald,
  cogs/shared/phase_post.py) adds it to one message and replaces that message's picture,
  rather than posting a whole arena for each placement. Its heading says when set-up is over;
  what follows (initiative, turn 1) is posted anew.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.warparena import combat_events as fights
from engine.warparena import events as ev
from engine.warparena.board import Board
from engine.warparena.hexes import CENTRE, hex_name
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event
from gm.announce import Announcement, Heading, PhaseKey, Picture, ToChannel
from gm.warparena.pictures import ARENA

SETTING_UP = (Stage.PLACING_GRIDS, Stage.PLACING_PIECES)
SET_UP = PhaseKey(0, "set-up")
"""The one post of a game's set-up (no player-turn is ever numbered 0)."""
SET_UP_TITLE = "Set-up: placing grids and pieces"
SET_UP_OVER = "Set-up is over"
ENDINGS = (ev.PhaseEnded, ev.TurnBegun, fights.GameWon)
"""Events that end a phase (a turn begins when the last phase of the one before has ended)."""


def set_up_heading(over: bool, next_to_place: str | None = None) -> Heading:
    """The set-up post's heading; its footer says who places next, and once set-up is over,
    that it is."""
    footer = SET_UP_OVER if over else f"{next_to_place} places next." if next_to_place else ""
    return Heading(SET_UP_TITLE, footer=footer, live=not over)


def ends_a_phase(events: Sequence[Event], after: GameState) -> bool:
    """Whether these events end a phase, a turn or the game (R-WA-X-72)."""
    return after.stage is Stage.OVER or any(isinstance(e, ENDINGS) for e in events)


def with_arena_picture(told: list[Announcement], around: tuple[str, ...] = ()) -> list[Announcement]:
    """The first plain channel announcement carries the arena picture: a close-up of what
    the last action touched when ``around`` names its hexes (legible on a phone), else the
    whole arena."""
    for i, a in enumerate(told):
        if isinstance(a.to, ToChannel) and a.picture is None and a.prompt is None:
            return [*told[:i], replace(a, picture=Picture(ARENA, around=around)), *told[i + 1 :]]
    return told


def arena_news(
    told: list[Announcement], events: Sequence[Event], before: GameState | None, after: GameState
) -> list[Announcement]:
    """The story's announcements with the arena picture they call for (module docstring):
    none when the board did not change and no phase ended."""
    if before is None or before.stage in SETTING_UP or ends_a_phase(events, after):
        return with_arena_picture(told)
    if before.board != after.board:
        return with_arena_picture(told, changed_hexes(before.board, after.board))
    return told


def changed_hexes(before: Board, after: Board) -> tuple[str, ...]:
    """Hexes a piece left or entered, or that were destroyed, and the centres of grids
    moved or turned, between two boards."""
    was = {(p.owner, p.label): p.hex for p in before.pieces}
    now = {(p.owner, p.label): p.hex for p in after.pieces}
    hexes = {
        h
        for key in was.keys() | now.keys()
        if was.get(key) != now.get(key)
        for h in (was.get(key), now.get(key))
        if h
    }
    hexes |= set(after.destroyed) - set(before.destroyed)
    hexes |= {hex_name(g.number, CENTRE) for g in after.grids if before.grid(g.number) != g}
    return tuple(sorted(hexes))
