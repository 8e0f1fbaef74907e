"""Warp Arena's autocomplete: what the player may answer now (gm.warparena.front.ArenaChoices).

Suggestions are the legal answers of each decision the game waits on them for, in the text form,
and the actions their points pay for; the engine judges what is finally sent, so a suggestion is
a help, never a promise. Cards come from the asker's own hand only.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.shared.answer import actor_of, bot_of
from cogs.shared.choices import bounded, game_for, matching
from cogs.warparena.looking import card_text
from engine.warparena.cards import SPECIAL_KINDS, CardKind, card
from gm.warparena.front import ArenaChoices
from gm.warparena.kind import WARPARENA


async def choices_of(interaction: discord.Interaction) -> ArenaChoices | None:
    """What the user may do now in the channel's Warp Arena game (None: nothing to suggest)."""
    loaded = await game_for(interaction)
    if loaded is None or loaded.row.kind != WARPARENA or loaded.state is None:
        return None
    return await bot_of(interaction).gm.arena_choices(actor_of(interaction), loaded.row.id)


def suggestions(choices: ArenaChoices) -> list[tuple[str, str]]:
    """(shown, value) pairs: every answer owed, then the actions the points pay for."""
    out: list[tuple[str, str]] = []
    for decision, answers in choices.decisions.items():
        out += [(f"{answer} ({decision})", answer) for answer in answers]
    out += [(f"{action}: {choices.ap_left} left", action.split(" (")[0]) for action in choices.actions]
    return out


@bounded
async def answer_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """What the user may answer now (``/arena act``)."""
    choices = await choices_of(interaction)
    return [] if choices is None else matching(suggestions(choices), current)


@bounded
async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """A move built a step at a time (``/arena move``): first the user's pieces, each at its
    hex; once a piece is named, the steps (and hops) the engine takes for it now."""
    choices = await choices_of(interaction)
    if choices is None:
        return []
    label = current.split()[0] if current.split() else ""
    mine = {p.split()[0] for p in choices.pieces}
    if label.upper() not in mine:
        return matching(((p, p.split()[0]) for p in choices.pieces), current)
    loaded = await game_for(interaction)
    assert loaded is not None
    moves = await bot_of(interaction).gm.arena_moves(actor_of(interaction), loaded.row.id, label)
    return matching(((m, m) for m in moves), current)


@bounded
async def hand_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The special cards in the user's own hand (``/arena play``)."""
    choices = await choices_of(interaction)
    if choices is None:
        return []
    kinds = (*SPECIAL_KINDS, CardKind.WILD_WARP)
    return matching(((card_text(n), str(n)) for n in sorted(choices.hand) if card(n).kind in kinds), current)
