"""The build event: new ships, repair, resupply, scrapping, Holds, Bases (rules section V/IV)."""

from __future__ import annotations

import math

from engine.text import listed
from engine.warpwar.accounts import (
    Account,
    balance,
    construction,
    describe,
    hold,
    pool,
    stockpile,
)
from engine.warpwar.checks import no_enemies, own_ship, require_amount, require_turn
from engine.warpwar.commands import (
    BuildShip,
    LoadHold,
    PayForBase,
    Repair,
    Resupply,
    Scrap,
    SplitStartingBP,
    UnloadHold,
)
from engine.warpwar.events import (
    ArmorRepairCounted,
    BaseFounded,
    BPMoved,
    Removal,
    ResupplyCounted,
    ShipBuilt,
    ShipRecordChanged,
    ShipRemoved,
)
from engine.warpwar.rulesets import (
    ATTR_NAMES,
    BASE_COST,
    SINGLE_UNITS,
    UNDAMAGEABLE,
    WARPSHIP_ONLY,
    Attr,
    Rule,
    RuleSetName,
    Scenario,
    design_cost,
)
from engine.warpwar.ships import Ship, new_ship
from engine.warpwar.starmap import Star
from engine.warpwar.state import Base, GameState, Phase
from engine.warpwar.tx import Refusal, Tx
from engine.warpwar.view import hidden, no_such, view_for

MAX_UNITS = 999
"""No attribute may be built above this: a guard against typing slips, far above any real design."""


def _rule_in_use(state: GameState, rule: Rule) -> None:
    sc = state.scenario
    if not sc.uses(rule):
        raise Refusal(
            "rule-not-used",
            f"The {sc.ruleset_name.value} {sc.key} scenario does not use the {rule.value} rules.",
        )


def _star_named(state: GameState, player: str, place: str) -> Star:
    """The star named or numbered ``place``, among those ``player`` knows (R-BLIND-3)."""
    view = view_for(state, player)
    hex_name = view.map.resolve(place)
    star = view.map.star_at(hex_name) if hex_name else None
    if star is None:
        raise Refusal("unknown-star", no_such(view, place))
    return star


def _own_base_at(state: GameState, player: str, place: str) -> Base:
    """The player's finished base on a star named or numbered ``place``."""
    star = _star_named(state, player, place)
    base = state.bases.get(star.name)
    if base is None or base.owner != player:
        raise Refusal("no-base", f"You have no base at {star.name}.")
    if not base.finished:
        raise Refusal(
            "base-unfinished", f"The Base at {star.name} is not finished ({base.progress} of {BASE_COST} BP)."
        )
    return base


def check_design(scenario: Scenario, design: dict[Attr, int], label: str) -> None:
    """Refuse a design the scenario does not allow (R-BUILD-1, rule-set attributes)."""
    allowed = scenario.allowed_attributes()
    for attr, units in design.items():
        if units < 0:
            raise Refusal("bad-number", f"{attr.value} cannot be negative.")
        if units > MAX_UNITS:
            raise Refusal("bad-number", f"{attr.value}={units} is more than any ship can hold.")
        if units and attr not in allowed:
            where = (
                f"the {scenario.ruleset_name.value} rules"
                if attr not in scenario.ruleset.attributes
                else f"the {scenario.ruleset_name.value} {scenario.key} scenario"
            )
            raise Refusal("attribute-not-used", f"{ATTR_NAMES[attr]} ({attr.value}) are not part of {where}.")
        if attr in SINGLE_UNITS and units > 1:
            raise Refusal("bad-number", f"A ship has at most one {ATTR_NAMES[attr]}.")
    warpship = design.get(Attr.WG, 0) > 0
    if not warpship:
        if scenario.warpships_only:
            raise Refusal(
                "warpships-only", f"The {scenario.key} scenario builds Warpships only: give {label} WG=1."
            )
        if not scenario.uses(Rule.SYSTEMSHIPS):
            raise Refusal("warpships-only", "This scenario has no Systemships: add WG=1.")
        for attr in sorted(WARPSHIP_ONLY, key=list(Attr).index):
            if design.get(attr, 0):
                raise Refusal(
                    "systemship-attribute",
                    f"{label} is a Systemship (no WG) and cannot have {ATTR_NAMES[attr]}.",
                )
    if not any(units > 0 for attr, units in design.items() if attr not in SINGLE_UNITS):
        raise Refusal("empty-design", f"{label} needs at least one point in something other than WG and R.")


