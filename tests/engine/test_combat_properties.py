"""Properties of combat (hypothesis): random battles at Kish, random legal orders, every round checked.

A battle is drawn as a small, printable :class:`BattleSpec` (1-4 ships a side, classic or revised
advanced, random TL, damage, cargo and Systemships in racks), then built into a game in its
combat phase with alice as the moving player. Orders are drawn from each ship's current record
so that nearly all of them are legal (R-CBT-2/3/4/9/16); the few that are refused are filtered
out. Each test names the property it checks and the rulings behind it (../shared/rulings.md).
"""

from __future__ import annotations

import json
from dataclasses import MISSING, Field, dataclass, fields, replace
from functools import cache

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.serial import decode, encode
from engine.warpwar import Accepted, GameState, apply, fold
from engine.warpwar.commands import CloseRound, SetDamagePriority, SetStandingOrders, SubmitOrders
from engine.warpwar.crt import Tactic
from engine.warpwar.events import BattleEnded, Event, OrdersSubmitted, PhaseBegan, RoundFought
from engine.warpwar.order_checks import combatants
from engine.warpwar.orders import CannonShot, DamageSlot, DamageStep, MissileShot, Orders, default_orders
from engine.warpwar.report import RoundReport, ShipResult, Weapon
from engine.warpwar.rulesets import HOLD_CAPACITY, UNDAMAGEABLE, Attr
from engine.warpwar.ships import Ship
from engine.warpwar.state import Phase
from tests.engine.helpers import accept, carry, place, start

KISH = "Kish"
PLAYERS = ("alice", "bob")
"""alice moves (she is the active player); bob defends."""

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# Built maximum ranges of the attributes a design may have (PD always; the rest sometimes).
CLASSIC_RANGES: dict[Attr, tuple[int, int]] = {
    Attr.PD: (1, 8),
    Attr.B: (1, 5),
    Attr.S: (1, 4),
    Attr.T: (1, 3),
    Attr.M: (1, 9),
    Attr.SR: (1, 3),
}
REVISED_RANGES: dict[Attr, tuple[int, int]] = {
    **CLASSIC_RANGES,
    Attr.C: (1, 3),
    Attr.SH: (1, 12),
    Attr.E: (1, 3),
    Attr.A: (1, 6),
    Attr.H: (1, 3),
    Attr.R: (1, 1),
}
WARPSHIP_ONLY = frozenset({Attr.SR, Attr.H, Attr.R})


# --- battles -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ShipSpec:
    """One ship as ``tests.engine.helpers.place`` takes it, plus cargo and the rack it rides in."""

    owner: str
    label: str
    design: str
    tl: int
    damage: str = ""
    cargo: int = 0
    carried_by: str | None = None


@dataclass(frozen=True)
class BattleSpec:
    """A battle at Kish: the rule set (advanced scenario), the ships, standing damage priorities."""

    ruleset: str
    ships: tuple[ShipSpec, ...]
    priorities: tuple[tuple[str, str, tuple[DamageStep, ...]], ...] = ()


@st.composite
def records(draw: st.DrawFn, ruleset: str, warpship: bool) -> tuple[dict[Attr, int], dict[Attr, int]]:
    """A design's built maxima and current values, sometimes battered down to 0s and 1s; never a
    wreck (something damageable is left)."""
    ranges = CLASSIC_RANGES if ruleset == "classic" else REVISED_RANGES
    built: dict[Attr, int] = {}
    for attr, (low, high) in ranges.items():
        if attr in WARPSHIP_ONLY and not warpship:
            continue
        if attr is Attr.PD or draw(st.integers(0, 2)) > 0:
            built[attr] = draw(st.integers(low, high))
    battered = draw(st.integers(0, 3)) == 0
    current: dict[Attr, int] = {}
    for attr, top in built.items():
        whole = attr in UNDAMAGEABLE or (not battered and draw(st.integers(0, 2)) == 0)
        current[attr] = top if whole else draw(st.integers(0, min(top, 1) if battered else top))
    if all(v == 0 for a, v in current.items() if a not in UNDAMAGEABLE):
        current[Attr.PD] = built[Attr.PD]
    return built, current


