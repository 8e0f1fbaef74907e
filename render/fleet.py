"""A player's fleet card: every ship's record the rulebook's way, where it is, what it carries.

The card is private to its player. It exists twice, as a picture and as plain text for
screen readers, and both are made from the same rows so they never disagree. Damage shows
three ways: the record's braces (``PD={6}4``: built 6, now 4), the damaged entries drawn
highlighted and underlined, and a words note ("below built: PD 4 of 6").
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.text import plural
from engine.warpwar import GameState, Phase
from engine.warpwar.movement import movement_points, mp_left
from engine.warpwar.rulesets import HOLD_CAPACITY, Attr
from engine.warpwar.ships import RECORD_ORDER, Ship, record
from render.canvas import Canvas, Picture, stack
from render.fonts import Font
from render.heading import header
from render.metrics import metrics
from render.palette import MUTED, RGB, TEXT, player_colours

DETAIL_SEPARATOR = " · "
DAMAGE: RGB = (255, 138, 101)
"""Damaged record entries: a warm coral, with an underline so colour is not the only sign."""


@dataclass(frozen=True)
class FleetRow:
    """One ship on the card."""

    label: str
    record: str
    """The rulebook record, ``W2: TL0 PD={6}4 B=3 S=1``."""
    details: tuple[str, ...]
    """Where it is, its movement points, what it carries, what is below its built value."""


def fleet_rows(state: GameState, player: str) -> list[FleetRow]:
    """The player's ships, Warpships first, each with its record and details."""
    if not state.has_player(player):
        raise ValueError(f"{player} does not play in this game")
    return [FleetRow(s.label, record(s), tuple(_details(state, s))) for s in state.ships_of(player)]


def fleet_card_text(state: GameState, player: str) -> str:
    """The card as text, one ship a line: what a screen reader reads instead of the picture."""
    rows = fleet_rows(state, player)
    lines = [f"{player}'s fleet: {_heading(state, player, len(rows))}"]
    lines += [f"{row.record} — {DETAIL_SEPARATOR.join(row.details)}" for row in rows] or ["No ships."]
    return "\n".join(lines)


def draw_fleet_card(state: GameState, player: str, scale: float = 1.0) -> Picture:
    m = metrics(scale)
    rows = fleet_rows(state, player)
    colour = player_colours(state)[player]
    record_font, detail_font = Font(round(15 * scale), bold=False), Font(round(13 * scale))
    label_font = Font(record_font.size, bold=True)
    pad = m.margin
    line = record_font.size * 1.35
    block = line + detail_font.size * 1.35 + pad * 0.6
    widths = [_record_width(row, record_font, label_font) for row in rows]
    widths += [Canvas.measure(DETAIL_SEPARATOR.join(row.details), detail_font) for row in rows]
    width = math.ceil(max([m.min_width, *(w + 3 * pad for w in widths)]))
    head = header(m, width, f"{player}'s fleet", _heading(state, player, len(rows)), player, colour)
    body = Canvas(width, math.ceil(pad + max(1, len(rows)) * block))
    if not rows:
        body.text((pad * 1.5, pad + line / 2), "No ships.", record_font, MUTED, "lm")
    for i, row in enumerate(rows):
        top = pad * 0.5 + i * block
        body.box((pad * 0.5, top + 2, pad * 0.5 + 4 * scale, top + block - pad * 0.6), fill=colour)
        _record_line(body, (pad * 1.5, top + line / 2), row, record_font, label_font)
        body.text(
            (pad * 1.5, top + line + detail_font.size * 0.6),
            DETAIL_SEPARATOR.join(row.details),
            detail_font,
            MUTED,
            "lm",
        )
    return stack([head, body])


def render_fleet_card(state: GameState, player: str, scale: float = 1.0) -> bytes:
    """The card as PNG bytes: for ``player``'s eyes only."""
    return draw_fleet_card(state, player, scale).png()


def _heading(state: GameState, player: str, count: int) -> str:
    return f"Game-turn {state.game_turn} · {plural(count, 'ship')}"


def _details(state: GameState, ship: Ship) -> list[str]:
    hex_id = state.position(ship)
    star = state.map.star_at(hex_id)
    place = f"{star.name} ({hex_id})" if star else hex_id
    details = [f"in {ship.carried_by}'s rack at {place}" if ship.carried_by else f"at {place}"]
    if ship.is_warpship:
        total = movement_points(state, ship)
        used = state.phase is Phase.MOVE and state.active_player.name == ship.owner
        left = mp_left(state, ship) if used else total
        details.append(f"{total} MP" if left == total else f"{left} of {total} MP left")
    if ship.carrying:
        details.append(f"carries {' '.join(ship.carrying)}")
    if ship.now(Attr.H):
        details.append(f"Holds {ship.cargo} of {ship.now(Attr.H) * HOLD_CAPACITY} BP")
    below = [f"{a.value} {ship.now(a)} of {ship.max(a)}" for a in RECORD_ORDER if ship.now(a) < ship.max(a)]
    if below:
        details.append(f"below built: {', '.join(below)}")
    return details


def _tokens(row: FleetRow) -> tuple[str, list[str]]:
    """``W2:`` (with the ship's name, if any) and the record's entries after it."""
    head, _, rest = row.record.partition(": ")
    return f"{head}:", rest.split()


def _record_width(row: FleetRow, font: Font, label_font: Font) -> float:
    head, entries = _tokens(row)
    return Canvas.measure(head + " ", label_font) + Canvas.measure(" ".join(entries), font)


def _record_line(
    canvas: Canvas, at: tuple[float, float], row: FleetRow, font: Font, label_font: Font
) -> None:
    """The record entry by entry: damaged entries (``PD={6}4``) highlighted and underlined."""
    head, entries = _tokens(row)
    x, y = at
    canvas.text((x, y), head, label_font, TEXT, "lm")
    x += canvas.measure(head + " ", label_font)
    space = canvas.measure(" ", font)
    for entry in entries:
        width = canvas.measure(entry, font)
        damaged = "{" in entry
        if damaged:
            underline = y + font.size * 0.62
            canvas.line([(x, underline), (x + width, underline)], DAMAGE, max(1.0, font.size / 12))
        canvas.text((x, y), entry, font, DAMAGE if damaged else TEXT, "lm")
        x += width + space
