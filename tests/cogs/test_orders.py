"""Sealed orders by DM, end to end: the real bot against SimCord, a battle set up through the gm.

Alice (W1, W2) and bob (W1) meet at Kish; alice ends her move phase and the herald sends each
of them the round's prompt by DM. From there on everything is done the way a player does it:
clicking buttons, picking from lists and filling forms, in the DM or, with DMs closed, in the
game's channel.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from simcord import MemberActor

from cogs.app import WarpWarBot
from cogs.warpwar.orders_flow import NOT_YOURS, OVER
from cogs.warpwar.orders_ui import custom_ids, situation_for
from engine.serial import encode
from engine.warpwar.events import GameCreated
from engine.warpwar.state import Phase
from gm.core import Actor
from store.db import open_database
from tests.cogs.conftest import World, close_dms, pass_time
from tests.engine.battle_helpers import add_ship, roomy_map
from tests.engine.helpers import start

SHIPS = ("alice W1: TL0 PD=6 B=2 S=1", "alice W2: TL0 PD=4 B=1 S=2", "bob W1: TL0 PD=7 B=1 S=2")
KISH = "2118"
BOTH = "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2"
"""Orders for both of alice's ships: sealed at once."""
ROUND_HOURS = 24


@dataclass(frozen=True)
class Battle:
    """The world with a battle at Kish whose round 1 prompts have gone out."""

    world: World
    game_id: int

    def prompt(self, member: MemberActor, round: int = 1) -> discord.Message:
        """The member's DM asking for this round's orders."""
        return _with(member.user.dm_channel.history(), f":{self.game_id}:{KISH}:{round}:write")


def _with(messages: list[discord.Message], custom_id_end: str) -> discord.Message:
    """The last message carrying a component whose custom id ends so."""
    for message in reversed(messages):
        if any(c.endswith(custom_id_end) for c in custom_ids(message)):
            return message
    raise AssertionError(f"no message with {custom_id_end}: {[m.content[:60] for m in messages]}")


def text_of(message: discord.Message) -> str:
    """What a message says: its content and its embeds' text (a post with a picture is an embed)."""
    return "\n".join([message.content, *(e.description or "" for e in message.embeds)])


def texts(messages: list[discord.Message]) -> str:
    return "\n".join(text_of(m) for m in messages)


async def open_battle(world: World, closed_dms: MemberActor | None = None) -> Battle:
    """Import a game where alice's and bob's ships share Kish in alice's move phase, then end the
    phase: combat begins and the herald sends the round's prompts.

    Called in each test's body, not from a fixture: SimCord's virtual clock (the game master's,
    through discord.utils.utcnow) runs only there; in an async fixture the real date leaked in,
    and the round's deadline was set months past the virtual now."""
    state = start("revised", "advanced", "alice", "bob", hex_map=roomy_map())
    state = replace(state, game_turn=3, phase=Phase.MOVE)
    for line in SHIPS:
        state = add_ship(state, line, "Kish")
    seats = {"alice": world.alice, "bob": world.bob}
    data: dict[str, Any] = {
        "format": "warpwar-game",
        "version": 1,
        "title": "Kish War",
        "kind": "warpwar",
        "status": "running",
        "creator_id": world.alice.id,
        "setup": {"ruleset": "revised", "scenario": "advanced", "players": 2, "round_hours": ROUND_HOURS},
        "seats": [
            {"user_id": seats[p.name].id, "name": p.name, "joined": i + 1, "alliance": None}
            for i, p in enumerate(state.players)
        ],
        "events": [{"event": encode(GameCreated(state))}],
    }
    gm = world.bot.gm
    imported = await gm.import_game(Actor(1, "mod", manager=True), world.guild.id, world.channel.id, data)
    assert imported.ok and imported.game_id is not None, imported.text
    if closed_dms is not None:
        close_dms(world, closed_dms)
    combat = await gm.done(Actor(world.alice.id, "alice"), world.channel.id)
    assert combat.ok, combat.text
    await world.bot.herald.deliver(combat)
    await world.env.settle()
    return Battle(world, imported.game_id)


def board_of(result: Any) -> discord.Message:
    """The orders board a click or form answered with (the last message it sent)."""
    answers = [result.response, *result.followups] if result.response else []
    messages: list[discord.Message | None] = [a.message for a in answers]
    boards = [m for m in messages if m is not None and any(c.endswith(":ship") for c in custom_ids(m))]
    assert boards, [m.content[:80] for m in messages if m is not None]
    return boards[-1]


def sent(result: Any) -> list[str]:
    """Everything an interaction's answer said: response then followups."""
    answers = [result.response, *result.followups] if result.response else []
    return ["\n".join([a.content, *(e.description or "" for e in a.embeds)]) for a in answers]


