"""The revised economy: stockpiles, starting split, star ownership, production, Bases (R-ECON-*)."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar.commands import (
    BuildShip,
    EndPhase,
    Go,
    LoadHold,
    Move,
    PayForBase,
    SplitStartingBP,
    UnloadHold,
)
from engine.warpwar.events import BaseDestroyed, StarTaken
from engine.warpwar.movement import cheapest_path
from engine.warpwar.notation import parse_design
from engine.warpwar.state import GameState, Phase
from tests.engine.helpers import accept, accepted, end_turn, place, refuse, revised, to_phase


def stockpiles(game: GameState, player: str) -> dict[str, int]:
    return {b.star: b.stockpile for b in game.bases_of(player)}


def with_cargo(game: GameState, owner: str, label: str, cargo: int) -> GameState:
    ship = game.ships[f"{owner}:{label}"]
    return replace(game, ships={**game.ships, ship.key: replace(ship, cargo=cargo)})


def next_to(game: GameState, star: str) -> str:
    """A space hex beside a star."""
    return game.map.neighbours(game.map.star(star).hex)[0]


def test_r_econ_2_default_split_is_even_with_the_rest_to_the_middle() -> None:
    """R-ECON-2: 20 BP over three bases: 6 each, the remaining 2 to the middle base (Ur)."""
    assert stockpiles(revised("advanced"), "alice") == {"Mosul": 6, "Ur": 8, "Larsu": 6}


def test_r_econ_2_player_may_split_before_spending() -> None:
    game = accept(revised("advanced"), SplitStartingBP("alice", {"Ur": 20, "Mosul": 0, "Larsu": 0}))
    assert stockpiles(game, "alice") == {"Mosul": 0, "Ur": 20, "Larsu": 0}
    refuse(game, SplitStartingBP("alice", {"Ur": 10}), "bad-split", "20 starting BP")
    refuse(game, SplitStartingBP("alice", {"Babylon": 20}), "no-base")
    spent = accept(game, BuildShip("alice", "Ur", parse_design("WG=1 PD=1")))
    refuse(spent, SplitStartingBP("alice", {"Ur": 14, "Mosul": 0, "Larsu": 0}), "too-late")
    refuse(end_turn(end_turn(game)), SplitStartingBP("alice", {"Ur": 20}), "too-late")


def test_r_econ_1_bp_travel_between_stars_only_in_holds() -> None:
    """R-ECON-1: load at Ur's stockpile, carry, unload at Mosul's; ships cannot trade BP."""
    game = place(revised("advanced"), "alice", "W1", "WG=1 PD=8 H=1", "Ur")
    refuse(game, LoadHold("alice", "W1", 11), "hold-full", "room for 10")
    game = accept(game, LoadHold("alice", "W1", 8))
    assert stockpiles(game, "alice")["Ur"] == 0 and game.ships["alice:W1"].cargo == 8
    game = to_phase(game, Phase.MOVE)
    route = cheapest_path(game, "alice", game.map.star("Ur").hex, game.map.star("Mosul").hex)
    assert route is not None
    game = accept(game, Move("alice", "W1", tuple(Go(h) for h in route)))
    game = end_turn(end_turn(game))
    refuse(game, UnloadHold("alice", "W1", 9), "not-enough-bp", "carries 8 BP")
    before = stockpiles(game, "alice")["Mosul"]
    game = accept(game, UnloadHold("alice", "W1", 8))
    assert stockpiles(game, "alice")["Mosul"] == before + 8


def test_r_econ_3_entering_or_passing_an_empty_star_takes_it() -> None:
    """R-ECON-3: ownership on entry while no other player's ship or base is there, until retaken."""
    game = place(revised("advanced"), "alice", "W1", "WG=1 PD=4", next_to(revised("advanced"), "Calah"))
    game = to_phase(game, Phase.MOVE)
    result = accepted(game, Move("alice", "W1", (Go("Calah"),)))
    assert any(isinstance(e, StarTaken) and e.star == "Calah" for e in result.events)
    assert result.state.star_owner("Calah") == "alice"
    contested = place(game, "bob", "W1", "WG=1 PD=4", "Calah")
    assert accept(contested, Move("alice", "W1", (Go("Calah"),))).star_owner("Calah") is None


