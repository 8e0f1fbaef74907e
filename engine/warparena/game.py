"""The engine's entry points: set up a game, apply one command, fold events.

``apply(state, command, dice)`` returns :class:`Accepted` (the new state and the events that
made it) or :class:`Rejected` (a code and a message in the player's words). The input state
is never changed and a refused command leaves nothing behind: every handler works on a
:class:`~engine.warparena.tx.Tx` that is simply dropped on a refusal. After each command the
game moves itself on (engine.warparena.turns.advance) until it waits on a player.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.warparena import actions, combat, setup, specials, turns, victory, windows
from engine.warparena.board import Board
from engine.warparena.commands import (
    AddInitiativeCard,
    AttackField,
    Cancel,
    Command,
    Concede,
    Convert,
    DeadlinePassed,
    DestroyHex,
    DoubleWarp,
    DrawCard,
    EndCards,
    EndPhase,
    FightOrder,
    MatchUps,
    MoveAndEngage,
    OpponentOrder,
    OrientGrids,
    Pass,
    PlaceGrid,
    PlacePD,
    PlacePiece,
    PlayCard,
    PlaySpecialCards,
    PutGrid,
    RandomPD,
    Redistribute,
    RotateGrid,
    SealCard,
    SwapGrids,
    WarpConverter,
    WarpGrid,
    WarpOwnPiece,
    WarpPiece,
)
from engine.warparena.dice import Dice
from engine.warparena.events import fold
from engine.warparena.options import Options
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event, Refusal, Tx
from engine.warparena.waiting import Decision

__all__ = ["Accepted", "GameSetup", "Rejected", "Result", "apply", "fold", "new_game"]


@dataclass(frozen=True)
class Accepted:
    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Rejected:
    code: str
    message: str
    private: bool = False
    """Shown to the player alone, never in the game's channel (R-WA-CARD-4: a refused cancel
    must not tell the others that the player holds no Wild Warp)."""


Result = Accepted | Rejected

PRIVATE_CODES = frozenset({"no-wild-warp"})


@dataclass(frozen=True)
class GameSetup:
    players: tuple[str, ...]
    """In seat order."""
    options: Options = field(default_factory=Options)


def new_game(setup_: GameSetup, dice: Dice) -> Result:
    """Create a game: shuffle and deal, deal the grids (or build a random arena), and roll for
    the first placement (R-WA-SET-1/2, R-WA-DICE-3)."""
    tx = Tx(_EMPTY, dice)
    try:
        setup.start(tx, setup_.players, setup_.options)
        turns.advance(tx)
    except Refusal as refusal:
        return Rejected(refusal.code, refusal.message)
    return Accepted(tx.state, tuple(tx.events))


def apply(state: GameState, command: Command, dice: Dice) -> Result:
    """Check ``command`` against ``state`` and apply it, or say why not."""
    tx = Tx(state, dice)
    try:
        _handle(tx, command)
        turns.advance(tx)
    except Refusal as refusal:
        return Rejected(refusal.code, refusal.message, refusal.code in PRIVATE_CODES)
    return Accepted(tx.state, tuple(tx.events))


_EMPTY = GameState(Options(), (), Board())
"""What a new game's Tx starts from; its first event, GameCreated, replaces it."""


def _handle(tx: Tx, command: Command) -> None:
    state = tx.state
    if isinstance(command, DeadlinePassed):
        deadline_passed(tx)
        return
    player: str = command.player
    if player not in {p.name for p in state.players}:
        raise Refusal("not-a-player", f"{player} is not playing in this game.")
    if state.window is not None:
        if isinstance(command, Pass):
            windows.answer_pass(tx, player)
        elif isinstance(command, Cancel):
            windows.answer_cancel(tx, player, command.card, _cancel_hand(tx, player))
        else:
            raise Refusal(
                "window-open", f"The game waits for answers on {state.window.subject.describe()} first."
            )
        return
    if isinstance(command, (Pass, Cancel)):
        raise Refusal("no-window", "Nothing is waiting for a pass or a cancel.")
    if state.stage is Stage.OVER:
        raise Refusal("game-over", "The game is over.")
    if player not in state.in_play:
        raise Refusal("out", "You are out of this game.")
    _HANDLERS[type(command)](tx, command)


