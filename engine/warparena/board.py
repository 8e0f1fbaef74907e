"""What lies in the arena: the grids, destroyed hexes, force fields, robots and loose PDs.

A plain value; the rules that change it live in engine.warparena.arena (geometry, placing,
rotating, warping, destroying) and the modules that use it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from engine.warparena.hexes import Cell, Grid, HexName, arena_type, grid_of, hex_number
from engine.warparena.pieces import Piece, PieceRef


@arena_type
@dataclass(frozen=True)
class Board:
    grids: tuple[Grid, ...] = ()
    """The grids placed so far, by number."""
    destroyed: frozenset[HexName] = frozenset()
    force_fields: dict[HexName, str] = field(default_factory=dict)
    """Each force field's hex and owner (one per hex, 2.3.8)."""
    pieces: tuple[Piece, ...] = ()
    """Every robot in the arena, in a stable order (owner, then C, D1.., H1.., B1.., W1..)."""
    unclaimed: dict[HexName, int] = field(default_factory=dict)
    """Power discs lying on a hex, carried by nobody (R-WA-PD-2)."""

    @cached_property
    def _grids(self) -> dict[int, Grid]:
        return {g.number: g for g in self.grids}

    @cached_property
    def _hexes_by_cell(self) -> dict[Cell, HexName]:
        from engine.warparena.hexes import hex_name

        return {cell: hex_name(g.number, k) for g in self.grids for k, cell in g.cells().items()}

    def grid(self, number: int) -> Grid | None:
        return self._grids.get(number)

    def cell_of(self, name: HexName) -> Cell:
        """The lattice cell of a hex of a placed grid."""
        return self._grids[grid_of(name)].cell_of(hex_number(name))

    def hex_at(self, cell: Cell) -> HexName | None:
        """The arena hex on ``cell``, or None for a gap outside the arena."""
        return self._hexes_by_cell.get(cell)

    def piece(self, ref: PieceRef) -> Piece | None:
        return next((p for p in self.pieces if p.owner == ref.owner and p.label == ref.label), None)

    def pieces_at(self, name: HexName) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.hex == name)

    def pieces_of(self, owner: str) -> tuple[Piece, ...]:
        return tuple(p for p in self.pieces if p.owner == owner)