# --- the prompt and the situation ----------------------------------------------------------------


async def test_each_combatant_gets_the_prompt_by_dm_with_the_orders_buttons(world: World) -> None:
    battle = await open_battle(world)
    for member in (battle.world.alice, battle.world.bob):
        prompt = battle.prompt(member)
        assert "Round 1 at Kish" in text_of(prompt)
        assert [c.rsplit(":", 1)[1] for c in custom_ids(prompt)] == ["write", "paste", "look"]
        assert all(len(c) <= 100 for c in custom_ids(prompt))
    assert "Round 1 at Kish" not in texts(battle.world.channel.history())
    seen = await situation_for(world.bot.gm, battle.game_id, KISH, world.bob.id)  # for the herald's prompt
    assert "W1: TL0 PD=7 B=1 S=2" in seen and "Enemy ships: W1@alice, W2@alice" in seen
    assert await situation_for(world.bot.gm, battle.game_id, KISH, world.carol.id) == ""


async def test_write_orders_shows_the_situation_as_that_side_sees_it_and_a_board(world: World) -> None:
    """Own ships in full, the enemy as counters, the deadline in everyone's own time."""
    battle = await open_battle(world)
    alice = battle.world.alice
    shown = await alice.user.click(battle.prompt(alice), label="Write orders")
    said = "\n".join(sent(shown))
    assert "W1: TL0 PD=6 B=2 S=1" in said and "W2: TL0 PD=4 B=1 S=2" in said
    assert "Enemy ships: W1@bob" in said and "PD=7" not in said
    assert "orders due <t:" in said and ":R>" in said
    board = board_of(shown)
    assert "No orders written yet" in board.content
    assert "W1 has no orders: it fights on default orders" in board.content
    assert isinstance(board.channel, discord.DMChannel)


# --- pasting, per ship, amending, submitting ----------------------------------------------------


async def paste(member: MemberActor, message: discord.Message, label: str, text: str) -> Any:
    """Open the paste form from ``message`` by DM and send ``text``."""
    form = await member.user.click(message, label=label)
    assert form.modal is not None, sent(form)
    return await member.user.submit_modal(form, {"orders": text})


async def test_pasted_orders_are_previewed_in_the_notation_then_sealed_with_a_receipt(world: World) -> None:
    battle = await open_battle(world)
    alice = world.alice
    preview = await paste(
        alice, battle.prompt(alice), "Paste orders", "w1 attack w1: d=4 b=2\nw2 dodges: PD=2 S=2"
    )
    board = board_of(preview)
    assert "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2" in board.content
    assert "Not sent yet" in board.content
    submitted = await alice.user.click(board, label="Submit")
    receipt = "\n".join(f.content for f in submitted.followups)
    assert "Your orders for round 1 at Kish are sealed:\n```\nW1 ATTACKS W1: D=4 B=2" in receipt
    after = alice.user.dm_channel.history()
    assert any("✅ Sealed" in m.content for m in after)
    assert "alice has sent orders for round 1 at Kish. Waiting for bob." in texts(world.channel.history())
    assert "D=4" not in texts(world.channel.history())


async def test_a_ship_written_with_the_form_joins_the_board_and_amend_reopens_the_text(world: World) -> None:
    battle = await open_battle(world)
    bob = battle.world.bob
    shown = await bob.user.click(battle.prompt(bob), label="Write orders")
    board = board_of(shown)
    form = await bob.user.select(board, ["W1"])
    assert form.modal is not None and form.modal["title"].startswith("W1")
    written = await bob.user.submit_modal(
        form, {"tactic": ["attack"], "target": ["W2"], "power": "D=3 B=1 S=2", "more": "damage A, S, B"}
    )
    board = bob.user.dm_channel.history()[-1]
    assert written.response.message is not None
    assert "W1 ATTACKS W2: D=3 B=1 S=2; damage A, S, B" in board.content
    amend = await bob.user.click(board, label="Amend")
    assert amend.modal is not None
    assert _default(amend.modal, "orders") == "W1 ATTACKS W2: D=3 B=1 S=2; damage A, S, B"
    again = await bob.user.submit_modal(amend, {"orders": "W1 DODGES, FIRING AT W2: D=4 B=1 S=1"})
    board = bob.user.dm_channel.history()[-1]
    assert again.response.message is not None
    assert "W1 DODGES, FIRING AT W2: D=4 B=1 S=1" in board.content


def _default(modal: dict[str, Any], custom_id: str) -> str | None:
    """A form field's prefilled text."""
    nodes: list[Any] = list(modal["components"])
    while nodes:
        node = nodes.pop()
        if node.get("custom_id") == custom_id:
            value = node.get("value")
            return None if value is None else str(value)
        nodes.extend(node.get("components") or [])
        if node.get("component"):
            nodes.append(node["component"])
    raise AssertionError(custom_id)


