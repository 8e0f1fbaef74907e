"""Standing answers to reaction windows (R-WA-X-55): a seat may pass on every window an
action opens (``pass on actions``), on every window a card opens (``pass on cards``: special
cards and a fight's combat cards), or be asked each time (``ask me``, the default).

When a window opens (or reopens after a cancel), every seat asked whose standing answer fits
its subject passes at once, in seat order, as if it had answered itself. The answer depends
only on the setting and the window, never on the hand (R-WA-CARD-4): a standing pass from a
player with a Wild Warp and one without look the same.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.warparena.actions import ActionSubject
from engine.warparena.commands import Pass
from engine.warparena.dice import Dice
from engine.warparena.game import Accepted, apply
from engine.warparena.state import GameState
from store.games import Seat

ASK, ACTIONS, CARDS = "ask", "actions", "cards"
REACTIONS = {"pass on actions": ACTIONS, "pass on cards": CARDS, "ask me": ASK}
"""What a player types, and what is stored (store.games.Seat.reactions)."""
MOST_PASSES = 8


def reaction_of(seats: Sequence[Seat], player: str) -> str:
    return next((s.reactions for s in seats if s.name == player), ASK)


def describe_reactions(reaction: str) -> str:
    return {
        ACTIONS: "You pass at once on every window an action opens; windows about cards ask you.",
        CARDS: "You pass at once on every window a card opens; windows about actions ask you.",
    }.get(reaction, "Every window asks you: pass or cancel.")


def _fits(reaction: str, state: GameState) -> bool:
    if state.window is None or reaction == ASK:
        return False
    about_action = isinstance(state.window.subject, ActionSubject)
    return about_action if reaction == ACTIONS else not about_action


def with_standing_passes(result: Accepted, seats: Sequence[Seat], dice: Dice) -> Accepted:
    """``result`` followed by the standing passes of the window it leaves open, if any."""
    events = list(result.events)
    state = result.state
    for _ in range(MOST_PASSES):
        if state.window is None:
            break
        asked = [p for p in state.window.asked() if _fits(reaction_of(seats, p), state)]
        if not asked:
            break
        passed = apply(state, Pass(asked[0]), dice)
        if not isinstance(passed, Accepted):
            break
        state = passed.state
        events.extend(passed.events)
    return Accepted(state, tuple(events)) if len(events) > len(result.events) else result
