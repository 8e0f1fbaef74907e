"""WarpWar's star maps, read from ``data/maps`` (store.maps) and checked by the engine."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from engine.warpwar.starmap import HexMap, MapError, parse_map
from store.maps import MAPS_DIR, MapFileError, available_maps, map_data

DEFAULT_MAP = "warpwar"

__all__ = ["DEFAULT_MAP", "MAPS_DIR", "available_maps", "load_map"]


@cache
def load_map(name: str = DEFAULT_MAP, directory: Path = MAPS_DIR) -> HexMap:
    """Load and check ``data/maps/<name>.json``; MapError names the file and the fault.

    Maps are immutable values, so each is read once per process.
    """
    path = directory / f"{name}.json"
    try:
        return parse_map(map_data(name, directory))
    except MapFileError as error:
        raise MapError(str(error)) from None
    except MapError as error:
        raise MapError(f"{path.name}: {error}") from None
