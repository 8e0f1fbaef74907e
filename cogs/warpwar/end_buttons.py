"""The choice of a map end as buttons (R-SCEN-2): one per free end, named with its compass word and
home stars ("North — Mosul, Ur, Larsu"), under the channel's news that calls the chooser and under
their letter.

The game master asks the question (gm.warpwar.ends, a Prompt of kind ``end``); the herald puts
these buttons under it. Each is a DynamicItem whose custom id names the game and the end
(``ww:end:GAME:END``), so it works after a restart; a press reads the game again and sends the
choice as the presser's own: anyone but the chooser, or a press once the ends are chosen, is
refused privately in words.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.shared.answer import respond
from cogs.shared.errors import report
from gm.announce import Prompt
from gm.warpwar.ends import END

LABEL_LIMIT = 80
"""Discord's longest button label."""
MAX_BUTTONS = 25
"""Discord's most buttons under one message."""


class EndButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"ww:end:(?P<game>[0-9]+):(?P<end>[^:]{1,40})",
):
    """Choose one map end of one game (see the module docstring)."""

    def __init__(self, game_id: int, end: str, label: str | None = None) -> None:
        self.game_id, self.end = game_id, end
        button: discord.ui.Button[Any] = discord.ui.Button(
            label=(label or end.capitalize())[:LABEL_LIMIT],
            style=discord.ButtonStyle.primary,
            custom_id=f"ww:end:{game_id}:{end}",
        )
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EndButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(int(match["game"]), match["end"], label)

    async def callback(self, interaction: discord.Interaction) -> None:
        game_id, end = self.game_id, self.end
        try:
            await respond(interaction, lambda gm, a: gm.choose_end_in(a, game_id, end))
        except Exception as error:  # a button's errors bypass the command tree's handler
            await report(interaction, error)


def end_view(prompt: Prompt) -> discord.ui.View | None:
    """One button per end offered, worded as the game master labelled it."""
    view = discord.ui.View(timeout=None)
    labels = prompt.labels or prompt.choices
    for end, label in list(zip(prompt.choices, labels, strict=True))[:MAX_BUTTONS]:
        view.add_item(EndButton(prompt.game_id, end, label))
    return view if view.children else None


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (EndButton,)
"""Registered by the client (add_dynamic_items), so old messages' buttons work after a restart."""

VIEWS = {END: end_view}
"""The questions WarpWar asks, for the shared herald (cogs.shared.hooks.PromptViews)."""
