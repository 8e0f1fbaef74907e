"""Item 15 of issue 10: every statement of the rules summary (``/warpwar rules``) and the CRT
(``/warpwar crt``) says what the engine does.

Each statement of gm.warpwar.rules_summary.py has a test here named ``test_item_15_<topic>_<key>``
(the first test checks that none is missing); it plays or parses the example the statement
gives, or asks the engine the fact the statement states. The commands the summary shows are
read by the console's own parser (its commands mirror Discord's; tests/cogs checks the names
against the Discord tree).
"""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from console.commands import TABLE
from console.lines import parse
from engine.warpwar import Accepted, Rejected, apply
from engine.warpwar.commands import (
    BuildShip,
    CloseRound,
    Concede,
    Drop,
    EndPhase,
    Go,
    Move,
    OrderBattles,
    Repair,
    Resupply,
    SetDamagePriority,
    SetStandingOrders,
    SubmitOrders,
)
from engine.warpwar.crt import CRT, Outcome, Tactic, read_crt
from engine.warpwar.damage import take_hits
from engine.warpwar.ecm import effective_points
from engine.warpwar.events import RoundFought
from engine.warpwar.movement import cheapest_path
from engine.warpwar.notation import parse_design
from engine.warpwar.order_notation import parse_damage, parse_orders
from engine.warpwar.orders import DEFAULT_PRIORITY, DamageSlot, Orders, default_orders, full_priority
from engine.warpwar.report import QUIET_ROUNDS, Weapon
from engine.warpwar.rulesets import (
    CLASSIC,
    HOLD_CAPACITY,
    REVISED,
    SCENARIOS,
    Attr,
    Rule,
    design_cost,
    scenario,
)
from engine.warpwar.ships import new_ship, record
from engine.warpwar.state import GameState, Phase
from gm.warpwar.rules_summary import TOPICS, crt_text, rules_text
from tests.engine.battle_helpers import battle, fight, report_of, ship_result, submit
from tests.engine.helpers import (
    accept,
    accepted,
    carry,
    classic,
    end_turn,
    place,
    refuse,
    revised,
    to_phase,
)
from tests.gm import test_whole_games as whole
from tests.gm.table import ALICE, BOB, CHANNEL, Table

SPECS = {name: command.spec for name, command in TABLE.items()}
"""The console's commands as its parser reads them."""
STATEMENTS = [(topic, key) for topic, t in TOPICS.items() for key in t.says]


def says(topic: str, key: str) -> str:
    return TOPICS[topic].says[key]


def examples(topic: str, key: str) -> list[str]:
    """The backquoted parts of a statement: commands and orders as a player types them."""
    return re.findall(r"`([^`]+)`", says(topic, key))


def test_item_15_every_statement_has_its_test() -> None:
    missing = [f"test_item_15_{t}_{k}" for t, k in STATEMENTS if f"test_item_15_{t}_{k}" not in globals()]
    assert missing == []


@pytest.mark.parametrize(("topic", "key"), STATEMENTS)
def test_item_15_every_command_shown_is_one_the_console_reads(topic: str, key: str) -> None:
    """A command shown with options is read in full; one shown bare (``/orders``) must exist."""
    for example in examples(topic, key):
        if not example.startswith("/"):
            continue
        if ":" in example:
            assert parse(example, SPECS).values, example
        else:
            assert example[1:] in SPECS, example


def test_item_15_each_topic_fits_one_message_and_names_no_ruling() -> None:
    for topic in TOPICS:
        text = rules_text(topic)
        assert len(text) <= 2000 and not re.search(r"R-[A-Z]+-\d", text)
        assert text.count("\n•") == len(TOPICS[topic].says)


# --- turn -----------------------------------------------------------------------------------------


async def test_item_15_turn_order(table: Table) -> None:
    assert "`fixed_order:yes`" in says("turn", "order")
    game = await whole.start_classic_learning(table)  # created with fixed_order
    state = await table.gm.replay(game)
    assert state is not None and [p.name for p in state.players] == ["alice", "bob"]


async def test_item_15_turn_ends(table: Table) -> None:
    """R-SCEN-2: bob, moving second, types the example; the deadline's draw is tested in
    tests/gm/test_ends.py."""
    (line,) = examples("turn", "ends")
    game = await whole.start_classic_learning(table, choose=False)
    end = parse(line, SPECS).values["end"]
    await table.ok(table.gm.choose_end(BOB, CHANNEL, end))
    state = await table.gm.replay(game)
    assert state is not None and state.player("bob").home == "north" and state.phase is Phase.BUILD


