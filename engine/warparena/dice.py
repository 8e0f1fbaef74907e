"""Where the engine's dice come from (R-WA-DICE-1).

The engine never draws randomness itself: it asks a :class:`Dice` for roll number n (the
state counts the rolls made so far) and records every roll as an event, so a game replays
from its log and a finished game's rolls can be checked against the revealed seed
(engine.warparena.fair, R-WA-DICE-2).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from engine.warparena.hexes import arena_type


class Dice(Protocol):
    def roll(self, n: int, sides: int) -> int:
        """Roll number ``n`` (1, 2, ...) of the game, on a die of ``sides`` sides: 1..sides.

        A pure function of (n, sides) for a given source: asking twice gives the same."""
        ...


@arena_type
@dataclass(frozen=True)
class Roll:
    """One die rolled: its number in the game, the die, what it showed."""

    n: int
    sides: int
    value: int


class ScriptedDice:
    """Dice that show given values in order, for tests and the rule book's worked examples.

    ``values[0]`` is roll ``first`` (1 for a new game; a test that starts from a position
    built mid-game passes that position's next roll number); a value the die cannot show is
    a bug in the test."""

    def __init__(self, values: Sequence[int], first: int = 1) -> None:
        self.values = tuple(values)
        self.first = first

    def roll(self, n: int, sides: int) -> int:
        index = n - self.first
        if not 0 <= index < len(self.values):
            raise IndexError(f"the script has no roll {n} (1d{sides}); it scripts {self.first}..")
        value = self.values[index]
        if not 1 <= value <= sides:
            raise ValueError(f"roll {n} is scripted as {value}, which 1d{sides} cannot show")
        return value


class SeededDice:
    """Dice from a seed, for examples, benchmarks and random test games: each roll is drawn
    afresh from (seed, n, sides), so it is pure in (n, sides) like the game's fair dice
    (engine.warparena.fair) and a game replays from its seed alone."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, n: int, sides: int) -> int:
        return random.Random(self.seed * 1_000_003 + n * 31 + sides).randint(1, sides)
