"""Issue 11, item 6: the 3-second rule holds for every interaction, not only for the commands
answered through cogs.shared.answer.respond: the orders flow's buttons, forms and /orders, the
mailbox's button and the autocompletes.

The database is made slow (the game master's read waits :data:`SLOW` seconds of SimCord's
virtual time, past the budget of cogs.shared.pace): each interaction must be acknowledged before that
wait ends, by a deferral (or, where the answer is a form, by a private "press again"), and its
real answer must follow. What the interaction's response was when the wait ended is read from
SimCord's record of it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import pytest
from simcord import MemberActor
from simcord.backend.models.interaction import ResponseKind

from cogs.warpwar.orders_ui import BUSY
from gm.core import Actor
from store import mailbox
from tests.cogs.conftest import World, close_dms
from tests.cogs.test_item_01_03_orders import actions, board
from tests.cogs.test_mailbox import alices_first_moves
from tests.cogs.test_orders import board_of, open_battle, paste, sent

SLOW = 5.0
"""Seconds (virtual) each slowed read takes: well past the 2-second budget."""
BOTH = "W1 ATTACKS W1: D=4 B=2\nW2 DODGES: D=2 S=2"
"""Orders for both of alice's ships: sealed at once."""
T = TypeVar("T")
DEFERRALS = (ResponseKind.DEFERRED, ResponseKind.DEFERRED_UPDATE)


@dataclass
class Slow:
    """The interactions whose reads were slowed, and each one's response when its wait ended
    (None: not acknowledged yet)."""

    world: World
    when_done: dict[int, ResponseKind | None] = field(default_factory=dict)
    reading: int = 0

    def slowed(self, read: Callable[..., Awaitable[Any]], interaction_id: Callable[..., int]) -> Any:
        """``read`` made to wait first; ``interaction_id`` tells, from its arguments, for whom."""

        async def waiting(*args: Any, **kwargs: Any) -> Any:
            self.reading += 1
            try:
                await asyncio.sleep(SLOW)
            finally:
                self.reading -= 1
            record = self.world.env.backend.interactions[interaction_id(*args, **kwargs)]
            self.when_done.setdefault(record.id, record.response_kind if record.responded else None)
            return await read(*args, **kwargs)

        return waiting

    async def waited(self, interaction: Awaitable[T]) -> T:
        """An interaction's result (live), once the slowed reads are over: SimCord's clock
        stands still while the bot waits, until the test moves it."""
        result = await interaction
        await self.world.env.advance_time(SLOW + 1)
        while self.reading:  # the answer reads again (a board after Submit)
            await self.world.env.advance_time(SLOW + 1)
        return result

    def first(self) -> ResponseKind | None:
        assert self.when_done, "no read was slowed"
        return next(iter(self.when_done.values()))


def by_actor(actor: Actor) -> int:
    """The interaction an actor acts through (cogs.shared.answer.actor_of: ``discord:ID``)."""
    assert actor.request_id is not None
    return int(actor.request_id.removeprefix("discord:"))


@pytest.fixture
def slow_games(world: World, monkeypatch: pytest.MonkeyPatch) -> Callable[[], Slow]:
    """Call to make the game master's reading of a player's games slow from then on."""

    def slow() -> Slow:
        found = Slow(world)
        monkeypatch.setattr(world.bot.gm, "games_of", found.slowed(world.bot.gm.games_of, by_actor))
        return found

    return slow


async def test_item_6_write_orders_under_a_slow_database_is_deferred_then_answered(
    world: World, slow_games: Callable[[], Slow]
) -> None:
    battle = await open_battle(world)
    alice = world.alice
    slow = slow_games()
    shown = await slow.waited(alice.user.click(battle.prompt(alice), label="Write orders"))
    assert slow.first() in DEFERRALS, "acknowledged before the read ended"
    assert "W1: TL0 PD=6 B=2 S=1" in "\n".join(sent(shown)) and board_of(shown)


async def test_item_6_situation_under_a_slow_database_is_deferred_then_answered(
    world: World, slow_games: Callable[[], Slow]
) -> None:
    battle = await open_battle(world)
    bob = world.bob
    slow = slow_games()
    shown = await slow.waited(bob.user.click(battle.prompt(bob), label="Situation"))
    assert slow.first() in DEFERRALS
    assert "Enemy ships: W1@alice, W2@alice" in "\n".join(sent(shown))


async def test_item_6_submit_under_a_slow_database_is_deferred_then_sealed(
    world: World, slow_games: Callable[[], Slow]
) -> None:
    battle = await open_battle(world)
    alice = world.alice
    preview = await paste(alice, battle.prompt(alice), "Paste orders", BOTH)
    slow = slow_games()
    submitted = await slow.waited(alice.user.click(board_of(preview), label="Submit"))
    assert slow.first() in DEFERRALS
    assert "are sealed" in "\n".join(sent(submitted))


