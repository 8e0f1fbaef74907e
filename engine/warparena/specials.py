"""Special cards (2.4.2-2.4.6, R-WA-CARD-1..3): playing them, the decisions they ask for, and
their windows.

In a Play Special Cards action the player plays cards one at a time, each resolved before the
next (R-WA-CARD-1), and ends with EndCards. A Wild Warp may be played as any special card at
any other moment too (R-WA-CARD-2), by anyone still in, when no window, fight, card or
decision is under way (R-WA-X-12). A card's result is shown provisionally; its window then
decides: cancelled, the game goes back to just before the card (events.CardCancelled).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.warparena import actions, arena, changes, windows
from engine.warparena.cards import SPECIAL_KINDS, CardKind, card
from engine.warparena.commands import EndCards, OrientGrids, PlayCard, PutGrid
from engine.warparena.events import CardCancelled, CardPlayed, CardStood, PendingSet
from engine.warparena.hexes import arena_type
from engine.warparena.pieces import PieceRef
from engine.warparena.state import Stage
from engine.warparena.tx import Refusal, Tx
from engine.warparena.waiting import Decision


@arena_type
@dataclass(frozen=True)
class CardSubject(windows.WindowSubject):
    """A window on a special card's provisional result."""

    player: str
    card: int
    kind: CardKind

    def actor(self) -> str | None:
        return self.player

    def cards(self) -> tuple[int, ...]:
        return (self.card,)

    def describe(self) -> str:
        played = card(self.card)
        as_ = f" as {self.kind.spoken}" if played.kind is not self.kind else ""
        return f"{self.player}'s {played}{as_} (card {self.card})"

    def closed(self, tx: Tx, cancelled: tuple[int, ...]) -> None:
        if self.card in cancelled:
            closing = next(e for e in reversed(tx.events) if isinstance(e, windows.WindowClosed))
            tx.emit(CardCancelled(self.card, closing.wild_warps))
        else:
            tx.emit(CardStood(self.card))


def play_card(tx: Tx, cmd: PlayCard) -> None:
    """Play one special card (R-WA-CARD-1/2)."""
    state = tx.state
    if state.stage is not Stage.PLAYING:
        raise Refusal("not-now", "Cards are played once the turns have begun.")
    if cmd.card not in state.player(cmd.player).hand:
        raise Refusal("not-in-hand", f"You do not hold card {cmd.card}.")
    played = card(cmd.card)
    kind = _played_as(cmd, played.kind)
    in_action = (
        state.pending is not None
        and state.pending.kind is Decision.PLAY_CARDS
        and state.pending.player == cmd.player
    )
    if state.combat is not None:
        raise Refusal("fight-on", f"Special cards wait until the fight in {state.combat.hex} is over.")
    if state.card_play is not None or (
        state.pending is not None and state.pending.kind is not Decision.PLAY_CARDS
    ):
        raise Refusal("decision-pending", "Another play must be finished first.")
    if not in_action and played.kind is not CardKind.WILD_WARP:
        raise Refusal(
            "not-in-action", "Special cards are played in a Play Special Cards action (2 action points)."
        )
    if kind in (CardKind.DESTROY_HEX, CardKind.DOUBLE_WARP):
        if cmd.grid is None:
            raise Refusal("grid-needed", f"Name the grid your {kind.spoken} picks.")
        arena.placed(state.board, cmd.grid)
    tx.emit(CardPlayed(cmd.player, cmd.card, kind, cmd.grid))
    _effect(tx, cmd.player, kind, cmd.grid)


def _played_as(cmd: PlayCard, kind: CardKind) -> CardKind:
    if kind is CardKind.COMBAT:
        raise Refusal("combat-card", "Combat cards are played in fights.")
    if kind is CardKind.WILD_WARP:
        if cmd.as_kind not in SPECIAL_KINDS:
            names = ", ".join(k.spoken for k in SPECIAL_KINDS)
            raise Refusal("as-what", f"Say which special card your Wild Warp is played as: {names}.")
        assert cmd.as_kind is not None
        return cmd.as_kind
    if cmd.as_kind not in (None, kind):
        raise Refusal(
            "not-wild", f"Only a Wild Warp is played as another card; card {cmd.card} is a {kind.spoken}."
        )
    return kind


