"""The frame around a board: the title bar above (whose turn, what phase, until when) and the
legend below (who has which colour, what each mark means).

A picture is often seen days later, out of context, so it says which game and turn it shows,
and a private picture says whose eyes it is for, in that player's colour.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.warpwar import GameState, Phase
from engine.warpwar.knowledge import Sighting
from engine.warpwar.rulesets import RuleSetName
from render import marks
from render.canvas import Canvas
from render.counters import LOST_MARK, chip
from render.geometry import HexLayout, Point
from render.heading import header
from render.metrics import Metrics
from render.palette import BACKGROUND, GRID, MARK, MUTED, PANEL, RGB, blend
from render.recent import Happened


def status_line(state: GameState, deadline: str) -> str:
    """``Game-turn 5 · alice's move phase · deadline in 2 days``, or how the game ended."""
    if state.phase is Phase.OVER:
        result = state.result
        winners = result.winners if result is not None else ()
        outcome = f"{' and '.join(winners)} won" if winners else "a draw"
        reason = f" ({result.reason})" if result is not None and result.reason else ""
        return f"Game over: {outcome}{reason}"
    parts = [f"Game-turn {state.game_turn}", f"{state.active_player.name}'s {state.phase.value} phase"]
    if deadline:
        parts.append(deadline)
    return " · ".join(parts)


def title_bar(
    state: GameState, m: Metrics, width: int, title: str, deadline: str, viewer: str | None, colour: RGB
) -> Canvas:
    """The map's title bar: the game, then the turn, phase and deadline; whose view it is."""
    return header(m, width, title or state.map.name, status_line(state, deadline), viewer, colour)


# --- legend ----------------------------------------------------------------------------------

OWN_SAMPLE = "W2 PD5 ▼3 [S10]"
GHOST_SAMPLE = "W3 t5"
"""The legend's example of a ship last seen (render.counters.ghost_token)."""
"""The legend's example of a counter of the viewer's own ships."""


@dataclass(frozen=True)
class _Key:
    """One legend entry: a symbol ``width`` wide drawn by ``draw`` (given its left middle), then words."""

    width: float
    draw: Callable[[Canvas, Point], object]
    words: str


def legend(
    state: GameState,
    m: Metrics,
    width: int,
    colours: dict[str, RGB],
    happened: Happened,
    viewer: str | None,
    ghosts: Sequence[Sighting] = (),
    leads: Sequence[tuple[str, str]] = (),
    moving: bool = True,
) -> Canvas:
    """Players in turn order with their colours, then the meaning of every mark on this picture
    (in a blind game: ships last seen, stars not yet found); ``moving`` False for a map nobody
    plays on yet (the lobby's preview): nobody is to move."""
    keys = [*_player_keys(state, m, colours, moving), *_mark_keys(state, m, happened)]
    if ghosts:
        keys.append(_chip_key(m, MUTED, GHOST_SAMPLE, "last seen, in game-turn 5", lost=True))
    if leads:
        keys.append(
            _Key(
                m.radius * 0.5,
                lambda c, at: marks.unknown_star(c, m, (at[0] + m.radius * 0.25, at[1])),
                "star not yet found",
            )
        )
    if viewer is not None:
        words = "your ship: PD now, points of damage, Systemships aboard"
        keys.append(_chip_key(m, colours[viewer], OWN_SAMPLE, words))
    font = m.legend_font
    row = max(font.size * 1.9, m.chip_line * 1.8)
    places = _flow(
        [k.width + (m.margin * 0.5 + Canvas.measure(k.words, font) if k.words else 0) for k in keys], m, width
    )
    rows = max(y for _, y in places) + 1
    canvas = Canvas(width, math.ceil(m.margin * 1.5 + rows * row), PANEL)
    for key, (x, y) in zip(keys, places, strict=True):
        middle = m.margin * 0.75 + (y + 0.5) * row
        key.draw(canvas, (x, middle))
        if key.words:
            canvas.text((x + key.width + m.margin * 0.5, middle), key.words, font, MUTED, "lm")
    return canvas


