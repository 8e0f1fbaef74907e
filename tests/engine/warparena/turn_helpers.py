"""Helpers for the turn machinery's tests: a player phase on a built position, and running
commands through ``game.apply`` with scripted dice."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from engine.warparena.cards import CardKind, card
from engine.warparena.commands import Command
from engine.warparena.dice import ScriptedDice
from engine.warparena.game import Accepted, Rejected, apply
from engine.warparena.state import GameState, PlayerState
from engine.warparena.tx import Event
from tests.engine.warparena.builders import Position, line_of_grids


def cards_of(kind: CardKind, count: int = 1, *, value: int = 0, skip: int = 0) -> tuple[int, ...]:
    """The numbers of ``count`` cards of a kind (and combat value), after skipping ``skip``."""
    found = [n for n in range(1, 85) if card(n).kind is kind and (not value or card(n).value == value)]
    return tuple(found[skip : skip + count])


WILDS = cards_of(CardKind.WILD_WARP, 4)
DESTROYS = cards_of(CardKind.DESTROY_HEX, 4)
WARPS = cards_of(CardKind.WARP_GRID, 2)
DOUBLES = cards_of(CardKind.DOUBLE_WARP, 2)
CREATES = cards_of(CardKind.CREATE_PD, 2)


def phase(
    pos: Position,
    *,
    hands: dict[str, tuple[int, ...]] | None = None,
    deck: tuple[int, ...] | None = None,
    ap: int = 3,
    pd_open: bool = True,
) -> GameState:
    """``pos`` in its active player's phase, with these hands; every other card in the deck
    (in number order) unless ``deck`` is given (the rest then go to the discards)."""
    hands = hands or {}
    state = pos.state()
    held = {c for h in hands.values() for c in h}
    if deck is None:
        deck = tuple(n for n in range(1, 85) if n not in held)
    discards = tuple(n for n in range(1, 85) if n not in held and n not in deck)
    players = tuple(PlayerState(p.name, hands.get(p.name, ())) for p in state.players)
    return replace(state, players=players, deck=deck, discards=discards, ap_left=ap, pd_open=pd_open)


def arena2() -> Position:
    """Grids 1-4 in a row (1 at (0,0) ... 4 at (9,0)), ann's C on 1-C and bob's C on 4-C."""
    return line_of_grids(1, 2, 3, 4).with_options(grids=4).piece("ann", "C", "1-C").piece("bob", "C", "4-C")


def run(state: GameState, *commands: Command, dice: Sequence[int] = ()) -> tuple[GameState, list[Event]]:
    """Apply each command (all must be accepted), the dice shown in order across them."""
    script = ScriptedDice(dice, first=state.rolls + 1)
    events: list[Event] = []
    for command in commands:
        result = apply(state, command, script)
        assert isinstance(result, Accepted), (command, result)
        state = result.state
        events += result.events
    return state, events


def refused(state: GameState, command: Command, dice: Sequence[int] = ()) -> Rejected:
    result = apply(state, command, ScriptedDice(dice, first=state.rolls + 1))
    assert isinstance(result, Rejected), result
    return result


def of_type(events: Sequence[Event], kind: type[Event]) -> list[Event]:
    return [e for e in events if isinstance(e, kind)]
