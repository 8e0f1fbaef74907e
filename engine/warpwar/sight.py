"""What a player of a blind game sees, and how their record follows every event (R-BLIND-2/3).

A player watches the hexes where one of their ships is and the stars they hold (R-BLIND-2).
While an event happens they also watch the hexes their own moving ship passes, so everything
on a hex a ship of theirs enters or passes is seen, and so is every ship that enters, passes
or leaves a watched hex. :func:`observe` writes what was seen into the record
(engine.warpwar.knowledge): it runs after every event (engine.warpwar.events), so a replay
rebuilds the record exactly. An open game keeps no record.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from engine.records import replace
from engine.warpwar.knowledge import Knowledge, PlayerKnowledge, Sighting, StarSighting
from engine.warpwar.ships import Ship
from engine.warpwar.state import Blind, GameState


@dataclass(frozen=True)
class Movement:
    """A ship going from hex to hex in one event: where it stood, then every hex it entered."""

    owner: str
    label: str
    hexes: tuple[str, ...]

    @property
    def key(self) -> str:
        return f"{self.owner}:{self.label}"


def watched(state: GameState, player: str) -> frozenset[str]:
    """R-BLIND-2: the hexes with one of ``player``'s ships, and the stars they hold."""
    hexes = {state.position(s) for s in state.ships.values() if s.owner == player}
    hexes.update(s.hex for s in state.map.stars if state.star_owner(s.name) == player)
    return frozenset(hexes)


def standing(state: GameState, player: str, hexes: Iterable[str]) -> dict[str, Ship]:
    """Other players' ships on ``hexes`` that a watcher sees: not those riding in a rack
    (R-CBT-22), by ship key."""
    where = frozenset(hexes)
    return {
        s.key: s for s in state.ships.values() if s.owner != player and s.hex is not None and s.hex in where
    }


def knows_hex(state: GameState, player: str, hex_name: str) -> bool:
    """Whether ``player`` knows the hex is there: always, unless the map is hidden (R-BLIND-3)."""
    if state.options.blind is not Blind.MAP or state.result is not None:
        return True
    return hex_name in state.knowledge.of(player).hexes or hex_name in watched(state, player)


def observe(before: GameState | None, after: GameState, moves: Sequence[Movement]) -> GameState:
    """``after`` with every player's record updated by what they saw of the event that led to
    it from ``before`` (None: the game was just created). An open game, or one that is over
    (everything is revealed then), keeps its record as it is."""
    if not after.blind or after.result is not None:
        return after
    record = after.knowledge
    same_phase = before is not None and (before.turn_serial, before.phase) == (after.turn_serial, after.phase)
    fresh = set(record.fresh) if same_phase else set()
    players = dict(record.players)
    for p in after.players:
        if p.out:
            continue
        old = record.of(p.name)
        new = _seen(before, after, p.name, moves, old, _home_stars(before, after, p.name))
        if new != old:
            players[p.name] = new
        if before is not None and (new != old or _own(before, p.name) != _own(after, p.name)):
            fresh.add(p.name)
    order = tuple(p.name for p in after.players if p.name in fresh)
    return replace(after, knowledge=Knowledge(players, order))


def _home_stars(before: GameState | None, after: GameState, player: str) -> frozenset[str]:
    """A player's home stars at the moment their map end becomes theirs (as the game begins,
    or once the ends are chosen): known from then on (R-BLIND-3, R-BLIND-11)."""
    end = after.player(player).home
    if not end or (before is not None and before.player(player).home == end):
        return frozenset()
    home = next((h for h in after.map.homes if h.end == end), None)
    return frozenset(after.map.star(name).hex for name in home.bases) if home is not None else frozenset()


