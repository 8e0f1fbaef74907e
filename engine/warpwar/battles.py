"""Battles: sealed orders, rounds, and how combat at a star ends (R-CBT-1, R-CBT-8..14).

A battle takes orders from every player with ships fighting at the star, ship by ship if they
like; orders that leave ships out wait for their player's confirmation (R-CBT-25). The moment
the last side's orders are sealed (or the game master closes the round at its deadline) the
round is resolved (``engine.warpwar.resolution``) and its report becomes events. Combat ends when one
side is left, or after three quiet rounds, when the moving side withdraws (R-CBT-10/13).
"""

from __future__ import annotations

from engine.records import replace
from engine.text import listed
from engine.warpwar.accounts import hold
from engine.warpwar.checks import own_ship, require_player, require_turn
from engine.warpwar.commands import (
    CloseRound,
    OrderBattles,
    SetDamagePriority,
    SetStandingOrders,
    SubmitOrders,
)
from engine.warpwar.crt import Tactic
from engine.warpwar.events import (
    BattleEnded,
    BattlesOrdered,
    BPMoved,
    DamagePrioritySet,
    OrdersSubmitted,
    Removal,
    RoundFought,
    ShipLeftStar,
    ShipRecordChanged,
    ShipRemoved,
    StandingOrdersSet,
    SystemshipDropped,
    SystemshipPickedUp,
)
from engine.warpwar.hexgrid import neighbour_ids
from engine.warpwar.movement import take_star
from engine.warpwar.order_checks import (
    check_capacity,
    check_exclusive,
    check_numbers,
    check_orders,
    check_priority,
    check_standing_retreat,
    check_submission,
    combatants,
    retreat_here,
)
from engine.warpwar.orders import Orders, default_orders
from engine.warpwar.report import QUIET_ROUNDS, RoundReport, ShipResult
from engine.warpwar.resolution import escape_hex, resolve_round
from engine.warpwar.rulesets import Attr, RuleSetName
from engine.warpwar.ships import Ship
from engine.warpwar.state import Battle, Blind, GameState, Phase
from engine.warpwar.turns import after_combat
from engine.warpwar.tx import Refusal, Tx
from engine.warpwar.view import hidden, no_such, view_for


def _star_hex(state: GameState, place: str, player: str | None = None) -> str:
    """The hex of the star ``place`` names, as ``player`` knows the map (R-BLIND-3); as it is,
    for the game master's own commands (``player`` None)."""
    view = view_for(state, player) if player is not None else state
    hex_name = view.map.resolve(place)
    if hex_name is None or not view.map.is_star(hex_name):
        raise Refusal("unknown-star", no_such(view, place))
    return hex_name


def open_battle(state: GameState, place: str, player: str | None = None) -> Battle:
    """The battle at ``place`` if it is taking orders now, or a refusal saying why not. In a
    blind game ``player`` hears only of battles they fight in (R-BLIND-4)."""
    hex_name = _star_hex(state, place, player)
    battle = state.battle(hex_name)
    where = state.map.label(hex_name)
    if player is not None and hidden(state) and player not in fighting_players(state, hex_name):
        raise Refusal("not-in-battle", f"You have no ships fighting at {where}.")
    if battle is None or state.phase is not Phase.COMBAT:
        raise Refusal("no-battle", f"There is no battle at {where} now.")
    if battle not in state.open_battles():
        first = state.turn.battles[0].star
        if player is not None and hidden(state) and player not in fighting_players(state, first):
            raise Refusal("battle-later", f"Your battle at {where} comes after the one being fought now.")
        earlier = state.map.label(first)
        raise Refusal("battle-later", f"The battle at {where} comes after the one at {earlier}.")
    return battle


def fighting_players(state: GameState, star: str) -> list[str]:
    """Players with ships fighting at ``star``, in turn order: each must send orders."""
    owners = {s.owner for s in combatants(state, star)}
    return [p.name for p in state.players if p.name in owners]


def _normalised(orders: tuple[Orders, ...]) -> tuple[Orders, ...]:
    return tuple(replace(o, ship=o.ship.strip().upper()) for o in orders)


def _within_the_map(state: GameState, star: str, orders: tuple[Orders, ...]) -> tuple[Orders, ...]:
    """With the map hidden, an escape to a hex next to the star that is off the map is not
    refused (that would tell where the map ends, R-BLIND-6): the ship escapes to the first
    hex clockwise from north instead, as with standing orders (R-CBT-24)."""
    if not hidden(state) or state.options.blind is not Blind.MAP:
        return orders
    return tuple(
        replace(o, retreat_to=None)
        if o.retreat_to in neighbour_ids(star) and o.retreat_to not in state.map.hex_set
        else o
        for o in orders
    )


