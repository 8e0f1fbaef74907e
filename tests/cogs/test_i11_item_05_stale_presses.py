"""Issue 11, item 5 in Discord: a press for something that has passed is refused in words, and
the apology for an unexpected error says truthfully whether the action was stored.

Orders boards carry their game, star, round and player-turn in their custom ids; the game
master checks the round again under the game's lock, so a Submit that waited while the round
was fought (two presses at once, as a double click sends them) seals nothing for the next one.
SimCord plays one interaction at a time; the presses that arrive together are emitted with its
lowest-level API (tests/cogs/private_channels.py ``emit``) before one settle.
"""

from __future__ import annotations

from simcord import InteractionResult

from tests.cogs.conftest import World
from tests.cogs.private_channels import BOT_DM, COMPONENT, button, emit
from tests.cogs.test_orders import BOTH, KISH, board_of, open_battle, paste, sent

NOT_SENT = "Round 1 at Kish is over; these orders were not sent. The board for round 2 is below."


async def _round_two_orders(world: World, game_id: int) -> dict[str, object]:
    state = await world.bot.gm.stored_state(game_id)
    assert state is not None
    battle = state.battle(KISH)
    assert battle is not None and battle.round == 2, "round 1 was fought once"
    return dict(battle.orders)


async def test_item_5_submit_on_a_round_1_board_after_round_1_was_fought_sends_nothing(world: World) -> None:
    """Alice's board still shows Submit once she has sealed; bob's orders then fight round 1."""
    battle = await open_battle(world)
    alice, bob = world.alice, world.bob
    board = board_of(await paste(alice, battle.prompt(alice), "Paste orders", BOTH))
    await alice.user.click(board, label="Submit")
    await bob.user.click(
        board_of(await paste(bob, battle.prompt(bob), "Paste orders", "W1 DODGES: D=4 S=2")), label="Submit"
    )

    late = await alice.user.click(board, label="Submit")
    said = sent(late)
    assert said[0] == NOT_SENT, said
    assert "**Your orders for round 2 at Kish**" in said[-1] and "No orders written yet" in said[-1]
    assert await _round_two_orders(world, battle.game_id) == {}


async def test_item_5_two_presses_of_submit_at_once_fight_round_1_once_and_seal_nothing_for_round_2(
    world: World,
) -> None:
    """The second press passed the board's check before the first sealed the round: the game
    master's own check of the round refuses it."""
    battle = await open_battle(world)
    alice, bob = world.alice, world.bob
    await alice.user.click(
        board_of(await paste(alice, battle.prompt(alice), "Paste orders", BOTH)), label="Submit"
    )
    board = board_of(await paste(bob, battle.prompt(bob), "Paste orders", "W1 DODGES: D=4 S=2"))
    dm = bob.user.dm_channel.id
    records = [
        emit(world.env, bob, dm, COMPONENT, button(board, "Submit"), context=BOT_DM, source=board.id)
        for _ in range(2)
    ]
    await world.env.settle()
    first, second = (InteractionResult(world.env, r) for r in records)
    assert first.acknowledged and second.acknowledged
    assert any("Orders revealed" in text for text in sent(first)), sent(first)
    assert NOT_SENT in sent(second), sent(second)
    assert await _round_two_orders(world, battle.game_id) == {}
