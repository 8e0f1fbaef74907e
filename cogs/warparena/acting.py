"""The channel's Warp Arena game, and a player's command in the text form sent to it.

The game master reads the text for the player's seat (gm.warparena.front.ArenaFront.act_text);
here the channel is turned into its game, and a pressed answer is checked against the question
it answers before it is sent.
"""

from __future__ import annotations

from gm.announce import Reply, refused
from gm.core import Actor, Loaded
from gm.service import GameMaster
from gm.warparena.kind import WARPARENA
from store import games

NO_GAME = "There is no Warp Arena game in this channel; open one with /arena new."
MOVED_ON = (
    "The game has moved on since this was asked: nothing was done. The latest question is in your messages."
)


async def arena_in(gm: GameMaster, channel_id: int) -> Loaded | Reply:
    """The channel's latest Warp Arena game, or the refusal that says there is none."""
    row = await games.latest_game_in(gm.db, channel_id)
    if row is None or row.kind != WARPARENA:
        return refused(NO_GAME, "no-game")
    return await gm.load(row.id)


async def act_in_channel(gm: GameMaster, actor: Actor, channel_id: int, text: str) -> Reply:
    """A slash command's text, in the channel's game."""
    loaded = await arena_in(gm, channel_id)
    if isinstance(loaded, Reply):
        return loaded
    if loaded.row.status == "lobby":
        return refused("The game has not started yet: its seats are still filling.", "not-running")
    return await gm.act_text(actor, loaded.row.id, text.strip())
