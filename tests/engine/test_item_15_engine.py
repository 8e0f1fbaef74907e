"""Issue 15 in the engine: ``GameState.ships_at`` reads an index built once per state, not a
sort of every ship on each call; it must say exactly what the scan said (carried ships
included, by owner then label: W1, W2, W10, then S10 …), and a new state never sees an older
one's index. A state's JSON text is written with its map's text made once."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.serial import decode, encode, to_json
from engine.warpwar import GameState
from tests.engine.battle_helpers import add_ship, battle


def scanned(state: GameState, hex_name: str) -> list[str]:
    """What ships_at said before the index: every ship whose position is the hex, sorted."""
    here = [s for s in state.ships.values() if state.position(s) == hex_name]
    order = sorted(here, key=lambda s: (s.owner, s.label[0] != "W", int(s.label[1:])))
    return [s.key for s in order]


def keys(state: GameState, hex_name: str) -> list[str]:
    return [s.key for s in state.ships_at(hex_name)]


def test_ships_at_is_the_scan_of_every_hex_carried_ships_included() -> None:
    game = battle(
        "bob W10: TL0 PD=3 B=1 SR=2",
        "alice W2: TL0 PD=3 B=1",
        "bob S12 in W10: TL0 PD=2 B=1",
        "alice W1: TL1 PD=4 B=2",
        "bob W2: TL0 PD=3 A=9",
    )
    game = add_ship(game, "alice W3: TL0 PD=2 B=1", "Babylon")
    for hex_name in {*game.map.hexes, *(game.position(s) for s in game.ships.values())}:
        assert keys(game, hex_name) == scanned(game, hex_name)
    kish = game.position(game.ships["alice:W1"])
    assert keys(game, kish) == ["alice:W1", "alice:W2", "bob:W2", "bob:W10", "bob:S12"]


def test_a_new_state_has_its_own_index() -> None:
    """States are values: the index of one is never read for another made from it."""
    game = battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=9")
    kish = game.position(game.ships["alice:W1"])
    assert keys(game, kish) == ["alice:W1", "bob:W2"]
    babylon = game.map.resolve("Babylon")
    assert babylon is not None
    moved = replace(game, ships={**game.ships, "bob:W2": replace(game.ships["bob:W2"], hex=babylon)})
    assert keys(moved, kish) == ["alice:W1"] and keys(moved, babylon) == ["bob:W2"]
    assert keys(game, kish) == ["alice:W1", "bob:W2"]


def test_a_states_text_is_its_json_with_the_map_written_once() -> None:
    """``serial.to_json`` writes a state as ``json.dumps(encode(state))`` does, the map's text
    (kept on the map, which never changes) put in place; every state on the same map reuses it."""
    game = battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=9")
    assert to_json(game) == json.dumps(encode(game))
    later = replace(game, game_turn=game.game_turn + 1)
    assert later.map is game.map and to_json(later) == json.dumps(encode(later))
    assert decode(GameState, json.loads(to_json(later))) == later
    assert to_json(game.map) == json.dumps(encode(game.map)), "a value with no such field"
