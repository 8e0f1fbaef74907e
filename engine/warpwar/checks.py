"""Checks shared by the command handlers, each raising a Refusal in the player's terms."""

from __future__ import annotations

from engine.warpwar.ships import Ship
from engine.warpwar.state import GameState, Phase
from engine.warpwar.tx import Refusal


def require_player(state: GameState, player: str) -> None:
    if state.result is not None:
        raise Refusal("game-over", "The game is over.")
    if not state.has_player(player):
        raise Refusal("not-a-player", f"{player} is not playing in this game.")
    if state.player(player).out:
        raise Refusal("player-out", f"{player} is out of the game.")


def require_turn(state: GameState, player: str, *phases: Phase) -> None:
    """The player must be active and the turn in one of ``phases``."""
    require_player(state, player)
    active = state.active_player.name
    if state.phase is Phase.SETUP and Phase.SETUP not in phases:
        raise Refusal("choosing-ends", before_the_ends(state, player))
    if active != player:
        raise Refusal("not-your-turn", f"It is {active}'s turn, not {player}'s.")
    if state.phase not in phases:
        wanted = " or ".join(p.value for p in phases)
        raise Refusal(
            "wrong-phase", f"That is done in the {wanted} phase; this is the {state.phase.value} phase."
        )


def before_the_ends(state: GameState, player: str) -> str:
    """Why nothing is built or moved yet: the ends are being chosen (R-SCEN-16)."""
    chooser = state.active_player.name
    who = "Choose your map end first" if chooser == player else f"{chooser} is choosing a map end"
    return f"{who}: nothing is built or moved before the ends are chosen."


def own_ship(state: GameState, player: str, label: str) -> Ship:
    ship = state.ship(player, label.strip().upper())
    if ship is None:
        raise Refusal("unknown-ship", f"You have no ship called {label}.")
    return ship


def require_amount(amount: int, what: str, limit: int = 10_000) -> None:
    if amount <= 0:
        raise Refusal("bad-number", f"The amount of {what} must be at least 1.")
    if amount > limit:
        raise Refusal("bad-number", f"{amount} {what} is more than this game allows at once.")


def no_enemies(state: GameState, player: str, hex_name: str, doing: str) -> None:
    enemies = state.enemies_at(player, hex_name)
    if enemies:
        raise Refusal(
            "enemy-present",
            f"You cannot {doing} at {state.map.label(hex_name)} while enemy ships are there.",
        )
