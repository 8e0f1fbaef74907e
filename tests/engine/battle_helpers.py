"""Battles set up the way the rulebook writes them: ship records in, orders in notation.

``battle("alice W4: TL0 PD=7 B=3 S=2", "bob S35: TL1 PD=6 S=3 T=2 M=9")`` puts both ships at
Kish in the combat phase of alice's turn; ``fight(game, bob="S35 DODGE: D=4 T=2 ...",
alice="W4 ATTACKS S35: ...")`` sends each player's orders in turn and returns the result of
the last, which resolves the round.
"""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar import Accepted, GameState, Rejected, apply
from engine.warpwar.commands import SubmitOrders
from engine.warpwar.events import Event, PhaseBegan, RoundFought
from engine.warpwar.order_notation import parse_orders
from engine.warpwar.report import RoundReport, ShipResult
from engine.warpwar.ships import Ship, parse_record, record
from engine.warpwar.starmap import HexMap, Home
from engine.warpwar.state import GameOptions, Phase
from tests.engine.helpers import printed_map, start

EXTRA_HOMES = (Home("east", ("Calah",), "Calah"), Home("west", ("Elam",), "Elam"))
"""The printed map has two ends; battles of three or four players borrow two more bases."""


def roomy_map() -> HexMap:
    return replace(printed_map(), homes=(*printed_map().homes, *EXTRA_HOMES))


def add_ship(state: GameState, line: str, where: str) -> GameState:
    """Put a ship on the map from ``"owner W4: TL0 PD=7 ..."``; ``W4 in W2`` loads it in a rack."""
    owner, _, text = line.strip().partition(" ")
    rack = None
    if " in " in text.split(":")[0]:
        head, _, rest = text.partition(":")
        head, _, rack = head.partition(" in ")
        text = f"{head}:{rest}"
    hex_name = state.map.resolve(where)
    assert hex_name is not None, where
    ship: Ship = parse_record(text, owner, None if rack else hex_name)
    ships = {**state.ships, ship.key: replace(ship, built_turn=state.game_turn)}
    if rack:
        carrier = ships[f"{owner}:{rack.strip().upper()}"]
        ships[carrier.key] = replace(carrier, carrying=(*carrier.carrying, ship.label))
        ships[ship.key] = replace(ships[ship.key], carried_by=carrier.label)
    return replace(state, ships=ships)


def battle(
    *records: str,
    ruleset: str = "revised",
    scenario: str = "advanced",
    star: str = "Kish",
    players: tuple[str, ...] = ("alice", "bob"),
    alliances: dict[str, str] | None = None,
    parallel: bool = False,
) -> GameState:
    """A game in the combat phase of the first player's turn, these ships fighting at ``star``.

    A record may name another star after it: ``"bob W2: TL0 PD=3 B=1 @Ur"``.
    """
    state = start(ruleset, scenario, *players, alliances=alliances, hex_map=roomy_map())
    state = replace(state, game_turn=3, phase=Phase.MOVE, options=GameOptions(parallel_battles=parallel))
    for line in records:
        text, _, where = line.partition(" @")
        state = add_ship(state, text, where or star)
    return PhaseBegan(Phase.COMBAT, tuple(state.contested_stars())).apply(state)


def submit(state: GameState, player: str, text: str, star: str = "Kish") -> Accepted | Rejected:
    return apply(state, SubmitOrders(player, star, parse_orders(text) if text.strip() else ()))


def fight(state: GameState, star: str = "Kish", **orders: str) -> Accepted:
    """Each player sends their orders in the order given; the last send resolves the round."""
    result: Accepted | Rejected = Accepted(state, ())
    for player, text in orders.items():
        assert isinstance(result, Accepted)
        result = submit(result.state, player, text, star)
        assert isinstance(result, Accepted), f"{player}'s orders refused: {getattr(result, 'message', '')}"
    assert isinstance(result, Accepted)
    return result


def report_of(events: tuple[Event, ...] | Accepted) -> RoundReport:
    """The report of the (first) round fought in these events."""
    found = events.events if isinstance(events, Accepted) else events
    return next(e.report for e in found if isinstance(e, RoundFought))


def ship_result(events: tuple[Event, ...] | Accepted, key: str) -> ShipResult:
    return report_of(events).result(key)


def record_of(state: GameState, key: str) -> str:
    owner, _, label = key.partition(":")
    ship = state.ship(owner, label)
    assert ship is not None, f"{key} is gone"
    return record(ship)