def _effect(tx: Tx, player: str, kind: CardKind, grid: int | None) -> None:
    if kind is CardKind.DESTROY_HEX:
        assert grid is not None
        actions.lost_cbots(tx, changes.destroy_random_hex(tx, grid, player), player)
    elif kind is CardKind.CREATE_PD:
        cbot = tx.state.board.piece(PieceRef(player, "C"))
        if cbot is not None:
            changes.create_pd(tx, cbot.hex)
    elif kind is CardKind.WARP_GRID:
        if actions.warp_grid(tx, player):
            return  # the window opens once the player has put the grid
    elif kind is CardKind.DOUBLE_WARP:
        assert grid is not None
        actions.double_warp(tx, player, grid)
        return
    _open(tx)


def _open(tx: Tx) -> None:
    """The card's result is shown: its window opens, asking those in before the card."""
    play = tx.state.card_play
    assert play is not None
    tx.emit(PendingSet(play.before.pending))
    windows.open_window(tx, CardSubject(play.player, play.card, play.kind), play.before.in_play)


def end_cards(tx: Tx, cmd: EndCards) -> None:
    """The player has played the special cards they mean to in this action."""
    pending = tx.state.pending
    if pending is None or pending.kind is not Decision.PLAY_CARDS or pending.player != cmd.player:
        raise Refusal("not-playing-cards", "You are not in a Play Special Cards action.")
    if tx.state.card_play is not None:
        raise Refusal("card-in-play", "Finish the card in play first.")
    tx.emit(PendingSet(None))


def _decision(tx: Tx, player: str, kind: Decision) -> tuple[int, int]:
    pending = tx.state.pending
    if pending is None or pending.kind is not kind:
        raise Refusal("not-asked", "Nothing waits for that decision now.")
    if pending.player != player:
        raise Refusal("not-yours", f"That decision is {pending.player}'s.")
    return pending.grid, pending.second


def put_grid(tx: Tx, cmd: PutGrid) -> None:
    """Where the warped grid goes (2.4.3, R-WA-MAP-5)."""
    number, _ = _decision(tx, cmd.player, Decision.PUT_GRID)
    if cmd.grid is not None and cmd.grid != number:  # R-WA-X-35
        raise Refusal("not-that-grid", f"The dice named grid {number} to put, not grid {cmd.grid}.")
    changes.put_warped_grid(tx, number, cmd.beside, cmd.slot, cmd.rotation)
    _decided(tx)


def orient_grids(tx: Tx, cmd: OrientGrids) -> None:
    """The rotations of the two grids a Double Warp swaps (2.4.4, R-WA-MAP-5)."""
    first, second = _decision(tx, cmd.player, Decision.ORIENT_GRIDS)
    changes.swap_grids(tx, first, second, cmd.first, cmd.second)
    _decided(tx)


def _decided(tx: Tx) -> None:
    if tx.state.card_play is not None:
        _open(tx)
    else:
        tx.emit(PendingSet(None))


def default_decision(tx: Tx) -> None:
    """A deadline passed on a PutGrid or OrientGrids (R-WA-X-16): the grid goes on the first
    legal place unturned; the swapped grids keep their rotations."""
    pending = tx.state.pending
    assert pending is not None
    if pending.kind is Decision.PUT_GRID:
        grid = arena.placed(tx.state.board, pending.grid)
        beside, slot = arena.legal_places(tx.state.board, pending.grid)[0]
        put_grid(tx, PutGrid(pending.player, beside, slot, grid.rotation))
    elif pending.kind is Decision.ORIENT_GRIDS:
        orient_grids(
            tx, OrientGrids(pending.player, _rotation(tx, pending.grid), _rotation(tx, pending.second))
        )
    elif pending.kind is Decision.PLAY_CARDS:
        end_cards(tx, EndCards(pending.player))


def _rotation(tx: Tx, number: int) -> int:
    return arena.placed(tx.state.board, number).rotation
