"""The star map: hexes, stars, warplines and the players' home ends, loaded from data.

A map arrives as plain JSON data (see docs/maps.md); :func:`parse_map` checks it in full and
refuses a broken one with a message that names the fault, so that a server owner who adds
their own map learns exactly what to fix.
"""

from __future__ import annotations

import difflib
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from types import MappingProxyType
from typing import Any

from engine.serial import encoded_once, serializable
from engine.text import listed
from engine.warpwar.hexgrid import is_hex_id, neighbour_ids


class MapError(ValueError):
    """A map file that cannot be played on; the message says why."""


@serializable
@dataclass(frozen=True)
class Star:
    """A star hex."""

    hex: str
    """Its hex number."""
    name: str
    """Its printed name, unique on the map."""
    value: int
    """Economic value in BP (revised rules; the classic rules ignore it, R-MAP-1)."""


@serializable
@dataclass(frozen=True)
class Home:
    """One end of the map that a player can defend."""

    end: str
    """A short name for the end ("north")."""
    bases: tuple[str, ...]
    """Names of its base stars (three on the printed map)."""
    middle: str
    """The middle base star, the only base of single-base scenarios (R-MAP-3)."""


@encoded_once
@serializable
@dataclass(frozen=True)
class HexMap:
    """A playable map. Equality compares the data; lookups are cached."""

    name: str
    hexes: tuple[str, ...]
    stars: tuple[Star, ...]
    warplines: tuple[tuple[str, str], ...]
    """Pairs of star names."""
    homes: tuple[Home, ...]
    notes: tuple[str, ...] = field(default=())

    @cached_property
    def hex_set(self) -> frozenset[str]:
        return frozenset(self.hexes)

    @cached_property
    def star_by_name(self) -> dict[str, Star]:
        return {s.name.casefold(): s for s in self.stars}

    @cached_property
    def star_by_hex(self) -> dict[str, Star]:
        return {s.hex: s for s in self.stars}

    @cached_property
    def _warp_links(self) -> dict[str, frozenset[str]]:
        links: dict[str, set[str]] = {s.hex: set() for s in self.stars}
        for a, b in self.warplines:
            ha, hb = self.star(a).hex, self.star(b).hex
            links[ha].add(hb)
            links[hb].add(ha)
        return {h: frozenset(v) for h, v in links.items()}

    @cached_property
    def _neighbours(self) -> Mapping[str, tuple[str, ...]]:
        return _neighbour_table(self.hexes)

    @cached_property
    def _moves(self) -> dict[str, tuple[str, ...]]:
        moves = dict(self._neighbours)
        for here, there in self._warp_links.items():
            moves[here] = (*moves[here], *sorted(there))
        return moves

    def star(self, name: str) -> Star:
        """The star called ``name`` (case-insensitive); KeyError if there is none."""
        return self.star_by_name[name.casefold()]

    def star_at(self, hex_name: str) -> Star | None:
        """The star on ``hex_name``, or None for a space hex."""
        return self.star_by_hex.get(hex_name)

    def is_star(self, hex_name: str) -> bool:
        return hex_name in self.star_by_hex

    def neighbours(self, hex_name: str) -> tuple[str, ...]:
        """Adjacent hexes that are on this map, clockwise from north."""
        return self._neighbours.get(hex_name, ())

    def moves(self, hex_name: str) -> tuple[str, ...]:
        """Hexes one MP from ``hex_name``: its neighbours, then the far ends of its warplines."""
        return self._moves.get(hex_name, ())

    def warp_destinations(self, hex_name: str) -> frozenset[str]:
        """Star hexes one warpline jump away from the star on ``hex_name``."""
        return self._warp_links.get(hex_name, frozenset())

    def resolve(self, place: str) -> str | None:
        """A hex number for ``place``, written as a hex number or a star name; None if unknown."""
        text = place.strip()
        if is_hex_id(text):
            return text if text in self.hex_set else None
        found = self.star_by_name.get(text.casefold())
        return found.hex if found else None

    def closest_star(self, place: str) -> str | None:
        """The star whose name a mistyped ``place`` most likely meant (``Babilon``: Babylon), or
        None when no name is close. Star names are public, so any player may be told them."""
        names = {s.name.casefold(): s.name for s in self.stars}
        found = difflib.get_close_matches(place.strip().casefold(), list(names), n=1, cutoff=0.6)
        return names[found[0]] if found else None

    def no_such(self, place: str, what: str = "star") -> str:
        """Why ``place`` is refused: not on this map, with the star it most likely meant."""
        close = None if is_hex_id(place.strip()) else self.closest_star(place)
        hint = f" Did you mean {close}?" if close else ""
        return f"There is no {what} called {place} on this map.{hint}"

    def label(self, hex_name: str) -> str:
        """How players read a hex: the star's name, or the hex number for space."""
        star = self.star_at(hex_name)
        return star.name if star else hex_name

    def home(self, end: str) -> Home:
        for home in self.homes:
            if home.end == end:
                return home
        raise KeyError(end)