def _cancel_hand(tx: Tx, player: str) -> tuple[int, ...]:
    """The hand a cancel is played from: in a card's window, the hand as it was before the
    card (a player the card put out may still cancel it with the Wild Warp they held);
    cards already in play in the window never count."""
    state = tx.state
    assert state.window is not None
    in_play = set(state.window.subject.cards())
    if state.card_play is not None:
        hand = state.card_play.before.player(player).hand
        in_play.add(state.card_play.card)
    else:
        hand = state.player(player).hand
    return tuple(c for c in hand if c not in in_play)


def _fight(tx: Tx, command: Any) -> None:
    if tx.state.combat is None:
        raise Refusal("no-fight", "There is no fight under way.")
    combat.decide(tx, command)


def _concede(tx: Tx, command: Concede) -> None:
    """R-WA-WIN-2, at any moment except while a card is in play (R-WA-X-17)."""
    if tx.state.card_play is not None:
        raise Refusal("card-in-play", "Concede once the card in play is settled.")
    victory.concede(tx, command.player)


def deadline_passed(tx: Tx) -> None:
    """Every decision the game waits on now takes its default (R-WA-CBT-5, R-WA-SET-1,
    R-WA-TURN-2, R-WA-CARD-3)."""
    state = tx.state
    if state.window is not None:
        windows.close_by_deadline(tx)
    elif state.combat is not None:
        combat.defaults(tx)
    elif state.pending is not None:
        specials.default_decision(tx)
    elif state.stage is Stage.PLACING_GRIDS:
        setup.default_grid(tx)
    elif state.stage is Stage.PLACING_PIECES:
        setup.default_piece(tx)
    elif state.stage is Stage.PLAYING and state.initiative_asking:
        turns.add_initiative_card(tx, AddInitiativeCard(state.initiative_asking[0]))
    elif state.stage is Stage.PLAYING and state.active is not None:
        turns.end_phase(tx, EndPhase(state.active))
    else:
        raise Refusal("nothing-waits", "The game waits on nobody.")


_HANDLERS: dict[type[Any], Callable[[Tx, Any], None]] = {
    PlaceGrid: setup.place_grid,
    PlacePiece: setup.place_piece,
    AddInitiativeCard: turns.add_initiative_card,
    RandomPD: turns.random_pd,
    PlacePD: turns.place_pd,
    EndPhase: turns.end_phase,
    **dict.fromkeys(
        (
            DestroyHex,
            WarpGrid,
            DrawCard,
            RotateGrid,
            Convert,
            WarpConverter,
            MoveAndEngage,
            PlaySpecialCards,
            WarpPiece,
            DoubleWarp,
            SwapGrids,
            WarpOwnPiece,
        ),
        actions.select,
    ),
    PlayCard: specials.play_card,
    EndCards: specials.end_cards,
    PutGrid: specials.put_grid,
    OrientGrids: specials.orient_grids,
    Redistribute: _fight,
    AttackField: _fight,
    MatchUps: _fight,
    FightOrder: _fight,
    SealCard: _fight,
    OpponentOrder: _fight,
    Concede: _concede,
}

DEFAULTS: dict[Decision, str] = {
    Decision.PLACE_GRID: "the player's lowest grid on a random legal place",
    Decision.PLACE_PIECE: "the next piece on the C-bot's hex (the C-bot on the first free hex)",
    Decision.INITIATIVE_CARD: "no card",
    Decision.PHASE: "the phase ends; points left lapse",
    Decision.PUT_GRID: "the first legal place, unturned",
    Decision.ORIENT_GRIDS: "both grids keep their rotations",
    Decision.PLAY_CARDS: "no more cards",
    Decision.WINDOW: "pass",
}
"""What a passed deadline decides, per decision (the fights' are combat.defaults')."""
