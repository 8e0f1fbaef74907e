"""The movement event (R-MOVE-*), the free Systemship rearrangement, and route finding."""

from __future__ import annotations

import heapq
from dataclasses import dataclass

from engine.text import plural
from engine.warpwar.checks import own_ship, require_turn
from engine.warpwar.commands import Drop, Go, Move, PickUp, Rearrange
from engine.warpwar.events import Event, ShipMoved, StarTaken, SystemshipDropped, SystemshipPickedUp
from engine.warpwar.rulesets import Attr, RuleSetName
from engine.warpwar.ships import Ship
from engine.warpwar.state import GameState, Phase
from engine.warpwar.tx import Refusal, Tx

MAX_STEPS = 200
"""Longer move orders are refused outright: no ship has that many movement points."""


def movement_points(state: GameState, ship: Ship) -> int:
    """A Warpship's movement points this turn: all of them, before any are spent."""
    return state.scenario.ruleset.movement_points(ship.now(Attr.PD))


def mp_left(state: GameState, ship: Ship) -> int:
    return movement_points(state, ship) - state.turn.mp_used.get(ship.label, 0)


def forbidden_first_turn(state: GameState, player: str) -> frozenset[str]:
    """Enemy base stars, which no ship may enter in game-turn 1 (R-TURN-3)."""
    if state.game_turn != 1:
        return frozenset()
    return frozenset(
        state.map.star(b.star).hex for b in state.bases.values() if not state.allied(player, b.owner)
    )


def _must_stop(state: GameState, player: str, hex_name: str) -> bool:
    return state.map.is_star(hex_name) and bool(state.enemies_at(player, hex_name))


def _step_target(state: GameState, here: str, place: str) -> str:
    """The hex a Go step leads to, or a refusal naming the fault."""
    target = state.map.resolve(place)
    if target is None:
        raise Refusal("unknown-place", state.map.no_such(place, "hex or star"))
    if target in state.map.neighbours(here) or target in state.map.warp_destinations(here):
        return target
    if state.map.is_star(target) and state.map.is_star(here):
        reason = f"no warpline joins {state.map.label(here)} and {state.map.label(target)}"
    else:
        reason = "warplines run only from star to star"
    raise Refusal(
        "not-adjacent", f"{state.map.label(target)} is not next to {state.map.label(here)}, and {reason}."
    )


def plan_move(state: GameState, cmd: Move) -> list[Event]:
    """Check a whole move order and return its events; refuse without moving anything (R-MOVE-6)."""
    require_turn(state, cmd.player, Phase.MOVE)
    ship = own_ship(state, cmd.player, cmd.ship)
    if not ship.is_warpship:
        raise Refusal("systemship", f"{ship.label} is a Systemship: it moves only when carried.")
    if ship.now(Attr.PD) == 0:
        raise Refusal("no-power", f"{ship.label} has PD 0 and cannot move.")
    if not cmd.steps:
        raise Refusal("nothing-to-do", f"Say where {ship.label} should go.")
    if len(cmd.steps) > MAX_STEPS:
        raise Refusal("too-long", f"A move order has at most {MAX_STEPS} steps.")
    budget = mp_left(state, ship)
    forbidden = forbidden_first_turn(state, cmd.player)
    stopped = ship.label in state.turn.stopped
    here = state.position(ship)
    carrying = list(ship.carrying)
    racks = ship.now(Attr.SR)
    events: list[Event] = []
    path: list[str] = []
    cost = 0

    def flush() -> None:
        nonlocal path, cost
        if path:
            events.append(ShipMoved(cmd.player, ship.label, tuple(path), cost, stopped=stopped))
            path, cost = [], 0

    spent = 0
    for step in cmd.steps:
        spent += 1
        if isinstance(step, Go):
            if stopped:
                raise Refusal(
                    "must-stop",
                    f"{ship.label} had to stop at {state.map.label(here)}: enemy ships are there.",
                )
            target = _step_target(state, here, step.place)
            if target in forbidden:
                raise Refusal(
                    "first-turn",
                    f"No ship may enter an enemy base star in the first turn ({state.map.label(target)}).",
                )
            here = target
            path.append(here)
            cost += 1
            stopped = _must_stop(state, cmd.player, here)
            events.extend(take_star(state, cmd.player, here))
        elif isinstance(step, PickUp):
            flush()
            carried = _systemship_here(state, cmd.player, step.systemship, here)
            if len(carrying) >= racks:
                raise Refusal("racks-full", f"{ship.label} has no free Systemship Rack for {carried.label}.")
            carrying.append(carried.label)
            events.append(SystemshipPickedUp(cmd.player, ship.label, carried.label, 1))
        elif isinstance(step, Drop):
            flush()
            label = step.systemship.strip().upper()
            if label not in carrying:
                raise Refusal("not-carried", f"{ship.label} does not carry {step.systemship}.")
            if not state.map.is_star(here):
                raise Refusal(
                    "drop-in-space",
                    f"Systemships may be dropped only at a star, not in space at {here}.",
                )
            carrying.remove(label)
            events.append(SystemshipDropped(cmd.player, ship.label, label, here, 1))
    flush()
    if spent > budget:
        raise Refusal(
            "too-far", f"{ship.label} has {plural(budget, 'movement point')} left; that move needs {spent}."
        )
    return events


