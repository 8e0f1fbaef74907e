"""Blind games in the engine: the knowledge record (R-BLIND-2/3), the views made from it, drops
on arrival (R-BLIND-5) and moves that meet what their player could not see (R-BLIND-6)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from engine.serial import decode, encode
from engine.warpwar import Accepted, GameSetup, GameState, Phase, PlayerSetup, fold, new_game
from engine.warpwar.commands import (
    BuildShip,
    CloseRound,
    Drop,
    EndPhase,
    Go,
    Move,
    OrderBattles,
    PayForBase,
    PickUp,
    SubmitOrders,
)
from engine.warpwar.events import MoveHalted, PhaseBegan, RoundFought, ShipMoved, SystemshipDropped
from engine.warpwar.knowledge import Sighting
from engine.warpwar.order_checks import combatants
from engine.warpwar.order_notation import parse_orders
from engine.warpwar.rulesets import Attr
from engine.warpwar.starmap import HexMap, parse_map
from engine.warpwar.state import Blind, GameOptions
from engine.warpwar.view import last_seen, leads, view_for
from tests.engine.blind_helpers import blind_start, blind_started, put, three_ended_map
from tests.engine.helpers import accepted, carry, end_turn, place, refuse, start, to_phase


def bobs_move(mode: str = "ships") -> GameState:
    """A blind game in bob's first move phase."""
    return to_phase(end_turn(blind_start(mode)), Phase.MOVE)


def with_s10(state: GameState) -> GameState:
    """bob's S10 in the rack of his W2."""
    return carry(place(state, "bob", "S10", "S=2", "1720"), "bob", "W2", "S10")


def moved(state: GameState, player: str, ship: str, *places: str) -> GameState:
    return accepted(state, Move(player, ship, tuple(Go(p) for p in places))).state


def test_r_blind_2_a_player_sees_what_is_on_the_hexes_of_their_ships() -> None:
    """R-BLIND-2: bob's W1 on a hex with alice's ship is in alice's view; his W2 elsewhere is
    not, and alice's view of it holds no record, only the counter."""
    game = put(put(put(bobs_move(), "alice", "W1", "1720"), "bob", "W1", "1720"), "bob", "W2", "Kish")
    seen = view_for(game, "alice")
    assert set(seen.ships) == {"alice:W1", "bob:W1"}
    assert seen.ships["bob:W1"].built == {Attr.WG: 1}, "a counter, not bob's record"
    assert seen.ships["alice:W1"] == game.ships["alice:W1"]
    assert "bob:W2" not in seen.ships and "bob:W2" not in game.knowledge.of("alice").ships


def test_r_blind_2_own_bases_are_watched_and_other_bases_are_unknown() -> None:
    """R-BLIND-2: a player watches the stars they hold; nobody knows the other's Base."""
    game = blind_start()
    assert set(view_for(game, "alice").bases) == {"Ur"}
    assert set(view_for(game, "bob").bases) == {"Babylon"}
    assert view_for(game, None).ships == {} and view_for(game, None).bases == {}


def test_r_blind_2_a_ship_passing_is_seen_passing_and_remembered_with_its_turn() -> None:
    """R-BLIND-2: bob's W2 passes 1720, which alice watches, and goes on to Umma: alice saw it
    pass, going on towards Umma, and remembers it there as last seen in game-turn 1."""
    game = put(put(bobs_move(), "alice", "W1", "1720"), "bob", "W2", "1721")
    game = moved(game, "bob", "W2", "1720", "Umma", "Girsu")
    seen = game.knowledge.of("alice").ships["bob:W2"]
    assert seen == Sighting("bob", "W2", "1720", 1, ("1720",), "1719")
    assert seen.moving
    assert "bob:W2" not in view_for(game, "alice").ships
    assert last_seen(game, "alice") == [seen]
    assert "bob:W1" not in game.knowledge.of("alice").ships


