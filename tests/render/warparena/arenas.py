"""Positions to draw: a hand-built arena with one of every mark, and random games.

The hand-built one comes from tests/engine/warparena/builders.py; the random ones are played
by the legal-command generator (tests/engine/warparena/legal.py), stopped mid-game with the
last command's events and the board before it, as the game master would draw them.

``python -m tests.render.warparena.arenas`` redraws docs/pictures/arena-*.png from them.
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, replace
from pathlib import Path

from engine.warparena.board import Board
from engine.warparena.board_events import GridWarped, HexDestroyed, PieceMoved
from engine.warparena.combat_events import CombatBegun, FightDecided, MatchedUp, Revealed
from engine.warparena.commands import Pairing
from engine.warparena.dice import Roll
from engine.warparena.game import Accepted, GameSetup, new_game
from engine.warparena.hexes import Cell, Grid, HexName
from engine.warparena.options import Options
from engine.warparena.pieces import PieceRef
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event, Rolled
from engine.warparena.views import GameView, view_for
from render.warparena import ArenaView
from tests.engine.warparena.builders import Position
from tests.engine.warparena.legal import NAMES, SeededDice, step


@dataclass(frozen=True)
class Drawn:
    """A game to draw: the state, and what the arena view is given."""

    state: GameState
    arena: ArenaView

    def view(self, player: str | None = None) -> GameView:
        return view_for(self.state, player)


def showcase() -> Drawn:
    """Three players on four grids (one turned, one just warped), with every mark: pieces
    several to a hex, PDs carried and loose, force fields, destroyed hexes, a move, a hop, a
    warped grid's old place and the dice rolled."""
    pos = (
        Position.of("ann", "bob", "cat")
        .grid(1)
        .grid(2, beside=1, slot=7, rotation=2)
        .grid(3, beside=1, slot=13)
        .grid(4, beside=2, slot=4, rotation=1)
        .piece("ann", "C", "1-C", pds=2)
        .piece("ann", "D1", "1-3", pds=1)
        .piece("ann", "H1", "2-4")
        .piece("ann", "W1", "2-4", pds=4)
        .piece("bob", "C", "2-C", pds=1)
        .piece("bob", "B1", "2-4")
        .piece("bob", "D1", "4-2", pds=3)
        .piece("cat", "C", "3-C")
        .piece("cat", "W1", "3-5", pds=1)
        .piece("cat", "W2", "3-5")
        .loose("1-5", 2)
        .loose("4-C", 1)
        .field("1-2", "ann")
        .field("3-1", "cat")
        .destroyed("1-6", "4-5")
        .playing("ann", turn=3)
    )
    state = replace(pos.state(), ap_left=1, rolls=40)
    board = state.board
    old = Grid(4, Cell(board.grid(4).centre.q + 3, board.grid(4).centre.r - 3), 1)  # type: ignore[union-attr]
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
        GridWarped(4, board.grid(4).centre, 1),  # type: ignore[union-attr]
        Rolled(Roll(39, 6, 5), "destroy hex on grid 4", "ann"),
        HexDestroyed(HexName("4-5"), "ann"),
        Rolled(Roll(40, 10, 7), "combat", "ann"),
    )
    return Drawn(state, ArenaView(title="Showcase", recent=recent, before=before))


def random_game(
    players: int, options: Options, seed: int, steps: int, *, until: type[Event] | None = None
) -> Drawn:
    """A random game of legal commands, stopped after ``steps`` commands (or at the game's
    end, or just after a command whose events hold an ``until``), with the last command's
    events and the board before it."""
    dice = SeededDice(seed)
    rng = random.Random(seed)
    created = new_game(GameSetup(NAMES[:players], options), dice)
    assert isinstance(created, Accepted), created
    state, events, before = created.state, created.events, Board()
    for _ in range(steps):
        if state.stage is Stage.OVER:
            break
        accepted = step(state, dice, rng).accepted
        before, events, state = state.board, accepted.events, accepted.state
        if until is not None and any(isinstance(e, until) for e in events):
            break
    return Drawn(state, ArenaView(title=f"Random game {seed}", recent=events, before=before))


def warped_twenty(seed: int = 7) -> Drawn:
    """Four players on 20 grids laid by the bot, played until some grids have warped."""
    return random_game(4, Options(grids=20, random_arena=True), seed, 600, until=GridWarped)


def fought(seed: int, players: int = 3, steps: int = 3000) -> tuple[Drawn, tuple[Event, ...]]:
    """A random game played until a fight is decided: the game then, and the public events
    of that combat from its beginning (CombatBegun) on."""
    dice = SeededDice(seed)
    rng = random.Random(seed)
    created = new_game(GameSetup(NAMES[:players], Options(grids=8, random_arena=True)), dice)
    assert isinstance(created, Accepted), created
    state = created.state
    combat: list[Event] = []
    decided: tuple[Event, ...] = ()
    for _ in range(steps):
        if state.stage is Stage.OVER:
            break
        accepted = step(state, dice, rng).accepted
        state = accepted.state
        for event in accepted.events:
            if isinstance(event, CombatBegun):
                combat = []
            combat.append(event)
            if isinstance(event, FightDecided):
                decided = tuple(combat)
        if decided:
            return Drawn(state, ArenaView()), decided
    raise AssertionError(f"seed {seed}: no fight in {steps} steps")


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


PICTURES = Path(__file__).resolve().parents[3] / "docs" / "pictures"


def main(argv: list[str] | None = None) -> None:
    """Write the Warp Arena example pictures into docs/pictures/ (or the folder given)."""
    from render.warparena import render_arena, render_fight, render_hand

    out = Path((argv or sys.argv[1:] or [str(PICTURES)])[0])
    out.mkdir(parents=True, exist_ok=True)
    arena = showcase()
    fight, events = story_of_a_combat()
    hand, _ = fought(3)
    pictures = {
        "arena-public.png": render_arena(arena.view(), replace(arena.arena, title="Warp Arena")),
        "arena-fight.png": render_fight(fight.view(), events),
        "arena-hand.png": render_hand(hand.view("ann")),
    }
    for name, png in pictures.items():
        (out / name).write_bytes(png)
        print(f"{out / name}: {len(png) // 1024} KiB")


if __name__ == "__main__":
    main()
