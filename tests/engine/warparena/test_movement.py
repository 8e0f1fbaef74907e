"""Move and Engage (4.2.7, 5.0): each robot's movement, legal and refused with a message
that says why (R-WA-MOVE-1..5, R-WA-PD-3, R-WA-TURN-3).

The arena is grids 9 and 10 side by side, unturned (builders.line_of_grids): 9-C on (0, 0),
10-C on (3, 0). The only contact between them is 9-3 next to 10-6; 9-2 and 10-6, or 9-3 and
10-5, are two steps apart across a gap.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.warparena.commands import DistanceAttack, Handover, Leave, MoveAndEngage, PieceMove
from engine.warparena.hexes import HexName
from engine.warparena.movement import move
from engine.warparena.pieces import PieceRef
from engine.warparena.state import GameState
from engine.warparena.tx import Refusal, Tx
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
    assert moved(pos, step("C", "9-3"))[1] == ("9-3",)


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
    assert moved(pos, step("W1", "9-3", "10-6"))[1] == ("10-6",)


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
    pos = BASE.piece("ann", "D1", "9-3").piece("ann", "W1", "9-3")
    assert refusal(pos, step("D1", "10-6", leave=Leave.DESTROY), step("W1", "9-C")) == (
        "W1 was destroyed with its hex by a D-bot moved before it: list W1's move first."
    )
    state, _ = moved(pos, step("W1", "9-C"), step("D1", "10-6", leave=Leave.DESTROY))
    assert at(state, "W1") == ("9-C", 0)


def test_a_d_bot_never_destroys_its_own_c_bots_hex() -> None:
    """R-WA-MOVE-5, R-WA-X-3: a D-bot may not destroy the hex its own C-bot stays on."""
    pos = BASE.piece("ann", "D1", "9-3").piece("ann", "C", "9-3")
    assert refusal(pos, step("D1", "10-6", leave=Leave.DESTROY)) == (
        "D1 would destroy 9-3 with your C-bot still on it: move the C-bot first."
    )


def test_a_d_bot_may_fortify_the_hex_it_leaves() -> None:
    """R-WA-MOVE-5, 2.3.8, R-WA-X-7: a friendly force field on the vacated hex, one per hex."""
    pos = BASE.piece("ann", "D1", "9-3").piece("ann", "D2", "9-C")
    state, _ = moved(pos, step("D1", "10-6", leave=Leave.FORTIFY))
    assert state.board.force_fields == {"9-3": "ann"}
    again = BASE.field("9-3", "ann").piece("ann", "D1", "9-3")
    assert refusal(again, step("D1", "10-6", leave=Leave.FORTIFY)) == (
        "9-3 already has a force field; a hex holds only one."
    )


def test_destroying_a_fortified_hex_takes_only_the_field() -> None:
    """R-WA-MOVE-5 with 2.3.8, R-WA-X-7: a D-bot destroying a hex with a force field destroys the field."""
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


# --- R-WA-PD-3: picking up, handing over, stealing ------------------------------------------------


def test_a_robot_picks_up_loose_pds_where_it_ends() -> None:
    """R-WA-PD-3, 2.3.6: loose PDs on the hex a robot ends on may be picked up, up to 4 carried."""
    pos = BASE.loose("10-6", 3).piece("ann", "C", "9-C", pds=2)
    state, _ = moved(pos, step("C", "9-3", "10-6", pick_up=2))
    assert at(state, "C") == ("10-6", 4) and state.board.unclaimed == {"10-6": 1}
    assert refusal(pos, step("C", "9-3", "10-6", pick_up=3)) == (
        "C carries 2 power discs and can take 2 more, not 3."
    )
    assert refusal(BASE.loose("10-6", 1).piece("ann", "C", "9-C"), step("C", "9-3", "10-6", pick_up=2)) == (
        "Only 1 loose power disc lies on 10-6, not 2."
    )


def test_a_robot_picks_up_where_it_starts_or_passes() -> None:
    """R-WA-PD-3, R-WA-X-4: a robot picks up PDs on a hex it enters or starts on, then moves on."""
    pos = BASE.loose("9-C", 2).loose("9-3", 1).piece("ann", "B1", "9-C").piece("ann", "C", "9-6")
    state, _ = moved(
        pos,
        step("B1", "9-3", "10-6", pick_up=2, pick_up_at=H("9-C")),
        step("C", "9-C", "9-3", "10-6", pick_up=1, pick_up_at=H("9-3")),
    )
    assert at(state, "B1") == ("10-6", 2) and at(state, "C") == ("10-6", 1)
    assert state.board.unclaimed == {}
    assert (
        refusal(pos, step("C", "9-C", pick_up=1, pick_up_at=H("9-3")))
        == "C does not stand on 9-3 in this move."
    )
    in_place = refusal(pos, step("B1", pick_up=1, pick_up_at=H("9-3")))
    assert in_place == "B1 does not stand on 9-3 in this move."


def test_a_w_bot_ends_its_warp_to_pick_up() -> None:
    """R-WA-PD-3, 2.3.5, R-WA-X-4: picking up PDs terminates the W-bot's movement."""
    pos = BASE.loose("9-C", 2).piece("ann", "W1", "9-C")
    assert refusal(pos, step("W1", "9-3", pick_up=1, pick_up_at=H("9-C"))) == (
        "W1 must end its warp where it picks up power discs."
    )
    state, _ = moved(pos, step("W1", pick_up=2))
    assert at(state, "W1") == ("9-C", 2)


