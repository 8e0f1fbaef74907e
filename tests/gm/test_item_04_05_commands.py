"""Issue 10, items 4 and 5: commands that only do what they say, through the game master.

Item 4: `/build done` and `/move done` each end only their own phase (the rearrangement after
combat is ended by `/move done`), and a refusal names the phase and the command that ends it.
Item 5: a ship's name works wherever its label does (R-BUILD-7), unknown stars get a "did you
mean", a path may begin at the ship's own star, and a `to:` route that goes round says why.
"""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar import GameState
from engine.warpwar.movement import detour
from engine.warpwar.state import Phase
from tests.engine.helpers import carry, classic, place, to_phase
from tests.gm.table import ALICE, BOB, CHANNEL, Table, said, seat_position
from tests.gm.test_bad_input import revised_start
from tests.gm.test_whole_games import attack_route, into_battle, start_classic_learning


def named(state: GameState, owner: str, label: str, name: str) -> GameState:
    """The position with ``owner``'s ``label`` given a name, as `/build ship name:` gives one."""
    ship = state.ship(owner, label)
    assert ship is not None
    return replace(state, ships={**state.ships, ship.key: replace(ship, name=name)})


def moving(state: GameState) -> GameState:
    """alice's move phase of game-turn 2: past the first turn's closed bases."""
    return to_phase(replace(state, game_turn=2), Phase.MOVE)


async def phase_of(table: Table, game: int) -> tuple[str, Phase]:
    state = await table.gm.replay(game)
    assert state is not None
    return state.active_player.name, state.phase


# --- item 4 --------------------------------------------------------------------------------


async def test_item_04_build_done_and_move_done_end_only_their_own_phase(table: Table) -> None:
    gm = table.gm
    game = await start_classic_learning(table)
    home, _, _ = await attack_route(gm, game)
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=20 B=10 S=5"))
    await table.no(
        gm.done(ALICE, CHANNEL, phase="move"), "wrong-phase", "It is the build phase: `/build done` ends it."
    )
    await table.ok(gm.done(ALICE, CHANNEL, phase="build"))
    assert await phase_of(table, game) == ("alice", Phase.MOVE)
    await table.no(
        gm.done(ALICE, CHANNEL, phase="build"), "wrong-phase", "It is the move phase: `/move done` ends it."
    )
    # Another player is told whose turn it is, not about a phase that is not theirs.
    await table.no(gm.done(BOB, CHANNEL, phase="build"), "not-your-turn", "It is alice's turn")
    await table.ok(gm.done(ALICE, CHANNEL, phase="move"))
    assert await phase_of(table, game) == ("bob", Phase.BUILD)


async def test_item_04_done_in_the_combat_phase_says_the_battle_ends_it(table: Table) -> None:
    game = await start_classic_learning(table)
    target, _ = await into_battle(table, game)
    for meant in ("build", "move"):
        await table.no(
            table.gm.done(ALICE, CHANNEL, phase=meant),
            "wrong-phase",
            f"It is the combat phase: it ends when the battle at {target} is fought.",
        )


async def test_item_04_move_done_ends_the_rearrangement_after_combat(table: Table) -> None:
    """The free Systemship rearrangement (R-TURN-2) is announced with the command that ends it."""
    position = place(classic("advanced"), "alice", "W1", "WG=1 PD=3 SR=1", "Umma")
    position = carry(place(position, "alice", "S10", "PD=1 B=1", "Umma"), "alice", "W1", "S10")
    game = await seat_position(table, moving(position))
    began = await table.ok(table.gm.done(ALICE, CHANNEL, phase="move"))
    assert await phase_of(table, game) == ("alice", Phase.REARRANGE)
    assert "`/move done` ends the rearrangement" in said(began)
    await table.no(
        table.gm.done(ALICE, CHANNEL, phase="build"),
        "wrong-phase",
        "It is the rearrangement after combat: `/move done` ends it.",
    )
    await table.ok(table.gm.done(ALICE, CHANNEL, phase="move"))
    assert await phase_of(table, game) == ("bob", Phase.BUILD)


