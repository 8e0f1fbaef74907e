"""Reading map files from ``data/maps`` (the engine itself never touches files)."""

from __future__ import annotations

import json
from pathlib import Path

from engine.warpwar.starmap import HexMap, MapError, parse_map

MAPS_DIR = Path(__file__).resolve().parent.parent / "data" / "maps"
DEFAULT_MAP = "warpwar"


def available_maps(directory: Path = MAPS_DIR) -> list[str]:
    """Names of the map files a game can use (file names without ``.json``)."""
    return sorted(p.stem for p in directory.glob("*.json"))


def load_map(name: str = DEFAULT_MAP, directory: Path = MAPS_DIR) -> HexMap:
    """Load and check ``data/maps/<name>.json``; MapError names the file and the fault."""
    path = directory / f"{name}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MapError(
            f"there is no map called {name!r}; known maps: {', '.join(available_maps(directory))}"
        ) from None
    except json.JSONDecodeError as bad:
        raise MapError(f"{path.name} is not valid JSON (line {bad.lineno}: {bad.msg})") from None
    try:
        return parse_map(data)
    except MapError as error:
        raise MapError(f"{path.name}: {error}") from None
