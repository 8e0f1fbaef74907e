"""The fairness measure of a map's home ends (R-GEN-2, R-SCEN-4), written down once.

The map generator repairs its maps until they pass it, the map loader refuses a map of more
than two ends that fails it, and the tests measure the printed map with it. docs/maps.md
explains the measure for map makers.

Distances are movement points as a Warpship spends them (R-GEN-10): 1 MP to step into an
adjacent hex, 1 MP to travel a whole warpline from one star to the other.

For every end the measure finds:

- its **value**: the economic values of its home stars and of every star within
  :data:`VALUE_MP` of its middle home star, each star counted once;
- its **reach**: for each of its home stars, the MP to the nearest home star of another end,
  least first.

The ends are fair when every end's value is within 25% of every other's (the largest at most
:data:`VALUE_SPREAD` times the smallest), when the reaches of any two ends differ by at most
:data:`REACH_SPREAD` MP place by place (the nearest home star of one end against the nearest of
the other, and so on), and when no home star is nearer another end than :data:`MIN_REACH` MP.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from engine.text import listed
from engine.warpwar.hexgrid import distance
from engine.warpwar.starmap import HexMap, Home, Star

VALUE_MP = 4
"""How far from the middle home star the stars that make an end's value lie (R-GEN-2)."""
VALUE_SPREAD = Fraction(5, 4)
"""The richest end is worth at most this many times the poorest: each within 25% (R-GEN-2)."""
REACH_SPREAD = 2
"""By how many MP two ends' reaches may differ (R-GEN-2)."""
MIN_REACH = 6
"""No home star nearer another end's than this: the printed map's two ends are 8 MP apart,
and any end must be as far less 2 (R-SCEN-4; a test measures the printed map)."""


@dataclass(frozen=True)
class EndMeasure:
    """What the measure found for one end."""

    end: str
    value: int
    """Economic value of the stars counted, in BP."""
    counted: tuple[str, ...]
    """The stars that make the value: the home stars, then those near the middle, in map order."""
    reach: tuple[int, ...]
    """MP from each home star to the nearest home star of another end, least first."""


@dataclass(frozen=True)
class Fairness:
    """The measure of a map's ends: the numbers per end, and why they are unfair (if they are)."""

    ends: tuple[EndMeasure, ...]
    value_reasons: tuple[str, ...]
    """How the ends' values break the rule, in plain words; empty when they keep it."""
    reach_reasons: tuple[str, ...]
    """How the ends' reaches break the rules, in plain words; empty when they keep them."""

    @property
    def reasons(self) -> tuple[str, ...]:
        return (*self.value_reasons, *self.reach_reasons)

    @property
    def fair(self) -> bool:
        return not self.reasons

    def end(self, name: str) -> EndMeasure:
        return next(e for e in self.ends if e.end == name)

    def too_near(self) -> tuple[str, int] | None:
        """The end and the place in its reach (0: its nearest home star) that most needs to be
        farther from the other ends for the reach rules to hold; None when they hold."""
        if not self.reach_reasons:
            return None
        nearest = min(self.ends, key=lambda e: e.reach[0])
        if nearest.reach[0] < MIN_REACH:
            return nearest.end, 0
        for place in range(min(len(e.reach) for e in self.ends)):
            low = min(self.ends, key=lambda e: e.reach[place])
            if max(e.reach[place] for e in self.ends) - low.reach[place] > REACH_SPREAD:
                return low.end, place
        return None

    def lines(self) -> list[str]:
        """The numbers per end as a reader checks them, then the verdict."""
        shown = [
            f"{e.end}: value {e.value} BP ({listed(list(e.counted))}); "
            f"MP to the nearest other end: {', '.join(str(r) for r in e.reach)}"
            for e in self.ends
        ]
        return [*shown, "fair" if self.fair else f"not fair: {'; '.join(self.reasons)}"]


def mp_distances(hex_map: HexMap, sources: Iterable[str], limit: int | None = None) -> dict[str, int]:
    """MP from the nearest of ``sources`` to every hex within ``limit`` MP (every hex when None),
    moving as a Warpship does: a step to an adjacent hex or a whole warpline costs 1 MP."""
    found = dict.fromkeys(sources, 0)
    queue = deque(found)
    while queue:
        here = queue.popleft()
        cost = found[here] + 1
        if limit is not None and cost > limit:
            continue
        for there in hex_map.moves(here):
            if there not in found:
                found[there] = cost
                queue.append(there)
    return found