def test_r_blind_2_last_seen_stays_when_the_watch_ends_with_the_turn_it_ended() -> None:
    """R-BLIND-2: alice's W1 leaves 1720 in game-turn 2, where bob's W1 stands: it stays on her
    map there, last seen in turn 2; bob sees her ship leave, towards 1820."""
    game = put(put(blind_start(), "alice", "W1", "1720"), "bob", "W1", "1720")
    game = to_phase(end_turn(end_turn(game)), Phase.MOVE)
    assert game.game_turn == 2
    game = moved(game, "alice", "W1", "1820")
    assert game.knowledge.of("alice").ships["bob:W1"] == Sighting("bob", "W1", "1720", 2)
    assert game.knowledge.of("bob").ships["alice:W1"] == Sighting("alice", "W1", "1720", 2, ("1720",), "1820")


def test_r_blind_12_what_a_player_sees_go_and_a_player_out_leave_the_record() -> None:
    """R-BLIND-12: a ship alice sees scrapped at her watched star leaves her map; a player out
    takes their ships and stars off everyone's record (the channel hears it)."""
    from engine.warpwar.commands import Concede

    game = blind_start("ships", "revised", "basic", carol=True)
    game = put(put(put(game, "alice", "W1", "1720"), "bob", "W2", "1720"), "carol", "W1", "1721")
    game = put(game, "alice", "W2", "1721")
    assert {"bob:W2", "carol:W1"} <= set(game.knowledge.of("alice").ships)
    out = accepted(game, Concede("carol")).state
    assert out.result is None
    assert "carol:W1" not in out.knowledge.of("alice").ships
    assert "bob:W2" in out.knowledge.of("alice").ships
    over = accepted(out, Concede("bob")).state
    assert over.result is not None and view_for(over, "alice") == over, "the end reveals everything"


def test_r_blind_3_home_stars_are_known_and_the_rest_is_found() -> None:
    """R-BLIND-3/R-BLIND-11: with the map hidden alice knows her own end's stars (their values
    and warplines, Ur–Erech leading on), nothing of bob's; a ship entering Erech finds it, and
    the warpline from it to Adab shows where it leads, Adab itself unknown."""
    game = blind_start("map")
    known = view_for(game, "alice").map
    assert {s.name for s in known.stars} == {"Mosul", "Ur", "Larsu"}
    assert known.star("Ur").value == 4 and set(known.hexes) == {"0307", "0606", "0804"}
    assert ("0606", "0710") in leads(game, "alice")
    assert "Babylon" not in {s.name for s in known.stars}
    assert {s.name for s in view_for(game, "bob").map.stars} == {"Nineveh", "Babylon", "Ugarit"}
    game = to_phase(put(game, "alice", "W1", "Ur"), Phase.MOVE)
    game = moved(game, "alice", "W1", "0710")
    known = view_for(game, "alice").map
    assert "Erech" in {s.name for s in known.stars} and known.star("Erech").value == 3
    assert ("Ur", "Erech") in known.warplines
    assert ("0710", "1011") in leads(game, "alice") and "Adab" not in {s.name for s in known.stars}


def test_r_blind_3_space_hexes_passed_are_found() -> None:
    """R-BLIND-3: a space hex is found when a ship enters or passes it."""
    game = to_phase(put(blind_start("map"), "alice", "W1", "Ur"), Phase.MOVE)
    game = moved(game, "alice", "W1", "0607", "0608")
    assert {"0606", "0607", "0608"} <= set(game.knowledge.of("alice").hexes)
    assert "0609" not in view_for(game, "alice").map.hex_set


def test_r_blind_3_a_star_unknown_to_the_player_is_refused_as_unknown() -> None:
    """R-BLIND-22: a star not found is one the player knows nothing of: named, it is refused
    in the same words as a star that is not there, and no name they do not know is suggested."""
    game = to_phase(put(blind_start("map"), "alice", "W1", "Ur"), Phase.MOVE)
    told = refuse(game, Move("alice", "W1", (Go("Erekh"),)), "unknown-place", "You know of no hex or star")
    assert "Erech" not in told
    assert "Erech" not in refuse(game, Move("alice", "W1", (Go("Atlantis"),)), "unknown-place")
    assert refuse(game, Move("alice", "W1", (Go("Urr"),)), "unknown-place").endswith("Did you mean Ur?")


