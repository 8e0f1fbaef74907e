"""A fluent casebook for engine tests: set up a position in a line, assert outcomes in one.

Tests read like a referee's casebook: ``game = classic("advanced")``, put ships where the
example puts them with ``place``, then ``accept`` or ``refuse`` a command.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

from engine.serial import encode
from engine.warpwar import Accepted, GameSetup, GameState, PlayerSetup, Rejected, apply, new_game
from engine.warpwar.commands import Command, EndPhase
from engine.warpwar.notation import parse_design
from engine.warpwar.ships import Ship, new_ship
from engine.warpwar.starmap import HexMap
from engine.warpwar.state import Phase
from gm.warpwar.maps import load_map


@cache
def printed_map() -> HexMap:
    return load_map("warpwar")


def start(
    ruleset: str,
    scenario: str,
    *players: str,
    alliances: dict[str, str] | None = None,
    hex_map: HexMap | None = None,
) -> GameState:
    """A new game, players in the given order; the first defends the north end, the next the south."""
    return started(ruleset, scenario, *players, alliances=alliances, hex_map=hex_map).state


def started(
    ruleset: str,
    scenario: str,
    *players: str,
    alliances: dict[str, str] | None = None,
    hex_map: HexMap | None = None,
) -> Accepted:
    """Like :func:`start`, with the events that set the game up."""
    names = players or ("alice", "bob")
    hex_map = hex_map or printed_map()
    ends = [h.end for h in hex_map.homes]
    setups = tuple(
        PlayerSetup(name=n, home=ends[i] if i < len(ends) else None, alliance=(alliances or {}).get(n))
        for i, n in enumerate(names)
    )
    result = new_game(GameSetup(ruleset, scenario, hex_map, setups, fixed_order=True), random.Random(1))
    assert isinstance(result, Accepted), result
    return result


def classic(scenario: str) -> GameState:
    return start("classic", scenario)


def revised(scenario: str) -> GameState:
    return start("revised", scenario)


def accept(state: GameState, command: Command) -> GameState:
    """Apply a command that must be accepted; return the new state."""
    result = apply(state, command)
    assert isinstance(result, Accepted), f"refused: {getattr(result, 'message', result)}"
    return result.state


def accepted(state: GameState, command: Command) -> Accepted:
    result = apply(state, command)
    assert isinstance(result, Accepted), f"refused: {getattr(result, 'message', result)}"
    return result


def refuse(state: GameState, command: Command, code: str, *fragments: str) -> str:
    """Apply a command that must be refused with ``code``; check nothing changed; return the message."""
    before = encode(state)
    result = apply(state, command)
    assert isinstance(result, Rejected), f"accepted, expected refusal {code}"
    assert result.code == code, f"{result.code}: {result.message}"
    for fragment in fragments:
        assert fragment in result.message, result.message
    assert encode(state) == before, "a refused command changed the state"
    return result.message


def place(
    state: GameState, owner: str, label: str, design: str, where: str, *, tl: int = 0, damage: str = ""
) -> GameState:
    """Put a ship on the map as an example describes it (``damage`` gives current values)."""
    hex_name = state.map.resolve(where)
    assert hex_name is not None, where
    ship: Ship = new_ship(owner, label, parse_design(design), tl, hex_name, state.game_turn)
    if damage:
        ship = ship.with_current(parse_design(damage))
    player = state.player(owner)
    number = int(label[1:])
    if label.startswith("W"):
        player = replace(player, next_warpship=max(player.next_warpship, number + 1))
    else:
        player = replace(player, next_systemship=max(player.next_systemship, number + 1))
    players = tuple(player if p.name == owner else p for p in state.players)
    return replace(state, players=players, ships={**state.ships, ship.key: ship})


def carry(state: GameState, owner: str, carrier: str, systemship: str) -> GameState:
    """Load a Systemship into a Warpship's rack, as an example's starting position."""
    c = state.ship(owner, carrier)
    s = state.ship(owner, systemship)
    assert c is not None and s is not None
    ships = {
        **state.ships,
        c.key: replace(c, carrying=(*c.carrying, s.label)),
        s.key: replace(s, hex=None, carried_by=c.label),
    }
    return replace(state, ships=ships)


def to_phase(state: GameState, phase: Phase) -> GameState:
    """End phases of the active player until ``phase`` is reached, as their deadlines would
    (so a classic first build may leave BP unspent, R-BUILD-6)."""
    while state.phase is not phase:
        state = accept(state, EndPhase(state.active_player.name, deadline_passed=True))
    return state


def end_turn(state: GameState) -> GameState:
    """Finish the active player's turn (no battles may be pending), as its deadlines would."""
    player = state.active_player.name
    while state.result is None and state.active_player.name == player:
        state = accept(state, EndPhase(player, deadline_passed=True))
    return state
