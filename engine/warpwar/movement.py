"""The movement event (R-MOVE-*), the free Systemship rearrangement, and route finding."""

from __future__ import annotations

import heapq
from collections.abc import Callable
from dataclasses import dataclass

from engine.text import plural
from engine.warpwar.checks import own_ship, require_turn
from engine.warpwar.commands import Drop, Go, Move, PickUp, Rearrange, Step
from engine.warpwar.events import (
    Event,
    MoveHalted,
    ShipMoved,
    StarTaken,
    SystemshipDropped,
    SystemshipPickedUp,
)
from engine.warpwar.hexgrid import is_hex_id, neighbour_ids
from engine.warpwar.rulesets import Attr, RuleSetName
from engine.warpwar.ships import Ship
from engine.warpwar.state import GameState, Phase
from engine.warpwar.tx import Refusal, Tx
from engine.warpwar.view import no_such, view_for

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


class _Halt(Exception):  # noqa: N818 - not an error: a move stopped short
    """A blind game's move stops short of a step for something its player could not see."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class _Sight:
    """What the moving player knows as they give the order (R-BLIND-6): the state as they see
    it (engine.warpwar.view), which is the state itself in an open game."""

    state: GameState
    player: str
    view: GameState

    @property
    def map_known(self) -> bool:
        return self.view.map is self.state.map

    def label(self, hex_name: str) -> str:
        """A hex as the player names it: a star they know by its name, else its number."""
        return self.view.map.label(hex_name) if self.knows(hex_name) else hex_name

    def knows(self, hex_name: str) -> bool:
        return hex_name in self.view.map.hex_set

    def halt_or_refuse(self, known: bool, code: str, refusal: str, reason: str) -> _Halt:
        """A refusal when the player could know the fault, else the halt that stops the move."""
        if known:
            raise Refusal(code, refusal)
        return _Halt(reason)


def _step_target(sight: _Sight, here: str, place: str) -> str:
    """The hex a Go step leads to, a refusal naming a fault the player can know, or a halt
    (:class:`_Halt`, raised) for one they cannot (R-BLIND-6)."""
    state, known = sight.state, sight.view.map
    typed = place.strip()
    target = known.resolve(typed) or (typed if is_hex_id(typed) else None)
    if target is None or (target not in state.map.hex_set and sight.map_known):
        raise Refusal("unknown-place", no_such(sight.view, place, "hex or star"))
    if target in state.map.neighbours(here) or target in state.map.warp_destinations(here):
        return target
    if target not in state.map.hex_set and target in neighbour_ids(here):
        raise _Halt(f"{target} is beyond the edge of the map")
    where = state.map.label(here)  # the ship is there: the player knows it now, if not before
    if known.is_star(target) and state.map.is_star(here):
        reason = f"no warpline joins {where} and {sight.label(target)}"
    elif state.map.is_star(here):
        reason = f"no warpline leads from {where} to {sight.label(target)}"
    else:
        reason = "warplines run only from star to star"
    refusal = f"{sight.label(target)} is not next to {where}, and {reason}."
    raise sight.halt_or_refuse(sight.knows(here), "not-adjacent", refusal, reason)


def plan_move(state: GameState, cmd: Move) -> list[Event]:
    """Check a whole move order and return its events; refuse without moving anything (R-MOVE-6).

    In a blind game what the player cannot see never refuses the order: the ship goes as far
    as the rules let it, and a :class:`MoveHalted` event says why it stopped there (R-BLIND-6)."""
    require_turn(state, cmd.player, Phase.MOVE)
    ship = own_ship(state, cmd.player, cmd.ship)
    if not ship.is_warpship:
        raise Refusal("systemship", f"{ship.label} is a Systemship: it moves only when carried.")
    if ship.now(Attr.PD) == 0:
        raise Refusal("no-power", f"{ship.label} has PD 0 and cannot move.")
    if not cmd.steps:
        raise Refusal("nothing-to-do", f"Say where {ship.label} should go.")
    if len(cmd.steps) + len(cmd.drop) > MAX_STEPS:
        raise Refusal("too-long", f"A move order has at most {MAX_STEPS} steps.")
    drops = _dropped_on_arrival(ship, cmd)
    sight = _Sight(state, cmd.player, view_for(state, cmd.player))
    walk = _Walk(state, sight, cmd.player, ship)
    try:
        for step in cmd.steps:
            walk.step(step)
        walk.arrive(drops)
    except _Halt as halt:
        walk.halt(halt.reason)
    spent = len(cmd.steps) + len(drops)
    budget = mp_left(state, ship)
    if spent > budget:
        raise Refusal(
            "too-far", f"{ship.label} has {plural(budget, 'movement point')} left; that move needs {spent}."
        )
    return walk.events


def _dropped_on_arrival(ship: Ship, cmd: Move) -> tuple[str, ...]:
    """The Systemships to drop on arrival (R-BLIND-5), each aboard when the steps end."""
    aboard = list(ship.carrying)
    for step in cmd.steps:
        if isinstance(step, PickUp):
            aboard.append(step.systemship.strip().upper())
        elif isinstance(step, Drop) and step.systemship.strip().upper() in aboard:
            aboard.remove(step.systemship.strip().upper())
    labels = tuple(label.strip().upper() for label in cmd.drop)
    for label, typed in zip(labels, cmd.drop, strict=True):
        if label not in aboard or labels.count(label) > 1:
            raise Refusal("not-carried", f"{ship.label} will not carry {typed} when it arrives.")
    return labels


class _Walk:
    """A move order carried out step by step over the state as it was when it was given."""

    def __init__(self, state: GameState, sight: _Sight, player: str, ship: Ship) -> None:
        self.state, self.sight, self.player, self.ship = state, sight, player, ship
        self.forbidden = forbidden_first_turn(state, player)
        self.stopped = ship.label in state.turn.stopped
        self.here = state.position(ship)
        self.carrying = list(ship.carrying)
        self.events: list[Event] = []
        self.path: list[str] = []
        self.taken: list[Event] = []
        self.cost = 0

    def flush(self) -> None:
        """The hexes entered so far as one ShipMoved, then the stars they took (R-ECON-3)."""
        if self.path:
            label = self.ship.label
            self.events.append(
                ShipMoved(self.player, label, tuple(self.path), self.cost, stopped=self.stopped)
            )
            self.events.extend(self.taken)
            self.path, self.taken, self.cost = [], [], 0

    def halt(self, reason: str) -> None:
        self.flush()
        self.events.append(MoveHalted(self.player, self.ship.label, self.here, reason))

    def step(self, step: Step) -> None:
        if isinstance(step, Go):
            self.go(step.place)
        elif isinstance(step, PickUp):
            self.flush()
            carried = _systemship_here(self.state, self.player, step.systemship, self.here, self.sight.label)
            if len(self.carrying) >= self.ship.now(Attr.SR):
                raise Refusal(
                    "racks-full", f"{self.ship.label} has no free Systemship Rack for {carried.label}."
                )
            self.carrying.append(carried.label)
            self.events.append(SystemshipPickedUp(self.player, self.ship.label, carried.label, 1))
        else:
            label = step.systemship.strip().upper()
            if label not in self.carrying:
                raise Refusal("not-carried", f"{self.ship.label} does not carry {step.systemship}.")
            self.drop(label)

    def go(self, place: str) -> None:
        sight, state = self.sight, self.state
        if self.stopped:
            where = state.map.label(self.here)
            raise sight.halt_or_refuse(
                _must_stop(sight.view, self.player, self.here),
                "must-stop",
                f"{self.ship.label} had to stop at {where}: enemy ships are there.",
                f"it had to stop at {where}, where enemy ships are",
            )
        target = _step_target(sight, self.here, place)
        if target in self.forbidden:
            where = sight.label(target)
            raise sight.halt_or_refuse(
                target in forbidden_first_turn(sight.view, self.player),
                "first-turn",
                f"No ship may enter an enemy base star in the first turn ({where}).",
                f"{where} is an enemy Base star, which no ship may enter in the first turn",
            )
        self.here = target
        self.path.append(target)
        self.cost += 1
        self.stopped = _must_stop(state, self.player, target)
        self.taken.extend(take_star(state, self.player, target))

    def drop(self, label: str) -> None:
        """Drop a carried Systemship here: only at a star (a hex the player does not know may
        turn out to be space, R-BLIND-6)."""
        self.flush()
        if not self.state.map.is_star(self.here):
            raise self.sight.halt_or_refuse(
                self.sight.knows(self.here),
                "drop-in-space",
                f"Systemships may be dropped only at a star, not in space at {self.here}.",
                f"{self.here} is open space, where {label} could not be dropped",
            )
        self.carrying.remove(label)
        self.events.append(SystemshipDropped(self.player, self.ship.label, label, self.here, 1))

    def arrive(self, drops: tuple[str, ...]) -> None:
        """The steps are done: drop what was to be dropped on arrival (R-BLIND-5)."""
        for label in drops:
            self.drop(label)
        self.flush()


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


def _systemship_here(
    state: GameState, player: str, label: str, hex_name: str, named: Callable[[str], str] | None = None
) -> Ship:
    """The player's Systemship ``label``, waiting at ``hex_name`` to be picked up; ``named``
    says a hex as the player knows it (a blind game's move may stand on a star not yet found)."""
    named = named or state.map.label
    carried = own_ship(state, player, label)
    if carried.is_warpship:
        raise Refusal("not-systemship", f"{carried.label} is a Warpship; racks carry Systemships only.")
    if carried.carried_by is not None:
        raise Refusal("already-carried", f"{carried.label} is already carried by {carried.carried_by}.")
    if carried.hex != hex_name:
        raise Refusal(
            "not-here",
            f"{carried.label} is at {named(str(carried.hex))}, not at {named(hex_name)}.",
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
