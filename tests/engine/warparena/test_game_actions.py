"""The twelve actions of 4.2 through game.apply, each legal and refused (R-WA-TURN-2..4,
R-WA-PD-4, R-WA-MAP-4/5, R-WA-SET-2). Each action is selected, the other player passes in
its window (R-WA-CARD-3), and then it runs. Arena: grids 1-4 in a row, ann's C-bot on 1-C
and bob's on 4-C (turn_helpers.arena2)."""

from __future__ import annotations

from engine.warparena.board_events import GridsSwapped, HexDestroyed
from engine.warparena.cards import CardKind
from engine.warparena.commands import (
    Conversion,
    Convert,
    DestroyHex,
    DoubleWarp,
    DrawCard,
    EndCards,
    MoveAndEngage,
    OrientGrids,
    Pass,
    PieceMove,
    PlayCard,
    PlaySpecialCards,
    PutGrid,
    RotateGrid,
    SwapGrids,
    WarpConverter,
    WarpGrid,
    WarpOwnPiece,
    WarpPiece,
)
from engine.warparena.events import DeckShuffled
from engine.warparena.hexes import Cell
from engine.warparena.hexes import HexName as H
from engine.warparena.pieces import PieceRef
from engine.warparena.state import Stage
from engine.warparena.tx import Rolled
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from tests.engine.warparena.turn_helpers import DESTROYS, arena2, cards_of, of_type, phase, refused, run


def test_destroy_hex() -> None:
    """4.2.1 (1 point): pick a grid; 1d6 names the secondary hex destroyed; the die is rolled
    only once the window has closed. An unknown grid is refused."""
    state = phase(arena2())
    assert refused(state, DestroyHex("ann", 9)).message == "Grid 9 is not in the arena."
    selected, events = run(state, DestroyHex("ann", 2))
    assert not of_type(events, Rolled)
    assert waiting_on(selected)[0].decision is Decision.WINDOW
    state, events = run(selected, Pass("bob"), dice=[3])
    assert "2-3" in state.board.destroyed and state.ap_left == 2


def test_warp_grid_then_put_grid() -> None:
    """4.2.2 (1 point), R-WA-MAP-5: 1dN names the grid; its player puts it touching another,
    never back on its own place."""
    state, _ = run(phase(arena2()), WarpGrid("ann"), Pass("bob"), dice=[2])
    assert state.pending is not None and state.pending.kind is Decision.PUT_GRID
    assert waiting_on(state)[0].decision is Decision.PUT_GRID
    assert refused(state, PutGrid("ann", 1, 7)).code == "warp-in-place"
    assert refused(state, PutGrid("bob", 4, 7)).code == "not-yours"
    state, _ = run(state, PutGrid("ann", 4, 7, rotation=3))
    grid = state.board.grid(2)
    assert grid is not None and grid.centre == Cell(12, 0) and grid.rotation == 3
    assert state.pending is None and state.ap_left == 2


def test_draw_reshuffles_the_discards_when_the_deck_is_empty() -> None:
    """4.2.3 (1 point), R-WA-SET-2, R-WA-X-15: an empty deck is remade from the shuffled discards; with
    both empty the action is refused."""
    state = phase(arena2(), deck=())
    state, events = run(state, DrawCard("ann"), Pass("bob"), dice=[1] * 83)
    assert of_type(events, DeckShuffled)[0].reshuffle  # type: ignore[attr-defined]
    assert len(state.player("ann").hand) == 1 and len(state.deck) == 83 and not state.discards
    broke = phase(arena2(), hands={"bob": tuple(range(1, 85))}, deck=())
    assert "no card to draw" in refused(broke, DrawCard("ann")).message


def test_rotate_grid() -> None:
    """4.2.4 (1 point), R-WA-MAP-4: a grid turns in place; a turn of 0 is refused."""
    state = phase(arena2())
    assert refused(state, RotateGrid("ann", 3, 0)).code == "no-turn"
    state, _ = run(state, RotateGrid("ann", 3, 2), Pass("bob"))
    grid = state.board.grid(3)
    assert grid is not None and grid.rotation == 2 and grid.centre == Cell(6, 0)


