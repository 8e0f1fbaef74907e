"""The choice of map ends in the players' words (R-SCEN-2, R-SCEN-15): what is offered, what
was settled, the question's buttons and what the chooser can do.

The engine (engine.warpwar.ends) decides; here the ends are named as a player reads them, a
compass word with the base stars they would get (``north (Mosul, Ur, Larsu)``), and the
question the chooser answers (a :class:`~gm.announce.Prompt` of kind :data:`END`, whose buttons
the front ends show under the channel's news and the chooser's letter).
"""

from __future__ import annotations

from engine.text import listed
from engine.warpwar.ends import chooser, free_ends
from engine.warpwar.events import EndsAssigned, EndsOffered
from engine.warpwar.state import GameState
from gm.announce import Prompt

END = "end"
"""The question's kind (gm.announce.Prompt.kind): which map end the chooser takes."""
COMMAND = "/warpwar end"


def bases(state: GameState, end: str) -> tuple[str, ...]:
    """The base stars a player at ``end`` has in this scenario (its middle one alone in the
    single-base scenarios, R-MAP-3)."""
    home = state.map.home(end)
    return (home.middle,) if state.scenario.middle_base_only else home.bases


def described(state: GameState, end: str) -> str:
    """``north (Mosul, Ur, Larsu)``."""
    return f"{end} ({', '.join(bases(state, end))})"


def label(state: GameState, end: str) -> str:
    """A button's words: ``North — Mosul, Ur, Larsu``."""
    return f"{end.capitalize()} — {', '.join(bases(state, end))}"


def offered(state: GameState, e: EndsOffered) -> str:
    """The channel's line when the choice begins."""
    ends = listed([described(state, end) for end in e.ends], "or")
    others = [p.name for p in state.players if p.name != e.player and not p.out]
    if len(others) == 1 and len(e.ends) == 2:
        rest = f"{others[0]} gets the other"
        what = "the map end"
    else:
        rest = "the other players' ends are drawn by lot"
        what = "their map end"
    return (
        f"**{e.player} moves second and chooses {what}**: {ends}; {rest}. Nothing is built or moved before."
    )


def settled(state: GameState, e: EndsAssigned) -> str:
    """The channel's line once every end is settled (``state`` is after the event)."""

    def holds(end: str) -> str:
        return f"the {end} end ({', '.join(bases(state, end))})"

    others = [f"{player} defends {holds(end)}" for player, end in e.ends.items() if player != e.chosen_by]
    if e.chosen_by is None:
        return f"**The map ends are settled**: {listed(others)}."
    mine = holds(e.ends[e.chosen_by])
    if e.drawn:
        head = f"**{e.chosen_by}'s time to choose ran out**: {mine} was drawn for them"
    else:
        head = f"**{e.chosen_by} chose {mine}**"
    return f"{head}; {listed(others)}." if others else f"{head}."


def steps(state: GameState, player: str) -> list[str]:
    """What ``player`` can do while the ends are being chosen (gm.warpwar.nudges.next_steps)."""
    now = chooser(state)
    assert now is not None
    if now.name != player:
        return [
            f"{now.name} moves second and is choosing a map end: the game begins once it is chosen "
            "(I will tell you when your turn comes)."
        ]
    free = free_ends(state)
    ends = listed([described(state, end) for end in free], "or")
    return [
        f"You move second, so you choose the map end you will defend: {ends}.",
        f"Press its button (under the channel's news, or my letter to you), or type {COMMAND} end:{free[0]}.",
        "If the deadline passes first, the end drawn for you at the start is yours.",
    ]


def prompt(state: GameState, game_id: int, version: int) -> Prompt | None:
    """The question of the choice while it is open: one answer per free end."""
    if chooser(state) is None:
        return None
    free = free_ends(state)
    labels = tuple(label(state, end) for end in free)
    return Prompt(END, game_id, version, tuple(free), labels)
