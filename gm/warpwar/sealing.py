"""Sealed orders as their player reads them: what is held, and what the ships left out will do.

A player may send orders ship by ship; ships without orders fight on their standing orders or
the default ones (R-CBT-12/17). Before anything is sealed the player is told exactly which,
so nobody fights half a fleet on defaults unawares. The engine decides (``round_orders``);
this module only words it, for the receipt, the situation and the orders board alike.
"""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar.battles import round_orders
from engine.warpwar.order_checks import combatants
from engine.warpwar.order_notation import format_order
from engine.warpwar.orders import Orders
from engine.warpwar.state import GameState

DEFAULT = "default orders (Dodge, screens up, the rest to drive)"


def left_out(state: GameState, star: str, player: str, orders: tuple[Orders, ...]) -> list[str]:
    """One line per ship of ``player`` that ``orders`` leave out, saying what it will do instead."""
    battle = state.battle(star)
    if battle is None:
        return []
    named = {o.ship for o in orders}
    mine = [s for s in combatants(state, star) if s.owner == player and s.label not in named]
    if not mine:
        return []
    fallback, standing, _ = round_orders(state, replace(battle, orders={**battle.orders, player: orders}))
    lines = []
    for ship in mine:
        how = "its standing orders" if ship.key in standing else DEFAULT
        lines.append(
            f"• {ship.label} has no orders: it fights on {how}, `{format_order(fallback[ship.key])}`."
        )
    return lines


def receipt(state: GameState, star: str, player: str) -> str:
    """What ``player`` has sent for the round at ``star`` now, sealed or waiting for confirmation."""
    battle = state.battle(star)
    if battle is None:
        return ""
    where = state.map.label(star)
    held = battle.orders.get(player, ())
    shown = "\n".join(format_order(o) for o in held) if held else "(no orders)"
    missing = left_out(state, star, player, held)
    if battle.sealed(player):
        head = f"Your orders for round {battle.round} at {where} are sealed:"
        return "\n".join([head, f"```\n{shown}\n```", *missing])
    head = f"Your orders for round {battle.round} at {where} are held, **not sealed yet**:"
    ask = "Confirm to seal them as they are, or send orders for " + (
        "that ship." if len(missing) == 1 else "those ships."
    )
    return "\n".join([head, f"```\n{shown}\n```", *missing, ask])


def how_to_confirm(state: GameState, star: str) -> str:
    """How a player confirms orders held at ``star``, in both front ends (letters, reminders)."""
    return (
        "**Confirm** on your orders board (the buttons under the round's message, or /orders), or "
        f"in the console `/orders star:{state.map.label(star)} confirm:yes`"
    )
