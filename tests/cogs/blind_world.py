"""Blind games on SimCord, every command checked (R-BLIND-1..6, R-BLIND-16/17/30): after each slash
command, button press or form, nothing any player can read goes beyond their knowledge record,
by the oracle the game master's tests use (tests/gm/blind_check.py's :class:`Watch`):

- the game's channel as everyone reads it (its posts, edited ones too, their embeds and buttons)
  says only whose turn and phase it is, who is out and who won (R-BLIND-4);
- what each player alone reads (their ephemeral answers in the channel, their direct messages
  and the buttons under them) names no ship, star or Base they never knew, but for what they
  typed themselves;
- every picture the bot draws is drawn from what its viewer knows, and none for the channel;
- every autocomplete a player can open offers only what they know.

Everything is read again after each command: the channel's phase post is edited as the phase
goes on, so a line added to an old message is checked too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord
import pytest
from simcord import InteractionResult, MemberActor

from engine.warpwar import GameState
from engine.warpwar.state import Phase
from gm.announce import Picture
from tests.cogs.conftest import World, pass_time, text_of, use
from tests.gm.blind_check import Watch, drawing_of
from tests.gm.blind_table import steps_towards

SUGGESTED = (
    ("build ship", "star", ""),
    ("move ship", "ship", ""),
    ("move ship", "path", ""),
    ("move ship", "path", "1"),
    ("move ship", "drop", ""),
    ("warpwar end", "end", ""),
)
"""One option of each of WarpWar's autocompletes of places, ships and ends (cogs.warpwar.choices:
the other options with places or ships share these lists), with what is typed: hex numbers are
offered once a number is begun; the ends only while they are chosen."""


def words(message: discord.Message) -> str:
    """All a reader sees of a message: its text, its embeds' titles and footers, its buttons."""
    parts = [text_of(message)]
    for embed in message.embeds:
        parts += [embed.title or "", embed.footer.text or ""]
    for row in message.components:
        if isinstance(row, discord.ActionRow):
            parts += [str(getattr(child, "label", "") or "") for child in row.children]
    return "\n".join(p for p in parts if p)


@dataclass
class BlindWorld:
    """One blind game of ``world``'s members, watched (see the module docstring)."""

    world: World
    members: dict[str, MemberActor]
    watch: Watch = field(default_factory=Watch)
    game: int = 0
    drawn: list[Picture] = field(default_factory=list)
    """Every picture the bot was asked to draw for the game."""
    typed: dict[str, set[str]] = field(default_factory=dict)
    """The words each player typed: an answer to them may say them back."""
    suggested_at: int = -1
    """The events followed when the autocompletes were last checked (they change with the game)."""
    suggested_phase: tuple[int, str] = (-1, "")
    """The phase going on then."""

    @classmethod
    async def open(
        cls, world: World, monkeypatch: pytest.MonkeyPatch, players: int = 2, **settings: Any
    ) -> BlindWorld:
        """alice, bob (and carol), in that order, begin a blind game by slash commands; the one
        moving second chooses the end the seed drew for them (``/warpwar end``)."""
        members = {"alice": world.alice, "bob": world.bob, "carol": world.carol}
        blind = cls(world, {n: members[n] for n in list(members)[:players]})
        gm = world.bot.gm
        draw = gm.picture

        async def recorded(game_id: int, picture: Picture, scale: float = 1.0) -> bytes | None:
            blind.drawn.append(picture)
            return await draw(game_id, picture, scale)

        monkeypatch.setattr(gm, "picture", recorded)
        ch = world.channel
        await blind.act(
            world.alice, "warpwar new", title="Blind", players=players, fixed_order=True, **settings
        )
        row = await gm.game_in(ch.id)
        assert row is not None
        blind.game = row.id
        for member in list(blind.members.values())[1:]:
            await blind.act(member, "warpwar join")
        await blind.act(world.alice, "warpwar start")
        state = await blind.state()
        chooser = state.active_player.name
        await blind.act(blind.members[chooser], "warpwar end", end=state.ends_drawn[chooser])
        return blind

    async def state(self) -> GameState:
        state = await self.world.bot.gm.stored_state(self.game)
        assert isinstance(state, GameState)
        return state

    def name_of(self, member: MemberActor) -> str:
        return next(name for name, m in self.members.items() if m.id == member.id)

    async def act(self, member: MemberActor, command: str, /, **options: Any) -> InteractionResult:
        """A slash command by ``member``, then the check."""
        self.typed.setdefault(member.user.name, set()).update(str(v) for v in options.values())
        result = await use(member, self.world.channel, command, **options)
        await self.check(member.user.name)
        return result

    async def click(
        self, member: MemberActor, message: discord.Message, label: str, in_dm: bool = False
    ) -> InteractionResult:
        """A button pressed by ``member`` (``in_dm``: under a direct message), then the check."""
        pressed = await (
            member.user.click(message, label=label) if in_dm else member.click(message, label=label)
        )
        assert pressed.acknowledged, f"{label} did not respond"
        await self.check(member.user.name)
        return pressed

    async def check(self, actor: str | None = None) -> None:
        """Everything anyone can read now, against what they have known (the module docstring).
        The autocompletes are asked again when the game has moved on: the ``actor``'s, and every
        player's when a phase began (or time passed: ``actor`` None), as only then can another
        player's command change what they are offered (battles, Bases held, ships seen)."""
        bot, ch = self.world.bot, self.world.channel
        rows = await self.watch.catch_up(bot.db, self.game) if self.game else []
        public = ch.history()
        for message in public:
            self.watch.public(words(message))
            assert self.watch.ended or not message.attachments, "a picture in a blind game's channel"
        shown = {m.id for m in public}
        for name, member in self.members.items():
            typed = " ".join(self.typed.get(name, ()))
            for message in ch.history(viewer=member):
                if message.id not in shown:
                    self.watch.told(name, words(message), typed)
            for message in member.user.dm_channel.history():
                self.watch.told(name, words(message), typed)
        for picture in self.drawn:
            self.watch.drawn(picture.viewer, drawing_of(rows, picture))
        state = self.watch.state
        if state is None or not self.watch.blind or self.suggested_at == self.watch.seen:
            return
        phase = (state.turn_serial, state.phase.value)
        now = list(self.members) if actor is None or phase != self.suggested_phase else [actor]
        await self.suggested(now)
        self.suggested_at, self.suggested_phase = self.watch.seen, phase

    async def head_for(self, name: str, label: str, goal: str) -> InteractionResult | None:
        """Move a ship as far as it can this turn along the cheapest route to ``goal``, written as
        hex numbers (a player may enter hexes they have not found)."""
        steps = steps_towards(await self.state(), name, label, goal)
        if not steps:
            return None
        return await self.act(self.members[name], "move ship", ship=label, path=" ".join(steps))

    async def end_turn(self, name: str) -> None:
        """The player ends phases until their turn is over, the battles fought by the deadlines."""
        member = self.members[name]
        while (state := await self.state()).result is None and state.active_player.name == name:
            if state.open_battles():
                await pass_time(self.world, 3600 * 24)
                await self.check()
            else:
                await self.act(member, "build done" if state.phase is Phase.BUILD else "move done")

    async def suggested(self, names: list[str]) -> None:
        """Every autocomplete these players may open offers only what they know."""
        choosing = self.watch.state is not None and self.watch.state.phase is Phase.SETUP
        for name in names:
            member = self.members[name]
            for command, option, typed in SUGGESTED if choosing else SUGGESTED[:-1]:
                for choice in await member.autocomplete(self.world.channel, command, option, typed):
                    self.watch.told(name, f"{choice['name']}\n{choice['value']}")
