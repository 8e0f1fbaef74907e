"""Item 14 of issue 10 in Discord: the news that a turn began is a direct message of its own,
never the tail of the battle report that answered the player's last orders."""

from __future__ import annotations

from tests.cogs.conftest import World, paste_orders, play_to_the_battle, send_orders, text_of


async def test_item_14_your_turn_has_begun_is_not_inside_the_battle_report(world: World) -> None:
    await play_to_the_battle(world)
    bob = world.bob
    game = await world.bot.gm.game_in(world.channel.id)
    assert game is not None
    answers = []
    for _ in range(6):
        await send_orders(world, world.alice, "Babylon", "W1 ATTACKS W1@bob: D=4 B=12 S=2")
        answers.append(await paste_orders(world, bob, "Babylon", "W1 DODGES: D=9"))
        state = await world.bot.gm.replay(game.id)
        if state is not None and not state.turn.battles:
            break
    assert "Orders revealed" in answers[-1], answers[-1]
    assert all("Your turn has begun" not in text for text in answers)
    dms = [text_of(m) for m in bob.user.dm_channel.history()]
    turn = [text for text in dms if "Your turn has begun" in text]
    assert len(turn) == 2, "game-turns 1 and 2"  # the second began with bob's last orders
    assert all("Orders revealed" not in text for text in turn)
