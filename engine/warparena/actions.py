"""The twelve actions of 4.2 (R-WA-TURN-2): selecting one, its window, and running it.

Selecting an action checks it in full (by running it on a scratch copy: every refusal comes
before anything happens), spends its points and announces it; a window opens
(R-WA-CARD-3); when it closes uncancelled the action runs. A cancelled action keeps its
points spent.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from engine.text import plural
from engine.warparena import arena, changes, combat, convert, movement, turns, victory, windows
from engine.warparena.cards import SPECIAL_KINDS, CardKind, card
from engine.warparena.commands import (
    Command,
    Convert,
    DestroyHex,
    DoubleWarp,
    DrawCard,
    MoveAndEngage,
    PlaySpecialCards,
    RotateGrid,
    SwapGrids,
    WarpConverter,
    WarpGrid,
    WarpOwnPiece,
    WarpPiece,
)
from engine.warparena.deck import draw
from engine.warparena.events import ActionSelected, NoPlaceForGrid, PendingSet
from engine.warparena.hexes import CENTRE, HexName, arena_type, hex_name
from engine.warparena.pieces import Piece, PieceRef
from engine.warparena.state import Pending
from engine.warparena.tx import Refusal, Tx
from engine.warparena.waiting import Decision

Action = (
    DestroyHex
    | WarpGrid
    | DrawCard
    | RotateGrid
    | Convert
    | WarpConverter
    | MoveAndEngage
    | PlaySpecialCards
    | WarpPiece
    | DoubleWarp
    | SwapGrids
    | WarpOwnPiece
)

COSTS: dict[type[Any], int] = {
    DestroyHex: 1,
    WarpGrid: 1,
    DrawCard: 1,
    RotateGrid: 1,
    Convert: 1,
    WarpConverter: 1,
    MoveAndEngage: 2,
    PlaySpecialCards: 2,
    WarpPiece: 2,
    DoubleWarp: 2,
    SwapGrids: 3,
    WarpOwnPiece: 3,
}
"""Action points of each action (4.2, the summary sheet)."""

NAMES: dict[type[Any], str] = {
    DestroyHex: "Destroy Hex",
    WarpGrid: "Warp Grid",
    DrawCard: "Draw a Card",
    RotateGrid: "Rotate a Grid",
    Convert: "Convert",
    WarpConverter: "Warp Converter",
    MoveAndEngage: "Move and Engage",
    PlaySpecialCards: "Play Special Cards",
    WarpPiece: "Warp Piece",
    DoubleWarp: "Double Warp",
    SwapGrids: "Swap Grids",
    WarpOwnPiece: "Warp Own Piece",
}

LIMITED = (MoveAndEngage, Convert)
"""Option 9.4's limited actions: only these two."""


@arena_type
@dataclass(frozen=True)
class ActionSubject(windows.WindowSubject):
    """A window on an action selection: it runs when the window closes uncancelled."""

    player: str
    action: Command

    def actor(self) -> str | None:
        return self.player

    def describe(self) -> str:
        return f"{self.player}'s {NAMES[type(self.action)]} action"

    def closed(self, tx: Tx, cancelled: tuple[int, ...]) -> None:
        if cancelled:
            return
        run(tx, self.action)


def select(tx: Tx, cmd: Action) -> None:
    """Choose an action in the player's phase (4.2): check, pay, announce, open its window."""
    turns.in_phase(tx, cmd.player)
    state = tx.state
    kind = type(cmd)
    if state.options.limited_actions and kind not in LIMITED:
        raise Refusal("limited-actions", "This game allows only Move and Engage and Convert (option 9.4).")
    cost = COSTS[kind]
    if cost > state.ap_left:
        raise Refusal(
            "too-few-points",
            f"{NAMES[kind]} costs {plural(cost, 'action point')}; you have {state.ap_left} left.",
        )
    _check(tx, cmd, cost)
    tx.emit(ActionSelected(cmd.player, cmd, cost))
    windows.open_window(tx, ActionSubject(cmd.player, cmd))


def _check(tx: Tx, cmd: Action, cost: int) -> None:
    """Every refusal before anything happens: the action runs on a scratch copy that is thrown
    away, up to its first die. No die is rolled, or even looked at, before the window
    (R-WA-CARD-3); what follows a die is an outcome, never a refusal."""
    scratch = Tx(tx.state, _NoDiceYet())
    scratch.emit(ActionSelected(cmd.player, cmd, cost))
    with contextlib.suppress(_DiceNeeded):
        run(scratch, cmd)


class _DiceNeeded(Exception):  # noqa: N818 - a signal, not an error
    """The scratch run reached its first die: everything before it was checked."""


class _NoDiceYet:
    def roll(self, n: int, sides: int) -> int:
        raise _DiceNeeded


def run(tx: Tx, cmd: Command) -> None:
    """Carry out an action whose window closed uncancelled."""
    _RUNS[type(cmd)](tx, cmd)


def lost_cbots(tx: Tx, pieces: tuple[Piece, ...], by: str | None) -> None:
    """C-bots among destroyed pieces put their players out (R-WA-WIN-1); ``by`` takes the
    hand unless it was their own."""
    for piece in pieces:
        if piece.label == "C" and piece.owner in tx.state.in_play:
            victory.cbot_lost(tx, piece.owner, by if by != piece.owner else None)


def grid_die(tx: Tx) -> int:
    """Sides of the die that names a grid: 20, or N with fewer grids (R-WA-MAP-6)."""
    return tx.state.options.grids


