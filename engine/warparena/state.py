"""The state of one Warp Arena game: an immutable value folded from events."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.warparena.board import Board
from engine.warparena.cards import CardKind
from engine.warparena.fight import Combat
from engine.warparena.hexes import arena_type
from engine.warparena.options import Options
from engine.warparena.pieces import PieceRef
from engine.warparena.waiting import Decision
from engine.warparena.windows import Window


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
    # --- the turn machinery (engine.warparena.game) ---
    window: Window | None = None
    """An open reaction window (engine.warparena.windows): nothing else happens until it closes."""
    pending: Pending | None = None
    """A decision an action or card asks of one player (PutGrid, OrientGrids), or the Play
    Special Cards action in progress."""
    card_play: CardPlay | None = None
    """The special card being played, with the state to return to if it is cancelled."""
    grids_left: dict[str, tuple[int, ...]] = field(default_factory=dict)
    """Arena creation: the grids each player still has to place (R-WA-SET-1)."""
    placing: tuple[str, ...] = ()
    """Set-up: the order of placement (the roll's winner, then seat order after them)."""
    initiative: dict[str, int] = field(default_factory=dict)
    """This turn's initiative totals (die, plus a card with option 9.3)."""
    initiative_asking: tuple[str, ...] = ()
    """Option 9.3: players still to say whether they add a card, in the previous turn's order."""
    pd_open: bool = False
    """The phase's optional random (or placed) PD may still be made: no action selected yet."""
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


@arena_type
@dataclass(frozen=True)
class Pending:
    """A decision the game waits on from one player, asked by an action or a card."""

    kind: Decision
    """PUT_GRID, ORIENT_GRIDS, or PLAY_CARDS (the Play Special Cards action in progress)."""
    player: str
    grid: int = 0
    """The grid rolled to warp (PUT_GRID), or the grid picked for a Double Warp."""
    second: int = 0
    """The grid a Double Warp's roll named."""


@arena_type
@dataclass(frozen=True)
class CardPlay:
    """A special card in play (R-WA-CARD-3): if its window cancels it, the game goes back to
    ``before`` exactly, except that the dice rolled stay rolled and the card and every Wild
    Warp played on it go to the discards."""

    player: str
    card: int
    kind: CardKind
    """What it is played as (a Wild Warp may be any special card)."""
    grid: int | None
    before: GameState
