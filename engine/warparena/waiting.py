"""Who the game waits on, and for what: the game master's deadlines and reminders read this.

Every state that needs a decision says so here (engine.warparena.views.waiting_on), so the
game master can set one deadline per kind of decision and, when it passes, send
DeadlinePassed for the engine to take that decision's default.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.warparena.hexes import arena_type


class Decision(StrEnum):
    """The kinds of decision, each with its own deadline setting (issue 13 item 4)."""

    PLACE_GRID = "place-grid"
    PLACE_PIECE = "place-piece"
    INITIATIVE_CARD = "initiative-card"
    PHASE = "phase"
    """The active player's phase: the random PD and the action points (R-WA-TURN-2)."""
    PUT_GRID = "put-grid"
    ORIENT_GRIDS = "orient-grids"
    PLAY_CARDS = "play-cards"
    WINDOW = "window"
    REDISTRIBUTE = "redistribute"
    ATTACK_FIELD = "attack-field"
    MATCH_UPS = "match-ups"
    FIGHT_ORDER = "fight-order"
    SEAL_CARD = "seal-card"
    OPPONENT_ORDER = "opponent-order"


@arena_type
@dataclass(frozen=True)
class Waiting:
    """One player the game waits on."""

    player: str
    decision: Decision
    detail: str = ""
    """What it is about, in words everyone may read ("the fight in 9-3: H1 against W2")."""
