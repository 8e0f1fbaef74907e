"""Battles from first round to last: order of battles, deadlines, defaults, the three-round
rule, withdrawal, several sides (R-CBT-1, R-CBT-10..14, R-CBT-17, project rulings)."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.serial import decode, encode
from engine.warpwar import Accepted, GameState
from engine.warpwar.commands import (
    CloseRound,
    Command,
    Concede,
    EndPhase,
    Go,
    Move,
    OrderBattles,
    SetDamagePriority,
    SetStandingOrders,
    SubmitOrders,
)
from engine.warpwar.crt import Tactic
from engine.warpwar.events import BattleEnded, Event, RoundFought, fold
from engine.warpwar.order_notation import parse_damage, parse_order
from engine.warpwar.orders import Orders
from engine.warpwar.state import Phase
from tests.engine.battle_helpers import battle, fight, report_of, ship_result, submit
from tests.engine.helpers import accept, accepted, place, refuse, started, to_phase

TWO_BATTLES = (
    "alice W1: TL0 PD=6 B=2 S=2",
    "bob W2: TL0 PD=6 S=2",
    "alice W3: TL0 PD=6 B=2 S=2 @Ur",
    "bob W4: TL0 PD=6 S=2 @Ur",
)


def quiet_round(game: GameState, star: str = "Kish") -> Accepted:
    """A round in which nobody fires: every ship on default orders."""
    return accepted(game, CloseRound(star))


def test_r_cbt_1_battles_are_fought_one_after_another_in_the_moving_players_order() -> None:
    """R-CBT-1: one star's combat ends before the next begins; the moving player picks the order."""
    game = battle(*TWO_BATTLES)
    assert [game.map.label(b.star) for b in game.open_battles()] == ["Ur"]  # map order first
    refuse(game, SubmitOrders("alice", "Kish", ()), "battle-later", "comes after the one at Ur")
    refuse(game, OrderBattles("bob", ("Kish",)), "not-your-turn")
    game = accept(game, OrderBattles("alice", ("Kish",)))
    assert [game.map.label(b.star) for b in game.open_battles()] == ["Kish"]
    game = accept(game, CloseRound("Kish"))
    refuse(game, OrderBattles("alice", ("Ur",)), "battle-begun", "Kish has begun")
    for _ in range(2):
        game = accept(game, CloseRound("Kish"))
    assert [game.map.label(b.star) for b in game.open_battles()] == ["Ur"]
    assert game.phase is Phase.COMBAT


def test_r_cbt_1_parallel_battles_all_take_orders_at_once() -> None:
    """R-CBT-1's game option: with parallel battles every battle takes orders at once."""
    game = battle(*TWO_BATTLES, parallel=True)
    assert len(game.open_battles()) == 2
    assert isinstance(submit(game, "alice", "W1 ATTACKS W2: D=1 B=2", star="Kish"), Accepted)
    assert isinstance(submit(game, "alice", "W3 ATTACKS W4: D=1 B=2", star="Ur"), Accepted)
    refuse(game, OrderBattles("alice", ("Kish",)), "parallel", "all battles are fought at once")


def test_r_cbt_10_combat_ends_when_one_side_is_gone_and_the_turn_goes_on() -> None:
    """R-CBT-10: when one side has no ships left the battle ends; with none left the turn goes on."""
    game = battle("alice W1: TL0 PD=9 B=6", "bob S20: TL0 PD=1")
    result = fight(game, alice="W1 ATTACKS S20: D=1 B=6", bob="S20 ATTACKS: D=1")
    assert ship_result(result, "bob:S20").destroyed
    ended = [e for e in result.events if isinstance(e, BattleEnded)]
    assert [e.reason for e in ended] == ["alice held Kish"]
    assert result.state.phase is not Phase.COMBAT and result.state.turn.battles == ()