def with_a_systemship() -> GameState:
    """Revised advanced, alice's build phase: her W1 carries S10 at Ur."""
    game = place(revised("advanced"), "alice", "W1", "WG=1 PD=4 SR=1", "Ur")
    return carry(place(game, "alice", "S10", "PD=1 B=1", "Ur"), "alice", "W1", "S10")


def test_item_15_turn_phases() -> None:
    """Build, move, combat where ships meet, then the rearrangement only for Systemship owners."""
    game = classic("advanced")
    assert game.phase is Phase.BUILD
    moving = accept(game, EndPhase("alice"))
    assert moving.phase is Phase.MOVE
    assert accept(moving, EndPhase("alice")).active_player.name == "bob", "no Systemships: turn over"
    assert battle("alice W1: TL0 PD=4 B=2", "bob W2: TL0 PD=4 B=2").phase is Phase.COMBAT
    owner = to_phase(with_a_systemship(), Phase.MOVE)
    assert accept(owner, EndPhase("alice")).phase is Phase.REARRANGE


async def test_item_15_turn_done(table: Table) -> None:
    """/build done and /move done (the game master's ``done``) end the phase; after combat the
    same ends the rearrangement."""
    assert "`/build done`" in says("turn", "done") and "`/move done`" in says("turn", "done")
    game = await whole.start_classic_learning(table)
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, "Ur", "WG=1 PD=20 B=15"))
    await table.ok(table.gm.done(ALICE, CHANNEL))
    state = await table.gm.replay(game)
    assert state is not None and state.phase is Phase.MOVE
    await table.ok(table.gm.done(ALICE, CHANNEL))
    state = await table.gm.replay(game)
    assert state is not None and state.active_player.name == "bob"
    rearranging = accept(to_phase(with_a_systemship(), Phase.MOVE), EndPhase("alice"))
    assert accept(rearranging, EndPhase("alice")).active_player.name == "bob"


async def test_item_15_turn_idle(table: Table) -> None:
    game = await whole.start_classic_learning(table)
    await table.pass_time(47)
    state = await table.gm.replay(game)
    assert state is not None and (state.active_player.name, state.phase) == ("alice", Phase.BUILD)
    await table.pass_time(1)
    state = await table.gm.replay(game)
    assert state is not None and (state.active_player.name, state.phase) == ("bob", Phase.BUILD)
    assert state.ships_of("alice") == []


# --- build ----------------------------------------------------------------------------------------


def test_item_15_build_where() -> None:
    (command,) = examples("build", "where")
    design = parse(command, SPECS).values["design"]
    cost = design_cost(parse_design(design), 0)
    assert f"costs {cost} BP" in says("build", "where") and cost == 23
    game = classic("basic")
    built = accept(game, _build("alice", "Ur", design))
    assert built.player("alice").bp == game.player("alice").bp - cost


def _build(player: str, star: str, design: str) -> BuildShip:
    return BuildShip(player, star, parse_design(design))


def test_item_15_build_costs() -> None:
    assert set(CLASSIC.attributes) == {Attr.PD, Attr.WG, Attr.B, Attr.S, Attr.T, Attr.M, Attr.SR}
    for attr in (Attr.PD, Attr.B, Attr.S, Attr.T, Attr.SR):
        assert design_cost({attr: 4}, 0) == 4
    assert design_cost({Attr.WG: 1}, 0) == 5 and design_cost({Attr.M: 3}, 0) == 1
    assert new_ship("alice", "W1", {Attr.WG: 1, Attr.PD: 1}, 0, "0107", 1).is_warpship
    assert not new_ship("alice", "S10", {Attr.PD: 1}, 0, "0107", 1).is_warpship


def test_item_15_build_revised() -> None:
    assert set(REVISED.attributes) - set(CLASSIC.attributes) == {
        Attr.E,
        Attr.C,
        Attr.SH,
        Attr.A,
        Attr.H,
        Attr.R,
    }
    assert [design_cost({a: 2}, 0) for a in (Attr.E, Attr.C, Attr.H)] == [2, 2, 2]
    assert design_cost({Attr.SH: 6}, 0) == 1 and design_cost({Attr.SH: 7}, 0) == 2
    assert design_cost({Attr.A: 3}, 1) == 1 and design_cost({Attr.A: 4}, 1) == 2  # 2 + TL a BP
    assert design_cost({Attr.R: 1}, 0) == 5
    assert "10 BP of cargo" in says("build", "revised")
    assert HOLD_CAPACITY == 10


def test_item_15_build_tech() -> None:
    for ruleset, step in (("classic", 4), ("revised", 6)):
        advanced = scenario(ruleset, "advanced")
        assert [advanced.tech_level(t) for t in (1, step, step + 1, 2 * step + 1)] == [0, 0, 1, 2]
        assert f"every {step}" in says("build", "tech")
    assert all(not s.uses(Rule.TECH) for (r, k), s in SCENARIOS.items() if k != "advanced")


