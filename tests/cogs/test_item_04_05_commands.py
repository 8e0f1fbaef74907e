"""Issue 10, items 4 and 5 through slash commands: commands that only do what they say.

The demo game (alice at Ur, bob at Babylon): `/build done` and `/move done` each end only
their own phase; ship names work like labels, mistyped stars get a suggestion, a path may begin
at the ship's star, and a `to:` route that goes round says why, to the mover alone.
"""

from __future__ import annotations

from cogs.shared.herald import ACK_CHANNEL
from tests.cogs.conftest import World, answer, choose_ends, seen_by, use


async def start_demo(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    await use(alice, ch, "warpwar new", title="Names and phases", fixed_order=True)
    await use(bob, ch, "warpwar join")
    await use(alice, ch, "warpwar start")
    await choose_ends(world)


async def test_item_04_build_done_and_move_done_end_only_their_own_phase(world: World) -> None:
    ch, alice = world.channel, world.alice
    await start_demo(world)
    early = await use(alice, ch, "move done")
    assert early.ephemeral and answer(early).content == "It is the build phase: `/build done` ends it."
    await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5", name="Reliant")
    await use(alice, ch, "build done")
    again = await use(alice, ch, "build done")
    assert again.ephemeral and answer(again).content == "It is the move phase: `/move done` ends it."
    await use(alice, ch, "move done")
    assert any("bob's turn" in t for t in seen_by(ch, world.carol))


async def test_item_05_names_stars_paths_and_detours(world: World) -> None:
    ch, alice, bob, carol = world.channel, world.alice, world.bob, world.carol
    await start_demo(world)
    await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5", name="Reliant")
    await use(alice, ch, "build done")
    mistyped = await use(alice, ch, "move ship", ship="Reliant", to="Sumr")
    assert mistyped.ephemeral and "Did you mean Sumer?" in answer(mistyped).content
    # The name for the label, and a path that begins where the ship is.
    path = "Ur Erech Adab Khafa 1414 Mari Umma Sumer"
    moved = await use(alice, ch, "move ship", ship="reliant", path=path)
    assert answer(moved).content == ACK_CHANNEL
    await use(alice, ch, "move done")
    await use(bob, ch, "build ship", star="Babylon", design="WG=1 PD=9 B=5 S=4", name="Warden")
    await use(bob, ch, "build ship", star="Babylon", design="WG=1 PD=8 B=4", name="Lookout")
    await use(bob, ch, "build done")
    await use(bob, ch, "move ship", ship="Lookout", to="Kish")
    await use(bob, ch, "move done")
    await use(alice, ch, "build done")

    # bob's Lookout at Kish makes a ship stop there (R-MOVE-3): the route to Eridu goes round.
    why = "The direct route stops at Kish, where bob's ship is: 5 MP; going round takes 7."
    round_kish = await use(alice, ch, "move ship", ship="W1 Reliant", to="Eridu")
    assert round_kish.ephemeral and answer(round_kish).content == why
    assert not any(why in t for t in seen_by(ch, carol)), "the reason is the mover's alone"
    assert any("Eridu" in t for t in seen_by(ch, carol)), "the move itself is news"