def test_r_cbt_10_three_quiet_rounds_and_the_moving_player_withdraws() -> None:
    """R-CBT-10: after three rounds without damage past screens the moving player withdraws every
    ship to adjacent hexes; its Systemships go into free racks, and those that fit nowhere are
    destroyed."""
    game = battle(
        "alice W1: TL0 PD=6 S=2 SR=1",
        "alice S10: TL0 PD=2 S=1",
        "alice S11: TL0 PD=2 S=1",
        "bob W2: TL0 PD=6 S=2",
    )
    game = accept(game, CloseRound("Kish"))
    game = accept(game, CloseRound("Kish"))
    last = accepted(game, SubmitOrders("alice", "Kish", (parse_order("W1 DODGE: D=4; retreat to 2219"),)))
    last = accepted(last.state, SubmitOrders("bob", "Kish", ()))
    assert report_of(last).quiet == 3
    state = last.state
    assert state.ship("alice", "W1").hex == "2219"  # type: ignore[union-attr]
    assert state.ship("alice", "W1").carrying == ("S10",)  # type: ignore[union-attr]
    assert state.ship("alice", "S11") is None
    assert state.ship("bob", "W2").hex == state.map.star("Kish").hex  # type: ignore[union-attr]
    assert state.turn.battles == ()


def test_r_cbt_12_and_17_a_silent_player_fights_on_the_default_orders() -> None:
    """R-CBT-12/17: the deadline passes: Dodge, screen = the lesser of S and PD, the rest to
    drive, no fire."""
    game = battle("alice W1: TL0 PD=6 B=2 S=2", "bob W2: TL0 PD={6}3 B=2 S=5")
    game = accept(game, SubmitOrders("alice", "Kish", (parse_order("W1 ATTACKS W2: D=2 B=2"),)))
    report = report_of(accepted(game, CloseRound("Kish")))
    assert report.orders["bob:W2"] == Orders("W2", Tactic.DODGE, drive=0, screen=3)
    assert report.defaulted == ("bob:W2",)


def test_r_cbt_12_standing_orders_serve_when_they_still_fit() -> None:
    """R-CBT-12: a ship with standing orders uses them; if they cannot be carried out now (the
    target is gone, or damage took what they power) it falls back to the defaults."""
    game = battle("alice W1: TL0 PD=6 B=2 S=2", "bob W2: TL0 PD=6 B=2 S=2", "bob W3: TL0 PD=6 B=3")
    standing = parse_order("W2 DODGES, FIRING AT W1: D=3 B=2")
    game = accept(game, SetStandingOrders("bob", "W2", standing))
    game = accept(game, SetStandingOrders("bob", "W3", parse_order("W3 ATTACKS W9: D=3 B=3")))
    report = report_of(accepted(game, CloseRound("Kish")))
    assert report.orders["bob:W2"] == standing and report.standing == ("bob:W2",)
    assert report.orders["bob:W3"].tactic is Tactic.DODGE and "bob:W3" in report.defaulted


def test_standing_orders_are_checked_against_the_ship() -> None:
    """Standing orders that no round could carry out are refused when they are set."""
    game = battle("alice W1: TL0 PD=6 B=2 S=2", "bob S20: TL0 PD=6 S=2")
    refuse(game, SetStandingOrders("alice", "W1", parse_order("W1 ATTACKS W2: D=1 B=5")), "over-capacity")
    refuse(game, SetStandingOrders("bob", "S20", parse_order("S20 RETREATS: D=3")), "systemship-retreat")
    refuse(game, SetStandingOrders("alice", "W1", parse_order("W1 ATTACKS: D=1 B=1")), "no-target")
    refuse(game, SetStandingOrders("alice", "W7", None), "unknown-ship")
    game = accept(game, SetStandingOrders("alice", "W1", parse_order("W1 DODGE: D=6")))
    cleared = accept(game, SetStandingOrders("alice", "W1", None))
    assert cleared.standing == {}


def test_r_cbt_13_three_sides_fire_at_anyone_and_the_next_side_withdraws() -> None:
    """R-CBT-13: with three sides any ship may fire at any enemy; if the moving player has no
    ships left when three quiet rounds pass, the next side in turn order withdraws."""
    players = ("alice", "bob", "carol")
    game = battle(
        "alice S10: TL0 PD=1",
        "bob W1: TL0 PD=9 B=9",
        "carol W1: TL0 PD=6 S=2",
        "carol W2: TL0 PD=6 S=2",
        players=players,
    )
    first = fight(game, alice="", carol="", bob="W1 DODGES, FIRING AT S10@alice: D=1 B=8")
    assert ship_result(first, "alice:S10").destroyed
    state = first.state
    assert state.turn.battles and state.sides_at(state.map.star("Kish").hex) == [("bob",), ("carol",)]
    for _ in range(3):
        state = accept(state, CloseRound("Kish"))
    assert state.ship("bob", "W1").hex == "2017"  # type: ignore[union-attr]
    assert state.ship("carol", "W1").hex == state.map.star("Kish").hex  # type: ignore[union-attr]
    assert state.turn.battles == ()


