"""The channel's Warp Arena game, and a player's command in the text form sent to it.

The game master reads the text for the player's seat (gm.warparena.front.ArenaFront.act_text);
here the channel is turned into its game, and a pressed or written answer to a question is
checked against the question before it is sent (R-WA-X-65, R-WA-X-66).
"""

from __future__ import annotations

from engine.warparena.windows import CancelPlayed, WindowClosed, WindowOpened
from gm.announce import Reply, refused
from gm.core import Actor, Loaded
from gm.service import GameMaster
from gm.warparena.kind import WARPARENA
from store import games

WINDOW = "window"
"""The reaction window's question (gm.warparena.prompts): one channel message for all asked."""
WINDOW_TURNS = {WindowOpened.__name__, CancelPlayed.__name__, WindowClosed.__name__}
"""Events after which a window message's buttons answer a question no longer asked (R-WA-X-65)."""
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


async def answer(gm: GameMaster, actor: Actor, game_id: int, version: int, kind: str, text: str) -> Reply:
    """The pressed answer as the presser's command, if the question is still the one asked."""
    row = await games.game_by_id(gm.db, game_id)
    if row is None or row.kind != WARPARENA:
        return refused("That game no longer exists.", "no-game")
    if row.status != "running":
        return refused("The game is not running any more: nothing was done.", "not-running")
    if kind == WINDOW:
        later = await games.events(gm.db, game_id, after=version)
        if any(e.kind in WINDOW_TURNS for e in later):
            return refused("That window has closed or moved on: nothing was done.", "stale")
    elif row.version != version:
        return refused(MOVED_ON, "stale")
    return await gm.act_text(actor, game_id, text)
