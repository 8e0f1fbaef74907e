"""WarpWar (1977 classic and 1994 revised rules): the pure rules engine.

Start with :func:`new_game` and :func:`apply`; a game's state is the fold of its events
(:func:`fold`), and everything round-trips through ``engine.serial``.
"""

from engine.warpwar.events import Event, fold
from engine.warpwar.game import Accepted, GameSetup, PlayerSetup, Rejected, Result, apply, new_game
from engine.warpwar.state import GameState, Phase

__all__ = [
    "Accepted",
    "Event",
    "GameSetup",
    "GameState",
    "Phase",
    "PlayerSetup",
    "Rejected",
    "Result",
    "apply",
    "fold",
    "new_game",
]
