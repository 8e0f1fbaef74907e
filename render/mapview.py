"""The map picture of a game: the whole board or a zoom around some hexes, publicly or for one player.

``render_map(state, MapView(...))`` is all a caller needs: it is pure (the state and the
view in, PNG bytes out), gives the same bytes for the same input, and may run in a worker
thread. :func:`draw_map` returns the picture before encoding with every string drawn on it,
which is how tests check that a view tells nothing it should not.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, replace

from engine.warpwar import Event, GameState
from engine.warpwar.hexgrid import distance
from engine.warpwar.knowledge import Sighting
from engine.warpwar.starmap import HexMap
from render.board import board_window, draw_board
from render.canvas import Picture, stack
from render.frame import legend, title_bar
from render.geometry import HexLayout, extent
from render.metrics import metrics
from render.palette import MUTED, player_colours
from render.recent import what_happened


@dataclass(frozen=True)
class MapView:
    """How to draw a game's map: for whom, how large, with what the caller knows."""

    viewer: str | None = None
    """The player whose own ships are shown in detail; None for the public map."""
    scale: float = 1.0
    """Every size follows from this (1: a hex is 92 pixels across)."""
    title: str = ""
    """The game's title; the map's name when empty."""
    deadline: str = ""
    """The current phase's deadline as the caller words it ("deadline Fri 18:00 UTC")."""
    recent: tuple[Event, ...] = ()
    """The events of the last phase: trails, losses and fallen bases are drawn from them."""
    before: GameState | None = None
    """The state before ``recent``: trails then start where each ship stood (ShipMoved lists only
    the hexes entered)."""
    around: tuple[str, ...] = ()
    """Hexes (numbers or star names) to zoom in on; empty for the whole map. A zoom has larger
    hexes beside the same text, so every ship in it can be named in detail."""
    rings: int = 2
    """How many hexes of surroundings a zoom keeps around ``around``."""
    ghosts: tuple[Sighting, ...] = ()
    """In a blind game, other players' ships the viewer saw and does not see now: drawn hollow
    where they were last seen, with the game-turn (R-BLIND-2)."""
    leads: tuple[tuple[str, str], ...] = ()
    """With ``blind: map``, warplines known from one end: the found star's hex, then the hex of
    the star not yet found at the other end (R-BLIND-3)."""


def draw_map(state: GameState, view: MapView = MapView()) -> Picture:
    """The map as ``view.viewer`` may see it: title bar, board (or the zoom), legend."""
    if view.viewer is not None and not state.has_player(view.viewer):
        raise ValueError(f"{view.viewer} does not play in this game")
    zoom = _zoom_hexes(state, view)
    text = 1.0 if zoom else text_size(state.map)
    m = metrics(view.scale, text=text)
    board_m = metrics(view.scale, zoom=bool(zoom), text=text)
    colours = player_colours(state)
    happened = what_happened(state, view.recent, view.before, view.viewer, view.ghosts)
    window = board_window(state, board_m, zoom, tuple(far for _, far in view.leads))
    board = draw_board(state, board_m, window, colours, view.viewer, happened, view.ghosts, view.leads)
    width = max(board.width, math.ceil(m.min_width))
    own = colours[view.viewer] if view.viewer is not None else MUTED
    top = title_bar(state, m, width, view.title, view.deadline, view.viewer, own)
    bottom = legend(state, m, width, colours, happened, view.viewer, view.ghosts, view.leads)
    picture = stack([top, board, bottom])
    left, upper = window[0] - (width - board.width) // 2, window[1] - top.height
    return replace(picture, layout=HexLayout(board_m.radius, (-left, -upper)))


PRINTED_WIDTH = 1058.0
"""The printed map's board at scale 1, in pixels: the width a phone shows at its own size."""
MOST_TEXT = 1.5
"""Text grows with a map wider than the printed one up to this much, beyond which names of
stars two columns apart would meet."""


def text_size(hex_map: HexMap) -> float:
    """How much larger than on the printed map a whole map's text is drawn: a phone shrinks a
    wider picture to its width, and the names and counters should read there as the printed
    map's do (1 for the printed map and narrower ones)."""
    left, _, right, _ = extent(hex_map.hexes, metrics().radius)
    return min(MOST_TEXT, max(1.0, (right - left) / PRINTED_WIDTH))


def render_map(state: GameState, view: MapView = MapView()) -> bytes:
    """The map as PNG bytes (see :func:`draw_map`)."""
    return draw_map(state, view).png()


def _zoom_hexes(state: GameState, view: MapView) -> tuple[str, ...]:
    if not view.around:
        return ()
    resolved = [state.map.resolve(place) for place in view.around]
    unknown = [place for place, hex_id in zip(view.around, resolved, strict=True) if hex_id is None]
    if unknown:
        raise ValueError(f"not on this map: {', '.join(unknown)}")
    return hexes_near(state.map, (h for h in resolved if h is not None), view.rings)


def hexes_near(hex_map: HexMap, around: Iterable[str], rings: int) -> tuple[str, ...]:
    """Hexes of the map within ``rings`` steps of any of ``around``, in map order."""
    targets = [h for h in dict.fromkeys(around) if h in hex_map.hex_set]
    return tuple(h for h in hex_map.hexes if any(distance(h, t) <= rings for t in targets))
