"""The channel's news of a phase beginning: the active player called by name, and the buttons
under it — End phase, My fleet, My map, What can I do? — each answered privately to whoever
presses.

The game master marks such news with a :class:`~gm.announce.Turn`; the herald asks
:func:`dressed` for the mention and the buttons. Restart-proof like the orders buttons: each
button is a DynamicItem whose custom id names the game, the player-turn and the phase
(``ww:turn:GAME:SERIAL:PHASE:ACTION``), and every press reads the database again, so End phase
on an old message says that phase is over instead of ending another.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord

from cogs.shared.answer import only, respond
from cogs.shared.errors import report
from cogs.shared.posts import Post
from cogs.shared.text import MESSAGE_LIMIT
from gm.announce import Turn
from gm.warpwar.nudges import summons

BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "end": ("End phase", discord.ButtonStyle.primary),
    "fleet": ("My fleet", discord.ButtonStyle.secondary),
    "map": ("My map", discord.ButtonStyle.secondary),
    "next": ("What can I do?", discord.ButtonStyle.secondary),
}
"""Each action's button: label and colour, in the order shown."""


class TurnButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"ww:turn:(?P<game>[0-9]+):(?P<serial>[0-9]+):(?P<phase>[a-z]+):(?P<action>{'|'.join(BUTTONS)})",
):
    """One of the turn's buttons; what it does is the action its custom id ends with."""

    def __init__(self, game_id: int, serial: int, phase: str, action: str) -> None:
        self.game_id, self.serial, self.phase, self.action = game_id, serial, phase, action
        label, style = BUTTONS[action]
        custom_id = f"ww:turn:{game_id}:{serial}:{phase}:{action}"
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=custom_id))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TurnButton:
        return cls(int(match["game"]), int(match["serial"]), match["phase"], match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id = self.game_id
        try:
            if self.action == "end":
                serial, phase = self.serial, self.phase
                await respond(interaction, lambda gm, a: gm.end_phase(a, game_id, serial, phase))
            elif self.action == "fleet":
                await respond(interaction, lambda gm, a: gm.my_fleet(a, game_id))
            elif self.action == "map":
                await respond(interaction, lambda gm, a: gm.my_map(a, game_id))
            else:
                await respond(interaction, lambda gm, a: gm.what_next(a, game_id))
        except Exception as error:  # a button's errors bypass the command tree's handler
            await report(interaction, error)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (TurnButton,)
"""Registered by the client (add_dynamic_items), so old messages' buttons work after a restart."""


def turn_view(game_id: int, turn: Turn) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in BUTTONS:
        view.add_item(TurnButton(game_id, turn.serial, turn.phase, action))
    return view


def dressed(out: list[Post], turn: Turn, game_id: int) -> tuple[list[Post], discord.ui.View, dict[str, Any]]:
    """The channel's news of a phase beginning as sent: the player called in the first message
    (a mention that pings that member only), the buttons to go under the last one, and the
    extra arguments of each send."""
    view = turn_view(game_id, turn)
    if not turn.call or not turn.user_id or not out:
        return out, view, {}
    line = summons(turn, f"<@{turn.user_id}>")
    first = out[0]
    content = f"{first.content}\n{line}" if first.content else line
    if len(content) > MESSAGE_LIMIT:
        called = [Post(content=line), *out]
    else:
        called = [replace(first, content=content), *out[1:]]
    return called, view, {"allowed_mentions": only(turn.user_id)}
