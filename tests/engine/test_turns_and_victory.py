"""Turn sequence, set-up, victory and pending battles (R-TURN-*, R-SCEN-*, R-WIN-*, R-CBT-1)."""

from __future__ import annotations

import random
from dataclasses import replace

from engine.warpwar import Accepted, GameSetup, PlayerSetup, Rejected, new_game
from engine.warpwar.commands import BuildShip, ChooseEnd, Concede, EndPhase, Go, Move, Rearrange
from engine.warpwar.notation import parse_design
from engine.warpwar.starmap import parse_map
from engine.warpwar.state import Phase
from tests.engine.helpers import (
    accept,
    carry,
    classic,
    end_turn,
    place,
    printed_map,
    refuse,
    revised,
    to_phase,
)


def test_r_turn_1_fixed_order_and_game_turns() -> None:
    """R-TURN-1: player-turns in a fixed order; a game-turn is one player-turn by every player."""
    game = classic("advanced")
    assert (game.active_player.name, game.game_turn, game.phase) == ("alice", 1, Phase.BUILD)
    game = end_turn(game)
    assert (game.active_player.name, game.game_turn) == ("bob", 1)
    game = end_turn(game)
    assert (game.active_player.name, game.game_turn, game.turn_serial) == ("alice", 2, 3)


def test_r_turn_1_random_order_comes_from_the_seeded_generator() -> None:
    """R-TURN-1: the order is random unless fixed, and the same seed draws the same order."""
    setups = tuple(PlayerSetup(n) for n in ("alice", "bob"))
    orders = set()
    for seed in range(12):
        result = new_game(GameSetup("classic", "advanced", printed_map(), setups), random.Random(seed))
        assert isinstance(result, Accepted)
        again = new_game(GameSetup("classic", "advanced", printed_map(), setups), random.Random(seed))
        assert isinstance(again, Accepted) and again.state == result.state
        orders.add(tuple(p.name for p in result.state.players))
    assert orders == {("alice", "bob"), ("bob", "alice")}


def test_r_scen_2_chosen_or_random_map_ends() -> None:
    """R-SCEN-2: the second player may choose an end; by default the ends are drawn."""
    setups = (PlayerSetup("alice"), PlayerSetup("bob", home="north"))
    result = new_game(
        GameSetup("classic", "advanced", printed_map(), setups, fixed_order=True), random.Random(3)
    )
    assert isinstance(result, Accepted)
    assert result.state.player("bob").home == "north" and result.state.player("alice").home == "south"
    bad = (PlayerSetup("alice", home="east"), PlayerSetup("bob"))
    refused = new_game(GameSetup("classic", "advanced", printed_map(), bad), random.Random(3))
    assert isinstance(refused, Rejected) and "not a free map end" in refused.message


def test_player_counts_follow_the_rule_set_and_map() -> None:
    """Classic is for two players; a map offers as many seats as it has home ends."""
    three = tuple(PlayerSetup(n) for n in ("a", "b", "c"))
    for ruleset in ("classic", "revised"):
        refused = new_game(GameSetup(ruleset, "advanced", printed_map(), three), random.Random(1))
        assert isinstance(refused, Rejected) and refused.code == "player-count"


def three_ended_map() -> dict[str, object]:
    """A small map with three home ends, for several players (R-SCEN-1)."""
    hexes = [f"{x:02d}{y:02d}" for x in range(1, 8) for y in range(1, 8)]
    stars = [
        {"hex": "0101", "name": "A", "value": 2},
        {"hex": "0107", "name": "B", "value": 2},
        {"hex": "0701", "name": "C", "value": 2},
        {"hex": "0404", "name": "D", "value": 3},
    ]
    homes = [{"end": e, "bases": [n], "middle": n} for e, n in (("west", "A"), ("south", "B"), ("east", "C"))]
    return {"name": "tri", "hexes": hexes, "stars": stars, "warplines": [["A", "D"]], "homes": homes}


def test_r_scen_1_several_players_and_alliances() -> None:
    """R-SCEN-1: revised games take more than two players; alliances are fixed at the start. The
    player moving second chooses their end first (R-SCEN-15)."""
    tri = parse_map(three_ended_map())
    setups = (PlayerSetup("a", alliance="blue"), PlayerSetup("b", alliance="blue"), PlayerSetup("c"))
    result = new_game(GameSetup("revised", "advanced", tri, setups, fixed_order=True), random.Random(5))
    assert isinstance(result, Accepted)
    game = accept(result.state, ChooseEnd("b", "east"))
    assert {p.home for p in game.players} == {"west", "south", "east"}
    assert game.player("b").home == "east"
    assert game.allied("a", "b") and not game.allied("a", "c")
    game = end_turn(end_turn(end_turn(game)))
    assert (game.active_player.name, game.game_turn) == ("a", 2)