def test_convert() -> None:
    """4.2.5 (1 point), R-WA-PD-4, R-WA-X-18: discs on the C-bot's hex (loose ones first, then carried)
    become robots (on the C-bot's hex or an empty adjacent hex) or two cards each."""
    pos = arena2()
    pos = pos._with(pieces=tuple(p for p in pos.pieces if p.label != "C" or p.owner != "ann"))
    pos = pos.piece("ann", "C", "1-C", pds=2).loose("1-C", 1)
    state = phase(pos)
    assert refused(state, Convert("ann", (Conversion("D"),) * 4)).code == "too-few-discs"
    assert refused(state, Convert("ann", (Conversion("D", H("3-C")),))).code == "not-adjacent"
    assert refused(state, Convert("ann", (Conversion("X"),))).code == "bad-conversion"
    convert = Convert("ann", (Conversion("D"), Conversion("cards"), Conversion("W", H("1-2"))))
    state, _ = run(state, convert, Pass("bob"))
    mine = {p.label: p for p in state.board.pieces_of("ann")}
    assert mine["D1"].hex == "1-C" and mine["W1"].hex == "1-2" and mine["C"].pds == 0
    assert "1-C" not in state.board.unclaimed
    assert len(state.player("ann").hand) == 2


def test_convert_five_of_a_type() -> None:
    """4.2.5, R-WA-PD-4: at most five robots of a type in the arena."""
    pos = arena2().loose("1-C", 1)
    for i in range(1, 6):
        pos = pos.piece("ann", f"H{i}", "2-C")
    rejected = refused(phase(pos), Convert("ann", (Conversion("H"),)))
    assert rejected.message == "You already have five H-bots in the arena."


def test_warp_converter_onto_a_destroyed_centre_is_out() -> None:
    """4.2.6 (1 point), R-WA-TURN-4: the C-bot goes to grid 1dN's centre; a destroyed one
    destroys it and its player is out (here the last one in wins)."""
    state = phase(arena2().destroyed("2-C"))
    state, _ = run(state, WarpConverter("ann"), Pass("bob"), dice=[2])
    assert state.player("ann").out and state.stage is Stage.OVER and state.winner == "bob"


def test_warp_converter_onto_enemies_fights() -> None:
    """4.2.6, R-WA-TURN-4: landing among enemy robots starts combat, the warped piece's owner
    attacking."""
    state = phase(arena2().piece("bob", "D1", "3-C"))
    state, _ = run(state, WarpConverter("ann"), Pass("bob"), dice=[3])
    assert state.combat is not None and state.combat.hex == "3-C" and state.combat.attacker == "ann"


def test_move_and_engage() -> None:
    """4.2.7 (2 points), R-WA-TURN-3: every move is checked before any happens; a move the
    rules refuse says which piece and why."""
    state = phase(arena2().piece("ann", "D1", "1-1"))
    bad = MoveAndEngage("ann", (PieceMove("D1", (H("1-C"),)), PieceMove("C", (H("3-C"),))))
    assert "C" in refused(state, bad).message
    state, _ = run(state, MoveAndEngage("ann", (PieceMove("C", (H("1-3"),)),)), Pass("bob"))
    assert state.board.piece(PieceRef("ann", "C")).hex == "1-3"  # type: ignore[union-attr]
    assert state.ap_left == 1


def test_play_special_cards() -> None:
    """4.2.8 (2 points), R-WA-CARD-1: cards one at a time, each resolved (and its window
    closed) before the next; EndCards ends the action. Without a special card it is refused;
    a combat card is never played here."""
    combat = cards_of(CardKind.COMBAT)[0]
    assert (
        refused(phase(arena2(), hands={"ann": (combat,)}), PlaySpecialCards("ann")).code == "no-special-cards"
    )
    state = phase(arena2(), hands={"ann": (DESTROYS[0], DESTROYS[1], combat)})
    state, _ = run(state, PlaySpecialCards("ann"), Pass("bob"))
    assert refused(state, PlayCard("ann", combat)).code == "combat-card"
    assert refused(state, DrawCard("ann")).code == "decision-pending"
    state, _ = run(state, PlayCard("ann", DESTROYS[0], grid=3), dice=[4])
    assert "3-4" in state.board.destroyed and state.window is not None
    assert refused(state, PlayCard("ann", DESTROYS[1], grid=3)).code == "window-open"
    state, _ = run(state, Pass("bob"), PlayCard("ann", DESTROYS[1], grid=2), Pass("bob"), dice=[1])
    state, _ = run(state, EndCards("ann"))
    assert state.pending is None and state.ap_left == 1
    assert {DESTROYS[0], DESTROYS[1]} <= set(state.discards)


