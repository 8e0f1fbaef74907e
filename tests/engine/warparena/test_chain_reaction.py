"""Option 9.2, chain reaction destruction: the three examples of the rule text, each roll 1-6,
on the one layout of grids 9, 10, 13 and 17 they allow (R-WA-OPT-1, R-WA-MAP-1).

The diagram is lost; :func:`example_layout` finds the layout by search. With grid 9 on (0, 0)
unturned (turning the whole picture changes nothing), every centre within 8 steps and every
rotation of grids 10, 17 and 13 is tried, keeping those where the examples' named hexes lie
in the named directions and their "nothing" directions lead off the arena. Exactly one is
left: grid 10 on (2, 1) turned 5, grid 17 on (4, -2) turned 1, grid 13 on (2, 4) turned 3.
Grid 10 lies south-east of 9 (9-3 faces 10-2 and 10-1), 17 north-east of 10 (10-3 faces
17-4 and 17-3), 13 south of 10 (13-4 faces 10-5). Destroyed at the start (the X marks the
examples need): 9-3, 10-3, 13-4 (each "destroyed again") and 17-3, 13-3 (the starred ones).
"""

from __future__ import annotations

from functools import cache

import pytest

from engine.warparena.arena import in_direction
from engine.warparena.board import Board
from engine.warparena.board_events import ForceFieldDestroyed, HexDestroyed
from engine.warparena.changes import destroy_hex, destroy_random_hex
from engine.warparena.hexes import Cell, Grid, HexName, distance
from engine.warparena.tx import Rolled
from tests.engine.warparena.builders import Position

H = HexName

EXAMPLES: dict[str, dict[int, str | None]] = {
    "9-3": {1: "9-2", 2: None, 3: "10-2", 4: "10-1", 5: "9-4", 6: "9-C"},
    "10-3": {1: "10-2", 2: "17-4", 3: "17-3", 4: None, 5: "10-4", 6: "10-C"},
    "13-4": {1: "13-C", 2: "13-3", 3: None, 4: "10-5", 5: None, 6: "13-5"},
}
"""What each 1d6 names from the hit hex, as 9.2 lists it (None: "nothing")."""

DESTROYED = ("9-3", "10-3", "13-4", "17-3", "13-3")


def _agrees(grids: tuple[Grid, ...]) -> bool:
    board = Board(grids=grids)
    placed = {g.number for g in grids}
    for hit, results in EXAMPLES.items():
        if int(hit.split("-")[0]) not in placed:
            continue
        for roll, named in results.items():
            got = in_direction(board, H(hit), roll)
            if named is None:
                if len(grids) == 4 and got is not None:
                    return False
            elif int(named.split("-")[0]) in placed and got != named:
                return False
    return True


@cache
def example_layout() -> tuple[Grid, ...]:
    """Every layout of grids 10, 17, 13 around grid 9 that the three examples allow."""
    cells = [Cell(q, r) for q in range(-8, 9) for r in range(-8, 9) if distance(Cell(0, 0), Cell(q, r)) <= 8]
    found: list[tuple[Grid, ...]] = []

    def extend(grids: tuple[Grid, ...], numbers: tuple[int, ...]) -> None:
        if not numbers:
            found.append(grids)
            return
        for cell in cells:
            if any(distance(cell, g.centre) < 3 for g in grids):
                continue
            for rotation in range(6):
                more = (*grids, Grid(numbers[0], cell, rotation))
                if _agrees(more):
                    extend(more, numbers[1:])

    extend((Grid(9, Cell(0, 0), 0),), (10, 17, 13))
    assert len(found) == 1, f"the examples allow {len(found)} layouts"
    return found[0]


def chain_board() -> Position:
    pos = Position.of().with_options(chain_reaction=True)
    for grid in example_layout():
        pos = pos.grid(grid.number, at=grid.centre, rotation=grid.rotation)
    return pos.destroyed(*DESTROYED)


def test_the_examples_allow_exactly_one_layout() -> None:
    """9.2's diagram, rebuilt: one layout satisfies all three examples (R-WA-MAP-1)."""
    centres = {g.number: (g.centre, g.rotation) for g in example_layout()}
    assert centres == {
        9: (Cell(0, 0), 0),
        10: (Cell(2, 1), 5),
        17: (Cell(4, -2), 1),
        13: (Cell(2, 4), 3),
    }