# --- item 5 --------------------------------------------------------------------------------


async def test_item_05_a_ships_name_works_wherever_its_label_does(table: Table) -> None:
    """R-BUILD-7: "W1 Reliant" is W1, Reliant or reliant in every command that names a ship."""
    position = place(classic("advanced"), "alice", "W1", "WG=1 PD=4 B=2 SR=1", "Umma")
    position = place(position, "alice", "S10", "PD=1 B=1", "Umma")
    game = await seat_position(table, moving(named(position, "alice", "W1", "Reliant")))
    looked = await table.ok(table.gm.ship(ALICE, "reliant", CHANNEL))
    assert looked.text.startswith("W1 Reliant")
    assert (await table.ok(table.gm.ship(ALICE, "W1 Reliant", CHANNEL))).text == looked.text
    await table.ok(table.gm.transfer(ALICE, CHANNEL, "Reliant", "S10", drop=False))
    await table.ok(table.gm.move(ALICE, CHANNEL, "Reliant", path="Girsu"))
    await table.ok(table.gm.standing_orders(ALICE, game, "Reliant", "W1 DODGES: D=1"))
    await table.ok(table.gm.damage_priority(ALICE, game, "RELIANT", "B, S"))
    state = await table.gm.replay(game)
    assert state is not None
    assert state.position(state.ships["alice:W1"]) == state.map.star("Girsu").hex


async def test_item_05_a_name_two_ships_share_is_refused_naming_them(table: Table) -> None:
    position = place(classic("advanced"), "alice", "W1", "WG=1 PD=4", "Umma")
    position = place(position, "alice", "W2", "WG=1 PD=4", "Girsu")
    position = named(named(position, "alice", "W1", "Reliant"), "alice", "W2", "Reliant")
    await seat_position(table, moving(position))
    shared = "2 of your ships are called Reliant: W1 and W2. Say which by its label."
    await table.no(table.gm.move(ALICE, CHANNEL, "Reliant", path="Girsu"), "ambiguous-ship", shared)
    await table.no(table.gm.ship(ALICE, "reliant", CHANNEL), "ambiguous-ship", shared)
    await table.ok(table.gm.move(ALICE, CHANNEL, "W1", path="Girsu"))  # the label still works


async def test_item_05_only_the_players_own_ships_are_searched_by_name(table: Table) -> None:
    """bob's Warden is no name of alice's: she is told she has no such ship, nothing about his."""
    position = place(classic("advanced"), "alice", "W1", "WG=1 PD=4", "Umma")
    position = named(place(position, "bob", "W7", "WG=1 PD=4", "Girsu"), "bob", "W7", "Warden")
    await seat_position(table, moving(position))
    refused = await table.no(table.gm.ship(ALICE, "Warden", CHANNEL), "unknown-ship")
    assert refused.text == "You have no ship called Warden."
    moved = await table.no(table.gm.move(ALICE, CHANNEL, "Warden", path="Girsu"), "unknown-ship")
    assert "W7" not in moved.text


async def test_item_05_an_unknown_star_suggests_the_closest_name(table: Table) -> None:
    gm = table.gm
    game = await start_classic_learning(table)
    await table.no(
        gm.build_ship(ALICE, CHANNEL, "Urr", "WG=1 PD=5"),
        "unknown-star",
        "no star called Urr",
        "Did you mean Ur?",
    )
    home, _, _ = await attack_route(gm, game)
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=20 B=10 S=5"))
    await table.ok(gm.done(ALICE, CHANNEL, phase="build"))
    for call in (
        gm.move(ALICE, CHANNEL, "W1", path="Babilon"),
        gm.move(ALICE, CHANNEL, "W1", to="babilon"),
    ):
        await table.no(call, "unknown-place", "Did you mean Babylon?")
    nothing = await table.no(gm.move(ALICE, CHANNEL, "W1", to="Atlantis"), "unknown-place")
    assert "Did you mean" not in nothing.text