def pay(
    tx: Tx, player: str, sources: list[Account], amount: int, reason: str, target: Account | None = None
) -> None:
    """Take ``amount`` BP from ``sources`` in order, or refuse saying what is there."""
    have = sum(balance(tx.state, a) for a in sources)
    if have < amount:
        where = listed([describe(tx.state, a) for a in sources]) or "nothing you can use here"
        raise Refusal(
            "not-enough-bp", f"{reason[0].upper()}{reason[1:]} costs {amount} BP; {where}: {have} BP."
        )
    left = amount
    for account in sources:
        take = min(left, balance(tx.state, account))
        if take:
            tx.emit(
                BPMoved(source=account, target=target, amount=take, reason=reason, spending=target is None)
            )
            left -= take


def _holds_at(state: GameState, player: str, hex_name: str) -> list[Account]:
    return [hold(s.owner, s.label) for s in state.ships_at(hex_name) if s.owner == player and s.cargo > 0]


def _refit_sources(state: GameState, player: str, ship: Ship, doing: str) -> tuple[str, list[Account]]:
    """Where a repair or resupply of ``ship`` is paid from, and a key for that place."""
    hex_name = state.position(ship)
    base = state.base_at_hex(hex_name)
    at_own_base = base is not None and base.owner == player and base.finished
    if state.ruleset is RuleSetName.CLASSIC:
        if not at_own_base:
            raise Refusal(
                "not-at-base", f"{ship.label} must start the turn on one of your base stars to {doing}."
            )
        return "pool", [pool(player)]
    if at_own_base and base is not None:
        return hex_name, [stockpile(base.star)]
    bays = [s for s in state.ships_at(hex_name) if s.owner == player and s.now(Attr.R) > 0]
    if not bays:
        raise Refusal(
            "not-at-base",
            f"{ship.label} must be at one of your Bases, or with a Repair Bay ship, to {doing}.",
        )
    if not state.map.is_star(hex_name):
        # R-BUILD-4 (94 text): "on a Star hex with a Repair Bay-equipped Warpship present".
        raise Refusal(
            "not-on-a-star",
            f"{ship.label} is in space at {hex_name}: a Repair Bay works only on a star hex, "
            f"so {ship.label} must be on a star with it to {doing}.",
        )
    return hex_name, _holds_at(state, player, hex_name)


def _sources_for_build(state: GameState, player: str, base: Base) -> list[Account]:
    return [pool(player)] if state.ruleset is RuleSetName.CLASSIC else [stockpile(base.star)]


def build_ship(tx: Tx, cmd: BuildShip) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    base = _own_base_at(state, cmd.player, cmd.star)
    hex_name = state.map.star(base.star).hex
    no_enemies(state, cmd.player, hex_name, "build")
    owner = state.player(cmd.player)
    warpship = cmd.design.get(Attr.WG, 0) > 0
    label = f"W{owner.next_warpship}" if warpship else f"S{owner.next_systemship}"
    check_design(state.scenario, cmd.design, label)
    tl = state.scenario.tech_level(state.game_turn)
    cost = design_cost(cmd.design, tl)
    name = (cmd.name or "").strip() or None
    if name is not None and len(name) > 40:
        raise Refusal("bad-name", "A ship's name may have at most 40 characters.")
    pay(tx, cmd.player, _sources_for_build(state, cmd.player, base), cost, f"building {label}")
    tx.emit(ShipBuilt(new_ship(cmd.player, label, cmd.design, tl, hex_name, state.game_turn, name)))


