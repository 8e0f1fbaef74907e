"""The map ends, settled before the first turn (R-SCEN-2, R-SCEN-15 to R-SCEN-17).

A new game draws the turn order and, for every player whose end its creator did not fix, a map
end (game.new_game, with the game's own randomness, kept in ``GameState.ends_drawn``). Then the
player moving second chooses their own end, in games of any size: the game waits in its set-up
phase (``Phase.SETUP``), where nobody builds or moves. The others keep the ends drawn for them,
except the one drawn to the chosen end, who takes the chooser's drawn end instead; in a game of
two on a map of two ends the first player so gets the other end, as the texts say. When the
chooser's deadline passes first, they get the end drawn for them (the game master sends
``EndPhase`` with ``deadline_passed``). Once settled, the bases are placed and game-turn 1 begins.
"""

from __future__ import annotations

from engine.text import listed
from engine.warpwar import turns
from engine.warpwar.checks import before_the_ends, require_player
from engine.warpwar.commands import ChooseEnd, Concede, EndPhase
from engine.warpwar.events import EndsAssigned, EndsOffered
from engine.warpwar.state import GameState, Phase, PlayerState
from engine.warpwar.tx import Refusal, Tx


def free_ends(state: GameState) -> list[str]:
    """The ends the chooser may take, in map order: every end but those the creator fixed for
    players still in the game."""
    fixed = {p.home for p in state.players if p.home is not None and not p.out}
    return [h.end for h in state.map.homes if h.end not in fixed]


def chooser(state: GameState) -> PlayerState | None:
    """Who is choosing a map end now; None once the ends are settled."""
    return state.active_player if state.phase is Phase.SETUP and state.result is None else None


def begin(tx: Tx) -> None:
    """After the set-up: offer the choice to the player moving second, or, when there is nothing
    to choose (their end fixed, one end free), settle the ends and begin the first turn."""
    state = tx.state
    second = state.players[1] if len(state.players) > 1 else None
    free = free_ends(state)
    if second is not None and second.home is None and len(free) > 1:
        tx.emit(EndsOffered(second.name, tuple(free)))
    else:
        _settle(tx)


def choose_end(tx: Tx, cmd: ChooseEnd) -> None:
    state = tx.state
    require_player(state, cmd.player)
    _require_chooser(state, cmd.player)
    free = free_ends(state)
    wanted = cmd.end.strip().casefold()
    end = next((h.end for h in state.map.homes if h.end.casefold() == wanted), None)
    if end is None:
        raise Refusal(
            "unknown-end", f"{cmd.end.strip()[:20]!r} is not an end of this map: choose {listed(free, 'or')}."
        )
    if end not in free:
        holder = "taken" if state.blind else f"{next(p.name for p in state.players if p.home == end)}'s"
        raise Refusal("end-taken", f"The {end} end is {holder}: choose {listed(free, 'or')}.")
    _settle(tx, cmd.player, end)


def lapse(tx: Tx, cmd: EndPhase) -> None:
    """The chooser's deadline passed (R-SCEN-16): they get the end drawn for them at set-up.
    Without the deadline there is no phase to end: the end must be chosen."""
    state = tx.state
    require_player(state, cmd.player)
    if state.active_player.name != cmd.player:
        raise Refusal("choosing-ends", before_the_ends(state, cmd.player))
    if not cmd.deadline_passed:
        choices = listed(free_ends(state), "or")
        raise Refusal(
            "choose-end", f"Choose your map end first ({choices}): the game begins once it is chosen."
        )
    _settle(tx, cmd.player, state.ends_drawn[cmd.player], drawn=True)


def concede(tx: Tx, cmd: Concede) -> None:
    """A player gives up before the ends are settled (R-SCEN-17): if the game goes on and it was
    the chooser, nobody chooses: the ends drawn stand and the first turn begins."""
    require_player(tx.state, cmd.player)
    choosing = tx.state.active_player.name == cmd.player
    turns.remove_player(tx, cmd.player, "conceded")
    if turns.last_side_standing(tx):
        return
    if choosing:
        _settle(tx)


def _require_chooser(state: GameState, player: str) -> None:
    now = chooser(state)
    if now is None:
        raise Refusal(
            "ends-chosen", f"The map ends are chosen already: you defend the {state.player(player).home} end."
        )
    if now.name != player:
        raise Refusal("not-your-choice", f"{now.name} moves second and chooses the map end, not you.")


def _settle(tx: Tx, chosen_by: str | None = None, end: str | None = None, drawn: bool = False) -> None:
    """Every living player's end: fixed, chosen, or drawn (the one drawn to the chosen end takes
    the chooser's drawn end, R-SCEN-15); the bases are placed and game-turn 1 begins."""
    state = tx.state
    draw = dict(state.ends_drawn)
    if chosen_by is not None and end is not None:
        own = draw[chosen_by]
        for player, drawn_end in state.ends_drawn.items():
            if drawn_end == end and player != chosen_by:
                draw[player] = own
        draw[chosen_by] = end
    ends: dict[str, str] = {}
    for p in state.players:
        settled = p.home or draw.get(p.name)
        if not p.out and settled is not None:
            ends[p.name] = settled
    tx.emit(EndsAssigned(ends, chosen_by, drawn))
    turns.begin_first_turn(tx)