def test_r_blind_6_an_enemy_star_unseen_stops_the_move_and_the_rest_lapses() -> None:
    """R-BLIND-6/R-BLIND-14: bob's W2 heads through Umma, where alice's W1 is and bob does not
    watch: the order is accepted, W2 stops at Umma (R-MOVE-3) and the step after it lapses."""
    game = put(put(bobs_move(), "alice", "W1", "Umma"), "bob", "W2", "1720")
    result = accepted(game, Move("bob", "W2", (Go("Umma"), Go("Girsu"))))
    moves = [e for e in result.events if isinstance(e, ShipMoved)]
    assert moves == [ShipMoved("bob", "W2", ("1719",), 1, stopped=True)]
    halted = [e for e in result.events if isinstance(e, MoveHalted)]
    assert halted == [MoveHalted("bob", "W2", "1719", "it had to stop at Umma, where enemy ships are")]
    assert result.state.knowledge.of("bob").ships["alice:W1"].hex == "1719"


def test_r_blind_6_what_the_player_sees_still_refuses() -> None:
    """R-BLIND-6: with bob's W3 at Umma, he sees alice's W1 there: going through is refused."""
    game = put(put(put(bobs_move(), "alice", "W1", "Umma"), "bob", "W3", "Umma"), "bob", "W2", "1720")
    refuse(game, Move("bob", "W2", (Go("Umma"), Go("Girsu"))), "must-stop", "enemy ships are there")


def test_r_blind_6_the_edge_of_a_hidden_map_stops_the_ship() -> None:
    """R-BLIND-14: with the map hidden, a hex beyond the edge is not refused (that would tell
    where the map ends): the ship stops before it; with the map known it is refused."""
    game = to_phase(put(blind_start("map"), "alice", "W1", "0107"), Phase.MOVE)
    result = accepted(game, Move("alice", "W1", (Go("0106"), Go("0105"))))
    assert result.events == (MoveHalted("alice", "W1", "0107", "0106 is beyond the edge of the map"),)
    known = to_phase(put(blind_start("ships"), "alice", "W1", "0107"), Phase.MOVE)
    refuse(known, Move("alice", "W1", (Go("0106"),)), "unknown-place", "no hex or star called 0106")


def test_r_blind_6_a_missing_warpline_from_a_star_not_yet_found_stops_the_ship() -> None:
    """R-BLIND-14: alice's W1 enters Calah, not yet found, and is to jump on to Umma; no warpline
    joins them, which she could not know: she stops at Calah. From a star she knows, the same
    jump is refused."""
    game = to_phase(put(blind_start("map"), "alice", "W1", "0907"), Phase.MOVE)
    result = accepted(game, Move("alice", "W1", (Go("0908"), Go("1719"))))
    assert result.events[-1] == MoveHalted("alice", "W1", "0908", "no warpline leads from Calah to 1719")
    game = to_phase(put(blind_start("map"), "alice", "W1", "Ur"), Phase.MOVE)
    refuse(game, Move("alice", "W1", (Go("1719"),)), "not-adjacent", "no warpline leads from Ur to 1719")


def test_r_blind_5_systemships_dropped_on_arrival_fight_from_the_first_round() -> None:
    """R-BLIND-5/R-BLIND-13: bob's W2 carries S10 to Umma, dropping it on arrival: alice is
    there (he did not know); S10 is dropped, and fights in the battle's first round."""
    game = put(bobs_move(), "alice", "W1", "Umma")
    game = with_s10(put(game, "bob", "W2", "1720", "WG=1 PD=8 SR=1"))
    result = accepted(game, Move("bob", "W2", (Go("Umma"),), drop=("S10",)))
    assert SystemshipDropped("bob", "W2", "S10", "1719", 1) in result.events
    combat = accepted(result.state, EndPhase("bob")).state
    assert combat.phase is Phase.COMBAT
    assert {s.label for s in combatants(combat, "1719") if s.owner == "bob"} == {"W2", "S10"}