def repair(tx: Tx, cmd: Repair) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    _rule_in_use(state, Rule.REPAIR)
    ship = own_ship(state, cmd.player, cmd.ship)
    if not cmd.amounts or not any(cmd.amounts.values()):
        raise Refusal("nothing-to-do", f"Say what to repair on {ship.label}, e.g. PD=2.")
    values: dict[Attr, int] = {}
    cost = 0
    armor = 0
    for attr, amount in cmd.amounts.items():
        if attr in (Attr.M, Attr.SH):
            raise Refusal("use-resupply", f"{ATTR_NAMES[attr]} are resupplied, not repaired.")
        if attr in UNDAMAGEABLE or attr not in ship.built:
            raise Refusal("nothing-to-repair", f"{ship.label} has no {ATTR_NAMES[attr]} to repair.")
        require_amount(amount, f"{attr.value} to repair")
        room = ship.max(attr) - ship.now(attr)
        if amount > room:
            raise Refusal(
                "over-maximum",
                f"{ship.label}'s {attr.value} is {ship.now(attr)} of {ship.max(attr)}: "
                f"it can be repaired by {room} at most.",
            )
        values[attr] = ship.now(attr) + amount
        if attr is Attr.A:
            armor = amount
        else:
            cost += amount
    place, sources = _refit_sources(state, cmd.player, ship, "be repaired")
    # R-BUILD-4: armor is 1 BP per 2 points, the points of this build event summed before halving.
    before = state.turn.armor_repaired.get(place, 0)
    cost += math.ceil((before + armor) / 2) - math.ceil(before / 2)
    if cost:
        pay(tx, cmd.player, sources, cost, f"repairing {ship.label}")
    tx.emit(ShipRecordChanged(cmd.player, ship.label, values, "repair"))
    if armor:
        tx.emit(ArmorRepairCounted(place=place, points=before + armor))


def resupply(tx: Tx, cmd: Resupply) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    _rule_in_use(state, Rule.RESUPPLY)
    ship = own_ship(state, cmd.player, cmd.ship)
    values: dict[Attr, int] = {}
    for attr, amount in ((Attr.M, cmd.missiles), (Attr.SH, cmd.shells)):
        if amount == 0:
            continue
        require_amount(amount, ATTR_NAMES[attr].lower())
        room = ship.max(attr) - ship.now(attr)
        if amount > room:
            raise Refusal(
                "over-maximum",
                f"{ship.label} carries {ship.now(attr)} of {ship.max(attr)} "
                f"{ATTR_NAMES[attr].lower()}: it can take {room} more.",
            )
        values[attr] = ship.now(attr) + amount
    if not values:
        raise Refusal("nothing-to-do", f"Say how many missiles or shells {ship.label} should get.")
    place, sources = _refit_sources(state, cmd.player, ship, "be resupplied")
    # R-BUILD-4: one BP buys 3 missiles or 6 shells, and may be shared across ships this event.
    before = state.turn.resupply_sixths.get(place, 0)
    after = before + 2 * cmd.missiles + cmd.shells
    cost = math.ceil(after / 6) - math.ceil(before / 6)
    if cost:
        pay(tx, cmd.player, sources, cost, f"resupplying {ship.label}")
    tx.emit(ShipRecordChanged(cmd.player, ship.label, values, "resupply"))
    tx.emit(ResupplyCounted(place=place, sixths=after))


def scrap(tx: Tx, cmd: Scrap) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    _rule_in_use(state, Rule.SCRAPPING)
    ship = own_ship(state, cmd.player, cmd.ship)
    base = state.base_at_hex(state.position(ship))
    if base is None or base.owner != cmd.player or not base.finished:
        raise Refusal("not-at-base", f"{ship.label} can be scrapped only at one of your Bases.")
    if ship.carrying:
        raise Refusal("still-carrying", f"{ship.label} carries {', '.join(ship.carrying)}: drop them first.")
    if ship.cargo:
        raise Refusal("still-loaded", f"{ship.label} has {ship.cargo} BP in its Holds: unload them first.")
    refund = ship.current_value // 2  # R-BUILD-5
    tx.emit(ShipRemoved(cmd.player, ship.label, "scrapped", Removal.SCRAPPED))
    if refund:
        tx.emit(
            BPMoved(source=None, target=stockpile(base.star), amount=refund, reason=f"scrapping {ship.label}")
        )


def _hold_ship(state: GameState, player: str, label: str) -> tuple[Ship, Base]:
    ship = own_ship(state, player, label)
    if ship.max(Attr.H) == 0:
        raise Refusal("no-holds", f"{ship.label} has no Holds.")
    base = state.base_at_hex(state.position(ship))
    if base is None or base.owner != player or not base.finished:
        raise Refusal("not-at-base", f"{ship.label} must be at one of your Bases to load or unload BP.")
    return ship, base


def load_hold(tx: Tx, cmd: LoadHold) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    _rule_in_use(state, Rule.HOLDS)
    require_amount(cmd.amount, "BP")
    ship, base = _hold_ship(state, cmd.player, cmd.ship)
    if cmd.amount > ship.free_hold_space:
        raise Refusal("hold-full", f"{ship.label}'s Holds have room for {ship.free_hold_space} BP.")
    if cmd.amount > base.stockpile:
        raise Refusal("not-enough-bp", f"The stockpile at {base.star} has {base.stockpile} BP.")
    tx.emit(BPMoved(stockpile(base.star), hold(cmd.player, ship.label), cmd.amount, f"loading {ship.label}"))


