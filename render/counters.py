"""Ship counters: each player's ships in a hex as one labelled counter in their colour.

Stacks must stay readable however many ships share a hex, so a counter shows labels until
its width runs out and then says how many more there are (``W1 W3 +2 more``). What a counter
says depends on who looks: everyone sees the labels of ships on the map (carried Systemships
are hidden in their racks, R-CBT-22); a player sees their own ships in detail
(``W2 PD5 ▼3 [S10]``: current PD, points of damage, Systemships aboard).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.warpwar import GameState
from engine.warpwar.knowledge import Sighting
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import Ship
from render.canvas import Canvas
from render.metrics import Metrics
from render.palette import BACKGROUND, RGB, ink_on
from render.recent import Loss

SPENT_NOT_DAMAGED = frozenset({Attr.M, Attr.SH})
"""Missiles and Shells go down when fired: a lower count is not damage."""
LOST_MARK = "✕"
DETAIL_SEPARATOR = " · "
"""Between ships in detail (``W2 PD6 ▼2 · W3 PD8``), where a space would not tell them apart."""


@dataclass(frozen=True)
class Stack:
    """One player's ships in one hex, as the counter will name them."""

    owner: str
    labels: tuple[str, ...]
    details: tuple[str, ...] = ()
    """The viewer's own ships in detail, one token a ship; shown when they all fit."""
    lost: bool = False
    """Ships lost this phase: drawn hollow, crossed out."""
    ghost: bool = False
    """Ships last seen here in a blind game (``W3 t5``: seen in game-turn 5): drawn hollow."""


def damage(ship: Ship) -> int:
    """Points of damage a ship carries: built minus current, fired munitions left out."""
    return sum(ship.max(a) - ship.now(a) for a in ship.built if a not in SPENT_NOT_DAMAGED)


def own_token(ship: Ship) -> str:
    """How a player's own ship reads on their map: ``W2 PD5 ▼3 [S10]``."""
    parts = [ship.label, f"PD{ship.now(Attr.PD)}"]
    hurt = damage(ship)
    if hurt:
        parts.append(f"▼{hurt}")
    if ship.carrying:
        parts.append(f"[{' '.join(ship.carrying)}]")
    return " ".join(parts)


def ghost_token(seen: Sighting) -> str:
    """A ship last seen, as it reads on a blind game's map: ``W3 t5`` (game-turn 5)."""
    return f"{seen.label} t{seen.turn}"


def stacks_by_hex(
    state: GameState, viewer: str | None, losses: Sequence[Loss], ghosts: Sequence[Sighting] = ()
) -> dict[str, list[Stack]]:
    """Every hex's counters, players in turn order, then this phase's losses, then the ships
    last seen there (a blind game)."""
    found: dict[str, list[Stack]] = {}
    for player in state.players:
        by_hex: dict[str, list[Ship]] = {}
        for ship in state.ships_of(player.name):
            if ship.hex is not None:
                by_hex.setdefault(ship.hex, []).append(ship)
        for hex_id, ships in by_hex.items():
            details = tuple(own_token(s) for s in ships) if player.name == viewer else ()
            found.setdefault(hex_id, []).append(Stack(player.name, tuple(s.label for s in ships), details))
    lost: dict[tuple[str, str], list[str]] = {}
    for loss in losses:
        lost.setdefault((loss.hex, loss.owner), []).append(loss.label)
    for (hex_id, owner), labels in lost.items():
        found.setdefault(hex_id, []).append(Stack(owner, tuple(labels), lost=True))
    seen: dict[tuple[str, str], list[str]] = {}
    for ghost in ghosts:
        seen.setdefault((ghost.hex, ghost.owner), []).append(ghost_token(ghost))
    for (hex_id, owner), tokens in seen.items():
        found.setdefault(hex_id, []).append(Stack(owner, tuple(tokens), ghost=True))
    return found


def fit_lines(
    tokens: Sequence[str], width_of: Callable[[str], float], width: float, lines: int, separator: str = " "
) -> tuple[list[str], int]:
    """Tokens wrapped into at most ``lines`` lines of ``width``, and how many tokens made it;
    what does not fit becomes ``+k more`` (or ``+k`` where even that is too long).

    Widths are summed token by token (measured once each), so a stack of sixty ships costs
    sixty measurements, not sixty squared.
    """
    measured: dict[str, float] = {}
    space = width_of(separator)

    def measure(item: str) -> float:
        if item not in measured:
            measured[item] = width_of(item)
        return measured[item]

    def wrap(items: Sequence[str]) -> tuple[list[str], int]:
        """Greedy lines for a prefix of ``items``: the lines, and how many items they hold."""
        rows: list[list[str]] = []
        used = 0.0
        for count, item in enumerate(items):
            w = measure(item)
            if rows and used + space + w <= width:
                rows[-1].append(item)
                used += space + w
            elif w <= width and len(rows) < lines:
                rows.append([item])
                used = w
            else:
                return [separator.join(r) for r in rows], count
        return [separator.join(r) for r in rows], len(items)

    whole, fits = wrap(tokens)
    if fits == len(tokens):
        return whole, fits
    # Rather "W1 W3 +2 more" than "W1 W3 W4 +1", but rather "W2 +1" than no label at all.
    for choices in (range(fits, 0, -1), (0,)):
        for suffix in ("+{} more", "+{}"):
            for shown in choices:
                items = [*tokens[:shown], suffix.format(len(tokens) - shown)]
                fitted, held = wrap(items)
                if held == len(items):
                    return fitted, shown
    return [f"+{len(tokens)}"], 0  # wider than the counter, but it still says how many