async def test_when_the_last_orders_arrive_the_round_is_fought_and_both_get_the_results(world: World) -> None:
    battle = await open_battle(world)
    alice, bob = world.alice, world.bob
    board = board_of(await paste(alice, battle.prompt(alice), "Paste orders", BOTH))
    await alice.user.click(board, label="Submit")
    shown = await bob.user.click(battle.prompt(bob), label="Write orders")
    form = await bob.user.select(board_of(shown), ["W1"])
    await bob.user.submit_modal(form, {"tactic": ["dodge"], "target": ["-"], "power": "D=4 S=2"})
    fought = await bob.user.click(bob.user.dm_channel.history()[-1], label="Submit")
    assert not [c for c in sent(fought) if "Sorry" in c]
    for member in (alice, bob):
        dms = texts(member.user.dm_channel.history())
        assert "Round 1 at Kish" in dms and "Round 2 at Kish" in dms, dms[-600:]
        battle.prompt(member, round=2)
    assert "Orders revealed:" in "\n".join(sent(fought))  # bob acted: his results answer him
    bob_board = next(m for m in bob.user.dm_channel.history() if m.content.startswith("**Your orders"))
    assert "round is fought" in bob_board.content and not bob_board.components
    channel = texts(world.channel.history())
    assert "Round 1 at Kish fought" in channel
    assert "D=4" not in channel and "ATTACKS" not in channel


# --- mistakes and stale buttons ------------------------------------------------------------------


async def test_a_bad_paste_points_at_the_part_and_fix_reopens_what_was_typed(world: World) -> None:
    battle = await open_battle(world)
    alice = battle.world.alice
    typed = "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=x"
    bad = await paste(alice, battle.prompt(alice), "Paste orders", typed)
    error = bad.response.message
    assert error is not None
    assert 'line 2, at "S=x": a power allocation is written like S=3' in error.content
    assert "W2 DODGES: D=2 S=x\n               ^^^" in error.content
    fix = await alice.user.click(error, label="Fix")
    assert fix.modal is not None and _default(fix.modal, "orders") == typed
    await alice.user.submit_modal(fix, {"orders": "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2"})
    fixed = alice.user.dm_channel.history()[-1]
    assert fixed.id == error.id and "W2 DODGES: D=2 S=2" in fixed.content


async def test_a_field_of_the_ship_form_that_cannot_be_read_is_named(world: World) -> None:
    battle = await open_battle(world)
    bob = battle.world.bob
    board = board_of(await bob.user.click(battle.prompt(bob), label="Write orders"))
    form = await bob.user.select(board, ["W1"])
    bad = await bob.user.submit_modal(form, {"tactic": ["attack"], "target": ["W1"], "power": "D=3 Q=1"})
    assert bad.response.content.startswith('Cannot read W1\'s orders: Power at "Q=1"')


