"""The choice of map ends before the first turn (R-SCEN-2, R-SCEN-15, R-SCEN-16, R-SCEN-17)."""

from __future__ import annotations

import random

from engine.serial import decode, encode
from engine.warpwar import Accepted, Event, GameSetup, GameState, PlayerSetup, fold, new_game
from engine.warpwar.commands import BuildShip, ChooseEnd, Command, Concede, EndPhase, Move
from engine.warpwar.events import EndsAssigned, EndsOffered, GameCreated, TurnBegan
from engine.warpwar.notation import parse_design
from engine.warpwar.state import Phase
from gm.warpwar.maps import generated_map
from tests.engine.helpers import accept, accepted, printed_map, refuse


def setting_up(
    *players: str,
    scenario: str | None = None,
    ruleset: str = "classic",
    homes: dict[str, str] | None = None,
    ends: int = 2,
    seed: int = 1,
) -> Accepted:
    """A new game in the players' order (fixed), ends drawn with ``seed``; ``homes`` fixes some.
    The scenario is classic learning or revised basic unless named. The map is the printed one,
    or for more ``ends`` one generated for them (north, west, east and south, R-GEN-11)."""
    scenario = scenario or ("learning" if ruleset == "classic" else "basic")
    hex_map = printed_map() if ends == 2 else generated_map(1, ends, None, "edge")
    setups = tuple(PlayerSetup(n, home=(homes or {}).get(n)) for n in players or ("alice", "bob"))
    result = new_game(GameSetup(ruleset, scenario, hex_map, setups, fixed_order=True), random.Random(seed))
    assert isinstance(result, Accepted), result
    return result


def test_r_scen_2_the_player_moving_second_is_offered_the_ends_before_any_build() -> None:
    """R-SCEN-2: after the turn order is drawn the game waits for the second player's choice:
    no base is placed and no BP given yet."""
    made = setting_up("alice", "bob")
    game = made.state
    assert [type(e) for e in made.events] == [GameCreated, EndsOffered]
    assert made.events[1] == EndsOffered("bob", ("north", "south"))
    assert (game.phase, game.active_player.name, game.turn_serial) == (Phase.SETUP, "bob", 0)
    assert game.bases == {} and all(p.home is None and p.bp == 0 for p in game.players)


def test_r_scen_2_the_chosen_end_gets_the_bases_and_the_first_player_the_other() -> None:
    """R-SCEN-2: bob (second) chooses north; alice gets south; the bases stand there and
    alice's first turn begins with the scenario's BP."""
    done = accepted(setting_up("alice", "bob").state, ChooseEnd("bob", "north"))
    game = done.state
    assert done.events[0] == EndsAssigned({"alice": "south", "bob": "north"}, chosen_by="bob")
    assert isinstance(done.events[1], TurnBegan)
    assert {p.name: p.home for p in game.players} == {"alice": "south", "bob": "north"}
    assert {b.star: b.owner for b in game.bases.values()} == {"Babylon": "alice", "Ur": "bob"}
    assert (game.phase, game.active_player.name, game.game_turn, game.turn_serial) == (
        Phase.BUILD,
        "alice",
        1,
        1,
    )
    assert game.player("alice").bp == 40 and game.ends_drawn == {}


def test_r_scen_2_three_bases_of_the_chosen_end_in_revised_advanced() -> None:
    """R-SCEN-2 with R-MAP-3: a scenario with three bases places all three at the chosen end."""
    game = accept(setting_up(ruleset="revised", scenario="advanced").state, ChooseEnd("bob", "South"))
    assert sorted(b.star for b in game.bases_of("bob")) == ["Babylon", "Nineveh", "Ugarit"]
    assert sorted(b.star for b in game.bases_of("alice")) == ["Larsu", "Mosul", "Ur"]
    assert sum(b.stockpile for b in game.bases_of("alice")) == 20


def test_r_scen_16_nobody_builds_or_moves_before_the_choice() -> None:
    """R-SCEN-16: every command of a turn is refused until the ends are chosen, for the chooser
    and the others alike, and the set-up phase ends only by a choice or its deadline."""
    game = setting_up("alice", "bob").state
    design = parse_design("WG=1 PD=5 B=3")
    refuse(game, BuildShip("alice", "Ur", design), "choosing-ends", "bob is choosing a map end")
    refuse(game, BuildShip("bob", "Ur", design), "choosing-ends", "Choose your map end first")
    refuse(game, Move("alice", "W1"), "choosing-ends")
    refuse(game, EndPhase("bob"), "choose-end", "north or south")
    refuse(game, EndPhase("alice"), "choosing-ends", "bob is choosing a map end")


def test_r_scen_2_refusals_in_the_players_words() -> None:
    """R-SCEN-2: not your choice, not an end of this map, already chosen."""
    game = setting_up("alice", "bob").state
    refuse(game, ChooseEnd("alice", "north"), "not-your-choice", "bob moves second and chooses the map end")
    refuse(game, ChooseEnd("bob", "east"), "unknown-end", "not an end of this map: choose north or south")
    refuse(game, ChooseEnd("carol", "north"), "not-a-player")
    chosen = accept(game, ChooseEnd("bob", "north"))
    refuse(chosen, ChooseEnd("bob", "south"), "ends-chosen", "chosen already: you defend the north end")