def _reaches(hex_map: HexMap, homes: Sequence[Home]) -> dict[str, tuple[int, ...]]:
    """For each end, the MP from each of its home stars to the nearest home star of another
    end, least first. One breadth-first search from every home star at once, in which each hex
    keeps the first two ends that reach it: the second end to reach a home star is the nearest
    other end, and reaches it first."""
    first: dict[str, str] = {}
    second: set[str] = set()
    queue: deque[tuple[str, str, int]] = deque()
    for home in homes:
        for base in home.bases:
            here = hex_map.star(base).hex
            first[here] = home.end
            queue.append((here, home.end, 0))
    reach: dict[str, list[int]] = {home.end: [] for home in homes}
    home_of = {hex_map.star(b).hex: home.end for home in homes for b in home.bases}
    while queue:
        here, end, cost = queue.popleft()
        for there in hex_map.moves(here):
            if there not in first:
                first[there] = end
            elif first[there] == end or there in second:
                continue
            else:
                second.add(there)
                if there in home_of:
                    reach[home_of[there]].append(cost + 1)
            queue.append((there, end, cost + 1))
    return {end: tuple(sorted(found)) for end, found in reach.items()}


def _value(hex_map: HexMap, home: Home) -> tuple[int, tuple[str, ...]]:
    near = mp_distances(hex_map, [hex_map.star(home.middle).hex], VALUE_MP)
    homes = {hex_map.star(b).hex for b in home.bases}
    stars = [hex_map.star(b) for b in home.bases]
    stars += [s for s in hex_map.stars if s.hex in near and s.hex not in homes]
    return sum(s.value for s in stars), tuple(s.name for s in stars)


def measure(hex_map: HexMap, homes: Sequence[Home] | None = None) -> Fairness:
    """The fairness of ``homes`` (the map's own when None) on ``hex_map``."""
    ends = tuple(homes if homes is not None else hex_map.homes)
    reaches = _reaches(hex_map, ends) if len(ends) > 1 else {}
    found = []
    for home in ends:
        value, counted = _value(hex_map, home)
        found.append(EndMeasure(home.end, value, counted, reaches.get(home.end, ())))
    return judge(found)


def judge(ends: Sequence[EndMeasure]) -> Fairness:
    """The verdict on ends already measured: the rules of the measure, apart from the search."""
    return Fairness(tuple(ends), tuple(_value_reasons(ends)), tuple(_reach_reasons(ends)))


def _value_reasons(ends: Sequence[EndMeasure]) -> Iterable[str]:
    if len(ends) < 2:
        return
    poorest = min(ends, key=lambda e: e.value)
    richest = max(ends, key=lambda e: e.value)
    if richest.value > poorest.value * VALUE_SPREAD:
        yield (
            f"the {richest.end} end is worth {richest.value} BP, more than 25% above "
            f"the {poorest.end} end's {poorest.value}"
        )


def _reach_reasons(ends: Sequence[EndMeasure]) -> Iterable[str]:
    if len(ends) < 2:
        return
    for place in range(min(len(e.reach) for e in ends)):
        nearest = min(ends, key=lambda e: e.reach[place])
        farthest = max(ends, key=lambda e: e.reach[place])
        if farthest.reach[place] - nearest.reach[place] > REACH_SPREAD:
            yield (
                f"the {nearest.end} end's {_ordinal(place)} home star is {nearest.reach[place]} MP "
                f"from another end, the {farthest.end} end's {farthest.reach[place]} MP: "
                f"more than {REACH_SPREAD} apart"
            )
    for end in ends:
        if end.reach and end.reach[0] < MIN_REACH:
            near = end.reach[0]
            yield f"the {end.end} end has a home star {near} MP from another end's, less than {MIN_REACH}"


def _ordinal(place: int) -> str:
    return ("nearest", "second nearest", "third nearest")[place] if place < 3 else f"number {place + 1}"


def reach_floor(hex_map: HexMap) -> int:
    """R-SCEN-4's floor from a map's own ends: the least MP between two of them, less 2 (the
    printed map gives :data:`MIN_REACH`)."""
    return min(e.reach[0] for e in measure(hex_map).ends) - REACH_SPREAD


def middle_of(stars: Sequence[Star]) -> Star:
    """The middle one of an end's home stars (R-MAP-3): the one fewest hex steps from the
    others, the first listed on a tie (Ur between Mosul and Larsu)."""
    return min(stars, key=lambda s: sum(distance(s.hex, o.hex) for o in stars))
