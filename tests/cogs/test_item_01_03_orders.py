"""Sealed orders that do what the player meant, by DM (issue 10, items 1-3 and the orders form
of item 14). alice (W1, W2) fights bob (W1) at Kish and writes her orders ship by ship, the
way a player does it: buttons, lists and forms in the bot's DM. Ships left out fight on their
standing or default orders (R-CBT-12/17) once their player has confirmed it (R-CBT-25).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import discord
from simcord import MemberActor

from cogs.app import WarpWarBot
from cogs.warpwar.orders_modals import more_example, power_example
from cogs.warpwar.orders_ui import custom_ids
from engine.warpwar.rulesets import RuleSetName, scenario
from store.db import open_database
from tests.cogs.conftest import World, paste_orders, play_to_the_battle, send_orders, use
from tests.cogs.test_orders import Battle, board_of, open_battle, paste, sent, texts

SENT = "alice has sent orders for round 1 at Kish"


def board(member: MemberActor) -> discord.Message:
    """The member's newest orders board in their DM (boards carry the list of ships)."""
    return next(
        m
        for m in reversed(member.user.dm_channel.history())
        if any(c.endswith(":ship") for c in custom_ids(m))
    )


def actions(message: discord.Message) -> list[str]:
    return [c.rsplit(":", 1)[1] for c in custom_ids(message)]


async def write_ship(member: MemberActor, message: discord.Message, ship: str, **fields: Any) -> None:
    """Pick ``ship`` in the board's list and fill its form."""
    form = await member.user.select(message, [ship])
    assert form.modal is not None, sent(form)
    written = await member.user.submit_modal(form, {"target": ["-"], **fields})
    assert written.acknowledged


async def bob_sends_his_orders(battle: Battle) -> None:
    bob = battle.world.bob
    await bob.user.click(
        board_of(await paste(bob, battle.prompt(bob), "Paste orders", "W1 DODGES: D=4 S=2")), label="Submit"
    )


def fought(world: World) -> bool:
    return "Round 1 at Kish fought" in texts(world.channel.history())


async def test_item_01_orders_written_ship_by_ship_add_up(world: World) -> None:
    """W1 from one board, then W2 from a board opened again with /orders: both are held, and
    the receipt lists every ship's orders."""
    battle = await open_battle(world)
    alice = world.alice
    await bob_sends_his_orders(battle)
    first = board_of(await alice.user.click(battle.prompt(alice), label="Write orders"))
    await write_ship(alice, first, "W1", tactic=["attack"], target=["W1"], power="D=4 B=2")
    await alice.user.click(board(alice), label="Submit")
    assert not fought(world) and "not sealed yet" in board(alice).content

    second = board_of(await alice.user.slash("orders"))
    assert "W1 ATTACKS W1: D=4 B=2" in second.content, "a new board starts from the orders sent"
    await write_ship(alice, second, "W2", tactic=["dodge"], power="D=2 S=2")
    done = await alice.user.click(board(alice), label="Submit")
    receipt = "\n".join(sent(done))
    assert "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2" in receipt
    assert fought(world)