def test_item_15_build_repair() -> None:
    repair, resupply = examples("build", "repair")
    assert parse(repair, SPECS).values == {"ship": "W1", "amounts": "B=2"}
    assert parse(resupply, SPECS).values == {"ship": "W1", "missiles": 3}
    game = place(classic("advanced"), "alice", "W1", "WG=1 PD=6 B=4 T=1 M=3", "Ur", damage="B=2 M=0")
    bp = game.player("alice").bp
    repaired = accept(game, Repair("alice", "W1", {Attr.B: 2}))
    assert repaired.ships["alice:W1"].now(Attr.B) == 4 and repaired.player("alice").bp == bp - 2
    refuse(game, Repair("alice", "W1", {Attr.B: 3}), "over-maximum")
    assert accept(game, Resupply("alice", "W1", missiles=3)).player("alice").bp == bp - 1
    away = place(classic("advanced"), "alice", "W1", "WG=1 PD=6 B=4", "Kish", damage="B=2")
    refuse(away, Repair("alice", "W1", {Attr.B: 2}), "not-at-base")
    basic = revised("basic")
    base = basic.bases_of("alice")[0]
    armored = place(basic, "alice", "W1", "WG=1 PD=6 A=4 C=1 SH=6", base.star, damage="A=0 SH=0")
    paid = accept(armored, Repair("alice", "W1", {Attr.A: 4}))
    assert base.stockpile - paid.bases[base.star].stockpile == 2
    shells = accept(armored, Resupply("alice", "W1", shells=6))
    assert base.stockpile - shells.bases[base.star].stockpile == 1
    for key in ("learning", "basic"):
        simple = scenario("classic", key)
        assert not simple.uses(Rule.REPAIR) and not simple.uses(Rule.RESUPPLY)
    bay = place(revised("advanced"), "alice", "W1", "WG=1 PD=6 H=2 R=1", "Kish")
    bay = place(bay, "alice", "W2", "WG=1 PD=6 B=4", "Kish", damage="B=1")
    bay = replace(bay, ships={**bay.ships, "alice:W1": replace(bay.ships["alice:W1"], cargo=5)})
    assert accept(bay, Repair("alice", "W2", {Attr.B: 3})).ships["alice:W1"].cargo == 2
    assert not scenario("revised", "basic").uses(Rule.REPAIR_BAYS)


def test_item_15_build_first() -> None:
    for key, grant in (("learning", 40), ("basic", 50)):
        game = classic(key)
        assert game.player("alice").bp == grant and f"{grant}" in says("build", "first")
        assert scenario("classic", key).spend_all_first_turn
    assert scenario("classic", "learning").warpships_only and not scenario("classic", "basic").warpships_only
    assert isinstance(apply(classic("learning"), _build("alice", "Ur", "PD=5 B=5")), Rejected)
    refuse(classic("learning"), EndPhase("alice"), "bp-left")
    game = accept(classic("learning"), _build("alice", "Ur", "WG=1 PD=20 B=14"))
    assert game.player("alice").bp == 1, "1 BP buys no Warpship"
    assert accept(game, EndPhase("alice")).player("alice").bp == 0


# --- move -----------------------------------------------------------------------------------------


def test_item_15_move_points() -> None:
    assert [CLASSIC.movement_points(pd) for pd in (4, 5)] == [4, 5]
    assert [REVISED.movement_points(pd) for pd in (4, 5)] == [2, 3]
    game = to_phase(
        replace(place(classic("advanced"), "alice", "W8", "WG=1 PD=2", "1919"), game_turn=2), Phase.MOVE
    )
    moved = accept(game, Move("alice", "W8", (Go("1818"), Go("1717"))))
    assert moved.ships["alice:W8"].now(Attr.PD) == 2


def test_item_15_move_costs() -> None:
    """The rule texts' W6 example: onto Umma (1 hex), the warpline to Girsu (1), 3 hexes to Kish,
    and a Systemship dropped at Girsu (1 more)."""
    game = place(classic("advanced"), "alice", "W6", "WG=1 PD=6 SR=1", "1720")
    game = carry(place(game, "alice", "S10", "PD=1 B=1", "1720"), "alice", "W6", "S10")
    game = to_phase(replace(game, game_turn=2), Phase.MOVE)
    hexes = cheapest_path(game, "alice", game.map.star("Girsu").hex, game.map.star("Kish").hex)
    assert hexes is not None and len(hexes) == 3
    plain = accept(game, Move("alice", "W6", (Go("Umma"), Go("Girsu"), *(Go(h) for h in hexes))))
    assert plain.turn.mp_used["W6"] == 5
    dropping = accept(
        game, Move("alice", "W6", (Go("Umma"), Go("Girsu"), Drop("S10"), *(Go(h) for h in hexes)))
    )
    assert dropping.turn.mp_used["W6"] == 6


