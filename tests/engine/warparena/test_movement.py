"""Move and Engage (4.2.7, 5.0): each robot's movement, legal and refused with a message
that says why (R-WA-MOVE-1..5, R-WA-PD-3, R-WA-TURN-3).

The arena is grids 9 and 10 side by side, unturned (builders.line_of_grids): 9-C on (0, 0),
10-C on (3, 0). The only contact between them is 9-3 next to 10-6; 9-2 and 10-6, or 9-3 and
10-5, are two steps apart across a gap.
"""

from __future__ import annotations

import pytest

from engine.warparena.commands import DistanceAttack, Handover, Leave, MoveAndEngage, PieceMove
from engine.warparena.hexes import HexName
from engine.warparena.movement import move
from engine.warparena.pieces import PieceRef
from engine.warparena.state import GameState
from engine.warparena.tx import Refusal
from tests.engine.warparena.builders import Position, line_of_grids

H = HexName
BASE = line_of_grids(9, 10)


def step(label: str, *path: str, **rest: object) -> PieceMove:
    return PieceMove(label, tuple(H(p) for p in path), **rest)  # type: ignore[arg-type]


def hop(label: str, over: str, onto: str, **rest: object) -> PieceMove:
    return PieceMove(label, (H(over), H(onto)), hop=True, **rest)  # type: ignore[arg-type]


def moved(pos: Position, *moves: PieceMove, **rest: object) -> tuple[GameState, tuple[HexName, ...]]:
    """The state after ann's Move and Engage, and the hexes that will fight."""
    tx = pos.tx()
    fights = move(tx, MoveAndEngage("ann", moves, **rest))  # type: ignore[arg-type]
    return tx.state, fights


def refusal(pos: Position, *moves: PieceMove, **rest: object) -> str:
    """Ann's Move and Engage is refused: the message. The position it started from is as it was."""
    before = pos.state()
    with pytest.raises(Refusal) as refused:
        move(pos.tx(), MoveAndEngage("ann", moves, **rest))  # type: ignore[arg-type]
    assert pos.state() == before
    return refused.value.message


def at(state: GameState, label: str, owner: str = "ann") -> tuple[str, int] | None:
    piece = state.board.piece(PieceRef(owner, label))
    return None if piece is None else (piece.hex, piece.pds)


# --- R-WA-MOVE-1: how far each robot goes ----------------------------------------------------------


@pytest.mark.parametrize("label", ["C", "B1"])
def test_c_and_b_bots_go_three_hexes_across_grids(label: str) -> None:
    """R-WA-MOVE-1, 5.0's table: the C-bot and the B-bot move up to 3 hexes, across grids."""
    state, fights = moved(BASE.piece("ann", label, "9-6"), step(label, "9-C", "9-3", "10-6"))
    assert at(state, label) == ("10-6", 0) and fights == ()


@pytest.mark.parametrize("label", ["C", "B1"])
def test_c_and_b_bots_go_no_further(label: str) -> None:
    """R-WA-MOVE-1: a fourth hex is refused."""
    pos = BASE.piece("ann", label, "9-6")
    assert refusal(pos, step(label, "9-C", "9-3", "10-6", "10-C")) == (
        f"{label} moves at most 3 hexes; this path enters 4."
    )


def test_a_d_bot_goes_one_hex() -> None:
    """R-WA-MOVE-1: the D-bot moves 1 hex."""
    pos = BASE.piece("ann", "D1", "9-3")
    assert at(moved(pos, step("D1", "10-6"))[0], "D1") == ("10-6", 0)
    assert refusal(pos, step("D1", "10-6", "10-C")) == "D1 moves at most 1 hex; this path enters 2."


def test_a_w_bot_warps_four_hexes() -> None:
    """R-WA-MOVE-1: the W-bot moves up to 4 hexes."""
    pos = BASE.piece("ann", "W1", "9-6")
    assert at(moved(pos, step("W1", "9-C", "9-3", "10-6", "10-C"))[0], "W1") == ("10-C", 0)
    assert refusal(pos, step("W1", "9-C", "9-3", "10-6", "10-C", "10-1")) == (
        "W1 moves at most 4 hexes; this path enters 5."
    )


