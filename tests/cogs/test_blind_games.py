"""Whole blind games on Discord (R-BLIND-1..6, R-BLIND-16/17/19/30), driven by slash commands,
the buttons under the channel's news and the orders flow in direct messages; after every one of
them tests/cogs/blind_world.py checks that no player read anything beyond what they knew: the
channel, their answers, their direct messages, every picture's inputs and every autocomplete."""

from __future__ import annotations

from dataclasses import replace

import discord
import pytest

from engine.warpwar.movement import cheapest_path
from engine.warpwar.state import Phase
from tests.cogs.blind_world import BlindWorld
from tests.cogs.conftest import World, answer, close_dms, pass_time, text_of


def news_with(world: World, label: str) -> discord.Message:
    """The channel's latest message carrying a button labelled ``label``."""
    for message in reversed(world.channel.history()):
        if any(
            getattr(child, "label", None) == label
            for row in message.components
            if isinstance(row, discord.ActionRow)
            for child in row.children
        ):
            return message
    raise AssertionError(f"no message with {label!r}")


def prompt_for(member_dms: list[discord.Message], where: str) -> discord.Message:
    """The latest call for orders at ``where`` in a member's direct messages."""
    return next(m for m in reversed(member_dms) if m.components and f"at {where}" in text_of(m))


async def paste(blind: BlindWorld, name: str, where: str, orders: str) -> None:
    """Orders sent through the direct messages: the call's *Paste orders*, its form, *Submit*."""
    member = blind.members[name]
    prompt = prompt_for(member.user.dm_channel.history(), where)
    shown = await blind.click(member, prompt, "Paste orders", in_dm=True)
    assert shown.modal is not None
    pasted = await member.user.submit_modal(shown, {"orders": orders})
    assert pasted.acknowledged and pasted.response is not None
    await blind.check()
    await blind.click(member, pasted.response.message, "Submit", in_dm=True)