def test_r_turn_2_phases_in_order_with_free_rearrangement() -> None:
    """R-TURN-2: build → move → (combat) → free Systemship rearrangement → end."""
    game = classic("advanced")
    game = accept(game, BuildShip("alice", "Ur", parse_design("WG=1 PD=3 SR=1")))
    game = accept(game, BuildShip("alice", "Ur", parse_design("PD=1 B=1")))
    game = to_phase(game, Phase.MOVE)
    refuse(game, Rearrange("alice", "W1", "S10"), "wrong-phase", "rearrange phase")
    game = accept(game, EndPhase("alice"))
    assert game.phase is Phase.REARRANGE
    game = accept(game, Rearrange("alice", "W1", "S10"))
    assert game.ships["alice:S10"].carried_by == "W1" and game.turn.mp_used == {}
    game = accept(game, Rearrange("alice", "W1", "S10", drop=True))
    assert game.ships["alice:S10"].hex == game.map.star("Ur").hex
    game = accept(game, EndPhase("alice"))
    assert game.active_player.name == "bob"


def test_rearrangement_skipped_without_systemships() -> None:
    """R-TURN-4: no Systemships, no rearrangement phase."""
    game = to_phase(classic("learning"), Phase.MOVE)
    assert accept(game, EndPhase("alice")).active_player.name == "bob"


def test_r_cbt_1_ships_meeting_at_a_star_make_a_pending_battle() -> None:
    """Where combat would start, the engine records a pending battle and the turn waits for it."""
    game = classic("advanced")
    kish = game.map.star("Kish").hex
    game = place(game, "bob", "W1", "WG=1 PD=3 B=2", "Kish")
    game = place(game, "alice", "W1", "WG=1 PD=3 B=2", game.map.neighbours(kish)[0])
    game = replace(game, game_turn=2)
    game = to_phase(game, Phase.MOVE)
    game = accept(game, Move("alice", "W1", (Go("Kish"),)))
    game = accept(game, EndPhase("alice"))
    assert game.phase is Phase.COMBAT and [b.star for b in game.turn.battles] == [kish]
    refuse(game, EndPhase("alice"), "battle-pending", "battle at Kish")


def test_r_win_1_victory_points_at_the_start_of_the_turn() -> None:
    """R-WIN-1: +1 per enemy base star occupied (and not by the enemy) at turn start; 1 wins learning."""
    game = classic("learning")
    babylon = game.map.star("Babylon").hex
    game = place(game, "alice", "W1", "WG=1 PD=3 B=2", babylon)
    game = end_turn(game)
    assert game.result is None and game.active_player.name == "bob"
    game = end_turn(game)
    assert game.result is not None and game.result.winners == ("alice",)
    assert game.player("alice").vp == 1 and game.phase is Phase.OVER


def test_r_win_1_points_accumulate_one_per_star() -> None:
    """R-WIN-1: each enemy base star held is worth 1 point a turn; points accumulate to 3 (advanced)."""
    game = place(classic("advanced"), "alice", "W1", "WG=1 PD=3 B=2", "Babylon")
    game = end_turn(end_turn(game))
    assert game.player("alice").vp == 1
    game = place(game, "alice", "W2", "WG=1 PD=3 B=2", "Nineveh")
    game = end_turn(end_turn(game))
    assert game.player("alice").vp == 3
    assert game.result is not None and game.result.winners == ("alice",)


def test_r_win_2_draw_when_no_ship_can_fight() -> None:
    """R-WIN-2: classic learning/basic end in a draw when no player has a ship able to fight."""
    game = classic("learning")
    game = accept(game, BuildShip("alice", "Ur", parse_design("WG=1 PD=35")))
    game = end_turn(game)
    game = accept(game, BuildShip("bob", "Babylon", parse_design("WG=1 PD=10 S=25")))
    game = end_turn(game)
    assert game.result is not None and game.result.winners == () and "draw" in game.result.reason


def test_r_win_3_a_player_without_bases_is_out() -> None:
    """R-WIN-3: losing the last base puts a player out, removes their ships, and ends a 2-player game."""
    game = revised("basic")
    game = place(game, "alice", "W1", "WG=1 PD=4", game.map.neighbours(game.map.star("Babylon").hex)[0])
    game = place(game, "bob", "W1", "WG=1 PD=4", "Kish")
    game = replace(game, game_turn=2)
    game = to_phase(game, Phase.MOVE)
    game = accept(game, Move("alice", "W1", (Go("Babylon"),)))
    game = accept(game, EndPhase("alice"))
    assert game.result is not None and game.result.winners == ("alice",)
    assert game.player("bob").out and not game.ships_of("bob")


def test_r_win_4_concede_at_any_time() -> None:
    """R-WIN-4: a player may concede, even in another player's turn."""
    game = classic("advanced")
    refuse(game, Concede("carol"), "not-a-player")
    over = accept(game, Concede("bob"))
    assert over.result is not None and over.result.winners == ("alice",)
    refuse(over, EndPhase("alice"), "game-over")


def test_concede_in_a_three_player_game_passes_the_turn() -> None:
    tri = parse_map(three_ended_map())
    setups = tuple(PlayerSetup(n) for n in ("a", "b", "c"))
    result = new_game(GameSetup("revised", "basic", tri, setups, fixed_order=True), random.Random(2))
    assert isinstance(result, Accepted)
    game = accept(result.state, Concede("a"))
    assert game.result is None and game.active_player.name == "b" and game.player("a").out


def test_carried_systemships_leave_with_a_conceding_player() -> None:
    game = place(classic("advanced"), "bob", "W1", "WG=1 PD=3 SR=1", "Babylon")
    game = carry(place(game, "bob", "S10", "PD=1 B=1", "Babylon"), "bob", "W1", "S10")
    over = accept(game, Concede("bob"))
    assert not over.ships_of("bob")