def test_an_h_bot_steps_one_hex() -> None:
    """R-WA-MOVE-1, 2.3.3: the H-bot steps into one adjacent hex, or hops; two steps are refused."""
    pos = BASE.piece("ann", "H1", "9-C")
    assert at(moved(pos, step("H1", "9-3"))[0], "H1") == ("9-3", 0)
    assert (
        refusal(pos, step("H1", "9-3", "10-6")) == "H1 moves one hex, or hops over one: this path enters 2."
    )


def test_steps_go_from_hex_to_adjacent_hex_and_never_across_a_gap() -> None:
    """R-WA-MOVE-1, R-WA-MAP-3: each step enters an adjacent arena hex; a gap is not one."""
    pos = BASE.piece("ann", "C", "9-2")
    assert refusal(pos, step("C", "10-6")) == "C cannot go from 9-2 to 10-6: they are not next to each other."
    assert refusal(pos, step("C", "12-3")) == "C cannot go to 12-3: there is no such hex in the arena."


def test_no_step_enters_a_destroyed_hex() -> None:
    """R-WA-MOVE-1, 2.3.7: the C-, B- and D-bot never enter a destroyed hex; the H-bot is told it may hop."""
    pos = BASE.destroyed("9-3").piece("ann", "C", "9-C").piece("ann", "H1", "9-C")
    assert refusal(pos, step("C", "9-3", "10-6")) == "C cannot enter 9-3: it is destroyed."
    assert refusal(pos, step("H1", "9-3")) == "H1 cannot enter 9-3: it is destroyed; it may hop over it."


def test_unknown_and_twice_moved_pieces_are_refused() -> None:
    """R-WA-TURN-3, 4.2.7: a piece moves at most once in a Move action, and only the player's own."""
    pos = BASE.piece("ann", "C", "9-C").piece("bob", "H1", "10-C")
    assert refusal(pos, step("C", "9-1"), step("C", "9-2")) == "C may move only once in a Move action."
    assert refusal(pos, step("H1", "10-1")) == "You have no H1 in the arena."


# --- R-WA-MOVE-2: stopping at enemies --------------------------------------------------------------


def test_a_robot_stops_on_entering_enemy_robots() -> None:
    """R-WA-MOVE-2, 5.0: a robot must end its movement in a hex with an enemy robot; it fights."""
    pos = BASE.piece("ann", "C", "9-C").piece("bob", "W1", "9-3")
    assert refusal(pos, step("C", "9-3", "10-6")) == (
        "C cannot go on past 9-3: enemy robots are there, and it must stop."
    )
    state, fights = moved(pos, step("C", "9-3"))
    assert fights == ("9-3",)


def test_a_robot_stops_on_an_enemy_force_field() -> None:
    """R-WA-MOVE-2, 2.3.8: no robot moves through an enemy force field; one entering it stops and fights."""
    pos = BASE.field("9-3", "bob").piece("ann", "B1", "9-C")
    assert refusal(pos, step("B1", "9-3", "10-6")) == (
        "B1 cannot go on past 9-3: an enemy force field is there, and it must stop."
    )
    assert moved(pos, step("B1", "9-3"))[1] == ("9-3",)


def test_friendly_fields_and_pieces_do_not_hinder() -> None:
    """R-WA-MOVE-2: friendly force fields and friendly pieces do not hinder."""
    pos = BASE.field("9-3", "ann").piece("ann", "D1", "9-3").piece("ann", "C", "9-C")
    state, fights = moved(pos, step("C", "9-3", "10-6", "10-C"))
    assert at(state, "C") == ("10-C", 0) and fights == ()


# --- R-WA-MOVE-3: the hop ------------------------------------------------------------------------