def test_item_15_move_stop() -> None:
    game = place(
        place(classic("advanced"), "alice", "W1", "WG=1 PD=9", "Girsu"), "bob", "W2", "WG=1 PD=2", "Umma"
    )
    game = to_phase(replace(game, game_turn=2), Phase.MOVE)
    refuse(game, Move("alice", "W1", (Go("Umma"), Go("1720"))), "must-stop")
    space = place(
        place(classic("advanced"), "alice", "W8", "WG=1 PD=2", "1919"), "bob", "W9", "WG=1 PD=2", "1818"
    )
    space = to_phase(replace(space, game_turn=2), Phase.MOVE)
    assert accept(space, Move("alice", "W8", (Go("1818"), Go("1717")))).ships["alice:W8"].hex == "1717"
    first = to_phase(place(classic("advanced"), "alice", "W1", "WG=1 PD=3", "Babylon"), Phase.MOVE)
    babylon = first.map.star("Babylon").hex
    near = to_phase(
        place(classic("advanced"), "alice", "W1", "WG=1 PD=3", first.map.neighbours(babylon)[0]), Phase.MOVE
    )
    refuse(near, Move("alice", "W1", (Go("Babylon"),)), "first-turn")


async def test_item_15_move_command(table: Table) -> None:
    to_kish, by_path = examples("move", "command")
    assert parse(to_kish, SPECS).values == {"ship": "W1", "to": "Kish"}
    assert parse(f"/move ship ship:W1 {by_path}", SPECS).values["path"] == "Umma Girsu"
    game = await whole.start_classic_learning(table)
    home, _, route = await whole.attack_route(table.gm, game)
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=30 B=5"))
    await table.ok(table.gm.done(ALICE, CHANNEL))
    goal = route[len(route) // 2]
    await table.ok(table.gm.move(ALICE, CHANNEL, "W1", to=goal))
    after = await table.gm.replay(game)
    assert after is not None and after.turn.mp_used["W1"] == len(route[: len(route) // 2 + 1])


async def test_item_15_move_undo(table: Table) -> None:
    assert examples("move", "undo") == ["/move undo"]
    game = await whole.start_classic_learning(table)
    home, _, route = await whole.attack_route(table.gm, game)
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=30 B=5"))
    await table.ok(table.gm.done(ALICE, CHANNEL))
    await table.ok(table.gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[:2])))
    await table.ok(table.gm.undo(ALICE, CHANNEL))
    state = await table.gm.replay(game)
    assert state is not None and state.map.label(state.position(state.ships["alice:W1"])) == home


# --- combat ---------------------------------------------------------------------------------------


def test_item_15_combat_where() -> None:
    command, setting = examples("combat", "where")
    assert parse(command, SPECS).values == {"stars": "Kish Ur"}
    assert parse(f"/warpwar settings {setting}", SPECS).values == {"parallel_battles": True}
    two = battle(
        "alice W1: TL0 PD=4 B=2",
        "bob W2: TL0 PD=4 B=2",
        "alice W3: TL0 PD=4 B=2 @Ur",
        "bob W4: TL0 PD=4 B=1 @Ur",
    )
    assert len(two.turn.battles) == 2 and len(two.open_battles()) == 1
    chosen = accept(two, OrderBattles("alice", ("Ur", "Kish")))
    assert chosen.open_battles()[0].star == chosen.map.star("Ur").hex
    at_once = battle(
        "alice W1: TL0 PD=4 B=2",
        "bob W2: TL0 PD=4 B=2",
        "alice W3: TL0 PD=4 B=2 @Ur",
        "bob W4: TL0 PD=4 B=1 @Ur",
        parallel=True,
    )
    assert len(at_once.open_battles()) == 2
    allied = battle(
        "alice W1: TL0 PD=4 B=2",
        "carol W2: TL0 PD=4 B=2",
        players=("alice", "bob", "carol"),
        alliances={"alice": "red", "carol": "red"},
    )
    assert allied.turn.battles == ()


def test_item_15_combat_sealed() -> None:
    state = battle("alice W1: TL0 PD=4 B=2", "alice W3: TL0 PD=4 B=2", "bob W2: TL0 PD=4 B=2")
    kish = state.map.star("Kish").hex
    held = apply(state, SubmitOrders("alice", kish, parse_orders("W1 ATTACKS W2: D=2 B=2"), confirm=False))
    assert isinstance(held, Accepted) and "alice" in held.state.turn.battles[0].pending
    both = apply(held.state, SubmitOrders("alice", kish, parse_orders("W3 DODGES: D=4"), merge=True))
    assert isinstance(both, Accepted) and both.state.turn.battles[0].sealed("alice")
    assert not any(isinstance(e, RoundFought) for e in both.events), "bob's are not in: nothing revealed"
    fought = submit(both.state, "bob", "W2 DODGES: D=4")
    assert isinstance(fought, Accepted) and set(report_of(fought).orders) == {
        "alice:W1",
        "alice:W3",
        "bob:W2",
    }
    closed = accept(both.state, CloseRound(kish))
    after = closed.battle(kish)
    assert after is not None and after.round == 2, "the deadline revealed and fought round 1"


def test_item_15_combat_power() -> None:
    state = battle(
        "alice W1: TL0 PD=6 B=4 S=4 T=2 M=3 E=2 C=1 SH=6", "alice S10: TL0 PD=4 B=1", "bob W2: TL0 PD=4 B=2"
    )
    assert _refused(state, "W1 ATTACKS W2: D=2 B=3 S=2", "over-power")
    assert _refused(state, "W1 ATTACKS W2: D=1 B=2 T=1\nM at W2: D=2", "exclusive")
    assert _refused(state, "W1 ATTACKS W2: D=1 S=1 C=1", "exclusive")
    assert _refused(state, "S10 RETREATS: D=4", "systemship-retreat")
    assert isinstance(submit(state, "alice", "W1 ATTACKS W2: D=1 B=2 S=1 E=2\nS10 DODGES: D=4"), Accepted)


def _refused(state: GameState, orders: str, code: str) -> bool:
    result = submit(state, "alice", orders)
    return isinstance(result, Rejected) and result.code == code


def test_item_15_combat_end() -> None:
    assert QUIET_ROUNDS == 3 and "3 rounds in a row" in says("combat", "end")
    state = battle("alice W1: TL0 PD=4 S=2", "bob W2: TL0 PD=4 S=2")
    for _ in range(QUIET_ROUNDS):
        assert state.turn.battles
        state = fight(state, alice="W1 DODGES: D=4", bob="W2 DODGES: D=4").state
    assert state.turn.battles == ()
    assert state.ships["alice:W1"].hex != state.map.star("Kish").hex, "alice moved: her ships withdraw"
    assert state.ships["bob:W2"].hex == state.map.star("Kish").hex


def test_item_15_combat_standing() -> None:
    (command,) = examples("combat", "standing")
    (parsed,) = parse_orders(parse(command, SPECS).values["orders"])
    state = battle("alice W1: TL0 PD=6 S=3", "bob W2: TL0 PD=6 B=3")
    standing = accept(state, SetStandingOrders("alice", "W1", parsed))
    on_standing = report_of(only_bob_sends(standing))
    assert on_standing.orders["alice:W1"] == parsed and "alice:W1" in on_standing.standing
    on_default = report_of(only_bob_sends(state))
    assert on_default.orders["alice:W1"] == default_orders("W1", 6, 3) and "alice:W1" in on_default.defaulted
    assert default_orders("W1", 6, 3) == Orders(ship="W1", tactic=Tactic.DODGE, drive=3, screen=3)
    assert (default_orders("W1", 2, 3).screen, default_orders("W1", 2, 3).drive) == (2, 0)


def only_bob_sends(state: GameState) -> Accepted:
    """bob's orders, then the round's deadline passes without alice's."""
    sent = submit(state, "bob", "W2 ATTACKS W1: D=2 B=3")
    assert isinstance(sent, Accepted)
    return accepted(sent.state, CloseRound(sent.state.map.star("Kish").hex))


# --- orders ---------------------------------------------------------------------------------------


def test_item_15_orders_beam() -> None:
    (line,) = examples("orders", "beam")
    state = battle("alice W3: TL0 PD=5 B=3 S=2", "bob S25: TL0 PD=6 B=1")
    result = fight(state, alice=line, bob="S25 DODGES: D=6")
    shot = report_of(result).shots[0]
    assert (shot.weapon, shot.shooter, shot.target, shot.strength) == (Weapon.BEAM, "alice:W3", "bob:S25", 3)


def test_item_15_orders_missiles() -> None:
    header, missile = examples("orders", "missiles")
    state = battle("alice S25: TL0 PD=6 T=1 M=3", "bob W3: TL0 PD=6 B=1")
    result = fight(state, alice=f"{header}\n{missile}", bob="W3 DODGES: D=6")
    (shot,) = report_of(result).shots
    assert (shot.weapon, shot.target, shot.drive) == (Weapon.MISSILE, "bob:W3", 3)


def test_item_15_orders_retreat() -> None:
    (line,) = examples("orders", "retreat")
    state = battle("alice W1: TL0 PD=6 B=1", "bob W2: TL0 PD=6 B=1")
    result = fight(state, alice=line, bob="W2 DODGES: D=6")
    assert ship_result(result, "alice:W1").escaped_to is not None


def test_item_15_orders_name() -> None:
    (name,) = examples("orders", "name")
    state = battle(
        "alice W1: TL0 PD=6 B=2",
        "bob W1: TL0 PD=6 B=1",
        "carol W1: TL0 PD=6 B=1",
        players=("alice", "bob", "carol"),
    )
    assert _refused(state, "W1 ATTACKS W1: D=2 B=2", "ambiguous-target")
    result = submit(state, "alice", f"W1 ATTACKS {name}: D=2 B=2")
    assert isinstance(result, Accepted)


def test_item_15_orders_power() -> None:
    (orders,) = parse_orders("W1 ATTACKS W2: D=1 B=1 S=1 E=1 T=0 C=1\nM at W2: D=9")
    assert orders.power == 5
    state = battle("alice S25: TL0 PD=1 T=1 M=3", "bob W3: TL0 PD=6 B=1")
    assert isinstance(submit(state, "alice", "S25 ATTACKS W3: D=0 T=1\nM at W3: D=6"), Accepted)


# --- CRT ------------------------------------------------------------------------------------------


def test_item_15_crt_read() -> None:
    assert read_crt(Tactic.DODGE, 0, Tactic.ATTACK).outcome is Outcome.HIT  # DODGE rows, "0, -1"
    assert read_crt(Tactic.ATTACK, 3, Tactic.DODGE).outcome is Outcome.HIT  # ATTACK rows, "+3, +4"
    state = battle("alice W1: TL0 PD=9 B=2", "bob S2: TL0 PD=6 T=1 M=3")
    result = fight(state, alice="W1 DODGES, FIRING AT S2: D=4 B=2", bob="S2 DODGES: D=1 T=1\nM at W1: D=7")
    beam, missile = report_of(result).shots
    assert (beam.tactic, beam.drive, beam.target_drive, beam.column) == (Tactic.DODGE, 4, 1, Tactic.DODGE)
    assert (missile.tactic, missile.drive, missile.column) == (Tactic.ATTACK, 7, Tactic.DODGE)
    assert beam.outcome is read_crt(Tactic.DODGE, 3, Tactic.DODGE).outcome


def test_item_15_crt_hits() -> None:
    state = battle("alice W1: TL2 PD=9 B=3 C=1 SH=6", "bob W2: TL0 PD=6 T=1 M=3")
    beam = fight(state, alice="W1 ATTACKS W2: D=1 B=3", bob="W2 ATTACKS W1: D=1 T=1\nM at W1: D=1")
    by_weapon = {s.weapon: s for s in report_of(beam).shots}
    assert by_weapon[Weapon.BEAM].outcome is Outcome.HIT_2 and by_weapon[Weapon.BEAM].hits == 3 + 2 + 2
    assert by_weapon[Weapon.MISSILE].outcome is Outcome.HIT_2 and by_weapon[Weapon.MISSILE].hits == 2 + 0 + 2
    cannon = fight(state, alice="W1 ATTACKS W2: D=3 C=1 (2 shells)", bob="W2 ATTACKS W1: D=1")
    (shot,) = report_of(cannon).shots
    assert shot.outcome is Outcome.HIT_1 and shot.hits == 2 + 2 + 1


def test_item_15_crt_escapes() -> None:
    held = battle("alice W1: TL0 PD=8 S=2", "bob W2: TL0 PD=8 B=3", "bob W3: TL0 PD=8 B=3")
    one_miss = fight(
        held, alice="W1 RETREATS: D=2 S=2", bob="W2 DODGES, FIRING AT W1: D=0 B=3\nW3 ATTACKS W1: D=4 B=3"
    )
    assert ship_result(one_miss, "alice:W1").escaped_to is None
    hit = battle("alice W1: TL0 PD=8 S=1", "bob W2: TL0 PD=8 B=3", "bob S9: TL0 PD=4 T=1 M=3")
    away = fight(
        hit,
        alice="W1 RETREATS: D=4",
        bob="W2 DODGES, FIRING AT W1: D=1 B=3\nS9 ATTACKS W1: D=0 T=1\nM at W1: D=4",
    )
    shots = report_of(away).shots
    assert shots[0].outcome is Outcome.ESCAPES
    assert ship_result(away, "alice:W1").escaped_to is not None
    assert ship_result(away, "alice:W1").received == sum(s.hits for s in shots)
    doomed = battle("alice W1: TL0 PD=1", "bob W2: TL0 PD=8 B=3")
    destroyed = fight(doomed, alice="W1 RETREATS: D=1", bob="W2 ATTACKS W1: D=4 B=3")
    fate = ship_result(destroyed, "alice:W1")
    assert report_of(destroyed).shots[0].outcome.hits and fate.destroyed and fate.escaped_to is None


def test_item_15_crt_table() -> None:
    """The printed table is the engine's: every row and column read back equals read_crt."""
    assert examples("crt", "table") == ["/warpwar crt"]
    text = crt_text()
    block = text.split("```")[1].strip().splitlines()[2:]
    assert len(block) == len(CRT)
    cell = {
        "-": Outcome.MISS,
        "H": Outcome.HIT,
        "H+1": Outcome.HIT_1,
        "H+2": Outcome.HIT_2,
        "E": Outcome.ESCAPES,
    }
    for row, line in zip(CRT, block, strict=True):
        tactic, rest = line.split(maxsplit=1)
        label, cells = rest[:11].strip(), rest[12:].split()
        assert (tactic, label) == (row.tactic.name, row.label)
        difference = row.low if row.low is not None else row.high
        assert difference is not None
        assert [cell[c] for c in cells] == [read_crt(row.tactic, difference, t).outcome for t in Tactic]
    assert "the same in both rule sets" in text


# --- ECM ------------------------------------------------------------------------------------------


def test_item_15_ecm_power() -> None:
    state = battle("alice W1: TL0 PD=6 B=2 S=2 E=2", "bob W2: TL0 PD=6 B=1")
    assert isinstance(submit(state, "alice", "W1 ATTACKS W2: D=1 B=2 S=1 E=2"), Accepted)
    assert _refused(state, "W1 ATTACKS W2: D=0 B=2 S=1 E=3", "over-capacity")
    assert _refused(state, "W1 ATTACKS W2: D=2 B=2 S=1 E=2", "over-power")


def test_item_15_ecm_shift() -> None:
    """The statement's example: drive 4 against a target at drive 1 that Dodges is a Hit;
    2 points move it to drive 2, a Miss."""
    assert "a missile of drive 4 met with 2 points may read drive 2" in says("ecm", "shift")
    state = battle("alice W4: TL0 PD=9 E=2", "bob S35: TL0 PD=6 T=1 M=3")
    result = fight(state, bob="S35 ATTACKS W4: D=1 T=1\nM at W4: D=4", alice="W4 DODGES: D=1 E=2")
    (shot,) = report_of(result).shots
    assert shot.ecm is not None and (shot.ecm.points, shot.ecm.drive_before, shot.ecm.drive_after) == (
        2,
        4,
        2,
    )
    assert shot.outcome is Outcome.MISS and read_crt(Tactic.ATTACK, 3, Tactic.DODGE).outcome.hits


def test_item_15_ecm_tech() -> None:
    assert [effective_points(2, 1, 0), effective_points(2, 0, 1), effective_points(1, 0, 3)] == [3, 1, 0]
    assert effective_points(0, 3, 0) == 0


def test_item_15_ecm_best() -> None:
    """Two missiles at a Dodging ship at drive 1 with 1 ECM point: M1 (drive 1) misses anyway;
    M2 (drive 3, Hit +1) moved to drive 2 misses too, so the point goes to M2."""
    state = battle("alice W4: TL0 PD=9 E=1", "bob S35: TL0 PD=6 T=2 M=3")
    missiles = "S35 ATTACKS W4: D=0 T=2\nM at W4: D=1\nM at W4: D=3"
    result = fight(state, bob=missiles, alice="W4 DODGES: D=1 E=1")
    first, second = report_of(result).shots
    assert first.ecm is None and first.outcome is Outcome.MISS
    assert second.ecm is not None and (second.ecm.drive_before, second.ecm.drive_after) == (3, 2)
    assert read_crt(Tactic.ATTACK, 2, Tactic.DODGE).outcome is Outcome.HIT_1
    assert ship_result(result, "alice:W4").received == 0


# --- damage ---------------------------------------------------------------------------------------


def test_item_15_damage_screen() -> None:
    state = battle("alice W1: TL1 PD=9 S=3 A=9", "bob W2: TL0 PD=9 B=3", "bob W3: TL0 PD=9 B=3")
    result = fight(
        state, alice="W1 ATTACKS W2: D=4 S=2", bob="W2 ATTACKS W1: D=4 B=3\nW3 ATTACKS W1: D=4 B=3"
    )
    w1 = ship_result(result, "alice:W1")
    assert (w1.received, w1.absorbed, w1.effective) == (10, 3, 7)  # 2 Hit +2 of 5; screen 2 + TL 1, once
    bare = fight(state, alice="W1 ATTACKS W2: D=6", bob="W2 ATTACKS W1: D=4 B=3\nW3 ATTACKS W1: D=4 B=3")
    assert ship_result(bare, "alice:W1").absorbed == 0


def test_item_15_damage_priority() -> None:
    (command,) = examples("damage", "priority")
    text = parse(command, SPECS).values["priority"]
    steps = parse_damage(text)
    assert [(s.slot, s.limit) for s in steps] == [(DamageSlot.A, None), (DamageSlot.S, 2)]
    state = battle("alice W1: TL0 PD=9 S=3 B=2", "bob W2: TL0 PD=9 B=3")
    assert accept(state, SetDamagePriority("alice", "W1", steps)).priorities["alice:W1"] == steps
    named = (
        "armor, empty holds, empty racks, ECM, shells, missiles, cannons, tubes, screen, beam, loaded holds"
    )
    assert named in says("damage", "priority")
    assert [s.slot for s in DEFAULT_PRIORITY] == list(DamageSlot) and DEFAULT_PRIORITY[
        -1
    ].slot is DamageSlot.PD


def test_item_15_damage_units() -> None:
    ship = new_ship("alice", "W1", parse_design("WG=1 PD=3 B=1 M=6 SH=12 A=1"), 0, "2118", 1)
    damage = take_hits(ship, 3, parse_damage("M, SH, A"))
    assert damage.taken == {DamageSlot.M: 2, DamageSlot.SH: 1}
    assert (damage.current[Attr.M], damage.current[Attr.SH]) == (0, 6)
    assert take_hits(ship, 1, parse_damage("A")).current[Attr.A] == 0
    assert take_hits(ship, 2, parse_damage("B, PD")).current[Attr.PD] == 2
    after = take_hits(ship, 2, parse_damage("M 1, SH 1"))
    assert (after.current[Attr.M], after.current[Attr.SH]) == (3, 6)


def test_item_15_damage_destroyed() -> None:
    ship = new_ship("alice", "W1", parse_design("WG=1 PD=2 B=1 R=1"), 0, "2118", 1)
    damage = take_hits(ship, 3, full_priority(()))
    assert damage.destroyed and damage.current[Attr.WG] == 1 and damage.current[Attr.R] == 1
    state = battle("alice W1: TL0 PD=1 SR=1", "alice S10 in W1: TL0 PD=2 B=1", "bob W2: TL0 PD=9 B=5")
    result = fight(state, alice="W1 DODGES: D=1", bob="W2 ATTACKS W1: D=4 B=5")
    assert ship_result(result, "alice:W1").destroyed and result.state.ship("alice", "S10") is None


# --- victory --------------------------------------------------------------------------------------


def test_item_15_victory_classic() -> None:
    for key, points in (("learning", 1), ("basic", 2), ("advanced", 3)):
        assert scenario("classic", key).victory_points == points
    game = classic("learning")
    bob_base = game.bases_of("bob")[0].star
    held = place(replace(game, game_turn=2), "alice", "W1", "WG=1 PD=9 B=1", bob_base)
    won = end_turn(end_turn(held))  # alice's, then bob's: alice's next turn begins holding it
    assert won.player("alice").vp == 1
    assert won.result is not None and won.result.winners == ("alice",)


def test_item_15_victory_draw() -> None:
    assert (
        scenario("classic", "learning").draw_when_no_fighters
        and scenario("classic", "basic").draw_when_no_fighters
    )
    assert not scenario("classic", "advanced").draw_when_no_fighters
    game = place(replace(classic("basic"), game_turn=2), "alice", "W1", "WG=1 PD=9", "Ur")
    game = to_phase(game, Phase.MOVE)
    over = accept(game, EndPhase("alice"))
    assert over.result is not None and over.result.winners == ()


def test_item_15_victory_revised() -> None:
    game = revised("basic")
    bob_base = game.bases_of("bob")[0].star
    held = to_phase(place(replace(game, game_turn=2), "alice", "W1", "WG=1 PD=9 B=1", bob_base), Phase.MOVE)
    over = accept(held, EndPhase("alice"))
    assert over.bases_of("bob") == [] and over.player("bob").out
    assert over.result is not None and over.result.winners == ("alice",)


async def test_item_15_victory_concede(table: Table) -> None:
    assert examples("victory", "concede") == ["/warpwar concede"]
    conceded = accept(classic("learning"), Concede("bob"))
    assert conceded.result is not None and conceded.result.winners == ("alice",)
    await whole.test_classic_learning_to_a_win(table)
    game = table.replies[0].game_id
    assert game is not None
    final = await table.gm.replay(game)
    assert final is not None and final.result is not None
    told = "\n".join(t for t in table.public() if "now revealed" in t)
    assert all(record(ship) in told for ship in final.ships.values()) and final.ships
