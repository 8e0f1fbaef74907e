"""Reading what players type into engine commands: paths, designs, allocations, orders.

Each reader returns the command or a :class:`InputError` whose message says what to type
instead; the engine then judges whether the command is allowed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.text import listed
from engine.warpwar.commands import Command, Drop, Go, Move, PickUp, Step
from engine.warpwar.movement import Detour, cheapest_path, detour, forbidden_first_turn
from engine.warpwar.notation import parse_design
from engine.warpwar.order_notation import NotationError, parse_damage, parse_orders
from engine.warpwar.orders import DamageStep, Orders
from engine.warpwar.rulesets import Attr
from engine.warpwar.state import Blind, GameState
from engine.warpwar.view import hidden, view_for
from gm import validate

NAME_LIMIT = 40
"""No star, hex or ship name is longer."""
MAX_TEXT = 2000
"""Longer input is refused before it is read: no order or path needs that much."""


class InputError(ValueError):
    """What a player typed cannot be read; the message says how to write it, ``code`` names why."""

    def __init__(self, message: str, code: str = "bad-input") -> None:
        super().__init__(message)
        self.code = code


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


@dataclass(frozen=True)
class Explained:
    """A command and a word for the player about how it was read (why a `to:` route goes round)."""

    command: Command
    note: str


def ship(state: GameState, player: str, text: str) -> str:
    """The label of the acting player's ship named by ``text``: its label (``W1``), its name
    (``Reliant``) or both (``W1 Reliant``), R-BUILD-7. Only the player's own ships are searched,
    so no name of anyone else's ever shows. A name two of them share is refused, naming them;
    anything else is passed on as typed, for the engine to say there is no such ship."""
    found = ship_named(state, player, word(text, "ship"))
    return found if found is not None else text


def ship_named(state: GameState, player: str, text: str) -> str | None:
    """The label of the acting player's own ship that ``text`` names, as :func:`ship` reads it;
    None if it names none of them (a name longer than any is none). Combat orders begin with
    one (order_notation.ShipNamer)."""
    typed = text.strip()
    if len(typed) > NAME_LIMIT:
        return None
    if state.ship(player, typed.upper()) is not None:
        return typed.upper()
    wanted = typed.casefold()
    named = [
        s
        for s in state.ships_of(player)
        if s.name and wanted in (s.name.casefold(), s.display_name.casefold())
    ]
    if len(named) > 1:
        labels = listed([s.label for s in named])
        raise InputError(
            f"{len(named)} of your ships are called {named[0].name}: {labels}. Say which by its label.",
            "ambiguous-ship",
        )
    return named[0].label if named else None


def path_steps(
    state: GameState, player: str, label: str, path: str | None, to: str | None, drop: str | None = None
) -> Move | Explained:
    """A move order from a path (``Umma Girsu 2017``, arrows and commas allowed) or a destination,
    with the Systemships to drop on arrival (``drop``: ``S10 S11``, R-BLIND-5).

    A path may begin with the star the ship is at (``Ur Umma Girsu`` from Ur), as players
    often write a route; a destination reached by going round stars the ship would have to stop
    at says why it goes round. Places and routes are read in what the player knows of the map
    and sees of the enemy (engine.warpwar.view): in a blind game a route goes round only what
    they see, and over the map they have found."""
    seen = view_for(state, player)
    own = state.ship(player, label.strip().upper())
    here = state.position(own) if own is not None else None
    drops = tuple(d for d in re.split(r"[\s,]+", _bounded(drop or "", "drop")) if d)
    if path:
        places = [p for p in re.split(r"[\s,>→-]+", _bounded(path, "path")) if p]
        if here is not None and places and seen.map.resolve(places[0][:NAME_LIMIT]) == here:
            places = places[1:]
            if not places:
                raise InputError(_already(seen, label, here))
        steps: list[Step] = []
        for place in places:
            verb, _, carried = place.partition(":")
            if verb.lower() in ("pickup", "pick") and carried:
                steps.append(PickUp(carried))
            elif verb.lower() == "drop" and carried:
                steps.append(Drop(carried))
            else:
                steps.append(Go(place))
        return Move(player, label, tuple(steps), drops)
    if to:
        goal = seen.map.resolve(word(to, "place"))
        if here is None or goal is None:
            return Move(player, label, (Go(to),), drops)  # the engine says what is wrong
        if goal == here:
            raise InputError(_already(seen, label, here))
        if goal in forbidden_first_turn(seen, player):
            raise InputError(
                f"No ship may enter an enemy base star in the first turn ({seen.map.label(goal)})."
            )
        route = cheapest_path(seen, player, here, goal)
        why = detour(seen, player, here, goal)
        if route is None:
            reason = f" {_why_round(seen, player, why)}." if why else ""
            known = " that you know of" if seen.map is not state.map else ""
            raise InputError(
                f"No route{known} leads from {seen.map.label(here)} to {seen.map.label(goal)}.{reason}"
            )
        move = Move(player, label, tuple(Go(h) for h in route), drops)
        if why is None or why.around is None:
            return move
        return Explained(
            move, f"{_why_round(seen, player, why)}: {why.direct} MP; going round takes {why.around}."
        )
    raise InputError(f"Say where to go: a path like `{path_example(state)}`, or a destination.")


def path_example(state: GameState) -> str:
    """A path to show a player as an example: star names, or hex numbers when the map is hidden
    (names of stars a player has not found are not theirs to read, R-BLIND-3)."""
    return "1720 1721" if state.options.blind is Blind.MAP and hidden(state) else "Umma Girsu"


ALLOCATION_EXAMPLE = "Ur=10 Mosul=5"
"""The rulebook's split of starting BP, shown when a player's own bases cannot be named."""


def allocation_example(state: GameState, player: str) -> str:
    """A split of starting BP to show a player: their own bases, the middle one first (the
    rulebook's example before their map end is settled)."""
    end = state.player(player).home
    if end is None:
        return ALLOCATION_EXAMPLE
    home = state.map.home(end)
    stars = [home.middle, *(b for b in home.bases if b != home.middle)]
    return " ".join(f"{star}={amount}" for star, amount in zip(stars, (10, 5), strict=False))


def _already(state: GameState, label: str, here: str) -> str:
    return (
        f"{label.strip().upper()} is already at {state.map.label(here)}: say where it should go from there."
    )


def _why_round(state: GameState, player: str, why: Detour) -> str:
    """What blocks the direct route, in what the mover sees on the map: whose ships are at the
    star (carried Systemships are hidden in their racks), or the first turn's closed bases."""
    where = state.map.label(why.blocked)
    if why.first_turn:
        return f"The direct route passes {where}, an enemy base no ship may enter in the first turn"
    seen = [s for s in state.enemies_at(player, why.blocked) if s.carried_by is None]
    owners = [f"{o}'s" for o in sorted({s.owner for s in seen})]
    whose = f"{listed(owners)} ship is" if len(seen) == 1 else f"{listed(owners)} ships are"
    return f"The direct route stops at {where}, where {whose}"


def allocation(text: str, example: str = ALLOCATION_EXAMPLE) -> dict[str, int]:
    """``Ur=10 Mosul=5``: BP per base star (``example`` is shown when it cannot be read)."""
    found: dict[str, int] = {}
    for part in re.split(r"[\s,]+", _bounded(text, "allocation")):
        if not part:
            continue
        star, eq, amount = part.partition("=")
        if not eq or not amount.isascii() or not amount.isdigit():
            raise InputError(f"Cannot read {part[:NAME_LIMIT]!r}: write it like {example}.")
        try:
            found[word(star, "star")] = validate.whole(amount, f"The BP for {star[:NAME_LIMIT]}")
        except validate.TextError as invalid:
            raise InputError(str(invalid), invalid.code) from None
    return found


def orders(text: str, state: GameState, player: str) -> tuple[Orders, ...]:
    """Combat orders as ``player`` typed them: each ship by its label or by its name (R-BUILD-7)."""
    try:
        bounded = _bounded(text, "order")
        return parse_orders(bounded, lambda words: ship_named(state, player, words)) if bounded else ()
    except NotationError as error:
        raise InputError(f"Cannot read the orders: {error}") from None


def damage(text: str) -> tuple[DamageStep, ...]:
    try:
        return parse_damage(_bounded(text, "priority")) if text.strip() else ()
    except NotationError as error:
        raise InputError(f"Cannot read the damage priority: {error}") from None
