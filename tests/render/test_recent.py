"""What just happened: trails, losses, fallen bases and battles, read from the engine's events."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar import Event, GameState
from engine.warpwar.commands import EndPhase
from engine.warpwar.events import Removal, ShipRemoved
from render.examples import Midgame
from render.recent import FallenBase, Loss, Trail, battle_stars, what_happened
from tests.engine.battle_helpers import battle, fight
from tests.engine.helpers import accepted, place, start


def test_trails_start_where_the_ship_stood_and_mark_warpline_jumps(game: Midgame) -> None:
    seen = what_happened(game.moved, game.moves, game.start, None)
    by_label = {t.label: t for t in seen.trails}
    assert by_label["W5"] == Trail(
        "alice", "W5", ("0908", "1310", "1411", "1512", "1513"), (True, False, False, False)
    )
    assert by_label["W2"].hexes == ("1313", "1414", "1415")
    assert by_label["W3"].jumps == (True,)


def test_without_the_state_before_a_trail_starts_at_its_first_hex(game: Midgame) -> None:
    """ShipMoved lists the hexes entered only: a one-step move leaves no trail then."""
    seen = what_happened(game.moved, game.moves, None, None)
    by_label = {t.label: t for t in seen.trails}
    assert by_label["W6"].hexes == ("1411", "1512", "1613", "1614")
    assert "W1" not in by_label


def test_battles_are_the_pending_ones_in_map_order(game: Midgame) -> None:
    assert battle_stars(game.moved) == ("1415", "1614")
    assert battle_stars(game.after) == ("1614",)


def test_ships_destroyed_in_a_round_are_lost_where_they_fought(game: Midgame) -> None:
    seen = what_happened(game.after, game.fought, None, None)
    assert seen.losses == (Loss("bob", "W7", "1415"), Loss("bob", "S15", "1415"))


def _rack_loss() -> tuple[GameState, tuple[Event, ...]]:
    """alice's W4 goes down at Kish with S10 in its rack."""
    state = battle(
        "alice W4: TL0 PD=2 SR=1",
        "alice S10 in W4: TL0 PD=2 S=1",
        "bob W9: TL0 PD=8 B=6",
    )
    result = fight(state, alice="W4 ATTACKS W9: D=2", bob="W9 ATTACKS W4: D=2 B=6")
    return result.state, result.events


def test_a_systemship_lost_in_a_rack_is_marked_for_its_owner_only() -> None:
    """R-CBT-22: nobody else learns what a Warpship carried."""
    state, events = _rack_loss()
    kish = state.map.star("Kish").hex
    public = what_happened(state, events, None, None).losses
    assert public == (Loss("alice", "W4", kish),)
    for viewer in ("bob", None):
        assert Loss("alice", "S10", kish) not in what_happened(state, events, None, viewer).losses
    own = what_happened(state, events, None, "alice").losses
    assert set(own) == {Loss("alice", "W4", kish), Loss("alice", "S10", kish)}


def test_scrapped_ships_are_not_losses() -> None:
    state = place(start("revised", "advanced"), "alice", "W1", "WG=1 PD=2", "Ur")
    removed = replace(state, ships={})
    assert (
        what_happened(
            removed, (ShipRemoved("alice", "W1", "scrapped", Removal.SCRAPPED),), state, None
        ).losses
        == ()
    )


def test_a_base_held_by_the_enemy_at_the_end_of_the_turn_falls() -> None:
    """R-ECON-6: the fallen base is marked in its old owner's colour."""
    state = place(
        replace(start("revised", "advanced"), game_turn=3), "alice", "W1", "WG=1 PD=4 B=2", "Ugarit"
    )
    before, events = state, list[Event]()
    while state.active_player.name == "alice":
        result = accepted(state, EndPhase("alice"))
        state = result.state
        events.extend(result.events)
    fallen = what_happened(state, tuple(events), before, None).fallen
    assert fallen == (FallenBase(state.map.star("Ugarit").hex, "bob", "alice"),)


def test_a_systemship_picked_up_in_sight_is_still_private_once_in_the_rack() -> None:
    """The pick-up is public (R-CBT-23); what later happens to the rack's contents is not."""
    state = battle("alice W4: TL0 PD=6 SR=1", "alice S10: TL0 PD=2 S=1", "bob W9: TL0 PD=8 B=6")
    first = fight(state, alice="W4 DODGES: D=0; pick up S10", bob="W9 DODGES: D=8")
    second = fight(first.state, alice="W4 ATTACKS W9: D=2", bob="W9 ATTACKS W4: D=2 B=6")
    events = (*first.events, *second.events)
    kish = state.map.star("Kish").hex
    assert Loss("alice", "W4", kish) in what_happened(second.state, events, None, None).losses
    assert Loss("alice", "S10", kish) not in what_happened(second.state, events, None, "bob").losses
    assert Loss("alice", "S10", kish) in what_happened(second.state, events, None, "alice").losses