@st.composite
def sides(draw: st.DrawFn, ruleset: str, owner: str) -> list[ShipSpec]:
    """1-4 ships of one player, Warpships and Systemships mixed, some Systemships in racks."""
    specs: list[ShipSpec] = []
    room: dict[str, int] = {}
    next_w, next_s = 1, 10
    for _ in range(draw(st.integers(1, 4))):
        warpship = draw(st.booleans())
        built, current = draw(records(ruleset, warpship))
        if warpship:
            label, next_w = f"W{next_w}", next_w + 1
            room[label] = current.get(Attr.SR, 0)
        else:
            label, next_s = f"S{next_s}", next_s + 1
        design = " ".join(f"{a.value}={v}" for a, v in built.items())
        damage = " ".join(f"{a.value}={v}" for a, v in current.items() if v != built[a])
        holds = current.get(Attr.H, 0)
        cargo = draw(st.sampled_from([0, draw(st.integers(0, holds * HOLD_CAPACITY))])) if holds else 0
        carriers = [w for w, free in room.items() if free > 0]
        carried_by = None
        if not warpship and carriers and draw(st.booleans()):
            carried_by = draw(st.sampled_from(carriers))
            room[carried_by] -= 1
        specs.append(
            ShipSpec(
                owner=owner,
                label=label,
                design=f"WG=1 {design}" if warpship else design,
                tl=draw(st.integers(0, 2)),
                damage=damage,
                cargo=cargo,
                carried_by=carried_by,
            )
        )
    return specs


@st.composite
def damage_priorities(draw: st.DrawFn) -> tuple[DamageStep, ...]:
    """A damage priority: a few slots first, each emptied or taking at most 1-3 hits (R-DMG-2)."""
    slots = draw(st.lists(st.sampled_from(list(DamageSlot)), unique=True, min_size=1, max_size=4))
    return tuple(DamageStep(slot, draw(st.none() | st.integers(1, 3))) for slot in slots)


@st.composite
def battles(draw: st.DrawFn) -> BattleSpec:
    """A battle at Kish in revised or classic advanced, with a standing damage priority or two."""
    ruleset = draw(st.sampled_from(["classic", "revised"]))
    ships = (*draw(sides(ruleset, "alice")), *draw(sides(ruleset, "bob")))
    standing = tuple(
        (s.owner, s.label, draw(damage_priorities())) for s in ships if draw(st.integers(0, 4)) == 0
    )
    return BattleSpec(ruleset, ships, standing)


@cache
def _opening(ruleset: str) -> GameState:
    return replace(start(ruleset, "advanced"), game_turn=3)


def kish(game: GameState) -> str:
    return game.map.star(KISH).hex


def build(spec: BattleSpec) -> GameState:
    """The spec's ships at Kish, alice moving, the battle there taking round 1's orders."""
    game = _opening(spec.ruleset)
    for s in spec.ships:
        game = place(game, s.owner, s.label, s.design, KISH, tl=s.tl, damage=s.damage)
        if s.cargo:
            ship = game.ship(s.owner, s.label)
            assert ship is not None
            game = replace(game, ships={**game.ships, ship.key: replace(ship, cargo=s.cargo)})
    for s in spec.ships:
        if s.carried_by is not None:
            game = carry(game, s.owner, s.carried_by, s.label)
    for owner, label, priority in spec.priorities:
        game = accept(game, SetDamagePriority(owner, label, priority))
    return PhaseBegan(Phase.COMBAT, (kish(game),)).apply(game)


# --- orders ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Transfer:
    """A Warpship's pick-ups and drops this round (R-CBT-9)."""

    pick_up: tuple[str, ...] = ()
    drop: tuple[str, ...] = ()


def _upto(draw: st.DrawFn, limit: int) -> int:
    """0..limit, the ends likelier than in a uniform draw."""
    return 0 if limit <= 0 else draw(st.one_of(st.just(0), st.just(limit), st.integers(0, limit)))


def _subset(draw: st.DrawFn, items: list[str], most: int) -> tuple[str, ...]:
    if not items or most <= 0:
        return ()
    return tuple(draw(st.lists(st.sampled_from(items), unique=True, max_size=most)))


