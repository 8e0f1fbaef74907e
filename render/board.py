"""The board: hexes, stars, warplines, ownership, bases, ship counters and the last phase's marks.

Drawn bottom to top: owned stars' tints, the grid, warplines, battle outlines, move trails,
stars and bases, then every label and counter. Only the hexes inside the window are drawn,
so a crop (the zoom around a battle) costs less than the whole map.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import count, pairwise

from engine.warpwar import GameState
from engine.warpwar.hexgrid import DIRECTIONS
from engine.warpwar.knowledge import Sighting
from engine.warpwar.rulesets import RuleSetName
from engine.warpwar.starmap import HexMap
from render import marks
from render.canvas import Canvas, Ground
from render.counters import Stack, draw_stacks, stacks_by_hex
from render.geometry import Box, HexLayout, extent, offset_path
from render.metrics import Metrics
from render.palette import BACKGROUND, GRID, HEX_NUMBER, RGB, TEXT, VALUE, blend
from render.recent import Happened, Trail

OWNED_TINT = 0.3
"""How strongly an owned star's hex takes its owner's colour."""


def board_window(state: GameState, m: Metrics, hexes: Sequence[str], beyond: Sequence[str] = ()) -> Box:
    """The box a board shows: around ``hexes`` (the whole map when empty, with the hexes
    ``beyond`` it that the board marks: a hidden map's stars not yet found), with a margin,
    widened to the narrowest picture so that a zoom is filled with map."""
    left, top, right, bottom = extent(hexes or (*state.map.hexes, *beyond), m.radius)
    widen = max(0.0, m.min_width - (right - left + 2 * m.margin)) / 2
    return left - m.margin - widen, top - m.margin, right + m.margin + widen, bottom + m.margin


GROUNDS_KEPT = 8
"""Boards' grounds kept (:func:`_ground`), the most recently drawn: a whole printed map's is
about 6 MB, so a few games' maps, scales and blind players' views."""


def draw_board(
    state: GameState,
    m: Metrics,
    window: Box,
    colours: dict[str, RGB],
    viewer: str | None,
    happened: Happened,
    ghosts: Sequence[Sighting] = (),
    leads: Sequence[tuple[str, str]] = (),
) -> Canvas:
    """The board inside ``window`` (pixels relative to hex 0000) as ``viewer`` may see it; in a
    blind game with the ships ``viewer`` saw last where they saw them (``ghosts``) and the
    warplines they know leading to stars not yet found (``leads``).

    What changes only when a star changes hands (the grid, owned stars' tints, warplines, stars,
    hex numbers, star names) is the board's ground, drawn once and kept (:func:`_ground`); the
    rest is drawn on it, the very pixels of drawing it all at once (render.canvas.Ground). A star
    that a trail, a battle or a lead crosses is drawn again above them, as it always was."""
    left, top, right, bottom = window
    size = (math.ceil(right - left), math.ceil(bottom - top))
    layout = HexLayout(m.radius, (-left, -top))
    shown = _hexes_in(state, layout, *size)
    visible = set(shown)
    stars = [s for s in state.map.stars if s.hex in visible]
    tints = tuple(
        (s.hex, blend(BACKGROUND, colours[owner], OWNED_TINT))
        for s in stars
        if (owner := state.star_owner(s.name)) is not None
    )
    revised = state.ruleset is RuleSetName.REVISED
    canvas = Canvas(*size, ground=_ground(state.map, m, window, tints, revised))

    for known_end, unknown_end in leads:
        if known_end in visible:
            marks.warpline(canvas, m, layout.centre(known_end), layout.centre(unknown_end))
            marks.unknown_star(canvas, m, layout.centre(unknown_end))
    for hex_id in happened.battles:
        if hex_id in visible:
            marks.battle(canvas, m, layout, hex_id)
    crossed = {known for known, _ in leads} | set(happened.battles)
    for trail, lane in zip(happened.trails, lanes(happened.trails), strict=True):
        if any(h in visible for h in trail.hexes):
            side = (lane + 1) // 2 * (1 if lane % 2 else -1)
            points = offset_path([layout.centre(h) for h in trail.hexes], side * m.trail * 2)
            marks.trail(canvas, m, points, trail.jumps, colours[trail.owner])
            crossed.update(trail.hexes)
    for s in stars:
        if s.hex in crossed:
            marks.star(canvas, m, layout.centre(s.hex))
    for s in stars:
        found = state.bases.get(s.name)
        if found is not None:
            marks.base(canvas, m, layout.centre(s.hex), colours[found.owner], found.finished)
    for fallen in happened.fallen:
        if fallen.hex in visible:
            marks.fallen_base(canvas, m, layout.centre(fallen.hex), colours[fallen.owner])

    stacks = stacks_by_hex(state, viewer, happened.losses, ghosts)
    for hex_id in shown:
        if hex_id in stacks:
            _counters(canvas, m, layout, state.map.is_star(hex_id), hex_id, stacks[hex_id], colours, viewer)
    return canvas


@lru_cache(maxsize=GROUNDS_KEPT)
def _ground(
    hex_map: HexMap, m: Metrics, window: Box, tints: tuple[tuple[str, RGB], ...], revised: bool
) -> Ground:
    """What a board shows that never changes but when a star changes hands, as a picture of the
    window: owned stars' tints, the grid, warplines, stars, hex numbers and star names. Kept
    (:data:`GROUNDS_KEPT`), never changed once made: a board copies it before drawing on it."""
    left, top, right, bottom = window
    canvas = Canvas(math.ceil(right - left), math.ceil(bottom - top))
    layout = HexLayout(m.radius, (-left, -top))
    shown = _hexes_in_map(hex_map, layout, canvas.width, canvas.height)
    visible = set(shown)
    for hex_id, tint in tints:
        canvas.polygon(layout.corners(hex_id), fill=tint)
    for hex_id in shown:
        canvas.polygon(layout.corners(hex_id), outline=GRID, width=m.grid)
    for a, b in hex_map.warplines:
        ha, hb = hex_map.star(a).hex, hex_map.star(b).hex
        if ha in visible or hb in visible:
            marks.warpline(canvas, m, layout.centre(ha), layout.centre(hb))
    stars = [s for s in hex_map.stars if s.hex in visible]
    for s in stars:
        marks.star(canvas, m, layout.centre(s.hex))
    for hex_id in shown:
        cx, cy = layout.centre(hex_id)
        baseline = cy - layout.half_height + m.gap * 0.75 + m.number_font.size * 0.75
        canvas.text((cx, baseline), hex_id, m.number_font, HEX_NUMBER, "ms")
    for s in stars:
        at_edge = len(hex_map.neighbours(s.hex)) < len(DIRECTIONS)
        _star_name(canvas, m, layout, s.hex, s.name, s.value if revised else None, at_edge)
    return canvas.kept()


def lanes(trails: Sequence[Trail]) -> list[int]:
    """A lane for each trail, so that trails sharing a step run side by side: lane 0 on the
    hex centres, then one side, the other, and further out."""
    steps = [{frozenset(step) for step in pairwise(t.hexes)} for t in trails]
    found: list[int] = []
    for i, mine in enumerate(steps):
        taken = {found[j] for j in range(i) if mine & steps[j]}
        found.append(next(lane for lane in count() if lane not in taken))
    return found


def _hexes_in(state: GameState, layout: HexLayout, width: int, height: int) -> list[str]:
    """Map hexes that show at least partly on a canvas of this size, in map order."""
    return _hexes_in_map(state.map, layout, width, height)


def _hexes_in_map(hex_map: HexMap, layout: HexLayout, width: int, height: int) -> list[str]:
    r, h = layout.radius, layout.half_height
    shown = []
    for hex_id in hex_map.hexes:
        x, y = layout.centre(hex_id)
        if -r < x < width + r and -h < y < height + h:
            shown.append(hex_id)
    return shown


def _star_name(
    canvas: Canvas, m: Metrics, layout: HexLayout, hex_id: str, name: str, value: int | None, at_edge: bool
) -> None:
    """The name above the star, and its economic value beside it in gold (revised rules only).
    The name of a star at the map's edge is moved in rather than cut by the picture's edge (a
    crop's edge inside the map may cut one: the map goes on there)."""
    cx, cy = layout.centre(hex_id)
    font = m.name_font
    baseline = cy - m.base - m.base_line / 2 - m.gap
    worth = f" {value}" if value is not None else ""
    width = canvas.measure(name, font) + canvas.measure(worth, font)
    start = cx - width / 2
    if at_edge:
        start = max(m.gap, min(start, canvas.width - m.gap - width))
    canvas.text((start, baseline), name, font, TEXT, "ls", halo=BACKGROUND)
    if worth:
        canvas.text((start + canvas.measure(name, font), baseline), worth, font, VALUE, "ls", halo=BACKGROUND)


def _counters(
    canvas: Canvas,
    m: Metrics,
    layout: HexLayout,
    at_star: bool,
    hex_id: str,
    stacks: list[Stack],
    colours: dict[str, RGB],
    viewer: str | None,
) -> None:
    """Counters go under the star in a star hex, and in the middle of a hex of open space.

    The band may be a little wider than the hex: the neighbours beside it are open space
    (stars are never adjacent), whose counters sit in their own middle, half a hex higher
    or lower.
    """
    cx, cy = layout.centre(hex_id)
    bottom = cy + layout.half_height - m.gap
    if at_star:
        top, reach = cy + m.base + m.base_line / 2 + m.gap, m.radius * 1.2
    else:
        top, reach = cy - layout.half_height + m.number_font.size + 2.5 * m.gap, m.radius * 1.1
    draw_stacks(canvas, m, colours, (cx - reach, top, cx + reach, bottom), stacks, viewer)
