"""The lobby's picture of a map before its game begins: the map as it will be played, with each
home end tinted in a seat's colour, its bases drawn as the scenario places them, and its name
on a label under its middle star and in the legend, so players see where they may start.

Pure, like the game's map (render.mapview): the map and the words in, PNG bytes out.
"""

from __future__ import annotations

import math

from engine.warpwar import GameState
from engine.warpwar.rulesets import RuleSetName, scenario
from engine.warpwar.starmap import HexMap
from engine.warpwar.state import Base, Ownership, PlayerState
from render.board import board_window, draw_board
from render.canvas import Picture, stack
from render.counters import chip
from render.frame import legend
from render.geometry import HexLayout
from render.heading import header
from render.mapview import text_size
from render.metrics import metrics
from render.palette import MUTED, RGB, player_colours
from render.recent import Happened


def ends_as_players(hex_map: HexMap, ruleset: RuleSetName, scenario_key: str) -> GameState:
    """A state before anyone is seated: each end holds its home stars as a player named after it
    would, with the bases its scenario gives (the middle star only, or all three)."""
    middle_only = scenario(ruleset, scenario_key).middle_base_only
    bases = {
        star: Base(star=star, owner=home.end)
        for home in hex_map.homes
        for star in ((home.middle,) if middle_only else home.bases)
    }
    owners = {star: Ownership(player=home.end, since=0) for home in hex_map.homes for star in home.bases}
    players = tuple(PlayerState(name=home.end, home=home.end) for home in hex_map.homes)
    return GameState(ruleset, scenario_key, hex_map, players, bases=bases, owners=owners)


def draw_preview(
    hex_map: HexMap,
    ruleset: RuleSetName,
    scenario_key: str,
    title: str,
    about: str,
    scale: float = 1.0,
    viewer: str | None = None,
    viewer_colour: RGB = MUTED,
) -> Picture:
    """The map with its ends marked, under ``title`` and a line ``about`` it; badged ``Public``,
    or for ``viewer``'s eyes only (a blind game's map, which only its players who found it see)."""
    state = ends_as_players(hex_map, ruleset, scenario_key)
    m = metrics(scale, text=text_size(hex_map))
    colours = player_colours(state)
    window = board_window(state, m, ())
    board = draw_board(state, m, window, colours, None, Happened())
    layout = HexLayout(m.radius, (-window[0], -window[1]))
    for home in hex_map.homes:
        cx, cy = layout.centre(hex_map.star(home.middle).hex)
        label = board.measure(home.end, m.chip_font) + 2 * m.chip_pad
        chip(
            board, m, colours[home.end], (cx - label / 2, cy + m.base + m.base_line / 2 + m.gap), (home.end,)
        )
    width = max(board.width, math.ceil(m.min_width))
    heading = header(m, width, title or hex_map.name, about, viewer, viewer_colour)
    keys = legend(state, m, width, colours, Happened(), None, moving=False)
    return stack([heading, board, keys])


def render_preview(
    hex_map: HexMap,
    ruleset: RuleSetName,
    scenario_key: str,
    title: str,
    about: str,
    scale: float = 1.0,
    viewer: str | None = None,
    viewer_colour: RGB = MUTED,
) -> bytes:
    """The preview as PNG bytes (see :func:`draw_preview`)."""
    return draw_preview(hex_map, ruleset, scenario_key, title, about, scale, viewer, viewer_colour).png()
