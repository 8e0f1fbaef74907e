"""Issue 11, item 1: private replies stay private wherever a command is used.

/orders is the one command a user may install and use in a DM between two users or a group DM
(Discord's "private channel" context). There everyone in the conversation reads a plain message,
so the situation, the orders board and the receipt must be ephemeral, as in a server's channel;
only the player's own DM with the bot answers with plain messages. SimCord cannot play that
context itself: tests/cogs/private_channels.py builds the interactions at its lowest level.
"""

from __future__ import annotations

import pytest
from simcord import InteractionResult, MemberActor

from tests.cogs.conftest import World
from tests.cogs.private_channels import PrivateChannel
from tests.cogs.test_orders import BOTH, open_battle, sent


def _answers(result: InteractionResult) -> list[tuple[str, bool]]:
    """Each message an interaction answered with, and whether it was ephemeral."""
    messages = [result.response, *result.followups] if result.response else list(result.followups)
    return [(m.content, m.ephemeral) for m in messages]


def _shared(result: InteractionResult) -> list[str]:
    """What everyone in the conversation could read."""
    return [text[:80] for text, ephemeral in _answers(result) if not ephemeral]


@pytest.mark.parametrize("people", [2, 3], ids=["dm-between-users", "group-dm"])
async def test_item_1_orders_in_a_dm_between_users_or_a_group_dm_answer_ephemerally(
    world: World, people: int
) -> None:
    """The situation, the board, the paste form's board and the receipt of Submit: all ephemeral."""
    await open_battle(world)
    alice = world.alice
    members: list[MemberActor] = [alice, world.bob, world.carol][:people]
    chat = PrivateChannel.between(world.env, *members)

    shown = await chat.slash(alice, "orders")
    said = "\n".join(sent(shown))
    assert "W1: TL0 PD=6 B=2 S=1" in said and "Your orders for round 1 at Kish" in said
    assert _answers(shown) and not _shared(shown), _shared(shown)

    board = shown.followups[-1]
    form = await chat.click(alice, board, "Amend")
    assert form.modal is not None
    pasted = await chat.submit_modal(alice, form, {"orders": BOTH})
    assert pasted.response is not None and "W2 DODGES: D=2 S=2" in pasted.response.content
    assert not _shared(pasted), _shared(pasted)

    submitted = await chat.click(alice, pasted.response, "Replace all")
    receipt = "\n".join(sent(submitted))
    assert "Your orders for round 1 at Kish are sealed" in receipt
    assert not _shared(submitted), _shared(submitted)
    assert all(m.ephemeral for m in [*submitted.followups])

    look = await chat.click(alice, pasted.response, "Situation")
    assert _answers(look) and not _shared(look)


async def test_item_1_in_the_players_own_dm_with_the_bot_the_board_is_a_plain_message(world: World) -> None:
    """The bot's DM is private as it stands: the board lasts there, and later clicks read it back."""
    await open_battle(world)
    shown = await world.alice.user.slash("orders")
    assert _answers(shown) and not any(ephemeral for _, ephemeral in _answers(shown))


def test_item_1_every_command_chooses_where_it_may_be_used(world: World) -> None:
    """What Discord is told: only /orders may be installed by a user and used in DMs between users
    or group DMs; /fleet, /ship, /reports, /standing and /help also work in the bot's DM; every
    other command is the server's alone (README, "For server owners")."""
    guild, bot_dm, private = 0, 1, 2
    anywhere_private = {"orders"}
    bot_dm_too = {"fleet", "ship", "reports", "standing", "help"}
    tree = world.bot.tree
    synced = {c.name: c.to_dict(tree) for c in tree.get_commands()}
    for name, spec in synced.items():
        if name in anywhere_private:
            assert spec["integration_types"] == [0, 1] and spec["contexts"] == [guild, bot_dm, private]
        elif name in bot_dm_too:
            assert spec["integration_types"] == [0] and spec["contexts"] == [guild, bot_dm], name
        else:
            assert spec["integration_types"] == [0] and spec["contexts"] == [guild], (name, spec)
    assert anywhere_private | bot_dm_too <= set(synced)