def test_r_scen_15_an_end_the_creator_fixed_is_not_free() -> None:
    """R-SCEN-15: ends fixed by the game's creator are not offered; naming one says whose it is."""
    made = setting_up("alice", "bob", "carol", ruleset="revised", ends=4, homes={"carol": "east"})
    assert made.events[-1] == EndsOffered("bob", ("north", "west", "south"))
    refuse(
        made.state,
        ChooseEnd("bob", "east"),
        "end-taken",
        "The east end is carol's: choose north, west or south",
    )


def test_r_scen_16_the_deadline_gives_the_end_drawn_at_set_up() -> None:
    """R-SCEN-16: when the chooser's time runs out they get the end drawn for them with the
    game's randomness, so a replay of the same seed agrees; over many seeds both ends come up."""
    seen = set()
    for seed in range(20):
        game = setting_up(seed=seed).state
        drawn = game.ends_drawn["bob"]
        done = accepted(game, EndPhase("bob", deadline_passed=True))
        assert done.events[0] == EndsAssigned(
            {"alice": game.ends_drawn["alice"], "bob": drawn}, chosen_by="bob", drawn=True
        )
        assert done.state.player("bob").home == drawn
        again = accepted(setting_up(seed=seed).state, EndPhase("bob", deadline_passed=True))
        assert again == done
        seen.add(drawn)
    assert seen == {"north", "south"}


def test_r_scen_15_with_four_players_the_second_chooses_and_the_displaced_takes_their_draw() -> None:
    """R-SCEN-15: in a game of four the second player chooses their own end; the player drawn
    to it takes the chooser's drawn end; the others keep the ends drawn for them."""
    game = setting_up("a", "b", "c", "d", ruleset="revised", scenario="advanced", ends=4).state
    drawn = dict(game.ends_drawn)
    assert sorted(drawn.values()) == ["east", "north", "south", "west"]
    wanted = next(end for end in ("north", "south", "west", "east") if end != drawn["b"])
    displaced = next(p for p, end in drawn.items() if end == wanted)
    game = accept(game, ChooseEnd("b", wanted))
    expected = {**drawn, "b": wanted, displaced: drawn["b"]}
    assert {p.name: p.home for p in game.players} == expected
    assert (game.active_player.name, game.phase) == ("a", Phase.BUILD)
    assert all(len(game.bases_of(p)) == 3 for p in "abcd")


def test_r_scen_16_no_choice_when_the_chooser_end_is_fixed_or_one_end_is_free() -> None:
    """R-SCEN-16: nothing to choose (the creator fixed the second player's end, or only one end
    is free) and the first turn begins at once."""
    fixed = setting_up("alice", "bob", homes={"bob": "north"})
    assert [type(e) for e in fixed.events][:3] == [GameCreated, EndsAssigned, TurnBegan]
    assert fixed.events[1] == EndsAssigned({"alice": "south", "bob": "north"})
    one_free = setting_up("alice", "bob", homes={"alice": "north"})
    assert one_free.state.player("bob").home == "south" and one_free.state.phase is Phase.BUILD


def test_r_scen_17_the_chooser_conceding_leaves_the_ends_drawn() -> None:
    """R-SCEN-17: the chooser gives up before choosing: in a game of two the other wins; in a
    game of three the ends drawn stand and the first turn begins."""
    two = accept(setting_up("alice", "bob").state, Concede("bob"))
    assert two.result is not None and two.result.winners == ("alice",)
    three = setting_up("a", "b", "c", ruleset="revised", ends=3).state
    drawn = dict(three.ends_drawn)
    game = accept(three, Concede("b"))
    assert game.player("b").out and game.player("b").home is None
    assert {p.name: p.home for p in game.players if not p.out} == {"a": drawn["a"], "c": drawn["c"]}
    assert (game.active_player.name, game.phase, game.game_turn) == ("a", Phase.BUILD, 1)


def test_r_scen_17_another_player_conceding_leaves_the_choice_open() -> None:
    """R-SCEN-17: a player who is not choosing gives up: the chooser still chooses, and the
    player out gets no end."""
    game = setting_up("a", "b", "c", ruleset="revised", ends=3).state
    game = accept(game, Concede("c"))
    assert (game.phase, game.active_player.name) == (Phase.SETUP, "b")
    game = accept(game, ChooseEnd("b", "west"))
    assert game.player("c").home is None and not game.bases_of("c")
    assert game.player("b").home == "west" and game.phase is Phase.BUILD


def test_r_scen_2_the_choice_replays_and_its_command_round_trips() -> None:
    """The events of a set-up and a choice fold to the same state; the command is stored as JSON."""
    made = setting_up("alice", "bob")
    command: Command = ChooseEnd("bob", "south")
    assert decode(Command, encode(command)) == command
    done = accepted(made.state, command)
    events: list[Event] = [*made.events, *done.events]
    assert fold([decode(Event, encode(e)) for e in events]) == done.state
    assert decode(GameState, encode(made.state)) == made.state