def _destroy_hex(tx: Tx, cmd: DestroyHex) -> None:
    arena.placed(tx.state.board, cmd.grid)
    lost_cbots(tx, changes.destroy_random_hex(tx, cmd.grid, cmd.player), cmd.player)


def _warp_grid(tx: Tx, cmd: WarpGrid) -> None:
    warp_grid(tx, cmd.player)


def warp_grid(tx: Tx, player: str) -> bool:
    """Roll the grid to warp (2.4.3); the player then puts it (PutGrid). False when it has
    nowhere to go."""
    number = tx.roll(grid_die(tx), "grid to warp", player)
    if not arena.legal_places(tx.state.board, number):
        tx.emit(NoPlaceForGrid(number))
        return False
    tx.emit(PendingSet(Pending(Decision.PUT_GRID, player, grid=number)))
    return True


def _draw(tx: Tx, cmd: DrawCard) -> None:
    if draw(tx, cmd.player, 1) == 0:
        raise Refusal("no-cards", "The deck and the discards are empty: there is no card to draw.")


def _rotate(tx: Tx, cmd: RotateGrid) -> None:
    changes.rotate_grid(tx, cmd.grid, cmd.by)


def _warp_converter(tx: Tx, cmd: WarpConverter) -> None:
    number = tx.roll(grid_die(tx), "converter warp", cmd.player)
    ref = PieceRef(cmd.player, "C")
    target = hex_name(number, CENTRE)
    fight = changes.teleport(tx, ref, target)
    if tx.state.board.piece(ref) is None:
        victory.cbot_lost(tx, cmd.player, None)
    elif fight:
        combat.begin(tx, (target,), cmd.player, ())


def _move(tx: Tx, cmd: MoveAndEngage) -> None:
    hexes = movement.move(tx, cmd)
    if hexes or cmd.attacks:
        combat.begin(tx, hexes, cmd.player, cmd.attacks)


def _play_cards(tx: Tx, cmd: PlaySpecialCards) -> None:
    if tx.state.options.no_special_cards:
        raise Refusal("no-special-cards", "This game has no special cards (option 9.4).")
    hand = tx.state.player(cmd.player).hand
    if not any(card(c).kind in (*SPECIAL_KINDS, CardKind.WILD_WARP) for c in hand):
        raise Refusal("no-special-cards", "You hold no special card to play.")
    tx.emit(PendingSet(Pending(Decision.PLAY_CARDS, cmd.player)))


def _warp_piece(tx: Tx, cmd: WarpPiece) -> None:
    piece = tx.state.board.piece(cmd.target)
    if piece is None:
        raise Refusal("no-such-piece", f"There is no {cmd.target} in the arena.")
    if piece.label == "C":
        raise Refusal("not-a-cbot", "Warp Piece moves any piece but a C-bot.")
    number = tx.roll(grid_die(tx), "piece warp: grid", cmd.player)
    k = tx.roll(6, "piece warp: hex", cmd.player)
    target = hex_name(number, k)
    if changes.teleport(tx, cmd.target, target):
        combat.begin(tx, (target,), piece.owner, ())


def _double_warp(tx: Tx, cmd: DoubleWarp) -> None:
    double_warp(tx, cmd.player, cmd.grid)


def double_warp(tx: Tx, player: str, grid: int) -> None:
    """Roll the grid that swaps with the picked one (2.4.4); the player then orients them."""
    arena.placed(tx.state.board, grid)
    second = tx.roll(grid_die(tx), "double warp", player)
    tx.emit(PendingSet(Pending(Decision.ORIENT_GRIDS, player, grid=grid, second=second)))


def _swap(tx: Tx, cmd: SwapGrids) -> None:
    if cmd.first == cmd.second:
        raise Refusal("same-grid", "Name two different grids to swap.")
    changes.swap_grids(tx, cmd.first, cmd.second, cmd.first_rotation, cmd.second_rotation)


def _warp_own(tx: Tx, cmd: WarpOwnPiece) -> None:
    board = tx.state.board
    ref = PieceRef(cmd.player, cmd.label)
    piece = board.piece(ref)
    if piece is None:
        raise Refusal("no-such-piece", f"You have no {cmd.label} in the arena.")
    to: HexName = cmd.to
    if not arena.is_arena_hex(board, to):
        raise Refusal("no-such-hex", f"There is no hex {to} in the arena.")
    if to in board.destroyed:
        raise Refusal("hex-destroyed", f"{cmd.label} cannot warp to {to}: it is destroyed.")
    if changes.holds_enemy(board, to, cmd.player):
        raise Refusal("enemy-hex", f"{cmd.label} cannot warp to {to}: it holds enemies.")
    if to == piece.hex:
        raise Refusal("same-hex", f"{cmd.label} is already on {to}.")
    changes.teleport(tx, ref, to)


_RUNS: dict[type[Any], Callable[[Tx, Any], None]] = {
    DestroyHex: _destroy_hex,
    WarpGrid: _warp_grid,
    DrawCard: _draw,
    RotateGrid: _rotate,
    Convert: convert.convert,
    WarpConverter: _warp_converter,
    MoveAndEngage: _move,
    PlaySpecialCards: _play_cards,
    WarpPiece: _warp_piece,
    DoubleWarp: _double_warp,
    SwapGrids: _swap,
    WarpOwnPiece: _warp_own,
}
