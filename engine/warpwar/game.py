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

from engine.warpwar import battles, building, movement, turns
from engine.warpwar.commands import (
    BuildShip,
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
from engine.warpwar.state import Base, GameOptions, GameState, Ownership, PlayerState
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
    """A player may concede mid-battle: battles left with one side end (R-WIN-4)."""
    turns.concede(tx, cmd)
    battles.settle_battles(tx)


_HANDLERS: dict[type[Any], Callable[[Tx, Any], None]] = {
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
    EndPhase: turns.end_phase,
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
    """Map end to defend; None lets the setup choose (R-SCEN-2: at random by default)."""
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
    """Set a game up and begin the first player-turn, drawing order and ends with ``rng``."""
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
    homes = _assign_homes(setup.map, order, rng)
    players = tuple(
        PlayerState(
            name=p.name, home=homes[p.name], alliance=p.alliance if rules.name.value == "revised" else None
        )
        for p in order
    )
    bases: dict[str, Base] = {}
    owners: dict[str, Ownership] = {}
    for p in players:
        home = setup.map.home(p.home)
        stars = (home.middle,) if scenario.middle_base_only else home.bases
        for star in stars:
            bases[star] = Base(star=star, owner=p.name)
            owners[star] = Ownership(player=p.name, since=0)
    start = GameState(
        ruleset=rules.name,
        scenario_key=scenario.key,
        map=setup.map,
        players=players,
        bases=bases,
        owners=owners,
        options=setup.options,
    )
    tx = Tx(start)
    tx.emit(GameCreated(start))
    turns.begin_turn(tx, players[0].name, 1, 1)
    return tx.state, tuple(tx.events)


def _assign_homes(hex_map: HexMap, order: list[PlayerSetup], rng: random.Random) -> dict[str, str]:
    """Give each player a map end: chosen ones first, the rest at random (R-SCEN-1/2)."""
    ends = [h.end for h in hex_map.homes]
    homes: dict[str, str] = {}
    for p in order:
        if p.home is not None:
            if p.home not in ends or p.home in homes.values():
                raise Refusal("bad-home", f"{p.home} is not a free map end; choose from {', '.join(ends)}.")
            homes[p.name] = p.home
    free = [e for e in ends if e not in homes.values()]
    rng.shuffle(free)
    for p in order:
        if p.name not in homes:
            homes[p.name] = free.pop()
    return homes
