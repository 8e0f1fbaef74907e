"""Changes to the arena, made through a Tx: each checks what the rules require, then emits
the events of engine.warparena.board_events. Actions, cards, set-up and fights call these,
so a grid is warped or a hex destroyed the same way whatever caused it.
"""

from __future__ import annotations

from engine.warparena.arena import (
    ORIGIN,
    centre_of_place,
    fits,
    in_direction,
    is_arena_hex,
    placed,
)
from engine.warparena.board import Board
from engine.warparena.board_events import (
    ForceFieldDestroyed,
    GridPlaced,
    GridRotated,
    GridsSwapped,
    GridWarped,
    HexDestroyed,
    PDCreated,
    PieceAdded,
    PiecesRemoved,
    PieceWarped,
)
from engine.warparena.hexes import Cell, Grid, HexName, hex_name
from engine.warparena.pieces import MOST_PDS, ROBOT_ORDER, Piece, PieceRef
from engine.warparena.tx import Refusal, Tx

CHAIN_LIMIT = 200
"""A guard on 9.2's chain of already destroyed hexes: each roll ends it with chance >= 1/6,
so a real game never comes near; it only keeps a scripted die from looping forever."""


def _check_rotation(rotation: int) -> None:
    if not 0 <= rotation <= 5:
        raise Refusal("bad-rotation", f"A grid's rotation is 0-5 sixth-turns, not {rotation}.")


def _check_number(tx: Tx, number: int) -> None:
    most = tx.state.options.grids
    if not 1 <= number <= most:
        raise Refusal("no-such-grid", f"This game uses grids 1-{most}; there is no grid {number}.")


def _no_fit(number: int, beside: int, slot: int) -> Refusal:
    return Refusal(
        "grid-does-not-fit",
        f"Grid {number} cannot go on place {slot} beside grid {beside}: "
        "it would overlap a grid there or touch none.",
    )


def place_grid(
    tx: Tx, player: str | None, number: int, beside: int | None, slot: int | None, rotation: int
) -> Cell:
    """Arena creation (3.1, R-WA-SET-1): lay grid ``number`` on place ``slot`` beside grid
    ``beside``, touching the arena and overlapping nothing; the first grid goes anywhere
    (``beside`` and ``slot`` None). Returns its centre."""
    _check_number(tx, number)
    _check_rotation(rotation)
    board = tx.state.board
    if board.grid(number) is not None:
        raise Refusal("grid-placed", f"Grid {number} is already in the arena.")
    if not board.grids:
        centre = ORIGIN
    elif beside is None or slot is None:
        raise Refusal("place-needed", f"Say where grid {number} goes: beside which grid, on which place.")
    else:
        centre = centre_of_place(board, beside, slot)
        if not fits(board, number, centre):
            raise _no_fit(number, beside, slot)
    tx.emit(GridPlaced(player, number, centre, rotation))
    return centre


def rotate_grid(tx: Tx, number: int, by: int) -> int:
    """Rotate a grid in place by ``by`` sixth-turns clockwise (4.2.4, R-WA-MAP-4): its cell
    and contacts stay. Returns its new rotation."""
    grid = placed(tx.state.board, number)
    if by % 6 == 0:
        raise Refusal("no-turn", f"Turning grid {number} by a whole turn leaves it as it is.")
    if not 1 <= by <= 5:
        raise Refusal("bad-turn", f"Turn a grid by 1 to 5 sixth-turns, not {by}.")
    rotation = (grid.rotation + by) % 6
    tx.emit(GridRotated(number, rotation))
    return rotation


def put_warped_grid(tx: Tx, number: int, beside: int, slot: int, rotation: int) -> Cell:
    """A grid warped at random goes where its player puts it (2.4.3, R-WA-MAP-5): touching
    another grid, overlapping none, not on its own centre cell again, any rotation; all on it
    travels with it (things are kept by hex name). Returns its new centre."""
    grid = placed(tx.state.board, number)
    _check_rotation(rotation)
    if beside == number:
        raise Refusal("beside-itself", f"Grid {number} cannot be put beside itself.")
    centre = centre_of_place(tx.state.board, beside, slot)
    if centre == grid.centre:
        raise Refusal(
            "warp-in-place",
            f"A warped grid may not go back where it was: place {slot} beside grid {beside} "
            f"is grid {number}'s own place.",
        )
    if not fits(tx.state.board, number, centre):
        raise _no_fit(number, beside, slot)
    tx.emit(GridWarped(number, centre, rotation))
    return centre


def swap_grids(tx: Tx, a: int, b: int, rotation_a: int | None, rotation_b: int | None) -> None:
    """Two grids exchange centre cells (2.4.4, 4.2.11, R-WA-MAP-5), each with the rotation
    given (None keeps its own), so every contact with other grids is kept. The same grid
    twice (a Double Warp that rolled the chosen grid) may only be rotated in place."""
    first, second = placed(tx.state.board, a), placed(tx.state.board, b)
    for rotation in (rotation_a, rotation_b):
        if rotation is not None:
            _check_rotation(rotation)
    if a == b:
        rotation = rotation_a if rotation_a is not None else rotation_b
        if rotation is not None and rotation != first.rotation:
            tx.emit(GridRotated(a, rotation))
        return
    tx.emit(
        GridsSwapped(
            Grid(a, second.centre, first.rotation if rotation_a is None else rotation_a),
            Grid(b, first.centre, second.rotation if rotation_b is None else rotation_b),
        )
    )