def _flow(widths: Sequence[float], m: Metrics, width: float) -> list[tuple[float, int]]:
    """Left edge and row of each entry, filling rows left to right."""
    places: list[tuple[float, int]] = []
    x, y = m.margin, 0
    for w in widths:
        if x > m.margin and x + w > width - m.margin:
            x, y = m.margin, y + 1
        places.append((x, y))
        x += w + m.margin * 1.5
    return places


def _chip_key(m: Metrics, colour: RGB, text: str, words: str, lost: bool = False) -> _Key:
    """A legend entry whose symbol is a counter saying ``text``."""

    def draw(canvas: Canvas, at: Point) -> None:
        chip(canvas, m, colour, (at[0], at[1] - (m.chip_line + m.chip_pad) / 2), (text,), lost)

    return _Key(Canvas.measure(text, m.chip_font) + 2 * m.chip_pad, draw, words)


def _player_keys(state: GameState, m: Metrics, colours: dict[str, RGB], moving: bool) -> list[_Key]:
    """Each player's name on a counter of their colour; who is to move, who is out."""
    keys = []
    for i, player in enumerate(state.players):
        to_move = moving and i == state.active and state.phase is not Phase.OVER
        note = "out" if player.out else "to move" if to_move else ""
        keys.append(_chip_key(m, colours[player.name], player.name, note))
    return keys


def _mark_keys(state: GameState, m: Metrics, happened: Happened) -> list[_Key]:
    """The marks of the map; those of the last phase only when this picture has them."""
    r = m.radius
    keys = [
        _Key(r * 0.5, lambda c, at: marks.star(c, m, (at[0] + r * 0.25, at[1])), _star_words(state)),
        _Key(r * 0.6, lambda c, at: _base(c, m, at), "base"),
        _Key(r * 0.6, lambda c, at: _owned(c, m, at), "owned star"),
        _Key(r * 1.1, lambda c, at: marks.warpline(c, m, at, (at[0] + r * 1.1, at[1])), "warpline"),
    ]
    if happened.trails:
        keys.append(_Key(r * 1.2, lambda c, at: _move(c, m, at, jump=False), "move"))
    if any(any(t.jumps) for t in happened.trails):
        keys.append(_Key(r * 1.2, lambda c, at: _move(c, m, at, jump=True), "warp jump"))
    if happened.battles:
        width = Canvas.measure(marks.BATTLE_MARK, m.badge_font) + 2 * m.chip_pad
        keys.append(
            _Key(
                width,
                lambda c, at: marks.badge(c, m, (at[0] + width / 2, at[1]), marks.BATTLE_MARK, MARK),
                "battle",
            )
        )
    if happened.losses:
        keys.append(_chip_key(m, MUTED, f"{LOST_MARK} W3", "lost", lost=True))
    if happened.fallen:
        keys.append(
            _Key(
                r * 0.7,
                lambda c, at: marks.fallen_base(c, m, (at[0] + r * 0.35, at[1]), MUTED),
                "base destroyed",
            )
        )
    return keys


def _star_words(state: GameState) -> str:
    return "star, value in gold" if state.ruleset is RuleSetName.REVISED else "star"


def _base(canvas: Canvas, m: Metrics, at: Point) -> None:
    centre = (at[0] + m.radius * 0.3, at[1])
    marks.star(canvas, m, centre)
    marks.base(canvas, m, centre, MUTED)


def _owned(canvas: Canvas, m: Metrics, at: Point) -> None:
    small = HexLayout(m.radius * 0.3, (at[0] + m.radius * 0.3, at[1]))
    canvas.polygon(small.corners("0000"), fill=blend(BACKGROUND, MUTED, 0.45), outline=GRID)


def _move(canvas: Canvas, m: Metrics, at: Point, jump: bool) -> None:
    points = [(at[0] - m.radius * 0.3, at[1]), (at[0] + m.radius * 1.2 + m.radius * 0.45, at[1])]
    marks.trail(canvas, m, points, [jump], MUTED)
