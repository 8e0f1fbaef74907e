"""Events that change the arena: grids laid, turned and moved, hexes destroyed, fields, power
discs and pieces. Each records its result (where the grid ended, which pieces went), so
``apply`` only sets it: the checks were made by engine.warparena.changes and .movement.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from engine.warparena.board import Board
from engine.warparena.hexes import Cell, Grid, HexName, arena_type
from engine.warparena.pieces import ROBOT_ORDER, Piece, PieceRef
from engine.warparena.tx import Event

if TYPE_CHECKING:
    from engine.warparena.state import GameState


def piece_order(piece: Piece) -> tuple[str, int, int]:
    """Board.pieces' stable order: owner, then C, D1.., H1.., B1.., W1.."""
    number = int(piece.label[1:]) if len(piece.label) > 1 else 0
    return (piece.owner, ROBOT_ORDER.index(piece.robot), number)


def with_board(state: GameState, change: Callable[[Board], Board]) -> GameState:
    return replace(state, board=change(state.board))


def set_pieces(board: Board, pieces: Iterable[Piece]) -> Board:
    return replace(board, pieces=tuple(sorted(pieces, key=piece_order)))


def set_grid(board: Board, grid: Grid) -> Board:
    others = [g for g in board.grids if g.number != grid.number]
    return replace(board, grids=tuple(sorted([*others, grid], key=lambda g: g.number)))


def change_piece(board: Board, ref: PieceRef, change: Callable[[Piece], Piece]) -> Board:
    """The board with one piece changed; a change keeps owner and label, so the order stands
    (no re-sort: a Move and Engage changes every moving piece, R-WA-TURN-3's bench)."""
    changed = tuple(change(p) if p.owner == ref.owner and p.label == ref.label else p for p in board.pieces)
    return replace(board, pieces=changed)


def add_pds(piece: Piece, n: int) -> Piece:
    return replace(piece, pds=piece.pds + n)


def set_unclaimed(board: Board, name: HexName, n: int) -> Board:
    rest = {h: k for h, k in board.unclaimed.items() if h != name}
    return replace(board, unclaimed=rest | ({name: n} if n > 0 else {}))


# --- grids ------------------------------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class GridPlaced(Event):
    """Arena creation (3.1): ``player`` laid grid ``number``."""

    player: str | None
    number: int
    centre: Cell
    rotation: int

    def apply(self, state: GameState) -> GameState:
        return with_board(state, lambda b: set_grid(b, Grid(self.number, self.centre, self.rotation)))


@arena_type
@dataclass(frozen=True)
class GridRotated(Event):
    """A grid turned in place (4.2.4, R-WA-MAP-4): its new rotation."""

    number: int
    rotation: int

    def apply(self, state: GameState) -> GameState:
        def rotate(board: Board) -> Board:
            grid = board.grid(self.number)
            assert grid is not None
            return set_grid(board, replace(grid, rotation=self.rotation))

        return with_board(state, rotate)


@arena_type
@dataclass(frozen=True)
class GridWarped(Event):
    """A grid moved with everything on it (2.4.3, R-WA-MAP-5): where it lies now."""

    number: int
    centre: Cell
    rotation: int

    def apply(self, state: GameState) -> GameState:
        return with_board(state, lambda b: set_grid(b, Grid(self.number, self.centre, self.rotation)))


@arena_type
@dataclass(frozen=True)
class GridsSwapped(Event):
    """Two grids exchanged places (2.4.4, 4.2.11): each one's new centre and rotation."""

    first: Grid
    second: Grid

    def apply(self, state: GameState) -> GameState:
        return with_board(state, lambda b: set_grid(set_grid(b, self.first), self.second))


# --- destruction and force fields -------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class HexDestroyed(Event):
    """A hex was destroyed (2.3.7) with the pieces and loose PDs on it; ``by`` is the player
    whose card, action or D-bot did it (None for nobody)."""

    hex: HexName
    by: str | None
    pieces: tuple[Piece, ...] = ()
    unclaimed: int = 0
    """Loose power discs lost with the hex."""

    def apply(self, state: GameState) -> GameState:
        def destroy(board: Board) -> Board:
            board = set_pieces(board, (p for p in board.pieces if p.hex != self.hex))
            board = set_unclaimed(board, self.hex, 0)
            return replace(board, destroyed=board.destroyed | {self.hex})

        return with_board(state, destroy)


@arena_type
@dataclass(frozen=True)
class ForceFieldDestroyed(Event):
    """A destroy result on a hex with a force field took the field only (2.3.8)."""

    hex: HexName
    owner: str
    by: str | None

    def apply(self, state: GameState) -> GameState:
        def drop(board: Board) -> Board:
            return replace(board, force_fields={h: o for h, o in board.force_fields.items() if h != self.hex})

        return with_board(state, drop)


@arena_type
@dataclass(frozen=True)
class ForceFieldCreated(Event):
    """A D-bot left a friendly force field on the hex it vacated (2.3.2, R-WA-MOVE-5)."""

    hex: HexName
    owner: str

    def apply(self, state: GameState) -> GameState:
        return with_board(state, lambda b: replace(b, force_fields={**b.force_fields, self.hex: self.owner}))


