"""Warp Arena positions to draw, and the example pictures: ``python -m render.warparena.examples``.

Three positions, shared by the docs' pictures, the benchmark (scripts/bench_arena.py) and the
tests, so none of them needs a test module:

* :func:`showcase`: three players on four grids with one of every mark (pieces several to a
  hex, power discs carried and loose, force fields, destroyed hexes, a move, a hop, a warped
  grid's old place, the dice rolled), laid out by hand;
* :func:`story_of_a_combat`: a hand-written combat on the showcase's board, and
  :func:`with_hand` to give a player of it a hand;
* :func:`warped_twenty`: four players on twenty grids laid at random, played forward by the
  engine itself (pieces placed on hexes picked at random, initiative by its default, then the
  first player warps a grid), so the picture's old place and pieces are the engine's own.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from engine.warparena.board import Board
from engine.warparena.board_events import GridWarped, HexDestroyed, PieceMoved, piece_order
from engine.warparena.combat_events import CombatBegun, FightDecided, MatchedUp, Revealed
from engine.warparena.commands import Command, DeadlinePassed, Pairing, PlacePiece, WarpGrid
from engine.warparena.dice import Roll, SeededDice
from engine.warparena.game import Accepted, GameSetup, apply, new_game
from engine.warparena.hexes import Cell, Grid, HexName, hex_name, slot_cell
from engine.warparena.options import Options
from engine.warparena.pieces import Piece, PieceRef
from engine.warparena.setup import FIRST_PIECES
from engine.warparena.state import GameState, PlayerState, Stage
from engine.warparena.tx import Event, Rolled
from engine.warparena.views import GameView, view_for, waiting_on
from engine.warparena.waiting import Decision
from render.warparena.arena import ArenaView

PICTURES = Path(__file__).resolve().parents[2] / "docs" / "pictures"


@dataclass(frozen=True)
class Drawn:
    """A game to draw: the state, and what the arena view is given."""

    state: GameState
    arena: ArenaView

    def view(self, player: str | None = None) -> GameView:
        return view_for(self.state, player)


def _beside(grid: Grid, number: int, slot: int, rotation: int = 0) -> Grid:
    """Grid ``number`` on place ``slot`` around ``grid`` (engine.warparena.hexes.slot_cell)."""
    return Grid(number, slot_cell(grid.centre, slot), rotation)


def _piece(owner: str, label: str, hex: str, pds: int = 0) -> Piece:
    return Piece(owner, label, HexName(hex), pds)


def showcase_board() -> Board:
    """The showcase's board (see :func:`showcase`)."""
    one = Grid(1, Cell(0, 0))
    two = _beside(one, 2, 7, rotation=2)
    grids = (one, two, _beside(one, 3, 13), _beside(two, 4, 4, rotation=1))
    pieces = (
        _piece("ann", "C", "1-C", 2),
        _piece("ann", "D1", "1-3", 1),
        _piece("ann", "H1", "2-4"),
        _piece("ann", "W1", "2-4", 4),
        _piece("bob", "C", "2-C", 1),
        _piece("bob", "B1", "2-4"),
        _piece("bob", "D1", "4-2", 3),
        _piece("cat", "C", "3-C"),
        _piece("cat", "W1", "3-5", 1),
        _piece("cat", "W2", "3-5"),
    )
    return Board(
        grids=grids,
        destroyed=frozenset({HexName("1-6"), HexName("4-5")}),
        force_fields={HexName("1-2"): "ann", HexName("3-1"): "cat"},
        pieces=tuple(sorted(pieces, key=piece_order)),
        unclaimed={HexName("1-5"): 2, HexName("4-C"): 1},
    )


def showcase() -> Drawn:
    """Three players on four grids (one turned, one just warped), with every mark: pieces
    several to a hex, PDs carried and loose, force fields, destroyed hexes, a move, a hop, a
    warped grid's old place and the dice rolled. It is ann's phase of turn 3."""
    board = showcase_board()
    players = ("ann", "bob", "cat")
    state = GameState(
        options=Options(),
        players=tuple(PlayerState(name) for name in players),
        board=board,
        stage=Stage.PLAYING,
        turn=3,
        order=players,
        active="ann",
        ap_left=1,
        rolls=40,
    )
    four = board.grid(4)
    assert four is not None
    old = Grid(4, Cell(four.centre.q + 3, four.centre.r - 3), 1)
    before = replace(
        board,
        grids=tuple(old if g.number == 4 else g for g in board.grids),
        pieces=tuple(
            replace(p, hex=HexName("1-1"))
            if p.label == "D1" and p.owner == "ann"
            else replace(p, hex=HexName("2-1"))
            if p.label == "H1"
            else p
            for p in board.pieces
        ),
    )
    recent: tuple[Event, ...] = (
        PieceMoved(PieceRef("ann", "D1"), (HexName("1-2"), HexName("1-3"))),
        PieceMoved(PieceRef("ann", "H1"), (HexName("2-C"), HexName("2-4")), hop=True),
        Rolled(Roll(38, 4, 3), "grid to warp", "ann"),
        GridWarped(4, four.centre, 1),
        Rolled(Roll(39, 6, 5), "destroy hex on grid 4", "ann"),
        HexDestroyed(HexName("4-5"), "ann"),
        Rolled(Roll(40, 10, 7), "combat", "ann"),
    )
    return Drawn(state, ArenaView(title="Showcase", recent=recent, before=before))


