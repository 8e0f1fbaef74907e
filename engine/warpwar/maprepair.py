"""The generator's repairs: "If the rolls give bad results, change them" (R-GEN-2, R-GEN-14).

A drawn map whose ends fail the fairness measure (engine.warpwar.fairness) is changed as
little as the measure asks, in two steps:

1. ends too near each other (or unevenly near) are moved apart by leaving out, one at a
   time, a warpline on the shortest way from the nearest end's home star to another end's;
2. ends of uneven value are evened one BP at a time on stars that only one end counts.

Each change is written in the map's notes. A map that no such change makes fair is drawn
again by the generator.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace

from engine.warpwar.fairness import VALUE_SPREAD, Fairness, measure, mp_distances
from engine.warpwar.starmap import HexMap

MAX_CUTS = 12
"""Warplines left out at most before the map is drawn again."""
TOP_VALUE = 4
"""The highest value 2d6 ÷ 3 gives: a repair never makes a star richer than a roll could."""


@dataclass(frozen=True)
class Repaired:
    """A map made fair, with what was changed."""

    hex_map: HexMap
    fairness: Fairness
    cut: tuple[tuple[str, str], ...]
    """Warplines left out to move ends apart."""
    values: tuple[tuple[str, int, int], ...]
    """Stars whose value changed: name, as rolled, as given."""


def repair(hex_map: HexMap) -> Repaired | None:
    """``hex_map`` changed until its ends are fair, or None when these repairs cannot do it."""
    cut: list[tuple[str, str]] = []
    fairness = measure(hex_map)
    while (near := fairness.too_near()) is not None:
        line = shortcut(hex_map, *near)
        if line is None or len(cut) == MAX_CUTS:
            return None
        cut.append(line)
        hex_map = replace(hex_map, warplines=tuple(w for w in hex_map.warplines if w != line))
        fairness = measure(hex_map)
    changed: tuple[tuple[str, int, int], ...] = ()
    if fairness.value_reasons:
        values = even_values(fairness, {s.name: s.value for s in hex_map.stars})
        if values is None:
            return None
        changed = tuple((s.name, s.value, values[s.name]) for s in hex_map.stars if values[s.name] != s.value)
        hex_map = replace(hex_map, stars=tuple(replace(s, value=values[s.name]) for s in hex_map.stars))
        fairness = measure(hex_map)
        if not fairness.fair:
            return None
    return Repaired(hex_map, fairness, tuple(cut), changed)


def shortcut(hex_map: HexMap, end: str, place: int) -> tuple[str, str] | None:
    """A warpline on a shortest way from ``end``'s home star at ``place`` (0: the nearest to
    another end) to the nearest home star of another end, as the map lists it; None when
    that way has no warpline."""
    home = hex_map.home(end)
    others = [hex_map.star(b).hex for h in hex_map.homes if h is not home for b in h.bases]
    near = mp_distances(hex_map, others)
    start = sorted((hex_map.star(b).hex for b in home.bases), key=lambda h: near[h])[place]
    came: dict[str, str] = {start: start}
    queue = deque([start])
    goal = set(others)
    while queue:
        here = queue.popleft()
        if here in goal:
            break
        for there in hex_map.moves(here):
            if there not in came:
                came[there] = here
                queue.append(there)
    while here != start:
        before = came[here]
        if hex_map.is_star(here) and hex_map.is_star(before):  # stars are never adjacent
            a, b = hex_map.label(before), hex_map.label(here)
            return next(w for w in hex_map.warplines if {w[0], w[1]} == {a, b})
        here = before
    return None


def even_values(fairness: Fairness, values: dict[str, int]) -> dict[str, int] | None:
    """Values changed one BP at a time until every end is worth within 25% of every other: the
    richest end loses a BP from its richest star that no other end counts, or the poorest gains
    one on its poorest such star, whichever end is further from the average; None when neither
    can change."""
    counted = {e.end: e.counted for e in fairness.ends}
    mine = {
        end: [s for s in stars if not any(s in o for e, o in counted.items() if e != end)]
        for end, stars in counted.items()
    }
    values = dict(values)
    while True:
        worth = {end: sum(values[s] for s in stars) for end, stars in counted.items()}
        poorest = min(worth, key=lambda e: worth[e])
        richest = max(worth, key=lambda e: worth[e])
        if worth[richest] <= worth[poorest] * VALUE_SPREAD:
            return values
        average = sum(worth.values()) / len(worth)
        richer = [s for s in mine[richest] if values[s] > 0]
        poorer = [s for s in mine[poorest] if values[s] < TOP_VALUE]
        if richer and (worth[richest] - average >= average - worth[poorest] or not poorer):
            values[max(richer, key=lambda s: values[s])] -= 1
        elif poorer:
            values[min(poorer, key=lambda s: values[s])] += 1
        else:
            return None
