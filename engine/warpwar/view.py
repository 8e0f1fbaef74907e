"""The game as one player of a blind game knows it: what every view of theirs is drawn from.

:func:`view_for` is a state holding only what the player may know (R-BLIND-1..3): their own
ships, Bases and Build Points in full; other players' ships where the player watches now, as
counters (a label and an owner, no record); stars and Bases as last seen; with ``blind: map``
only the hexes, stars and warplines found. Texts, pictures, choices and routes read it, so
what they say cannot go beyond the record. :func:`last_seen` lists the ships seen earlier
and not in sight now, each with where and when (``W3@bob, Kish, turn 5``).

An open game, and any game once it is over, is seen whole: its views hide records and Build
Points as they always have. A game can end outside its rules (abandoned: the game master knows,
the state does not): its callers say so with ``ended`` (R-WIN-4, R-BLIND-19).
"""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar.hexgrid import is_hex_id
from engine.warpwar.knowledge import Knowledge, PlayerKnowledge, Sighting
from engine.warpwar.rulesets import BASE_COST, Attr
from engine.warpwar.ships import Ship
from engine.warpwar.sight import standing, watched
from engine.warpwar.starmap import HexMap
from engine.warpwar.state import Base, Battle, Blind, GameState, Ownership, PlayerState, TurnState


def hidden(state: GameState, ended: bool = False) -> bool:
    """Whether players of this game see only part of it now: a blind game not yet over (won, or
    ``ended`` otherwise: abandoned)."""
    return state.blind and state.result is None and not ended


def view_for(state: GameState, player: str | None, ended: bool = False) -> GameState:
    """The game as ``player`` knows it; None: as the game's channel knows it (R-BLIND-4: no
    ship, no Base, no star held, and with ``blind: map`` no map). Whole once it has ended."""
    if not hidden(state, ended):
        return state
    record = state.knowledge.of(player) if player is not None else PlayerKnowledge()
    now = watched(state, player) if player is not None else frozenset()
    known_map = _known_map(state, record, now)
    mine = {k: s for k, s in state.ships.items() if s.owner == player}
    seen = {k: counter(s) for k, s in standing(state, player or "", now).items()} if player else {}
    bases, owners = _stars(state, player, record, now, known_map)
    return replace(
        state,
        map=known_map,
        players=tuple(p if p.name == player else _stranger(p) for p in state.players),
        ships={**mine, **seen},
        bases=bases,
        owners=owners,
        turn=_turn(state, player),
        standing={k: o for k, o in state.standing.items() if k in mine},
        priorities={k: p for k, p in state.priorities.items() if k in mine},
        retired=(),
        ends_drawn={},
        knowledge=Knowledge({player: record} if player is not None else {}),
    )


def last_seen(state: GameState, player: str, ended: bool = False) -> list[Sighting]:
    """Other players' ships the player saw and does not see now, by owner and label."""
    if not hidden(state, ended):
        return []
    now = standing(state, player, watched(state, player))
    found = [s for key, s in state.knowledge.of(player).ships.items() if key not in now]
    return sorted(found, key=lambda s: (s.owner, s.label[0] != "W", int(s.label[1:])))


def leads(state: GameState, player: str, ended: bool = False) -> tuple[tuple[str, str], ...]:
    """With ``blind: map``, the warplines the player knows from one end only, as hex pairs (the
    known star's hex first): a warpline from a star found is known, the star at its other end
    is not until a ship enters it (R-BLIND-3)."""
    if not hidden(state, ended) or state.options.blind is not Blind.MAP:
        return ()
    known = set(view_for(state, player).map.hex_set)
    found = []
    for a, b in state.map.warplines:
        ha, hb = state.map.star(a).hex, state.map.star(b).hex
        if (ha in known) != (hb in known):
            found.append((ha, hb) if ha in known else (hb, ha))
    return tuple(found)


def place_label(state: GameState, player: str | None, hex_name: str) -> str:
    """How ``player`` names a hex: a star's name if they know the star, else its number."""
    known = view_for(state, player).map if player is not None else state.map
    return known.label(hex_name) if hex_name in known.hex_set else hex_name


