"""What a Warp Arena game shows a player who asks, through the game master's front-end API
(gm.warparena.front): the channel is turned into its game first, and the lobby answered here."""

from __future__ import annotations

from cogs.warparena.acting import arena_in
from engine.warparena.cards import card
from gm.announce import Reply
from gm.core import Actor
from gm.service import GameMaster

NOT_BEGUN = "The game has not begun: its seats are still filling ({seated})."


def card_text(number: int) -> str:
    """``#12 Combat 3``: a card as its holder reads it (the number is what commands name)."""
    return f"#{number} {card(number)}"


async def _game(gm: GameMaster, channel_id: int) -> int | Reply:
    loaded = await arena_in(gm, channel_id)
    if isinstance(loaded, Reply):
        return loaded
    if loaded.state is None:
        seated = ", ".join(s.name for s in loaded.seats)
        return Reply(True, NOT_BEGUN.format(seated=seated), game_id=loaded.row.id)
    return loaded.row.id


async def status(gm: GameMaster, actor: Actor, channel_id: int) -> Reply:
    game = await _game(gm, channel_id)
    return game if isinstance(game, Reply) else await gm.arena_status(actor, game)


async def hand(gm: GameMaster, actor: Actor, channel_id: int) -> Reply:
    game = await _game(gm, channel_id)
    return game if isinstance(game, Reply) else await gm.arena_hand(actor, game)


async def dice(gm: GameMaster, actor: Actor, channel_id: int) -> Reply:
    game = await _game(gm, channel_id)
    return game if isinstance(game, Reply) else await gm.arena_dice(actor, game)


async def arena_map(gm: GameMaster, actor: Actor, channel_id: int) -> Reply:
    game = await _game(gm, channel_id)
    return game if isinstance(game, Reply) else await gm.arena_map(actor, game)


async def log(gm: GameMaster, actor: Actor, channel_id: int, page: int = 1) -> Reply:
    """Page 1 is the latest (the game master counts from 0)."""
    game = await _game(gm, channel_id)
    return game if isinstance(game, Reply) else await gm.arena_log(actor, game, page - 1)


async def reactions(gm: GameMaster, actor: Actor, channel_id: int, answer: str = "") -> Reply:
    game = await _game(gm, channel_id)
    return game if isinstance(game, Reply) else await gm.arena_reactions(actor, game, answer)