# --- commands ----------------------------------------------------------------------------


def order_battles(tx: Tx, cmd: OrderBattles) -> None:
    """R-CBT-1: the moving player picks the order; a battle already under way stays first."""
    state = tx.state
    require_turn(state, cmd.player, Phase.COMBAT)
    if state.options.parallel_battles:
        raise Refusal("parallel", "In this game all battles are fought at once.")
    if not cmd.stars:
        raise Refusal("nothing-to-do", "Name the stars in the order their battles are to be fought.")
    wanted = [_star_hex(state, place, cmd.player) for place in cmd.stars]
    pending = [b.star for b in state.turn.battles]
    seen = [b.star for b in view_for(state, cmd.player).turn.battles]
    for hex_name in wanted:
        if hex_name not in seen:
            raise Refusal("no-battle", f"There is no battle to fight at {state.map.label(hex_name)}.")
    if len(set(wanted)) != len(wanted):
        raise Refusal("repeated", "Name each battle once.")
    order = (*wanted, *(h for h in pending if h not in wanted))
    current = state.turn.battles[0]
    if current.round > 1 and order[0] != current.star:
        where = f"The battle at {state.map.label(current.star)}" if current.star in seen else "A battle"
        raise Refusal("battle-begun", f"{where} has begun; it is fought to the end first.")
    tx.emit(BattlesOrdered(order))


def submit_orders(tx: Tx, cmd: SubmitOrders) -> None:
    """Take a player's sealed orders; resolve the round once every player has sent theirs."""
    state = tx.state
    require_player(state, cmd.player)
    battle = open_battle(state, cmd.star, cmd.player)
    if cmd.player not in fighting_players(state, battle.star):
        raise Refusal("not-in-battle", f"You have no ships fighting at {state.map.label(battle.star)}.")
    held = battle.orders.get(cmd.player)
    orders = _within_the_map(state, battle.star, _normalised(cmd.orders))
    if cmd.merge and held:
        orders = merged_orders(state, battle, cmd.player, orders)
    check_submission(state, battle.star, cmd.player, orders)
    left_out = _left_out(state, battle.star, cmd.player, orders)
    was_sealed = battle.sealed(cmd.player)
    # An amendment stays sealed unless it takes orders away from a ship that had some.
    kept = was_sealed and left_out <= _left_out(state, battle.star, cmd.player, held or ())
    sealed = cmd.confirm or not left_out or kept
    if orders == held and sealed == was_sealed:
        return  # the same orders again: nothing changes and nobody is told
    tx.emit(OrdersSubmitted(cmd.player, battle.star, battle.round, orders, sealed))
    battle = tx.state.battle(battle.star) or battle
    if all(battle.sealed(p) for p in fighting_players(tx.state, battle.star)):
        fight_round(tx, battle.star, checked=orders)


def _left_out(state: GameState, star: str, player: str, orders: tuple[Orders, ...]) -> set[str]:
    """The player's ships at ``star`` that ``orders`` give no orders."""
    ordered = {o.ship for o in orders}
    return {s.label for s in combatants(state, star) if s.owner == player and s.label not in ordered}


def merged_orders(
    state: GameState, battle: Battle, player: str, new: tuple[Orders, ...]
) -> tuple[Orders, ...]:
    """The orders held with ``new`` added, a ship's new orders in place of its old, in fleet order."""
    named = {o.ship for o in new}
    kept = [o for o in battle.orders.get(player, ()) if o.ship not in named]
    rank = {s.label: i for i, s in enumerate(combatants(state, battle.star)) if s.owner == player}
    return tuple(sorted([*kept, *new], key=lambda o: rank.get(o.ship, len(rank))))


def close_round(tx: Tx, cmd: CloseRound) -> None:
    """The deadline passed: players who sent nothing fight on standing or default orders."""
    if tx.state.result is not None:
        raise Refusal("game-over", "The game is over.")
    fight_round(tx, open_battle(tx.state, cmd.star).star)