def _newly_destroyed(rolls: list[int], hit: str) -> tuple[set[HexName], int]:
    tx = chain_board().tx(dice=rolls)
    destroy_hex(tx, H(hit), "ann")
    new = set(tx.state.board.destroyed) - set(DESTROYED)
    used = sum(isinstance(e, Rolled) for e in tx.events)
    return new, used


@pytest.mark.parametrize(
    ("hit", "roll"),
    [
        (hit, roll)
        for hit, results in EXAMPLES.items()
        for roll, named in results.items()
        if named not in DESTROYED
    ],
)
def test_each_roll_of_the_three_examples(hit: str, roll: int) -> None:
    """9.2 examples 1-3, every roll that destroys a fresh hex or nothing: the named hex goes,
    or nothing does, on one roll (R-WA-OPT-1)."""
    named = EXAMPLES[hit][roll]
    new, used = _newly_destroyed([roll], hit)
    assert new == ({named} if named else set())
    assert used == 1


@pytest.mark.parametrize(
    ("hit", "rolls", "named"),
    [
        ("10-3", [3, 1], "17-2"),  # example 2, roll 3: 17-3 again, then 1d6 from there
        ("10-3", [3, 2], None),  # ... off the arena: the chain ends
        ("10-3", [3, 4, 6], "10-C"),  # ... back onto 10-3, destroyed, on again to 10-C
        ("13-4", [2, 1], "13-2"),  # example 3, roll 2: 13-3 again, then 1d6 from there
        ("13-4", [2, 5, 3], None),  # ... back onto 13-4, then off the arena
    ],
)
def test_starred_results_roll_on_from_the_destroyed_hex(
    hit: str, rolls: list[int], named: str | None
) -> None:
    """9.2's note (*): an already destroyed hex continues the chain with a new 1d6 counted in
    its own grid's rotation, until a hex is destroyed or the result leaves the arena."""
    new, used = _newly_destroyed(rolls, hit)
    assert new == ({named} if named else set())
    assert used == len(rolls)


def test_a_force_field_takes_the_hit_and_ends_the_chain() -> None:
    """9.2's note, 2.3.8: a destroy result on a hex with a force field destroys only the field,
    and ends the chain reaction."""
    tx = chain_board().field("9-2", "bob").piece("bob", "D1", "9-2").tx(dice=[1])
    assert destroy_hex(tx, H("9-3"), "ann") == ()
    assert tx.state.board.force_fields == {}
    assert "9-2" not in tx.state.board.destroyed
    assert [type(e) for e in tx.events] == [Rolled, ForceFieldDestroyed]


def test_the_chain_destroys_what_stands_on_the_hex_it_reaches() -> None:
    """9.2, 2.4.2: the hex the chain destroys goes with its pieces and loose PDs; the pieces
    are returned so a lost C-bot can be seen to."""
    tx = chain_board().piece("bob", "C", "9-C", pds=2).loose("9-C", 1).tx(dice=[6])
    lost = destroy_hex(tx, H("9-3"), "ann")
    assert [p.label for p in lost] == ["C"]
    assert tx.state.board.pieces == () and tx.state.board.unclaimed == {}
    assert tx.events[-1] == HexDestroyed(H("9-C"), "ann", lost, 1)


def test_without_the_option_a_destroyed_hex_hit_again_changes_nothing() -> None:
    """2.4.2: if a destroyed hex is destroyed again, no further action is taken (no die)."""
    tx = chain_board().with_options(chain_reaction=False).tx()
    assert destroy_hex(tx, H("9-3"), "ann") == ()
    assert tx.events == []


def test_destroy_random_hex_rolls_the_secondary_hex() -> None:
    """2.4.2, 4.2.1: 1d6 names the secondary hex of the chosen grid; centres are safe."""
    tx = chain_board().tx(dice=[5])
    destroy_random_hex(tx, 10, "bob")
    assert "10-5" in tx.state.board.destroyed