def _seen(
    before: GameState | None,
    after: GameState,
    player: str,
    moves: Sequence[Movement],
    old: PlayerKnowledge,
    home: frozenset[str],
) -> PlayerKnowledge:
    """One player's record after one event; ``home``: their home stars if they became theirs
    with it (R-BLIND-3)."""
    now = watched(after, player)
    then = watched(before, player) if before is not None else frozenset()
    passed = {h for m in moves if m.owner == player for h in m.hexes}
    watch = now | then | passed | home
    ships = _ships(before, after, player, moves, watch, now, then, old.ships)
    stars = _stars(after, watch, now, old.stars)
    hexes = old.hexes
    if after.options.blind is Blind.MAP:
        found = {h for h in watch if h in after.map.hex_set}
        if not found <= set(hexes):
            hexes = tuple(sorted(found.union(hexes)))
    return PlayerKnowledge(ships, stars, hexes)


def _ships(
    before: GameState | None,
    after: GameState,
    player: str,
    moves: Sequence[Movement],
    watch: frozenset[str],
    now: frozenset[str],
    then: frozenset[str],
    old: dict[str, Sighting],
) -> dict[str, Sighting]:
    """Other players' ships as last seen, after one event."""
    turn = after.game_turn
    ships = dict(old)
    moving = {m.key: m for m in moves if m.owner != player}
    for key, move in moving.items():
        seen = [i for i, h in enumerate(move.hexes) if h in watch]
        ship = after.ships.get(key)
        if seen and ship is not None and ship.hex is not None:
            last = seen[-1]
            towards = move.hexes[last + 1] if last + 1 < len(move.hexes) else None
            path = tuple(move.hexes[i] for i in seen)
            ships[key] = Sighting(ship.owner, ship.label, move.hexes[last], turn, path, towards)
    visible = standing(after, player, now)
    seen_now = standing(after, player, watch)
    for key, ship in seen_now.items():
        prior = ships.get(key)
        if key in moving or (prior is not None and prior.hex == ship.hex and key in visible):
            continue
        if prior != Sighting(ship.owner, ship.label, str(ship.hex), turn):
            ships[key] = Sighting(ship.owner, ship.label, str(ship.hex), turn)
    if before is None:
        return ships
    for key, ship in standing(before, player, then).items():
        prior = ships.get(key)
        if key not in moving and key not in seen_now and key in after.ships and prior is not None:
            # Taken into a rack while watched: last seen now, where it stood.
            ships[key] = replace(prior, hex=str(ship.hex), turn=turn, path=(), towards=None)
    for key in list(ships):
        gone = before.ships.get(key) if key not in after.ships else None
        if (gone is not None and before.position(gone) in watch) or after.player(ships[key].owner).out:
            del ships[key]
    return ships


def _stars(
    after: GameState, watch: frozenset[str], now: frozenset[str], old: dict[str, StarSighting]
) -> dict[str, StarSighting]:
    """Stars as last seen, after one event: their holder and Base."""
    turn = after.game_turn
    stars = dict(old)
    for hex_name in watch:
        star = after.map.star_at(hex_name)
        if star is None:
            continue
        base = after.bases.get(star.name)
        seen = StarSighting(
            star.name,
            turn,
            after.star_owner(star.name),
            base.owner if base is not None else None,
            base.finished if base is not None else True,
        )
        prior = stars.get(star.name)
        unchanged = prior is not None and replace(prior, turn=turn) == seen
        if unchanged and prior is not None and (hex_name in now or prior.turn == turn):
            continue
        stars[star.name] = seen
    out = {p.name for p in after.players if p.out}
    for name, seen in list(stars.items()):
        if seen.owner in out or seen.base in out:
            # Everyone hears that a player is out: their Bases and stars went with them.
            stars[name] = replace(
                seen,
                owner=None if seen.owner in out else seen.owner,
                base=None if seen.base in out else seen.base,
            )
    return stars


def _own(state: GameState, player: str) -> frozenset[tuple[object, ...]]:
    """What a player sees of their own: ships (where, their record now), Bases and stars."""
    ships = {
        (s.key, state.position(s), tuple(sorted(s.current.items())), s.carrying)
        for s in state.ships.values()
        if s.owner == player
    }
    bases = {("base", b.star, b.finished) for b in state.bases.values() if b.owner == player}
    held = {("star", name) for name, o in state.owners.items() if o.player == player}
    return frozenset(ships | bases | held)
