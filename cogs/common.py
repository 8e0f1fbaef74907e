"""What every cog shares: messages within Discord's limits, pictures, answering a command with a
game master call, and autocomplete for games, ships, stars and hexes.

Cogs stay thin: read the options, call the game master through :func:`respond`, and let the
herald deliver the reply. Autocomplete only suggests; the game master checks every value again.
An autocomplete cannot be deferred, so each is :func:`bounded`: when the bot is busy, or its
reads take longer than :data:`cogs.pace.SUGGEST` seconds, it offers nothing rather than a list
that comes too late (Discord drops it anyway).
"""

from __future__ import annotations

import functools
import io
import logging
from collections.abc import Awaitable, Callable, Coroutine, Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord import app_commands

from cogs import pace
from cogs.text import EMBED_DESCRIPTION_LIMIT, MESSAGE_LIMIT, pieces
from gm.announce import Heading, Picture, Reply
from gm.aside import GameSetAside
from gm.core import Actor, Loaded
from gm.service import GameMaster

if TYPE_CHECKING:
    from cogs.app import WarpWarBot

log = logging.getLogger(__name__)

SCALES = (1.0, 0.75, 0.5, 0.35)
"""Picture scales tried in turn until the PNG fits the upload limit where it goes."""
EMBED_COLOUR = discord.Colour.dark_blue()
CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""

Call = Callable[[GameMaster, Actor], Awaitable[Reply]]
"""One game master call, given who acts: ``lambda gm, actor: gm.join(actor, channel_id)``."""


def actor_of(interaction: discord.Interaction) -> Actor:
    """Who acts, as the game master knows them: a server manager may run any game there, and
    the interaction's id makes a retried interaction harmless."""
    user = interaction.user
    manager = isinstance(user, discord.Member) and user.guild_permissions.manage_guild
    return Actor(user.id, user.display_name, manager=manager, request_id=f"discord:{interaction.id}")


def client_of(interaction: discord.Interaction) -> WarpWarBot:
    """The bot an interaction came to (this module is below cogs.app, so it checks by shape)."""
    client = interaction.client
    assert hasattr(client, "gm") and hasattr(client, "herald"), "not the WarpWar bot"
    return cast("WarpWarBot", client)


bot_of = client_of
actor = actor_of


async def respond(interaction: discord.Interaction, call: Call) -> None:
    """Answer a command with a game master call's reply (through the herald).

    The call usually takes milliseconds, and answering at once keeps a refusal private even for
    a command whose success is public. Discord's 3-second window is kept whatever the load
    (cogs.pace): a call still running :data:`cogs.pace.BUDGET` seconds after the interaction was
    created defers, privately; when the bot is busy, or the budget is spent before we begin,
    the interaction is deferred before the call can queue on a lock or the database.
    """
    bot = bot_of(interaction)
    async with bot.pace.within(interaction, lambda: bot.herald.defer(interaction, private=True)):
        try:
            reply = await call(bot.gm, actor(interaction))
        except GameSetAside as aside:  # a call that reads the game itself (gm.load) before acting
            reply = aside.refusal()
        finally:  # no deferral may be on its way when the answer (or the apology) is sent
            await pace.answering()
        await bot.herald.deliver(reply, interaction)


Method = Callable[..., Awaitable[Reply]]
"""An unbound GameMaster method (``GameMaster.join``), so mypy checks that it exists."""


async def on_channel(interaction: discord.Interaction, method: Method, **options: Any) -> None:
    """A call about the channel's game: ``method(gm, actor, channel_id, **options)``."""
    channel_id = channel_of(interaction)
    await respond(interaction, lambda gm, a: method(gm, a, channel_id, **options))


def channel_of(interaction: discord.Interaction) -> int:
    """The channel a command was used in (guild-only commands always have one)."""
    assert interaction.channel_id is not None
    return interaction.channel_id


