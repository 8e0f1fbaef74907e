"""A mid-game position and the example pictures drawn from it: ``python -m render.examples``.

The position is a revised advanced game in game-turn 6, forty ships on the printed map. It
is played forward by the engine itself: alice moves (along warplines too) into two battles,
then the first round at Mari is fought, so the trails, battle markers, losses and damage on
the pictures are the engine's own events. The benchmark and the tests use the same position.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from engine.warpwar import Accepted, Event, GameSetup, GameState, PlayerSetup, apply, new_game
from engine.warpwar.commands import Command, EndPhase, Go, Move, SubmitOrders
from engine.warpwar.notation import parse_design
from engine.warpwar.order_notation import parse_orders
from engine.warpwar.ships import new_ship
from engine.warpwar.starmap import HexMap, parse_map
from engine.warpwar.state import Ownership, Phase

ROOT = Path(__file__).resolve().parent.parent
PRINTED_MAP = ROOT / "data" / "maps" / "warpwar.json"
PICTURES = ROOT / "docs" / "pictures"

_FLEETS: dict[str, tuple[tuple[str, str, str], ...]] = {
    # label, design, where (a star or a hex); W ships have a Warp Generator.
    "alice": (
        ("W1", "PD=8 B=4 S=2", "Nippur"),
        ("W2", "PD=6 B=3 S=1 A=1", "Khafa"),
        ("W3", "PD=8 B=4 S=2 E=1", "Ubaid"),
        ("W4", "PD=6 B=2 S=2", "Susa"),
        ("W5", "PD=10 B=2 S=2 SR=2", "Calah"),
        ("W6", "PD=8 B=3 S=3", "Nippur"),
        ("W7", "PD=6 B=2 S=1 H=2", "Ur"),
        ("W8", "PD=6 B=3 S=2", "Adab"),
        ("W9", "PD=8 B=3 S=2", "Assur"),
        ("W10", "PD=6 B=2 S=2", "Erech"),
        ("W11", "PD=4 B=2 S=1", "1112"),
        ("W12", "PD=4 B=2 S=1", "1511"),
        ("S10", "PD=6 S=3 T=2 M=6", "Calah"),
        ("S11", "PD=5 S=2 B=2", "Ur"),
        ("S12", "PD=6 S=3 T=2 M=6", "Ubaid"),
        ("S13", "PD=4 S=3 B=1", "Mosul"),
        ("S14", "PD=4 S=3 B=1", "Larsu"),
        ("S15", "PD=6 S=2 T=2 M=4", "Assur"),
        ("S16", "PD=4 S=2 B=2", "Byblos"),
        ("S17", "PD=4 S=2 B=2", "Sippur"),
    ),
    "bob": (
        ("W1", "PD=8 B=4 S=2", "Umma"),
        ("W2", "PD=8 B=3 S=3", "Umma"),
        ("W3", "PD=6 B=3 S=2", "Kish"),
        ("W4", "PD=6 B=3 S=2", "Babylon"),
        ("W5", "PD=8 B=3 S=2", "Lagash"),
        ("W6", "PD=6 B=2 S=2", "Lagash"),
        ("W7", "PD=3 B=1", "Mari"),
        ("W8", "PD=8 B=4 S=2", "Elam"),
        ("W9", "PD=6 B=2 S=2", "Elam"),
        ("W10", "PD=6 B=3 S=1", "1718"),
        ("W11", "PD=6 B=2 S=2", "1920"),
        ("W12", "PD=6 B=2 S=2", "1920"),
        ("S10", "PD=6 S=3 T=2 M=6", "Umma"),
        ("S11", "PD=5 S=2 B=2", "Umma"),
        ("S12", "PD=4 S=3 B=1", "Kish"),
        ("S13", "PD=4 S=3 B=1", "Babylon"),
        ("S14", "PD=6 S=3 T=2 M=6", "Lagash"),
        ("S15", "PD=2 S=1 B=1", "Mari"),
        ("S16", "PD=4 S=2 B=2", "Eridu"),
        ("S17", "PD=4 S=2 B=2", "Nineveh"),
    ),
}
_OWNED = {
    "alice": ("Sippur", "Erech", "Calah", "Susa", "Byblos", "Adab", "Nippur", "Ubaid", "Khafa", "Assur"),
    "bob": ("Isin", "Sumer", "Akkad", "Kish", "Eridu", "Umma", "Sumarra", "Girsu", "Elam", "Jarmo", "Mari"),
}
_CARRIED = {"alice": {"S10": "W5"}}
_MOVES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("W1", ("Lagash",)),  # a warpline jump into a battle
    ("W6", ("1411", "1512", "1613", "Lagash")),
    ("W3", ("Mari",)),  # along the warpline from Ubaid
    ("W2", ("1414", "Mari")),
    ("W4", ("1308", "1409", "1510")),
    ("W5", ("Nippur", "1411", "1512", "1513")),  # with S10 in its rack
    ("W12", ("1612", "Assur")),
)
_ROUND = {
    "alice": "W2 ATTACKS W7: D=2 B=3 S=1\nW3 ATTACKS S15: D=2 B=4 S=2",
    "bob": "W7 ATTACKS W2: D=2 B=1\nS15 ATTACKS W3: D=1 B=1",
}
BATTLE_STAR = "Mari"


@dataclass(frozen=True)
class Midgame:
    """The example game at three moments, with the events between them."""

    start: GameState
    """Alice's move phase begins."""
    moves: tuple[Event, ...]
    """Her moves, and the start of the combat phase."""
    moved: GameState
    """The combat phase, battles at Mari and Lagash pending."""
    fought: tuple[Event, ...]
    """The first round at Mari."""
    after: GameState
    """After that round."""


