"""``python -m engine.warpwar.mapgen``: a generated map written as a map file (docs/maps.md).

The generator (engine.warpwar.mapgen) is pure; writing the file is this command's one piece
of I/O. The same arguments write the same bytes, so a map can be made again from its seed.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engine.warpwar.mapgen import HOMES, MAX_HEXES, MIN_HEXES, PLAYERS, generate, map_text


def main(argv: Sequence[str] | None = None) -> int:
    """Write the map the arguments ask for; 2 (argparse's code) with a message for bad ones."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.warpwar.mapgen",
        description="Write a WarpWar map generated from a seed by the 1994 text's recipe.",
    )
    parser.add_argument("--seed", type=int, required=True, help="the same seed gives the same map")
    parser.add_argument("--players", type=int, required=True, choices=PLAYERS, help="home ends on the map")
    parser.add_argument("--size", type=int, help=f"hexes, {MIN_HEXES} to {MAX_HEXES} (default by players)")
    parser.add_argument("--homes", choices=HOMES, default="edge", help="homes at the edge or spread")
    parser.add_argument("--out", type=Path, required=True, help="the map file to write (.json)")
    args = parser.parse_args(argv)
    try:
        generated = generate(args.seed, args.players, args.size, args.homes)
    except ValueError as wrong:
        parser.error(str(wrong))
    args.out.write_text(map_text(generated), encoding="utf-8")
    m = generated.hex_map
    print(f"{args.out}: {len(m.hexes)} hexes, {len(m.stars)} stars, {len(m.warplines)} warplines")
    return 0


if __name__ == "__main__":
    sys.exit(main())
