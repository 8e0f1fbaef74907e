"""What a player's autocomplete may offer: their own ships, the stars and hexes they know, the
enemy ships of their battles. Front ends (cogs/warpwar/choices.py) only filter these lists by
what was typed; every one is read from the player's view (engine.warpwar.view), so in a blind
game nothing offered goes beyond what the player knows (R-BLIND-1..3).

Each choice is a pair: what the list shows, and the value it puts in the command.
"""

from __future__ import annotations

from engine.warpwar.ends import chooser, free_ends
from engine.warpwar.order_checks import combatants
from engine.warpwar.state import GameState
from engine.warpwar.view import view_for
from gm.warpwar.ends import label
from gm.warpwar.inputs import ship_named

Choice = tuple[str, str]


def ships(state: GameState, player: str) -> list[Choice]:
    """The player's own ships: ``W1 Reliant at Kish``."""
    return [
        (f"{s.label}{f' {s.name}' if s.name else ''} at {state.map.label(state.position(s))}", s.label)
        for s in state.ships_of(player)
    ]


def stars(state: GameState, player: str | None) -> list[Choice]:
    """The stars the player knows (all of them unless the map is hidden), their own bases first."""
    seen = view_for(state, player)
    bases = {b.star for b in state.bases_of(player)} if player else set()
    found = sorted(seen.map.stars, key=lambda s: (s.name not in bases, s.name))
    return [(f"{s.name}{' (your base)' if s.name in bases else ''}", s.name) for s in found]


def aboard(state: GameState, player: str, carrier: str) -> list[Choice]:
    """The player's Systemships riding in the racks of ``carrier`` (their ship's label or name),
    to drop on arrival; in every rack when ``carrier`` names none of their ships."""
    label = ship_named(state, player, carrier) if carrier else None
    carriers = [s for s in state.ships_of(player) if s.carrying and (label is None or s.label == label)]
    return [(f"{c} aboard {s.label}", c) for s in carriers for c in s.carrying]


def places(state: GameState, player: str | None, last: str) -> list[str]:
    """Stars, or hex numbers beginning with ``last`` when it is a number, that the player knows:
    the next word of a path."""
    known = view_for(state, player).map
    found = [s.name for s in known.stars]
    if last.isdigit():
        found += [h for h in known.hexes if h.startswith(last)]
    return found


def targets(state: GameState, player: str, star: str) -> list[str]:
    """The enemy ships fighting the player at ``star``, as orders name them: a bare label
    unless two share it (``W1@bob``). None outside a battle the player fights in."""
    ships = combatants(state, star)
    if not any(s.owner == player for s in ships):
        return []
    enemies = [s for s in ships if not state.allied(player, s.owner)]
    labels = [s.label for s in enemies]
    return [s.label if labels.count(s.label) == 1 else f"{s.label}@{s.owner}" for s in enemies]


def ends(state: GameState) -> list[Choice]:
    """The map ends free to choose while the ends are being chosen, each named as the buttons
    name it (only its compass word in a blind game, gm.warpwar.ends)."""
    if chooser(state) is None:
        return []
    return [(label(state, end), end) for end in free_ends(state)]
