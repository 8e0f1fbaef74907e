"""Combat (6.0, 6.1) as a chain of decisions, each owned by one player (R-WA-CBT-1..5).

The turn machinery calls :func:`begin` after a Move and Engage (or a random warp onto an
enemy, R-WA-TURN-4); every fight decision then comes through :func:`decide`, a passed
deadline through :func:`defaults`; :func:`waiting` says who is to answer. While a combat
runs ``tx.state.combat`` holds it; it is None again when the action's last combat is over.
"""

from __future__ import annotations

from engine.warparena.commands import (
    AttackField,
    DistanceAttack,
    FightOrder,
    MatchUps,
    OpponentOrder,
    Redistribute,
    SealCard,
)
from engine.warparena.hexes import HexName
from engine.warparena.state import GameState
from engine.warparena.tx import Tx
from engine.warparena.waiting import Waiting

FightDecision = Redistribute | AttackField | MatchUps | FightOrder | SealCard | OpponentOrder
"""The commands :func:`decide` takes."""


def begin(
    tx: Tx, hexes: tuple[HexName, ...], attacker: str, attacks: tuple[DistanceAttack, ...] = ()
) -> None:
    """Queue the combats of one action in ``hexes``' order and start the first.

    Distance B-bots join the combat of their target hex, even one no attacking robot is in
    (a target missing from ``hexes`` is fought last). A hex that is no longer contested when
    its turn comes is skipped. Runs until the first decision a player must make."""
    raise NotImplementedError


def decide(tx: Tx, command: FightDecision) -> None:
    """One player's fight decision; a Refusal when it is not theirs to make now, saying what
    the game waits on instead."""
    raise NotImplementedError


def defaults(tx: Tx) -> None:
    """Take the default of every decision the combat waits on now (R-WA-CBT-5, R-WA-X-20):
    no card, PDs where they are, match-ups, order and opponents fewest-PD-first."""
    raise NotImplementedError


def waiting(state: GameState) -> tuple[Waiting, ...]:
    """Who the combat waits on, and for what (nothing while its 6.1 F window is open: the
    window says who it waits on)."""
    raise NotImplementedError


def sealing(state: GameState) -> bool:
    """Whether a fight waits on sealed choices (R-WA-CARD-2: no Wild Warp then)."""
    return state.combat is not None and state.combat.step == "seal"