def set_standing_orders(tx: Tx, cmd: SetStandingOrders) -> None:
    """Standing orders are checked now against the ship, and again when they are used."""
    state = tx.state
    require_player(state, cmd.player)
    ship = own_ship(state, cmd.player, cmd.ship)
    orders = cmd.orders
    if orders is not None:
        orders = replace(orders, ship=ship.label)
        if orders.pick_up or orders.drop:
            raise Refusal("standing-transfer", "Standing orders cannot pick up or drop Systemships.")
        if orders.tactic is Tactic.RETREAT and not ship.is_warpship:
            raise Refusal("systemship-retreat", f"{ship.label} is a Systemship and may not Retreat.")
        check_numbers(orders)
        check_capacity(state, ship, orders)
        check_exclusive(orders)
        if orders.beam > 0 and orders.target is None:
            raise Refusal("no-target", f"{ship.label}'s standing orders power the beam but name no target.")
        if orders.retreat_to is not None:
            check_standing_retreat(state, ship, orders.retreat_to)
    tx.emit(StandingOrdersSet(cmd.player, ship.label, orders))


def set_damage_priority(tx: Tx, cmd: SetDamagePriority) -> None:
    state = tx.state
    require_player(state, cmd.player)
    ship = own_ship(state, cmd.player, cmd.ship)
    check_priority(ship.label, cmd.priority)
    tx.emit(DamagePrioritySet(cmd.player, ship.label, cmd.priority))


# --- rounds ------------------------------------------------------------------------------


def _usable(
    state: GameState, star: str, ship: Ship, orders: Orders | None, picked: set[str], checked: set[int]
) -> bool:
    """Orders serve only if they are legal here and now: a standing order's target may be gone,
    and so may a sent order's, if a third player conceded while the round was open. Orders in
    ``checked`` (by identity) were checked against these ships a moment ago."""
    if orders is None:
        return False
    if id(orders) in checked:
        return True
    try:
        check_orders(state, star, ship.owner, orders)
    except Refusal:
        return False
    fires = orders.beam or orders.tubes or orders.cannons
    return not (ship.label in picked and fires)


def _standing_here(state: GameState, star: str, ship: Ship) -> Orders | None:
    """The ship's standing orders as they serve at ``star`` (R-CBT-24)."""
    found = state.standing.get(ship.key)
    return retreat_here(state, star, found) if found is not None else None


def round_orders(
    state: GameState, battle: Battle, checked: tuple[Orders, ...] = ()
) -> tuple[dict[str, Orders], list[str], list[str]]:
    """Every fighting ship's orders: as sent, else standing, else the default (R-CBT-12/17).
    ``checked``: sent orders already checked against these ships (the submission that completes
    the round, in the same command), not checked again.

    Returns the orders by ship key, and the keys of ships on standing and on default orders.
    """
    just_checked = {id(o) for o in checked}
    orders: dict[str, Orders] = {}
    standing: list[str] = []
    defaulted: list[str] = []
    by_owner = {owner: {o.ship: o for o in sent} for owner, sent in battle.orders.items()}
    picked_by = {owner: {x for o in sent.values() for x in o.pick_up} for owner, sent in by_owner.items()}
    for ship in combatants(state, battle.star):
        sent, picked = by_owner.get(ship.owner, {}), picked_by.get(ship.owner, set())
        kept = _standing_here(state, battle.star, ship)
        if _usable(state, battle.star, ship, sent.get(ship.label), set(), just_checked):
            orders[ship.key] = sent[ship.label]
        elif kept is not None and _usable(state, battle.star, ship, kept, picked, set()):
            orders[ship.key] = kept
            standing.append(ship.key)
        else:
            orders[ship.key] = default_orders(ship.label, ship.now(Attr.PD), ship.now(Attr.S))
            defaulted.append(ship.key)
    return orders, standing, defaulted


def fight_round(tx: Tx, star: str, checked: tuple[Orders, ...] = ()) -> None:
    """Reveal and resolve the round at ``star``, then end the battle if it is over. ``checked``:
    the orders whose submission completes the round, checked against these ships just before
    (only the battle's orders changed since), so not checked again (issue 15: a tenth of a
    10-against-10 round)."""
    state = tx.state
    battle = state.battle(star)
    assert battle is not None
    orders, standing, defaulted = round_orders(state, battle, checked)
    report = resolve_round(state, star, orders, battle.round, battle.quiet)
    report = replace(report, standing=tuple(standing), defaulted=tuple(defaulted))
    tx.emit(RoundFought(report))
    where = state.map.label(star)
    for result in report.ships:
        _apply_result(tx, state.ships[result.ship], result, star, f"{where}, round {report.round}")
    _end_if_over(tx, star, report)