def test_r_blind_5_a_ship_stopped_short_keeps_its_systemships_aboard() -> None:
    """R-BLIND-13: stopped at Umma on its way to Girsu, W2 keeps S10 aboard: the drop was for
    Girsu."""
    game = put(bobs_move(), "alice", "W1", "Umma")
    game = with_s10(put(game, "bob", "W2", "1720", "WG=1 PD=8 SR=1"))
    after = accepted(game, Move("bob", "W2", (Go("Umma"), Go("Girsu")), drop=("S10",))).state
    assert after.ships["bob:W2"].carrying == ("S10",)


def test_r_blind_13_drop_on_arrival_in_an_open_game_and_its_cost() -> None:
    """R-BLIND-13: an open game may drop on arrival too; the drop costs 1 MP, counted before
    the move, and only what will be aboard can be dropped."""
    game = to_phase(end_turn(start("classic", "basic")), Phase.MOVE)
    game = with_s10(place(game, "bob", "W2", "WG=1 PD=2 SR=1", "1720"))
    result = accepted(game, Move("bob", "W2", (Go("Umma"),), drop=("S10",)))
    assert result.state.ships["bob:S10"].hex == "1719"
    refuse(game, Move("bob", "W2", (Go("Umma"), Go("Girsu")), drop=("S10",)), "too-far", "needs 3")
    refuse(game, Move("bob", "W2", (Go("Umma"),), drop=("S11",)), "not-carried")
    refuse(game, Move("bob", "W2", (Go("1721"),), drop=("S10",)), "drop-in-space")
    refuse(game, Move("bob", "W2", (Go("Umma"), Drop("S10")), drop=("S10",)), "not-carried")


def test_r_blind_6_battles_a_player_is_not_in_are_not_told() -> None:
    """R-BLIND-18: orders for a star where the player fights no battle get the same answer,
    battle there or not."""
    game = put(put(bobs_move(), "alice", "W1", "Umma"), "bob", "W2", "Umma")
    game = accepted(game, EndPhase("bob")).state
    assert game.phase is Phase.COMBAT
    no_battle = refuse(game, SubmitOrders("alice", "Girsu", ()), "not-in-battle")
    assert no_battle == "You have no ships fighting at Girsu."


def test_r_blind_20_a_base_at_a_star_without_own_ships_tells_nothing_of_it() -> None:
    """R-BLIND-20: paying towards a Base where the player has no ship is refused for that alone,
    whatever stands there."""
    game = to_phase(blind_start("ships", "revised", "advanced"), Phase.BUILD)
    refuse(game, PayForBase("alice", "Babylon", 5), "no-cargo", "None of your ships at Babylon")


def test_r_blind_4_battle_pending_names_no_battle_of_others() -> None:
    """R-BLIND-4: ending a phase with battles pending names a battle only to its players."""
    game = put(put(bobs_move(), "alice", "W1", "Umma"), "bob", "W2", "Umma")
    game = accepted(game, EndPhase("bob")).state
    refuse(game, EndPhase("bob"), "battle-pending", "at Umma")
    refuse(game, OrderBattles("bob", ("Kish",)), "no-battle")


def test_r_blind_1_the_record_is_rebuilt_by_a_replay_and_round_trips() -> None:
    """R-BLIND-1: the record is part of the state: the fold of the events rebuilds it, and it
    goes through JSON unchanged. A state stored before blind games decodes as an open game."""
    result = blind_started("map", "classic", "basic")
    state, events = result.state, list(result.events)
    commands = (
        BuildShip("alice", "Ur", {Attr.WG: 1, Attr.PD: 8, Attr.B: 2}),
        EndPhase("alice", deadline_passed=True),
        Move("alice", "W1", (Go("0710"), Go("0711"))),
        EndPhase("alice"),
    )
    for command in commands:
        step = accepted(state, command)
        state, events = step.state, [*events, *step.events]
    assert "0711" in state.knowledge.of("alice").hexes
    assert fold(events) == state
    data = encode(state)
    assert decode(GameState, json.loads(json.dumps(data))) == state
    old = {k: v for k, v in data.items() if k != "knowledge"}
    old["options"] = {k: v for k, v in data["options"].items() if k != "blind"}
    assert decode(GameState, old).options.blind is Blind.OFF