@st.composite
def ship_orders(
    draw: st.DrawFn,
    game: GameState,
    ship: Ship,
    enemies: list[str],
    transfer: Transfer | None,
    picked: bool,
) -> Orders:
    """Orders a careful player might write for ``ship``: within PD and every attribute, beams and
    screens never with tubes, missiles or cannons, transfers with Dodge/Retreat, D=0, S=0 and no
    missiles or cannons, a ship being picked up firing nothing (R-CBT-2/3/4/9/16)."""
    enemy = st.sampled_from(enemies)
    if transfer:
        tactics = [Tactic.DODGE, Tactic.RETREAT]
    else:
        tactics = [Tactic.ATTACK, Tactic.ATTACK, Tactic.DODGE] + [Tactic.RETREAT] * ship.is_warpship
    tactic = draw(st.sampled_from(tactics))
    budget = ship.now(Attr.PD)
    beam = screen = ecm = tubes = cannons = drive = 0
    missiles: list[MissileShot] = []
    bursts: list[CannonShot] = []
    armed = (ship.now(Attr.T) > 0 and ship.now(Attr.M) > 0) or (
        ship.now(Attr.C) > 0 and ship.now(Attr.SH) > 0
    )
    if transfer is None and not picked and armed and draw(st.integers(0, 2)) > 0:
        # Tubes and cannons (revised: together), never with beams or screens (R-CBT-3).
        most = min(ship.now(Attr.T), ship.now(Attr.M), budget)
        fired = draw(st.integers(1, most)) if most else 0
        tubes = fired + _upto(draw, most - fired)
        budget -= tubes
        for _ in range(fired):
            missiles.append(MissileShot(draw(enemy), draw(st.integers(1, 8))))
        shells = ship.now(Attr.SH)
        bursts_fired = _upto(draw, min(ship.now(Attr.C), budget, shells))
        cannons = bursts_fired + _upto(draw, min(ship.now(Attr.C), budget) - bursts_fired)
        budget -= cannons
        for left in range(bursts_fired, 0, -1):
            n = draw(st.integers(1, min(3, shells - (left - 1))))
            shells -= n
            bursts.append(CannonShot(n, draw(st.none() | enemy)))
    else:
        beam = 0 if picked else _upto(draw, min(ship.now(Attr.B), budget))
        budget -= beam
        screen = 0 if transfer else _upto(draw, min(ship.now(Attr.S), budget))
        budget -= screen
    ecm = draw(st.integers(0, min(ship.now(Attr.E), budget)))
    budget -= ecm
    if not transfer:
        drive = _upto(draw, budget)
    wants_target = beam > 0 or any(b.target is None for b in bursts) or draw(st.booleans())
    target = draw(enemy) if wants_target else None
    escape = ship.is_warpship and draw(st.integers(0, 3)) == 0
    return Orders(
        ship=draw(st.sampled_from([ship.label, ship.label.lower(), f" {ship.label}"])),
        tactic=tactic,
        drive=drive,
        beam=beam,
        screen=screen,
        ecm=ecm,
        tubes=tubes,
        cannons=cannons,
        target=target,
        missiles=tuple(missiles),
        shots=tuple(bursts),
        pick_up=transfer.pick_up if transfer else (),
        drop=transfer.drop if transfer else (),
        retreat_to=draw(st.sampled_from(game.map.neighbours(kish(game)))) if escape else None,
        damage=draw(damage_priorities()) if draw(st.integers(0, 4)) == 0 else (),
    )


