"""Where the orders flow stands for the player who clicked: their side of the battle, read afresh.

Every button and form of the flow starts here. Nothing is remembered between clicks: the
database says whether the round is still open and what the player has, so a click after a
restart, or on a message from a round long fought, gets a true answer.

Reading it can wait (the database's one thread, under load), so every click, form and /orders
reads inside :func:`paced` (cogs.shared.pace): when the bot is busy or the interaction's budget runs
out it is deferred first, and :func:`answer` and :func:`replace_message` never race such a
deferral. A click's deferral is an update (no "thinking…" message, nothing anyone else sees):
the board can still be rewritten in place, and each new message chooses its own privacy; the
command's is a private "thinking…" (cogs.shared.privacy).
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import discord

from cogs.shared import pace
from cogs.shared.answer import actor_of, client_of
from cogs.shared.privacy import hidden, in_bot_dm
from cogs.warpwar.orders_board import RoundKey
from engine.warpwar.order_checks import combatants
from engine.warpwar.orders import Orders
from engine.warpwar.ships import Ship
from engine.warpwar.state import Battle, GameState
from gm.core import Loaded
from gm.warpwar import choices, inputs, nudges
from store import games

OVER = "That round is over."
NOT_YOURS = f"{OVER} (Or it is not yours: only the players fighting there write its orders.)"


@dataclass(frozen=True)
class Fight:
    """One player's side of an open round: their own ships in full, the enemy by label only."""

    key: RoundKey
    """The round, with the player-turn filled in."""
    title: str
    state: GameState
    battle: Battle
    player: str
    ships: tuple[Ship, ...]
    """The player's own ships fighting at the star (the only ones they may order)."""
    deadline: datetime | None

    @property
    def where(self) -> str:
        return self.state.map.label(self.key.star)

    @property
    def labels(self) -> list[str]:
        return [s.label for s in self.ships]

    @property
    def sealed(self) -> tuple[Orders, ...] | None:
        """What the player has sent this round so far (None: nothing yet)."""
        return self.battle.orders.get(self.player)

    @property
    def pending(self) -> bool:
        """Whether the orders sent leave ships out and wait for the player's confirmation."""
        return self.player in self.battle.pending

    def names(self, words: str) -> str | None:
        """The label of the player's own ship that ``words`` name (its label or its name), read as
        every command reads it, for pasted orders (order_notation.ShipNamer)."""
        return inputs.ship_named(self.state, self.player, words)

    @property
    def targets(self) -> list[str]:
        """Enemy ships as orders name them (a bare label unless two enemies share it): those the
        game master offers, fighting there and so in the player's sight (gm.warpwar.choices)."""
        return choices.targets(self.state, self.player, self.key.star)


async def fight_for(interaction: discord.Interaction, key: RoundKey) -> Fight | str:
    """The clicking player's side of the round ``key`` names, or why there is none (in their words)."""
    loaded = await game_of(interaction, key.game_id)
    if loaded is None or loaded.state is None:  # games_of finds the user's live games only
        return await _ended(interaction, key.game_id) or NOT_YOURS
    state = loaded.state
    battle = state.battle(key.star)
    current = battle is not None and battle in state.open_battles()
    same_turn = key.turn is None or key.turn == state.turn_serial
    if battle is None or not current or not same_turn or battle.round != key.round:
        return OVER
    seat = loaded.seat_of(interaction.user.id)
    assert seat is not None  # game_of only finds the player's own games
    return side(loaded, battle, seat.name, await client_of(interaction).gm.deadline(key.game_id, key.star))


async def _ended(interaction: discord.Interaction, game_id: int) -> str | None:
    """Why a game no longer takes orders ("This game has ended; …"), if it ended."""
    row = await games.game_by_id(client_of(interaction).gm.db, game_id)
    if row is None or row.status in games.LIVE:
        return None
    return nudges.closed(row.status, (await client_of(interaction).gm.load(row.id)).state)


async def game_of(interaction: discord.Interaction, game_id: int) -> Loaded | None:
    """A live game the clicking user has a seat in."""
    found = await client_of(interaction).gm.games_of(actor_of(interaction))
    return next((g for g in found if g.row.id == game_id), None)


def side(loaded: Loaded, battle: Battle, player: str, deadline: datetime | None) -> Fight | str:
    """The player's side of ``battle`` in ``loaded``, or why they have none."""
    state = loaded.state
    assert state is not None
    ships = combatants(state, battle.star)
    own = tuple(s for s in ships if s.owner == player)
    if not own:
        return f"You have no ships fighting at {state.map.label(battle.star)}."
    key = RoundKey(loaded.row.id, battle.star, battle.round, state.turn_serial)
    return Fight(key, loaded.row.title, state, battle, player, own, deadline)


async def open_fights(interaction: discord.Interaction) -> list[Fight]:
    """Every open round, in every live game, where the user has ships to order (for /orders)."""
    bot = client_of(interaction)
    found: list[Fight] = []
    for loaded in await bot.gm.games_of(actor_of(interaction)):
        seat = loaded.seat_of(interaction.user.id)
        if loaded.state is None or seat is None or loaded.row.status != "running":
            continue
        for battle in loaded.state.open_battles():
            fight = side(loaded, battle, seat.name, await bot.gm.deadline(loaded.row.id, battle.star))
            if isinstance(fight, Fight):
                found.append(fight)
    return found


# --- answering privately, in a DM or in a server's channel ------------------------------------


def in_dm(interaction: discord.Interaction) -> bool:
    """In the bot's own DM messages last (and may be read back by a later click); anywhere else,
    a server's channel, a DM between users or a group DM, the flow answers ephemerally, so no one
    else sees a word of it (cogs.shared.privacy)."""
    return in_bot_dm(interaction)


def paced(interaction: discord.Interaction) -> AbstractAsyncContextManager[pace.Acknowledgement]:
    """Read and answer within the interaction's budget, deferred by :func:`defer` when the bot is
    busy or the budget runs out (cogs.shared.pace)."""
    return client_of(interaction).pace.within(interaction, lambda: defer(interaction))


async def defer(interaction: discord.Interaction) -> None:
    """Acknowledge now, answer later: a click or a form by an update (the message clicked may
    still be rewritten), /orders by a private "thinking…"."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.application_command:
        await interaction.response.defer(ephemeral=hidden(interaction, True), thinking=True)
    else:
        await interaction.response.defer()


async def answer(interaction: discord.Interaction, content: str, view: discord.ui.View | None = None) -> None:
    """A new private message: the response if there is none yet, else a followup."""
    await pace.answering()
    extra: dict[str, Any] = {"view": view} if view is not None else {}
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=not in_dm(interaction), **extra)
    else:
        await interaction.response.send_message(content, ephemeral=not in_dm(interaction), **extra)


async def replace_message(
    interaction: discord.Interaction, content: str, view: discord.ui.View | None
) -> None:
    """Rewrite the message the click came from (a board, an error), whether answered yet or not."""
    await pace.answering()
    if interaction.response.is_done():
        await interaction.edit_original_response(content=content, view=view)
    else:
        await interaction.response.edit_message(content=content, view=view)
