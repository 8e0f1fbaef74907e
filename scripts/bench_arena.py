"""Warp Arena's benchmark for ``make bench``: one Move and Engage action with 20 pieces a side
and three contested hexes (issue 12's budget: under 5 ms).

The action is timed as the engine does it for a player: the selection (every move checked,
the points spent, the window opened) and the other player's pass (the moves made, the three
combats queued and the first one started), two calls of ``game.apply``. The fights' own
decisions are players' answers, each its own command, timed on their own.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import replace

from PIL import Image

from engine.warparena.board import Board
from engine.warparena.board_events import piece_order
from engine.warparena.commands import DeadlinePassed, MoveAndEngage, Pass, PieceMove
from engine.warparena.game import Accepted, apply
from engine.warparena.hexes import Cell, Grid, HexName
from engine.warparena.options import Options
from engine.warparena.pieces import Piece
from engine.warparena.state import GameState, PlayerState, Stage
from render.canvas import PNG_COMPRESSION

LABELS = ("C", *(f"{t}{i}" for t in "DHBW" for i in range(1, 6)))[:20]
CONTESTED = (HexName("2-1"), HexName("2-3"), HexName("2-5"))


class _Dice:
    def roll(self, n: int, sides: int) -> int:
        return 1 + (n * 7) % sides


def position() -> tuple[GameState, MoveAndEngage]:
    """Grids 1-4 in a row. bob: three robots on each of 2-1, 2-3, 2-5, the rest on grid 4.
    ann: the C-bot on 1-C, twelve robots on 2-C that step into the three contested hexes,
    seven on grid 1 that step to 1-C: twenty moves."""
    grids = tuple(Grid(n, Cell(3 * (n - 1), 0)) for n in range(1, 5))
    bob = [
        Piece("bob", label, CONTESTED[i % 3] if i < 9 else HexName(f"4-{i % 7 or 'C'}"))
        for i, label in enumerate(LABELS[1:])
    ] + [Piece("bob", "C", HexName("4-C"))]
    ann: list[Piece] = [Piece("ann", "C", HexName("1-C"))]
    moves: list[PieceMove] = []
    for i, label in enumerate(LABELS[1:]):
        if i < 12:
            ann.append(Piece("ann", label, HexName("2-C")))
            moves.append(PieceMove(label, (CONTESTED[i % 3],)))
        else:
            ann.append(Piece("ann", label, HexName(f"1-{i - 11}")))
            moves.append(PieceMove(label, (HexName("1-C"),)))
    board = Board(grids=grids, pieces=tuple(sorted((*ann, *bob), key=piece_order)))
    state = GameState(
        Options(grids=4),
        (PlayerState("ann"), PlayerState("bob")),
        board,
        deck=tuple(range(1, 85)),
        stage=Stage.PLAYING,
        turn=1,
        order=("ann", "bob"),
        active="ann",
        ap_left=3,
    )
    return state, MoveAndEngage("ann", tuple(moves), order=CONTESTED)


def move_and_engage() -> tuple[GameState, int]:
    """Run the action once; returns the state after it and how many hexes were contested."""
    state, move = position()
    dice = _Dice()
    selected = apply(state, move, dice)
    assert isinstance(selected, Accepted), selected
    ran = apply(selected.state, Pass("bob"), dice)
    assert isinstance(ran, Accepted), ran
    combat = ran.state.combat
    assert combat is not None, "the move should start a combat"
    return ran.state, 1 + len(combat.queue)


def fights_by_default(state: GameState) -> GameState:
    """Every fight decision of the action taken by its default, to the end of the combats."""
    dice = _Dice()
    while state.combat is not None or state.window is not None:
        result = apply(state, DeadlinePassed(), dice)
        assert isinstance(result, Accepted), result
        state = result.state
    return replace(state)


def full_colour_png(image: Image.Image) -> bytes:
    """Pillow's PNG encode of ``image`` in full colour at the project's compression: the floor."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESSION)
    return out.getvalue()


def arena_picture() -> tuple[Callable[[], bytes], Callable[[], bytes], Callable[[], bytes], tuple[int, int]]:
    """The arena picture of a 20-grid, 4-player random arena after a warp
    (render.warparena.examples), the full-colour PNG encode of the very same canvas, and its
    encode as the picture is sent (render.canvas.encode_compact_png: exact in a palette when
    its colours fit in 256, else 256 colours by octree): (render, encode, encode as sent,
    picture size). The encode as sent is within the time measured for the picture."""
    from render.canvas import encode_compact_png
    from render.warparena import draw_arena, render_arena
    from render.warparena.examples import warped_twenty

    drawn = warped_twenty()
    view = drawn.view()
    image = draw_arena(view, drawn.arena).image
    return (
        (lambda: render_arena(view, drawn.arena)),
        (lambda: full_colour_png(image)),
        (lambda: encode_compact_png(image)),
        image.size,
    )
