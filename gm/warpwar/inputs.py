"""Reading what players type into engine commands: paths, designs, allocations, orders.

Each reader returns the command or a :class:`InputError` whose message says what to type
instead; the engine then judges whether the command is allowed.
"""

from __future__ import annotations

import re

from engine.warpwar.commands import Drop, Go, Move, PickUp, Step
from engine.warpwar.movement import cheapest_path, forbidden_first_turn
from engine.warpwar.notation import parse_design
from engine.warpwar.order_notation import NotationError, parse_damage, parse_orders
from engine.warpwar.orders import DamageStep, Orders
from engine.warpwar.rulesets import Attr
from engine.warpwar.state import GameState

NAME_LIMIT = 40
"""No star, hex or ship name is longer."""
MAX_TEXT = 2000
"""Longer input is refused before it is read: no order or path needs that much."""


class InputError(ValueError):
    """What a player typed cannot be read; the message says how to write it."""


def _bounded(text: str, what: str) -> str:
    if len(text) > MAX_TEXT:
        raise InputError(f"That {what} is too long ({len(text)} characters; at most {MAX_TEXT}).")
    return text.strip()


def design(text: str) -> dict[Attr, int]:
    bounded = _bounded(text, "design")
    try:
        return parse_design(bounded)
    except ValueError as error:
        raise InputError(f"Cannot read the design: {error}.") from None


def word(text: str, what: str) -> str:
    """A star, hex or ship as typed: refused if longer than any name is, so no refusal ever
    repeats a page of text back."""
    if len(text.strip()) > NAME_LIMIT:
        raise InputError(f"That is not a {what}: no {what} has a name {len(text.strip())} characters long.")
    return text


def path_steps(state: GameState, player: str, ship: str, path: str | None, to: str | None) -> Move:
    """A move order from a path (``Umma Girsu 2017``, arrows and commas allowed) or a destination."""
    if path:
        places = [p for p in re.split(r"[\s,>→-]+", _bounded(path, "path")) if p]
        steps: list[Step] = []
        for place in places:
            verb, _, label = place.partition(":")
            if verb.lower() in ("pickup", "pick") and label:
                steps.append(PickUp(label))
            elif verb.lower() == "drop" and label:
                steps.append(Drop(label))
            else:
                steps.append(Go(place))
        return Move(player, ship, tuple(steps))
    if to:
        own = state.ship(player, ship.strip().upper())
        goal = state.map.resolve(word(to, "place"))
        if own is None or goal is None:
            return Move(player, ship, (Go(to),))  # the engine says what is wrong
        if goal in forbidden_first_turn(state, player):
            raise InputError(
                f"No ship may enter an enemy base star in the first turn ({state.map.label(goal)})."
            )
        route = cheapest_path(state, player, state.position(own), goal)
        if route is None:
            where = state.map.label(state.position(own))
            raise InputError(f"No route leads from {where} to {state.map.label(goal)}.")
        return Move(player, ship, tuple(Go(h) for h in route))
    raise InputError("Say where to go: a path like `Umma Girsu 2017`, or a destination.")


def allocation(text: str) -> dict[str, int]:
    """``Ur=10 Mosul=5``: BP per base star."""
    found: dict[str, int] = {}
    for part in re.split(r"[\s,]+", _bounded(text, "allocation")):
        if not part:
            continue
        star, eq, amount = part.partition("=")
        if not eq or not amount.isdigit():
            raise InputError(f"Cannot read {part!r}: write it like Ur=10 Mosul=5.")
        found[star] = int(amount)
    return found


def orders(text: str) -> tuple[Orders, ...]:
    try:
        return parse_orders(_bounded(text, "order")) if text.strip() else ()
    except NotationError as error:
        raise InputError(f"Cannot read the orders: {error}") from None


def damage(text: str) -> tuple[DamageStep, ...]:
    try:
        return parse_damage(_bounded(text, "priority")) if text.strip() else ()
    except NotationError as error:
        raise InputError(f"Cannot read the damage priority: {error}") from None
