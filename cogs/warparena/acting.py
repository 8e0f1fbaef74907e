"""A Warp Arena command as a player types or presses it: the text form (docs/warparena-notation.md)
read for the player's own seat, then handed to the game master like any kind's command.

Reading the text here, not in the game master, keeps the pointer under the wrong words in the
player's reply; the game master signs the command with the seat again, so nobody acts for another.
"""

from __future__ import annotations

from engine.warparena.notation import parse_command
from engine.warparena.reading import NotationError
from gm.announce import Reply, refused
from gm.core import Actor, Loaded
from gm.service import GameMaster
from store import games

NO_GAME = "There is no Warp Arena game in this channel; open one with /arena new."
WARPARENA = "warparena"
MOVED_ON = (
    "The game has moved on since this was asked: nothing was done. The latest question is in your messages."
)


async def arena_in(gm: GameMaster, channel_id: int) -> Loaded | Reply:
    """The channel's latest Warp Arena game, or the refusal that says there is none."""
    row = await games.latest_game_in(gm.db, channel_id)
    if row is None or row.kind != WARPARENA:
        return refused(NO_GAME, "no-game")
    return await gm.load(row.id)


def misread(text: str, error: NotationError) -> Reply:
    """A line that cannot be read: what was expected, and where, underlined."""
    return refused(f"I could not read that: {error.message}.\n```\n{error.pointer(text)}\n```", "notation")


async def act_text(gm: GameMaster, actor: Actor, loaded: Loaded, text: str) -> Reply:
    """``text`` as the actor's command in the loaded game (read for their seat, then judged)."""
    seat = loaded.seat_of(actor.user_id)
    if seat is None:
        return refused("You are not playing in this game.", "not-seated")
    if loaded.row.status != "running":
        return refused("The game is not running.", "not-running")
    text = text.strip()[:400]
    try:
        command = parse_command(text, seat.name)
    except NotationError as error:
        return misread(text, error)
    return await gm.act(actor, loaded.row.id, command)


async def act_in_channel(gm: GameMaster, actor: Actor, channel_id: int, text: str) -> Reply:
    """A slash command's text, in the channel's game."""
    loaded = await arena_in(gm, channel_id)
    if isinstance(loaded, Reply):
        return loaded
    return await act_text(gm, actor, loaded, text)


async def act_asked(gm: GameMaster, actor: Actor, game_id: int, version: int, text: str) -> Reply:
    """A pressed answer to a question asked at ``version``: refused as stale if the game moved on."""
    row = await games.game_by_id(gm.db, game_id)
    if row is None or row.kind != WARPARENA:
        return refused("That game no longer exists.", "no-game")
    if row.version != version:
        return refused(MOVED_ON, "stale")
    return await act_text(gm, actor, await gm.load(game_id), text)
