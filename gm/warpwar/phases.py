"""The phases of a player-turn in the players' words: what each is called and which command ends it.

`/build done` and `/move done` each end only their own phase (the rearrangement after combat
is part of the move: `/move done` ends it), so a command typed in the wrong phase never skips
one the player meant to play. The engine knows the phase; the words and the command names are
the game master's, shared by the Discord and console front ends.
"""

from __future__ import annotations

from typing import Literal

from engine.text import listed
from engine.warpwar.state import GameState, Phase
from engine.warpwar.view import hidden, view_for

Ending = Literal["build", "move"]
"""The phases a player ends by a command, as `/build done` and `/move done` name them."""

NAMES: dict[Phase, str] = {
    Phase.SETUP: "the choice of map ends",
    Phase.BUILD: "the build phase",
    Phase.MOVE: "the move phase",
    Phase.COMBAT: "the combat phase",
    Phase.REARRANGE: "the rearrangement after combat",
    Phase.OVER: "the end of the game",
}

ENDED_BY: dict[Phase, str] = {
    Phase.SETUP: "/warpwar end",
    Phase.BUILD: "/build done",
    Phase.MOVE: "/move done",
    Phase.REARRANGE: "/move done",
}
"""The command that ends each phase a player ends (combat ends when its battles are fought; the
choice of map ends, when the end is chosen)."""


def ends_it(state: GameState, player: str | None = None) -> str:
    """How the current phase ends: "`/move done` ends it", or the battles still to fight (in a
    blind game those of ``player``'s, R-BLIND-18)."""
    command = ENDED_BY.get(state.phase)
    if command is not None:
        return f"`{command}` ends it"
    stars = [state.map.label(b.star) for b in view_for(state, player).turn.battles]
    if not stars and hidden(state):
        return "it ends when this turn's battles are fought"
    if not stars:
        return "nothing is left to end"
    if len(stars) == 1:
        return f"it ends when the battle at {stars[0]} is fought"
    return f"it ends when the battles at {listed(stars)} are fought"


def wrong_phase(state: GameState, player: str, meant: Phase) -> str | None:
    """Why ``player`` cannot end ``meant`` now (`/build done` in the move phase), or None when
    they can, or when it is not their turn at all (the engine then says whose turn it is)."""
    if state.result is not None or state.active_player.name != player:
        return None
    if ENDED_BY.get(state.phase) == ENDED_BY.get(meant):
        return None
    return f"It is {NAMES[state.phase]}: {ends_it(state, player)}."


def phase_over(state: GameState, player: str) -> str:
    """Why a button for an earlier phase ends nothing: the phase going on now (``player`` is who
    pressed it)."""
    active, now = state.active_player.name, state.phase.value
    mine = " It is yours: end it with the button under the latest news." if active == player else ""
    return f"That phase is over: it is now {active}'s {now} phase.{mine}"
