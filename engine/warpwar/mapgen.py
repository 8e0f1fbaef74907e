"""Generated maps: the 1994 text's "Creating new maps" (R-GEN-1, R-GEN-2), from a seed.

``generate(seed, players)`` lays a field of hexes, rolls for stars, warplines and values as
the text says, places the home ends, and repairs or redraws until the fairness measure
(engine.warpwar.fairness) passes. It is pure: every roll comes from a ``random.Random`` made
from the seed, so the same seed (with the same players, homes and size) gives the same map.
The rolls as they fell, before any repair, are kept (:class:`Rolls`) so a test can check the
dice. ``python -m engine.warpwar.mapgen`` writes the map as a file (engine.warpwar.mapgen_cli).

The field is a rectangle of hex columns as the printed map's (docs/maps.md), taller than wide
so that its picture suits a phone. The ends lie where they are equally far apart (R-GEN-11):
two players at the top and bottom; three at the top and on both flanks three quarters of the
width down; four at the middles of the four sides, the field half again as tall as wide.
With ``homes="spread"`` every end is pulled halfway towards the centre of the field.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from engine.text import listed, plural
from engine.warpwar.city_names import CITY_NAMES
from engine.warpwar.fairness import Fairness, middle_of
from engine.warpwar.hexgrid import hex_id
from engine.warpwar.maprepair import Repaired, repair
from engine.warpwar.starmap import MAX_WARPLINES, HexMap, Home, Star

PLAYERS = (2, 3, 4)
HOMES = ("edge", "spread")
"""Around the edge of the map, or spread evenly over it (R-GEN-1)."""
MIN_HEXES = 400
"""The text's "at least 400 hexes"."""
MAX_HEXES = 1200
"""The largest map: its picture still reads on a screen, and there are names for its stars."""
DEFAULT_HEXES = {2: 400, 3: 480, 4: 600}
"""The size of a map with homes at the edge when nobody chose one: more players, more room."""
SPREAD_HEXES = {2: 400, 3: 600, 4: 800}
"""Homes spread over the map are half as far apart as at its edge: with more than two, they
need a larger map to be as far apart as the fairness measure asks (R-GEN-11), and it is
their default size too."""

STAR_DIE = 12
"""A hex not next to a star has a 1 in 12 chance of a star."""
LINE_DIE = 4
"""A star has a 1 in 4 chance of a warpline to each of its nearest stars."""
NEAREST = 4
MAX_DRAWS = 500
"""A map that is still unfair after this many draws is a bug of the generator."""

_SHAPES = {2: 1.6, 3: 1.1, 4: 1.5}
"""Rows per column: the field's height over its width in hexes, by the number of players."""
_SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Rolls:
    """The dice as they fell, before repairs: the text's frequencies are checked on these."""

    star_rolls: int = 0
    """Hexes rolled for (those not next to a star when their turn came)."""
    stars: int = 0
    """Rolls that gave a star (1 in 12)."""
    line_rolls: int = 0
    """Pairs of near stars rolled for a warpline, each pair once (R-GEN-12)."""
    lines: int = 0
    """Rolls that gave a warpline (1 in 4), before any was left out."""

    def __add__(self, other: Rolls) -> Rolls:
        return Rolls(
            self.star_rolls + other.star_rolls,
            self.stars + other.stars,
            self.line_rolls + other.line_rolls,
            self.lines + other.lines,
        )


@dataclass(frozen=True)
class Generated:
    """A generated map with how it was made."""

    hex_map: HexMap
    seed: int
    players: int
    homes: str
    size: int
    """The hexes asked for; the field has at least this many."""
    rolls: Rolls
    """Every roll of every draw (redrawn ones too), before repairs."""
    draws: int
    """How many maps were drawn: the last one was kept."""
    fairness: Fairness
    """The measure of the map kept (fair)."""


