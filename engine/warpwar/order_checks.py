"""Whether combat orders are legal for a ship in a battle (R-CBT-2..4, R-CBT-9, R-CBT-16).

Every check raises a :class:`Refusal` whose message speaks of the player's own ship and
numbers ("W3 has PD 6 left; these orders need 7"), so a player can fix the order at once.
Nothing here reveals an enemy ship's attributes: a target that is not a fighting enemy ship
at the star is "no enemy ship called …", whatever the reason.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.text import plural
from engine.warpwar.crt import Tactic
from engine.warpwar.orders import MAX_SHELLS_PER_CANNON, DamageStep, Orders
from engine.warpwar.rulesets import ATTR_NAMES, Attr
from engine.warpwar.ships import Ship
from engine.warpwar.state import Blind, GameState
from engine.warpwar.tx import Refusal

MAX_STEP_HITS = 99
"""More hits than any ship can take in one slot."""
MAX_DRIVE = 99
"""Drive settings above this are typing slips; no CRT row changes past +5 anyway."""


def combatants(state: GameState, star: str) -> list[Ship]:
    """Ships that take part in a battle: those on the star, not riding in a rack (R-CBT-18)."""
    return [s for s in state.ships_at(star) if s.carried_by is None]


def _fights_at(state: GameState, star: str, ship: Ship) -> bool:
    """Whether ``ship`` is one of the :func:`combatants` at ``star``, without listing them."""
    return ship.carried_by is None and state.position(ship) == star


def resolve_target(state: GameState, star: str, player: str, ref: str) -> Ship:
    """The enemy ship at ``star`` that ``ref`` (``W1`` or ``W1@bob``) names."""
    label, _, owner = ref.strip().partition("@")
    label = label.upper()
    # Looked up by key, owner by owner (in the order of combatants: by owner), not by a search
    # of every ship at the star for each shot.
    owners = [owner] if owner else sorted(p.name for p in state.players)
    found = [
        s
        for s in (state.ship(o, label) for o in owners)
        if s is not None and _fights_at(state, star, s) and not state.allied(player, s.owner)
    ]
    if not found:
        where = state.map.label(star)
        raise Refusal("unknown-target", f"There is no enemy ship called {ref} fighting at {where}.")
    if len(found) > 1:
        options = " or ".join(f"{s.label}@{s.owner}" for s in found)
        raise Refusal(
            "ambiguous-target", f"More than one enemy ship here is called {label}: write {options}."
        )
    return found[0]


def _limit(state: GameState, ship: Ship, attr: Attr, wanted: int, what: str) -> None:
    if wanted > ship.now(attr):
        have = ship.now(attr)
        name = ATTR_NAMES[attr]
        rules = state.scenario.ruleset
        if attr not in rules.attributes:
            raise Refusal(
                "not-in-rules", f"The {rules.name.value} rules have no {name}: {ship.label} cannot {what}."
            )
        if ship.max(attr) == 0:
            raise Refusal("over-capacity", f"{ship.label} has no {name}; these orders {what}.")
        raise Refusal("over-capacity", f"{ship.label} has {attr.value} {have}; these orders {what}.")


def check_numbers(o: Orders) -> None:
    """Numbers that no ship could use: negative power, missile drive below 1, odd shell counts."""
    for name, value in (("D", o.drive), ("B", o.beam), ("S", o.screen), ("E", o.ecm), ("T", o.tubes)):
        if value < 0:
            raise Refusal("bad-number", f"{o.ship}: {name}={value} cannot be negative.")
    if o.cannons < 0:
        raise Refusal("bad-number", f"{o.ship}: C={o.cannons} cannot be negative.")
    if o.drive > MAX_DRIVE or any(m.drive > MAX_DRIVE for m in o.missiles):
        raise Refusal("bad-number", f"{o.ship}: a drive setting above {MAX_DRIVE} is surely a slip.")
    for missile in o.missiles:
        if missile.drive < 1:
            raise Refusal(
                "bad-number", f"{o.ship}: a missile's drive must be 1 or more, not {missile.drive}."
            )
    for shot in o.shots:
        if not 1 <= shot.shells <= MAX_SHELLS_PER_CANNON:
            raise Refusal(
                "bad-number", f"{o.ship}: each cannon fires 1 to 3 shells a round, not {shot.shells}."
            )
    if len(o.shots) > o.cannons:
        raise Refusal(
            "unpowered-cannon",
            f"{o.ship} fires {plural(len(o.shots), 'cannon burst')} but powers only C={o.cannons}.",
        )
    if len(set(o.pick_up)) != len(o.pick_up) or len(set(o.drop)) != len(o.drop):
        raise Refusal("repeated", f"{o.ship}: a Systemship is named twice.")
    check_priority(o.ship, o.damage)


def check_priority(ship: str, steps: tuple[DamageStep, ...]) -> None:
    """A damage priority names each slot once, with counts from 1 to 99 hits."""
    if len({step.slot for step in steps}) != len(steps):
        raise Refusal("repeated", f"{ship}: the damage priority names a slot twice.")
    for step in steps:
        if step.limit is not None and not 1 <= step.limit <= MAX_STEP_HITS:
            raise Refusal(
                "bad-number", f"{ship}: a damage step takes 1 to {MAX_STEP_HITS} hits, not {step.limit}."
            )


def check_capacity(state: GameState, ship: Ship, o: Orders) -> None:
    """R-CBT-3: power within current PD, each attribute within its current value."""
    if o.power > ship.now(Attr.PD):
        raise Refusal(
            "over-power", f"{ship.label} has PD {ship.now(Attr.PD)} left; these orders need {o.power}."
        )
    _limit(state, ship, Attr.B, o.beam, f"power the beam at {o.beam}")
    _limit(state, ship, Attr.S, o.screen, f"power the screen at {o.screen}")
    _limit(state, ship, Attr.E, o.ecm, f"power ECM at {o.ecm}")
    _limit(state, ship, Attr.T, o.tubes, f"power {plural(o.tubes, 'tube')}")
    _limit(state, ship, Attr.C, o.cannons, f"power {plural(o.cannons, 'cannon')}")
    _limit(state, ship, Attr.M, len(o.missiles), f"fire {plural(len(o.missiles), 'missile')}")
    _limit(state, ship, Attr.SH, o.shells, f"fire {plural(o.shells, 'shell')}")
    _tubes_within_missiles(ship, o.tubes)
    if len(o.missiles) > o.tubes:
        raise Refusal(
            "unpowered-tube",
            f"{ship.label} fires {plural(len(o.missiles), 'missile')} but powers only T={o.tubes}: "
            "one tube per missile.",
        )


def _tubes_within_missiles(ship: Ship, tubes: int) -> None:
    """R-CBT-3: a tube is powered to fire a missile, so no more tubes than missiles carried."""
    carried = ship.now(Attr.M)
    if tubes <= carried:
        return
    if carried == 0:
        raise Refusal("too-few-missiles", f"{ship.label} carries no missiles: it cannot power its tubes.")
    raise Refusal(
        "too-few-missiles",
        f"{ship.label} carries {plural(carried, 'missile')}: it can power at most "
        f"{plural(carried, 'tube')}, not {tubes}.",
    )


def check_exclusive(o: Orders) -> None:
    """Beams and screens never go with missiles, nor with cannons (R-CBT-3, R-CBT-16).

    The classic rules have no cannons, so the one check serves both rule sets.
    """
    energy = "beams" if o.beam > 0 else "screens" if o.screen > 0 else None
    weapon = "missiles" if o.tubes or o.missiles else "cannons" if o.cannons or o.shots else None
    if energy and weapon:
        raise Refusal("exclusive", f"{o.ship}: {energy} and {weapon} cannot be used in the same round.")


def check_fire(state: GameState, star: str, player: str, o: Orders) -> None:
    """Every weapon fired names an enemy ship fighting here (R-CBT-16: a powered beam needs one)."""
    if o.beam > 0 and o.target is None:
        raise Refusal(
            "no-target",
            f"{o.ship} powers its beam (B={o.beam}) but names no target: write {o.ship} ATTACKS <ship>: …",
        )
    if o.target is not None:
        resolve_target(state, star, player, o.target)
    for missile in o.missiles:
        resolve_target(state, star, player, missile.target)
    for shot in o.shots:
        target = o.cannon_target(shot)
        if target is None:
            raise Refusal("no-target", f"{o.ship} fires a cannon but names no target.")
        resolve_target(state, star, player, target)


def check_transfers(state: GameState, star: str, ship: Ship, o: Orders) -> None:
    """R-CBT-9: pick-up and drop in combat, and the escape hex."""
    moving = len(o.pick_up) + len(o.drop)
    if o.retreat_to is not None:
        if not ship.is_warpship:
            raise Refusal("systemship", f"{ship.label} is a Systemship: it cannot leave the star.")
        if o.retreat_to not in state.map.neighbours(star):
            raise Refusal(
                "bad-retreat",
                f"{ship.label} can only escape to a hex next to {state.map.label(star)}, not {o.retreat_to}.",
            )
    if not moving:
        return
    if not ship.is_warpship:
        raise Refusal("systemship", f"{ship.label} is a Systemship and has no racks.")
    if o.drive or o.screen or o.tactic is Tactic.ATTACK:
        raise Refusal(
            "transfer-tactic",
            f"{ship.label} can pick up or drop only with Dodge or Retreat, D=0 and S=0.",
        )
    if o.tubes or o.missiles or o.cannons or o.shots:
        raise Refusal(
            "transfer-fire", f"{ship.label} cannot fire missiles or cannons while picking up or dropping."
        )
    allowed = state.scenario.ruleset.combat_transfers(ship.now(Attr.SR))
    if moving > allowed:
        raise Refusal(
            "transfer-limit",
            f"{ship.label} may pick up or drop {plural(allowed, 'Systemship')} this round, not {moving}.",
        )
    for label in o.drop:
        if label not in ship.carrying:
            raise Refusal("not-carried", f"{ship.label} does not carry {label}.")
    for label in o.pick_up:
        carried = state.ship(ship.owner, label)
        if carried is None or carried.is_warpship or carried.hex != star:
            raise Refusal("not-here", f"You have no Systemship {label} waiting at {state.map.label(star)}.")
    if len(ship.carrying) - len(o.drop) + len(o.pick_up) > ship.now(Attr.SR):
        raise Refusal("racks-full", f"{ship.label} has no free Systemship Rack for that many.")


def check_standing_retreat(state: GameState, ship: Ship, where: str) -> None:
    """Standing orders' ``retreat to`` (R-CBT-24): a hex on the map next to some star.

    Standing orders serve at whatever star the ship fights later, so the hex need not be next
    to the ship's star now; where it is not next to the battle's star it is set aside then.
    """
    if not ship.is_warpship:
        raise Refusal("systemship", f"{ship.label} is a Systemship: it cannot leave the star.")
    if state.options.blind is Blind.MAP and state.result is None:
        return  # where the map ends is not the player's to learn here (R-BLIND-6)
    if where not in state.map.hex_set:
        raise Refusal("bad-retreat", f"{where} is not a hex on this map: {ship.label} cannot escape there.")
    if not any(state.map.is_star(h) for h in state.map.neighbours(where)):
        raise Refusal(
            "bad-retreat",
            f"{where} is not next to any star: a ship escapes only to a hex next to the star it fights at.",
        )


def retreat_here(state: GameState, star: str, o: Orders) -> Orders:
    """Standing orders as used at ``star``: a ``retreat to`` hex not next to it is set aside,
    and the ship escapes to the first hex clockwise from north instead (R-CBT-24)."""
    if o.retreat_to is None or o.retreat_to in state.map.neighbours(star):
        return o
    return replace(o, retreat_to=None)


def check_orders(state: GameState, star: str, player: str, o: Orders) -> Ship:
    """Check one ship's orders; return the ship they are for."""
    ship = state.ship(player, o.ship.strip().upper())
    if ship is None or not _fights_at(state, star, ship):
        raise Refusal(
            "not-in-battle", f"You have no ship called {o.ship} fighting at {state.map.label(star)}."
        )
    check_numbers(o)
    if o.tactic is Tactic.RETREAT and not ship.is_warpship:
        raise Refusal("systemship-retreat", f"{ship.label} is a Systemship and may not Retreat.")
    check_capacity(state, ship, o)
    check_exclusive(o)
    check_fire(state, star, player, o)
    check_transfers(state, star, ship, o)
    return ship


def check_submission(state: GameState, star: str, player: str, orders: tuple[Orders, ...]) -> None:
    """Check a player's orders for one round, each ship and the ships together."""
    labels = Counter(o.ship.strip().upper() for o in orders)
    twice = [label for label, n in labels.items() if n > 1]
    if twice:
        raise Refusal("repeated", f"{twice[0]} has two orders; give each ship one.")
    for o in orders:
        check_orders(state, star, player, o)
    picked = Counter(label for o in orders for label in o.pick_up)
    twice = [label for label, n in picked.items() if n > 1]
    if twice:
        raise Refusal("repeated", f"Two ships try to pick up {twice[0]}.")
    for o in orders:
        if o.ship.strip().upper() in picked and (o.beam or o.tubes or o.cannons or o.missiles or o.shots):
            raise Refusal(
                "picked-up-fires",
                f"{o.ship} is being picked up this round: it may power screens and ECM but not fire.",
            )
