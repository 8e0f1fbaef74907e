"""The state of a combat in progress (6.1): one contested hex, its sides, and where the
sequence of decisions has got to. engine.warparena.combat moves it on.

A combat is a chain of decisions, each owned by one player (R-WA-CBT-1): the value here
says which decision is next (``step``) and holds what the earlier ones settled, so a game
stored mid-fight resumes exactly where it stood.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from engine.warparena.commands import Pairing
from engine.warparena.hexes import HexName, arena_type


class Step(StrEnum):
    """The decision a combat waits on (6.1's steps)."""

    OPPONENT_ORDER = "opponent-order"
    """Three or four players in the hex: the attacker orders the opponents (R-WA-CBT-4)."""
    REDISTRIBUTE = "redistribute"
    """Step 1: the attacker, then the defender, reassign PDs among robots in the hex."""
    ATTACK_FIELD = "attack-field"
    """Step 2: the attacker picks a robot (and a card) to fight the defender's force field."""
    MATCH_UPS = "match-ups"
    """Step 3: the side with more robots (defender on ties) pairs the round's fights."""
    FIGHT_ORDER = "fight-order"
    """Step 3: the attacker orders the round's fights."""
    ROUND = "round"
    """Passing: a new round of step 3 begins (never waited on)."""
    SEAL = "seal"
    """Steps A-B: both fighters seal a combat card or none."""
    WINDOW = "window"
    """Step F: revealed cards wait in a reaction window (engine.warparena.windows)."""


@arena_type
@dataclass(frozen=True)
class Sealed:
    """One fighter's face-down choice for the fight (None: no card). The card stays in the
    hand until the reveal, so neither hand sizes nor the deck count give it away."""

    card: int | None = None
    wild_value: int | None = None
    """The value 1-5 named for a Wild Warp played as a combat card (R-WA-CBT-1)."""


@arena_type
@dataclass(frozen=True)
class Clash:
    """A fight (or a force-field attack) rolled and revealed, waiting on the 6.1 F window.

    ``defender_robot`` None means the attacking robot fights the force field; the totals
    here leave out the cards, which count unless cancelled in the window."""

    attacker_robot: str
    defender_robot: str | None
    attacker_base: int
    defender_base: int = 0
    attacker_card: int | None = None
    attacker_value: int = 0
    defender_card: int | None = None
    defender_value: int = 0


@arena_type
@dataclass(frozen=True)
class Queued:
    """A contested hex still to fight in this action, with the B-bots firing at it."""

    hex: HexName
    attacker: str
    distance: tuple[str, ...] = ()


@arena_type
@dataclass(frozen=True)
class Combat:
    """A combat in one hex: the attacker against whoever else is there."""

    hex: HexName
    attacker: str
    step: Step = Step.REDISTRIBUTE
    defender: str | None = None
    """The opponent fought now (with three or four players, one at a time: R-WA-CBT-4)."""
    opponents: tuple[str, ...] = ()
    """Opponents still to fight after ``defender``, in the attacker's order."""
    distance: tuple[str, ...] = ()
    """The attacker's B-bots firing from a distance that have not yet fought (6.1 step 1)."""
    redistributed: tuple[str, ...] = ()
    """Players who have made their step 1 redistribution against this defender."""
    round: int = 0
    """Step 3's round number (1, 2, ...); 0 before the first round."""
    chooser: str | None = None
    """Who chooses this round's match-ups (the side with more robots, defender on ties)."""
    pairs: tuple[Pairing, ...] = ()
    """This round's fights not yet fought, the next first once the attacker has ordered them."""
    sealed: dict[str, Sealed] = field(default_factory=dict)
    """Steps A-B for the next fight: each fighter's sealed choice, by player."""
    clash: Clash | None = None
    """The fight or field attack waiting on the 6.1 F window."""
    queue: tuple[Queued, ...] = ()
    """The action's other contested hexes, fought after this one in this order."""

    @property
    def fighters(self) -> tuple[str, ...]:
        """The two players fighting now."""
        return (self.attacker,) if self.defender is None else (self.attacker, self.defender)