async def test_item_05_a_path_may_begin_at_the_ships_own_star(table: Table) -> None:
    await seat_position(table, moving(place(classic("advanced"), "alice", "W1", "WG=1 PD=4", "Umma")))
    await table.no(table.gm.move(ALICE, CHANNEL, "W1", path="Umma"), "bad-input", "W1 is already at Umma")
    await table.no(table.gm.move(ALICE, CHANNEL, "W1", to="Umma"), "bad-input", "W1 is already at Umma")
    await table.ok(table.gm.move(ALICE, CHANNEL, "W1", path="Umma Girsu"))
    state = await table.gm.replay(await table.game_id())
    assert state is not None and state.turn.mp_used["W1"] == 1


async def test_item_05_a_to_route_that_goes_round_says_why(table: Table) -> None:
    """R-MOVE-3: the route may not pass bob's ship at Umma; the mover alone is told."""
    position = place(classic("advanced"), "alice", "W1", "WG=1 PD=9", "Mari")
    position = moving(place(position, "bob", "W3", "WG=1 PD=1", "Umma"))
    await seat_position(table, position)
    why = "The direct route stops at Umma, where bob's ship is: 2 MP; going round takes 7."
    moved = await table.ok(table.gm.move(ALICE, CHANNEL, "W1", to="Sumer"))
    assert moved.private and moved.text.startswith(why)
    assert all(why not in a.text for a in moved.announcements)


async def test_item_05_a_route_too_long_after_going_round_says_why(table: Table) -> None:
    position = place(classic("advanced"), "alice", "W1", "WG=1 PD=5", "Mari")
    position = place(place(position, "bob", "W3", "WG=1 PD=1", "Umma"), "bob", "W4", "WG=1 PD=1", "Umma")
    await seat_position(table, moving(position))
    await table.no(
        table.gm.move(ALICE, CHANNEL, "W1", to="Sumer"),
        "too-far",
        "W1 has 5 movement points left; that move needs 7.",
        "where bob's ships are: 2 MP; going round takes 7.",
    )


async def test_item_05_the_first_turn_detour_round_an_enemy_base_says_why(table: Table) -> None:
    """R-TURN-3: in game-turn 1 no ship enters an enemy base star, so routes go round it."""
    position = classic("advanced")
    babylon = position.map.star("Babylon").hex
    start = position.map.neighbours(babylon)[0]
    position = to_phase(place(position, "alice", "W1", "WG=1 PD=12", start), Phase.MOVE)
    await seat_position(table, position)
    state = await table.gm.replay(await table.game_id())
    assert state is not None
    far, why = next(
        (s.name, d)
        for s in state.map.stars
        if (d := detour(state, "alice", start, s.hex)) is not None and d.first_turn and d.around is not None
    )
    base = state.map.label(why.blocked)
    assert state.bases[base].owner == "bob"
    moved = await table.ok(table.gm.move(ALICE, CHANNEL, "W1", to=far))
    assert moved.text.startswith(
        f"The direct route passes {base}, an enemy base no ship may enter in the first turn: "
        f"{why.direct} MP; going round takes {why.around}."
    )


async def test_item_05_build_split_suggests_the_closest_star(table: Table) -> None:
    """`/build split` reads stars as every command does: a typo gets "did you mean", a star that
    is not the player's base is named with the bases that are."""
    scene = await revised_start(table)
    await table.no(
        table.gm.split_bp(ALICE, CHANNEL, f"{scene.home}x=20"),
        "unknown-star",
        f"There is no star called {scene.home}x on this map. Did you mean {scene.home}?",
    )
    await table.no(
        table.gm.split_bp(ALICE, CHANNEL, f"{scene.target}=20"),
        "no-base",
        f"You have no base at {scene.target}; your bases are",
    )
    await table.ok(table.gm.split_bp(ALICE, CHANNEL, f"{scene.home.lower()}=20"))