@st.composite
def submissions(draw: st.DrawFn, game: GameState, player: str) -> tuple[Orders, ...]:
    """One player's orders for the round at Kish: most ships ordered, some left to the defaults."""
    star = kish(game)
    fighting = combatants(game, star)
    mine = [s for s in fighting if s.owner == player]
    enemies = [s for s in fighting if s.owner != player]
    refs = [s.label for s in enemies] + [f"{s.label}@{s.owner}" for s in enemies]
    refs += [f" {s.label.lower()} " for s in enemies]
    rules = game.scenario.ruleset
    transfers: dict[str, Transfer] = {}
    picked: set[str] = set()
    for warpship in (s for s in mine if s.is_warpship):
        if draw(st.integers(0, 2)) != 0:
            continue
        allowed = rules.combat_transfers(warpship.now(Attr.SR))
        drop = _subset(draw, list(warpship.carrying), allowed)
        free = warpship.free_racks + len(drop)
        waiting = [s.label for s in mine if not s.is_warpship and s.label not in picked]
        pick_up = _subset(draw, waiting, min(allowed - len(drop), free))
        if drop or pick_up:
            transfers[warpship.label] = Transfer(pick_up, drop)
            picked.update(pick_up)
    orders = [
        draw(ship_orders(game, s, refs, transfers.get(s.label), s.label in picked))
        for s in mine
        if s.label in transfers or s.label in picked or draw(st.integers(0, 9)) > 0
    ]
    return tuple(orders)


# --- fighting ----------------------------------------------------------------------------


def submit(game: GameState, player: str, orders: tuple[Orders, ...]) -> Accepted | None:
    result = apply(game, SubmitOrders(player, KISH, orders))
    return result if isinstance(result, Accepted) else None


def the_report(events: tuple[Event, ...] | list[Event]) -> RoundReport:
    reports = [e.report for e in events if isinstance(e, RoundFought)]
    assert len(reports) == 1, f"expected one round fought, got {len(reports)}"
    return reports[0]


@dataclass(frozen=True)
class Round:
    """One round fought from ``before``: the commands that fought it and what they did."""

    before: GameState
    commands: tuple[SubmitOrders, ...]
    earlier: tuple[Event, ...]
    """Events of every command but the last: sealed orders only."""
    after: Accepted
    """The last command's result: the state after the round and the events of that command."""

    @property
    def report(self) -> RoundReport:
        return the_report(self.after.events)


def fight(data: st.DataObject, game: GameState) -> Round:
    """Both players send drawn orders (in a drawn order, the first sometimes amending a draft
    first); refused orders are filtered out.

    Each player's orders are first checked on their own against ``game``, so a refusal raised
    while resolving the round cannot pass for an illegal order (property a).
    """
    first, second = data.draw(st.permutations(PLAYERS), label="submitting order")
    orders = {p: data.draw(submissions(game, p), label=f"{p}'s orders") for p in PLAYERS}
    for player in PLAYERS:
        alone = submit(game, player, orders[player])
        assume(alone is not None)
        assert alone is not None
        assert [type(e) for e in alone.events] == [OrdersSubmitted], "one player's orders resolved a round"
    commands = [SubmitOrders(first, KISH, orders[first]), SubmitOrders(second, KISH, orders[second])]
    if data.draw(st.integers(0, 4), label="amend a draft") == 0:
        draft = data.draw(submissions(game, first), label=f"{first}'s draft")
        if submit(game, first, draft) is not None:
            commands.insert(0, SubmitOrders(first, KISH, draft))
    state, earlier = game, list[Event]()
    for command in commands[:-1]:
        sent = apply(state, command)
        assert isinstance(sent, Accepted)
        kinds = [type(e) for e in sent.events]  # a draft sent again as it was emits nothing (R-CBT-25)
        assert kinds in ([OrdersSubmitted], []), "a round resolved before all had sent"
        state = sent.state
        earlier.extend(sent.events)
    last = apply(state, commands[-1])
    assert isinstance(last, Accepted), f"valid orders refused at resolution: {last}"
    return Round(game, tuple(commands), tuple(earlier), last)


def points(ship: Ship) -> int:
    return sum(v for a, v in ship.current.items() if a not in UNDAMAGEABLE)


def check_records(game: GameState) -> None:
    """Every record within its limits: 0 ≤ current ≤ built, cargo within the Holds, carried
    Systemships within the racks (R-DMG-1, R-DMG-3, R-DMG-4)."""
    for ship in game.ships.values():
        for attr, value in ship.current.items():
            assert 0 <= value <= ship.max(attr), f"{ship.key} {attr.value}={value} (built {ship.max(attr)})"
        assert set(ship.current) <= set(ship.built), f"{ship.key} has attributes it was not built with"
        assert 0 <= ship.cargo <= ship.now(Attr.H) * HOLD_CAPACITY, f"{ship.key} cargo {ship.cargo}"
        assert len(ship.carrying) <= ship.now(Attr.SR), f"{ship.key} carries {ship.carrying}"
        for label in ship.carrying:
            carried = game.ship(ship.owner, label)
            assert carried is not None and carried.carried_by == ship.label and carried.hex is None


