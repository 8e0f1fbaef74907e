"""The choice of map end in a blind game (R-SCEN-2 with R-BLIND-3, R-BLIND-11, R-BLIND-30): nobody
knows anything of a hidden map before their end is settled, each then knows their own home stars
and nothing of the others', and nothing of the ends drawn at set-up is in anyone's view."""

from __future__ import annotations

import random

from engine.warpwar import Accepted, GameSetup, GameState, Phase, PlayerSetup, fold, new_game
from engine.warpwar.commands import ChooseEnd
from engine.warpwar.starmap import HexMap
from engine.warpwar.state import Blind, GameOptions
from engine.warpwar.view import view_for
from tests.engine.blind_helpers import three_ended_map
from tests.engine.helpers import accepted, printed_map, refuse


def choosing(mode: str, hex_map: HexMap, *players: PlayerSetup, ruleset: str = "classic") -> Accepted:
    """A blind game in its set-up phase, in the players' order (the second chooses)."""
    options = GameOptions(blind=Blind(mode))
    setup = GameSetup(ruleset, "basic", hex_map, players, fixed_order=True, options=options)
    result = new_game(setup, random.Random(3))
    assert isinstance(result, Accepted), result
    assert result.state.phase is Phase.SETUP
    return result


def home_hexes(state: GameState, end: str) -> set[str]:
    return {state.map.star(name).hex for name in state.map.home(end).bases}


def test_r_blind_30_a_hidden_map_is_unknown_until_the_end_is_settled() -> None:
    """R-BLIND-3/30: before bob chooses, neither player has found a hex and their views hold no
    end, theirs or drawn; once bob takes north, each knows their own end's stars only."""
    begun = choosing("map", printed_map(), PlayerSetup("alice"), PlayerSetup("bob"))
    game = begun.state
    for player in ("alice", "bob"):
        seen = view_for(game, player)
        assert game.knowledge.of(player).hexes == () and seen.map.hexes == ()
        assert seen.ends_drawn == {} and all(p.home is None for p in seen.players)
    chosen = accepted(game, ChooseEnd("bob", "north"))
    after = chosen.state
    assert set(after.knowledge.of("bob").hexes) == home_hexes(after, "north")
    assert set(after.knowledge.of("alice").hexes) == home_hexes(after, "south")
    assert {s.name for s in view_for(after, "alice").map.stars} == {"Nineveh", "Babylon", "Ugarit"}
    assert view_for(after, "alice").player("bob").home is None, "bob's end is not alice's to know"
    assert fold([*begun.events, *chosen.events]) == after, "a replay rebuilds the records"


def test_r_blind_30_with_the_map_known_only_the_own_stars_are_seen_held() -> None:
    """R-BLIND-10/30: blind to ships, the map is known before the choice; once the ends are
    settled alice sees her own Base (Ur, classic basic's one), not bob's."""
    game = choosing("ships", printed_map(), PlayerSetup("alice"), PlayerSetup("bob")).state
    assert view_for(game, "alice").map == game.map
    after = accepted(game, ChooseEnd("bob", "south")).state
    bases = {b.owner for b in view_for(after, "alice").bases.values()}
    assert bases == {"alice"} and set(view_for(after, "alice").bases) == {"Ur"}


def test_r_blind_30_an_end_fixed_for_another_is_refused_as_taken_not_as_whose() -> None:
    """R-BLIND-30: alice's end was fixed (north); bob asking for it is told it is taken."""
    players = (PlayerSetup("alice", "north"), PlayerSetup("bob"), PlayerSetup("carol"))
    game = choosing("ships", three_ended_map(), *players, ruleset="revised").state
    told = refuse(game, ChooseEnd("bob", "north"), "end-taken", "The north end is taken")
    assert "alice" not in told