def _apply_result(tx: Tx, ship: Ship, r: ShipResult, star: str, where: str) -> None:
    """Turn one ship's part of the report into events."""
    owner, label = ship.owner, ship.label
    for dropped in r.dropped:
        tx.emit(SystemshipDropped(owner, label, dropped, star, 0))
    if r.cargo_lost:
        tx.emit(BPMoved(hold(owner, label), None, r.cargo_lost, f"lost with {label}'s Holds at {where}"))
    if r.destroyed:
        for carried in r.lost:
            tx.emit(ShipRemoved(owner, carried, f"destroyed in {label}'s rack at {where}", Removal.DESTROYED))
        tx.emit(ShipRemoved(owner, label, f"destroyed at {where}", Removal.DESTROYED))
        return
    if r.after is not None and r.after != ship.current:
        tx.emit(ShipRecordChanged(owner, label, r.after, f"combat at {where}"))
    for picked in r.picked_up:
        tx.emit(SystemshipPickedUp(owner, label, picked, 0))
    if r.escaped_to is not None:
        tx.emit(ShipLeftStar(owner, label, r.escaped_to, f"escaped from {where}"))


def _end_if_over(tx: Tx, star: str, report: RoundReport) -> None:
    """R-CBT-10: one side left, or three quiet rounds and the moving side withdraws."""
    state = tx.state
    where = state.map.label(star)
    sides = state.sides_at(star)
    if len(sides) > 1 and report.quiet < QUIET_ROUNDS:
        return
    if len(sides) > 1:
        side = _withdrawing_side(state, sides)
        _withdraw(tx, star, side, report)
        reason = f"three rounds without damage: {listed(side)} withdrew from {where}"
    else:
        reason = _outcome(state, star, sides)
    _finish(tx, star, reason)


def _withdrawing_side(state: GameState, sides: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The moving player's side; without it, the next side in turn order (R-CBT-13)."""
    count = len(state.players)
    for step in range(count):
        player = state.players[(state.active + step) % count].name
        for side in sides:
            if player in side:
                return side
    raise AssertionError("a battle has sides")


def _withdraw(tx: Tx, star: str, side: tuple[str, ...], report: RoundReport) -> None:
    """Warpships go to adjacent hexes; Systemships into their free racks, or are lost (R-CBT-10)."""
    state = tx.state
    where = state.map.label(star)
    ships = [s for s in combatants(state, star) if s.owner in side]
    warpships = [s for s in ships if s.is_warpship]
    room = {s.key: s.free_racks for s in warpships}
    for systemship in (s for s in ships if not s.is_warpship):
        carrier = next((w for w in warpships if w.owner == systemship.owner and room[w.key] > 0), None)
        if carrier is None:
            why = f"left at {where} with no free rack"
            tx.emit(ShipRemoved(systemship.owner, systemship.label, why, Removal.LEFT_BEHIND))
            continue
        room[carrier.key] -= 1
        tx.emit(SystemshipPickedUp(systemship.owner, carrier.label, systemship.label, 0))
    for ship in warpships:
        last = report.orders.get(ship.key)
        hex_name = escape_hex(state, star, last.retreat_to if last else None)
        tx.emit(ShipLeftStar(ship.owner, ship.label, hex_name, f"withdrew from {where}"))


def _finish(tx: Tx, star: str, reason: str) -> None:
    tx.emit(BattleEnded(star, reason))
    state = tx.state
    owners = {s.owner for s in state.ships_at(star)}
    if state.ruleset is RuleSetName.REVISED and len(owners) == 1:
        # R-ECON-11: a baseless star won in battle belongs to the one player left on it.
        for event in take_star(state, owners.pop(), star):
            tx.emit(event)
    if not tx.state.turn.battles:
        after_combat(tx)


def settle_battles(tx: Tx) -> None:
    """End battles where only one side is left (a player conceded) and move on if none remain."""
    if tx.state.phase is not Phase.COMBAT:
        return
    for battle in tx.state.turn.battles:
        sides = tx.state.sides_at(battle.star)
        if len(sides) <= 1:
            _finish(tx, battle.star, _outcome(tx.state, battle.star, sides))


def _outcome(state: GameState, star: str, sides: list[tuple[str, ...]]) -> str:
    where = state.map.label(star)
    return f"{listed(sides[0])} held {where}" if sides else f"no ships are left at {where}"