def no_such(view: GameState, place: str, what: str = "star") -> str:
    """Why ``place`` is refused, in what the player may know (``view`` is their view): with the
    map hidden, a place they have not found is one they know nothing of, there or not."""
    if view.options.blind is not Blind.MAP or view.result is not None:
        return view.map.no_such(place, what)
    close = None if is_hex_id(place.strip()) else view.map.closest_star(place)
    hint = f" Did you mean {close}?" if close else ""
    return f"You know of no {what} called {place}.{hint}"


def counter(ship: Ship) -> Ship:
    """Another player's ship as a watcher sees it: a counter with a label, in its owner's
    colour; a W is a Warpship. Its record, name, cargo and racks stay hidden."""
    warp = {Attr.WG: 1} if ship.label.startswith("W") else {}
    return Ship(ship.owner, ship.label, 0, warp, dict(warp), ship.hex, 0)


def _known_map(state: GameState, record: PlayerKnowledge, now: frozenset[str]) -> HexMap:
    """The map as far as it is known: all of it, unless it is hidden (R-BLIND-3)."""
    if state.options.blind is not Blind.MAP:
        return state.map
    known = set(record.hexes) | now
    stars = tuple(s for s in state.map.stars if s.hex in known)
    names = {s.name for s in stars}
    return HexMap(
        name=state.map.name,
        hexes=tuple(h for h in state.map.hexes if h in known),
        stars=stars,
        warplines=tuple((a, b) for a, b in state.map.warplines if a in names and b in names),
        homes=tuple(h for h in state.map.homes if set(h.bases) <= names),
    )


def _stars(
    state: GameState, player: str | None, record: PlayerKnowledge, now: frozenset[str], known: HexMap
) -> tuple[dict[str, Base], dict[str, Ownership]]:
    """Bases and held stars: the player's own, those in sight now as they are, the rest as
    last seen. Another player's Base shows no Build Points."""
    bases: dict[str, Base] = {}
    owners: dict[str, Ownership] = {}
    for name, seen in record.stars.items():
        if seen.base is not None:
            bases[name] = Base(name, seen.base, BASE_COST if seen.finished else 0)
        if seen.owner is not None:
            owners[name] = Ownership(seen.owner, 0)
    for star in known.stars:
        base, held = state.bases.get(star.name), state.owners.get(star.name)
        if star.hex in now or (base is not None and base.owner == player):
            bases.pop(star.name, None)
            owners.pop(star.name, None)
            if base is not None:
                bases[star.name] = base if base.owner == player else _outline(base)
            if held is not None:
                owners[star.name] = held if held.player == player else Ownership(held.player, 0)
    return bases, owners


def _outline(base: Base) -> Base:
    """Another player's Base as it is seen: whose, and whether finished; no Build Points."""
    return Base(base.star, base.owner, BASE_COST if base.finished else 0)


def _stranger(player: PlayerState) -> PlayerState:
    """Another player as a blind game's player knows them: a name, an alliance, whether out;
    not their map end (R-BLIND-11)."""
    return PlayerState(player.name, None, player.alliance, out=player.out)


def _turn(state: GameState, player: str | None) -> TurnState:
    """The player-turn as ``player`` knows it: the moving player's own tallies are theirs, and
    of the battles only those they fight in, with only their own orders."""
    battles = tuple(_battle(b, player) for b in state.turn.battles if player in fighters(state, b.star))
    if player is not None and state.active_player.name == player:
        return replace(state.turn, battles=battles)
    return TurnState(battles=battles)


def fighters(state: GameState, star: str) -> set[str]:
    """The players with ships fighting at ``star``: those not riding in a rack (R-CBT-18)."""
    return {s.owner for s in state.ships_at(star) if s.carried_by is None}


def _battle(battle: Battle, player: str | None) -> Battle:
    orders = {p: o for p, o in battle.orders.items() if p == player}
    return replace(battle, orders=orders)
