"""Helpers for the combat tests: hands in a built position, answering windows, and reading
the fights' outcomes from the events."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.warparena import windows
from engine.warparena.combat_events import FightDecided
from engine.warparena.dice import ScriptedDice
from engine.warparena.pieces import PieceRef
from engine.warparena.state import GameState
from engine.warparena.tx import Tx
from tests.engine.warparena.builders import Position


def combat_value(value: int, nth: int = 0) -> int:
    """The number of the ``nth`` combat card of ``value`` (eight of each, 1-40: 2.4.1)."""
    return 8 * (value - 1) + 1 + nth


WILD = (81, 82, 83, 84)
"""The four Wild Warps' numbers (the deck's last cards)."""


def with_hands(state: GameState, **hands: Sequence[int]) -> GameState:
    """The state with these players' hands (the rest of the 84 cards in the deck)."""
    players = tuple(replace(p, hand=tuple(hands.get(p.name, p.hand))) for p in state.players)
    held = {c for p in players for c in p.hand}
    return replace(state, players=players, deck=tuple(c for c in range(1, 85) if c not in held))


def tx_of(pos: Position, dice: Sequence[int] = (), **hands: Sequence[int]) -> Tx:
    """A Tx over the built position with these hands and scripted dice."""
    state = with_hands(pos.state(), **hands)
    return Tx(state, ScriptedDice(dice, first=state.rolls + 1))


def all_pass(tx: Tx) -> None:
    """Everyone asked in the open window lets it stand (until it closes)."""
    while tx.state.window is not None:
        for player in tx.state.window.asked():
            windows.answer_pass(tx, player)


def decided(tx: Tx) -> list[FightDecided]:
    """The fights decided so far in this Tx, in order."""
    return [e for e in tx.events if isinstance(e, FightDecided)]


def pds(tx: Tx, owner: str, label: str) -> int:
    """The PDs a robot carries (it must be in the arena)."""
    piece = tx.state.board.piece(PieceRef(owner, label))
    assert piece is not None, f"{owner}'s {label} is not in the arena"
    return piece.pds


def cards_accounted(state: GameState) -> bool:
    """All 84 cards are in the deck, the discards or a hand, each once."""
    cards = [*state.deck, *state.discards, *(c for p in state.players for c in p.hand)]
    return sorted(cards) == list(range(1, 85))