async def test_orders_the_game_master_would_refuse_are_flagged_on_the_board(world: World) -> None:
    """The board checks the draft against the stored game, so the mistake shows before Submit;
    Submit then gets the game master's refusal, privately."""
    battle = await open_battle(world)
    alice = battle.world.alice
    board = board_of(await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=5 B=2"))
    assert "⚠ Submitting these would be refused" in board.content
    refused = await alice.user.click(board, label="Submit")
    assert any("PD" in f.content for f in refused.followups), sent(refused)
    assert "has sent orders" not in texts(battle.world.channel.history())


async def test_a_button_from_a_finished_round_says_that_round_is_over(world: World) -> None:
    battle = await open_battle(world)
    alice, bob = battle.world.alice, battle.world.bob
    old_board = board_of(await paste(alice, battle.prompt(alice), "Paste orders", BOTH))
    await alice.user.click(old_board, label="Submit")
    board = board_of(await paste(bob, battle.prompt(bob), "Paste orders", "W1 DODGES: D=4 S=2"))
    await bob.user.click(board, label="Submit")
    stale = await alice.user.click(battle.prompt(alice, round=1), label="Paste orders")
    assert stale.modal is None and stale.response.content.startswith(OVER)
    assert "Round 2 at Kish is open now" in stale.response.content
    assert [c.rsplit(":", 1)[1] for c in custom_ids(stale.response.message)] == ["write", "paste", "look"]
    again = await alice.user.click(old_board, label="Amend")  # sealed in round 1, still has buttons
    assert again.modal is None and again.response.content.startswith(OVER)


# --- restarts, closed DMs, deadlines, /orders ----------------------------------------------------


async def test_the_old_dm_buttons_and_an_open_form_work_after_a_restart(world: World, tmp_path: Path) -> None:
    """A new bot on the same database file: nothing of the flow lived in the old one's memory."""
    battle = await open_battle(world)
    alice, bob = world.alice, world.bob
    half = board_of(await paste(alice, battle.prompt(alice), "Paste orders", BOTH))
    typing = await bob.user.click(battle.prompt(bob), label="Paste orders")
    restarted = WarpWarBot(await open_database(tmp_path / "warpwar.sqlite3"), options=world.bot.options)
    try:
        await world.env.restart_bot(restarted)
        assert world.env.bot is restarted
        sealed = await alice.user.click(half, label="Submit")
        assert "Your orders for round 1 at Kish are sealed" in "\n".join(sent(sealed))
        amended = await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=3 B=2")
        assert "You sent other orders before" in board_of(amended).content
        bob_board = board_of(await bob.user.submit_modal(typing, {"orders": "W1 DODGES: D=4 S=2"}))
        fought = await bob.user.click(bob_board, label="Submit")
        assert "Orders revealed:\nalice's W1 ATTACKS W1: D=4 B=2" in "\n".join(sent(fought))
    finally:
        await world.env.shutdown()  # the new bot's database closes after the bot has stopped
        await restarted.db.close()


async def test_with_dms_closed_the_prompt_and_the_whole_flow_are_in_the_channel_privately(
    world: World,
) -> None:
    bob, alice = world.bob, world.alice
    battle = await open_battle(world, closed_dms=bob)
    prompt = _with(world.channel.history(), f":{battle.game_id}:{KISH}:1:write")
    assert f"<@{bob.id}>" in text_of(prompt) and "cannot send you direct messages" in text_of(prompt)
    shown = await bob.click(prompt, label="Write orders")
    assert shown.ephemeral and "Enemy ships: W1@alice, W2@alice" in "\n".join(sent(shown))
    form = await bob.click(prompt, label="Paste orders")
    preview = await bob.submit_modal(form, {"orders": "W1 DODGES: D=4 S=2"})
    board = board_of(preview)
    assert preview.ephemeral and board.flags.ephemeral
    sealed = await bob.click(board, label="Submit")
    assert all(f.ephemeral for f in sealed.followups)
    assert "Your orders for round 1 at Kish are sealed" in "\n".join(sent(sealed))
    nosy = await world.carol.click(prompt, label="Situation")
    assert nosy.ephemeral and sent(nosy) == [NOT_YOURS]
    others = texts(world.channel.history(viewer=alice))
    assert "bob has sent orders for round 1" in others
    assert "W1 DODGES" not in others and "Enemy ships" not in others
    mine = await alice.click(prompt, label="Situation")  # the buttons show the clicker's own side
    assert mine.ephemeral and "Enemy ships: W1@bob" in sent(mine)[0]


async def test_a_silent_side_fights_on_default_orders_when_the_deadline_passes(world: World) -> None:
    """R-CBT-12: the deadline resolves the round; the orders sent stay sealed until then, and no
    channel message ever shows any."""
    battle = await open_battle(world)
    alice = world.alice
    board = board_of(await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=4 B=2"))
    await alice.user.click(board, label="Submit")
    assert await pass_time(world, (ROUND_HOURS - 1) * 3600) >= 0
    assert "fought" not in texts(world.channel.history())
    await pass_time(world, 3600)
    assert "Round 1 at Kish fought" in texts(world.channel.history())
    bob_dms = texts(world.bob.user.dm_channel.history())
    assert "(default orders: none were sent)" in bob_dms
    assert "ATTACKS" not in texts(world.channel.history())


async def test_the_orders_command_in_a_dm_opens_the_flow_and_suggests_the_battles(world: World) -> None:
    battle = await open_battle(world)
    alice = battle.world.alice
    assert "orders" in alice.user.available_commands()
    choices = await alice.user.autocomplete("orders", "battle", "kish")
    assert choices == [{"name": "Kish War: round 1 at Kish", "value": f"{battle.game_id}:{KISH}"}]
    opened = await alice.user.slash("orders", battle=choices[0]["value"])
    assert "Enemy ships: W1@bob" in "\n".join(sent(opened))
    assert "No orders written yet" in board_of(opened).content
    carol = await battle.world.carol.user.slash("orders")
    assert carol.response.content == "You have no battle waiting for your orders."


async def test_the_orders_command_in_the_channel_answers_privately(world: World) -> None:
    battle = await open_battle(world)
    opened = await battle.world.bob.slash(battle.world.channel, "orders")
    assert opened.ephemeral and board_of(opened).flags.ephemeral


async def test_the_paste_form_takes_no_more_than_a_board_can_show(world: World) -> None:
    """A board is one message (its buttons read their orders back from it), so the form stops
    at what fits: Discord itself refuses the longer text before the bot sees it."""
    battle = await open_battle(world)
    alice = battle.world.alice
    with pytest.raises(simcord.SetupError):
        await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=1\n" * 200)
