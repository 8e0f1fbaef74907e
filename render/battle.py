"""One combat round as a picture: both sides' ships, who fired at whom, and what it did.

The picture draws only what :meth:`RoundReport.view_for` leaves for the viewer (R-CBT-11):
revealed orders and hit totals for everyone in the battle, and the record after the round,
where the hits went and what was lost in racks or holds for the viewer's own ships. The
state is used for names, colours and alliances only, never for another player's records.

Sides stand in two columns, the first side in turn order on the left. Each weapon is an
arrow from the firing ship to its target in the firing player's colour, solid when it hit
and dashed when it missed, with a number that leads to its line in the list below.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from engine.text import plural
from engine.warpwar import GameState
from engine.warpwar.order_notation import format_order
from engine.warpwar.report import RoundReport, ShipResult, Shot, Weapon
from engine.warpwar.writeup import ship_name
from render import marks
from render.canvas import Canvas, Picture, overlaps, stack
from render.counters import LOST_MARK, chip
from render.fonts import Font
from render.geometry import Box, Point
from render.heading import header
from render.metrics import Metrics, metrics
from render.palette import MUTED, RGB, TEXT, player_colours


@dataclass(frozen=True)
class _Row:
    """One ship's block: its column (0 left, 1 right), its top, and its lines of text, the
    first of which stands beside the ship's counter."""

    result: ShipResult
    column: int
    top: float
    lines: tuple[tuple[str, Font, RGB], ...]

    def bottom(self, line: float) -> float:
        return self.top + len(self.lines) * line


@dataclass(frozen=True)
class _Style:
    """The sizes of a battle picture."""

    m: Metrics
    font: Font
    small: Font
    line: float
    column: float


def draw_battle(report: RoundReport, state: GameState, viewer: str | None, scale: float = 1.0) -> Picture:
    """The round as ``viewer`` may see it (None: what everyone in the battle may see)."""
    seen = report.view_for(viewer)
    m = metrics(scale)
    colours = player_colours(state)
    width = math.ceil(max(m.min_width, 760 * scale))
    font = Font(round(15 * scale))
    style = _Style(m, font, Font(round(13 * scale)), font.size * 1.4, width * 0.38)
    pad = m.margin
    rows = _layout(seen, state, style)
    board_height = max((r.bottom(style.line) for r in rows), default=0) + pad
    shots = [
        wrapped
        for n, (shot, name) in enumerate(zip(seen.shots, _weapon_names(seen.shots), strict=True), 1)
        for wrapped in Canvas.wrap(_shot_line(n, shot, name), style.small, width - 2 * pad)
    ] or ["No weapon fired."]
    body = Canvas(width, math.ceil(board_height + pad + len(shots) * style.line + pad))
    lefts = (pad, width - pad - style.column)
    by_ship = {r.result.ship: r for r in rows}
    # The arrows are drawn first so the counters lie on them, but their numbers must keep clear
    # of the ships' text: a sketch of the blocks says where that text will be.
    sketch = Canvas(width, body.height)
    for row in rows:
        _ship_block(sketch, style, row, lefts[row.column], colours)
    taken = _Taken((0, 0, width, board_height), list(sketch.boxes))
    pairs: dict[frozenset[str], int] = {}
    for n, shot in enumerate(seen.shots, 1):
        pair = frozenset((shot.shooter, shot.target))
        pairs[pair] = pairs.get(pair, -1) + 1
        _arrow(body, style, n, shot, pairs[pair], by_ship, lefts, colours, taken)
    for row in rows:
        _ship_block(body, style, row, lefts[row.column], colours)
    top = board_height + pad
    for i, text in enumerate(shots):
        body.text((pad, top + (i + 0.5) * style.line), text, style.small, MUTED, "lm")
    place = state.map.label(seen.star)
    heading = f"Battle at {place}, round {seen.round}"
    sub = f"{place} is hex {seen.star} · game-turn {state.game_turn}"
    badge_colour = colours[viewer] if viewer is not None else MUTED
    return stack([header(m, width, heading, sub, viewer, badge_colour), body])


def render_battle(report: RoundReport, state: GameState, viewer: str | None, scale: float = 1.0) -> bytes:
    """The round as PNG bytes (see :func:`draw_battle`)."""
    return draw_battle(report, state, viewer, scale).png()


def _sides(report: RoundReport, state: GameState) -> list[list[str]]:
    """Players in the round grouped with their allies, in turn order."""
    present = {r.owner for r in report.ships}
    sides: list[list[str]] = []
    for player in state.players:
        if player.name in present and not any(player.name in side for side in sides):
            sides.append(
                [p.name for p in state.players if p.name in present and state.allied(player.name, p.name)]
            )
    return sides


