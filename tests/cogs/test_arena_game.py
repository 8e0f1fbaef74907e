"""Issue 13 item 4: a whole three-player Warp Arena game on Discord, to a win.

Set-up by placement, then play: each step is a legal command chosen by the engine's generator
(tests/engine/warparena/legal.py) and sent as its player would send it on Discord: a window's
Pass or Cancel with the buttons under the channel's window message, a sealed card with the
button of the DM that asks for it, everything else with ``/arena act`` in the text form. When
nobody has a legal command the clock moves to the next deadline. The events of the finished game
show what happened; every public message is checked for private facts (hands, sealed cards, who
holds a Wild Warp) (R-WA-CARD-4); the dice of the ended game are revealed (R-WA-DICE-2).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

import discord
from simcord import MemberActor

from engine.serial import decode
from engine.warparena.cards import CardKind, card
from engine.warparena.commands import (
    Cancel,
    Command,
    Concede,
    DeadlinePassed,
    Leave,
    MoveAndEngage,
    Pass,
    SealCard,
)
from engine.warparena.fair import FairDice
from engine.warparena.game import Accepted, apply
from engine.warparena.notation import format_command
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event
from engine.warparena.windows import CancelPlayed
from store import games
from tests.cogs.arena_table import SECRET, SEEDS, game_id, open_three, simcord_bot, state_of, version_of
from tests.cogs.conftest import World, pass_time, text_of, use
from tests.engine.warparena.legal import candidates

__all__ = ["simcord_bot"]

STEP_CAP = 1500
TURN_CAP = 12
"""Past this turn players concede, last seat first (the test's cap only): every game ends."""
RNG = int(os.environ.get("ARENA_RNG", "3"))
"""The generator's seed: fixed, so the game is the same every run (another may be tried by hand)."""
CANCEL_LABEL, PASS_LABEL = "Cancel with Wild Warp", "Pass"


@dataclass
class Played:
    """How each step was sent, to check every path was used."""

    ways: Counter[str] = field(default_factory=Counter)


def members(world: World) -> dict[str, MemberActor]:
    return {"alice": world.alice, "bob": world.bob, "carol": world.carol}


def window_message(world: World) -> discord.Message | None:
    """The latest channel message with the window's buttons."""
    for message in reversed(world.channel.history()):
        if message.components and "Reaction window" in text_of(message):
            return message
    return None


def dm_prompt(member: MemberActor, label: str) -> discord.Message | None:
    """The latest DM of the member with a button labelled ``label``."""
    for message in reversed(member.user.dm_channel.history()):
        for row in message.components:
            for item in getattr(row, "children", []):
                if getattr(item, "label", None) == label:
                    return message
    return None


async def send(world: World, command: Command, played: Played) -> None:
    """The command as its player sends it on Discord (see the module docstring)."""
    player: str = getattr(command, "player")  # noqa: B009 - every player's command names them
    member = members(world)[player]
    before = await version_of(world)
    if isinstance(command, Pass | Cancel) and (command.card is None if isinstance(command, Cancel) else True):
        window = window_message(world)
        if window is not None:
            label = PASS_LABEL if isinstance(command, Pass) else CANCEL_LABEL
            result = await member.click(window, label=label)
            assert result.acknowledged
            played.ways[f"window {label}"] += 1
            if await version_of(world) != before:
                return
    if isinstance(command, SealCard) and command.wild_value is None:
        label = "No card" if command.card is None else f"#{command.card} {card(command.card)}"
        prompt = dm_prompt(member, label)
        if prompt is not None:
            result = await member.user.click(prompt, label=label)
            assert result.acknowledged
            played.ways["sealed by DM button"] += 1
            if await version_of(world) != before:
                return
    result = await use(member, world.channel, "arena act", text=format_command(command))
    played.ways["/arena act"] += 1
    assert await version_of(world) != before, (format_command(command), result.response)


async def next_deadline(world: World) -> None:
    due = await world.bot.gm.next_due()
    assert due is not None, "the game waits on someone but has no deadline"
    wait = (due - world.bot.gm.clock.now()).total_seconds() + 1
    assert await pass_time(world, max(wait, 1)) >= 1


async def play(
    world: World,
    rng: random.Random,
    fair: FairDice,
    played: Played,
    until: Callable[[GameState], bool] = lambda state: False,
) -> GameState:
    """Legal steps until the game ends (or ``until`` holds)."""
    for _ in range(STEP_CAP):
        state = await state_of(world)
        if state.stage is Stage.OVER or until(state):
            return state
        if state.turn > TURN_CAP and state.window is None:
            quitter = next((p for p in reversed(state.in_play) if _ok(state, Concede(p), fair)), None)
            if quitter is not None:
                await use(members(world)[quitter], world.channel, "arena concede")
                continue
        proposals = candidates(state, rng)
        rng.shuffle(proposals)
        proposals.sort(key=_rank)
        chosen = next((c for c in proposals[:12] if _ok(state, c, fair)), None)
        if chosen is None:
            await next_deadline(world)
        else:
            await send(world, chosen, played)
    raise AssertionError("the game did not end within the step cap")


def _rank(command: Command) -> int:
    """What the test wants to see first: a cancel (and so a counter-cancel when another Wild Warp
    is held), a B-bot's distance attack, a D-bot fortifying its hex with a force field."""
    if isinstance(command, Cancel):
        return 0
    if isinstance(command, MoveAndEngage) and command.attacks:
        return 1
    if isinstance(command, MoveAndEngage) and any(m.leave is Leave.FORTIFY for m in command.moves):
        return 2
    return 3


def _ok(state: GameState, command: Command, fair: FairDice) -> bool:
    return not isinstance(command, DeadlinePassed) and isinstance(apply(state, command, fair), Accepted)


async def counter_cancels(world: World) -> int:
    """Cancels played on an earlier cancel (a counter-cancel) in the game's events."""
    rows = await games.events(world.bot.db, await game_id(world))
    cancels = [decode(Event, json.loads(r.body)) for r in rows if r.kind == CancelPlayed.__name__]
    return sum(1 for e in cancels if isinstance(e, CancelPlayed) and e.play.over is not None)


def public_texts(world: World) -> list[str]:
    eve = world.guild.add_member(world.env.create_user("eve"))
    return [text_of(m) for m in world.channel.history(viewer=eve)]


async def test_item_04_a_three_player_game_to_a_win_on_discord(world: World) -> None:
    """Placement, play, windows answered with the channel's buttons, sealed cards with the DM
    buttons, deadlines for the idle, to a win; nothing private in the channel."""
    await open_three(world)
    fair = FairDice(SECRET, SEEDS)
    played = Played()
    final = await play(world, random.Random(RNG), fair, played)
    assert final.winner is not None
    kinds = Counter(e.kind for e in await games.events(world.bot.db, await game_id(world)))
    assert kinds["GridPlaced"] and kinds["PieceAdded"], "set-up by placement"
    assert kinds["CancelPlayed"] >= 2, "a Wild Warp cancel (R-WA-CARD-3)"
    assert await counter_cancels(world), "a cancel cancelled in turn (2.4.6)"
    assert kinds["Revealed"], "a fight with sealed cards (6.1)"
    assert kinds["ForceFieldCreated"], "a force field"
    assert kinds["DistanceAttackDeclared"], "a B-bot's distance attack"
    assert kinds["GridWarped"], "a grid warp"
    assert played.ways["/arena act"] and played.ways[f"window {PASS_LABEL}"]
    assert played.ways["sealed by DM button"]
    texts = public_texts(world)
    assert not any(re.search(r"#\d+ (Combat|Wild)", text) for text in texts), "a button's card in public"
    for text in texts:
        assert "Your hand" not in text and "You draw" not in text, text
        assert SECRET.hex() not in text or "Server seed" in text
    holders = [p.name for p in final.players if any(card(n).kind is CardKind.WILD_WARP for n in p.hand)]
    for text in texts:
        for holder in holders:
            assert f"{holder} holds a Wild Warp" not in text
    dice = await use(world.bob, world.channel, "arena dice")
    assert dice.response is not None and SECRET.hex() in text_of(dice.response.message)