async def test_item_6_submit_while_the_game_is_locked_is_deferred_before_it_waits(world: World) -> None:
    """Another command holds the game (its lock) while alice presses Submit: she is answered
    with a deferral at once, and her orders are sealed once the game is free. (Submit deferred
    before the lock already; what it read before deferring is the slow-database test above.)"""
    battle = await open_battle(world)
    alice = world.alice
    preview = await paste(alice, battle.prompt(alice), "Paste orders", BOTH)
    gm = world.bot.gm
    seen: list[bool] = []
    submit = gm.submit_orders

    async def held(actor: Actor, *args: Any, **kwargs: Any) -> Any:
        async with gm.locked(battle.game_id):  # as if another command had the game
            record = world.env.backend.interactions[by_actor(actor)]
            seen.append(record.responded and record.response_kind in DEFERRALS)
            await asyncio.sleep(SLOW)
        return await submit(actor, *args, **kwargs)

    gm.submit_orders = held  # type: ignore[method-assign]
    submitted = await Slow(world).waited(alice.user.click(board_of(preview), label="Submit"))
    assert seen == [True]
    assert "are sealed" in "\n".join(sent(submitted))


async def test_item_6_confirm_under_a_slow_database_is_deferred_then_sealed(
    world: World, slow_games: Callable[[], Slow]
) -> None:
    battle = await open_battle(world)
    alice = world.alice
    held = await paste(alice, battle.prompt(alice), "Paste orders", "W1 ATTACKS W1: D=4 B=2")
    await alice.user.click(board_of(held), label="Submit")
    assert actions(board(alice))[0] == "confirm"
    slow = slow_games()
    confirmed = await slow.waited(alice.user.click(board(alice), label="Confirm"))
    assert slow.first() in DEFERRALS
    assert "are sealed" in "\n".join(sent(confirmed))


async def test_item_6_a_form_submitted_under_a_slow_database_is_deferred_then_shown(
    world: World, slow_games: Callable[[], Slow]
) -> None:
    battle = await open_battle(world)
    alice = world.alice
    form = await alice.user.click(battle.prompt(alice), label="Paste orders")
    assert form.modal is not None
    slow = slow_games()
    pasted = await slow.waited(alice.user.submit_modal(form, {"orders": "W1 ATTACKS W1: D=4 B=2"}))
    assert slow.first() in DEFERRALS
    assert "W1 ATTACKS W1: D=4 B=2" in board_of(pasted).content


async def test_item_6_a_button_that_opens_a_form_when_the_database_is_slow_says_press_again(
    world: World, slow_games: Callable[[], Slow], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A form cannot follow a deferral: a slow read is answered in time by a private "press
    again", and the next press, the bot no longer busy, opens the form."""
    battle = await open_battle(world)
    alice = world.alice
    quick = world.bot.gm.games_of
    slow = slow_games()
    busy = await slow.waited(alice.user.click(battle.prompt(alice), label="Paste orders"))
    assert slow.first() is ResponseKind.MESSAGE and busy.modal is None
    assert busy.ephemeral and sent(busy) == [BUSY.format(press="press **Paste orders**")]
    monkeypatch.setattr(world.bot.gm, "games_of", quick)
    again = await alice.user.click(battle.prompt(alice), label="Paste orders")
    assert again.modal is not None


async def test_item_6_the_orders_command_under_a_slow_database_is_deferred_privately(
    world: World, slow_games: Callable[[], Slow]
) -> None:
    await open_battle(world)
    slow = slow_games()
    shown = await slow.waited(world.alice.slash(world.channel, "orders"))
    assert slow.first() is ResponseKind.DEFERRED and shown.ephemeral
    assert board_of(shown)


async def test_item_6_an_autocomplete_under_a_slow_database_offers_nothing_in_time(
    world: World, slow_games: Callable[[], Slow]
) -> None:
    """An autocomplete cannot be deferred: rather than a list after the 3 seconds, none."""
    await open_battle(world)
    assert await world.alice.autocomplete(world.channel, "orders", "battle", "")
    slow = slow_games()
    await slow.waited(world.alice.autocomplete(world.channel, "orders", "battle", ""))
    record = world.env.backend.interactions[_reader(world, world.alice)()]
    assert record.responded and record.autocomplete_choices == []


async def test_item_6_the_mailbox_button_under_a_slow_database_is_deferred_then_answered(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The mailbox's button defers before it reads anything (it did so already: kept here so
    that it stays so)."""
    ch, alice, bob = world.channel, world.alice, world.bob
    close_dms(world, bob)
    await alices_first_moves(world)
    await alice.slash(ch, "move done")
    notice = ch.last_message
    assert notice is not None
    reader = _reader(world, bob)
    slow = Slow(world)
    monkeypatch.setattr(mailbox, "unread", slow.slowed(mailbox.unread, reader))
    read = await slow.waited(bob.click(notice, label="Read my messages"))
    assert slow.first() in DEFERRALS and read.ephemeral
    assert any("Your turn has begun" in m.content for m in read.followups)


def _reader(world: World, member: MemberActor) -> Callable[..., int]:
    """The interaction of ``member``'s latest press or keystroke (for reads given no actor)."""

    def latest(*_: Any) -> int:
        mine = [i for i in world.env.backend.interactions.values() if i.user_id == member.id]
        return max(mine, key=lambda i: i.id).id

    return latest
