"""Which deadlines a Warp Arena game has at a moment, and what happens when one passes.

The engine says who the game waits on and for what (engine.warparena.views.waiting_on); each
kind of decision gets one deadline, as long as its setting says (gm.warparena.settings), and a
reminder before it when it is counted in hours. When one passes the game master sends
``DeadlinePassed``: every decision the game waits on then takes its default.

A deadline is named by what it waits for, so it keeps its time while the game waits for the
same thing. The active player's phase is named by turn and player: the actions inside it, and
the windows and fights they open, do not restart it (its deadline stays while they are
decided; passing first, it decides them and then ends the phase). A decision all its players
make at once (a reaction window, sealed fight cards) is named by the moment it opened, not by
who has answered yet, so one player's answer never gives the others more time; any other
decision by its moment and the player who owes it (R-WA-X-40).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import timedelta

from engine.warparena.commands import DeadlinePassed
from engine.warparena.dice import Dice
from engine.warparena.game import Accepted, apply
from engine.warparena.state import GameState, Stage
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision, Waiting
from gm.kinds import Wanted
from gm.warparena.settings import ArenaSettings

DECISION = "decision"
REMIND = "remind"
TOGETHER = frozenset({Decision.WINDOW, Decision.SEAL_CARD})
"""Decisions every player asked makes at the same time."""


def wanted(state: GameState, settings: ArenaSettings) -> list[Wanted]:
    """One deadline per kind of decision the game waits on, and their reminders."""
    if state.stage is Stage.OVER:
        return []
    waits = waiting_on(state)
    found = []
    decisions = dict.fromkeys(w.decision for w in waits)
    if state.stage is Stage.PLAYING and state.active is not None:
        decisions[Decision.PHASE] = None  # the phase's time runs on under its windows and fights
    for decision in decisions:
        players = [w.player for w in waits if w.decision is decision] or [str(state.active)]
        key = f"{DECISION}:{state.turn}:{decision.value}:{moment(state, decision, players)}"
        payload = {"decision": decision.value, "players": ",".join(players)}
        found.append(Wanted(key, DECISION, settings.time_for(decision), payload))
    remind = timedelta(hours=settings.remind_hours)
    reminders = [
        Wanted(f"{REMIND}:{w.key}", REMIND, w.after - remind, {**w.payload, "for": w.key})
        for w in found
        if w.payload["decision"] != Decision.WINDOW.value and remind < w.after
    ]
    return [*found, *reminders]


def moment(state: GameState, decision: Decision, players: Sequence[str]) -> str:
    """What tells this wait from the next one of the same kind (see the module docstring)."""
    if decision is Decision.PHASE:
        return f"{state.active}"
    parts: list[object] = [state.rolls, state.active, state.ap_left, len(state.discards)]
    if state.window is not None:
        parts += [state.window.subject.describe(), len(state.window.chain)]
    if state.combat is not None:
        parts += [state.combat.hex, state.combat.round, state.combat.step, len(state.combat.queue)]
    if state.pending is not None:
        parts += [state.pending.kind, state.pending.player]
    if decision not in TOGETHER:
        parts += list(players)
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:12]


def on_deadline(state: GameState, kind: str, dice: Dice) -> Accepted | None:
    """A passed decision deadline: whatever the game waits on takes its default."""
    if kind != DECISION or state.stage is Stage.OVER:
        return None
    result = apply(state, DeadlinePassed("the deadline passed"), dice)
    return result if isinstance(result, Accepted) and result.events else None


def still_to_decide(state: GameState, payload: dict[str, str]) -> list[Waiting]:
    """Who a reminder is for: those still owing the decision it reminds of."""
    decision = payload.get("decision")
    return [w for w in waiting_on(state) if w.decision.value == decision]
