"""Pure geometry over a Board: where grids may go, which hexes touch, how far apart they are.

R-WA-MAP-1..7. Nothing here changes a board (engine.warparena.changes does, through a Tx);
everything here answers questions a referee asks while looking at the table. Two grids
overlap when their centres are fewer than 3 steps apart and touch when exactly 3 apart, so
"fits" is a question about centres only.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.warparena.board import Board
from engine.warparena.hexes import (
    DIRECTIONS,
    RING_SLOTS,
    Cell,
    Grid,
    HexName,
    distance,
    grid_of,
    hex_number,
    neighbours,
    slot_cell,
    turn,
)
from engine.warparena.options import Options
from engine.warparena.tx import Refusal

TOUCHING = 3
"""Centre-to-centre steps of two grids that touch without overlapping (R-WA-MAP-3)."""

ORIGIN = Cell(0, 0)
"""Where the first grid of an arena lies: it fits anywhere, so anywhere is here."""


def placed(board: Board, number: int) -> Grid:
    """The placed grid ``number``, or a refusal in the player's words."""
    grid = board.grid(number)
    if grid is None:
        raise Refusal("no-such-grid", f"Grid {number} is not in the arena.")
    return grid


def centre_of_place(board: Board, beside: int, slot: int) -> Cell:
    """The centre cell of place ``slot`` (1-18) around grid ``beside`` (hexes.slot_cell)."""
    grid = placed(board, beside)
    if not 1 <= slot <= RING_SLOTS:
        raise Refusal("bad-slot", f"A place beside a grid is numbered 1-{RING_SLOTS}, not {slot}.")
    return slot_cell(grid.centre, slot)


def fits(board: Board, number: int, centre: Cell, *, ignoring: frozenset[int] = frozenset()) -> bool:
    """Whether grid ``number`` may lie with its centre on ``centre`` (R-WA-MAP-3).

    It must not overlap any other grid and must touch at least one; the very first grid of
    an arena fits anywhere. Grid ``number`` itself and those in ``ignoring`` are left out
    (they are the ones being moved)."""
    others = [g.centre for g in board.grids if g.number != number and g.number not in ignoring]
    if not others:
        return True
    gaps = [distance(centre, c) for c in others]
    return min(gaps) == TOUCHING


def legal_places(board: Board, number: int) -> tuple[tuple[int, int], ...]:
    """Every (beside, slot) where grid ``number`` may go, each centre cell once.

    For a grid already placed this is where a Warp Grid may put it (R-WA-MAP-5): not on its
    own centre cell again. Listed by ``beside`` then ``slot``, so a roll over the list is a
    fair pick of a place. Empty for the first grid of an arena (it goes on :data:`ORIGIN`)."""
    own = board.grid(number)
    seen: set[Cell] = set()
    found: list[tuple[int, int]] = []
    for other in sorted(board.grids, key=lambda g: g.number):
        if other.number == number:
            continue
        for slot in range(1, RING_SLOTS + 1):
            cell = slot_cell(other.centre, slot)
            if cell in seen or (own is not None and cell == own.centre):
                continue
            seen.add(cell)
            if fits(board, number, cell):
                found.append((other.number, slot))
    return tuple(found)


def adjacent(board: Board, name: HexName) -> tuple[HexName, ...]:
    """The arena hexes next to ``name``, within its grid or across grids (R-WA-MAP-3), in
    lattice direction order 1-6."""
    hexes = (board.hex_at(cell) for cell in neighbours(board.cell_of(name)))
    return tuple(h for h in hexes if h is not None)


def are_adjacent(board: Board, a: HexName, b: HexName) -> bool:
    """Whether two arena hexes share a side."""
    return distance(board.cell_of(a), board.cell_of(b)) == 1


def steps_between(board: Board, a: HexName, b: HexName) -> int:
    """Steps between two hexes on the lattice, whatever lies between (R-WA-MAP-7)."""
    return distance(board.cell_of(a), board.cell_of(b))


def in_direction(board: Board, name: HexName, direction: int) -> HexName | None:
    """The arena hex one step from ``name`` in ``direction`` (1-6) counted in the rotation of
    ``name``'s grid (9.2, R-WA-OPT-1), or None when that step leaves the arena."""
    grid = placed(board, grid_of(name))
    return board.hex_at(board.cell_of(name) + DIRECTIONS[turn(direction, grid.rotation)])


def is_arena_hex(board: Board, name: HexName) -> bool:
    """Whether ``name`` is a hex of a placed grid: ``G-C`` or ``G-1``..``G-6``."""
    try:
        return 0 <= hex_number(name) <= 6 and board.grid(grid_of(name)) is not None
    except (ValueError, IndexError):
        return False


def random_arena(options: Options, players: tuple[str, ...], roll: Callable[[int], int]) -> tuple[Grid, ...]:
    """A random legal arena of grids 1..N for ``arena: random`` (R-WA-SET-1).

    Grid 1 lies on :data:`ORIGIN`; each next grid goes on a place picked by one die over
    :func:`legal_places` (a die of as many sides as there are places), and every grid's
    rotation is a 1d6 (ρ = roll - 1). ``roll(sides)`` is the caller's Tx roll so each die is
    recorded. ``players`` does not change the arena (grid numbers are not significant, 3.1);
    it is taken so the caller's set-up reads the same for both ways of making an arena."""
    del players
    board = Board()
    for number in range(1, options.grids + 1):
        if board.grids:
            places = legal_places(board, number)
            beside, slot = places[roll(len(places)) - 1]
            centre = centre_of_place(board, beside, slot)
        else:
            centre = ORIGIN
        grid = Grid(number, centre, roll(6) - 1)
        board = Board(grids=(*board.grids, grid))
    return board.grids