def check_missiles(before: GameState, report: RoundReport) -> None:
    """Each missile fired is one shot at its target, at its ordered drive unless the target's ECM
    moved it: by at most points + (target TL − missile TL), never below 1 (R-ECM-1, R-ECM-3);
    the target spends no more ECM than it powered."""
    spent: dict[str, int] = {}
    for key, orders in report.orders.items():
        shots = [s for s in report.shots if s.shooter == key and s.weapon is Weapon.MISSILE]
        assert len(shots) == len(orders.missiles)
        for missile, shot in zip(orders.missiles, shots, strict=True):
            label, _, owner = missile.target.strip().partition("@")
            target = before.ships[shot.target]
            assert target.label == label.upper() and owner in ("", target.owner)
            if shot.ecm is None:
                assert shot.drive == missile.drive
                continue
            use = shot.ecm
            assert use.points > 0 and use.drive_before == missile.drive and use.drive_after == shot.drive
            assert use.effective == max(0, use.points + target.tl - before.ships[key].tl)
            assert abs(shot.drive - missile.drive) <= use.effective and shot.drive >= 1
            spent[shot.target] = spent.get(shot.target, 0) + use.points
    for key, points_used in spent.items():
        assert points_used <= report.orders[key].ecm


def fight_rounds(data: st.DataObject, spec: BattleSpec) -> list[Round]:
    """1-4 rounds of the battle fought on drawn orders, fewer if it ends sooner."""
    game = build(spec)
    done: list[Round] = []
    for _ in range(data.draw(st.integers(1, 4), label="rounds")):
        if game.battle(kish(game)) is None:
            break
        done.append(fight(data, game))
        game = done[-1].after.state
    return done


# --- properties --------------------------------------------------------------------------


@SETTINGS
@given(battles(), st.data())
def test_orders_that_validate_always_resolve(spec: BattleSpec, data: st.DataObject) -> None:
    """(a) Orders each accepted on their own are accepted together, and the second submission
    resolves the round: one RoundFought reporting every fighting ship's orders as sent, the
    others' as defaulted (R-CBT-2, R-CBT-12, R-CBT-15)."""
    for number, done in enumerate(fight_rounds(data, spec), start=1):
        report = done.report
        assert report.round == number
        fighting = {s.key for s in combatants(done.before, kish(done.before))}
        assert set(report.orders) == fighting
        assert {r.ship for r in report.ships} == fighting
        final = {c.player: c.orders for c in done.commands}  # sending again amends
        sent: set[str] = set()
        for player, orders in final.items():
            for o in orders:
                label = o.ship.strip().upper()
                assert report.orders[f"{player}:{label}"] == replace(o, ship=label)
                sent.add(f"{player}:{label}")
        assert set(report.defaulted) == fighting - sent
        assert report.standing == ()


@SETTINGS
@given(battles(), st.data())
def test_hits_received_absorbed_and_taken_add_up(spec: BattleSpec, data: st.DataObject) -> None:
    """(b) Each weapon that hits does strength + firing TL + the CRT bonus (R-CBT-6); received =
    the hits of the weapons at the ship = absorbed + effective; the screen absorbs its power + TL
    at most, and nothing unpowered (R-CBT-7); a surviving ship takes every effective hit, a
    destroyed one no more than it had (R-DMG-1). Missiles fly at their ordered drive unless met
    with ECM, which moves it by its effective points at most, never below 1 (R-ECM-1/3)."""
    for done in fight_rounds(data, spec):
        report = done.report
        for shot in report.shots:
            tl = done.before.ships[shot.shooter].tl
            assert shot.hits == (shot.strength + tl + shot.outcome.bonus if shot.outcome.hits else 0)
        check_missiles(done.before, report)
        for r in report.ships:
            ship = done.before.ships[r.ship]
            orders = report.orders[r.ship]
            assert r.received == sum(s.hits for s in report.shots if s.target == r.ship)
            assert r.received == r.absorbed + r.effective
            assert r.absorbed >= 0 and r.effective >= 0
            screen = orders.screen + ship.tl if orders.screen > 0 else 0
            assert r.absorbed <= screen
            assert r.absorbed == min(r.received, screen)
            taken = sum(r.taken.values())
            if r.destroyed:
                assert taken <= r.effective
            else:
                assert taken == r.effective, f"{r.ship}: {r.effective} effective hits, {taken} taken"


