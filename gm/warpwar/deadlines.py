"""Which deadlines a WarpWar game has at a moment, and what happens when one passes.

A deadline is named by what it waits for (``turn:7:move``, ``round:7:2118:2``), so the game
master can keep an existing one's time while the game waits for the same thing, drop the ones
nothing waits for any more, and add new ones: deadlines are derived from the state, never
kept in step by hand. Each has a reminder before it for those who still must act.
"""

from __future__ import annotations

from datetime import timedelta

from engine.warpwar import Accepted, Event, apply
from engine.warpwar.commands import CloseRound, EndPhase
from engine.warpwar.state import GameState, Phase
from gm.kinds import Wanted
from gm.warpwar.settings import Settings
from gm.warpwar.story import fighting


def wanted(state: GameState, settings: Settings) -> list[Wanted]:
    """The deadlines (and their reminders) for what the game waits for now."""
    if state.result is not None:
        return []
    remind = timedelta(hours=settings.remind_hours)
    if state.phase is Phase.COMBAT:
        span = timedelta(hours=settings.round_hours)
        found = [
            Wanted(f"round:{state.turn_serial}:{b.star}:{b.round}", "round", span, {"star": b.star})
            for b in state.open_battles()
        ]
    else:
        span = timedelta(hours=settings.phase_hours)
        found = [Wanted(f"turn:{state.turn_serial}:{state.phase.value}", "phase", span, {})]
    reminders = [
        Wanted(f"remind:{w.key}", "remind", span - remind, {**w.payload, "for": w.key})
        for w in found
        if remind < span
    ]
    return [*found, *reminders]


def on_deadline(state: GameState, kind: str, payload: dict[str, str]) -> Accepted | None:
    """What a passed deadline does. The idle player's turn ends with nothing more built or moved
    (each phase ended in turn, up to any combat, which has its own deadlines); a combat round is
    fought with the orders that came (R-CBT-12); a chooser who did not choose gets the map end
    drawn for them (R-SCEN-16). None when there is nothing to do."""
    if kind == "round":
        result = apply(state, CloseRound(payload["star"]))
        return result if isinstance(result, Accepted) else None
    if kind != "phase":
        return None
    player, serial = state.active_player.name, state.turn_serial
    events: list[Event] = []
    while (
        state.result is None
        and (state.active_player.name, state.turn_serial) == (player, serial)
        and state.phase is not Phase.COMBAT
    ):
        step = apply(state, EndPhase(player, deadline_passed=True))
        if not isinstance(step, Accepted):
            break
        state, events = step.state, [*events, *step.events]
    return Accepted(state, tuple(events)) if events else None


def still_to_act(state: GameState, payload: dict[str, str]) -> list[str]:
    """Who a reminder is for: the active player, or the players in a battle who sent nothing."""
    star = payload.get("star")
    if star is None:
        return [state.active_player.name]
    battle = state.battle(star)
    return [p for p in fighting(state, star) if battle is None or not battle.sealed(p)]
