"""Reading map files from ``data/maps`` (the engine itself never touches files)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from engine.warpwar.starmap import HexMap, MapError, parse_map

MAPS_DIR = Path(__file__).resolve().parent.parent / "data" / "maps"
DEFAULT_MAP = "warpwar"


def available_maps(directory: Path = MAPS_DIR) -> list[str]:
    """Names of the map files a game can use (file names without ``.json``)."""
    return sorted(p.stem for p in directory.glob("*.json"))


@cache
def load_map(name: str = DEFAULT_MAP, directory: Path = MAPS_DIR) -> HexMap:
    """Load and check ``data/maps/<name>.json``; MapError names the file and the fault.

    Maps are immutable values, so each is read once per process.
    """
    path = directory / f"{name}.json"
    try:
        return parse_map(_read(name, directory))
    except MapError as error:
        raise MapError(f"{path.name}: {error}") from None


def _read(name: str, directory: Path, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A map file's data; ``"extends": "other"`` takes the other map and changes what it gives
    (its notes are added to the other's), so a variant never copies the printed map."""
    path = directory / f"{name}.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MapError(
            f"there is no map called {name!r}; known maps: {', '.join(available_maps(directory))}"
        ) from None
    except json.JSONDecodeError as bad:
        raise MapError(f"{path.name} is not valid JSON (line {bad.lineno}: {bad.msg})") from None
    base_name = data.pop("extends", None)
    if base_name is None:
        return data
    if base_name in (*seen, name):
        raise MapError(f"{path.name} extends itself through {base_name!r}")
    base = _read(str(base_name), directory, (*seen, name))
    notes = [*base.get("notes", []), *data.pop("notes", [])]
    return {**base, **data, "notes": notes}