def unload_hold(tx: Tx, cmd: UnloadHold) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    _rule_in_use(state, Rule.HOLDS)
    require_amount(cmd.amount, "BP")
    ship, base = _hold_ship(state, cmd.player, cmd.ship)
    if cmd.amount > ship.cargo:
        raise Refusal("not-enough-bp", f"{ship.label} carries {ship.cargo} BP.")
    tx.emit(
        BPMoved(hold(cmd.player, ship.label), stockpile(base.star), cmd.amount, f"unloading {ship.label}")
    )


def pay_for_base(tx: Tx, cmd: PayForBase) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    _rule_in_use(state, Rule.BASE_BUILDING)
    require_amount(cmd.amount, "BP", BASE_COST)
    star = _star_named(state, cmd.player, cmd.star)
    sources = _holds_at(state, cmd.player, star.hex)
    if not sources and hidden(state):
        # Without ships there the player does not see the star: nothing of it is told (R-BLIND-6).
        raise Refusal("no-cargo", f"None of your ships at {star.name} carries BP in its Holds.")
    no_enemies(state, cmd.player, star.hex, "build a Base")
    base = state.bases.get(star.name)
    if base is not None and base.owner != cmd.player:
        raise Refusal("base-taken", f"{star.name} already has {base.owner}'s Base; one star holds one Base.")
    if base is not None and base.finished:
        raise Refusal("base-finished", f"Your Base at {star.name} is already finished.")
    owed = BASE_COST - (base.progress if base else 0)
    if cmd.amount > owed:
        raise Refusal("over-maximum", f"The Base at {star.name} needs only {owed} BP more.")
    if not sources:
        raise Refusal("no-cargo", f"None of your ships at {star.name} carries BP in its Holds.")
    usable = sum(balance(state, a) for a in sources) - state.turn.fresh.get(star.name, 0)
    if cmd.amount > usable:
        raise Refusal(
            "fresh-bp",
            f"Your Holds at {star.name} can pay {max(usable, 0)} BP towards a Base: "
            "BP produced there this turn cannot.",
        )
    if base is None:
        tx.emit(BaseFounded(star=star.name, owner=cmd.player))
    pay(tx, cmd.player, sources, cmd.amount, f"the Base at {star.name}", target=construction(star.name))


def split_starting_bp(tx: Tx, cmd: SplitStartingBP) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD)
    if state.ruleset is RuleSetName.CLASSIC or state.game_turn != 1 or state.turn.spent:
        raise Refusal("too-late", "Starting BP can be split only in your first build, before spending any.")
    bases = {b.star.casefold(): b for b in state.bases_of(cmd.player) if b.finished}
    wanted: dict[str, int] = {}
    for name, amount in cmd.allocation.items():
        found = _star_named(state, cmd.player, name)  # with "did you mean"
        base = bases.get(found.name.casefold())
        if base is None:
            stars = [b.star for b in bases.values()]
            yours = {0: "", 1: f"; your base is {''.join(stars)}"}.get(
                len(stars), f"; your bases are {', '.join(stars)}"
            )
            raise Refusal("no-base", f"You have no base at {found.name}{yours}.")
        if amount < 0:
            raise Refusal("bad-number", "A base cannot get fewer than 0 BP.")
        wanted[base.star] = amount
    total = sum(b.stockpile for b in bases.values())
    if sum(wanted.values()) != total:
        raise Refusal(
            "bad-split", f"The split must add up to your {total} starting BP, not {sum(wanted.values())}."
        )
    # Move BP from the bases that have more than wanted to those that have less.
    givers = [(b.star, b.stockpile - wanted.get(b.star, 0)) for b in bases.values()]
    takers = [(star, -delta) for star, delta in givers if delta < 0]
    supply = [(star, delta) for star, delta in givers if delta > 0]
    for star, need in takers:
        while need > 0:
            giver, spare = supply.pop(0)
            take = min(need, spare)
            tx.emit(BPMoved(stockpile(giver), stockpile(star), take, "starting split"))
            need -= take
            if spare > take:
                supply.insert(0, (giver, spare - take))
