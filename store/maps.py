"""Reading map files from ``data/maps`` as JSON data (the engines never touch files).

What a map's data means is its game's business (gm/warpwar/maps.py parses WarpWar's star
maps); here a file is found, read, and its ``"extends"`` resolved.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

MAPS_DIR = Path(__file__).resolve().parent.parent / "data" / "maps"


class MapFileError(ValueError):
    """A map file that is missing, not JSON, or extends itself; the message names the file."""


def available_maps(directory: Path = MAPS_DIR) -> list[str]:
    """Names of the map files a game can use (file names without ``.json``)."""
    return sorted(p.stem for p in directory.glob("*.json"))


def map_data(name: str, directory: Path = MAPS_DIR, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A map file's data; ``"extends": "other"`` takes the other map and changes what it gives
    (its notes are added to the other's), so a variant never copies the printed map."""
    path = directory / f"{name}.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise MapFileError(
            f"there is no map called {name!r}; known maps: {', '.join(available_maps(directory))}"
        ) from None
    except json.JSONDecodeError as bad:
        raise MapFileError(f"{path.name} is not valid JSON (line {bad.lineno}: {bad.msg})") from None
    base_name = data.pop("extends", None)
    if base_name is None:
        return data
    if base_name in (*seen, name):
        raise MapFileError(f"{path.name} extends itself through {base_name!r}")
    base = map_data(str(base_name), directory, (*seen, name))
    notes = [*base.get("notes", []), *data.pop("notes", [])]
    return {**base, **data, "notes": notes}
