"""Entry point of the WarpWar game master bot.

The Discord front end (issue 6) and the local console (issue 4) are not built yet; until they
are, this prints what exists so far and checks that the rules engine loads its map.
"""

from __future__ import annotations

import sys

from store.maps import available_maps, load_map


def main() -> int:
    hex_map = load_map()
    print("WarpWar game master")
    print(
        f"  rules engine: ready (map {hex_map.name!r}: {len(hex_map.hexes)} hexes, "
        f"{len(hex_map.stars)} stars, {len(hex_map.warplines)} warplines)"
    )
    print(f"  maps available: {', '.join(available_maps())}")
    print("  combat: ready (sealed orders, the CRT, ECM, damage, battles; see docs/architecture.md)")
    print("  not there yet: the game master service and local console (issue 4),")
    print("                 map pictures (issue 5), the Discord bot (issue 6).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
