"""Board changes other than grids: destroying hexes, force fields, creating power discs,
adding, removing and warping pieces (2.3.7, 2.3.8, 2.4.2, R-WA-PD-2, R-WA-TURN-4)."""

from __future__ import annotations

import pytest

from engine.serial import decode, encode
from engine.warparena.board_events import PDCreated
from engine.warparena.changes import add_piece, create_pd, destroy_hex, remove_pieces, teleport
from engine.warparena.hexes import HexName
from engine.warparena.pieces import Piece, PieceRef
from engine.warparena.state import GameState
from engine.warparena.tx import Refusal
from tests.engine.warparena.builders import line_of_grids

H = HexName
BASE = line_of_grids(9, 10)


def test_destroying_a_hex_takes_everything_on_it() -> None:
    """2.3.7, 2.4.2: the hex is destroyed with all pieces (of any player) and PDs on it."""
    tx = BASE.piece("ann", "W1", "9-2", pds=3).piece("bob", "H1", "9-2").loose("9-2", 2).tx()
    lost = destroy_hex(tx, H("9-2"), "bob")
    assert {p.ref for p in lost} == {PieceRef("ann", "W1"), PieceRef("bob", "H1")}
    board = tx.state.board
    assert board.pieces == () and board.unclaimed == {} and board.destroyed == {"9-2"}


def test_a_force_field_is_destroyed_instead_of_its_hex() -> None:
    """2.3.8, special note 3: a destroy result on a fortified hex takes the field only; a
    second one takes the hex and its occupants."""
    tx = BASE.field("9-2", "ann").piece("ann", "D1", "9-2").tx()
    assert destroy_hex(tx, H("9-2"), "bob") == ()
    assert tx.state.board.force_fields == {} and tx.state.board.pieces != ()
    assert [p.label for p in destroy_hex(tx, H("9-2"), "bob")] == ["D1"]


def test_a_pd_goes_to_the_friendly_robot_carrying_fewest() -> None:
    """R-WA-PD-2: to the robot with room carrying fewest, then C, D, H, B, W."""
    pos = BASE.piece("ann", "W1", "9-2").piece("ann", "D1", "9-2").piece("ann", "C", "9-2", pds=1)
    tx = pos.tx()
    takers = [create_pd(tx, H("9-2")) for _ in range(4)]
    assert [t.label if t else None for t in takers] == ["D1", "W1", "C", "D1"]
    assert {p.label: p.pds for p in tx.state.board.pieces} == {"C": 2, "D1": 2, "W1": 1}


def test_a_pd_may_go_to_the_robot_its_owner_names() -> None:
    """R-WA-PD-2: the owner of the robots there chooses which one takes it."""
    tx = BASE.piece("ann", "W1", "9-2").piece("ann", "C", "9-2").tx()
    assert create_pd(tx, H("9-2"), carrier="W1") == PieceRef("ann", "W1")
    with pytest.raises(Refusal, match="no robot B1"):
        create_pd(tx, H("9-2"), carrier="B1")


def test_a_pd_with_no_room_or_no_robot_lies_unclaimed_and_on_a_destroyed_hex_is_lost() -> None:
    """R-WA-PD-2, 2.3.6-2.3.7: no robot with room: unclaimed; a destroyed hex: destroyed."""
    tx = BASE.piece("ann", "W1", "9-2", pds=4).destroyed("9-5").tx()
    assert create_pd(tx, H("9-2")) is None
    assert create_pd(tx, H("9-4")) is None
    assert create_pd(tx, H("9-5")) is None
    assert tx.state.board.unclaimed == {"9-2": 1, "9-4": 1}
    assert tx.events[-1] == PDCreated(H("9-5"), None, lost=True)


def test_a_pd_made_where_two_players_stand_lies_unclaimed() -> None:
    """R-WA-PD-2, R-WA-X-9: among robots of two players no robot is friendly to all: the PD
    lies unclaimed for the fight's survivor."""
    tx = BASE.piece("ann", "C", "9-2").piece("bob", "W1", "9-2").tx()
    assert create_pd(tx, H("9-2")) is None
    assert tx.state.board.unclaimed == {"9-2": 1}


def test_adding_and_removing_pieces() -> None:
    """R-WA-SET-3, R-WA-WIN-1: a new robot goes on a hex not destroyed; robots leaving the
    arena take their PDs, or leave them unclaimed when asked."""
    tx = BASE.destroyed("9-5").tx()
    add_piece(tx, Piece("ann", "C", H("9-C"), 2))
    add_piece(tx, Piece("ann", "B1", H("9-1"), 1))
    with pytest.raises(Refusal, match="already has a C"):
        add_piece(tx, Piece("ann", "C", H("9-2")))
    with pytest.raises(Refusal, match="destroyed"):
        add_piece(tx, Piece("bob", "C", H("9-5")))
    remove_pieces(tx, (PieceRef("ann", "C"),), drop_pds=True)
    remove_pieces(tx, (PieceRef("ann", "B1"),))
    assert tx.state.board.pieces == () and tx.state.board.unclaimed == {"9-C": 2}


def test_a_piece_warped_onto_a_destroyed_hex_is_destroyed_with_its_pds() -> None:
    """R-WA-TURN-4, 4.2.9: a piece warped onto a destroyed hex is destroyed with what it carries."""
    tx = BASE.piece("ann", "H1", "9-2", pds=2).destroyed("10-4").tx()
    assert teleport(tx, PieceRef("ann", "H1"), H("10-4")) is False
    assert tx.state.board.pieces == ()


def test_a_warp_onto_an_enemy_says_combat_follows() -> None:
    """R-WA-TURN-4, 4.2.6: landing among enemy robots or on an enemy force field starts a
    fight; friendly pieces or a friendly field do not."""
    pos = BASE.piece("ann", "H1", "9-2", pds=2).piece("bob", "W1", "10-C").field("10-1", "bob")
    pos = pos.piece("ann", "D1", "10-2").field("10-3", "ann")
    for hex_, fight in (("10-C", True), ("10-1", True), ("10-2", False), ("10-3", False), ("9-4", False)):
        tx = pos.tx()
        assert teleport(tx, PieceRef("ann", "H1"), H(hex_)) is fight
        moved = tx.state.board.piece(PieceRef("ann", "H1"))
        assert moved is not None and moved.hex == hex_ and moved.pds == 2


def test_board_changes_round_trip_through_json() -> None:
    """2.3.7, 2.3.8, R-WA-PD-2: every event of a board change, and the state after it,
    survive JSON (the game's log is its events)."""
    tx = BASE.piece("ann", "W1", "9-2", pds=3).field("9-3", "bob").tx()
    create_pd(tx, H("9-2"))
    destroy_hex(tx, H("9-3"), "ann")
    destroy_hex(tx, H("9-2"), "bob")
    assert decode(GameState, encode(tx.state)) == tx.state
    for event in tx.events:
        assert decode(type(event), encode(event)) == event
