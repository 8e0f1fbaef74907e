"""Blind games for the engine casebook: a game with ``blind: ships`` or ``blind: map``, and
positions set by hand that the players have looked at (engine.warpwar.sight)."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.warpwar import Accepted, GameSetup, GameState, PlayerSetup, new_game
from engine.warpwar.sight import observe
from engine.warpwar.starmap import HexMap, Home
from engine.warpwar.state import Blind, GameOptions
from tests.engine.helpers import place, printed_map


def blind_start(
    mode: str = "ships", ruleset: str = "classic", scenario: str = "basic", carol: bool = False
) -> GameState:
    """alice (north) and bob (south) on the printed map, in a blind game (``carol``: and carol,
    west, on :func:`three_ended_map`)."""
    return blind_started(mode, ruleset, scenario, carol).state


def blind_started(mode: str, ruleset: str, scenario: str, carol: bool = False) -> Accepted:
    """:func:`blind_start` with the events that set the game up."""
    setups: tuple[PlayerSetup, ...] = (PlayerSetup("alice", "north"), PlayerSetup("bob", "south"))
    hex_map = printed_map()
    if carol:
        setups, hex_map = (*setups, PlayerSetup("carol", "west")), three_ended_map()
    options = GameOptions(blind=Blind(mode))
    setup = GameSetup(ruleset, scenario, hex_map, setups, fixed_order=True, options=options)
    result = new_game(setup, random.Random(1))
    assert isinstance(result, Accepted), result
    return result


def three_ended_map() -> HexMap:
    """The printed map with a third end in the west (Susa, Nippur, Assur), as the retired
    warpwar-four map had it: not a fair map to play (R-SCEN-4), but the printed map's stars
    and hexes let these cases read like the others."""
    hex_map = printed_map()
    return replace(hex_map, homes=(*hex_map.homes, Home("west", ("Susa", "Nippur", "Assur"), "Nippur")))


def look(state: GameState) -> GameState:
    """The players see a position set by hand (as if every ship had just arrived)."""
    return observe(state, state, ())


def put(state: GameState, owner: str, label: str, where: str, design: str = "WG=1 PD=8 B=2") -> GameState:
    """A ship placed by hand, and seen by whoever watches where it is."""
    return look(place(state, owner, label, design, where))
