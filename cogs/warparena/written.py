"""An answer written in the text form, for a question whose answers are too many for buttons
(where power discs go before a fight, how robots pair up, where a grid or a piece goes).

Under such a question the player finds "Write my answer": a restart-proof button (its custom id
carries the game, the version asked at and the question's kind, ``wa:txt:7:41:match-ups``) that
opens a form with one line, started with the command's first word. What is sent is checked
against the question like a pressed answer (cogs.warparena.acting.answer): stale if the game
has moved on.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.shared.answer import respond
from cogs.shared.errors import report
from cogs.warparena.acting import answer

LABEL = "Write my answer"


class AnswerForm(discord.ui.Modal, title="Your answer"):
    """One line in the text form (docs/warparena-notation.md)."""

    def __init__(self, game_id: int, version: int, kind: str, start: str) -> None:
        super().__init__(timeout=None)
        self.game_id, self.version, self.kind = game_id, version, kind
        self.line: discord.ui.TextInput[AnswerForm] = discord.ui.TextInput(
            label="Your answer, as written in the notation",
            custom_id="line",
            default=f"{start} " if start else None,
            max_length=400,
        )
        self.add_item(self.line)

    async def on_submit(self, interaction: discord.Interaction) -> None:
        text, game_id, version, kind = self.line.value, self.game_id, self.version, self.kind
        try:
            await respond(interaction, lambda gm, a: answer(gm, a, game_id, version, kind, text))
        except Exception as error:  # a form's errors bypass the command tree's handler
            await report(interaction, error)


class WriteButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wa:txt:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<kind>[a-z-]+):(?P<start>[a-z-]*)",
):
    """Opens the form for one question (see the module docstring)."""

    def __init__(self, game_id: int, version: int, kind: str, start: str) -> None:
        self.game_id, self.version, self.kind, self.start = game_id, version, kind, start
        super().__init__(
            discord.ui.Button(
                label=LABEL,
                style=discord.ButtonStyle.primary,
                emoji="\N{MEMO}",
                custom_id=f"wa:txt:{game_id}:{version}:{kind}:{start}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WriteButton:
        return cls(int(match["game"]), int(match["version"]), match["kind"], match["start"])

    async def callback(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(AnswerForm(self.game_id, self.version, self.kind, self.start))