def test_the_hop_lands_on_one_of_the_three_hexes_beyond() -> None:
    """R-WA-MOVE-3, the lost diagram: over hex 4 the H-bot lands on 1, 2 or 3, never 5, 6 or home."""
    pos = BASE.piece("ann", "H1", "9-5")
    for landing in ("9-1", "9-2", "9-3"):
        assert at(moved(pos, hop("H1", "9-C", landing))[0], "H1") == (landing, 0)
    assert refusal(pos, hop("H1", "9-C", "9-4")) == (
        "H1 hopping over 9-C cannot land on 9-4: it must land on one of 9-1, 9-2 and 9-3 beyond it."
    )
    assert refusal(pos, hop("H1", "9-C", "9-5")).startswith("H1 hopping over 9-C cannot land on 9-5")


def test_the_hop_only_lands_on_arena_hexes_beyond() -> None:
    """R-WA-MOVE-3: of the three hexes beyond, only those of the arena (here one) may be landed on."""
    pos = BASE.piece("ann", "H1", "9-C")
    assert at(moved(pos, hop("H1", "9-3", "10-6"))[0], "H1") == ("10-6", 0)
    assert refusal(pos, hop("H1", "9-3", "9-2")) == (
        "H1 hopping over 9-3 cannot land on 9-2: it must land on one of 10-6 beyond it."
    )


def test_the_hop_passes_over_destroyed_hexes_and_enemy_robots() -> None:
    """R-WA-MOVE-3, 2.3.3: the H-bot jumps a destroyed hex or enemy robots without stopping."""
    for pos in (BASE.destroyed("9-3"), BASE.piece("bob", "D1", "9-3")):
        state, fights = moved(pos.piece("ann", "H1", "9-C"), hop("H1", "9-3", "10-6"))
        assert at(state, "H1") == ("10-6", 0) and fights == ()


def test_the_hop_never_passes_an_enemy_force_field() -> None:
    """R-WA-MOVE-3, 2.3.3: it can not jump an enemy force field (a friendly one is no bar)."""
    pos = BASE.field("9-3", "bob").piece("ann", "H1", "9-C")
    assert refusal(pos, hop("H1", "9-3", "10-6")) == "H1 cannot hop over 9-3: an enemy force field is there."
    friendly = BASE.field("9-3", "ann").piece("ann", "H1", "9-C")
    assert at(moved(friendly, hop("H1", "9-3", "10-6"))[0], "H1") == ("10-6", 0)


def test_the_hop_never_lands_on_a_destroyed_hex_and_starts_next_door() -> None:
    """R-WA-MOVE-3: no landing on a destroyed hex; the jumped hex is next to the H-bot."""
    pos = BASE.destroyed("10-6").piece("ann", "H1", "9-C")
    assert refusal(pos, hop("H1", "9-3", "10-6")) == "H1 cannot land on 10-6: it is destroyed."
    assert refusal(pos, hop("H1", "10-C", "10-1")) == "H1 can hop only over a hex next to it; 10-C is not."
    assert refusal(pos, PieceMove("H1", (H("9-3"),), hop=True)) == (
        "A hop names the hex H1 jumps and the hex it lands on, two hexes."
    )


def test_only_an_h_bot_hops() -> None:
    """R-WA-MOVE-3, 5.0's table: the hop is the H-bot's."""
    assert (
        refusal(BASE.piece("ann", "C", "9-C"), hop("C", "9-3", "10-6")) == "Only an H-bot hops; C is a C-bot."
    )


# --- R-WA-MOVE-4: the warp -----------------------------------------------------------------------


def test_the_warp_crosses_destroyed_hexes_and_enemy_robots() -> None:
    """R-WA-MOVE-4, 2.3.5: the W-bot's steps cross destroyed hexes and enemy robots."""
    pos = BASE.destroyed("9-C").piece("bob", "C", "9-3").piece("ann", "W1", "9-6")
    state, fights = moved(pos, step("W1", "9-C", "9-3", "10-6", "10-C"))
    assert at(state, "W1") == ("10-C", 0) and fights == ()


