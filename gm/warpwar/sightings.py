"""What a player of a blind game saw happen, in words: the change one event made to their
knowledge record (engine.warpwar.knowledge), told to them alone (R-BLIND-2/3).

Everything said here is read from the record after the event (or, for what left it, before):
nothing outside what the player saw can be told.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from engine.text import listed
from engine.warpwar.knowledge import Sighting, StarSighting
from engine.warpwar.starmap import HexMap
from engine.warpwar.state import GameState
from engine.warpwar.view import view_for


def seen(before: GameState, after: GameState, player: str, quiet: frozenset[str] = frozenset()) -> list[str]:
    """The lines telling ``player`` what they saw of one event (``before`` → ``after``); ships
    whose keys are in ``quiet`` going out of sight are not told (a battle's write-up tells it)."""
    old, new = before.knowledge.of(player), after.knowledge.of(player)
    if old == new:
        return []
    known = view_for(after, player).map

    def named(hex_name: str) -> str:
        return known.label(hex_name) if hex_name in known.hex_set else hex_name

    lines = [ship_line(s, named) for key, s in new.ships.items() if _news(old.ships.get(key), s)]
    for key, gone in old.ships.items():
        if key not in new.ships and key not in quiet and not after.player(gone.owner).out:
            lines.append(f"{gone.owner}'s {gone.label} is gone from {named(gone.hex)}.")
    lines.extend(
        line for name, star in new.stars.items() if (line := star_line(player, old.stars.get(name), star))
    )
    if new.hexes != old.hexes:
        lines.extend(_found(after, known, set(old.hexes), named))
    return lines


def _news(prior: Sighting | None, now: Sighting) -> bool:
    """Whether a sighting says something new: not a later game-turn only, nor a ship seen
    arriving now seen standing where it arrived."""
    if prior is None or prior.hex != now.hex:
        return True
    return now.moving and (prior.path, prior.towards) != (now.path, now.towards)


def ship_line(seen: Sighting, named: Callable[[str], str]) -> str:
    """``bob's W3 seen passing 1720 → Umma, going on towards 1721.`` (``named``: a hex as the
    player names it)."""
    ship = f"{seen.owner}'s {seen.label}"
    if not seen.moving:
        return f"{ship} seen at {named(seen.hex)}."
    path = " → ".join(named(h) for h in seen.path)
    onward = f", going on towards {named(seen.towards)}" if seen.towards is not None else ""
    if len(seen.path) > 1:
        return f"{ship} seen passing {path}{onward}."
    verb = "at" if seen.towards is not None else "arriving at"
    return f"{ship} seen {verb} {path}{onward}."


def star_line(player: str, prior: StarSighting | None, now: StarSighting) -> str | None:
    """A star's holder or Base seen to change, when another player has a part in it."""
    if prior is not None and replace(prior, turn=now.turn) == replace(now):
        return None
    others = {now.owner, now.base, *((prior.owner, prior.base) if prior else ())} - {None, player}
    if not others:
        return None
    return f"{now.star}: {star_state(now, player)}."


def star_state(seen: StarSighting, player: str) -> str:
    """``bob's Base (being built)``, ``held by bob``, ``nobody holds it``."""

    def whose(name: str) -> str:
        return "your" if name == player else f"{name}'s"

    if seen.base is not None:
        return f"{whose(seen.base)} Base" + ("" if seen.finished else " (being built)")
    if seen.owner is not None:
        return f"held by {'you' if seen.owner == player else seen.owner}"
    return "nobody holds it"


def _found(after: GameState, known: HexMap, before: set[str], named: Callable[[str], str]) -> list[str]:
    """With ``blind: map``: the stars found, with their values and where their warplines lead."""
    lines = []
    for star in known.stars:
        if star.hex in before:
            continue
        ends = sorted(named(h) for h in after.map.warp_destinations(star.hex))
        lines_to = f"; warplines lead to {listed(ends)}" if ends else "; no warpline"
        value = f", value {star.value}" if after.ruleset.value == "revised" else ""
        lines.append(f"Found {star.name} (hex {star.hex}{value}{lines_to}).")
    return lines
