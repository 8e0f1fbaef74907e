"""WarpWar's star maps: the files of ``data/maps`` (store.maps), checked by the engine, and the
maps generated from a seed (engine.warpwar.mapgen) for ``map: random``."""

from __future__ import annotations

from functools import cache, lru_cache
from pathlib import Path

from engine.warpwar.fairness import measure
from engine.warpwar.mapgen import generate
from engine.warpwar.starmap import HexMap, MapError, parse_map
from store.maps import MAPS_DIR, MapFileError, available_maps, map_data

DEFAULT_MAP = "warpwar"
RANDOM_MAP = "random"
"""A map generated for the game from its seed (R-GEN-*): the default for three or four players
(R-SCEN-4)."""
RETIRED_MAPS = {
    "warpwar-four": (
        "The warpwar-four map was retired: its added ends were unfair (one worth 16 BP against 23, "
        "homes one warpline apart). Games of three or four players play on map random."
    ),
}
"""Maps that games stored before may name but no new game may choose: a game that has begun
plays on the map stored in its state."""

__all__ = [
    "DEFAULT_MAP",
    "MAPS_DIR",
    "RANDOM_MAP",
    "RETIRED_MAPS",
    "available_maps",
    "generated_map",
    "load_map",
    "map_names",
]


def map_names() -> list[str]:
    """What a game's ``map`` setting may say: the files, then ``random``."""
    return [*available_maps(), RANDOM_MAP]


@cache
def load_map(name: str = DEFAULT_MAP, directory: Path = MAPS_DIR) -> HexMap:
    """Load and check ``data/maps/<name>.json``; MapError names the file and the fault. A map of
    more than two ends must pass the fairness measure (R-SCEN-4).

    Maps are immutable values, so each is read once per process.
    """
    path = directory / f"{name}.json"
    try:
        hex_map = parse_map(map_data(name, directory))
    except MapFileError as error:
        raise MapError(str(error)) from None
    except MapError as error:
        raise MapError(f"{path.name}: {error}") from None
    if len(hex_map.homes) > 2:
        fairness = measure(hex_map)
        if not fairness.fair:
            raise MapError(f"{path.name}: its ends are not fair: {'; '.join(fairness.reasons)}")
    return hex_map


@lru_cache(maxsize=64)
def generated_map(seed: int, players: int, size: int | None, homes: str) -> HexMap:
    """The map ``map: random`` makes from a game's seed, players, size and homes: the same every
    time, so the lobby's preview is the map the game is played on (ValueError for settings the
    generator does not make)."""
    return generate(seed, players, size, homes).hex_map
