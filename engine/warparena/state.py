"""The state of one Warp Arena game: an immutable value folded from events."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.warparena.board import Board
from engine.warparena.fight import Combat
from engine.warparena.hexes import arena_type
from engine.warparena.options import Options
from engine.warparena.pieces import PieceRef


class Stage(StrEnum):
    """Where the game is: set-up (3.1, 3.3), turns (4.0), or over (7.0)."""

    PLACING_GRIDS = "placing-grids"
    PLACING_PIECES = "placing-pieces"
    PLAYING = "playing"
    OVER = "over"


@arena_type
@dataclass(frozen=True)
class PlayerState:
    name: str
    hand: tuple[int, ...] = ()
    """Card numbers held (private: engine.warparena.views)."""
    out: bool = False
    """Lost the C-bot, or conceded (R-WA-WIN-1/2)."""


@arena_type
@dataclass(frozen=True)
class GameState:
    options: Options
    players: tuple[PlayerState, ...]
    """In seat order (the order players joined)."""
    board: Board
    deck: tuple[int, ...] = ()
    """Card numbers, top first (private to everyone: only its size is shown)."""
    discards: tuple[int, ...] = ()
    stage: Stage = Stage.PLACING_GRIDS
    turn: int = 0
    order: tuple[str, ...] = ()
    """This turn's order of play, from the initiative rolls (4.1)."""
    active: str | None = None
    """Whose player phase it is (or whose placement)."""
    ap_left: int = 0
    rolls: int = 0
    """Dice rolled so far in the game: the next roll is number ``rolls + 1`` (R-WA-DICE-2)."""
    combat: Combat | None = None
    winner: str | None = None
    fired: tuple[PieceRef, ...] = ()
    """B-bots that made their one distance attack in turn ``fired_turn`` (R-WA-TURN-3)."""
    fired_turn: int = 0
    """The turn ``fired`` belongs to: a list from an earlier turn counts as empty, so nobody
    has to clear it when a turn begins."""

    def has_fired(self, bbot: PieceRef) -> bool:
        """Whether this B-bot has made its distance attack this turn (R-WA-TURN-3)."""
        return self.fired_turn == self.turn and bbot in self.fired

    def player(self, name: str) -> PlayerState:
        return next(p for p in self.players if p.name == name)

    @property
    def in_play(self) -> tuple[str, ...]:
        """Players still in, in seat order."""
        return tuple(p.name for p in self.players if not p.out)