async def test_item_01_a_paste_for_another_ship_adds_and_amend_replaces_all(world: World) -> None:
    battle = await open_battle(world)
    alice = world.alice
    await alice.user.click(
        board_of(await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=4 B=2")),
        label="Submit",
    )
    added = board_of(await paste(alice, battle.prompt(alice), "Paste orders", "W2 DODGES: D=2 S=2"))
    assert "**Submit** adds these" in added.content
    both = await alice.user.click(added, label="Submit")
    assert "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2" in "\n".join(sent(both))
    amend = await alice.user.click(board(alice), label="Amend")
    assert amend.modal is not None
    await alice.user.submit_modal(amend, {"orders": "W2 DODGES: D=3 S=1"})
    replacing = board(alice)
    assert actions(replacing)[0] == "swap"
    await alice.user.click(replacing, label="Replace all")
    held = board(alice).content
    assert "W1 ATTACKS" not in held and "W1 has no orders" in held


async def test_item_01_orders_replace_yes_starts_an_empty_board_that_replaces_all(world: World) -> None:
    battle = await open_battle(world)
    alice = world.alice
    await alice.user.click(
        board_of(
            await paste(
                alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2"
            )
        ),
        label="Submit",
    )
    fresh = board_of(await alice.user.slash("orders", replace=True))
    assert "No orders written yet" in fresh.content and actions(fresh)[0] == "swap"


async def test_item_02_orders_that_leave_a_ship_out_wait_for_confirm(world: World, tmp_path: Path) -> None:
    """bob's orders are in; alice's for W1 alone are held. Confirm still works after a restart."""
    battle = await open_battle(world)
    alice = world.alice
    await bob_sends_his_orders(battle)
    held = await alice.user.click(
        board_of(await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=4 B=2")),
        label="Submit",
    )
    said = "\n".join(sent(held))
    assert "W2 has no orders: it fights on default orders" in said and "`W2 DODGES: D=2 S=2`" in said
    assert actions(board(alice))[0] == "confirm" and not fought(world)
    assert SENT not in texts(world.channel.history()) and "R-CBT" not in said
    restarted = WarpWarBot(await open_database(tmp_path / "warpwar.sqlite3"), options=world.bot.options)
    try:
        await world.env.restart_bot(restarted)
        confirmed = await alice.user.click(board(alice), label="Confirm")
        assert not [c for c in sent(confirmed) if "Sorry" in c]
        assert fought(world) and SENT in texts(world.channel.history())
    finally:
        await world.env.shutdown()
        await restarted.db.close()


async def test_item_03_submit_on_an_empty_board_asks_first(world: World) -> None:
    battle = await open_battle(world)
    alice = world.alice
    empty = board_of(await alice.user.click(battle.prompt(alice), label="Write orders"))
    asked = await alice.user.click(empty, label="Submit")
    assert "not sealed yet" in "\n".join(sent(asked)) and actions(board(alice))[0] == "confirm"
    assert SENT not in texts(world.channel.history())


async def test_item_03_the_channel_hears_once_and_the_same_orders_again_change_nothing(world: World) -> None:
    battle = await open_battle(world)
    alice = world.alice
    both = "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2"
    await alice.user.click(
        board_of(await paste(alice, battle.prompt(alice), "Paste orders", both)), label="Submit"
    )
    again = await alice.user.click(board(alice), label="Submit")
    assert "nothing changed" in "\n".join(sent(again))
    amended = board_of(await paste(alice, battle.prompt(alice), "Paste orders", "W2 DODGES: D=4"))
    await alice.user.click(amended, label="Submit")
    assert texts(world.channel.history()).count(SENT) == 1


async def test_item_03_a_new_board_disables_the_buttons_of_the_older_ones(world: World) -> None:
    battle = await open_battle(world)
    alice = world.alice
    old = board_of(await alice.user.click(battle.prompt(alice), label="Write orders"))
    new = board_of(await alice.user.click(battle.prompt(alice), label="Write orders"))
    dms = {m.id: m for m in alice.user.dm_channel.history()}
    assert all(c.disabled for row in dms[old.id].components for c in getattr(row, "children", []))
    assert not any(c.disabled for row in dms[new.id].components for c in getattr(row, "children", []))


async def test_item_14_the_ship_form_offers_only_the_attributes_of_the_rule_set(world: World) -> None:
    """The 1977 learning game has no cannons, shells, ECM, armor or Systemship racks."""
    await play_to_the_battle(world)
    bob = world.bob
    shown = await use(bob, world.channel, "orders")
    form = await bob.select(board_of(shown), ["W1"])
    assert form.modal is not None
    hints = str(form.modal)
    assert "D=2 B=3 S=1 (also T)" in hints and "damage S, B" in hints
    for absent in ("C=1", "shells", "E,", "pick up", "damage A"):
        assert absent not in hints, absent


def test_item_14_the_1994_rules_offer_cannons_ecm_armor_and_racks() -> None:
    allowed = set(scenario(RuleSetName.REVISED, "advanced").allowed_attributes())
    assert power_example(allowed) == "D=2 B=3 S=1 (also E, T, C=1 (3 shells))"
    assert more_example(allowed) == "retreat to 1719; pick up S1; drop S2; damage A, S, B"


def newest(member: MemberActor) -> discord.Message:
    return member.user.dm_channel.history()[-1]


async def test_item_01_fix_after_a_bad_amend_still_replaces_all(world: World) -> None:
    """Orders pasted through Amend replace all those sent; a typo in them, fixed (twice), leads
    back to a board that still replaces them all, while a typo in orders added stays adding."""
    battle = await open_battle(world)
    alice = world.alice
    both = "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2"
    await alice.user.click(
        board_of(await paste(alice, battle.prompt(alice), "Paste orders", both)), label="Submit"
    )
    bad = await paste(alice, board(alice), "Amend", "W2 DODGES: D=3 S=x")
    error = bad.response.message
    assert error is not None and "Cannot read your orders" in error.content
    await paste(alice, error, "Fix", "W2 DODGES: D=3 S=y")
    assert newest(alice).id == error.id and actions(newest(alice)) == ["refix"]
    await paste(alice, newest(alice), "Fix", "W2 DODGES: D=3 S=1")
    replacing = newest(alice)
    assert actions(replacing)[0] == "swap" and "**Replace all**" in replacing.content
    assert "W1 has no orders" in replacing.content
    await alice.user.click(replacing, label="Replace all")
    assert "W1 ATTACKS" not in board(alice).content

    added = await paste(alice, battle.prompt(alice), "Paste orders", "W1 DODGES: D=x")
    assert added.response.message is not None and actions(added.response.message) == ["fix"]
    await paste(alice, added.response.message, "Fix", "W1 DODGES: D=4")
    assert actions(newest(alice))[0] == "send" and "**Submit** adds these" in newest(alice).content


async def test_item_02_the_situation_and_a_board_say_orders_are_held_awaiting_confirm(world: World) -> None:
    battle = await open_battle(world)
    alice = world.alice
    await alice.user.click(
        board_of(await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=4 B=2")),
        label="Submit",
    )
    looked = "\n".join(sent(await alice.user.click(battle.prompt(alice), label="Situation")))
    assert "held, **not sealed yet**: to confirm them, press **Confirm** on your orders board" in looked
    await write_ship(alice, board(alice), "W2", tactic=["dodge"], power="D=2 S=2")
    changed = board(alice)
    assert "The orders you sent are held, **not sealed yet** (they wait for **Confirm**)" in changed.content
    assert actions(changed)[0] == "send"


async def test_item_05_pasted_orders_name_the_ordering_ship_by_its_name(world: World) -> None:
    """alice's W1 is Reliant: her pasted orders may say so; bob's Warden is a target by label only."""
    await play_to_the_battle(world)
    alice = world.alice
    told = await paste_orders(world, alice, "Babylon", "Reliant ATTACKS W1: D=6 B=12")
    assert "W1 ATTACKS W1: D=6 B=12" in told
    prompt = next(m for m in reversed(alice.user.dm_channel.history()) if "Paste orders" in str(m.components))
    refused = await paste(alice, prompt, "Paste orders", "Reliant ATTACKS Warden: D=6 B=12")
    assert refused.response.message is not None
    assert 'at "Warden": Warden is not a ship label' in refused.response.message.content


async def test_item_02_confirm_on_an_older_board_keeps_orders_sent_since(world: World) -> None:
    """alice holds W1's orders on a board with Confirm, then sends W2's orders another way (the
    console, another device). Confirm on the older board seals what is held: it adds the board's
    orders, it never replaces W2's with the board's older copy."""
    battle = await open_battle(world)
    alice = world.alice
    first = board_of(await alice.user.click(battle.prompt(alice), label="Write orders"))
    await write_ship(alice, first, "W1", tactic=["attack"], target=["W1"], power="D=4 B=2")
    await alice.user.click(board(alice), label="Submit")
    older = board(alice)
    assert "confirm" in actions(older)
    elsewhere = await send_orders(world, alice, "Kish", "W2 DODGES: D=2 S=2")
    assert "W1 ATTACKS W1: D=4 B=2" in elsewhere.text, "added to the orders held"
    await alice.user.click(older, label="Confirm")
    state = (await world.bot.gm.load(battle.game_id)).state
    assert state is not None
    fight = state.battle(state.map.resolve("Kish") or "")
    assert fight is not None and fight.sealed("alice")
    assert {o.ship for o in fight.orders["alice"]} == {"W1", "W2"}, "W2's orders were kept"
