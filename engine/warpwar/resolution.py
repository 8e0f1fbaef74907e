"""Resolving one combat round at one star: orders in, a :class:`RoundReport` out.

All fire is simultaneous (R-CBT-15): every weapon is read on the CRT against the orders as
revealed, then each ship's hits are summed, its screen absorbs once (R-CBT-7), and the rest
are taken by damage priority (R-DMG-*). Escapes, pick-ups and drops follow (R-CBT-8/9). The
function is pure; ``engine.warpwar.battles`` turns the report into events.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from engine.records import replace
from engine.warpwar.crt import Outcome, Tactic, read_crt
from engine.warpwar.damage import take_hits
from engine.warpwar.ecm import MISSILE_DAMAGE, Defence, Incoming, plan_ecm
from engine.warpwar.order_checks import combatants, resolve_target
from engine.warpwar.orders import DamageStep, Orders, full_priority
from engine.warpwar.report import RoundReport, ShipResult, Shot, Weapon
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import Ship, record, ship_key
from engine.warpwar.state import GameState


@dataclass(frozen=True)
class _Fire:
    """A weapon before the CRT is read: who fires what at whom."""

    weapon: Weapon
    shooter: Ship
    target: Ship
    strength: int
    drive: int


def escape_hex(state: GameState, star: str, retreat_to: str | None) -> str:
    """Where a ship goes on escaping or withdrawing: the hex its orders name, else the first
    on the map clockwise from north (R-CBT-8)."""
    return retreat_to or state.map.neighbours(star)[0]


def damage_priority(state: GameState, ship: Ship, orders: Orders) -> tuple[DamageStep, ...]:
    """This round's override, then the ship's standing priority, then the default (R-DMG-2)."""
    return full_priority((*orders.damage, *state.priorities.get(ship.key, ())))


def _weapons(state: GameState, star: str, ships: list[Ship], orders: dict[str, Orders]) -> list[_Fire]:
    fire: list[_Fire] = []
    for ship in ships:
        o = orders[ship.key]

        def target(ref: str, ship: Ship = ship) -> Ship:
            return resolve_target(state, star, ship.owner, ref)

        if o.beam > 0 and o.target is not None:
            fire.append(_Fire(Weapon.BEAM, ship, target(o.target), o.beam, o.drive))
        for burst in o.shots:
            ref = o.cannon_target(burst)
            assert ref is not None, "orders were checked"
            fire.append(_Fire(Weapon.CANNON, ship, target(ref), burst.shells, o.drive))
        for missile in o.missiles:
            fire.append(_Fire(Weapon.MISSILE, ship, target(missile.target), MISSILE_DAMAGE, missile.drive))
    return fire


def _shot(fire: _Fire, tactic: Tactic, drive: int, target: Orders) -> Shot:
    reading = read_crt(tactic, drive - target.drive, target.tactic)
    outcome = reading.outcome
    hits = fire.strength + fire.shooter.tl + outcome.bonus if outcome.hits else 0
    return Shot(
        weapon=fire.weapon,
        shooter=fire.shooter.key,
        target=fire.target.key,
        strength=fire.strength,
        tactic=tactic,
        drive=drive,
        target_drive=target.drive,
        row=reading.row.label,
        column=target.tactic,
        outcome=outcome,
        hits=hits,
    )


def _absorb(ship: Ship, o: Orders) -> int:
    """R-CBT-7: screen power + TL, once per round; an unpowered screen absorbs nothing."""
    return o.screen + ship.tl if o.screen > 0 else 0


def _fire_all(state: GameState, star: str, ships: list[Ship], orders: dict[str, Orders]) -> list[Shot]:
    """Read the CRT for every weapon; missiles meet their target's ECM first (R-ECM-1/2)."""
    fire = _weapons(state, star, ships, orders)
    shots: list[Shot | None] = [None] * len(fire)
    direct: dict[str, int] = defaultdict(int)
    for i, f in enumerate(fire):
        if f.weapon is not Weapon.MISSILE:
            shot = _shot(f, orders[f.shooter.key].tactic, f.drive, orders[f.target.key])
            shots[i] = shot
            direct[f.target.key] += shot.hits
    incoming: dict[str, list[int]] = defaultdict(list)
    for i, f in enumerate(fire):
        if f.weapon is Weapon.MISSILE:
            incoming[f.target.key].append(i)
    for key, indices in incoming.items():
        target, o = fire[indices[0]].target, orders[key]
        defence = Defence(o.ecm, target.tl, o.drive, o.tactic, direct[key], _absorb(target, o))
        uses = plan_ecm(defence, [Incoming(fire[i].shooter.tl, fire[i].drive) for i in indices])
        for i, use in zip(indices, uses, strict=True):
            shot = _shot(fire[i], Tactic.ATTACK, use.drive_after, o)
            shots[i] = replace(shot, ecm=use) if use.points else shot
    return [s for s in shots if s is not None]