def test_no_pick_up_before_the_fight_in_an_enemy_hex() -> None:
    """R-WA-PD-3 with 6.1 step 4, R-WA-X-1: loose PDs in a hex with enemy robots or an enemy
    field go to the fight's winner, not to the robot that just entered."""
    pos = BASE.loose("10-6", 2).piece("bob", "W1", "10-6").piece("ann", "C", "9-3")
    assert refusal(pos, step("C", "10-6", pick_up=1)) == (
        "C cannot pick up power discs on 10-6 before the fight there: the winner takes them."
    )


def test_robots_on_one_hex_hand_pds_over_after_moving() -> None:
    """R-WA-PD-3, 2.3.5, R-WA-X-4: robots on one hex hand PDs to each other after all movement,
    in the order listed (the W-bot's movement ends)."""
    pos = BASE.piece("ann", "W1", "9-6", pds=3).piece("ann", "C", "10-6", pds=1)
    state, _ = moved(pos, step("W1", "9-C", "9-3", "10-6"), handovers=(Handover("W1", "C", 3),))
    assert at(state, "C") == ("10-6", 4) and at(state, "W1") == ("10-6", 0)
    assert refusal(pos, handovers=(Handover("W1", "C", 1),)) == (
        "W1 (on 9-6) and C (on 10-6) are not on the same hex."
    )
    together = BASE.piece("ann", "W1", "9-C", pds=1).piece("ann", "C", "9-C", pds=3)
    assert refusal(together, handovers=(Handover("W1", "C", 2),)) == "W1 carries 1 power disc, not 2."
    state, _ = moved(together, handovers=(Handover("C", "W1", 3), Handover("W1", "C", 4)))
    assert at(state, "C") == ("9-C", 4) and at(state, "W1") == ("9-C", 0)


def test_hand_over_limits() -> None:
    """R-WA-PD-1, R-WA-PD-3: a taker carries at most 4; a hand-over passes at least one disc,
    between two different robots of the player."""
    pos = BASE.piece("ann", "W1", "9-C", pds=2).piece("ann", "C", "9-C", pds=3)
    assert refusal(pos, handovers=(Handover("W1", "C", 2),)) == (
        "C carries 3 power discs and can take 1 more, not 2."
    )
    assert refusal(pos, handovers=(Handover("W1", "W1", 1),)) == "W1 cannot hand power discs to itself."
    assert refusal(pos, handovers=(Handover("W1", "C", 0),)) == "A hand-over passes at least one power disc."
    assert refusal(pos, handovers=(Handover("W1", "B2", 1),)) == "You have no B2 in the arena."


def test_an_h_bot_steals_pds_it_hops_over() -> None:
    """R-WA-PD-3, 2.3.3, R-WA-X-2: an H-bot hopping over enemy robots takes loose PDs there
    first, then PDs of the enemy robots carrying most, up to its limit of 4."""
    pos = (
        BASE.piece("bob", "W1", "9-3", pds=1)
        .piece("bob", "D1", "9-3", pds=3)
        .loose("9-3", 1)
        .piece("ann", "H1", "9-C", pds=1)
    )
    state, _ = moved(pos, hop("H1", "9-3", "10-6", steal=3))
    assert at(state, "H1") == ("10-6", 4)
    assert at(state, "D1", "bob") == ("9-3", 1) and at(state, "W1", "bob") == ("9-3", 1)
    assert state.board.unclaimed == {}
    assert refusal(pos, hop("H1", "9-3", "10-6", steal=4)) == (
        "H1 carries 1 power disc and can take 3 more, not 4."
    )
    poor = BASE.piece("bob", "W1", "9-3", pds=1).piece("ann", "H1", "9-C")
    assert refusal(poor, hop("H1", "9-3", "10-6", steal=2)) == (
        "H1 can take 1 power disc hopping over 9-3, not 2."
    )


def test_an_h_bot_steals_only_on_a_hop_and_never_from_friends() -> None:
    """R-WA-PD-3: taking PDs belongs to the hop; friendly robots' PDs are handed over, not stolen."""
    pos = BASE.piece("ann", "W1", "9-3", pds=2).piece("ann", "H1", "9-C")
    assert refusal(pos, step("H1", "9-3", steal=1)) == "H1 can take power discs only in a hex it hops over."
    assert refusal(pos, hop("H1", "9-3", "10-6", steal=1)) == (
        "H1 can take 0 power discs hopping over 9-3, not 1."
    )