# --- power discs ------------------------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class PDCreated(Event):
    """A power disc was made on ``hex`` (R-WA-PD-2): carried by ``carrier``, lying unclaimed
    (carrier None), or ``lost`` at once because the hex is destroyed."""

    hex: HexName
    carrier: PieceRef | None = None
    lost: bool = False

    def apply(self, state: GameState) -> GameState:
        if self.lost:
            return state
        carrier = self.carrier
        if carrier is not None:
            return with_board(state, lambda b: change_piece(b, carrier, lambda p: add_pds(p, 1)))
        return with_board(state, lambda b: set_unclaimed(b, self.hex, b.unclaimed.get(self.hex, 0) + 1))


@arena_type
@dataclass(frozen=True)
class PDsPickedUp(Event):
    """A robot picked up loose power discs on its hex (R-WA-PD-3)."""

    piece: PieceRef
    hex: HexName
    pds: int

    def apply(self, state: GameState) -> GameState:
        def pick(board: Board) -> Board:
            board = set_unclaimed(board, self.hex, board.unclaimed.get(self.hex, 0) - self.pds)
            return change_piece(board, self.piece, lambda p: add_pds(p, self.pds))

        return with_board(state, pick)


@arena_type
@dataclass(frozen=True)
class Taken:
    """Power discs an H-bot took from one enemy robot."""

    piece: PieceRef
    pds: int


@arena_type
@dataclass(frozen=True)
class PDsStolen(Event):
    """An H-bot hopping over ``hex`` took loose discs there and discs carried by enemy robots
    (2.3.3, R-WA-PD-3)."""

    piece: PieceRef
    hex: HexName
    unclaimed: int = 0
    taken: tuple[Taken, ...] = ()

    def apply(self, state: GameState) -> GameState:
        def steal(board: Board) -> Board:
            board = set_unclaimed(board, self.hex, board.unclaimed.get(self.hex, 0) - self.unclaimed)
            for take in self.taken:
                board = change_piece(board, take.piece, partial(add_pds, n=-take.pds))
            total = self.unclaimed + sum(t.pds for t in self.taken)
            return change_piece(board, self.piece, lambda p: add_pds(p, total))

        return with_board(state, steal)


@arena_type
@dataclass(frozen=True)
class PDsHandedOver(Event):
    """One robot handed power discs to another on its hex (2.3.5, R-WA-PD-3)."""

    giver: PieceRef
    taker: PieceRef
    pds: int

    def apply(self, state: GameState) -> GameState:
        def hand(board: Board) -> Board:
            board = change_piece(board, self.giver, lambda p: add_pds(p, -self.pds))
            return change_piece(board, self.taker, lambda p: add_pds(p, self.pds))

        return with_board(state, hand)


# --- pieces -----------------------------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class PieceAdded(Event):
    """A robot came into the arena (set-up 3.3, conversion 4.2.5)."""

    piece: Piece

    def apply(self, state: GameState) -> GameState:
        return with_board(state, lambda b: set_pieces(b, (*b.pieces, self.piece)))


@arena_type
@dataclass(frozen=True)
class PiecesRemoved(Event):
    """Robots left the arena; with ``drop_pds`` what they carried stays unclaimed on their hexes."""

    pieces: tuple[PieceRef, ...]
    drop_pds: bool = False

    def apply(self, state: GameState) -> GameState:
        def remove(board: Board) -> Board:
            gone = [p for p in board.pieces if p.ref in self.pieces]
            if self.drop_pds:
                for p in gone:
                    board = set_unclaimed(board, p.hex, board.unclaimed.get(p.hex, 0) + p.pds)
            return set_pieces(board, (p for p in board.pieces if p.ref not in self.pieces))

        return with_board(state, remove)


@arena_type
@dataclass(frozen=True)
class PieceWarped(Event):
    """A piece was warped with its power discs (4.2.6, 4.2.9, 4.2.12); onto a destroyed hex
    it is ``destroyed`` with them (R-WA-TURN-4)."""

    piece: PieceRef
    hex: HexName
    destroyed: bool = False

    def apply(self, state: GameState) -> GameState:
        if self.destroyed:
            return with_board(state, lambda b: set_pieces(b, (p for p in b.pieces if p.ref != self.piece)))
        return with_board(state, lambda b: change_piece(b, self.piece, lambda p: replace(p, hex=self.hex)))


@arena_type
@dataclass(frozen=True)
class PieceMoved(Event):
    """A robot moved in a Move and Engage action (5.0): the hexes entered, the last is where
    it stands; a hop's first hex is the one jumped."""

    piece: PieceRef
    path: tuple[HexName, ...]
    hop: bool = False

    def apply(self, state: GameState) -> GameState:
        end = self.path[-1]
        return with_board(state, lambda b: change_piece(b, self.piece, lambda p: replace(p, hex=end)))


@arena_type
@dataclass(frozen=True)
class DistanceAttackDeclared(Event):
    """A B-bot will fire at ``target`` from a distance (6.0, R-WA-TURN-3): its one distance
    attack this turn is spent."""

    bbot: PieceRef
    target: HexName

    def apply(self, state: GameState) -> GameState:
        fired = state.fired if state.fired_turn == state.turn else ()
        return replace(state, fired=(*fired, self.bbot), fired_turn=state.turn)
