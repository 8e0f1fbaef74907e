"""Warp Arena's autocomplete: what the player may answer now, read from their own view.

Suggestions start the text form of the decision the game waits on them for (the phase's actions,
``seal 12`` for each combat card in their hand, ``pass`` and ``cancel`` in a window); the engine
judges what is finally sent, so a suggestion is a help, never a promise. Cards come from the
asker's own hand only.
"""

from __future__ import annotations

import discord
from discord import app_commands

from cogs.shared.choices import bounded, game_for, matching
from cogs.warparena.looking import card_text
from engine.warparena.cards import SPECIAL_KINDS, CardKind, card
from engine.warparena.state import GameState
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision

PHASE_WORDS = (
    ("random-pd", "roll for a random power disc"),
    ("draw", "draw a card"),
    ("warp-grid", "warp a grid"),
    ("warp-converter", "warp the converter"),
    ("play-cards", "play special cards"),
    ("rotate ", "rotate a grid: rotate 9 by 2"),
    ("convert ", "convert: convert 9-3 into ..."),
    ("end", "end your phase"),
)
STARTS: dict[Decision, tuple[tuple[str, str], ...]] = {
    Decision.PHASE: PHASE_WORDS,
    Decision.PLACE_GRID: (("place-grid ", "place a grid"),),
    Decision.PLACE_PIECE: (("place ", "place a piece: place H1 9-3"),),
    Decision.PUT_GRID: (("put-grid ", "put the warped grid"),),
    Decision.ORIENT_GRIDS: (("orient ", "orient the grids"),),
    Decision.WINDOW: (("pass", "let it stand"), ("cancel", "cancel with a Wild Warp")),
    Decision.REDISTRIBUTE: (("pds ", "redistribute power discs"),),
    Decision.ATTACK_FIELD: (("field ", "attack the force field"),),
    Decision.MATCH_UPS: (("match ", "match up the fighters"),),
    Decision.FIGHT_ORDER: (("fight-order ", "the order of the fights"),),
    Decision.OPPONENT_ORDER: (("opponents ", "the order of your opponents"),),
}


def owed(state: GameState, player: str) -> list[Decision]:
    """The decisions the game waits on ``player`` for now."""
    return [w.decision for w in waiting_on(state) if w.player == player]


def suggestions(state: GameState, player: str) -> list[tuple[str, str]]:
    """(shown, value) pairs for what ``player`` may answer now."""
    hand = sorted(state.player(player).hand)
    out: list[tuple[str, str]] = []
    for decision in owed(state, player):
        if decision is Decision.SEAL_CARD:
            out += [(f"seal {card_text(n)}", f"seal {n}") for n in hand if card(n).kind is CardKind.COMBAT]
            out.append(("seal no card", "seal none"))
        elif decision is Decision.INITIATIVE_CARD:
            out += [(f"initiative {card_text(n)}", f"initiative {n}") for n in hand]
            out.append(("initiative: no card", "initiative none"))
        elif decision is Decision.PLAY_CARDS:
            out += [(f"play {card_text(n)}", f"play {n}") for n in hand if card(n).kind in SPECIAL_KINDS]
            out.append(("end-cards: stop playing cards", "end-cards"))
        else:
            out += [(f"{word.strip()}: {what}", word) for word, what in STARTS.get(decision, ())]
    return out


async def _seat(interaction: discord.Interaction) -> tuple[GameState, str] | None:
    loaded = await game_for(interaction)
    if loaded is None or not isinstance(loaded.state, GameState):
        return None
    seat = loaded.seat_of(interaction.user.id)
    return (loaded.state, seat.name) if seat is not None else None


@bounded
async def answer_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """What the user may answer now (``/arena act``)."""
    seen = await _seat(interaction)
    if seen is None:
        return []
    return matching(suggestions(*seen), current)


@bounded
async def hand_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The special cards in the user's own hand (``/arena play``)."""
    seen = await _seat(interaction)
    if seen is None:
        return []
    state, player = seen
    hand = sorted(state.player(player).hand)
    return matching(((card_text(n), str(n)) for n in hand if card(n).kind is not CardKind.COMBAT), current)
