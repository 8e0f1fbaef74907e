"""The engine's entry points: set up a game, and apply one command to a state.

``apply(state, command)`` returns :class:`Accepted` (the new state and the events that made
it) or :class:`Rejected` (a code and a message for the player). The input state is never
changed, and a rejected command leaves nothing behind.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.warpwar import battles, building, ends, movement, turns
from engine.warpwar.commands import (
    BuildShip,
    ChooseEnd,
    CloseRound,
    Command,
    Concede,
    EndPhase,
    LoadHold,
    Move,
    OrderBattles,
    PayForBase,
    Rearrange,
    Repair,
    Resupply,
    Scrap,
    SetDamagePriority,
    SetStandingOrders,
    SplitStartingBP,
    SubmitOrders,
    UnloadHold,
)
from engine.warpwar.events import Event, GameCreated
from engine.warpwar.rulesets import scenario as find_scenario
from engine.warpwar.starmap import HexMap
from engine.warpwar.state import GameOptions, GameState, Phase, PlayerState
from engine.warpwar.tx import Refusal, Tx


@dataclass(frozen=True)
class Accepted:
    state: GameState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Rejected:
    code: str
    message: str


Result = Accepted | Rejected


def _concede(tx: Tx, cmd: Concede) -> None:
    """A player may concede mid-battle: battles left with one side end (R-WIN-4); or before the
    ends are settled (R-SCEN-17)."""
    if tx.state.phase is Phase.SETUP:
        ends.concede(tx, cmd)
        return
    turns.concede(tx, cmd)
    battles.settle_battles(tx)


def _end_phase(tx: Tx, cmd: EndPhase) -> None:
    """The set-up phase ends only by the choice of an end, or its deadline (R-SCEN-16)."""
    if tx.state.phase is Phase.SETUP:
        ends.lapse(tx, cmd)
    else:
        turns.end_phase(tx, cmd)


_HANDLERS: dict[type[Any], Callable[[Tx, Any], None]] = {
    ChooseEnd: ends.choose_end,
    BuildShip: building.build_ship,
    Repair: building.repair,
    Resupply: building.resupply,
    Scrap: building.scrap,
    PayForBase: building.pay_for_base,
    LoadHold: building.load_hold,
    UnloadHold: building.unload_hold,
    SplitStartingBP: building.split_starting_bp,
    Move: movement.move,
    Rearrange: movement.rearrange,
    EndPhase: _end_phase,
    OrderBattles: battles.order_battles,
    SubmitOrders: battles.submit_orders,
    CloseRound: battles.close_round,
    SetStandingOrders: battles.set_standing_orders,
    SetDamagePriority: battles.set_damage_priority,
    Concede: _concede,
}


def apply(state: GameState, command: Command) -> Result:
    """Validate ``command`` in full against ``state`` and apply it, or say why not."""
    tx = Tx(state)
    try:
        _HANDLERS[type(command)](tx, command)
    except Refusal as refusal:
        return Rejected(refusal.code, refusal.message)
    return Accepted(tx.state, tuple(tx.events))


@dataclass(frozen=True)
class PlayerSetup:
    name: str
    home: str | None = None
    """Map end to defend, fixed by the game's creator (R-SCEN-1); None: drawn at set-up, and
    chosen by the player moving second for themselves (R-SCEN-2, R-SCEN-15)."""
    alliance: str | None = None


@dataclass(frozen=True)
class GameSetup:
    ruleset: str
    scenario: str
    map: HexMap
    players: tuple[PlayerSetup, ...]
    fixed_order: bool = False
    """Keep ``players`` in the given turn order instead of drawing it (R-TURN-1)."""
    options: GameOptions = field(default_factory=GameOptions)


def new_game(setup: GameSetup, rng: random.Random) -> Accepted | Rejected:
    """Set a game up, drawing turn order and ends with ``rng``; then the player moving second
    chooses their end (engine.warpwar.ends), or the first player-turn begins at once when there
    is nothing to choose."""
    try:
        return Accepted(*_new_game(setup, rng))
    except Refusal as refusal:
        return Rejected(refusal.code, refusal.message)


def _new_game(setup: GameSetup, rng: random.Random) -> tuple[GameState, tuple[Event, ...]]:
    try:
        scenario = find_scenario(setup.ruleset, setup.scenario)
    except ValueError as unknown:
        raise Refusal("unknown-scenario", str(unknown)) from None
    rules = scenario.ruleset
    names = [p.name for p in setup.players]
    if not rules.min_players <= len(names) <= min(rules.max_players, len(setup.map.homes)):
        most = min(rules.max_players, len(setup.map.homes))
        raise Refusal(
            "player-count",
            f"The {rules.name.value} {scenario.key} scenario on this map takes "
            f"{rules.min_players} to {most} players, not {len(names)}.",
        )
    if len(set(names)) != len(names) or any(not n or ":" in n for n in names):
        raise Refusal("bad-names", "Players need distinct names without ':'.")
    order = list(setup.players)
    if not setup.fixed_order:
        rng.shuffle(order)
    fixed, drawn = _draw_ends(setup.map, order, rng)
    players = tuple(
        PlayerState(
            name=p.name,
            home=fixed.get(p.name),
            alliance=p.alliance if rules.name.value == "revised" else None,
        )
        for p in order
    )
    start = GameState(
        ruleset=rules.name,
        scenario_key=scenario.key,
        map=setup.map,
        players=players,
        phase=Phase.SETUP,
        turn_serial=0,
        options=setup.options,
        ends_drawn=drawn,
    )
    tx = Tx(start)
    tx.emit(GameCreated(start))
    ends.begin(tx)
    return tx.state, tuple(tx.events)


def _draw_ends(
    hex_map: HexMap, order: list[PlayerSetup], rng: random.Random
) -> tuple[dict[str, str], dict[str, str]]:
    """The ends the creator fixed, and one drawn at random for each other player (R-SCEN-1):
    the draw stands unless the player moving second chooses (R-SCEN-15)."""
    ends = [h.end for h in hex_map.homes]
    fixed: dict[str, str] = {}
    for p in order:
        if p.home is not None:
            if p.home not in ends or p.home in fixed.values():
                raise Refusal("bad-home", f"{p.home} is not a free map end; choose from {', '.join(ends)}.")
            fixed[p.name] = p.home
    free = [e for e in ends if e not in fixed.values()]
    rng.shuffle(free)
    return fixed, {p.name: free.pop() for p in order if p.name not in fixed}