def _escaped(ship: Ship, o: Orders, aimed: list[Shot]) -> bool:
    """R-CBT-8: Retreat escapes when every enemy ship's beam or cannon at it (``aimed``: the
    shots at it) read "Escapes"."""
    if o.tactic is not Tactic.RETREAT or not ship.is_warpship:
        return False
    return all(s.outcome is Outcome.ESCAPES for s in aimed if s.weapon is not Weapon.MISSILE)


def _after_firing(ship: Ship, o: Orders) -> Ship:
    """R-CBT-15: missiles and shells fired leave the stock before damage is taken."""
    changes: dict[Attr, int] = {}
    if o.missiles:
        changes[Attr.M] = ship.now(Attr.M) - len(o.missiles)
    if o.shots:
        changes[Attr.SH] = ship.now(Attr.SH) - o.shells
    racks = tuple(label for label in ship.carrying if label not in o.drop)
    armed = ship.with_current(changes) if changes else ship
    return replace(armed, carrying=racks) if racks != ship.carrying else armed


def _result(state: GameState, star: str, ship: Ship, o: Orders, aimed: list[Shot]) -> ShipResult:
    """Sum the hits on one ship (``aimed``: the shots at it), take them, and carry out its
    escape, pick-ups and drops."""
    received = sum(s.hits for s in aimed)
    absorbed = min(received, _absorb(ship, o))
    effective = received - absorbed
    armed = _after_firing(ship, o)
    damage = take_hits(armed, effective, damage_priority(state, ship, o))
    if damage.destroyed:
        # R-DMG-4: what it carries goes with it; what it dropped this round stays (R-CBT-9).
        return ShipResult(
            ship=ship.key,
            received=received,
            absorbed=absorbed,
            effective=effective,
            destroyed=True,
            dropped=o.drop,
            taken=damage.taken,
            cargo_lost=ship.cargo,
            lost=armed.carrying,
        )
    # R-DMG-3: racks fewer than Systemships drop the last loaded; pick-ups need a free rack.
    kept = armed.carrying[: len(armed.carrying) - damage.systemships_dropped]
    room = damage.current.get(Attr.SR, 0) - len(kept)
    return ShipResult(
        ship=ship.key,
        received=received,
        absorbed=absorbed,
        effective=effective,
        escaped_to=escape_hex(state, star, o.retreat_to) if _escaped(ship, o, aimed) else None,
        dropped=(*o.drop, *armed.carrying[len(kept) :]),
        picked_up=o.pick_up[: max(room, 0)],
        taken=damage.taken,
        after=damage.current,
        record=record(replace(ship, current=damage.current)),
        cargo_lost=ship.cargo - damage.cargo,
    )


def _not_picking_up(result: ShipResult, destroyed: set[str]) -> ShipResult:
    """The result without the pick-ups of Systemships destroyed this round."""
    kept = tuple(x for x in result.picked_up if ship_key(result.owner, x) not in destroyed)
    return replace(result, picked_up=kept) if kept != result.picked_up else result


def resolve_round(
    state: GameState, star: str, orders: dict[str, Orders], round_number: int, quiet_before: int
) -> RoundReport:
    """Resolve one round at ``star`` with complete, checked ``orders`` (by ship key)."""
    ships = combatants(state, star)
    shots = _fire_all(state, star, ships, orders)
    aimed: dict[str, list[Shot]] = defaultdict(list)
    for shot in shots:
        aimed[shot.target].append(shot)
    results = [_result(state, star, ship, orders[ship.key], aimed[ship.key]) for ship in ships]
    # A Systemship destroyed this round is not picked up (a destroyed carrier picks up nothing).
    destroyed = {r.ship for r in results if r.destroyed}
    results = [_not_picking_up(r, destroyed) if r.picked_up and destroyed else r for r in results]
    quiet = 0 if any(r.effective > 0 for r in results) else quiet_before + 1
    return RoundReport(
        star=star,
        round=round_number,
        orders={ship.key: orders[ship.key] for ship in ships},
        shots=tuple(shots),
        ships=tuple(results),
        quiet=quiet,
    )