def test_r_cbt_13_allies_are_one_side() -> None:
    """R-CBT-13 / R-SCEN-1: allies fight together; the battle ends when only they are left."""
    game = battle(
        "alice W1: TL0 PD=9 B=9",
        "carol W2: TL0 PD=4 S=1",
        "bob S20: TL0 PD=1",
        players=("alice", "bob", "carol"),
        alliances={"alice": "red", "carol": "red"},
    )
    refuse(game, SubmitOrders("alice", "Kish", (parse_order("W1 ATTACKS W2: D=1 B=8"),)), "unknown-target")
    result = fight(
        game, carol="W2 DODGE: D=4", bob="S20 DODGE: D=1", alice="W1 DODGES, FIRING AT S20: D=1 B=8"
    )
    assert result.state.turn.battles == ()
    assert [e.reason for e in result.events if isinstance(e, BattleEnded)] == ["alice and carol held Kish"]


def test_r_cbt_14_any_hit_past_a_screen_restarts_the_count_armor_included() -> None:
    """R-CBT-14: a round counts as quiet only if no ship took a hit past its screen; hits on
    armor are damage."""
    game = battle("alice W1: TL0 PD=9 B=1", "bob W2: TL0 PD=6 S=1 A=20")
    game = accept(game, CloseRound("Kish"))
    game = accept(game, CloseRound("Kish"))
    assert game.turn.battles[0].quiet == 2
    screened = fight(game, alice="W1 DODGES, FIRING AT W2: D=2 B=1", bob="W2 ATTACKS: D=2 S=1")
    assert ship_result(screened, "bob:W2").effective == 0 and screened.state.turn.battles == ()
    armored = fight(game, alice="W1 ATTACKS W2: D=2 B=1", bob="W2 ATTACKS: D=2 S=1")  # Hit +2: 3 hits
    assert ship_result(armored, "bob:W2").taken == {"A": 2}
    assert armored.state.turn.battles[0].quiet == 0


def test_r_cbt_11_the_report_everyone_sees_hides_each_ships_damage_details() -> None:
    """R-CBT-11: all involved see orders and hits taken and absorbed; only the owner sees where."""
    game = battle("alice W1: TL0 PD=9 B=4", "bob W2: TL0 PD=6 B=2 S=1")
    report = report_of(fight(game, alice="W1 ATTACKS W2: D=2 B=4", bob="W2 ATTACKS: D=2 S=1"))
    for view in (report.view_for(None), report.view_for("alice")):
        w2 = view.result("bob:W2")
        assert (w2.received, w2.absorbed, w2.effective) == (6, 1, 5)
        assert w2.taken == {} and w2.after is None and w2.record is None
    own = report.view_for("bob").result("bob:W2")
    assert own.taken and own.record == "W2: TL0 PD={6}4 B={2}0 S={1}0"


def test_only_players_in_the_battle_send_orders_and_only_for_their_own_ships() -> None:
    game = battle("alice W1: TL0 PD=9 B=4", "bob W2: TL0 PD=6 B=2 S=1", "bob W3: TL0 PD=6 B=2 @Ur")
    refuse(game, SubmitOrders("alice", "Kish", (parse_order("W2 DODGE: D=1"),)), "not-in-battle")
    refuse(game, SubmitOrders("alice", "Babylon", ()), "no-battle", "no battle at Babylon")
    refuse(game, SubmitOrders("alice", "Nowhere", ()), "unknown-star")
    refuse(game, SubmitOrders("dave", "Kish", ()), "not-a-player")
    both = (parse_order("W1 DODGE: D=1"), parse_order("w1 DODGE: D=2"))
    refuse(game, SubmitOrders("alice", "Kish", both), "repeated", "two orders")
    refuse(game, CloseRound("Ur"), "no-battle")


def test_submitting_the_same_orders_twice_is_harmless() -> None:
    game = battle("alice W1: TL0 PD=9 B=4", "bob W2: TL0 PD=6 B=2 S=1")
    once = accept(game, SubmitOrders("alice", "Kish", (parse_order("W1 ATTACKS W2: D=2 B=4"),)))
    twice = accept(once, SubmitOrders("alice", "Kish", (parse_order("W1 ATTACKS W2: D=2 B=4"),)))
    assert twice == once


