"""Issue 15 in the engine: ``GameState.ships_at`` reads an index built once per state, not a
sort of every ship on each call; it must say exactly what the scan said (carried ships
included, by owner then label: W1, W2, W10, then S10 …), and a new state never sees an older
one's index. A state's JSON text is written with the texts of its unchanged records made once;
an event applied again to the same state gives the engine's own result back."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

import pytest

from engine import serial
from engine.serial import decode, encode, to_json
from engine.warpwar import GameState, battles, order_checks
from engine.warpwar.events import Removal, ShipRemoved
from engine.warpwar.orders import Orders
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import Ship
from engine.warpwar.tx import Tx
from tests.engine.battle_helpers import add_ship, battle, fight, report_of


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


def test_a_records_text_is_kept_and_a_new_record_written_anew() -> None:
    """A ship's text is kept on it; the state made by changing one ship writes that ship anew
    and reuses the others' texts, and says exactly what ``json.dumps(encode())`` says."""
    game = battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=9")
    to_json(game)
    kept = game.ships["bob:W2"].__dict__[serial._TEXT]
    hurt = replace(game.ships["alice:W1"], current={**game.ships["alice:W1"].current, Attr.PD: 1})
    later = replace(game, ships={**game.ships, hurt.key: hurt})
    assert to_json(later) == json.dumps(encode(later))
    assert later.ships["bob:W2"].__dict__[serial._TEXT] is kept
    assert '"PD": 1' in hurt.__dict__[serial._TEXT]


def test_only_records_that_cannot_change_keep_their_text() -> None:
    """A frozen dataclass of unchanging fields keeps its text; one with a list field (which could
    be changed in place) or an unfrozen one does not."""

    @dataclass(frozen=True)
    class Fixed:
        names: tuple[str, ...]
        counts: dict[str, int]

    @dataclass(frozen=True)
    class Listed:
        names: list[str]

    @dataclass
    class Loose:
        name: str

    assert serial._unchanging(Fixed) and serial._unchanging(Ship) and serial._unchanging(GameState)
    assert not serial._unchanging(Listed) and not serial._unchanging(Loose)
    listed = Listed(["a"])
    assert to_json(listed) == json.dumps(encode(listed)) and serial._TEXT not in listed.__dict__
    listed.names.append("b")
    assert to_json(listed) == json.dumps(encode(listed))


def test_an_event_applied_again_to_the_same_state_gives_the_same_result() -> None:
    """The story of a command applies its events again (gm.warpwar.story): to the state the
    engine applied them to, the engine's own result comes back; to another state, a new one.
    An event applied in a fold of the log keeps nothing."""
    game = battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=9")
    folded = ShipRemoved("bob", "W2", "destroyed", Removal.DESTROYED)
    assert folded.apply(game) is not folded.apply(game) and not vars(folded).keys() - {
        "owner",
        "label",
        "reason",
        "cause",
    }
    event = ShipRemoved("bob", "W2", "destroyed", Removal.DESTROYED)
    tx = Tx(game)
    tx.emit(event)
    after = tx.state
    assert event.apply(game) is after and "bob:W2" not in after.ships
    other = replace(game, game_turn=game.game_turn + 1)
    again = event.apply(other)
    assert again is not after and again == replace(after, game_turn=after.game_turn + 1)


def test_the_orders_that_complete_a_round_are_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The last player's orders are checked at submission and not again when the round they
    complete is fought (the ships are as they were checked); orders sent earlier are checked
    again then (a target may have gone meanwhile). The round is the same either way."""
    game = battle("alice W1: TL1 PD=6 B=2 S=1", "bob W2: TL1 PD=6 B=2 S=1")
    first = fight(game, alice="W1 ATTACKS W2: D=2 B=2 S=1")
    checked: list[str] = []
    check = order_checks.check_orders

    def counted(state: GameState, star: str, player: str, orders: Orders) -> None:
        checked.append(f"{player} {orders.ship}")
        check(state, star, player, orders)

    monkeypatch.setattr(battles, "check_orders", counted)  # as battles imported it
    monkeypatch.setattr(order_checks, "check_orders", counted)
    fought = fight(first.state, bob="W2 ATTACKS W1: D=2 B=2 S=1")
    assert sorted(checked) == ["alice W1", "bob W2"], "bob's at submission only, alice's at the round"
    monkeypatch.undo()
    assert report_of(fought) == report_of(fight(first.state, bob="W2 ATTACKS W1: D=2 B=2 S=1"))