def take_star(state: GameState, player: str, hex_name: str) -> list[Event]:
    """Entering or passing an empty star takes it (revised, R-ECON-3)."""
    star = state.map.star_at(hex_name)
    if star is None or state.ruleset is not RuleSetName.REVISED:
        return []
    base = state.bases.get(star.name)
    if state.others_at(player, hex_name) or (base is not None and base.owner != player):
        return []
    owned = state.owners.get(star.name)
    if base is not None or (owned is not None and owned.player == player):
        return []
    return [StarTaken(star=star.name, player=player, serial=state.turn_serial)]


def _systemship_here(state: GameState, player: str, label: str, hex_name: str) -> Ship:
    carried = own_ship(state, player, label)
    if carried.is_warpship:
        raise Refusal("not-systemship", f"{carried.label} is a Warpship; racks carry Systemships only.")
    if carried.carried_by is not None:
        raise Refusal("already-carried", f"{carried.label} is already carried by {carried.carried_by}.")
    if carried.hex != hex_name:
        raise Refusal(
            "not-here",
            f"{carried.label} is at {state.map.label(str(carried.hex))}, not at {state.map.label(hex_name)}.",
        )
    return carried


def move(tx: Tx, cmd: Move) -> None:
    for event in plan_move(tx.state, cmd):
        tx.emit(event)


def rearrange(tx: Tx, cmd: Rearrange) -> None:
    """The free pick-up and drop of Systemships after combat (R-TURN-2), costing no MP."""
    state = tx.state
    require_turn(state, cmd.player, Phase.REARRANGE)
    carrier = own_ship(state, cmd.player, cmd.carrier)
    if not carrier.is_warpship:
        raise Refusal("not-warpship", f"{carrier.label} is a Systemship and cannot carry others.")
    here = state.position(carrier)
    if cmd.drop:
        label = cmd.systemship.strip().upper()
        if label not in carrier.carrying:
            raise Refusal("not-carried", f"{carrier.label} does not carry {cmd.systemship}.")
        if not state.map.is_star(here):
            raise Refusal("drop-in-space", f"Systemships may be dropped only at a star, not at {here}.")
        tx.emit(SystemshipDropped(cmd.player, carrier.label, label, here, 0))
        return
    carried = _systemship_here(state, cmd.player, cmd.systemship, here)
    if carrier.free_racks <= 0:
        raise Refusal("racks-full", f"{carrier.label} has no free Systemship Rack for {carried.label}.")
    tx.emit(SystemshipPickedUp(cmd.player, carrier.label, carried.label, 0))


def cheapest_path(
    state: GameState, player: str, start: str, goal: str, *, heed_enemies: bool = True
) -> list[str] | None:
    """The hexes of a cheapest legal route from ``start`` to ``goal`` (start excluded), or None.

    Each hex step and each warpline jump costs 1 MP (R-MOVE-1). The route may end on, but not
    pass through, a star with enemy ships (R-MOVE-3), and avoids enemy base stars in
    game-turn 1 (R-TURN-3). Ties go to the route found first in clockwise order, so the
    answer is deterministic. With ``heed_enemies`` False both limits are ignored: the direct
    route, which :func:`detour` compares with the legal one.
    """
    forbidden = forbidden_first_turn(state, player) if heed_enemies else frozenset()
    if goal in forbidden:
        return None
    if goal == start:
        return []
    best: dict[str, int] = {start: 0}
    came_from: dict[str, str] = {}
    queue: list[tuple[int, int, str]] = [(0, 0, start)]
    counter = 0
    while queue:
        cost, _, here = heapq.heappop(queue)
        if here == goal:
            route = [here]
            while route[-1] in came_from and came_from[route[-1]] != start:
                route.append(came_from[route[-1]])
            return list(reversed(route))
        if cost > best.get(here, cost) or (
            heed_enemies and here != start and _must_stop(state, player, here)
        ):
            continue
        steps = (*state.map.neighbours(here), *sorted(state.map.warp_destinations(here)))
        for nxt in steps:
            if nxt in forbidden or cost + 1 >= best.get(nxt, cost + 2):
                continue
            best[nxt] = cost + 1
            came_from[nxt] = here
            counter += 1
            heapq.heappush(queue, (cost + 1, counter, nxt))
    return None


@dataclass(frozen=True)
class Detour:
    """Why the cheapest legal route is longer than the direct one, in what the mover can see:
    stars with enemy ships (R-MOVE-3) and enemy base stars in game-turn 1 (R-TURN-3)."""

    blocked: str
    """The first hex of the direct route the ship may not pass."""
    direct: int
    """MP of the direct route."""
    around: int | None
    """MP of the cheapest legal route; None when there is none."""
    first_turn: bool
    """True when ``blocked`` is an enemy base star closed in game-turn 1, False when enemy
    ships are there."""


def detour(state: GameState, player: str, start: str, goal: str) -> Detour | None:
    """Why going from ``start`` to ``goal`` costs more than the direct route, or None when the
    cheapest legal route is as short as any."""
    direct = cheapest_path(state, player, start, goal, heed_enemies=False)
    legal = cheapest_path(state, player, start, goal)
    if direct is None or (legal is not None and len(legal) <= len(direct)):
        return None
    forbidden = forbidden_first_turn(state, player)
    around = None if legal is None else len(legal)
    for hex_name in direct:
        if hex_name in forbidden:
            return Detour(hex_name, len(direct), around, first_turn=True)
        if hex_name != goal and _must_stop(state, player, hex_name):
            return Detour(hex_name, len(direct), around, first_turn=False)
    return None
