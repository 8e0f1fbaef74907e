"""The working area of one command: a state, the dice, and the events applied so far.

As in engine.warpwar.tx: handlers validate, then ``emit`` events, each folded at once so the
next check sees its effect. A handler refuses by raising :class:`Refusal`, which
engine.warparena.game.apply turns into a Rejected value; the input state is untouched.
Every die goes through :meth:`Tx.roll`, which records it as a :class:`Rolled` event: the
state counts the rolls made, and the export lists each one for verification (R-WA-DICE-2).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.warparena.dice import Dice, Roll
from engine.warparena.hexes import arena_type

if TYPE_CHECKING:
    from engine.warparena.state import GameState


class Refusal(Exception):  # noqa: N818 - a refusal is not an error of the program
    """A command the rules do not allow; ``message`` says why in the player's words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@arena_type
@dataclass(frozen=True)
class Event:
    """Something that happened. Subclasses say what, and how it changes a state."""

    def apply(self, state: GameState) -> GameState:
        raise NotImplementedError


@arena_type
@dataclass(frozen=True)
class Rolled(Event):
    """A die was rolled: roll ``roll.n`` of the game, and why (``for_``: "initiative", "grid")."""

    roll: Roll
    for_: str
    player: str | None = None
    """Whose roll it counts as (the text has players roll; the game master rolls for them)."""

    def apply(self, state: GameState) -> GameState:
        return replace(state, rolls=self.roll.n)


class Tx:
    def __init__(self, state: GameState, dice: Dice) -> None:
        self.state = state
        self.dice = dice
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = event.apply(self.state)
        self.events.append(event)

    def roll(self, sides: int, for_: str, player: str | None = None) -> int:
        """Roll the game's next die and record it."""
        n = self.state.rolls + 1
        value = self.dice.roll(n, sides)
        self.emit(Rolled(Roll(n, sides, value), for_, player))
        return value
