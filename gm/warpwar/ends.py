"""The choice of map ends in the players' words (R-SCEN-2, R-SCEN-15): what is offered, what
was settled, the question's buttons and what the chooser can do.

The engine (engine.warpwar.ends) decides; here the ends are named as a player reads them, a
compass word with the base stars they would get (``north (Mosul, Ur, Larsu)``), and the
question the chooser answers (a :class:`~gm.announce.Prompt` of kind :data:`END`, whose buttons
the front ends show under the channel's news and the chooser's letter).

In a blind game (R-BLIND-30) the channel hears who chooses and the ends offered by their compass
words (so do the buttons under its news), but not which end anyone got: each player is told their
own end by direct message. With the map hidden the chooser's letter too names the ends by compass
word alone (their stars are found like any others), and the chooser gets no map to choose on;
with ``blind: ships`` the letter names each end's stars and the chooser gets the map of the ends
by direct message, as the map is known to all and nobody's ships or Bases are on it yet.
"""

from __future__ import annotations

from engine.text import listed
from engine.warpwar.ends import chooser, free_ends
from engine.warpwar.events import EndsAssigned, EndsOffered
from engine.warpwar.state import Blind, GameState
from engine.warpwar.view import hidden
from gm.announce import Prompt

END = "end"
"""The question's kind (gm.announce.Prompt.kind): which map end the chooser takes."""
COMMAND = "/warpwar end"


def bases(state: GameState, end: str) -> tuple[str, ...]:
    """The base stars a player at ``end`` has in this scenario (its middle one alone in the
    single-base scenarios, R-MAP-3)."""
    home = state.map.home(end)
    return (home.middle,) if state.scenario.middle_base_only else home.bases


def stars_named(state: GameState) -> bool:
    """Whether the ends offered are named with their stars: not while the map is hidden, whose
    stars are found by exploring (R-BLIND-30)."""
    return not (state.options.blind is Blind.MAP and hidden(state))


def described(state: GameState, end: str) -> str:
    """``north (Mosul, Ur, Larsu)``; ``north`` while the map is hidden."""
    return f"{end} ({', '.join(bases(state, end))})" if stars_named(state) else end


def label(state: GameState, end: str) -> str:
    """A button's words: ``North — Mosul, Ur, Larsu``; ``North`` in a blind game, whose buttons
    are under the channel's news too, which hears no star (R-BLIND-4, R-BLIND-30)."""
    named = "" if hidden(state) else f" — {', '.join(bases(state, end))}"
    return f"{end.capitalize()}{named}"


def offered(state: GameState, e: EndsOffered) -> str:
    """The channel's line when the choice begins; in a blind game the ends by their compass
    words alone, as the channel hears no star (R-BLIND-4, R-BLIND-30)."""
    ends = listed([end if hidden(state) else described(state, end) for end in e.ends], "or")
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
    """The channel's line once every end is settled (``state`` is after the event); in a blind
    game it names nobody's end, each player is told their own (:func:`yours`, R-BLIND-30)."""
    if hidden(state):
        return _settled_blind(e)

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


def _settled_blind(e: EndsAssigned) -> str:
    if e.chosen_by is None:
        head = "**The map ends are settled**"
    elif e.drawn:
        head = f"**{e.chosen_by}'s time to choose ran out**: the end drawn for them is theirs"
    else:
        head = f"**{e.chosen_by} has chosen their map end**"
    return f"{head}; each of you is told your own end by direct message."


def yours(state: GameState, end: str) -> str:
    """What a player of a blind game is told once the ends are settled: their own end and its
    stars, theirs to know from then on (R-BLIND-3, R-BLIND-30)."""
    home = state.map.home(end)
    return f"**You defend the {end} end**: your home stars are {listed(list(home.bases))}."


CHOOSE_ON = (
    "**The map**, to choose your end on: nobody's ships or Bases are on it yet, and once the game "
    "begins you see only what your own ships and stars show you."
)
"""The caption of a blind game's map sent to the chooser (R-BLIND-30)."""


def chosen_on_map(state: GameState) -> bool:
    """Whether the chooser of a blind game gets the map to choose on: only when the map is known
    (``blind: ships``; the ends of a hidden map are compass words, R-BLIND-30)."""
    return hidden(state) and stars_named(state)


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