def only(user_id: int) -> discord.AllowedMentions:
    """Ping the one member a message is for, nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=user_id)])


# --- messages --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Post:
    """One message's worth: text, or an embed (with the picture, if any, as its image).

    A heading (gm.announce.Heading) makes it an embed with a title, the colour and a footer;
    the deadline shows in the footer in each reader's own time (the embed's timestamp)."""

    content: str | None = None
    description: str | None = None
    png: bytes | None = None
    filename: str = "picture.png"
    heading: Heading | None = None

    def kwargs(self) -> dict[str, Any]:
        """Fresh arguments for one send (a discord.File can be sent only once)."""
        if self.png is None and self.description is None and self.heading is None:
            return {"content": self.content}
        embed = discord.Embed(description=self.description, colour=EMBED_COLOUR)
        if self.heading is not None:
            _head(embed, self.heading)
        out: dict[str, Any] = {"embed": embed}
        if self.content:
            out["content"] = self.content
        if self.png is not None:
            embed.set_image(url=f"attachment://{self.filename}")
            out["file"] = discord.File(io.BytesIO(self.png), filename=self.filename)
        return out


def _head(embed: discord.Embed, heading: Heading) -> None:
    embed.title = heading.title
    if heading.colour:
        embed.colour = discord.Colour(heading.colour)
    if heading.footer:
        embed.set_footer(text=heading.footer)
    if heading.deadline is not None:
        embed.timestamp = datetime.fromtimestamp(heading.deadline, UTC)


def posts(
    text: str, png: bytes | None = None, filename: str = "picture.png", heading: Heading | None = None
) -> list[Post]:
    """``text`` (and a picture) as messages within Discord's limits: plain messages of at most
    2000 characters, or, with a picture or a heading, embeds of at most 4096 with the picture on
    the last (a heading's title on the first, its footer on the last)."""
    if png is None and heading is None:
        return [Post(content=part) for part in pieces(text, MESSAGE_LIMIT)]
    parts: list[str | None] = [*pieces(text, EMBED_DESCRIPTION_LIMIT)] or [None]
    last = len(parts) - 1
    return [
        Post(
            description=p,
            png=png if i == last else None,
            filename=filename,
            heading=_part(heading, i, last),
        )
        for i, p in enumerate(parts)
    ]


def _part(heading: Heading | None, index: int, last: int) -> Heading | None:
    """The heading of one of several messages: the title first, the footer last."""
    if heading is None or last == 0:
        return heading
    if index == 0:
        return replace(heading, footer="", deadline=None)
    return replace(
        heading, title=f"{heading.title} (continued)", footer="" if index < last else heading.footer
    )


def filename_of(picture: Picture) -> str:
    """What the attachment is called: what it shows."""
    where = f"-{picture.star}" if picture.star else ""
    return f"{picture.kind}{where}.png"


async def draw(bot: WarpWarBot, game_id: int | None, picture: Picture, limit: int) -> bytes | None:
    """A picture's PNG at the largest scale that fits ``limit`` bytes (the game master draws it
    in a worker thread); None if the game has none or no scale fits."""
    if game_id is None:
        return None
    for scale in SCALES:
        png = await bot.gm.picture(game_id, picture, scale)
        if png is None or len(png) <= limit:
            return png
    log.warning("a %s picture of game %s does not fit in %d bytes", picture.kind, game_id, limit)
    return None


# --- autocomplete ----------------------------------------------------------------------------

C = TypeVar("C", bound=app_commands.Choice[Any])
Suggest = Callable[[discord.Interaction, str], Coroutine[Any, Any, list[C]]]


def bounded(suggest: Suggest[C]) -> Suggest[C]:
    """An autocomplete that answers in time or offers nothing (cogs.pace.Pace.suggest)."""

    @functools.wraps(suggest)
    async def within(interaction: discord.Interaction, current: str) -> list[C]:
        return await bot_of(interaction).pace.suggest(interaction, suggest(interaction, current))

    return within


async def _game_for(interaction: discord.Interaction) -> Loaded | None:
    """The game a command is about: its ``game`` option if filled in, else the channel's."""
    gm = bot_of(interaction).gm
    chosen = getattr(interaction.namespace, "game", None)
    if isinstance(chosen, int):
        return next((g for g in await gm.games_of(actor(interaction)) if g.row.id == chosen), None)
    if interaction.channel_id is None:
        return None
    found = await gm.game_in(interaction.channel_id)
    if found is None:
        return None
    try:
        return await gm.load(found.id)
    except GameSetAside:
        return None  # nothing to suggest: the game takes no commands


async def _seen(interaction: discord.Interaction) -> tuple[Any, str | None] | None:
    """The game's state and the user's seat name in it (None if they have none)."""
    loaded = await _game_for(interaction)
    if loaded is None or loaded.state is None:
        return None
    seat = loaded.seat_of(interaction.user.id)
    return loaded.state, seat.name if seat else None


def _matching(options: Iterable[tuple[str, str]], typed: str) -> list[app_commands.Choice[str]]:
    """Choices (shown name, value) whose name contains what was typed, those starting with it first."""
    needle = typed.strip().casefold()
    found = [(name, value) for name, value in options if needle in name.casefold()]
    found.sort(key=lambda o: not o[0].casefold().startswith(needle))
    return [app_commands.Choice(name=name[:100], value=value) for name, value in found[:CHOICES]]


@bounded
async def ship_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The user's own ships in the game (label, name and place)."""
    seen = await _seen(interaction)
    if seen is None or seen[1] is None:
        return []
    state, player = seen[0], seen[1]
    return _matching(
        (
            (f"{s.label}{f' {s.name}' if s.name else ''} at {state.map.label(state.position(s))}", s.label)
            for s in state.ships_of(player)
        ),
        current,
    )


@bounded
async def star_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Stars of the game's map, the user's bases first."""
    seen = await _seen(interaction)
    if seen is None:
        return []
    state, player = seen
    bases = {b.star for b in state.bases_of(player)} if player else set()
    stars = sorted(state.map.stars, key=lambda s: (s.name not in bases, s.name))
    return _matching(
        ((f"{s.name}{' (your base)' if s.name in bases else ''}", s.name) for s in stars), current
    )


@bounded
async def path_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Stars or hex numbers for the last word of a path (``Umma Gir`` → ``Umma Girsu``)."""
    seen = await _seen(interaction)
    if seen is None:
        return []
    state = seen[0]
    head, _, last = current.rpartition(" ")
    prefix = f"{head} " if head else ""
    places = [s.name for s in state.map.stars]
    if last.isdigit():
        places += [h for h in state.map.hexes if h.startswith(last)]
    return _matching(((f"{prefix}{p}", f"{prefix}{p}") for p in places), last)


@bounded
async def game_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """The user's live games, newest first (to name one from a DM or another channel)."""
    found = await bot_of(interaction).gm.games_of(actor(interaction))
    needle = current.strip().casefold()
    return [
        app_commands.Choice(name=f"#{g.row.id} {g.row.title}"[:100], value=g.row.id)
        for g in found
        if needle in f"#{g.row.id} {g.row.title}".casefold()
    ][:CHOICES]