@SETTINGS
@given(battles(), st.data())
def test_no_record_leaves_its_limits(spec: BattleSpec, data: st.DataObject) -> None:
    """(c) After every round no attribute is below 0 or above its built maximum, cargo stays
    within the Holds and carried Systemships within the racks (R-CBT-3, R-CBT-15, R-DMG-1..4)."""
    check_records(build(spec))
    for done in fight_rounds(data, spec):
        check_records(done.after.state)
        for r in done.report.ships:
            ship = done.before.ships[r.ship]
            assert 0 <= r.cargo_lost <= ship.cargo
            if r.after is not None:
                assert all(0 <= v <= ship.max(a) for a, v in r.after.items())


@SETTINGS
@given(battles(), st.data())
def test_resolution_is_deterministic(spec: BattleSpec, data: st.DataObject) -> None:
    """(d) The same commands on the same state give the same state and the same events, also on
    a copy of the state decoded from JSON (R-ECM-2: the engine's ECM choice is a function)."""
    for done in fight_rounds(data, spec):
        copy: GameState = decode(GameState, json.loads(json.dumps(encode(done.before))))
        for start_state in (done.before, copy):
            state = start_state
            events: tuple[Event, ...] = ()
            for command in done.commands:
                result = apply(state, command)
                assert isinstance(result, Accepted)
                state, events = result.state, result.events
            assert encode(state) == encode(done.after.state)
            assert encode(events) == encode(done.after.events)


@SETTINGS
@given(battles(), st.data())
def test_state_after_a_round_is_the_fold_of_its_events(spec: BattleSpec, data: st.DataObject) -> None:
    """(e) The state after a round is the fold of the round's events over the state before, also
    after the events went through JSON (R-CBT-11: the report is kept as an event)."""
    for done in fight_rounds(data, spec):
        events = (*done.earlier, *done.after.events)
        assert fold(events, done.before) == done.after.state
        encoded = [json.loads(json.dumps(encode(e))) for e in events]
        assert fold([decode(Event, e) for e in encoded], done.before) == done.after.state


PUBLIC_RESULT_FIELDS = frozenset(
    {"ship", "received", "absorbed", "effective", "destroyed", "escaped_to", "dropped", "picked_up"}
)
"""What everyone in the battle learns of a ship's round (R-CBT-11); any other field is private."""


def _default(f: Field[object]) -> object:
    return f.default_factory() if f.default_factory is not MISSING else f.default


@SETTINGS
@given(battles(), st.data())
def test_public_report_hides_private_fields(spec: BattleSpec, data: st.DataObject) -> None:
    """(g) Everyone in the battle sees orders, shots and hit totals, never where hits went, records,
    lost cargo or Systemships lost in racks; a player sees all of their own (R-CBT-11)."""
    private = [f for f in fields(ShipResult) if f.name not in PUBLIC_RESULT_FIELDS]
    for done in fight_rounds(data, spec):
        report = done.report
        public = report.view_for(None)
        assert replace(public, ships=report.ships) == report
        for r, seen in zip(report.ships, public.ships, strict=True):
            assert (seen.taken, seen.after, seen.cargo_lost, seen.lost) == ({}, None, 0, ())
            assert {f.name: getattr(seen, f.name) for f in private} == {f.name: _default(f) for f in private}
            assert replace(r, **{f.name: getattr(seen, f.name) for f in private}) == seen
        for player in PLAYERS:
            view = report.view_for(player)
            assert replace(view, ships=report.ships) == report
            for r, hidden, seen in zip(report.ships, public.ships, view.ships, strict=True):
                assert seen == (r if r.owner == player else hidden)