def printed_map() -> HexMap:
    """The printed map, read straight from data/ (a script may; the drawing code never does)."""
    return parse_map(json.loads(PRINTED_MAP.read_text(encoding="utf-8")))


def midgame(hex_map: HexMap) -> Midgame:
    state = _position(hex_map)
    moved, moves = _play(
        state, [*(Move("alice", label, tuple(Go(p) for p in path)) for label, path in _MOVES)]
    )
    moved, begin = _play(moved, [EndPhase("alice")])
    orders = [SubmitOrders(player, BATTLE_STAR, parse_orders(text)) for player, text in _ROUND.items()]
    after, fought = _play(moved, orders)
    return Midgame(state, (*moves, *begin), moved, fought, after)


def _position(hex_map: HexMap) -> GameState:
    setups = tuple(PlayerSetup(name, home.end) for name, home in zip(_FLEETS, hex_map.homes, strict=False))
    created = new_game(GameSetup("revised", "advanced", hex_map, setups, fixed_order=True), random.Random(1))
    assert isinstance(created, Accepted), created
    state = created.state
    ships = {}
    for owner, fleet in _FLEETS.items():
        for label, design, where in fleet:
            warp = "WG=1 " if label.startswith("W") else ""
            hex_id = hex_map.resolve(where)
            assert hex_id is not None, where
            ship = new_ship(owner, label, parse_design(warp + design), 0, hex_id, 2)
            ships[ship.key] = ship
    for owner, carried in _CARRIED.items():
        for systemship, carrier in carried.items():
            s, c = ships[f"{owner}:{systemship}"], ships[f"{owner}:{carrier}"]
            ships[s.key] = replace(s, hex=None, carried_by=carrier)
            ships[c.key] = replace(c, carrying=(*c.carrying, systemship))
    owners = dict(state.owners)
    for owner, stars in _OWNED.items():
        owners.update({star: Ownership(owner, 3) for star in stars})
    players = tuple(replace(p, next_warpship=13, next_systemship=18) for p in state.players)
    return replace(
        state, ships=ships, owners=owners, players=players, game_turn=6, turn_serial=11, phase=Phase.MOVE
    )


def _play(state: GameState, commands: Sequence[Command]) -> tuple[GameState, tuple[Event, ...]]:
    events: list[Event] = []
    for command in commands:
        result = apply(state, command)
        assert isinstance(result, Accepted), f"{command}: {result}"
        state = result.state
        events.extend(result.events)
    return state, tuple(events)


def main(argv: list[str] | None = None) -> None:
    """Write the example pictures into docs/pictures/ (or the folder given)."""
    from render import MapView, render_battle, render_fleet_card, render_map
    from render.recent import round_reports

    out = Path((argv or sys.argv[1:] or [str(PICTURES)])[0])
    out.mkdir(parents=True, exist_ok=True)
    game = midgame(printed_map())
    title = "The Sumerian War"
    deadline = "deadline Fri 18:00 UTC"
    pictures = {
        "map-public.png": render_map(
            game.moved, MapView(title=title, deadline=deadline, recent=game.moves, before=game.start)
        ),
        "map-alice-zoom.png": render_map(
            game.after,
            MapView(
                viewer="alice",
                title=title,
                recent=game.fought,
                around=(BATTLE_STAR, "Lagash"),
                rings=1,
                scale=1.5,
            ),
        ),
        "fleet-alice.png": render_fleet_card(game.after, "alice"),
        "battle-mari-round-1.png": render_battle(round_reports(game.fought)[0], game.after, "alice"),
    }
    for name, png in pictures.items():
        (out / name).write_bytes(png)
        print(f"{out / name}: {len(png) // 1024} KiB")


if __name__ == "__main__":
    main()