async def test_two_players_blind_to_ships_on_discord_to_a_win(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-BLIND-2/4/6/12/16/17/30: a classic learning game, blind to ships. Each player's map comes
    by direct message as the game begins; alice's cruiser waits near bob's base; bob's scout
    passes it (each sees the other, remembered as last seen); alice's attack stops at bob's base
    at the guard she could not see; the battle's orders go through the direct messages and its
    news to its players; the channel hears turns, phases and the winner, with the map only then."""
    blind = await BlindWorld.open(world, monkeypatch, ruleset="classic", scenario="learning", blind="ships")
    alice, bob = world.alice, world.bob
    begun = {
        n: [m for m in blind.members[n].user.dm_channel.history() if m.attachments] for n in ("alice", "bob")
    }
    assert all(begun.values()), "each player's map, by direct message, as the game begins"
    state = await blind.state()
    home, target = state.bases_of("alice")[0].star, state.bases_of("bob")[0].star
    start, goal = state.map.star(home).hex, state.map.star(target).hex
    route = cheapest_path(replace(state, game_turn=2), "alice", start, goal)
    assert route is not None and len(route) > 3
    wait = max(i for i, h in enumerate(route[:-1]) if not state.map.is_star(h))
    # Turn 1: alice builds a cruiser and takes it to open space near bob's base.
    await blind.act(alice, "build ship", star=home, design="WG=1 PD=22 B=13", name="Reliant")
    await blind.click(alice, news_with(world, "End phase"), "End phase")
    await blind.act(alice, "move ship", ship="W1", path=" ".join(route[: wait + 1]))
    undo = await blind.act(alice, "move undo")
    assert "cannot be taken back" in answer(undo).content
    await blind.click(alice, news_with(world, "End phase"), "End phase")
    # bob builds a guard and a scout; the scout passes alice's cruiser.
    await blind.act(bob, "build ship", star=target, design="WG=1 PD=10 B=5 S=5", name="Warden")
    await blind.act(bob, "build ship", star=target, design="WG=1 PD=10")
    await blind.act(bob, "build done")
    state = await blind.state()
    beyond = next(h for h in state.map.neighbours(route[wait]) if h not in route and not state.map.is_star(h))
    passing = await blind.act(bob, "move ship", ship="W2", path=" ".join([*reversed(route[wait:-1]), beyond]))
    assert "alice's W1 seen at" in answer(passing).content
    alice_dms = "\n".join(text_of(m) for m in alice.user.dm_channel.history())
    assert "bob's W2 seen at" in alice_dms and "going on towards" in alice_dms
    await blind.act(bob, "move done")
    state = await blind.state()
    assert state.knowledge.of("alice").ships["bob:W2"].towards == beyond, "remembered as last seen"
    seen = await blind.click(alice, news_with(world, "My map"), "My map")
    assert seen.ephemeral and answer(seen).attachments
    await blind.click(bob, news_with(world, "What can I do?"), "What can I do?")
    # Turn 2: alice heads through bob's base, guarded where she could not see: she stops there.
    await blind.act(alice, "build done")
    onward = next(h for h in state.map.neighbours(goal) if h not in route)
    stopped = await blind.act(alice, "move ship", ship="W1", path=" ".join([*route[wait + 1 :], onward]))
    assert "the rest of the order was not carried out" in answer(stopped).content
    await blind.act(alice, "move done")
    assert (await blind.state()).phase is Phase.COMBAT
    where = state.map.label(goal)
    await paste(blind, "bob", where, "W1 DODGE: D=5 S=5")
    await paste(blind, "alice", where, "W1 DODGES, FIRING AT W1: D=5 B=13")
    bob_dms = "\n".join(text_of(m) for m in bob.user.dm_channel.history())
    assert f"Round 1 at {where} fought" in bob_dms
    public = "\n".join(text_of(m) for m in world.channel.history())
    assert where not in public and "Warden" not in public
    await paste(blind, "alice", where, "W1 DODGES, FIRING AT W1: D=10 B=12")
    await pass_time(world, 3600 * 24)  # bob sends nothing: his Warden is destroyed
    await blind.check()
    await pass_time(world, 3600 * 48)  # bob's turn 2 passes idle
    await blind.check()
    final = await blind.state()
    assert final.result is not None and final.result.winners == ("alice",)
    over = world.channel.last_message
    assert over is not None and "The game is over: alice won" in text_of(over) and over.attachments
    log = await blind.act(world.carol, "warpwar log")
    assert "alice's W1 moved" in "\n".join([answer(log).content, *(f.content for f in log.followups)])


async def test_three_players_blind_to_the_map_on_discord(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-BLIND-3/4/18/22/30/31: three players on a random map, blind to it: no preview in the lobby
    and its seed secret, the ends offered by compass word, every autocomplete offering only stars
    found. alice and bob head for the star between them and fight there, carol explores her own
    corner: the battle is told to its two players only; the channel hears turns, phases, who is
    out and the winner."""
    blind = await BlindWorld.open(
        world, monkeypatch, players=3, ruleset="revised", scenario="basic", blind="map", map="random"
    )
    opened = next(m for m in world.channel.history() if "is open" in text_of(m))
    assert not opened.attachments and "secret until the game ends" in text_of(opened)
    shown = answer(await blind.act(world.carol, "warpwar settings")).content
    assert "• blind: map" in shown and "• map seed: secret until the game ends" in shown
    state = await blind.state()
    later = replace(state, game_turn=2)
    bases = {p.name: state.map.star(state.bases_of(p.name)[0].star).hex for p in state.players}
    homes = {state.map.star(s).hex for h in state.map.homes for s in h.bases}

    def steps(player: str, goal: str) -> int:
        return len(cheapest_path(later, player, bases[player], goal) or "x" * 99)

    meeting = min(
        (s.hex for s in state.map.stars if s.hex not in homes),
        key=lambda h: steps("alice", h) + steps("bob", h),
    )
    away = min(
        (s.hex for s in state.map.stars if s.hex not in (*homes, meeting)), key=lambda h: steps("carol", h)
    )
    goals = {"alice": meeting, "bob": meeting, "carol": away}
    for turn in range(4):
        for name, member in blind.members.items():
            if (await blind.state()).result is not None:
                break
            if turn == 0:
                base = (await blind.state()).bases_of(name)[0].star
                await blind.act(member, "build ship", star=base, design="WG=1 PD=8 B=3 S=1")
                now = await blind.state()
                known = {s.name for s in now.map.stars if s.hex in now.knowledge.of(name).hexes}
                offered = await member.autocomplete(world.channel, "build ship", "star", "")
                assert offered and {c["value"] for c in offered} <= known, "no star not found is offered"
            if (await blind.state()).phase is Phase.BUILD:
                await blind.act(member, "build done")
            await blind.head_for(name, "W1", goals[name])
            await blind.end_turn(name)
    state = await blind.state()
    assert all(len(state.knowledge.of(p.name).hexes) > 3 for p in state.players), "each found more map"
    carol = "\n".join(text_of(m) for m in world.carol.user.dm_channel.history())
    fought = "\n".join(text_of(m) for m in world.alice.user.dm_channel.history())
    assert "Round 1 at" in fought and "Round" not in carol, "the battle told to its players only"
    for name in ("carol", "bob"):
        while (await blind.state()).phase is Phase.COMBAT:
            await pass_time(world, 3600 * 24)
            await blind.check()
        await blind.act(blind.members[name], "warpwar concede")
    public = [text_of(m) for m in world.channel.history()]
    assert any("carol is out of the game" in t for t in public)
    assert any("The game is over: alice won" in t for t in public)


async def test_r_blind_32_a_battle_call_for_closed_dms_waits_in_the_mailbox(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-BLIND-32 (R-BLIND-16/17): bob's direct messages are closed. His letters, maps included, wait in the
    mailbox; the call for orders of his battle at Babylon, which the channel must not hear of, waits
    there too (not in the channel, as in an open game) and says to send them with /orders; and the
    channel is not told again of letters kept at a moment that would tell what he saw."""
    close_dms(world, world.bob)
    blind = await BlindWorld.open(world, monkeypatch, ruleset="classic", scenario="learning", blind="ships")
    alice, bob = world.alice, world.bob
    await blind.act(alice, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")
    await blind.act(alice, "build done")
    await blind.act(alice, "move ship", ship="W1", to="Sumer")
    await blind.act(alice, "move done")
    await blind.act(bob, "build ship", star="Babylon", design="WG=1 PD=9 B=5 S=4")
    await blind.act(bob, "build ship", star="Babylon", design="WG=1 PD=8 B=4")
    await blind.act(bob, "build done")
    await blind.act(bob, "move ship", ship="W2", to="Kish")
    await blind.act(bob, "move done")
    await blind.act(alice, "build done")
    await blind.act(alice, "move ship", ship="W1", to="Babylon")
    notices = [m.id for m in world.channel.history() if mail_button(m)]
    await blind.act(alice, "move done")
    assert (await blind.state()).phase is Phase.COMBAT
    assert [m.id for m in world.channel.history() if mail_button(m)] == notices, "no word of what bob saw"
    public = [text_of(m) for m in world.channel.history()]
    assert not any("Babylon" in t for t in public), "the battle is not called in the channel"
    notice = next(m for m in reversed(world.channel.history()) if mail_button(m))
    read = await blind.click(bob, notice, "Read my messages")
    letters = "\n".join([answer(read).content, *(f.content for f in read.followups)])
    assert "Round 1 at Babylon" in letters and "/orders" in letters
    asked = await blind.act(bob, "orders")
    assert asked.ephemeral and "Babylon" in "\n".join(
        [answer(asked).content, *(f.content for f in asked.followups)]
    )


def mail_button(message: discord.Message) -> bool:
    return any(
        str(getattr(child, "custom_id", "")).startswith("ww:mail:")
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
    )


async def test_r_blind_5_move_ship_drops_on_arrival_with_its_autocomplete(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """R-BLIND-5/R-BLIND-13: ``/move ship … drop:`` suggests the Systemships aboard the ship being
    moved, and leaves them at the star where the move ends; alice alone is told."""
    blind = await BlindWorld.open(world, monkeypatch, ruleset="revised", scenario="basic", blind="ships")
    alice, ch = world.alice, world.channel
    state = await blind.state()
    home = state.bases_of("alice")[0].star
    await blind.act(alice, "build ship", star=home, design="WG=1 PD=8 SR=1")
    await blind.act(alice, "build ship", star=home, design="S=2")
    await blind.act(alice, "build done")
    await blind.act(alice, "move pickup", ship="W1", systemship="S10")
    offered = await alice.autocomplete(ch, "move ship", "drop", "", ship="W1")
    assert [(c["name"], c["value"]) for c in offered] == [("S10 aboard W1", "S10")]
    here = state.map.star(home).hex
    star = next(s for s in state.map.stars if s.hex in state.map.warp_destinations(here))
    moved = await blind.act(alice, "move ship", ship="W1", path=star.name, drop="S10")
    assert moved.ephemeral and f"left S10 at {star.name}" in answer(moved).content
    assert (await blind.state()).ships["alice:S10"].hex == star.hex
    assert not any("S10" in text_of(m) for m in ch.history()), "the channel hears nothing of it"