def _layout(report: RoundReport, state: GameState, style: _Style) -> list[_Row]:
    """The first side on the left, every other side on the right, ships one under another."""
    sides = _sides(report, state)
    left = set(sides[0]) if sides else set()
    tops = [style.m.margin, style.m.margin]
    rows = []
    for result in report.ships:
        column = 0 if result.owner in left else 1
        row = _Row(result, column, tops[column], _lines(report, result, style))
        rows.append(row)
        tops[column] = row.bottom(style.line) + style.m.margin * 0.6
    return rows


def _label(result: ShipResult) -> str:
    return f"{LOST_MARK} {result.label}" if result.destroyed else result.label


def _lines(report: RoundReport, result: ShipResult, style: _Style) -> tuple[tuple[str, Font, RGB], ...]:
    """The orders beside the counter, then the public outcome, then the owner's private lines."""
    m = style.m
    beside = style.column - Canvas.measure(_label(result), m.chip_font) - 2 * m.chip_pad - m.margin * 0.5
    order = Canvas.wrap(_order_text(report, result.ship), style.font, beside)
    lines = [(text, style.font, TEXT) for text in order]
    for text in (_fate(result), *_private(result)):
        lines += [(part, style.small, MUTED) for part in Canvas.wrap(text, style.small, style.column)]
    return tuple(lines)


def _private(result: ShipResult) -> list[str]:
    """What only the ship's owner sees: the record after the round, where hits went, losses."""
    notes = []
    if result.record is not None:
        notes.append(f"now {result.record}")
    if result.taken:
        notes.append("taken in " + ", ".join(f"{slot.value} {hits}" for slot, hits in result.taken.items()))
    if result.lost:
        notes.append(f"lost in its racks: {' '.join(result.lost)}")
    if result.cargo_lost:
        notes.append(f"{result.cargo_lost} BP of cargo lost")
    return notes


def _order_text(report: RoundReport, key: str) -> str:
    """``ATTACKS W7: D=2 B=3 S=1``, with missiles counted and unsent orders flagged."""
    orders = report.orders.get(key)
    if orders is None:
        return "no orders"
    first = format_order(orders).split("\n")[0]
    text = first.partition(" ")[2]
    if orders.missiles:
        text += f" · {plural(len(orders.missiles), 'missile')}"
    if key in report.standing:
        text += " (standing orders)"
    elif key in report.defaulted:
        text += " (default orders)"
    return text


def _fate(result: ShipResult) -> str:
    """``9 hits, 1 absorbed, 8 taken · destroyed``: what everyone in the battle learns."""
    if result.received:
        parts = [plural(result.received, "hit")]
        if result.absorbed:
            parts.append(f"{result.absorbed} absorbed")
        parts.append(f"{result.effective} taken")
        text = ", ".join(parts)
    else:
        text = "no hits"
    if result.destroyed:
        text += " · destroyed"
    if result.escaped_to is not None:
        text += f" · escaped to {result.escaped_to}"
    if result.dropped:
        text += f" · dropped {' '.join(result.dropped)}"
    if result.picked_up:
        text += f" · picked up {' '.join(result.picked_up)}"
    return text


def _ship_block(canvas: Canvas, style: _Style, row: _Row, left: float, colours: dict[str, RGB]) -> None:
    m, line, result = style.m, style.line, row.result
    chip_top = row.top + (line - m.chip_line - m.chip_pad) / 2
    used = chip(canvas, m, colours[result.owner], (left, chip_top), (_label(result),), lost=result.destroyed)
    for i, (text, font, colour) in enumerate(row.lines):
        x = left + used + m.margin * 0.5 if i == 0 else left
        canvas.text((x, row.top + (i + 0.5) * line), text, font, colour, "lm")


def _arrow(
    canvas: Canvas,
    style: _Style,
    number: int,
    shot: Shot,
    repeat: int,
    rows: dict[str, _Row],
    lefts: Sequence[float],
    colours: dict[str, RGB],
    taken: _Taken,
) -> None:
    """Shot ``number`` from its shooter's block to its target's, through the lane between columns.

    Fire to the right runs above the line joining two ships and fire to the left below it,
    each further shot between the same two ships a little further out, so none hides another.
    Its number sits on the arrow where it covers no text and no other number.
    """
    source, target = rows.get(shot.shooter), rows.get(shot.target)
    if source is None or target is None:
        return
    m = style.m
    rightwards = source.column < target.column or (source.column == target.column and source.top < target.top)
    spread = (1 + repeat) * m.gap * 2 * (-1 if rightwards else 1)
    start = _edge(source, lefts, style, spread)
    end = _edge(target, lefts, style, spread)
    lane = (lefts[0] + style.column + lefts[1]) / 2 + spread * 4
    path = [start, end] if source.column != target.column else [start, (lane, start[1]), (lane, end[1]), end]
    colour = colours[shot.shooter.partition(":")[0]]
    if shot.outcome.hits:
        canvas.line(path, colour, m.trail * 0.6)
    else:
        for a, b in pairwise(path):
            canvas.dashed(a, b, colour, m.trail * 0.5, dash=m.trail * 1.5)
    marks.arrowhead(canvas, path[-2], path[-1], colour, m.trail * 3)
    preferred = (0.3 if rightwards else 0.7) + ((repeat * 0.17) % 0.2)
    label = str(number)
    at = taken.place(path, preferred, lambda at: _grown(marks.badge_box(m, at, label), m.gap / 2))
    marks.badge(canvas, m, at, label, colour)


