"""What the game master tells whom: the result of every call, free of any front end.

Replies are stored with the request they answer (JSON through ``engine.serial``), so a
retried request gets the same answer.

A front end (the Discord cogs, the local console) turns a :class:`Reply` into messages: the
``text`` goes to the person who acted (privately when ``private``), and each
:class:`Announcement` goes to its audience. Pictures are requests; the front end renders them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from engine.serial import serializable


@serializable
@dataclass(frozen=True)
class ToChannel:
    """Everyone who reads the game's channel. Never anything private (design.md)."""


@serializable
@dataclass(frozen=True)
class ToPlayer:
    """One player, privately (a direct message)."""

    name: str
    user_id: int
    discreet: bool = False
    """A blind game's letter (R-BLIND-4): when and whether a player is written to can tell what
    they saw, so a front end that keeps it for a member it cannot reach says so in the channel
    only the first time it keeps them a letter in that game."""


@serializable
@dataclass(frozen=True)
class ToBattle:
    """The players fighting one battle (R-CBT-11: what all involved may see)."""

    star: str
    """The star's name."""
    players: tuple[ToPlayer, ...]
    hex: str = ""
    """The star's hex, as the game master's battle actions take it."""
    round: int = 0
    """The round that wants orders (a front end puts it in its buttons, to know them stale)."""
    secret: bool = False
    """A blind game's battle (R-BLIND-17): where it is fought is its players' alone, so a front
    end that cannot reach one of them privately keeps the call for them, never in the channel."""


Audience = Union[ToChannel, ToPlayer, ToBattle]  # noqa: UP007 - the codec reads this union at run time


@serializable
@dataclass(frozen=True)
class Picture:
    """A picture to attach: the front end renders it (render/) off the event loop."""

    kind: str
    """``map``, ``fleet`` or ``battle``."""
    viewer: str | None = None
    """Whose view (None: the public one)."""
    around: tuple[str, ...] = ()
    """Hexes to zoom around (a battle's star)."""
    star: str | None = None
    """For ``battle``: the star's hex; the report is the last round there up to ``version``."""
    version: int | None = None
    """Draw the game as it was after this many events (None: as it is now), so a picture
    posted late or again still shows the moment it was announced for."""


@serializable
@dataclass(frozen=True)
class Heading:
    """How a channel post is headed: a title, a colour and a footer (an embed on Discord, a
    plain line on the console). Structured, so each front end shows it its own way."""

    title: str
    """``Game-turn 2 · bob · Build``."""
    colour: int = 0
    """0xRRGGBB: the acting player's colour (render.palette), or the game over colour; 0 for none."""
    footer: str = ""
    live: bool = False
    """The phase is still going on: its deadline belongs in the footer."""
    deadline: int | None = None
    """The phase's deadline (Unix seconds), filled in once the command's deadlines are planned."""


@serializable
@dataclass(frozen=True)
class PhaseKey:
    """One phase of one player-turn. With ``announce: phase`` the channel keeps one post per key,
    edited as the phase goes on; a front end that cannot edit simply posts again."""

    turn: int
    """The player-turn's serial number (GameState.turn_serial): unique across the game."""
    phase: str

    @property
    def text(self) -> str:
        return f"{self.turn}:{self.phase}"


@serializable
@dataclass(frozen=True)
class Turn:
    """Whose turn it is now, as facts a front end renders its own way: Discord mentions the
    player (pinging that member only) and puts the turn's buttons under the message; the
    console writes the same plainly."""

    player: str
    user_id: int
    """Whom to call (0: nobody known, a seat without a member)."""
    phase: str
    """``build``, ``move`` or ``rearrange``."""
    serial: int
    """The player-turn (counted across the game): with the phase, which phase this is."""
    deadline: int | None = None
    """When the phase ends by itself, in UNIX seconds (None: no deadline, or paused)."""
    call: bool = True
    """Whether to call the player: not when they brought the phase about themselves."""
    task: str = ""
    """What the call asks of the player when "your <phase> phase" would not say it
    ("choose your map end"); empty: the phase's name says it."""


@serializable
@dataclass(frozen=True)
class Prompt:
    """Buttons a front end puts under an announcement so its reader can answer from there
    (Warp Arena's reaction window, a fight's sealed card, a decision owed by one player, the
    choice of a WarpWar map end). Under news that calls a player (``Announcement.turn``) its
    buttons take the place of the turn's.

    A front end re-reads the game when one is pressed and sends a command like any other:
    ``version`` only tells a stale button (the game has moved on) from a live one."""

    kind: str
    """What it asks: an engine decision's name (``window``, ``seal-card``, ``match-ups``...)."""
    game_id: int
    version: int
    """The game's version when it was asked."""
    choices: tuple[str, ...] = ()
    """The answers to offer, each in the game's text form (``seal 12``, ``pass``)."""
    labels: tuple[str, ...] = ()
    """How each answer reads on its button, in the player's words (``North — Mosul, Ur, Larsu``
    for ``north``); empty when the front end words the answers itself."""


@serializable
@dataclass(frozen=True)
class Announcement:
    to: Audience
    text: str
    picture: Picture | None = None
    heading: Heading | None = None
    phase: PhaseKey | None = None
    """Set for the news of one phase (``announce: phase``): it adds to that phase's post, whose
    picture it replaces. Without a picture the post keeps the one it has."""
    turn: Turn | None = None
    """Set on the channel's news of a phase beginning (gm.warpwar.nudges): whose turn it is now."""
    retitle: bool = False
    """The phase's deadline moved (a pause, a resume, an extension): only the heading of the
    phase's post changes, and the call of its player (``turn``, the new deadline) if the post
    has one, without calling them again. Nothing is posted if the phase has no post."""
    prompt: Prompt | None = None
    """Buttons to answer from the message (cogs and console each show them their way)."""


@serializable
@dataclass(frozen=True)
class Reply:
    """The answer to one call of the game master."""

    ok: bool
    text: str
    """For the person who acted."""
    private: bool = True
    """Whether ``text`` is for their eyes only (an ephemeral reply on Discord)."""
    announcements: tuple[Announcement, ...] = ()
    game_id: int | None = None
    channel_id: int | None = None
    """The game's channel, where ``ToChannel`` announcements go."""
    code: str = ""
    """For a refusal: the reason as a short code (``not-your-turn``)."""
    pictures: tuple[Picture, ...] = field(default=())
    """Pictures for the reply itself (a player's own fleet card, say)."""
    queued: bool = False
    """The announcements were stored in the game's outbox with what the call did (gm.outbox): a
    front end delivers them from there, in order and each once, not from this reply."""


def refused(text: str, code: str = "refused") -> Reply:
    """A refusal: a value with a message in the player's terms, never an exception."""
    return Reply(ok=False, text=text, code=code)


def summons(turn: Turn, who: str) -> str:
    """The line that calls a player under the channel's news: ``who`` is how the front end
    names them (a Discord mention, a plain name)."""
    ends = f": it ends {when_unix(turn.deadline)}" if turn.deadline is not None else ""
    return f"{who}, {turn.task or f'your {turn.phase} phase'}{ends}."


def when_unix(unix: int) -> str:
    """A moment as Discord shows it to each reader, relative (``in 2 hours``)."""
    return f"<t:{unix}:R>"