# --- R-WA-TURN-3: distance attacks, the fights, the whole command -----------------------------------


def test_a_b_bot_fires_at_an_enemy_within_two() -> None:
    """R-WA-TURN-3, 6.0, R-WA-MAP-7, R-WA-X-5: after movement a B-bot attacks an enemy hex within 2 on
    the lattice, with or without robots there; the hex is then fought."""
    pos = BASE.piece("ann", "B1", "9-6").piece("bob", "C", "10-6").field("10-5", "bob")
    state, fights = moved(pos, step("B1", "9-C"), attacks=(DistanceAttack("B1", H("10-6")),))
    assert fights == ("10-6",)
    assert state.has_fired(PieceRef("ann", "B1"))
    assert moved(pos.piece("ann", "B2", "9-3"), attacks=(DistanceAttack("B2", H("10-5")),))[1] == ("10-5",)


def test_a_b_bot_reaches_two_and_fires_at_enemies_only() -> None:
    """R-WA-TURN-3, 2.3.4, R-WA-X-5: 3 hexes is out of reach; its own hex is no distance; a hex with
    nothing of an enemy's is no target; only a B-bot fires from a distance."""
    pos = BASE.piece("ann", "B1", "9-6").piece("bob", "C", "10-6").piece("ann", "C", "10-6")
    assert refusal(pos, attacks=(DistanceAttack("B1", H("10-6")),)) == (
        "B1 on 9-6 is 3 hexes from 10-6; a B-bot reaches 2."
    )
    assert refusal(pos, attacks=(DistanceAttack("B1", H("9-6")),)) == (
        "B1 is on 9-6 itself: it fights there, not from a distance."
    )
    assert refusal(pos, attacks=(DistanceAttack("B1", H("9-C")),)) == (
        "Nothing of an enemy's is on 9-C for B1 to fire at."
    )
    assert refusal(pos, attacks=(DistanceAttack("C", H("9-C")),)) == (
        "Only a B-bot attacks from a distance; C is a C-bot."
    )


def test_a_b_bot_fires_from_a_distance_once_a_turn() -> None:
    """R-WA-TURN-3, special note 6, R-WA-X-5: one attack from a distance per turn; the next
    turn it may fire again."""
    pos = BASE.piece("ann", "B1", "9-3").piece("bob", "C", "10-6").piece("bob", "W1", "10-C")
    twice = (DistanceAttack("B1", H("10-6")), DistanceAttack("B1", H("10-C")))
    assert refusal(pos, attacks=twice) == "B1 has already made its one distance attack this turn."
    tx = pos.tx()
    move(tx, MoveAndEngage("ann", attacks=twice[:1]))
    with pytest.raises(Refusal, match="already made its one distance attack"):
        move(tx, MoveAndEngage("ann", attacks=twice[1:]))
    next_turn = Tx(replace(tx.state, turn=tx.state.turn + 1), tx.dice)
    assert move(next_turn, MoveAndEngage("ann", attacks=twice[1:])) == ("10-C",)


def test_fights_come_in_the_players_order_then_as_entered() -> None:
    """R-WA-TURN-3, 4.2.7, R-WA-X-6: all movement first; then each contested hex fights, in the order the
    moving player names, the others in the order first entered, then distance targets."""
    pos = (
        BASE.piece("bob", "C", "10-C")
        .piece("bob", "W1", "9-1")
        .field("9-5", "bob")
        .piece("ann", "C", "9-C")
        .piece("ann", "H1", "10-6")
        .piece("ann", "W1", "9-6")
        .piece("ann", "B1", "9-4")
    )
    moves = (step("W1", "9-5"), step("H1", "10-C"), step("C", "9-1"))
    attack = (DistanceAttack("B1", H("9-1")),)
    assert moved(pos, *moves, attacks=attack)[1] == ("9-5", "10-C", "9-1")
    assert moved(pos, *moves, attacks=attack, order=(H("9-1"), H("10-C")))[1] == ("9-1", "10-C", "9-5")
    assert refusal(pos, *moves, order=(H("9-3"),)) == (
        "Nothing fights on 9-3: it cannot be put in the order of fights."
    )


def test_one_bad_move_refuses_the_whole_action() -> None:
    """R-WA-TURN-3, R-WA-X-3: every move is checked before any stands; one refused refuses them all and
    the game is as it was."""
    pos = BASE.piece("ann", "C", "9-C").piece("ann", "D1", "9-3")
    message = refusal(pos, step("C", "9-1"), step("D1", "10-6", "10-C", leave=Leave.DESTROY))
    assert message == "D1 moves at most 1 hex; this path enters 2."
