"""What the herald asks of a game's own Discord parts: the buttons under the news of a phase, the
line that calls its player, and the orders prompt of a battle round.

The herald is shared and never imports a game's modules; the bot hands it a game's
:class:`GameHooks` (cogs.warpwar.hooks.HOOKS) when it builds it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

import discord

from cogs.shared.posts import Post
from gm.announce import Prompt, Turn
from gm.service import GameMaster

Dressed = tuple[list[Post], discord.ui.View, dict[str, Any]]
"""Posts as sent (the player called in the first), the view under the last, extra send arguments."""

PromptViews = Mapping[str, Callable[[Prompt], discord.ui.View | None]]
"""A question's buttons by its kind (gm.announce.Prompt.kind), handed in by the bot so the herald
never imports a game: each game's cogs give the builders of the questions it asks."""


def asking(prompts: PromptViews, prompt: Prompt | None) -> discord.ui.View | None:
    """The buttons of an announcement's question, if it asks one its game knows how to show."""
    build = prompts.get(prompt.kind) if prompt is not None else None
    return build(prompt) if build is not None and prompt is not None else None


@dataclass(frozen=True)
class GameHooks:
    """A game's parts the herald needs (see the module docstring)."""

    dressed: Callable[[list[Post], Turn, int], Dressed]
    """The news of a phase beginning as sent: ``dressed(posts, turn, game_id)``."""
    summons: Callable[[Turn, str], str]
    """The line calling the turn's player: ``summons(turn, mention)``."""
    prompt_view: Callable[[int, str, int], discord.ui.View]
    """A battle round's orders buttons: ``prompt_view(game_id, hex, round)``."""
    situation: Callable[[GameMaster, int, str, int], Awaitable[str]]
    """The battle as one player sees it, for their prompt: ``situation(gm, game_id, hex, user_id)``."""
