"""The arena's geometry and its grid changes (R-WA-MAP-1..7): naming, adjacency across grids,
touching, placing, rotating, warping and swapping grids."""

from __future__ import annotations

import pytest

from engine.warparena import arena
from engine.warparena.changes import place_grid, put_warped_grid, rotate_grid, swap_grids
from engine.warparena.hexes import Cell, HexName, distance, slot_cell
from engine.warparena.options import Options
from engine.warparena.tx import Refusal
from tests.engine.warparena.builders import Position, line_of_grids

H = HexName


def test_secondary_hexes_follow_the_rotation() -> None:
    """R-WA-MAP-1: secondary k of a grid turned ρ lies in direction ((k-1+ρ) mod 6)+1."""
    board = Position.of().grid(9).grid(10, at=(3, 0), rotation=2).board()
    assert board.cell_of(H("9-1")) == Cell(0, -1)
    assert board.cell_of(H("9-4")) == Cell(0, 1)
    # grid 10 turned twice: its hex 1 points SE (direction 3), its hex 4 NW (direction 6)
    assert board.cell_of(H("10-1")) == Cell(4, 0)
    assert board.cell_of(H("10-4")) == Cell(2, 0)
    assert board.cell_of(H("10-C")) == Cell(3, 0)


def test_within_a_grid_k_plus_3_is_the_centre_and_k_plus_2_the_next_secondary() -> None:
    """R-WA-MAP-1: from secondary k, direction k+3 is the centre, k±2 its neighbouring secondaries."""
    for rotation in range(6):
        board = Position.of().grid(9, rotation=rotation).board()
        for k in range(1, 7):
            here = H(f"9-{k}")
            assert arena.in_direction(board, here, (k + 2) % 6 + 1) == "9-C"
            assert arena.in_direction(board, here, (k + 1) % 6 + 1) == f"9-{k % 6 + 1}"
            assert arena.in_direction(board, here, (k - 3) % 6 + 1) == f"9-{(k - 2) % 6 + 1}"


def test_names_travel_with_their_grid() -> None:
    """R-WA-MAP-2: what lies on a hex is kept by its name; rotating or warping a grid only
    changes the cell under it."""
    pos = line_of_grids(9, 10).piece("ann", "C", "10-2", pds=1).loose("10-3", 2).field("10-4", "bob")
    tx = pos.tx()
    rotate_grid(tx, 10, 3)
    put_warped_grid(tx, 10, 9, 10, 4)
    board = tx.state.board
    assert board.pieces_at(H("10-2"))[0].pds == 1
    assert board.unclaimed == {"10-3": 2}
    assert board.force_fields == {"10-4": "bob"}
    grid = board.grid(10)
    assert grid is not None and grid.rotation == 4 and grid.centre == slot_cell(Cell(0, 0), 10)
    assert board.cell_of(H("10-2")) == grid.cell_of(2)


def test_adjacency_crosses_grids_and_skips_gaps() -> None:
    """R-WA-MAP-3: two hexes are adjacent when their cells share a side, within a grid or
    across grids; a gap is not a hex."""
    board = line_of_grids(9, 10).board()
    assert arena.adjacent(board, H("9-3")) == ("9-2", "10-6", "9-4", "9-C")
    assert arena.adjacent(board, H("10-6")) == ("10-1", "10-C", "10-5", "9-3")
    assert arena.adjacent(board, H("9-C")) == tuple(H(f"9-{k}") for k in range(1, 7))


def test_a_grid_fits_only_touching_and_never_overlapping() -> None:
    """R-WA-MAP-3: grids never overlap, and a placed grid touches one; the first fits anywhere."""
    empty = Position.of().board()
    assert arena.fits(empty, 1, Cell(40, -7))
    board = Position.of().grid(9).board()
    assert arena.fits(board, 10, Cell(3, 0))  # touching
    assert arena.fits(board, 10, Cell(2, 1))  # touching on a slant
    assert not arena.fits(board, 10, Cell(2, 0))  # overlapping
    assert not arena.fits(board, 10, Cell(4, 0))  # one gap away: touching nothing
    assert arena.fits(board, 9, Cell(40, 0))  # grid 9 itself is left out: nothing else to touch


def test_the_eighteen_places_around_a_grid_all_fit() -> None:
    """R-WA-MAP-3: the 18 places 3 steps around a lone grid each touch it without overlap."""
    board = Position.of().grid(9).board()
    places = arena.legal_places(board, 10)
    assert len(places) == 18
    assert {arena.centre_of_place(board, b, s) for b, s in places} == {
        slot_cell(Cell(0, 0), s) for s in range(1, 19)
    }


def test_legal_places_list_each_centre_once_and_never_its_own() -> None:
    """R-WA-MAP-5: the places a grid may be warped to exclude its own centre cell; a cell
    beside two grids is listed once."""
    board = line_of_grids(9, 10, 11).board()
    places = arena.legal_places(board, 10)
    centres = [arena.centre_of_place(board, b, s) for b, s in places]
    assert len(centres) == len(set(centres))
    assert Cell(3, 0) not in centres
    assert all(arena.fits(board, 10, c) for c in centres)


def test_only_hexes_of_placed_grids_are_arena_hexes() -> None:
    """R-WA-MAP-2: a hex is G-C or G-1..G-6 of a grid in the arena."""
    board = Position.of().grid(9).board()
    assert arena.is_arena_hex(board, H("9-C")) and arena.is_arena_hex(board, H("9-6"))
    assert not any(arena.is_arena_hex(board, H(name)) for name in ("9-7", "10-1", "9", "x-1", "9-x"))


