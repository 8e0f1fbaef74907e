"""Properties of the arena under random changes and random moves (hypothesis): grids never
overlap and every placed or warped grid touches another (R-WA-MAP-3, R-WA-MAP-5); a refused
move changes nothing (R-WA-TURN-3); after any accepted move no piece stands on a destroyed
hex, none carries more than 4 PDs (R-WA-PD-1), PDs are only moved, never made or lost except
with a destroyed hex, the events fold to the state and everything survives JSON."""

from __future__ import annotations

from functools import reduce

from hypothesis import event as note_event
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.serial import decode, encode
from engine.warparena import arena
from engine.warparena.board import Board
from engine.warparena.board_events import HexDestroyed
from engine.warparena.changes import put_warped_grid, rotate_grid, swap_grids
from engine.warparena.commands import DistanceAttack, Handover, Leave, MoveAndEngage, PieceMove
from engine.warparena.hexes import HexName, distance
from engine.warparena.movement import move
from engine.warparena.options import Options
from engine.warparena.pieces import MOST_PDS
from engine.warparena.state import GameState
from engine.warparena.tx import Event, Refusal
from tests.engine.warparena.builders import Position

SETTINGS = settings(max_examples=150, deadline=None)


def _arena(data: st.DataObject, grids: int) -> Position:
    rolls = data.draw(st.lists(st.integers(1, 10_000), min_size=2 * grids, max_size=2 * grids))
    dice = iter(rolls)
    pos = Position.of()
    for grid in arena.random_arena(Options(grids=grids), ("ann", "bob"), lambda n: (next(dice) - 1) % n + 1):
        pos = pos.grid(grid.number, at=grid.centre, rotation=grid.rotation)
    return pos


def _sound(board: Board) -> None:
    centres = [g.centre for g in board.grids]
    for i, a in enumerate(centres):
        assert all(distance(a, b) >= 3 for b in centres[i + 1 :]), "grids overlap"


@SETTINGS
@given(st.data(), st.sampled_from([4, 6, 8]))
def test_grids_never_overlap_and_warped_grids_touch(data: st.DataObject, grids: int) -> None:
    """R-WA-MAP-3, R-WA-MAP-4, R-WA-MAP-5: through random rotations, warps and swaps grids never
    overlap; a warped grid touches another, and never lies on its own cell again."""
    tx = _arena(data, grids).tx()
    _sound(tx.state.board)
    laid = tx.state.board.grids
    assert all(min(distance(g.centre, h.centre) for h in laid[:i]) == 3 for i, g in enumerate(laid) if i)
    for _ in range(data.draw(st.integers(1, 8))):
        number = data.draw(st.integers(1, grids))
        kind = data.draw(st.sampled_from(["rotate", "warp", "swap"]))
        if kind == "rotate":
            rotate_grid(tx, number, data.draw(st.integers(1, 5)))
        elif kind == "warp":
            places = arena.legal_places(tx.state.board, number)
            if not places:
                continue
            old = tx.state.board.grid(number)
            beside, slot = data.draw(st.sampled_from(places))
            centre = put_warped_grid(tx, number, beside, slot, data.draw(st.integers(0, 5)))
            others = [g.centre for g in tx.state.board.grids if g.number != number]
            assert old is not None and centre != old.centre
            assert min(distance(centre, c) for c in others) == 3
        else:
            other = data.draw(st.integers(1, grids))
            swap_grids(tx, number, other, data.draw(st.integers(0, 5)), None)
        _sound(tx.state.board)


def _position(data: st.DataObject) -> Position:
    pos = _arena(data, 4)
    hexes = sorted({h for g in pos.board().grids for h in _names(g.number)})
    wrecked = data.draw(st.lists(st.sampled_from(hexes), max_size=3, unique=True))
    pos = pos.destroyed(*wrecked)
    free = [h for h in hexes if h not in wrecked]
    for owner in ("ann", "bob"):
        for label in ("C", "D1", "H1", "B1", "W1", "W2"):
            pos = pos.piece(owner, label, data.draw(st.sampled_from(free)), data.draw(st.integers(0, 4)))
    for hex_ in data.draw(st.lists(st.sampled_from(free), max_size=3, unique=True)):
        pos = pos.loose(hex_, data.draw(st.integers(1, 3)))
    for hex_ in data.draw(st.lists(st.sampled_from(free), max_size=2, unique=True)):
        pos = pos.field(hex_, data.draw(st.sampled_from(["ann", "bob"])))
    return pos


def _names(grid: int) -> list[HexName]:
    return [HexName(f"{grid}-{'C' if k == 0 else k}") for k in range(7)]


def _command(data: st.DataObject, pos: Position) -> MoveAndEngage:
    board = pos.board()
    moves: list[PieceMove] = []
    for piece in board.pieces_of("ann"):
        if data.draw(st.integers(0, 2)):
            continue
        here, path = piece.hex, []
        for _ in range(data.draw(st.integers(0, 4))):
            near = arena.adjacent(board, here)
            if not near:
                break
            here = data.draw(st.sampled_from(near))
            path.append(here)
        hopping = piece.label == "H1" and len(path) == 2 and data.draw(st.booleans())
        moves.append(
            PieceMove(
                piece.label,
                tuple(path),
                hop=hopping,
                leave=data.draw(st.sampled_from([None, Leave.DESTROY, Leave.FORTIFY]))
                if piece.label == "D1"
                else None,
                pick_up=data.draw(st.sampled_from([0, 0, 0, 1, 2])),
                steal=data.draw(st.integers(0, 2)) if hopping else 0,
            )
        )
    labels = [p.label for p in board.pieces_of("ann")]
    handovers = data.draw(
        st.lists(
            st.builds(Handover, st.sampled_from(labels), st.sampled_from(labels), st.integers(1, 3)),
            max_size=1,
        )
    )
    hexes = [h for g in board.grids for h in _names(g.number)]
    attacks = data.draw(
        st.lists(st.builds(DistanceAttack, st.just("B1"), st.sampled_from(hexes)), max_size=1)
    )
    if data.draw(st.integers(0, 2)):
        handovers, attacks = [], []
    return MoveAndEngage("ann", tuple(moves), tuple(handovers), tuple(attacks))


def _pds(state: GameState) -> int:
    return sum(p.pds for p in state.board.pieces) + sum(state.board.unclaimed.values())


@SETTINGS
@given(st.data())
def test_random_moves_keep_the_arena_sound(data: st.DataObject) -> None:
    """R-WA-TURN-3, R-WA-PD-1, 2.3.7: a refused Move and Engage leaves the game as it was; an
    accepted one leaves no piece on a destroyed hex and none over 4 PDs, loses PDs only with a
    destroyed hex, and its events fold to its state and survive JSON."""
    pos = _position(data)
    before = pos.state()
    tx = pos.tx()
    try:
        fights = move(tx, _command(data, pos))
    except Refusal as refused:
        note_event(f"refused: {refused.code}")
        assert refused.message and pos.state() == before
        return
    note_event("accepted")
    after = tx.state
    assert all(p.hex not in after.board.destroyed for p in after.board.pieces)
    assert all(0 <= p.pds <= MOST_PDS for p in after.board.pieces)
    lost = sum(e.unclaimed + sum(p.pds for p in e.pieces) for e in tx.events if isinstance(e, HexDestroyed))
    assert _pds(after) == _pds(before) - lost
    assert len(set(fights)) == len(fights)
    assert reduce(lambda s, e: e.apply(s), tx.events, before) == after
    assert decode(GameState, encode(after)) == after
    for event in tx.events:
        assert decode(Event, encode(event)) == event