def _destroy_once(tx: Tx, name: HexName, by: str | None) -> tuple[Piece, ...] | None:
    """A destroy result on a hex not yet destroyed: the field only, or the hex and all in it.
    None when the hex was already destroyed (the caller decides whether a chain follows)."""
    board = tx.state.board
    if name in board.destroyed:
        return None
    owner = board.force_fields.get(name)
    if owner is not None:
        tx.emit(ForceFieldDestroyed(name, owner, by))
        return ()
    pieces = board.pieces_at(name)
    tx.emit(HexDestroyed(name, by, pieces, board.unclaimed.get(name, 0)))
    return pieces


def destroy_hex(tx: Tx, name: HexName, by: str | None) -> tuple[Piece, ...]:
    """A destroy result on ``name`` (2.3.7, 2.4.2): a force field there is destroyed instead
    of the hex; otherwise the hex goes with every piece and power disc on it. On a hex already
    destroyed nothing happens, or with option 9.2 a chain reaction: 1d6 counted in the grid's
    rotation names the neighbour hit; an already destroyed one rolls on, a gap or a force
    field ends it (R-WA-OPT-1). Returns the pieces destroyed, so a lost C-bot can be seen to."""
    if not is_arena_hex(tx.state.board, name):
        raise Refusal("no-such-hex", f"There is no hex {name} in the arena.")
    hit = _destroy_once(tx, name, by)
    if hit is not None:
        return hit
    if not tx.state.options.chain_reaction:
        return ()
    here = name
    for _ in range(CHAIN_LIMIT):
        direction = tx.roll(6, f"chain reaction from {here}", by)
        target = in_direction(tx.state.board, here, direction)
        if target is None:
            return ()
        hit = _destroy_once(tx, target, by)
        if hit is not None:
            return hit
        here = target
    return ()


def destroy_random_hex(tx: Tx, grid: int, by: str | None) -> tuple[Piece, ...]:
    """Destroy Hex (2.4.2, 4.2.1): 1d6 names the secondary hex of ``grid`` that is hit."""
    placed(tx.state.board, grid)
    k = tx.roll(6, f"destroy hex on grid {grid}", by)
    return destroy_hex(tx, hex_name(grid, k), by)


def default_carrier(board: Board, name: HexName) -> PieceRef | None:
    """Who takes a power disc made or left on ``name`` (R-WA-PD-2): when the robots there
    are one player's, the one with room carrying fewest, then C, D, H, B, W; else nobody."""
    here = board.pieces_at(name)
    if len({p.owner for p in here}) != 1:
        return None
    room = [p for p in here if p.pds < MOST_PDS]
    if not room:
        return None
    best = min(room, key=lambda p: (p.pds, ROBOT_ORDER.index(p.robot), p.label))
    return best.ref


def create_pd(tx: Tx, name: HexName, carrier: str | None = None) -> PieceRef | None:
    """Create a power disc on ``name`` (R-WA-PD-2): to a friendly robot with room (``carrier``
    names it; by default :func:`default_carrier`), else unclaimed on the hex; on a destroyed
    hex it is lost. Returns the robot that took it."""
    board = tx.state.board
    if not is_arena_hex(board, name):
        raise Refusal("no-such-hex", f"There is no hex {name} in the arena.")
    if name in board.destroyed:
        tx.emit(PDCreated(name, None, lost=True))
        return None
    ref = default_carrier(board, name)
    if carrier is not None and ref is not None:
        chosen = next((p for p in board.pieces_at(name) if p.label == carrier and p.owner == ref.owner), None)
        if chosen is None:
            raise Refusal("no-such-carrier", f"There is no robot {carrier} of {ref.owner}'s on {name}.")
        if chosen.pds >= MOST_PDS:
            raise Refusal("carrier-full", f"{carrier} already carries {MOST_PDS} power discs.")
        ref = chosen.ref
    tx.emit(PDCreated(name, ref))
    return ref


def add_piece(tx: Tx, piece: Piece) -> None:
    """Put a new robot in the arena (3.3, 4.2.5): on an arena hex that is not destroyed."""
    board = tx.state.board
    if board.piece(piece.ref) is not None:
        raise Refusal("label-taken", f"{piece.owner} already has a {piece.label} in the arena.")
    if not is_arena_hex(board, piece.hex):
        raise Refusal("no-such-hex", f"There is no hex {piece.hex} in the arena.")
    if piece.hex in board.destroyed:
        raise Refusal("hex-destroyed", f"{piece.label} cannot go on {piece.hex}: it is destroyed.")
    tx.emit(PieceAdded(piece))


def remove_pieces(tx: Tx, refs: tuple[PieceRef, ...], *, drop_pds: bool = False) -> None:
    """Take robots out of the arena (a player out, R-WA-WIN-1); with ``drop_pds`` what they
    carried stays unclaimed where they stood."""
    if refs:
        tx.emit(PiecesRemoved(tuple(refs), drop_pds))


def holds_enemy(board: Board, name: HexName, player: str) -> bool:
    """Whether ``name`` holds robots or a force field of someone other than ``player``."""
    field = board.force_fields.get(name)
    return (field is not None and field != player) or any(p.owner != player for p in board.pieces_at(name))


def teleport(tx: Tx, ref: PieceRef, name: HexName) -> bool:
    """Warp a piece with its power discs to ``name`` (4.2.6, 4.2.9, 4.2.12): onto a destroyed
    hex it is destroyed with them (R-WA-TURN-4). Returns whether it landed among enemy robots
    or on an enemy force field, so the caller starts the fight."""
    board = tx.state.board
    if board.piece(ref) is None:
        raise Refusal("no-such-piece", f"There is no {ref} in the arena.")
    if not is_arena_hex(board, name):
        raise Refusal("no-such-hex", f"There is no hex {name} in the arena.")
    if name in board.destroyed:
        tx.emit(PieceWarped(ref, name, destroyed=True))
        return False
    tx.emit(PieceWarped(ref, name))
    return holds_enemy(tx.state.board, name, ref.owner)