def test_centre_of_place_refuses_an_unknown_grid() -> None:
    """R-WA-MAP-3: a place is named beside a grid of the arena."""
    with pytest.raises(Refusal, match="Grid 12 is not in the arena"):
        arena.centre_of_place(Position.of().grid(9).board(), 12, 1)


def test_distances_count_the_lattice_whatever_lies_between() -> None:
    """R-WA-MAP-7: distances count steps on the lattice across gaps and destroyed hexes."""
    board = Position.of().grid(9).grid(10, at=(3, 0)).destroyed("9-3").board()
    assert arena.steps_between(board, H("9-C"), H("10-6")) == 2
    assert arena.steps_between(board, H("9-2"), H("10-5")) == 3  # through the destroyed 9-3 or a gap
    assert arena.steps_between(board, H("9-6"), H("10-3")) == 5


def test_placing_grids_in_arena_creation() -> None:
    """R-WA-SET-1, R-WA-MAP-3: the first grid anywhere, each next one on a place that touches."""
    tx = Position.of().tx()
    assert place_grid(tx, "ann", 9, None, None, 0) == Cell(0, 0)
    place_grid(tx, "bob", 10, 9, 7, 3)
    with pytest.raises(Refusal, match="already in the arena"):
        place_grid(tx, "ann", 10, 9, 1, 0)
    with pytest.raises(Refusal, match="overlap a grid there or touch none"):
        place_grid(tx, "ann", 11, 9, 8, 0)  # place 8 beside 9 is 1 step from grid 10's centre
    with pytest.raises(Refusal, match="Say where grid 11 goes"):
        place_grid(tx, "ann", 11, None, None, 0)
    with pytest.raises(Refusal, match="rotation is 0-5"):
        place_grid(tx, "ann", 11, 9, 1, 6)


def test_fewer_grids_refuse_a_grid_beyond_n() -> None:
    """R-WA-MAP-6: with 8 grids only grids 1-8 are used."""
    tx = Position.of(options=Options(grids=8)).tx()
    with pytest.raises(Refusal, match="grids 1-8; there is no grid 9"):
        place_grid(tx, "ann", 9, None, None, 0)


def test_random_arena_is_legal_and_uses_grids_1_to_n() -> None:
    """R-WA-SET-1, R-WA-MAP-6, R-WA-X-8: ``arena: random`` lays grids 1..N, each touching an
    earlier one, each place and rotation picked by a die."""
    rolls = iter([3, 1, 17, 6, 5, 2, 9, 4, 30, 3, 2, 1, 8, 5, 11, 6])

    def roll(sides: int) -> int:
        return (next(rolls) - 1) % sides + 1

    grids = arena.random_arena(Options(grids=8), ("ann", "bob"), roll)
    assert [g.number for g in grids] == list(range(1, 9))
    for i, grid in enumerate(grids):
        gaps = [distance(grid.centre, g.centre) for g in grids if g is not grid]
        assert min(gaps) >= 3
        if i:
            assert min(distance(grid.centre, g.centre) for g in grids[:i]) == 3


def test_rotating_keeps_the_cell_and_refuses_a_whole_turn() -> None:
    """R-WA-MAP-4: a rotation turns the grid in place (its centre stays); a turn of 0 is refused."""
    tx = line_of_grids(9, 10).tx()
    assert rotate_grid(tx, 10, 5) == 5
    assert rotate_grid(tx, 10, 2) == 1
    grid = tx.state.board.grid(10)
    assert grid is not None and grid.centre == Cell(3, 0)
    with pytest.raises(Refusal, match="leaves it as it is"):
        rotate_grid(tx, 10, 0)
    with pytest.raises(Refusal, match="not in the arena"):
        rotate_grid(tx, 12, 1)


def test_a_warped_grid_may_not_go_back_on_its_own_cell() -> None:
    """R-WA-MAP-5 (2.4.3): not back in its original location, even rotated."""
    tx = line_of_grids(9, 10).tx()
    with pytest.raises(Refusal, match="may not go back where it was"):
        put_warped_grid(tx, 10, 9, 7, 3)


def test_a_warped_grid_must_touch_another_grid() -> None:
    """R-WA-MAP-5, R-WA-MAP-3: the warped grid must touch a grid other than itself, overlap none."""
    tx = line_of_grids(9, 10, 11).tx()
    with pytest.raises(Refusal, match="cannot be put beside itself"):
        put_warped_grid(tx, 10, 10, 1, 0)
    with pytest.raises(Refusal, match="overlap a grid there or touch none"):
        put_warped_grid(tx, 11, 9, 8, 0)  # overlaps grid 10
    put_warped_grid(tx, 11, 9, 16, 2)  # cut loose from 10, touching 9: the arena need not stay whole
    grid = tx.state.board.grid(11)
    assert grid is not None and grid.centre == Cell(-3, 0) and grid.rotation == 2


def test_double_warp_swaps_centres_with_chosen_rotations() -> None:
    """R-WA-MAP-5 (2.4.4, 4.2.11): two grids swap centre cells, each turned as the player
    chooses (None keeps its rotation); the same grid twice may only be rotated in place."""
    tx = line_of_grids(9, 10, 11).grid(11, at=(6, 0), rotation=4).tx()
    swap_grids(tx, 9, 11, 2, None)
    board = tx.state.board
    nine, eleven = board.grid(9), board.grid(11)
    assert nine is not None and eleven is not None
    assert (nine.centre, nine.rotation) == (Cell(6, 0), 2)
    assert (eleven.centre, eleven.rotation) == (Cell(0, 0), 4)
    swap_grids(tx, 10, 10, 3, None)
    ten = tx.state.board.grid(10)
    assert ten is not None and (ten.centre, ten.rotation) == (Cell(3, 0), 3)
    events = len(tx.events)
    swap_grids(tx, 10, 10, None, None)
    assert len(tx.events) == events