def test_a_concession_mid_battle_ends_it() -> None:
    """R-WIN-4 in combat: the conceding side's ships are gone, so the battle ends at once."""
    game = battle("alice W1: TL0 PD=9 B=4", "bob W2: TL0 PD=6 S=1", players=("alice", "bob", "carol"))
    result = accepted(game, Concede("bob"))
    assert result.state.result is None and result.state.turn.battles == ()
    assert [e.reason for e in result.events if isinstance(e, BattleEnded)] == ["alice held Kish"]
    assert result.state.phase is not Phase.COMBAT


def test_r_econ_11_a_star_won_in_battle_passes_to_the_player_left_on_it() -> None:
    """R-ECON-11 (project): a baseless star whose battle leaves one player there becomes theirs."""
    game = battle("alice W1: TL0 PD=9 B=6", "bob S20: TL0 PD=1")
    kish = game.map.star("Kish")
    game = replace(game, owners={})
    result = fight(game, alice="W1 ATTACKS S20: D=1 B=6", bob="S20 ATTACKS: D=1")
    assert result.state.star_owner(kish.name) == "alice"


def test_a_whole_turn_moves_into_battle_fights_it_and_goes_on() -> None:
    """A turn as players live it: move onto an enemy, fight to the end, rearrange, next player.
    The state is always the fold of its events."""
    setup = started("revised", "basic")
    game = replace(setup.state, game_turn=2)
    kish = game.map.star("Kish").hex
    game = place(game, "bob", "W1", "WG=1 PD=3 S=1", "Kish")
    game = place(game, "alice", "W1", "WG=1 PD=8 B=6", game.map.neighbours(kish)[2])
    game = to_phase(game, Phase.MOVE)
    game = accept(game, Move("alice", "W1", (Go("Kish"),)))
    game = accept(game, EndPhase("alice"))
    assert game.phase is Phase.COMBAT
    first = accepted(game, SubmitOrders("bob", "Kish", (parse_order("W1 ATTACKS: D=2 S=1"),)))
    second = accepted(first.state, SubmitOrders("alice", "Kish", (parse_order("W1 ATTACKS W1: D=2 B=6"),)))
    assert any(isinstance(e, RoundFought) for e in second.events)
    assert second.state.ship("bob", "W1") is None
    assert second.state.active_player.name == "bob"  # no Systemships: straight to bob's turn
    assert fold(second.events, first.state) == second.state


def test_battle_events_and_commands_round_trip_through_json() -> None:
    """Everything a battle stores (sealed orders, reports, standing orders) survives JSON."""
    game = battle(
        "alice W1: TL0 PD=9 B=4 SR=1", "alice S10 in W1: TL0 PD=2 S=1", "bob W2: TL0 PD=9 T=2 M=6 E=1"
    )
    commands: list[Command] = [
        SetStandingOrders("bob", "W2", parse_order("W2 DODGE: D=4 T=2\nM at W1: D=3\nM at W1: D=5")),
        SetDamagePriority("alice", "W1", parse_damage("loaded SR 1, B")),
        SubmitOrders("alice", "Kish", (parse_order("W1 DODGES, FIRING AT W2: D=0 B=4; drop S10"),)),
        CloseRound("Kish"),
    ]
    for command in commands:
        assert decode(Command, json.loads(json.dumps(encode(command)))) == command
        result = accepted(game, command)
        for event in result.events:
            assert decode(Event, json.loads(json.dumps(encode(event)))) == event
        game = result.state
    assert decode(GameState, json.loads(json.dumps(encode(game)))) == game


def test_orders_against_a_player_who_conceded_fall_back_to_the_defaults() -> None:
    """A three-sided battle goes on when one side concedes; orders aimed at its ships lapse."""
    game = battle(
        "alice W1: TL0 PD=6 B=2",
        "bob W2: TL0 PD=6 S=2",
        "carol W3: TL0 PD=6 S=2",
        players=("alice", "bob", "carol"),
    )
    game = accept(game, SubmitOrders("alice", "Kish", (parse_order("W1 ATTACKS W2: D=1 B=2"),)))
    game = accept(game, Concede("bob"))
    report = report_of(accepted(game, SubmitOrders("carol", "Kish", ())))
    assert report.orders["alice:W1"].tactic is Tactic.DODGE and "alice:W1" in report.defaulted
