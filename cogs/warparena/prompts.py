"""The answers of a Warp Arena question as buttons (a gm.announce.Prompt under an announcement).

Each button is a discord.ui.DynamicItem whose custom id carries the game, the version the question
was asked at, its kind and the answer in the text form (``wa:ans:7:41:seal-card:seal 12``), so
it works after a restart. A press re-reads the game and sends the answer as the presser's own
command: a question the game has moved past is refused as stale, in words.

The reaction window's buttons ("Cancel with Wild Warp", "Pass") are under one channel message
that every player may press: its question is live while the same window waits at the same level
(no window opened, cancel played or window closed since it was asked). A player without a Wild
Warp who presses Cancel is refused privately by the engine, so nobody else learns it.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.shared.answer import respond
from cogs.shared.errors import report
from cogs.warparena.acting import WINDOW, answer
from cogs.warparena.looking import card_text
from cogs.warparena.written import WriteButton
from engine.warparena.waiting import Decision
from gm.announce import Prompt
from gm.warparena.answers import TEMPLATES

PREFIX = "wa:ans"
ID_LIMIT = 100
"""Discord's longest custom id: an answer too long for one is given with /arena act instead."""
MAX_BUTTONS = 20
WINDOW_LABELS = {"cancel": "Cancel with Wild Warp", "pass": "Pass"}
WORDS = {
    "random-pd": "Random power disc",
    "draw": "Draw a card",
    "warp-grid": "Warp a grid",
    "warp-converter": "Warp the converter",
    "play-cards": "Play special cards",
    "end": "End my phase",
    "end-cards": "No more cards",
    "initiative none": "No card",
}
"""One-word answers in the player's words (the button sends the text form)."""


def label_of(kind: str, choice: str) -> str:
    """A button's words: ``seal 12`` reads as the card, ``seal wild 3`` as "Wild Warp as 3",
    ``seal none`` as "No card"."""
    if kind == WINDOW:
        return WINDOW_LABELS.get(choice, choice)
    if choice in WORDS:
        return WORDS[choice]
    words = choice.split()
    if words and words[-1] == "none":
        return "No card"
    if len(words) == 3 and words[1] == "wild" and words[2].isdigit():
        return f"Wild Warp as {words[2]}"
    if len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= 84:
        return card_text(int(words[1]))
    return choice[:80]


def custom_id(game_id: int, version: int, kind: str, choice: str) -> str:
    return f"{PREFIX}:{game_id}:{version}:{kind}:{choice}"


class AnswerButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"wa:ans:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<kind>[a-z-]+):(?P<text>.+)",
):
    """One answer to one question of one game (see the module docstring)."""

    def __init__(self, game_id: int, version: int, kind: str, text: str) -> None:
        self.game_id, self.version, self.kind, self.text = game_id, version, kind, text
        style = discord.ButtonStyle.danger if text == "cancel" else discord.ButtonStyle.secondary
        if text.endswith("none") or text == "pass":
            style = discord.ButtonStyle.secondary
        elif kind != WINDOW:
            style = discord.ButtonStyle.primary
        super().__init__(
            discord.ui.Button(
                label=label_of(kind, text), style=style, custom_id=custom_id(game_id, version, kind, text)
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnswerButton:
        return cls(int(match["game"]), int(match["version"]), match["kind"], match["text"])

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            await respond(
                interaction,
                lambda gm, a: answer(gm, a, self.game_id, self.version, self.kind, self.text),
            )
        except Exception as error:  # a button's errors bypass the command tree's handler
            await report(interaction, error)


def prompt_view(prompt: Prompt) -> discord.ui.View | None:
    """The buttons of a question: one per whole answer that fits a custom id, and "Write my
    answer" when some answers are not buttons (a command's first word alone, offered for the
    player to finish; too many; too long); None if none."""
    view = discord.ui.View(timeout=None)
    unfinished = set(TEMPLATES.values())
    left_out = len(prompt.choices) > MAX_BUTTONS
    for choice in prompt.choices[:MAX_BUTTONS]:
        fits = len(custom_id(prompt.game_id, prompt.version, prompt.kind, choice)) <= ID_LIMIT
        if choice not in unfinished and fits:
            view.add_item(AnswerButton(prompt.game_id, prompt.version, prompt.kind, choice))
        else:
            left_out = True
    if left_out and prompt.kind != WINDOW:
        start = next((c for c in prompt.choices if c in unfinished), prompt.choices[0].split()[0])
        view.add_item(WriteButton(prompt.game_id, prompt.version, prompt.kind, start))
    return view if view.children else None


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (AnswerButton, WriteButton)

VIEWS: dict[str, Any] = {WINDOW: prompt_view, **{decision.value: prompt_view for decision in Decision}}
"""Every question Warp Arena asks, for the shared herald (cogs.shared.hooks.PromptViews)."""