@dataclass(frozen=True)
class _Chip:
    stack: Stack
    lines: tuple[str, ...]
    shown: int
    """How many of the stack's ships the lines name."""
    detailed: bool

    @property
    def wants_room(self) -> bool:
        """Some ship is left out, or the viewer's ships could not be shown in detail."""
        return self.shown < len(self.stack.labels) or (bool(self.stack.details) and not self.detailed)


def draw_stacks(
    canvas: Canvas,
    m: Metrics,
    colours: dict[str, RGB],
    band: tuple[float, float, float, float],
    stacks: Sequence[Stack],
    viewer: str | None,
) -> None:
    """Counters in ``band`` (left, top, right, bottom) of a hex.

    With room, each player's counter gets a row, and spare rows go to a counter that had to
    cut its list (the viewer's first); without, counters share rows side by side.
    """
    left, top, right, bottom = band
    pitch = _chip_height(m, 1) + m.gap
    rows = max(1, int((bottom - top + m.gap) // pitch))
    per_row = -(-len(stacks) // rows)
    width = (right - left - (per_row - 1) * m.gap) / per_row - 2 * m.chip_pad
    font = m.chip_font

    def fit(stack: Stack, lines: int) -> _Chip:
        """The detailed tokens if they all fit, else whichever names more ships."""
        best: _Chip | None = None
        for tokens, separator, detailed in (
            (stack.details, DETAIL_SEPARATOR, True),
            (stack.labels, " ", False),
        ):
            if not tokens:
                continue
            if stack.lost:
                tokens = (f"{LOST_MARK} {tokens[0]}", *tokens[1:])
            fitted, shown = fit_lines(tokens, lambda t: canvas.measure(t, font), width, lines, separator)
            if best is None or shown > best.shown:
                best = _Chip(stack, tuple(fitted), shown, detailed)
            if shown == len(tokens):
                break
        assert best is not None, "a stack has ships"
        return best

    chips = [fit(s, 1) for s in stacks]
    spare = rows - len(chips)
    for i in sorted(range(len(chips)), key=lambda i: chips[i].stack.owner != viewer):
        if spare > 0 and chips[i].wants_room:
            chips[i] = fit(chips[i].stack, 1 + spare)
            spare -= len(chips[i].lines) - 1
    grid = [chips[i : i + per_row] for i in range(0, len(chips), per_row)]
    heights = [max(_chip_height(m, len(c.lines)) for c in row) for row in grid]
    y = max(top, (top + bottom) / 2 - (sum(heights) + m.gap * (len(grid) - 1)) / 2)
    centre_x = (left + right) / 2
    for row, height in zip(grid, heights, strict=True):
        widths = [max(canvas.measure(line, font) for line in c.lines) + 2 * m.chip_pad for c in row]
        x = centre_x - (sum(widths) + m.gap * (len(row) - 1)) / 2
        for counter, w in zip(row, widths, strict=True):
            hollow = counter.stack.lost or counter.stack.ghost
            chip(canvas, m, colours[counter.stack.owner], (x, y), counter.lines, hollow, w)
            x += w + m.gap
        y += height + m.gap


def _chip_height(m: Metrics, lines: int) -> float:
    """Lines of labels with half a padding above and below."""
    return lines * m.chip_line + m.chip_pad


def chip(
    canvas: Canvas,
    m: Metrics,
    colour: RGB,
    at: tuple[float, float],
    lines: Sequence[str],
    lost: bool = False,
    width: float | None = None,
) -> float:
    """One counter with its top left at ``at``: filled in the owner's colour, or hollow for a loss.

    Returns its width (the widest line and padding, unless ``width`` is given).
    """
    font = m.chip_font
    x, y = at
    if width is None:
        width = max(canvas.measure(line, font) for line in lines) + 2 * m.chip_pad
    box = (x, y, x + width, y + _chip_height(m, len(lines)))
    if lost:
        canvas.box(box, fill=BACKGROUND, outline=colour, width=m.scale * 1.5, corner=m.chip_pad)
        ink = colour
    else:
        canvas.box(box, fill=colour, corner=m.chip_pad)
        ink = ink_on(colour)
    for i, line in enumerate(lines):
        middle = y + m.chip_pad * 0.5 + (i + 0.5) * m.chip_line
        canvas.text((x + width / 2, middle), line, font, ink, anchor="mm")
    return width
