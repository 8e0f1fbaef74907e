"""A random game to draw, stopped at its first fight: played by the legal-command generator
(tests/engine/warparena/legal.py). The other positions (the showcase, a combat, twenty grids)
are render.warparena.examples, which also redraws docs/pictures/arena-*.png.
"""

from __future__ import annotations

import random

from engine.warparena.combat_events import CombatBegun, FightDecided
from engine.warparena.dice import SeededDice
from engine.warparena.game import Accepted, GameSetup, new_game
from engine.warparena.options import Options
from engine.warparena.state import Stage
from engine.warparena.tx import Event
from render.warparena import ArenaView
from render.warparena.examples import Drawn
from tests.engine.warparena.legal import NAMES, step


def fought(seed: int, players: int = 3, steps: int = 3000) -> tuple[Drawn, tuple[Event, ...]]:
    """A random game played until a fight is decided: the game then, and the public events
    of that combat from its beginning (CombatBegun) on."""
    dice = SeededDice(seed)
    rng = random.Random(seed)
    created = new_game(GameSetup(NAMES[:players], Options(grids=8, random_arena=True)), dice)
    assert isinstance(created, Accepted), created
    state = created.state
    combat: list[Event] = []
    decided: tuple[Event, ...] = ()
    for _ in range(steps):
        if state.stage is Stage.OVER:
            break
        accepted = step(state, dice, rng).accepted
        state = accepted.state
        for event in accepted.events:
            if isinstance(event, CombatBegun):
                combat = []
            combat.append(event)
            if isinstance(event, FightDecided):
                decided = tuple(combat)
        if decided:
            return Drawn(state, ArenaView()), decided
    raise AssertionError(f"seed {seed}: no fight in {steps} steps")
