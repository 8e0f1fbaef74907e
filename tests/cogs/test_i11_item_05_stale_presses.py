"""Issue 11, item 5 in Discord: a press for something that has passed is refused in words, and
the apology for an unexpected error says truthfully whether the action was stored.

Orders boards carry their game, star, round and player-turn in their custom ids; the game
master checks the round again under the game's lock, so a Submit that waited while the round
was fought (two presses at once, as a double click sends them) seals nothing for the next one.
SimCord plays one interaction at a time; the presses that arrive together are emitted with its
lowest-level API (tests/cogs/private_channels.py ``emit``) before one settle.
"""

from __future__ import annotations

from typing import Any

import pytest
from discord import app_commands
from simcord import InteractionResult, assert_error

from gm.announce import Reply
from gm.service import GameMaster
from tests.cogs.conftest import World, answer, choose_ends, use
from tests.cogs.private_channels import BOT_DM, COMPONENT, button, emit
from tests.cogs.test_errors import REFERENCE
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


# --- the apology tells whether the action was stored -----------------------------------------


async def _started(world: World) -> None:
    ch = world.channel
    await use(world.alice, ch, "warpwar new", fixed_order=True)
    await use(world.bob, ch, "warpwar join")
    await use(world.alice, ch, "warpwar start")
    await choose_ends(world)


async def _ships_of(world: World, player: str) -> int:
    row = await world.bot.gm.game_in(world.channel.id)
    assert row is not None
    state = await world.bot.gm.stored_state(row.id)
    assert state is not None
    return len(state.ships_of(player))


async def test_item_5_a_stored_action_whose_answer_failed_is_told_it_was_done(world: World) -> None:
    """The ship was built and committed, then Discord refused the answer: the apology says it
    was done, with the stored reply, instead of "nothing was lost, try again" (a retry would
    build a second ship)."""
    await _started(world)
    world.env.inject_error(
        "POST", "/interactions/*/callback", status=400, code=50035, message="Invalid Form Body"
    )
    built = await use(world.alice, world.channel, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")
    told = answer(built).content
    assert built.ephemeral
    assert told.startswith("It was done: ") and "W1" in told, told
    assert "there is no need to do it again" in told and REFERENCE.search(told)
    assert "try again" not in told
    assert await _ships_of(world, "alice") == 1
    assert_error(world.env, app_commands.CommandInvokeError, contains="Invalid Form Body")


async def test_item_5_an_action_that_failed_before_it_was_stored_may_be_tried_again(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    await _started(world)

    async def broken(self: GameMaster, *args: Any, **kwargs: Any) -> Reply:
        raise RuntimeError("the shipyard is on fire")

    monkeypatch.setattr(GameMaster, "build_ship", broken)
    failed = await use(world.alice, world.channel, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")
    told = answer(failed).content
    assert told.startswith("Sorry, something went wrong") and "nothing was stored" in told
    assert "try again" in told and "It was done" not in told
    assert await _ships_of(world, "alice") == 0
    assert_error(world.env, app_commands.CommandInvokeError, contains="on fire")


async def test_item_5_the_same_command_sent_again_after_a_lost_answer_is_recognised(world: World) -> None:
    """Discord refused the answer to a stored ``/build ship``; alice sends it again (a new
    interaction): she is told it was done already and no second ship is built. A third identical
    command, after that answer arrived, is a deliberate second ship."""
    await _started(world)
    world.env.inject_error(
        "POST", "/interactions/*/callback", status=400, code=50035, message="Invalid Form Body"
    )
    build = {"star": "Ur", "design": "WG=1 PD=5 B=3"}
    lost = await use(world.alice, world.channel, "build ship", **build)
    assert answer(lost).content.startswith("It was done: ")
    again = await use(world.alice, world.channel, "build ship", **build)
    told = answer(again).content
    assert told.startswith("That was done already (your first try's answer was lost): "), told
    assert "W1" in told and again.ephemeral
    assert await _ships_of(world, "alice") == 1
    third = await use(world.alice, world.channel, "build ship", **build)
    assert "W2" in answer(third).content and "done already" not in answer(third).content
    assert await _ships_of(world, "alice") == 2
    assert_error(world.env, app_commands.CommandInvokeError, contains="Invalid Form Body")
