"""Whole games played through the game master on a real SQLite file."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.warpwar.movement import cheapest_path
from gm.service import GameMaster
from tests.gm.table import ALICE, BOB, CHANNEL, GUILD, Table

SECRET = re.compile(r"\b(PD|B|S|T|M|C|SH|E|A|H|SR|R)=|\d+ BP\b|\bBP \d|ATTACKS|DODGES|RETREATS|D=\d")
"""Ship attributes, Build Point amounts and orders: none may be posted in the channel."""


def assert_public_is_clean(table: Table) -> None:
    """No private fact in anything said in the channel, except the records revealed at the end."""
    for text in table.public():
        if "now revealed" in text or "was abandoned" in text:
            continue
        found = SECRET.search(text)
        assert found is None, f"private fact {found.group()!r} in public text:\n{text}"


async def start_classic_learning(table: Table) -> int:
    gm = table.gm
    await table.ok(
        gm.create(
            ALICE, GUILD, CHANNEL, "Learning game", ruleset="classic", scenario="learning", fixed_order=True
        )
    )
    await table.ok(gm.join(BOB, CHANNEL))
    await table.ok(gm.start(ALICE, CHANNEL))
    return await table.game_id()


async def attack_route(gm: GameMaster, game: int) -> tuple[str, str, list[str]]:
    """alice's base, bob's base, and the cheapest route between them (as hexes)."""
    state = await gm.replay(game)
    assert state is not None
    home = state.bases_of("alice")[0].star
    target = state.bases_of("bob")[0].star
    start, goal = state.map.star(home).hex, state.map.star(target).hex
    route = cheapest_path(replace(state, game_turn=2), "alice", start, goal)
    assert route is not None
    return home, target, route


async def test_classic_learning_to_a_win(table: Table) -> None:
    """Build, move, a battle by sealed orders, an idle turn ended by its deadline, and the
    victory point that wins the learning scenario (R-WIN-1)."""
    gm: GameMaster = table.gm
    game = await start_classic_learning(table)
    home, target, route = await attack_route(gm, game)
    # Turn 1: alice builds one fast, hard-hitting Warpship and stops short of bob's base (R-TURN-3).
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=22 B=13", name="Reliant"))
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.ok(gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[:-1])))
    await table.ok(gm.done(ALICE, CHANNEL))
    # bob builds a guard at his base and stays (the learning scenario's 40 BP must go now).
    await table.ok(gm.build_ship(BOB, CHANNEL, target, "WG=1 PD=10 B=5 S=5"))
    await table.ok(gm.done(BOB, CHANNEL))
    await table.ok(gm.done(BOB, CHANNEL))
    # Turn 2: alice attacks. Round 1: DODGE (0, -1) against DODGE is a Hit: 13 − 5 = 8 hits.
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.ok(gm.move(ALICE, CHANNEL, "W1", to=target))
    combat = await table.ok(gm.done(ALICE, CHANNEL))
    assert "Combat" in combat.text
    await table.ok(gm.submit_orders(BOB, game, target, "W1 DODGE: D=5 S=5"))
    first = await table.ok(gm.submit_orders(ALICE, game, target, "W1 DODGES, FIRING AT W1: D=5 B=13"))
    assert "8 taken" in first.text
    # Round 2: bob sends nothing; his default orders (R-CBT-17) put all 10 PD into drive.
    await table.ok(gm.submit_orders(ALICE, game, target, "W1 DODGES, FIRING AT W1: D=10 B=12"))
    await table.pass_time(24)
    state = await gm.replay(game)
    assert state is not None and state.ship("bob", "W1") is None, "bob's guard should be destroyed"
    # bob's turn 2: he is away; the deadline ends his turn with nothing built or moved.
    assert state.active_player.name == "bob"
    await table.pass_time(48)
    # alice's turn 3 begins holding bob's base: 1 victory point wins the learning scenario.
    final = await gm.replay(game)
    assert final is not None and final.result is not None and final.result.winners == ("alice",)
    assert any("The game is over: alice won" in t for t in table.public())
    assert_public_is_clean(table)