@dataclass(frozen=True)
class _Grid:
    """The field of hexes for one shape, with what the generator asks of it by index."""

    hexes: tuple[str, ...]
    """Hex numbers in map order (ascending)."""
    columns: tuple[int, ...]
    """Each hex's column on the picture (``x - y``)."""
    half_rows: tuple[int, ...]
    """Each hex's height on the picture in half rows (``x + y``)."""
    neighbours: tuple[tuple[int, ...], ...]
    index: dict[str, int]
    """Each hex number's place in ``hexes``."""
    anchors: tuple[tuple[str, tuple[float, float]], ...]
    """Each end's name and where it lies at the edge, in hex radii on the picture."""
    centre: tuple[float, float]

    def point(self, i: int) -> tuple[float, float]:
        """A hex's centre on the picture, in hex radii (render.geometry lays hexes so)."""
        return 1.5 * self.columns[i], _SQRT3 / 2 * self.half_rows[i]

    def distance(self, i: int, j: int) -> int:
        """Hex steps between two hexes (engine.warpwar.hexgrid.distance, on indices)."""
        dc = abs(self.columns[i] - self.columns[j])
        return max(dc, (abs(self.half_rows[i] - self.half_rows[j]) + dc) // 2)


def least_hexes(players: int, homes: str) -> int:
    """The fewest hexes a map for ``players`` with ``homes`` placed so may have."""
    return SPREAD_HEXES[players] if homes == "spread" else MIN_HEXES


def default_hexes(players: int, homes: str) -> int:
    """The hexes of a map whose size nobody chose."""
    return SPREAD_HEXES[players] if homes == "spread" else DEFAULT_HEXES[players]


def shape(players: int, size: int) -> tuple[int, int]:
    """Columns and rows of the field for ``players`` and at least ``size`` hexes."""
    columns = max(4, round(math.sqrt(size / _SHAPES[players])))
    return columns, -(-size // columns)


@cache
def _grid(players: int, columns: int, rows: int) -> _Grid:
    """Hexes in ``columns`` of ``rows``, every other column half a row lower as on the printed
    map, numbered so that the smallest number is 0101-like and all fit in four digits."""
    left = -(columns // 2)
    top = max(left + columns + 1, 2 - left)
    top += (top - left) % 2  # a hex's half row and column have the same parity
    cells = {}
    for c in range(columns):
        for j in range(rows):
            column, half_row = left + c, top + 2 * j + c % 2
            cells[hex_id((column + half_row) // 2, (half_row - column) // 2)] = (column, half_row)
    hexes = tuple(sorted(cells))
    index = {cells[h]: i for i, h in enumerate(hexes)}
    steps = ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
    neighbours = tuple(
        tuple(index[(c + dc, r + dr)] for dc, dr in steps if (c + dc, r + dr) in index)
        for c, r in (cells[h] for h in hexes)
    )

    def at(c: float, j: float) -> tuple[float, float]:
        return 1.5 * (left + c), _SQRT3 * (top / 2 + j)

    last_c, last_j = columns - 1, rows - 1
    edges = {
        2: {"north": at(last_c / 2, 0), "south": at(last_c / 2, last_j)},
        3: {"north": at(last_c / 2, 0), "west": at(0, 0.75 * last_c), "east": at(last_c, 0.75 * last_c)},
        4: {
            "north": at(last_c / 2, 0),
            "west": at(0, last_j / 2),
            "east": at(last_c, last_j / 2),
            "south": at(last_c / 2, last_j),
        },
    }[players]
    return _Grid(
        hexes=hexes,
        columns=tuple(cells[h][0] for h in hexes),
        half_rows=tuple(cells[h][1] for h in hexes),
        neighbours=neighbours,
        index={h: i for i, h in enumerate(hexes)},
        anchors=tuple(edges.items()),
        centre=at(last_c / 2, last_j / 2),
    )


def generate(seed: int, players: int, size: int | None = None, homes: str = "edge") -> Generated:
    """A fair map for ``players`` drawn from ``seed`` (R-GEN-1, R-GEN-2); ValueError for
    a number of players, a size or a placing of homes the generator does not make."""
    if players not in PLAYERS:
        raise ValueError(f"a generated map is for 2 to 4 players, not {players}")
    if homes not in HOMES:
        raise ValueError(f"homes are placed at the edge or spread, not {homes!r}")
    least = least_hexes(players, homes)
    hexes = default_hexes(players, homes) if size is None else size
    if not least <= hexes <= MAX_HEXES:
        raise ValueError(
            f"a map for {players} players with homes {homes} has {least} to {MAX_HEXES} hexes, not {hexes}"
        )
    grid = _grid(players, *shape(players, hexes))
    anchors = _anchors(grid, homes)
    rng = random.Random(seed)
    rolls = Rolls()
    for draw in range(1, MAX_DRAWS + 1):
        drawn, rolled = _draw(rng, grid)
        rolls += rolled
        made = _make(rng, grid, anchors, drawn)
        if made is not None:
            notes = _notes(made, drawn.left_out, draw)
            named = replace(made.hex_map, name=f"Random map {seed}", notes=notes)
            return Generated(named, seed, players, homes, hexes, rolls, draw, made.fairness)
    raise RuntimeError(f"no fair map after {MAX_DRAWS} draws from seed {seed}")


def _notes(made: Repaired, left_out: int, draws: int) -> tuple[str, ...]:
    """What was changed from the rolls, for a reader of the map file."""
    notes = []
    if draws > 1:
        notes.append(f"Drawn {draws} times: the earlier draws could not be made fair.")  # R-GEN-14
    if left_out:
        notes.append(
            f"{plural(left_out, 'warpline')} rolled but left out: a star has at most {MAX_WARPLINES}, "
            "and no line runs across a third star's hex."  # R-GEN-1, R-GEN-13
        )
    if made.cut:
        lines = listed([f"{a}–{b}" for a, b in made.cut])
        notes.append(f"Left out to keep the ends apart: {lines}.")  # R-GEN-14
    if made.values:
        values = listed([f"{name} {rolled} → {given}" for name, rolled, given in made.values])
        notes.append(f"Values changed to make the ends worth about the same: {values}.")  # R-GEN-14
    return tuple(notes)


def _anchors(grid: _Grid, homes: str) -> dict[str, tuple[float, float]]:
    """Where each end's home stars gather: at the edge, or halfway to the centre (spread)."""
    if homes == "edge":
        return dict(grid.anchors)
    cx, cy = grid.centre
    return {end: ((x + cx) / 2, (y + cy) / 2) for end, (x, y) in grid.anchors}


@dataclass(frozen=True)
class _Drawn:
    """One draw of the dice: stars (hex indices, map order), their values, the warplines."""

    stars: tuple[int, ...]
    values: tuple[int, ...]
    lines: tuple[tuple[int, int], ...]
    """Pairs of positions in ``stars``."""
    left_out: int
    """Warplines rolled but left out: a fifth at a star, or one across a third star's hex."""


def _draw(rng: random.Random, grid: _Grid) -> tuple[_Drawn, Rolls]:
    """Stars, values and warplines as the text rolls them (R-GEN-1)."""
    blocked = bytearray(len(grid.hexes))
    stars: list[int] = []
    star_rolls = 0
    for i in range(len(grid.hexes)):
        if blocked[i]:
            continue
        star_rolls += 1
        if rng.randrange(STAR_DIE) == 0:
            stars.append(i)
            blocked[i] = 1
            for n in grid.neighbours[i]:
                blocked[n] = 1
    values = tuple((rng.randint(1, 6) + rng.randint(1, 6)) // 3 for _ in stars)
    rolled: set[tuple[int, int]] = set()
    lines: list[tuple[int, int]] = []
    degree = [0] * len(stars)
    line_rolls = hits = left_out = 0
    for a in range(len(stars)):
        for b in _nearest(grid, stars, a):
            pair = (min(a, b), max(a, b))
            if pair in rolled:
                continue
            rolled.add(pair)
            line_rolls += 1
            if rng.randrange(LINE_DIE) != 0:
                continue
            hits += 1
            if max(degree[a], degree[b]) >= MAX_WARPLINES or _crosses(grid, stars, *pair):
                left_out += 1
                continue
            lines.append(pair)
            degree[a] += 1
            degree[b] += 1
    drawn = _Drawn(tuple(stars), values, tuple(lines), left_out)
    return drawn, Rolls(star_rolls, len(stars), line_rolls, hits)


def _nearest(grid: _Grid, stars: Sequence[int], a: int) -> list[int]:
    """The :data:`NEAREST` stars nearest star ``a`` (positions in ``stars``): by hex steps,
    then by distance on the picture, then in map order."""
    here = stars[a]
    ax, ay = grid.point(here)

    def key(b: int) -> tuple[int, float, int]:
        bx, by = grid.point(stars[b])
        return grid.distance(here, stars[b]), (bx - ax) ** 2 + (by - ay) ** 2, b

    return sorted((b for b in range(len(stars)) if b != a), key=key)[:NEAREST]


def _crosses(grid: _Grid, stars: Sequence[int], a: int, b: int) -> bool:
    """Whether the straight warpline between stars ``a`` and ``b`` runs through the hex of a
    third star, where a reader would take it for a line to that star (R-GEN-13)."""
    (ax, ay), (bx, by) = grid.point(stars[a]), grid.point(stars[b])
    length = grid.distance(stars[a], stars[b])
    dx, dy = bx - ax, by - ay
    span = dx * dx + dy * dy
    for c, there in enumerate(stars):
        if c in (a, b) or max(grid.distance(there, stars[a]), grid.distance(there, stars[b])) >= length:
            continue
        px, py = grid.point(there)
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / span))
        if math.hypot(ax + t * dx - px, ay + t * dy - py) < _SQRT3 / 2:
            return True
    return False


def _make(
    rng: random.Random, grid: _Grid, anchors: dict[str, tuple[float, float]], drawn: _Drawn
) -> Repaired | None:
    """The draw as a map with its home ends, repaired if need be (R-GEN-2); None when only a
    new draw can make it fair."""
    if len(drawn.stars) > len(CITY_NAMES) or len(drawn.stars) < 3 * len(anchors):
        return None
    names = rng.sample(CITY_NAMES, len(drawn.stars))
    rolled = zip(drawn.stars, names, drawn.values, strict=True)
    stars = tuple(Star(grid.hexes[h], name, value) for h, name, value in rolled)
    hex_map = HexMap(
        name="",
        hexes=grid.hexes,
        stars=stars,
        warplines=tuple((names[a], names[b]) for a, b in drawn.lines),
        homes=_homes(grid, anchors, stars),
    )
    return repair(hex_map)


def _homes(grid: _Grid, anchors: dict[str, tuple[float, float]], stars: Sequence[Star]) -> tuple[Home, ...]:
    """Each end's home stars: the three stars nearest its place, not taken by an earlier end
    (R-MAP-3's "three stars nearest that edge"), the middle one the nearest to the other two."""
    taken: set[str] = set()
    points = {s.name: grid.point(grid.index[s.hex]) for s in stars}
    homes = []
    for end, (x, y) in anchors.items():

        def away(star: Star, x: float = x, y: float = y) -> float:
            px, py = points[star.name]
            return (px - x) ** 2 + (py - y) ** 2

        chosen = sorted((s for s in stars if s.name not in taken), key=away)[:3]
        taken.update(s.name for s in chosen)
        homes.append(Home(end, tuple(s.name for s in chosen), middle_of(chosen).name))
    return tuple(homes)


def map_text(generated: Generated) -> str:
    """The map file's text: JSON laid out as the bundled maps are."""
    return json.dumps(map_file(generated), indent=2, ensure_ascii=False) + "\n"


def map_file(generated: Generated) -> dict[str, Any]:
    """The map as map-file data (docs/maps.md), with how it was made in its source and notes."""
    m = generated.hex_map
    how = f"--seed {generated.seed} --players {generated.players} --homes {generated.homes}"
    return {
        "name": m.name,
        "source": (
            "Generated by the 1994 text's recipe, 'Creating new maps': "
            f"python -m engine.warpwar.mapgen {how} --size {generated.size}"
        ),
        "notes": list(m.notes),
        "hexes": list(m.hexes),
        "stars": [{"hex": s.hex, "name": s.name, "value": s.value} for s in m.stars],
        "warplines": [list(line) for line in m.warplines],
        "homes": [{"end": h.end, "bases": list(h.bases), "middle": h.middle} for h in m.homes],
    }


if __name__ == "__main__":  # python -m engine.warpwar.mapgen: the command writes the file
    from engine.warpwar.mapgen_cli import main

    raise SystemExit(main())