def story_of_a_combat() -> tuple[Drawn, tuple[Event, ...]]:
    """A hand-written combat in 2-4: ann's H1 brings down bob's force field, then two fights,
    one won with a Wild Warp named as 4, one whose combat card a Wild Warp cancelled."""
    drawn = showcase()
    h = HexName("2-4")
    ann_h1, ann_w1 = PieceRef("ann", "H1"), PieceRef("ann", "W1")
    bob_b1, bob_c = PieceRef("bob", "B1"), PieceRef("bob", "C")
    events: tuple[Event, ...] = (
        CombatBegun(h, "ann", ("bob",)),
        Rolled(Roll(41, 8, 6), "combat", "ann"),
        Revealed(h, ann_h1, None, 6, 0),
        FightDecided(h, ann_h1, None, 6, 6, "ann", field_down=True),
        MatchedUp(h, 1, "bob", (Pairing("H1", "B1"), Pairing("W1", "C"))),
        Rolled(Roll(42, 8, 3), "combat", "ann"),
        Rolled(Roll(43, 6, 5), "combat", "bob"),
        Revealed(h, ann_h1, bob_b1, 3, 0, 5, 0, cards={"ann": 81}, values={"ann": 4}),
        FightDecided(h, ann_h1, bob_b1, 7, 5, "ann", destroyed=bob_b1),
        Rolled(Roll(44, 4, 4), "combat", "ann"),
        Rolled(Roll(45, 12, 2), "combat", "bob"),
        Revealed(h, ann_w1, bob_c, 4, 4, 2, 1, cards={"bob": 40}, values={"bob": 5}),
        FightDecided(h, ann_w1, bob_c, 8, 3, "ann", cancelled=(40,), destroyed=bob_c),
    )
    return drawn, events


def with_hand(drawn: Drawn, player: str, cards: tuple[int, ...]) -> Drawn:
    """``drawn`` with ``player`` holding ``cards`` (by number, engine.warparena.cards)."""
    players = tuple(replace(p, hand=cards) if p.name == player else p for p in drawn.state.players)
    return replace(drawn, state=replace(drawn.state, players=players))


HAND = (2, 7, 22, 41, 63, 69, 72, 80)
"""The docs' hand: three combat cards and one of each special kind but the Wild Warp."""


def _accepted(state: GameState, command: Command, dice: SeededDice) -> Accepted:
    result = apply(state, command, dice)
    assert isinstance(result, Accepted), result
    return result


def _phase_owed(state: GameState) -> bool:
    return state.window is None and any(w.decision is Decision.PHASE for w in waiting_on(state))


def _placed(state: GameState, dice: SeededDice, spread: random.Random) -> GameState | None:
    """The placing player's next piece on a hex picked at random where it may go (so the
    pieces spread over the arena as players' would), or None when no pick is accepted."""
    player = state.active
    assert player is not None
    left = [label for label in FIRST_PIECES if state.board.piece(PieceRef(player, label)) is None]
    hexes = [hex_name(g.number, k) for g in state.board.grids for k in range(7)]
    for _ in range(12):
        result = apply(state, PlacePiece(player, left[0], spread.choice(hexes)), dice)
        if isinstance(result, Accepted):
            return result.state
    return None


def warped_twenty(seed: int = 7) -> Drawn:
    """Four players on twenty grids laid at random, everything of set-up and initiative
    decided by its default; then the first player to act warps a grid (4.2.2), nobody cancels,
    and the grid is put where its default puts it. Drawn with that last command's events and
    the board before it, as the game master draws the channel's news."""
    dice = SeededDice(seed)
    created = new_game(GameSetup(("ann", "bob", "cat", "dan"), Options(grids=20, random_arena=True)), dice)
    assert isinstance(created, Accepted), created
    state = created.state
    spread = random.Random(seed)
    while not (state.stage is Stage.PLAYING and _phase_owed(state)):
        state = (_placed(state, dice, spread) if state.stage is Stage.PLACING_PIECES else None) or _accepted(
            state, DeadlinePassed(), dice
        ).state
    assert state.active is not None
    state = _accepted(state, WarpGrid(state.active), dice).state
    while True:
        before = state.board
        done = _accepted(state, DeadlinePassed(), dice)
        state = done.state
        if any(isinstance(e, GridWarped) for e in done.events):
            return Drawn(state, ArenaView(title="Twenty grids", recent=done.events, before=before))


def main(argv: list[str] | None = None) -> None:
    """Write the Warp Arena example pictures into docs/pictures/ (or the folder given)."""
    from render.warparena import render_arena, render_fight, render_hand

    out = Path((argv or sys.argv[1:] or [str(PICTURES)])[0])
    out.mkdir(parents=True, exist_ok=True)
    arena = showcase()
    fight, events = story_of_a_combat()
    pictures = {
        "arena-public.png": render_arena(arena.view(), replace(arena.arena, title="Warp Arena")),
        "arena-fight.png": render_fight(fight.view(), events),
        "arena-hand.png": render_hand(with_hand(arena, "ann", HAND).view("ann")),
    }
    for name, png in pictures.items():
        (out / name).write_bytes(png)
        print(f"{out / name}: {len(png) // 1024} KiB")


if __name__ == "__main__":
    main()