def test_warp_piece() -> None:
    """4.2.9 (2 points), R-WA-TURN-4: any non-C piece, anyone's, to grid 1dN hex 1d6; onto a
    destroyed hex it is destroyed with its PDs. A C-bot is refused."""
    state = phase(arena2().piece("bob", "W1", "4-1", pds=2).destroyed("2-3"))
    assert refused(state, WarpPiece("ann", PieceRef("bob", "C"))).code == "not-a-cbot"
    state, _ = run(state, WarpPiece("ann", PieceRef("bob", "W1")), Pass("bob"), dice=[2, 3])
    assert state.board.piece(PieceRef("bob", "W1")) is None
    assert sum(state.board.unclaimed.values()) == 0


def test_double_warp_then_orient() -> None:
    """4.2.10 (2 points), R-WA-MAP-5: pick a grid; 1dN names the other; they swap places, each
    turned as the player says."""
    state, _ = run(phase(arena2()), DoubleWarp("ann", 1), Pass("bob"), dice=[3])
    assert state.pending is not None and state.pending.second == 3
    state, events = run(state, OrientGrids("ann", 0, 4))
    assert of_type(events, GridsSwapped)
    one, three = state.board.grid(1), state.board.grid(3)
    assert one is not None and three is not None
    assert one.centre == Cell(6, 0) and three.centre == Cell(0, 0) and three.rotation == 4


def test_swap_grids() -> None:
    """4.2.11 (3 points): two picked grids swap places; the same grid twice is refused;
    everything on a grid travels with it (R-WA-MAP-2)."""
    state = phase(arena2())
    assert refused(state, SwapGrids("ann", 2, 2)).code == "same-grid"
    state, _ = run(state, SwapGrids("ann", 1, 4), Pass("bob"))
    four = state.board.grid(4)
    assert four is not None and four.centre == Cell(0, 0)
    assert state.board.piece(PieceRef("bob", "C")).hex == "4-C"  # type: ignore[union-attr]
    assert state.active == "bob"


def test_warp_own_piece() -> None:
    """4.2.12 (3 points): one's own piece, C-bot included, to any hex empty or friendly; an
    enemy hex or a destroyed one is refused."""
    state = phase(arena2().destroyed("2-2"))
    assert refused(state, WarpOwnPiece("ann", "C", H("4-C"))).code == "enemy-hex"
    assert refused(state, WarpOwnPiece("ann", "C", H("2-2"))).code == "hex-destroyed"
    state, _ = run(state, WarpOwnPiece("ann", "C", H("3-5")), Pass("bob"))
    assert state.board.piece(PieceRef("ann", "C")).hex == "3-5"  # type: ignore[union-attr]


def test_destroying_a_cbot_puts_its_player_out() -> None:
    """R-WA-WIN-1: a Destroy Hex that destroys an enemy C-bot: its player is out and the
    destroyer takes the hand."""
    pos = arena2()
    pos = pos._with(pieces=tuple(p for p in pos.pieces if p.owner != "bob")).piece("bob", "C", "4-2")
    state = phase(pos, hands={"bob": (7, 8)})
    state, events = run(state, DestroyHex("ann", 4), Pass("bob"), dice=[2])
    assert of_type(events, HexDestroyed)
    assert state.winner == "ann" and set(state.player("ann").hand) == {7, 8}


def test_a_grid_with_nowhere_to_go_is_not_warped() -> None:
    """R-WA-X-13: a grid rolled for a Warp Grid with no legal place (here the only grid laid)
    stays where it is; nothing waits on a PutGrid."""
    from engine.warparena.actions import warp_grid
    from engine.warparena.events import NoPlaceForGrid
    from tests.engine.warparena.builders import Position

    tx = Position.of("ann", "bob").with_options(grids=4).grid(1).tx(dice=[1])
    assert not warp_grid(tx, "ann")
    assert of_type(tx.events, NoPlaceForGrid) and tx.state.pending is None
