"""The events of a combat (6.1) and of a player's fall (7.0): what the story tells, and how
each changes the state.

Engine.warparena.combat validates and decides; these only record. :class:`CombatAt` is the
combat's bookkeeping (which decision is next): it carries sealed choices before the reveal,
so the story never shows it and views hide ``Combat.sealed``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from engine.warparena.board import Board
from engine.warparena.commands import Pairing
from engine.warparena.fight import Combat
from engine.warparena.hexes import HexName, arena_type
from engine.warparena.pieces import PieceRef
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event


def lay_down(board: Board, name: HexName, pds: int) -> Board:
    """``pds`` power discs left unclaimed on a hex; on a destroyed hex they are lost (2.3.7)."""
    if pds <= 0 or name in board.destroyed:
        return board
    return replace(board, unclaimed={**board.unclaimed, name: board.unclaimed.get(name, 0) + pds})


def remove_piece(board: Board, ref: PieceRef) -> Board:
    """The piece leaves the arena; the PDs it carried lie unclaimed where it stood (6.1's note)."""
    piece = board.piece(ref)
    if piece is None:
        return board
    board = replace(board, pieces=tuple(p for p in board.pieces if p.ref != ref))
    return lay_down(board, piece.hex, piece.pds)


def _set_pds(board: Board, owner: str, pds: Mapping[str, int]) -> Board:
    pieces = tuple(
        replace(p, pds=pds[p.label]) if p.owner == owner and p.label in pds else p for p in board.pieces
    )
    return replace(board, pieces=pieces)


@arena_type
@dataclass(frozen=True)
class CombatAt(Event):
    """Where the combat's sequence has got to (None: the action's combats are over)."""

    combat: Combat | None

    def apply(self, state: GameState) -> GameState:
        return replace(state, combat=self.combat)


@arena_type
@dataclass(frozen=True)
class CombatBegun(Event):
    """A contested hex starts fighting: the attacker against ``opponents`` (in the attacker's
    order once chosen), with the B-bots that fire at it from a distance."""

    hex: HexName
    attacker: str
    opponents: tuple[str, ...]
    distance: tuple[str, ...] = ()

    def apply(self, state: GameState) -> GameState:
        return state


@arena_type
@dataclass(frozen=True)
class PDsRedistributed(Event):
    """Step 1 (or step 4): the PDs each named robot of ``player`` now carries."""

    player: str
    hex: HexName
    pds: dict[str, int]
    claimed: int = 0
    """Unclaimed PDs of the hex taken up (step 4); 0 for a redistribution."""

    def apply(self, state: GameState) -> GameState:
        board = _set_pds(state.board, self.player, self.pds)
        if self.claimed:
            left = board.unclaimed.get(self.hex, 0) - self.claimed
            unclaimed = {h: n for h, n in board.unclaimed.items() if h != self.hex}
            if left > 0:
                unclaimed[self.hex] = left
            board = replace(board, unclaimed=unclaimed)
        return replace(state, board=board)


@arena_type
@dataclass(frozen=True)
class MatchedUp(Event):
    """Step 3: the round's fights, as ``chooser`` paired them (in the attacker's order once
    ``ordered``)."""

    hex: HexName
    round: int
    chooser: str
    pairs: tuple[Pairing, ...]
    ordered: bool = False

    def apply(self, state: GameState) -> GameState:
        return state


@arena_type
@dataclass(frozen=True)
class Revealed(Event):
    """Steps C-E (or a force-field attack): the dice rolled and the cards turned over. The
    cards leave the hands for the discards now; a Wild Warp may still cancel them (6.1 F).

    ``defender`` None: ``attacker`` fights the force field."""

    hex: HexName
    attacker: PieceRef
    defender: PieceRef | None
    attacker_roll: int
    attacker_pds: int
    defender_roll: int = 0
    defender_pds: int = 0
    cards: dict[str, int] = field(default_factory=dict)
    """Each card played, by player."""
    values: dict[str, int] = field(default_factory=dict)
    """What each played card adds, by player (a Wild Warp's named value)."""

    def apply(self, state: GameState) -> GameState:
        played = set(self.cards.values())
        players = tuple(
            replace(p, hand=tuple(c for c in p.hand if c not in played)) if p.name in self.cards else p
            for p in state.players
        )
        return replace(state, players=players, discards=state.discards + tuple(self.cards.values()))


@arena_type
@dataclass(frozen=True)
class FightDecided(Event):
    """Step G (or step 2): who won. ``defender`` None: the fight was against the force
    field, whose ``defender_total`` is the 6 it takes to bring it down.

    ``destroyed``: the losing robot, destroyed (its PDs lie unclaimed in the hex); None when
    it was a distance B-bot, which survives, or when the loser was the force field, which
    ``field_down`` removes."""

    hex: HexName
    attacker: PieceRef
    defender: PieceRef | None
    attacker_total: int
    defender_total: int
    winner: str
    cancelled: tuple[int, ...] = ()
    destroyed: PieceRef | None = None
    field_down: bool = False

    def apply(self, state: GameState) -> GameState:
        board = state.board
        if self.destroyed is not None:
            board = remove_piece(board, self.destroyed)
        if self.field_down:
            board = replace(
                board, force_fields={h: o for h, o in board.force_fields.items() if h != self.hex}
            )
        return replace(state, board=board)


@arena_type
@dataclass(frozen=True)
class SidesCompared(Event):
    """Option 9.4's fixed strengths (R-WA-OPT-1): the side totals in the hex, the winner, and
    the loser's robots destroyed (distance B-bots survive)."""

    hex: HexName
    attacker: str
    defender: str
    attacker_total: int
    defender_total: int
    winner: str
    destroyed: tuple[PieceRef, ...] = ()

    def apply(self, state: GameState) -> GameState:
        board = state.board
        for ref in self.destroyed:
            board = remove_piece(board, ref)
        return replace(state, board=board)


@arena_type
@dataclass(frozen=True)
class CombatOver(Event):
    """The hex's combat is over: ``holder``'s robots are the only ones left there (None: no
    robots at all, as after B-bots firing from a distance won)."""

    hex: HexName
    holder: str | None

    def apply(self, state: GameState) -> GameState:
        return state


@arena_type
@dataclass(frozen=True)
class PlayerOut(Event):
    """7.0 (R-WA-WIN-1/2): the player's C-bot is lost (``by`` who destroyed it, None for a
    concession or nobody) and the player is out.

    ``hex``: where the C-bot was; two new unclaimed PDs lie there unless it is destroyed. The
    player's robots and force fields leave the arena (their PDs stay unclaimed where they
    stood, R-WA-X-25); the hand (``cards``) goes to ``by`` or to the discards."""

    player: str
    by: str | None
    hex: HexName | None
    cards: tuple[int, ...] = ()

    def apply(self, state: GameState) -> GameState:
        board = state.board
        for piece in board.pieces_of(self.player):
            board = remove_piece(board, piece.ref)
        board = replace(board, force_fields={h: o for h, o in board.force_fields.items() if o != self.player})
        if self.hex is not None:
            board = lay_down(board, self.hex, 2)
        players = tuple(
            replace(p, hand=(), out=True)
            if p.name == self.player
            else replace(p, hand=p.hand + self.cards)
            if p.name == self.by
            else p
            for p in state.players
        )
        discards = state.discards if self.by is not None else state.discards + self.cards
        return replace(state, board=board, players=players, discards=discards)


@arena_type
@dataclass(frozen=True)
class GameWon(Event):
    """The last player with a C-bot wins (7.0, R-WA-WIN-1): the game is over, and waits on
    nothing more (a fight, a window, an action's decision)."""

    winner: str

    def apply(self, state: GameState) -> GameState:
        return replace(
            state, stage=Stage.OVER, winner=self.winner, combat=None, window=None, pending=None, active=None
        )