@dataclass
class _Taken:
    """The boxes already covered by text and numbers, and the area numbers may use."""

    area: Box
    boxes: list[Box]

    STEPS = 40
    """Places tried along each stretch of an arrow."""

    def place(self, path: Sequence[Point], preferred: float, box_at: Callable[[Point], Box]) -> Point:
        """The point of ``path`` nearest ``preferred`` (a fraction of its middle stretch) where
        ``box_at`` covers nothing taken; it is then taken. The middle stretch is tried first,
        then the others; if the arrow has no free place at all the preferred one is used."""
        middle = len(path) // 2 - 1
        stretches = [middle, *(i for i in range(len(path) - 1) if i != middle)]
        fractions = sorted(
            (i / self.STEPS for i in range(2, self.STEPS - 1)), key=lambda f: abs(f - preferred)
        )
        first = _along(path[middle], path[middle + 1], preferred)
        for i in stretches:
            for fraction in fractions:
                at = _along(path[i], path[i + 1], fraction)
                if self._free(box_at(at)):
                    self.boxes.append(box_at(at))
                    return at
        self.boxes.append(box_at(first))
        return first

    def _free(self, box: Box) -> bool:
        left, top, right, bottom = self.area
        inside = left <= box[0] and top <= box[1] and box[2] <= right and box[3] <= bottom
        return inside and not any(overlaps(box, other) for other in self.boxes)


def _grown(box: Box, by: float) -> Box:
    """``box`` with a margin, so numbers placed side by side do not touch."""
    return box[0] - by, box[1] - by, box[2] + by, box[3] + by


def _along(a: Point, b: Point, fraction: float) -> Point:
    return a[0] + (b[0] - a[0]) * fraction, a[1] + (b[1] - a[1]) * fraction


def _edge(row: _Row, lefts: Sequence[float], style: _Style, spread: float) -> Point:
    """Where arrows leave or reach a ship's block: its inner side, level with its first line."""
    x = lefts[0] + style.column + 4 if row.column == 0 else lefts[1] - 4
    return x, row.top + style.line / 2 + spread


def _weapon_names(shots: Sequence[Shot]) -> list[str]:
    """``beam 3``, ``cannon (2 shells)``, ``missile M2``: a ship's missiles are numbered in the
    order its orders list them, as the rulebook names them (M1, M2...)."""
    fired: dict[str, int] = {}
    names = []
    for shot in shots:
        if shot.weapon is Weapon.BEAM:
            names.append(f"beam {shot.strength}")
        elif shot.weapon is Weapon.CANNON:
            names.append(f"cannon ({plural(shot.strength, 'shell')})")
        else:
            fired[shot.shooter] = fired.get(shot.shooter, 0) + 1
            names.append(f"missile M{fired[shot.shooter]}")
    return names


def _ecm(shot: Shot) -> str:
    """``drive 4→2 (ECM 2): `` when the target's ECM moved the missile's drive (R-ECM-1/2)."""
    use = shot.ecm
    if use is None or use.drive_after == use.drive_before:
        return ""
    points = (
        f"ECM {use.points}" if use.effective == use.points else f"ECM {use.points}, {use.effective} effective"
    )
    return f"drive {use.drive_before}→{use.drive_after} ({points}): "


def _shot_line(number: int, shot: Shot, weapon: str) -> str:
    """``1 · alice's W2, beam 3 at bob's W7: ATTACK (0, +1) against ATTACK: Hit +2, 5 hits``;
    ``2 · bob's S35, missile M1 at alice's W4: drive 4→2 (ECM 2): ATTACK (-1, -2) ...``."""
    cell = f"{shot.tactic.name} ({shot.row}) against {shot.column.name}"
    result = f"{shot.outcome.value}, {plural(shot.hits, 'hit')}" if shot.outcome.hits else shot.outcome.value
    return (
        f"{number} · {ship_name(shot.shooter)}, {weapon} at {ship_name(shot.target)}: "
        f"{_ecm(shot)}{cell}: {result}"
    )