def _measure(game: GameState, star: str) -> tuple[int, int]:
    """Ships at the star (carried ones too) and their damageable attribute points."""
    here = game.ships_at(star)
    return len(here), sum(points(s) for s in here)


@st.composite
def standing_orders(draw: st.DrawFn, game: GameState) -> list[SetStandingOrders]:
    """Standing orders for a few ships, drawn like a round's orders (no transfers)."""
    star = kish(game)
    fighting = combatants(game, star)
    out: list[SetStandingOrders] = []
    for ship in fighting:
        if draw(st.integers(0, 3)) == 0:
            refs = [s.label for s in fighting if s.owner != ship.owner]
            out.append(
                SetStandingOrders(ship.owner, ship.label, draw(ship_orders(game, ship, refs, None, False)))
            )
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(battles(), st.data())
def test_every_battle_ends(spec: BattleSpec, data: st.DataObject) -> None:
    """(f) Rounds closed at the deadline (standing or default orders, R-CBT-12/17) or fought on
    drawn orders always end the battle: every round either removes attribute points or ships
    from the star, or adds one to the quiet count, and three quiet rounds end it (R-CBT-10/14), so
    it ends within 3 × (ships + points + 1) rounds; afterwards one side at most is left at the star
    and the turn has moved on from combat. Ships without sent orders fight on their standing orders
    or the default ones (R-CBT-12, R-CBT-17)."""
    game = build(spec)
    for command in data.draw(standing_orders(game), label="standing orders"):
        result = apply(game, command)
        if isinstance(result, Accepted):
            game = result.state
    star = kish(game)
    ships, pts = _measure(game, star)
    bound = 3 * (ships + pts + 1)
    for _ in range(bound):
        battle = game.battle(star)
        assert battle is not None and game.phase is Phase.COMBAT
        before, at_start = _measure(game, star), game
        events: list[Event] = []
        if data.draw(st.integers(0, 3), label="close the round") > 0:
            for player in data.draw(st.permutations(PLAYERS), label="submitting order"):
                sent = submit(game, player, data.draw(submissions(game, player), label=f"{player}'s orders"))
                if sent is not None:
                    game = sent.state
                    events.extend(sent.events)
        if not any(isinstance(e, RoundFought) for e in events):
            closed = apply(game, CloseRound(KISH))
            assert isinstance(closed, Accepted), closed
            game = closed.state
            events.extend(closed.events)
        report = the_report(events)
        for key in report.standing:
            assert report.orders[key] == at_start.standing[key]
        for key in report.defaulted:
            ship = at_start.ships[key]
            assert report.orders[key] == default_orders(ship.label, ship.now(Attr.PD), ship.now(Attr.S))
        check_records(game)
        after = _measure(game, star)
        assert after[0] <= before[0] and after[1] <= before[1], "combat added ships or points at the star"
        if report.quiet == 0:
            assert after != before, "a round with damage past the screens took nothing"
        else:
            assert report.quiet == battle.quiet + 1
        if any(isinstance(e, BattleEnded) for e in events):
            assert game.battle(star) is None
            assert game.phase is not Phase.COMBAT
            assert len(game.sides_at(star)) <= 1, game.sides_at(star)
            return
        assert report.quiet < 3, "three quiet rounds did not end the battle"
        assert len(game.sides_at(star)) > 1, "a battle with one side left did not end"
    raise AssertionError(f"the battle at Kish did not end within {bound} rounds")


def test_strategies_mostly_draw_legal_orders() -> None:
    """The order strategy is worth its salt: most drawn submissions are accepted (R-CBT-3)."""
    outcomes: list[bool] = []

    @settings(max_examples=100, deadline=None, database=None)
    @given(battles(), st.data())
    def count(spec: BattleSpec, data: st.DataObject) -> None:
        game = build(spec)
        for player in PLAYERS:
            outcomes.append(submit(game, player, data.draw(submissions(game, player))) is not None)

    count()
    assert len(outcomes) >= 100
    assert sum(outcomes) / len(outcomes) >= 0.95, f"{sum(outcomes)} of {len(outcomes)} accepted"