@lru_cache(maxsize=16)
def _neighbour_table(hexes: tuple[str, ...]) -> Mapping[str, tuple[str, ...]]:
    """Each hex's neighbours on a field of ``hexes``: the same for every map of one field (the
    printed map's variants, generated maps of one shape), so worked out once."""
    on_map = frozenset(hexes)
    return MappingProxyType({h: tuple(n for n in neighbour_ids(h) if n in on_map) for h in hexes})


def parse_map(data: Mapping[str, Any]) -> HexMap:
    """Build a :class:`HexMap` from map-file data, or raise :class:`MapError` saying what is wrong."""
    try:
        hexes = tuple(str(h) for h in data["hexes"])
        stars = tuple(
            Star(hex=str(s["hex"]), name=str(s["name"]), value=int(s["value"])) for s in data["stars"]
        )
        warplines = tuple((str(a), str(b)) for a, b in data["warplines"])
        homes = tuple(
            Home(end=str(h["end"]), bases=tuple(str(b) for b in h["bases"]), middle=str(h["middle"]))
            for h in data["homes"]
        )
        name = str(data.get("name", "unnamed map"))
        notes = tuple(str(n) for n in data.get("notes", ()))
    except KeyError as missing:
        raise MapError(f"the map has no {missing.args[0]!r} entry") from None
    except (TypeError, ValueError) as bad:
        raise MapError(f"the map data is malformed: {bad}") from None
    hex_map = HexMap(name=name, hexes=hexes, stars=stars, warplines=warplines, homes=homes, notes=notes)
    check_map(hex_map)
    return hex_map


def check_map(m: HexMap) -> None:
    """Raise :class:`MapError` for the first rule the map breaks (docs/maps.md lists them)."""
    bad = [h for h in m.hexes if not is_hex_id(h)]
    if bad:
        raise MapError(f"hex {bad[0]!r} is not a four-digit hex number")
    if len(m.hex_set) != len(m.hexes):
        raise MapError("a hex is listed twice")
    if not m.hexes:
        raise MapError("the map has no hexes")
    names: set[str] = set()
    for star in m.stars:
        if star.hex not in m.hex_set:
            raise MapError(f"star {star.name} is on hex {star.hex}, which is not on the map")
        if star.name.casefold() in names:
            raise MapError(f"two stars are named {star.name}")
        if not star.name.strip() or star.value < 0:
            raise MapError(f"star on {star.hex} needs a name and a value of 0 or more")
        names.add(star.name.casefold())
    if len(m.star_by_hex) != len(m.stars):
        raise MapError("two stars share one hex")
    for star in m.stars:
        for near in neighbour_ids(star.hex):
            other = m.star_by_hex.get(near)
            if other is not None and star.name < other.name:
                raise MapError(f"stars {star.name} and {other.name} are adjacent; stars never are")
    seen_lines: set[frozenset[str]] = set()
    for a, b in m.warplines:
        for end in (a, b):
            if end.casefold() not in names:
                raise MapError(f"warpline {a}–{b} ends at {end}, which is not a star on the map")
        key = frozenset((a.casefold(), b.casefold()))
        if len(key) == 1 or key in seen_lines:
            raise MapError(f"warpline {a}–{b} is listed twice or joins a star to itself")
        seen_lines.add(key)
    _check_warpline_counts(m)
    _check_homes(m, names)
    _check_connected(m)


MAX_WARPLINES = 4
"""No star ever has more than 4 warplines (the 1994 text's "Creating new maps", R-GEN-3)."""


def _check_warpline_counts(m: HexMap) -> None:
    """R-GEN-3: a star with a fifth warpline is refused, named with its lines."""
    lines: dict[str, list[str]] = {}
    for a, b in m.warplines:
        lines.setdefault(m.star(a).name, []).append(m.star(b).name)
        lines.setdefault(m.star(b).name, []).append(m.star(a).name)
    for star in m.stars:
        ends = lines.get(star.name, [])
        if len(ends) > MAX_WARPLINES:
            raise MapError(
                f"star {star.name} has {len(ends)} warplines (to {listed(ends)}); "
                f"a star has at most {MAX_WARPLINES}"
            )


def _check_homes(m: HexMap, star_names: set[str]) -> None:
    if not m.homes:
        raise MapError("the map has no home ends")
    used: set[str] = set()
    for home in m.homes:
        if not home.bases:
            raise MapError(f"home {home.end} has no base stars")
        for base in home.bases:
            if base.casefold() not in star_names:
                raise MapError(f"home {home.end} names base {base}, which is not a star on the map")
            if base.casefold() in used:
                raise MapError(f"base star {base} belongs to two homes")
            used.add(base.casefold())
        if home.middle not in home.bases:
            raise MapError(f"home {home.end}: the middle base {home.middle} is not one of its bases")
    if len({h.end for h in m.homes}) != len(m.homes):
        raise MapError("two home ends share a name")


def _check_connected(m: HexMap) -> None:
    start = m.hexes[0]
    seen = {start}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for nxt in (*m.neighbours(here), *m.warp_destinations(here)):
            if nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    if len(seen) != len(m.hexes):
        cut_off = sorted(set(m.hexes) - seen)[0]
        raise MapError(f"the map is not connected: hex {cut_off} cannot be reached from {start}")