def test_r_blind_3_the_game_master_closes_a_round_of_a_hidden_map() -> None:
    """R-BLIND-3: the game master's own commands see the whole map: a round's deadline closes a
    battle at a star nobody told it of."""
    game = put(put(bobs_move("map"), "alice", "W1", "Umma"), "bob", "W2", "Umma")
    game = accepted(game, EndPhase("bob")).state
    closed = accepted(game, CloseRound("1719"))
    assert any(isinstance(e, RoundFought) for e in closed.events)


def edge_map() -> HexMap:
    """Five by five hexes: alice's home A in the corner 0101, bob's B in 0505, a star C between."""
    hexes = [f"{x:02d}{y:02d}" for x in range(1, 6) for y in range(1, 6)]
    stars = [{"hex": "0101", "name": "A", "value": 2}, {"hex": "0505", "name": "B", "value": 2}]
    stars.append({"hex": "0303", "name": "C", "value": 1})
    homes = [{"end": "north", "bases": ["A"], "middle": "A"}, {"end": "south", "bases": ["B"], "middle": "B"}]
    return parse_map({"name": "Edge", "hexes": hexes, "stars": stars, "warplines": [], "homes": homes})


def test_r_blind_22_an_escape_off_a_hidden_map_is_not_refused() -> None:
    """R-BLIND-22: bob fights at alice's corner base; his orders to escape to 0100, off the map
    next to it, are taken (a refusal would tell where the map ends): the ship escapes to the
    first hex clockwise from north instead."""
    setups = (PlayerSetup("alice", "north"), PlayerSetup("bob", "south"))
    setup = GameSetup(
        "classic", "advanced", edge_map(), setups, fixed_order=True, options=GameOptions(blind=Blind.MAP)
    )
    result = new_game(setup, random.Random(1))
    assert isinstance(result, Accepted)
    game = put(
        put(replace(result.state, game_turn=3, phase=Phase.MOVE), "alice", "W1", "A"), "bob", "W1", "A"
    )
    game = PhaseBegan(Phase.COMBAT, ("0101",)).apply(game)
    sent = accepted(game, SubmitOrders("bob", "0101", parse_orders("W1 RETREATS: D=8; retreat to 0100")))
    orders = sent.state.battle("0101").orders["bob"]  # type: ignore[union-attr]
    assert orders[0].retreat_to is None
    refuse(
        game, SubmitOrders("bob", "0101", parse_orders("W1 RETREATS: D=8; retreat to 0303")), "bad-retreat"
    )


def test_r_blind_10_allies_watch_as_anyone_does() -> None:
    """R-BLIND-10: alice and carol are allies; carol's ship away from alice's is not in her view."""
    setups = (
        PlayerSetup("alice", "north", "red"),
        PlayerSetup("bob", "south"),
        PlayerSetup("carol", "west", "red"),
    )
    options = GameOptions(blind=Blind.SHIPS)
    setup = GameSetup("revised", "basic", three_ended_map(), setups, fixed_order=True, options=options)
    result = new_game(setup, random.Random(1))
    assert isinstance(result, Accepted)
    game = put(put(result.state, "carol", "W1", "1720"), "alice", "W1", "1721")
    assert "carol:W1" not in view_for(game, "alice").ships
    assert "carol:W1" in view_for(put(game, "alice", "W2", "1720"), "alice").ships


def test_r_blind_22_a_refusal_names_a_star_not_found_by_its_hex() -> None:
    """R-BLIND-22: picking up S10 at Erech, not yet found, when S10 waits at Ur: the refusal
    says the hex, not the name the player does not know."""
    game = put(blind_start("map", "classic", "advanced"), "alice", "W1", "Ur", "WG=1 PD=8 SR=1")
    game = to_phase(place(game, "alice", "S10", "S=2", "Ur"), Phase.MOVE)
    told = refuse(game, Move("alice", "W1", (Go("0710"), PickUp("S10"))), "not-here")
    assert told == "S10 is at Ur, not at 0710."
