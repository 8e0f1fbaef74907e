"""The private parts of a Warp Arena command's news, and the questions it leaves open.

After every command or deadline (gm.warparena.kind.ArenaKind.tell):

* each player whose hand changed is sent it, in words and as a picture, alone;
* each decision the game now owes from one player (placing, a phase, where a warped grid
  goes, a sealed card, an order...) is sent to that player alone with a Prompt whose choices
  are the legal answers in the game's text form (gm.warparena.answers);
* a reaction window that opens (or opens again after a cancel) is ONE channel announcement
  with the prompt ``cancel`` / ``pass``, the same whoever holds a Wild Warp (R-WA-CARD-4);
* a combat's end carries the fight picture (the arena picture is gm.warparena.channel's).

A decision is told once, when it becomes owed: it is named as its deadline is
(gm.warparena.deadlines.moment), so a prompt and a deadline begin together.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.text import plural
from engine.warparena.combat_events import CombatOver, GameWon
from engine.warparena.dice import Dice
from engine.warparena.state import GameState
from engine.warparena.tx import Event
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision, Waiting
from gm.announce import Announcement, Picture, Prompt, ToChannel, ToPlayer
from gm.kinds import Table
from gm.warparena.answers import TEMPLATES, WINDOW_ANSWERS, answers
from gm.warparena.deadlines import moment
from gm.warparena.pictures import FIGHT, HAND
from gm.warparena.story import hand_line

WORDS: dict[Decision, str] = {
    Decision.PLACE_GRID: "place a grid",
    Decision.PLACE_PIECE: "place a piece",
    Decision.INITIATIVE_CARD: "add a combat card to your initiative roll, or not",
    Decision.PHASE: "your phase: choose actions, then end",
    Decision.PUT_GRID: "say where the warped grid goes",
    Decision.ORIENT_GRIDS: "turn the two warped grids",
    Decision.PLAY_CARDS: "play your next special card, or end-cards",
    Decision.REDISTRIBUTE: "share out your power discs before the fight",
    Decision.ATTACK_FIELD: "choose the robot that attacks the force field",
    Decision.MATCH_UPS: "match up the robots for this round",
    Decision.FIGHT_ORDER: "put this round's fights in order",
    Decision.SEAL_CARD: "seal a combat card for the next fight, or none",
    Decision.OPPONENT_ORDER: "choose the order you fight your opponents in",
}
"""What each decision asks, in the player's words."""


def _key(state: GameState | None, wait: Waiting) -> tuple[str, str, str]:
    assert state is not None
    return (wait.player, wait.decision.value, moment(state, wait.decision, [wait.player]))


def _owed(state: GameState | None) -> set[tuple[str, str, str]]:
    if state is None:
        return set()
    return {_key(state, w) for w in waiting_on(state) if w.decision is not Decision.WINDOW}


def _window_key(state: GameState | None) -> object:
    if state is None or state.window is None:
        return None
    return (state.window.subject.describe(), len(state.window.chain), state.rolls)


def private_parts(
    before: GameState | None,
    after: GameState,
    events: Sequence[Event],
    table: Table,
    version: int,
    dice: Dice,
) -> list[Announcement]:
    """The hands, prompts and pictures for one command's news (see the module docstring)."""
    told: list[Announcement] = []
    for player in after.players:
        old = (
            before.player(player.name).hand
            if before is not None and player.name in {p.name for p in before.players}
            else None
        )
        if player.hand != old and player.name in table.names and not player.out:
            told.append(
                Announcement(
                    ToPlayer(player.name, table.names[player.name]),
                    hand_line(after, player.name),
                    picture=Picture(HAND, viewer=player.name),
                )
            )
    if after.window is not None and _window_key(after) != _window_key(before) and after.window.asked():
        window = after.window
        asked = ", ".join(window.asked())
        if window.chain:
            about = f"{window.chain[-1].player}'s cancel (and so let {window.subject.describe()} stand)"
        else:
            about = window.subject.describe()
        text = f"Reaction window: {asked} may cancel {about} with a Wild Warp, or pass."
        told.append(
            Announcement(ToChannel(), text, prompt=Prompt("window", table.game_id, version, WINDOW_ANSWERS))
        )
    known = _owed(before)
    for wait in waiting_on(after):
        if wait.decision is Decision.WINDOW or _key(after, wait) in known or wait.player not in table.names:
            continue
        choices = answers(after, wait.player, wait.decision, dice)
        detail = (
            f"{plural(after.ap_left, 'action point')} left"
            if wait.decision is Decision.PHASE
            else wait.detail
        )
        what = f" ({detail})" if detail else ""
        shown = _shown(choices)
        told.append(
            Announcement(
                ToPlayer(wait.player, table.names[wait.player]),
                f"**{table.title}**: {WORDS.get(wait.decision, wait.decision.value)}{what}.{shown}",
                prompt=Prompt(wait.decision.value, table.game_id, version, choices),
            )
        )
    if any(isinstance(e, CombatOver | GameWon) for e in events):
        told.append(Announcement(ToChannel(), "The combat, fight by fight.", picture=Picture(FIGHT)))
    return told


def _shown(choices: Sequence[str]) -> str:
    """A hint under the question when its one answer is a first word to finish (the answers
    themselves are the prompt's, shown by each front end its own way)."""
    if len(choices) == 1 and " " not in choices[0] and choices[0] in TEMPLATES.values():
        return f"\nType `{choices[0]} …`, then the rest of the command."
    return ""