def test_r_econ_4_production_starts_the_owners_next_turn() -> None:
    """R-ECON-4: a base star gives 2 × value to its stockpile; a baseless one value/2 into Holds."""
    game = revised("advanced")
    game = place(game, "alice", "W1", "WG=1 PD=4 H=1", next_to(game, "Ubaid"))
    game = to_phase(game, Phase.MOVE)
    game = accept(game, Move("alice", "W1", (Go("Ubaid"),)))
    before = stockpiles(game, "alice")
    game = end_turn(end_turn(game))
    after = stockpiles(game, "alice")
    assert after == {"Mosul": before["Mosul"] + 4, "Ur": before["Ur"] + 8, "Larsu": before["Larsu"] + 4}
    assert game.ships["alice:W1"].cargo == 5 // 2


def test_r_econ_4_production_without_hold_space_is_lost() -> None:
    """R-ECON-4/R-ECON-7: baseless production is loaded into Holds automatically, or lost."""
    game = revised("advanced")
    game = place(game, "alice", "W1", "WG=1 PD=4", next_to(game, "Ubaid"))
    game = accept(to_phase(game, Phase.MOVE), Move("alice", "W1", (Go("Ubaid"),)))
    game = end_turn(end_turn(game))
    assert game.ships["alice:W1"].cargo == 0


def test_r_econ_5_a_base_costs_30_paid_over_turns_from_holds() -> None:
    """R-ECON-5: 30 BP brought in Holds, over several turns; one Base per star."""
    game = revised("advanced")
    game = with_cargo(place(game, "alice", "W1", "WG=1 PD=4 H=3", "Calah"), "alice", "W1", 25)
    refuse(game, PayForBase("alice", "Calah", 31), "bad-number")
    game = accept(game, PayForBase("alice", "Calah", 20))
    assert game.bases["Calah"].progress == 20 and not game.bases["Calah"].finished
    assert game.star_owner("Calah") == "alice"
    refuse(game, PayForBase("alice", "Calah", 11), "over-maximum", "only 10 BP more")
    game = accept(game, PayForBase("alice", "Calah", 5))
    refuse(game, PayForBase("alice", "Calah", 5), "no-cargo")
    game = end_turn(end_turn(with_cargo(game, "alice", "W1", 5)))
    game = accept(game, PayForBase("alice", "Calah", 5))
    assert game.bases["Calah"].finished
    refuse(game, PayForBase("alice", "Calah", 1), "base-finished")


def test_r_econ_5_bp_produced_at_a_star_cannot_build_its_base_that_turn() -> None:
    game = revised("advanced")
    game = place(game, "alice", "W1", "WG=1 PD=4 H=1", next_to(game, "Ubaid"))
    game = accept(to_phase(game, Phase.MOVE), Move("alice", "W1", (Go("Ubaid"),)))
    game = end_turn(end_turn(game))
    assert game.ships["alice:W1"].cargo == 2
    refuse(game, PayForBase("alice", "Ubaid", 1), "fresh-bp", "produced there this turn")
    game = end_turn(game)
    game = end_turn(game)
    assert game.ships["alice:W1"].cargo == 4
    game = accept(game, PayForBase("alice", "Ubaid", 2))
    assert game.bases["Ubaid"].progress == 2


def test_r_econ_6_a_base_held_unopposed_at_turn_end_is_destroyed() -> None:
    """R-ECON-6/R-ECON-8: half the stockpile (rounded down) goes into the raider's Holds; the rest is lost."""
    game = revised("advanced")
    nineveh = replace(game.bases["Nineveh"], stockpile=7)
    game = replace(game, bases={**game.bases, "Nineveh": nineveh})
    game = place(game, "alice", "W1", "WG=1 PD=4 H=1", next_to(game, "Nineveh"))
    game = replace(game, game_turn=2)
    game = to_phase(game, Phase.MOVE)
    game = accept(game, Move("alice", "W1", (Go("Nineveh"),)))
    result = accepted(game, EndPhase("alice"))
    assert any(isinstance(e, BaseDestroyed) and e.star == "Nineveh" for e in result.events)
    assert "Nineveh" not in result.state.bases
    assert result.state.ships["alice:W1"].cargo == 3
    assert result.state.star_owner("Nineveh") == "alice"


def test_revised_basic_grants_8_bp_a_turn_to_the_one_base() -> None:
    """R-ECON-9: revised basic's 8 BP a turn go to the player's one base."""
    game = revised("basic")
    assert stockpiles(game, "alice") == {"Ur": 40}
    game = end_turn(end_turn(game))
    assert stockpiles(game, "alice") == {"Ur": 48}