def test_the_warp_never_crosses_an_enemy_field_nor_ends_on_a_destroyed_hex() -> None:
    """R-WA-MOVE-4: never through an enemy force field; it ends on a hex not destroyed."""
    pos = BASE.field("9-3", "bob").destroyed("9-1").piece("ann", "W1", "9-C")
    assert refusal(pos, step("W1", "9-3", "10-6")) == (
        "W1 cannot warp through 9-3: an enemy force field is there, and it must stop."
    )
    assert refusal(pos, step("W1", "9-1")) == "W1 cannot end its warp on 9-1: it is destroyed."


def test_the_warp_ends_entering_an_enemy_hex_to_fight() -> None:
    """R-WA-MOVE-4: entering an enemy hex to fight ends the warp (there it fights)."""
    pos = BASE.piece("bob", "D1", "10-6").piece("ann", "W1", "9-C")
    state, fights = moved(pos, step("W1", "9-3", "10-6"))
    assert fights == ("10-6",)


# --- R-WA-MOVE-5: the D-bot's destroy or fortify --------------------------------------------------


def test_a_d_bot_may_destroy_the_hex_it_leaves_with_all_still_in_it() -> None:
    """R-WA-MOVE-5, 2.3.2: the vacated hex is destroyed with everything still in it, friendly or not."""
    pos = BASE.piece("ann", "D1", "9-3").piece("ann", "W1", "9-3", pds=2).loose("9-3", 1)
    state, _ = moved(pos, step("D1", "10-6", leave=Leave.DESTROY))
    assert "9-3" in state.board.destroyed
    assert at(state, "W1") is None and state.board.unclaimed == {}
    assert at(state, "D1") == ("10-6", 0)


def test_pieces_moved_after_the_d_bot_left_with_its_hex() -> None:
    """R-WA-MOVE-5, R-WA-X-3: moves are made in the order listed, so a piece listed after the
    D-bot that destroyed its hex is gone; listed before, it escapes."""
    pos = BASE.piece("ann", "D1", "9-3").piece("ann", "C", "9-3")
    assert refusal(pos, step("D1", "10-6", leave=Leave.DESTROY), step("C", "9-C")) == (
        "C was destroyed with its hex by a D-bot moved before it: list C's move first."
    )
    state, _ = moved(pos, step("C", "9-C"), step("D1", "10-6", leave=Leave.DESTROY))
    assert at(state, "C") == ("9-C", 0)


def test_a_d_bot_may_fortify_the_hex_it_leaves() -> None:
    """R-WA-MOVE-5, 2.3.8: a friendly force field on the vacated hex, one per hex."""
    pos = BASE.piece("ann", "D1", "9-3").piece("ann", "D2", "9-C")
    state, _ = moved(pos, step("D1", "10-6", leave=Leave.FORTIFY))
    assert state.board.force_fields == {"9-3": "ann"}
    again = BASE.field("9-3", "ann").piece("ann", "D1", "9-3")
    assert refusal(again, step("D1", "10-6", leave=Leave.FORTIFY)) == (
        "9-3 already has a force field; a hex holds only one."
    )


def test_destroying_a_fortified_hex_takes_only_the_field() -> None:
    """R-WA-MOVE-5 with 2.3.8: a D-bot destroying a hex with a force field destroys the field."""
    pos = BASE.field("9-3", "ann").piece("ann", "D1", "9-3")
    state, _ = moved(pos, step("D1", "10-6", leave=Leave.DESTROY))
    assert state.board.force_fields == {} and "9-3" not in state.board.destroyed


def test_only_a_moving_d_bot_leaves_something_behind() -> None:
    """R-WA-MOVE-5: destroy and fortify belong to a D-bot that moves."""
    pos = BASE.piece("ann", "D1", "9-3").piece("ann", "C", "9-C")
    assert refusal(pos, step("C", "9-1", leave=Leave.DESTROY)) == (
        "Only a D-bot destroys or fortifies the hex it leaves; C is a C-bot."
    )
    assert refusal(pos, step("D1", leave=Leave.FORTIFY)) == "D1 must move to fortify the hex it leaves."
